// A finished game, move by move from its move log, with the seed checked against the
// commitment published when the game was created.
import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { allEvents, KINDS } from "./table.js";
import { describe, KIND_NAMES, seatName } from "./words.js";

async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function hexBytes(text) {
  if (!/^([0-9a-f]{2})*$/i.test(text)) return null;
  return new Uint8Array(text.match(/../g)?.map((b) => parseInt(b, 16)) || []);
}

function concat(a, b) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Checks a seed against its commitment: SHA-256 of the seed text, or, when the log reveals a
 * nonce, SHA-256 of the nonce followed by the seed (as text, or as the bytes both spell in hex).
 */
export async function checkSeed(log) {
  const seed = log.seed;
  if (!seed) return { ok: null, text: "The seed is withheld from you (the rules keep part of this game hidden from you even now)." };
  const encoder = new TextEncoder();
  const nonce = log.seed_nonce ?? log.nonce ?? null;
  const candidates = [];
  if (nonce) {
    candidates.push(["SHA-256(nonce ‖ seed)", concat(encoder.encode(nonce), encoder.encode(seed))]);
    const [n, s] = [hexBytes(nonce), hexBytes(seed)];
    if (n && s) candidates.push(["SHA-256(nonce ‖ seed), as bytes", concat(n, s)]);
  } else {
    candidates.push(["SHA-256(seed)", encoder.encode(seed)]);
  }
  for (const [form, bytes] of candidates) {
    if ((await sha256Hex(bytes)) === log.seed_commitment.toLowerCase()) {
      return { ok: true, text: `Seed checked: ${form} equals the commitment published at the start.` };
    }
  }
  return { ok: false, text: "The seed does NOT match the commitment published at the start." };
}

export async function showReplay(main, id) {
  fill(main, h("h1", {}, "Replay"), h("p", {}, "Loading…"));
  /** @type {[Game, MoveLog, { events: EventPage["events"] }]} */
  const [game, log, { events }] = await Promise.all([
    api("GET", `/v1/games/${id}`), api("GET", `/v1/games/${id}/moves`), allEvents(id),
  ]);
  const kind = KINDS[game.kind];
  const inputs = log.inputs;
  const check = await checkSeed(log);
  let step = inputs.length ? 0 : -1;
  const position = h("p", { class: "step", "aria-live": "polite" });
  const happened = h("ul", { class: "log" });
  const list = h("ol", { class: "moves" });
  const go = (to) => { step = Math.max(0, Math.min(inputs.length - 1, to)); draw(); };
  const buttons = h("div", { class: "row" },
    h("button", { type: "button", onclick: () => go(0) }, "First"),
    h("button", { type: "button", onclick: () => go(step - 1), "data-step": "previous" }, "Previous move"),
    h("button", { type: "button", onclick: () => go(step + 1), "data-step": "next" }, "Next move"),
    h("button", { type: "button", onclick: () => go(inputs.length - 1) }, "Last"));

  function inputText(input) {
    if (input.expired) return "The deadline passed: the game applied its default moves";
    if (input.hidden) return `${seatName(game, input.seat)} made a move hidden from you`;
    return describe({ ...input.move, seat: input.seat }, game, kind);
  }

  function draw() {
    if (step < 0) { position.textContent = "No moves."; return; }
    const input = inputs[step];
    const before = step > 0 ? inputs[step - 1].version : -1;
    position.textContent = `Move ${step + 1} of ${inputs.length}: ${inputText(input)}`;
    const caused = events.filter((e) => e.version > before && e.version <= input.version);
    fill(happened, caused.length ? caused.map((e) => h("li", {}, describe(e.event, game, kind)))
      : h("li", { class: "muted" }, "Nothing public happened yet (a secret submission)."));
    [...list.children].forEach((li, i) => li.toggleAttribute("aria-current", i === step));
  }

  fill(list, inputs.map((input, i) => h("li", {}, h("button", { type: "button", class: "link",
    onclick: () => go(i) }, inputText(input)))));
  fill(main,
    h("h1", {}, `Replay: ${KIND_NAMES[game.kind]}`),
    h("p", { class: check.ok === false ? "problem" : "check ok", "data-seed-check": String(check.ok) }, check.text),
    h("p", { class: "muted" }, `Commitment ${log.seed_commitment}`, log.seed ? `, seed ${log.seed}` : ""),
    buttons, position,
    h("section", { "aria-label": "What the move caused" }, h("h2", {}, "What it caused"), happened),
    h("details", {}, h("summary", {}, "Every move"), list),
    h("section", { "aria-label": "Final table" }, h("h2", {}, "The final table"), kind.board(game)),
    h("p", {}, h("a", { href: `#/game/${id}` }, "Back to the table")));
  main.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") go(step + 1);
    if (e.key === "ArrowLeft") go(step - 1);
  });
  draw();
}
