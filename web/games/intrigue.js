// Intrigue: three positions (A, B, C) held by characters, support cards played on them,
// relationships between positions, point tokens and favors.
import { h } from "../dom.js";
import { humanize, seatName } from "../words.js";

const TOKENS = { a_plus3: "A +3", a_plus1: "A +1", b_plus3: "B +3", b_plus1: "B +1",
  c_plus3: "C +3", c_plus1: "C +1" };
const PAIRS = { ab: "A–B", bc: "B–C", ca: "C–A" };

export function cardText(id) {
  return typeof id === "string" ? humanize(id) : "face-down card";
}

export function card(id, extra = "") {
  if (id === null || id === undefined) {
    return h("span", { class: "card back", role: "img", "aria-label": "face-down card" }, "🂠");
  }
  return h("span", { class: `card intrigue ${extra}`, "data-card": id }, cardText(id));
}

function positionText(game, position) {
  const pos = (game.view.positions || []).find((p) => p.position === position);
  return pos ? `${position} (${humanize(pos.character)})` : position;
}

export function valueText(key, value, game) {
  if (["card", "discard", "discarded"].includes(key) && typeof value === "string") return cardText(value);
  if (["character", "position", "first", "second"].includes(key) && typeof value === "string") {
    return positionText(game, value);
  }
  if (key === "color") return value === null ? "hidden" : `favor ${value}`;
  if (["token", "give", "take"].includes(key)) return TOKENS[value] || value;
  if (key === "pair") return PAIRS[value] || value;
  if (key === "cards" && Array.isArray(value)) return value.map(cardText).join(", ");
  if (key === "characters" || key === "unused") return (value || []).map(humanize).join(", ");
  return undefined;
}

export function choice(key, value, game) {
  if (key === "card" || key === "discard") return card(value);
  if (["character", "first", "second"].includes(key)) return positionText(game, value);
  if (key === "color") return `Favor ${value}`;
  if (["token", "give", "take"].includes(key)) return `Token ${TOKENS[value] || value}`;
  if (key === "pair") return PAIRS[value] || value;
  return undefined;
}

export function board(game) {
  const view = game.view;
  const positions = (view.positions || []).map((pos) => h("section", {
    class: "position", "aria-label": `Position ${pos.position}` },
  h("h3", {}, `${pos.position}: ${humanize(pos.character)}`,
    view.dead?.includes(pos.character) ? " (dead)" : ""),
  h("p", {}, `Point tokens: ${pos.point_tokens}`),
  h("div", { class: "stack" }, pos.stack.length ? pos.stack.map((entry) => h("figure", { class: "play" },
    card(entry.card, entry.face === "down" ? "down" : ""),
    h("figcaption", {}, `${seatName(game, entry.owner)}${entry.face === "down" ? ", face down" : ""}`))) : "no support yet")));
  const relationships = (view.relationships || []).length
    ? h("ul", { class: "plain" }, view.relationships.map((r) =>
      h("li", {}, `${humanize(r.card)}: ${r.first} → ${r.second}`)))
    : h("p", { class: "muted" }, "No relationships yet.");
  const tokens = h("p", {}, "Tokens: ", (view.tokens || []).map((t) =>
    h("span", { class: "chip" }, `${TOKENS[t.token] || t.token}: ${t.holder === null ? "free" : seatName(game, t.holder)}`)));
  const players = (view.players || []).map((p) => h("section", {
    class: `seat ${view.to_act === p.seat ? "acting" : ""}`, "aria-label": seatName(game, p.seat) },
  h("h3", {}, seatName(game, p.seat), view.to_act === p.seat ? " — to act" : ""),
  h("p", {}, `${p.points} points, ${p.unplayed_favor_count} favors left`,
    p.unplayed_favors ? ` (${p.unplayed_favors.join(", ")})` : ""),
  h("div", { class: "hand", role: "group", "aria-label": p.seat === view.viewer ? "Your hand" : "Hand" },
    p.hand ? p.hand.map((id) => card(id)) : h("span", { class: "muted" }, `${p.hand_size} cards`))));
  const favors = (view.favor_pile || []).length
    ? h("p", {}, "Favor pile: ", view.favor_pile.map((f) =>
      h("span", { class: "chip" }, `${seatName(game, f.player)}: ${f.color ?? "hidden"}`)))
    : null;
  const last = view.last_round ? h("p", { class: "muted" },
    `Round ${view.last_round.round} went to ${view.last_round.winner ?? "nobody"}; points after: `
    + view.last_round.points.map((p, seat) => `${seatName(game, seat)} ${p}`).join(", ")) : null;
  return h("div", { class: "board intrigue" },
    h("p", {}, `Round ${view.round} of ${view.options.rounds}. Deck ${view.deck_size}.`,
      view.pending ? ` Waiting: ${humanize(view.pending.type || "answer")}.` : ""),
    h("div", { class: "positions" }, positions), relationships, tokens, favors,
    h("div", { class: "seats" }, players), last,
    view.discard?.length ? h("p", { class: "muted" }, `Discarded: ${view.discard.map(cardText).join(", ")}`) : null);
}
