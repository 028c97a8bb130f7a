// Trade or Duel: numbered cards, each seat holds two; declare a trade or a duel on a target.
import { h } from "../dom.js";
import { seatName } from "../words.js";

export function card(value) {
  if (value === null || value === undefined) {
    return h("span", { class: "card back", role: "img", "aria-label": "face-down card" }, "🂠");
  }
  return h("span", { class: "card number", "data-card": String(value) }, String(value));
}

export function valueText(key, value) {
  if (key === "action") return value;
  return undefined;
}

export function choice(key, value, game) {
  if (key === "cards" && Array.isArray(value)) return h("span", {}, value.map(card));
  if (key === "action") return value === "trade" ? "Trade" : "Duel";
  if (key === "target") return seatName(game, value);
  if (key === "count") return `${value} card${value === 1 ? "" : "s"}`;
  return undefined;
}

export function board(game) {
  const view = game.view;
  const i = view.interaction;
  const phase = String(view.phase).replaceAll("_", " ");
  const seats = (view.seats || []).map((s) => h("section", {
    class: `seat ${view.active === s.seat ? "acting" : ""} ${s.eliminated ? "out" : ""}`,
    "aria-label": seatName(game, s.seat) },
  h("h3", {}, seatName(game, s.seat), view.active === s.seat ? " — active" : "",
    s.eliminated ? ` — eliminated (${s.elimination_index})` : ""),
  h("div", { class: "hand", role: "group", "aria-label": s.seat === view.viewer ? "Your hand" : "Hand" },
    s.seat === view.viewer && view.hand ? view.hand.map(card)
      : Array.from({ length: s.hand_size }, () => card(null)))));
  const interaction = i ? h("p", {}, `${seatName(game, i.active)} declared a ${i.action} with ${seatName(game, i.target)}`,
    i.count ? `, ${i.count} card${i.count === 1 ? "" : "s"} (${i.count_how})` : "",
    `. Committed: ${i.active_committed ? "active yes" : "active no"}, ${i.target_committed ? "target yes" : "target no"}.`) : null;
  const comparison = view.last_comparison ? h("p", { class: "muted" },
    `Last comparison: ${JSON.stringify(view.last_comparison).slice(0, 200)}`) : null;
  const result = view.result ? h("section", { "aria-label": "Result" }, h("h3", {}, "Result"),
    h("ol", {}, view.result.ranking.map((r) => h("li", {},
      `${seatName(game, r.seat)}: ${r.status}${r.hand_total !== null ? `, hand ${r.hand_total}` : ""}`))),
    view.result.final_hands?.length ? h("p", {}, "Final hands: ", view.result.final_hands.map((f) =>
      h("span", { class: "chip" }, `${seatName(game, f.seat)}: `, f.cards.map(card)))) : null,
    view.result.set_aside ? h("p", {}, "Set aside: ", view.result.set_aside.map(card)) : null) : null;
  return h("div", { class: "board tod" },
    h("p", {}, `Round ${view.round}${view.extra_round ? " (extra)" : ""} of ${view.options.turns_each}: ${phase}.`,
      ` ${view.set_aside_count} cards set aside.`),
    interaction,
    view.committed_cards ? h("p", {}, "You committed ", view.committed_cards.map(card)) : null,
    h("div", { class: "seats" }, seats),
    view.discard?.length ? h("p", {}, "Discarded: ", view.discard.map(card)) : null,
    comparison, result);
}
