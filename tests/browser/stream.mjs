// A real browser keeps a game's stream, with no recovery code on its page.
//
// Starts the server (a given binary, a fresh SQLite database, a free port), serves a page from a
// second origin that only does `new EventSource(url)` with the URL a stream ticket gave, and
// plays a game over HTTP from here. On the way the server is restarted (stopped and started
// again on the same port and database) and then runs with a one-message stream buffer and no
// grace, so it cuts the browser as a slow reader again and again. The page must end with every
// event of the game exactly once, in order, without a console error, and after the game's last
// event the browser must ask once more (answered 204) and then never again.
//
// Usage: node stream.mjs SERVER_BINARY
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

const binary = process.argv[2];
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
const WAIT_MS = 60_000;
// The browser reconnects this long after a cut, as the server's `retry:` tells it: first across
// the restart, then after each slow-reader cut.
const FIRST_RETRY_MS = 5_000;
const RETRY_MS = 300;
// Quiet time after the end in which the browser must not ask again (many times `retry:`).
const QUIET_MS = 10 * RETRY_MS + 2_000;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, probe, timeoutMs = WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function freePort() {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/** One server process on `port` and `dir`; its output is kept in `dir`. */
class Server {
  constructor(port, dir, pageOrigin) {
    this.port = port;
    this.dir = dir;
    this.pageOrigin = pageOrigin;
    this.base = `http://127.0.0.1:${port}`;
    this.starts = 0;
  }

  async start(extraEnv = {}) {
    this.starts++;
    const log = fs.openSync(path.join(this.dir, `server-${this.starts}.log`), "w");
    this.child = spawn(binary, [], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(this.port),
        DATA_DIR: this.dir,
        DATABASE_URL: path.join(this.dir, "cardtable.sqlite3"),
        CORS_ORIGINS: this.pageOrigin,
        RATE_LIMIT_AUTH_PER_MINUTE: "0",
        RATE_LIMIT_GAMES_PER_MINUTE: "0",
        RATE_LIMIT_MOVES_PER_MINUTE: "0",
        RUST_LOG: "info",
        NO_COLOR: "1",
        ...extraEnv,
      },
      stdio: ["ignore", log, log],
    });
    this.exited = once(this.child, "exit");
    await until("the server to answer /healthz", async () => {
      check(this.child.exitCode === null, `the server exited: ${this.log()}`);
      try {
        return (await fetch(`${this.base}/healthz`)).ok;
      } catch {
        return false;
      }
    });
  }

  /** SIGTERM, as a deploy restarts a server; resolves once the process is gone. */
  async stop() {
    this.child.kill("SIGTERM");
    await this.exited;
  }

  log() {
    let text = "";
    for (let start = 1; start <= this.starts; start++) {
      const file = path.join(this.dir, `server-${start}.log`);
      if (fs.existsSync(file)) text += fs.readFileSync(file, "utf8");
    }
    return text;
  }
}

/** A logged-in account, calling the API as a script would. */
class Player {
  constructor(server, token) {
    this.server = server;
    this.token = token;
  }

  async call(method, route, body) {
    const response = await fetch(`${this.server.base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async expect(status, method, route, body) {
    const reply = await this.call(method, route, body);
    check(reply.status === status, `${method} ${route}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
}

async function signUp(server, name) {
  const body = JSON.stringify({ username: name, password: `secret-${name}-password` });
  const headers = { "content-type": "application/json" };
  const registered = await fetch(`${server.base}/v1/accounts`, { method: "POST", headers, body });
  check(registered.status === 201, `register ${name}: ${registered.status}`);
  const session = await fetch(`${server.base}/v1/sessions`, { method: "POST", headers, body });
  check(session.status === 201, `log in ${name}: ${session.status}`);
  return new Player(server, (await session.json()).access_token);
}

/** Every event type of every game, from the contract the server serves. */
async function eventTypes(server) {
  const contract = await (await fetch(`${server.base}/openapi.json`)).json();
  const types = new Set();
  for (const [name, schema] of Object.entries(contract.components.schemas)) {
    if (!name.endsWith("Event") || name.startsWith("Account")) continue;
    for (const variant of schema.oneOf ?? schema.anyOf ?? []) {
      for (const type of variant.properties?.type?.enum ?? []) types.add(type);
    }
  }
  check(types.size > 0, "the contract names no event type");
  return [...types];
}

/** The page: the README's few lines, nothing to recover a stream. */
function page(streamUrl, types) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cardtable stream</title></head>
<body>
<script>
  window.received = [];
  window.opens = 0;
  const events = new EventSource(${JSON.stringify(streamUrl)});
  events.onopen = () => { window.opens++; };
  for (const type of ${JSON.stringify(types)}) {
    events.addEventListener(type, (event) => {
      window.received.push({ id: event.lastEventId, type: event.type, entry: JSON.parse(event.data) });
    });
  }
  window.state = () => events.readyState;
</script>
</body></html>`;
}

/** One random legal move for every seat that must act now; false once the game is over. */
async function playRound(players, id, random) {
  const game = await players[0].expect(200, "GET", `/v1/games/${id}`);
  if (game.status === "finished") return false;
  for (const seat of game.to_act) {
    const player = players[seat];
    const legal = await player.expect(200, "GET", `/v1/games/${id}/legal-moves`);
    check(Array.isArray(legal.legal_moves), "this game lists its legal moves");
    if (legal.legal_moves.length === 0) continue;
    const move = legal.legal_moves[Math.floor(random() * legal.legal_moves.length)];
    const reply = await player.call("POST", `/v1/games/${id}/moves`, { version: legal.version, move });
    // Another seat's move may have changed the game meanwhile: the next round reads it again.
    check(reply.status === 200 || reply.body?.code === "stale_version", `move: ${JSON.stringify(reply.body)}`);
  }
  return true;
}

/** The whole event log as `player` sees it. */
async function eventLog(player, id) {
  const log = [];
  for (;;) {
    const after = log.length > 0 ? log[log.length - 1].seq : 0;
    const page = await player.expect(200, "GET", `/v1/games/${id}/events?after=${after}`);
    log.push(...page.events);
    if (page.events.length === 0 || log[log.length - 1].seq >= page.last_seq) return log;
  }
}

/** Whether a streamed entry equals the log's, except for nulls where the log, read after the
 * end revealed the game, holds a value. */
function showsNoMore(sent, log) {
  if (sent === null) return true;
  if (Array.isArray(sent)) {
    return Array.isArray(log) && sent.length === log.length && sent.every((item, i) => showsNoMore(item, log[i]));
  }
  if (typeof sent === "object") {
    if (typeof log !== "object" || log === null || Array.isArray(log)) return false;
    const keys = Object.keys(sent);
    return keys.length === Object.keys(log).length && keys.every((key) => showsNoMore(sent[key], log[key]));
  }
  return sent === log;
}

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  check(binary && fs.existsSync(binary), `usage: node stream.mjs SERVER_BINARY (got ${binary})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cardtable-browser-"));
  let server;
  let browser;
  let pageServer;
  try {
    // The page's origin: another port, so every request to the API is cross-origin.
    let html = "";
    pageServer = http.createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(html);
    });
    pageServer.listen(0, "127.0.0.1");
    await once(pageServer, "listening");
    const pageOrigin = `http://127.0.0.1:${pageServer.address().port}`;
    server = new Server(await freePort(), dir, pageOrigin);
    // The first server tells the browser to come back after 5 s: time enough for the restart,
    // so that no reconnect meets a closed port (which Chromium logs as an error).
    await server.start({ STREAM_RETRY_MILLIS: String(FIRST_RETRY_MS) });

    const run = Math.random().toString(36).slice(2, 8);
    const players = [];
    for (let seat = 0; seat < 4; seat++) players.push(await signUp(server, `browser-${run}-${seat}`));
    const created = await players[0].expect(201, "POST", "/v1/games", { kind: "trade_or_duel", players: 4 });
    const id = created.id;
    for (const player of players.slice(1)) await player.expect(200, "POST", `/v1/games/${id}/join`, {});
    const viewer = players[1];
    const ticket = await viewer.expect(201, "POST", `/v1/games/${id}/stream-tickets`, {});
    check(ticket.url.startsWith(`${server.base}/v1/games/${id}/stream?ticket=`), `an absolute URL: ${ticket.url}`);
    html = page(ticket.url, await eventTypes(server));

    browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
    const tab = await browser.newPage();
    const consoleMessages = [];
    tab.on("console", (message) => consoleMessages.push(`${message.type()}: ${message.text()}`));
    tab.on("pageerror", (error) => consoleMessages.push(`pageerror: ${error.message}`));
    const streamRequests = [];
    tab.on("request", (request) => {
      if (request.url().startsWith(ticket.url)) streamRequests.push({ at: Date.now(), status: null, request });
    });
    tab.on("response", (response) => {
      const entry = streamRequests.find((item) => item.request === response.request());
      if (entry) entry.status = response.status();
    });
    await tab.goto(`${pageOrigin}/`, { waitUntil: "load" });

    const received = () => tab.evaluate(() => window.received);
    const caughtUp = async (what) => {
      const log = await eventLog(viewer, id);
      const last = log[log.length - 1]?.seq;
      await until(what, async () => {
        const got = await received();
        return got.length > 0 && got[got.length - 1].entry.seq === last;
      });
    };
    const random = seededRandom(7);

    // Live on the first server.
    for (let round = 0; round < 3; round++) await playRound(players, id, random);
    await caughtUp("the first events");
    check((await tab.evaluate(() => window.opens)) === 1, "one connection so far");

    // A restart on the same port and database; the new server cuts slow readers at once and
    // has the browser come back quickly.
    await server.stop();
    await server.start({
      STREAM_BUFFER: "1",
      STREAM_SLOW_READER_GRACE_MILLIS: "0",
      STREAM_RETRY_MILLIS: String(RETRY_MS),
    });
    // Moves made before the browser is back (its `retry:` from the first server is 5 s) wait
    // for it as a backlog: the replay fills the one-message buffer at once.
    for (let round = 0; round < 5; round++) await playRound(players, id, random);
    await until("the reconnect after the restart", async () => (await tab.evaluate(() => window.opens)) >= 2);
    while (await playRound(players, id, random)) {}
    await caughtUp("every event of the game");

    // The end: the stream closes after the last event, the browser reconnects once, gets 204
    // and stops for good.
    await until("the end of the stream", async () => (await tab.evaluate(() => window.state())) === 2);
    const requestsAtEnd = streamRequests.length;
    await sleep(QUIET_MS);
    check(streamRequests.length === requestsAtEnd, `the browser asked again after the end (${streamRequests.length} > ${requestsAtEnd})`);
    const last = streamRequests[streamRequests.length - 1];
    check(last.status === 204, `the last request got ${last.status}, not 204`);
    check(
      streamRequests.slice(0, -1).every((item) => item.status === 200),
      `every other request opened the stream: ${streamRequests.map((item) => item.status)}`,
    );

    // Every event exactly once, in order, as the log shows it to this seat.
    const log = await eventLog(viewer, id);
    const got = await received();
    check(got.length === log.length, `received ${got.length} events, the log has ${log.length}`);
    got.forEach((message, index) => {
      check(message.id === String(log[index].seq), `event ${index}: id ${message.id}, seq ${log[index].seq}`);
      check(showsNoMore(message.entry, log[index]), `event ${index} differs from the log`);
      check(message.type === log[index].event.type, `event ${index}: SSE type ${message.type}`);
    });

    // The cuts happened, and nothing was logged to the console.
    const cuts = (server.log().match(/a stream client fell behind/g) ?? []).length;
    check(cuts > 0, `the server never cut the browser as a slow reader (${streamRequests.length} requests, ${got.length} events)`);
    const connections = streamRequests.length - 1;
    check(connections >= 2 + cuts, `${connections} connections for 1 restart and ${cuts} cuts`);
    check(consoleMessages.length === 0, `console messages:\n${consoleMessages.join("\n")}`);
    check(!server.log().includes(ticket.ticket), "the ticket reached the server log");
    console.log(
      `browser: ${got.length} events, exactly once, over ${connections} connections (1 restart, ${cuts} slow-reader cuts); ` +
        "ended with 204, no reconnect after it, no console message",
    );
  } catch (error) {
    const lines = (server?.log() ?? "").trim().split("\n");
    console.error(`server log (last lines):\n${lines.slice(-30).join("\n")}`);
    throw error;
  } finally {
    await browser?.close();
    if (server?.child && server.child.exitCode === null) await server.stop();
    pageServer?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
