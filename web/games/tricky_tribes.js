// Tricky Tribes: natural cards `10H`, `QS` (rank then suit), jokers `X1`, `X2`.
import { h } from "../dom.js";
import { seatName } from "../words.js";

const SUITS = { S: ["♠", "spades", "black"], C: ["♣", "clubs", "black"],
  H: ["♥", "hearts", "red"], D: ["♦", "diamonds", "red"] };
const RANKS = { J: "jack", Q: "queen", K: "king", A: "ace" };

function parse(code) {
  if (typeof code !== "string") return null;
  if (code.startsWith("X")) return { joker: code.slice(1) };
  const suit = code.slice(-1);
  return SUITS[suit] ? { rank: code.slice(0, -1), suit } : null;
}

export function cardText(code) {
  if (code === null || code === undefined) return "hidden";
  const card = parse(code);
  if (!card) return String(code);
  if (card.joker) return `Joker ${card.joker}`;
  return `${card.rank}${SUITS[card.suit][0]}`;
}

function cardLabel(code) {
  const card = parse(code);
  if (!card) return String(code);
  if (card.joker) return `joker ${card.joker}`;
  return `${RANKS[card.rank] || card.rank} of ${SUITS[card.suit][1]}`;
}

/** A card face; `null` is a face-down card. */
export function card(code) {
  if (code === null || code === undefined) {
    return h("span", { class: "card back", role: "img", "aria-label": "face-down card" }, "🂠");
  }
  const parsed = parse(code);
  const colour = parsed?.joker ? "joker" : SUITS[parsed?.suit]?.[2] || "";
  return h("span", { class: `card ${colour}`, "data-card": code, role: "img",
    "aria-label": cardLabel(code) }, cardText(code));
}

export function valueText(key, value) {
  if ((key === "card" || key === "drawn" || key === "discarded") && typeof value === "string") {
    return cardText(value);
  }
  if (["hands", "stacks", "collected", "cards", "stock"].includes(key) && Array.isArray(value)) {
    return value.map((v) => (Array.isArray(v) ? `[${v.map(cardText).join(" ")}]` : v === null ? "hidden" : cardText(v)))
      .join(" ");
  }
  return undefined;
}

/** The content of a choice button for one field of a move. */
export function choice(key, value) {
  if (key === "card") return card(value);
  if (key === "face") return value === "open" ? "face up (open)" : "face down (closed)";
  return undefined;
}

function participantName(game, p) {
  return p === game.players || p === "dummy" ? "dummy" : seatName(game, p);
}

export function board(game) {
  const view = game.view;
  const mine = view.viewer;
  const phase = view.phase || {};
  const phaseText = {
    exchange: `Exchange: ${seatName(game, phase.seat)} keeps, draws or discards`,
    trim: "Trim: discard down to the hand size",
    tricks: "Tricks",
    over: "Game over",
  }[phase.type] || phase.type;
  const scores = h("table", { class: "scores" },
    h("caption", {}, `Scores (to ${view.options.target_score ?? view.options.rounds + " rounds"})`),
    h("tbody", {}, (view.scores || []).map((unit) => h("tr", {},
      h("th", { scope: "row" }, unit.seats.map((s) => seatName(game, s)).join(" + ")),
      h("td", {}, unit.score)))));
  const trick = view.trick;
  const trickBox = trick ? h("section", { class: "trick", "aria-label": "Trick in progress" },
    h("h3", {}, `Trick ${trick.number} (${String(trick.kind).replaceAll("_", " ")}, lead ${trick.lead_face})`),
    h("div", { class: "row" }, (trick.plays || []).map((play) => h("figure", { class: "play" },
      card(play.card), h("figcaption", {}, participantName(game, play.participant)))))) : null;
  const lastTrick = (view.tricks || []).at(-1);
  const lastBox = lastTrick ? h("p", { class: "muted" },
    `Last trick: ${(lastTrick.plays || []).map((p) => `${participantName(game, p.participant)} ${p.card ? cardText(p.card) : "?"}`).join(", ")}`
    + ` — ${lastTrick.mode || ""} taken by ${lastTrick.taker === null || lastTrick.taker === undefined ? "nobody" : participantName(game, lastTrick.taker)}`) : null;
  const seats = (view.hands || []).map((hand) => h("section", {
    class: `seat ${view.to_act?.includes(hand.seat) ? "acting" : ""}`,
    "aria-label": seatName(game, hand.seat) },
  h("h3", {}, seatName(game, hand.seat), view.to_act?.includes(hand.seat) ? " — to act" : ""),
  h("div", { class: "hand", role: "group", "aria-label": hand.seat === mine ? "Your hand" : "Hand" },
    hand.cards ? hand.cards.map(card) : h("span", { class: "muted" }, `${hand.size} cards`)),
  h("div", { class: "stack" }, "Stack: ",
    (view.stacks?.[hand.seat] || []).length ? view.stacks[hand.seat].map(card) : "empty")));
  const round = view.last_round ? h("p", { class: "muted" },
    `Round ${view.last_round.round}: ` + view.last_round.units.map((u) =>
      `${u.seats.map((s) => seatName(game, s)).join(" + ")} +${u.round_score} (${u.cumulative})`).join(", ")) : null;
  return h("div", { class: "board tricky" },
    h("p", {}, `Round ${view.round}, dealer ${seatName(game, view.dealer)}. ${phaseText}.`,
      ` Stock ${view.stock_size}, discards ${view.discard_size}.`,
      phase.drawn ? h("span", {}, " You drew ", card(phase.drawn)) : null),
    trickBox, lastBox, h("div", { class: "seats" }, seats),
    view.dummy_stack ? h("p", {}, "Dummy's stack: ", view.dummy_stack.map(card)) : null,
    scores, round);
}
