// Plays one complete game of every kind through openapi-fetch, typed by openapi-typescript from
// the committed contract. For each kind listed by the server: register and log in as many
// accounts as it seats, create the game, join it, read every seat's view and legal moves, post
// a legal move for every seat to act until the game is over, then read the event log and the
// move log and check the revealed seed against its published commitment.
//
// Usage: node build/src/play.js BASE_URL
import { createHash, randomUUID } from "node:crypto";
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "../generated/schema.js";
import { choose, seededRandom } from "./choose.js";

type Schemas = components["schemas"];
type Api = Client<paths>;

// A bound on inputs per game, far above any game's length, so a stuck game fails the run.
const MAX_INPUTS = 5000;

/** The body of a response that must have `status`. */
function expect<T>(
  result: { data?: T; error?: unknown; response: Response },
  status: number,
  what: string,
): T {
  if (result.response.status !== status || result.data === undefined) {
    throw new Error(`${what}: expected ${status}, got ${result.response.status}: ${JSON.stringify(result.error)}`);
  }
  return result.data;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Registers `count` fresh accounts and returns a client logged in as each. */
async function signUp(baseUrl: string, count: number): Promise<Api[]> {
  const run = randomUUID().slice(0, 8);
  const anonymous = createClient<paths>({ baseUrl });
  const clients: Api[] = [];
  for (let index = 0; index < count; index++) {
    const body = { username: `ts-${run}-${index}`, password: `secret-${run}-${index}` };
    expect(await anonymous.POST("/v1/accounts", { body }), 201, "register");
    const session = expect(await anonymous.POST("/v1/sessions", { body }), 201, "log in");
    clients.push(createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${session.access_token}` } }));
  }
  return clients;
}

async function play(kind: Schemas["GameKindInfo"], seats: Api[], random: () => number): Promise<void> {
  const [creator] = seats;
  check(creator !== undefined, "a game needs a seat");
  const created = expect(
    await creator.POST("/v1/games", { body: { kind: kind.id, players: seats.length } }),
    201,
    "create",
  );
  const path = { params: { path: { id: created.id } } };
  for (const [seat, client] of seats.entries()) {
    if (seat === 0) continue;
    const joined = expect(await client.POST("/v1/games/{id}/join", path), 200, "join");
    check(joined.your_seat === seat, `joined seat ${joined.your_seat}, expected ${seat}`);
  }

  let moves = 0;
  let game: Schemas["Game"];
  for (;;) {
    game = expect(await creator.GET("/v1/games/{id}", path), 200, "read the game");
    if (game.status === "finished") break;
    check(game.version < MAX_INPUTS, `${kind.id} is not over after ${game.version} inputs`);
    check(game.view !== null && game.view !== undefined, "an active game has a view");
    for (const seat of game.to_act) {
      const client = seats[seat];
      check(client !== undefined, `seat ${seat} has no client`);
      const mine = expect(await client.GET("/v1/games/{id}", path), 200, "read a view");
      check(mine.your_seat === seat, "a seat sees its own view");
      const legal = expect(await client.GET("/v1/games/{id}/legal-moves", path), 200, "legal moves");
      const move = choose(legal.legal_moves, random);
      if (move === null) continue;
      const body = { version: legal.version, move };
      expect(await client.POST("/v1/games/{id}/moves", { ...path, body }), 200, `move ${JSON.stringify(move)}`);
      moves++;
    }
  }

  await checkLogs(game, seats);
  const winners = game.outcome?.winners ?? [];
  console.log(`${kind.id}: ${seats.length} players, ${moves} moves, final version ${game.version}, winners ${winners}`);
}

/** The finished game's events (as every seat sees them) and its move log agree with it. */
async function checkLogs(game: Schemas["Game"], seats: Api[]): Promise<void> {
  const path = { params: { path: { id: game.id } } };
  for (const client of seats) {
    const page = expect(
      await client.GET("/v1/games/{id}/events", { params: { path: { id: game.id }, query: { after: 0 } } }),
      200,
      "events",
    );
    const seqs = page.events.map((entry) => entry.seq);
    check(seqs.length > 0 && seqs.every((seq, i) => i === 0 || seq > (seqs[i - 1] ?? seq)), "events are in order");
    check(page.last_seq === seqs[seqs.length - 1], "last_seq is the last event");
  }
  let seeds = 0;
  for (const client of seats) {
    const log = expect(await client.GET("/v1/games/{id}/moves", path), 200, "move log");
    // Every accepted input, secret submissions included; the last one made the final version.
    check(log.inputs.every((entry, i) => entry.seq === i + 1), "the inputs are numbered in order");
    check(log.inputs[log.inputs.length - 1]?.version === game.version, "the log ends at the game's version");
    check(log.seed_commitment === game.seed_commitment, "one commitment");
    check(log.commitment_scheme === game.commitment_scheme, "one commitment scheme");
    if (typeof log.seed === "string") {
      // The server's nonce, revealed with the seed, comes first (games from before nonces: the
      // seed alone).
      let committed = log.seed;
      if (log.commitment_scheme === "sha256(nonce||seed)") {
        check(typeof log.seed_nonce === "string" && log.seed_nonce.length === 64, "a nonce");
        committed = `${log.seed_nonce ?? ""}${log.seed}`;
      }
      const commitment = createHash("sha256").update(committed).digest("hex");
      check(commitment === log.seed_commitment, "the seed matches its commitment");
      seeds++;
    } else {
      // Only Trade or Duel withholds it, from a seat that was not party to every trade: the
      // seed rebuilds the hands those trades exchanged.
      check(game.kind === "trade_or_duel", "the seed is withheld without reason");
    }
  }
  check(seeds > 0 || game.kind === "trade_or_duel", "some seat can check the seed");
  const last = seats[seats.length - 1];
  check(last !== undefined, "a game has seats");
  const mine = expect(await last.GET("/v1/games", { params: { query: { mine: true } } }), 200, "list my games");
  check(mine.games.some((summary) => summary.id === game.id), "the game is listed as mine");
}

/** The status of a request whose body does not matter (a refusal, or a 204). */
function expectStatus(result: { response: Response }, status: number, what: string): void {
  check(result.response.status === status, `${what}: expected ${status}, got ${result.response.status}`);
}

/** A login renewed with its refresh token, then signed out: every token of it is refused. */
async function sessionLifecycle(baseUrl: string): Promise<void> {
  const run = randomUUID().slice(0, 8);
  const anonymous = createClient<paths>({ baseUrl });
  const credentials = { username: `ts-${run}-s`, password: `secret-${run}-s` };
  expect(await anonymous.POST("/v1/accounts", { body: credentials }), 201, "register");
  const first = expect(await anonymous.POST("/v1/sessions", { body: credentials }), 201, "log in");
  const renewed = expect(
    await anonymous.POST("/v1/sessions/refresh", { body: { refresh_token: first.refresh_token } }),
    200,
    "refresh",
  );
  check(renewed.session_id === first.session_id, "a refresh keeps the session");
  check(renewed.refresh_token !== first.refresh_token, "a refresh rotates the refresh token");
  const as = (token: string) => createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
  const me = expect(await as(renewed.access_token).GET("/v1/me"), 200, "who am I");
  check(me.username === credentials.username, "the session is the account's");
  expectStatus(await as(renewed.access_token).DELETE("/v1/sessions/current"), 204, "sign out");
  for (const token of [first.access_token, renewed.access_token]) {
    expectStatus(await as(token).GET("/v1/me"), 401, "a signed-out access token");
  }
  expectStatus(
    await anonymous.POST("/v1/sessions/refresh", { body: { refresh_token: renewed.refresh_token } }),
    401,
    "a signed-out refresh token",
  );
  console.log("typescript client: refreshed a session and signed out");
}

async function main(): Promise<void> {
  const baseUrl = process.argv[2];
  check(baseUrl !== undefined, "usage: node build/src/play.js BASE_URL");
  const random = seededRandom(13);
  const [first] = await signUp(baseUrl, 1);
  check(first !== undefined, "one account was registered");
  const kinds = expect(await first.GET("/v1/game-kinds"), 200, "game kinds");
  check(kinds.length > 0, "the server offers game kinds");
  for (const kind of kinds) {
    await play(kind, await signUp(baseUrl, kind.max_players), random);
  }
  console.log(`typescript client: played ${kinds.length} kinds`);
  await sessionLifecycle(baseUrl);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
