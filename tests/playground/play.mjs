// Plays every game kind through the playground page in Debian's chromium, by clicking:
// a person against bots, a second browser context spectating (its page never shows a card its
// own API view hides), a reload in the middle of each game, axe-core on the lobby and on each
// table, and screenshots at desktop and phone width.
// Usage: node play.mjs BASE_URL SCREENSHOT_DIR
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import puppeteer from "puppeteer-core";

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const [base, shots] = [process.argv[2], process.argv[3]];
if (!base || !shots) throw new Error("usage: node play.mjs BASE_URL SCREENSHOT_DIR");
fs.mkdirSync(shots, { recursive: true });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const ALL_GAMES = [
  { kind: "tribute", players: 3 },
  { kind: "tribute", players: 3, options: { blind: "true" }, name: "blind_tribute" },
  { kind: "tricky_tribes", players: 3, options: { deadline_secs: "600" } },
  { kind: "intrigue", players: 3 },
  { kind: "trade_or_duel", players: 4 },
];

// PLAYGROUND_KINDS=tribute,intrigue plays only those.
const GAMES = ALL_GAMES.filter((g) => !process.env.PLAYGROUND_KINDS
  || process.env.PLAYGROUND_KINDS.split(",").some((k) => k === g.kind || k === g.name));

// A seeded choice, so that a failing run can be repeated.
let seed = Number(process.env.PLAYGROUND_SEED || 20261127);
function pick(length) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % length;
}

function log(...args) {
  console.log("[playground]", ...args);
}

const failures = [];
function check(condition, message) {
  if (!condition) {
    failures.push(message);
    console.error("FAIL:", message);
  }
}

/** Clicks what the selector finds, again if the page redrew it just then. */
async function click(page, selector) {
  for (let attempt = 0; ; attempt += 1) {
    await page.waitForSelector(selector);
    try {
      await page.click(selector);
      return;
    } catch (error) {
      if (attempt > 5 || !/detached|not clickable/.test(String(error.message))) throw error;
    }
  }
}

async function register(page, name) {
  await page.goto(`${base}/play`, { waitUntil: "load" });
  await page.waitForSelector("input[name=username]");
  await page.type("input[name=username]", name);
  await page.type("input[name=password]", `secret-${name}-123`);
  const [register] = await page.$$("form.card-box button[type=button]");
  await register.click();
  await page.waitForSelector("h1::-p-text(Lobby)");
}

/** The session the page keeps in its storage. */
function storedSession(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("cardtable.session") || "null"));
}

/** Changes the stored session as `change` says (run in the page), reloads, and waits for the lobby. */
async function reloadWith(page, change) {
  await page.evaluate(`(() => {
    const s = JSON.parse(localStorage.getItem("cardtable.session"));
    (${change})(s);
    localStorage.setItem("cardtable.session", JSON.stringify(s));
  })()`);
  await page.goto(`${base}/play#/`, { waitUntil: "load" });
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector("h1::-p-text(Lobby)");
}

/** Waits until the page has renewed its session past `old` (a refresh token); the renewal. */
async function renewedFrom(page, old, what) {
  await page.waitForFunction(
    (spent) => JSON.parse(localStorage.getItem("cardtable.session") || "null")?.refresh_token !== spent,
    { timeout: 10000 }, old,
  ).catch(() => check(false, `${what}: the page did not refresh its session`));
  return storedSession(page);
}

/**
 * The page stays logged in with its refresh token: it renews an access token about to expire
 * before using it, and one the server refuses after the 401, within one session.
 */
async function checkSessionRenewal(page) {
  const first = await storedSession(page);
  check(/^ctr_[0-9a-f]{64}$/.test(first?.refresh_token ?? ""), "the page keeps no refresh token");
  await reloadWith(page, "(s) => { s.expires_at = Math.floor(Date.now() / 1000) + 5; }");
  const second = await renewedFrom(page, first.refresh_token, "near expiry");
  check(second?.session_id === first.session_id, "a renewal started another session");
  await reloadWith(page, "(s) => { s.access_token = 'refused.by.server'; }");
  const third = await renewedFrom(page, second.refresh_token, "after a 401");
  check(third?.access_token !== "refused.by.server", "the refused token is still used");
  check(!(await page.$("input[name=password]")), "a renewal asked to log in again");
  log("the page renewed its session before expiry and after a 401, in one session");
}

/** Logging out ends the session on the server: its access token is refused from then on. */
async function checkSignOut(page) {
  const before = await storedSession(page);
  await click(page, "#account button");
  await page.waitForSelector("input[name=password]");
  const status = await page.evaluate(async (token) => (await fetch("/v1/me", {
    headers: { authorization: `Bearer ${token}` },
  })).status, before.access_token);
  check(status === 401, `the access token still works after logging out: ${status}`);
  log("logging out ended the session on the server");
}

async function axe(page, what) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length,
      target: v.nodes[0]?.target }));
  });
  const serious = result.filter((v) => v.impact === "serious" || v.impact === "critical");
  check(serious.length === 0, `axe on ${what}: ${JSON.stringify(serious)}`);
  log(`axe on ${what}: ${result.length} violations, ${serious.length} serious or critical`,
    result.length ? JSON.stringify(result) : "");
}

async function screenshots(page, name) {
  // The passing "move played" note would cover the table in a full-page picture.
  await page.evaluate(() => document.getElementById("toast")?.classList.remove("shown"));
  await page.setViewport(DESKTOP);
  await page.screenshot({ path: path.join(shots, `${name}-desktop.png`), fullPage: true });
  await page.setViewport(PHONE);
  await new Promise((r) => setTimeout(r, 150));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 1, `${name} is ${overflow}px wider than a 360px phone`);
  await page.screenshot({ path: path.join(shots, `${name}-phone.png`), fullPage: true });
  await page.setViewport(DESKTOP);
}

async function createGame(page, { kind, players, options = {}, openSeats = [] }) {
  await page.goto(`${base}/play#/`, { waitUntil: "load" });
  await page.waitForSelector("form.new-game select[name=kind]");
  await page.select("form.new-game select[name=kind]", kind);
  const input = await page.$("form.new-game input[name=players]");
  await input.click({ clickCount: 3 });
  await input.type(String(players));
  await page.$eval("form.new-game input[name=players]", (e) => e.dispatchEvent(new Event("change")));
  for (const [key, value] of Object.entries(options)) {
    const selector = `form.new-game [data-option=${key}]`;
    if (await page.$eval(selector, (e) => e.tagName === "SELECT")) await page.select(selector, value);
    else await page.type(selector, value);
  }
  for (const seat of openSeats) await page.select(`form.new-game [data-seat="${seat}"]`, "");
  await page.click("form.new-game button[type=submit]");
  await page.waitForFunction(() => location.hash.startsWith("#/game/"));
  await page.waitForSelector(openSeats.length ? ".status[data-status=open]" : ".status[data-status=active]");
  return page.evaluate(() => location.hash.split("/")[2]);
}

/** The state the page shows: version, status, and which controls are offered. */
function pageState(page) {
  return page.evaluate(() => {
    const status = document.querySelector(".status");
    return {
      version: status?.dataset.version,
      status: status?.dataset.status,
      choices: document.querySelectorAll(".controls button.choice").length,
      confirm: !!document.querySelector(".controls [data-confirm]"),
      selection: !!document.querySelector(".controls [data-add]"),
      orders: !!document.querySelector(".controls input[type=radio][name^=against]"),
    };
  });
}

async function waitForDecisionOrEnd(page) {
  try {
    await waitForDecisionOrEndOnce(page);
  } catch (error) {
    const dump = await page.evaluate(() => ({
      status: document.querySelector(".status")?.innerText,
      problem: document.querySelector(".problem")?.innerText,
      controls: document.querySelector(".controls-area")?.innerText,
      events: document.querySelector(".log")?.innerText?.slice(0, 600),
    }));
    await page.screenshot({ path: path.join(shots, "stuck.png"), fullPage: true });
    console.error("the page offered no decision:", JSON.stringify(dump, null, 1));
    throw error;
  }
}

async function waitForDecisionOrEndOnce(page) {
  await page.waitForFunction(() => {
    const status = document.querySelector(".status");
    if (status?.dataset.status === "finished") return true;
    return !!document.querySelector(".controls button.choice, .controls [data-confirm], .controls [data-add], .controls input[type=radio]");
  }, { timeout: 60000 });
}

/** Makes one move by clicking; returns the version it was made on. */
async function playOne(page) {
  const state = await pageState(page);
  if (state.selection) {
    // Ten values adding up to the total for no doubles, as a person would click them.
    const total = await page.evaluate(() => Number(document.querySelector("#selection-status")
      .textContent.match(/total \d+ of (\d+)/)[1]));
    const counts = Array(10).fill(0);
    const low = Math.floor(total / 10);
    counts[low] += 10 - (total - low * 10);
    if (total - low * 10) counts[low + 1] += total - low * 10;
    for (const [value, count] of counts.entries()) {
      for (let n = 0; n < count; n += 1) await page.click(`.controls [data-add="${value}"]`);
    }
    const status = await page.$eval("#selection-status", (e) => e.textContent);
    check(status.includes("ready"), `the selection builder shows the totals as built: ${status}`);
    await page.click(".controls button.primary");
    return state.version;
  }
  if (state.orders) {
    const groups = await page.$$(".controls fieldset.radios");
    const sums = await page.$eval(".controls", (e) => e.dataset.sums || null);
    if (sums) {
      // Blind Tribute: two values whose sum lies in the range allowed with no doubles.
      const range = JSON.parse(sums).find((s) => s.doubles === 0);
      const sum = range.min_sum + pick(range.max_sum - range.min_sum + 1);
      const first = Math.max(0, sum - 9) + pick(Math.min(9, sum) - Math.max(0, sum - 9) + 1);
      for (const [index, value] of [first, sum - first].entries()) {
        await (await groups[index].$(`input[value="${value}"]`)).click();
      }
      const status = await page.$eval(".controls .check", (e) => e.textContent);
      check(status.includes("ready"), `blind orders show the sum as built: ${status}`);
      await page.click(".controls button.primary");
      return state.version;
    }
    const hand = await page.evaluate(() => [...document.querySelectorAll(".seat .hand[aria-label='Your hand'] [data-card]")]
      .map((e) => Number(e.dataset.card)));
    const first = hand[pick(hand.length)];
    const rest = [...hand];
    rest.splice(rest.indexOf(first), 1);
    const second = rest[pick(rest.length)];
    for (const [index, value] of [first, second].entries()) {
      const radio = await groups[index].$(`input[value="${value}"]`);
      await radio.click();
    }
    await page.click(".controls button.primary");
    return state.version;
  }
  for (let guard = 0; guard < 10; guard += 1) {
    const choices = await page.$$(".controls button.choice");
    if (!choices.length) break;
    await choices[pick(choices.length)].click();
  }
  await page.click(".controls [data-confirm]");
  return state.version;
}

/** Every card id the spectator's page shows compared with its own API view. */
async function checkSpectator(spectator, player, id, kind) {
  const result = await spectator.evaluate(async (gameId) => {
    const token = JSON.parse(localStorage.getItem("cardtable.session")).access_token;
    const view = await (await fetch(`/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } })).json();
    return {
      json: JSON.stringify(view),
      shown: [...document.querySelectorAll("[data-card]")].map((e) => e.dataset.card),
      text: document.body.innerText,
      yourHand: !!document.querySelector("[aria-label='Your hand']"),
    };
  }, id);
  const own = await player.evaluate(async (gameId) => {
    const token = JSON.parse(localStorage.getItem("cardtable.session")).access_token;
    return (await fetch(`/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } })).json();
  }, id);
  const tokens = new Set();
  (function collect(value) {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
    else if (value !== null) tokens.add(String(value));
  })(JSON.parse(result.json));
  for (const card of result.shown) {
    check(tokens.has(card), `${kind}: the spectator's page shows ${card}, which its view does not hold`);
  }
  check(!result.yourHand, `${kind}: the spectator's page shows a hand as its own`);
  // The player's private strings (card codes) the spectator's view lacks never reach its page.
  const secret = new Set();
  (function collect(value, key) {
    if (Array.isArray(value)) value.forEach((v) => collect(v, key));
    else if (value && typeof value === "object") Object.entries(value).forEach(([k, v]) => collect(v, k));
    else if (typeof value === "string" && /^(hand|cards|card|drawn|discarded)$/.test(key ?? "")
      && !tokens.has(value)) secret.add(value);
  })(own.view);
  for (const card of secret) {
    check(!result.shown.includes(card), `${kind}: the spectator's page shows the hidden card ${card}`);
  }
  return result.shown.length;
}

async function playGame(browser, player, spectator, setup) {
  const game = { ...setup, kind: setup.kind, label: setup.name || setup.kind };
  const id = await createGame(player, game);
  log(`${game.label}: game ${id} created`);
  await spectator.goto(`${base}/play#/game/${id}`, { waitUntil: "load" });
  await spectator.waitForSelector(".status[data-version]");
  let moves = 0;
  let reloaded = false;
  for (;;) {
    await waitForDecisionOrEnd(player);
    const state = await pageState(player);
    if (state.status === "finished") break;
    let version;
    try {
      version = await playOne(player);
    } catch (error) {
      // The controls were redrawn under the click (the game moved on): look again.
      if (!/detached|not clickable|No element found/.test(String(error.message))) throw error;
      log(`${game.label}: the controls changed under a click (${error.message}); looking again`);
      continue;
    }
    moves += 1;
    // The move is in once the page shows a newer version (or the end).
    await player.waitForFunction((v) => {
      const s = document.querySelector(".status");
      return s?.dataset.status === "finished" || s?.dataset.version !== v;
    }, { timeout: 60000 }, version);
    const problem = await player.$eval(".problem", (e) => e.textContent).catch(() => "");
    // Another seat may move while the person chooses (simultaneous decisions): the page then
    // says so and offers the moves again. Any other refusal is a fault of the page.
    if (problem.includes("moved on")) log(`${game.label}: ${problem}`);
    else check(!problem, `${game.label}: a move was refused: ${problem}`);
    if (moves === 2) {
      // The live spectator sees the same version as the player, without reloading.
      const now = await player.$eval(".status", (e) => e.dataset.version);
      await spectator.waitForFunction((v) => Number(document.querySelector(".status")?.dataset.version) >= Number(v),
        { timeout: 15000 }, now);
      await checkSpectator(spectator, player, id, game.label);
      await screenshots(player, game.label);
      await screenshots(spectator, `${game.label}-spectator`);
      await axe(player, `the ${game.label} table`);
      await axe(spectator, `the ${game.label} table as a spectator`);
    }
    if (moves === 3 && !reloaded) {
      reloaded = true;
      await player.reload({ waitUntil: "load" });
      await player.waitForSelector(".status[data-version]");
      check(!(await player.$("input[name=password]")), `${game.label}: a reload asked to log in again`);
      log(`${game.label}: reloaded mid-game, resumed at version ${await player.$eval(".status", (e) => e.dataset.version)}`);
    }
    if (moves > 400) throw new Error(`${game.label}: no end after 400 moves`);
  }
  log(`${game.label}: finished after ${moves} moves by the person`);
  const options = await player.evaluate(async (gameId) => {
    const token = JSON.parse(localStorage.getItem("cardtable.session")).access_token;
    return (await (await fetch(`/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } })).json()).view.options;
  }, id);
  for (const [key, value] of Object.entries(game.options || {})) {
    check(String(options[key]) === value, `${game.label}: option ${key} is ${options[key]}, asked ${value}`);
  }
  await spectator.waitForFunction(() => document.querySelector(".status")?.dataset.status === "finished", { timeout: 15000 });
  await checkSpectator(spectator, player, id, game.label);
  await screenshots(player, `${game.label}-finished`);
  // The replay: step through the move log with the seed checked in the page.
  await click(player, "a[href^='#/replay/']");
  await player.waitForSelector("[data-seed-check]");
  const seedCheck = await player.$eval("[data-seed-check]", (e) => e.dataset.seedCheck);
  check(seedCheck === "true" || (game.kind === "trade_or_duel" && seedCheck === "null"),
    `${game.label}: the seed check says ${seedCheck}`);
  await click(player, "[data-step=next]");
  const step = await player.$eval(".step", (e) => e.textContent);
  check(step.startsWith("Move 2 of"), `${game.label}: the replay steps: ${step}`);
  log(`${game.label}: replay seed check ${seedCheck}; ${step.slice(0, 80)}`);
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
try {
  const playerContext = await browser.createBrowserContext();
  const spectatorContext = await browser.createBrowserContext();
  const player = await playerContext.newPage();
  const spectator = await spectatorContext.newPage();
  for (const page of [player, spectator]) {
    await page.setViewport(DESKTOP);
    page.on("pageerror", (error) => check(false, `page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "log") log("console:", message.text());
    });
  }
  const suffix = Date.now().toString(36);
  await register(player, `player${suffix}`);
  await register(spectator, `watcher${suffix}`);
  const policy = (await player.goto(`${base}/play`, { waitUntil: "load" })).headers()["content-security-policy"];
  check(policy?.includes("default-src 'self'"), `the page's policy: ${policy}`);
  await player.waitForSelector("h1::-p-text(Lobby)");
  await axe(player, "the lobby");
  await checkSessionRenewal(player);
  for (const game of GAMES) {
    await playGame(browser, player, spectator, game);
  }
  // A seat left open for a person: the other account finds the game in its lobby and joins;
  // both tables then show the started game, live.
  const shared = await createGame(player, { kind: "intrigue", players: 3, openSeats: [2] });
  await spectator.goto(`${base}/play#/`, { waitUntil: "load" });
  await click(spectator, `li.game-row a[href="#/game/${shared}"] ~ button`);
  await spectator.waitForSelector(".status[data-status=active]");
  await player.waitForSelector(".status[data-status=active]", { timeout: 15000 });
  const seated = await spectator.$eval(".status", (e) => e.innerText);
  check(seated.includes("You sit in seat 3"), `the joining account's table: ${seated}`);
  log("intrigue: a second account joined an open seat from its lobby");

  // The lobby marks a game where it is the person's turn, with its deadline counting down,
  // from the account stream.
  await createGame(player, { kind: "tricky_tribes", players: 3, options: { deadline_secs: "3600" } });
  await player.goto(`${base}/play#/`, { waitUntil: "load" });
  await player.waitForSelector(".game-row.turn .deadline", { timeout: 30000 });
  // The row with the deadline: the Intrigue game above may be the person's turn too.
  const mark = await player.$eval(".game-row.turn .deadline", (e) => e.closest(".game-row").innerText);
  check(/Your turn/.test(mark) && /\d+ (min|h|s)/.test(mark), `the lobby's your-turn mark: ${mark}`);
  await axe(player, "the lobby with games");
  await screenshots(player, "lobby");
  await checkSignOut(player);
} finally {
  await browser.close();
}
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
log("every game kind played through the page");
