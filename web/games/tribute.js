// Tribute: values 0–9, a ten-card selection, then five turns of orders (one value against
// each opponent, and doubles). The controls check the totals as the player builds them.
import { h } from "../dom.js";
import { seatName } from "../words.js";

export function card(value, extra = "") {
  if (value === null || value === undefined) {
    return h("span", { class: "card back", role: "img", "aria-label": "hidden value" }, "🂠");
  }
  return h("span", { class: `card number ${extra}`, "data-card": String(value) }, String(value));
}

export function valueText(key, value, game) {
  if (key === "plays" && Array.isArray(value)) {
    return value.map((p) => `${p.value} against ${seatName(game, p.opponent)}`).join(", ");
  }
  return undefined;
}

export function describe(item, game) {
  switch (item.type) {
    case "phase_started":
      return item.phase === "selection" ? "Selection started: each seat picks ten values"
        : `Turn ${item.turn} started`;
    case "selection_submitted": return `${seatName(game, item.seat)} submitted a selection`;
    case "orders_submitted": return `${seatName(game, item.seat)} submitted orders`;
    case "selection_closed":
      return "Selections revealed: " + item.selections.map((s) =>
        `${seatName(game, s.seat)} ${s.cards.join(" ")}${s.doubles ? ` + ${s.doubles} doubles` : ""}${s.nmr ? " (no move received)" : ""}`).join("; ");
    case "turn_resolved": {
      const r = item.record || item;
      if (!r.matches) return `Turn ${r.turn} resolved`;
      return `Turn ${r.turn} resolved (×${r.multiplier}): ` + r.matches.map((m) =>
        `${seatName(game, m.seats[0])} ${m.values[0]} v ${m.values[1]} ${seatName(game, m.seats[1])}`).join("; ");
    }
    case "game_finished": return "Game over";
    case "select":
      return `${seatName(game, item.seat)} selected ${item.cards.join(" ")}${item.doubles ? ` with ${item.doubles} doubles` : ""}`;
    case "orders": {
      const who = item.seat === undefined ? "" : `${seatName(game, item.seat)}: `;
      const plays = item.plays.map((p) => `${p.value} against ${seatName(game, p.opponent)}`).join(", ");
      return `${who}turn ${item.turn} orders, ${plays}${item.doubles ? `, ${item.doubles} doubles` : ""}`;
    }
    default: return null;
  }
}

export function board(game) {
  const view = game.view;
  const o = view.options;
  const seats = view.seats.map((s) => h("section", {
    class: `seat ${game.to_act?.includes(s.seat) ? "acting" : ""}`, "aria-label": seatName(game, s.seat) },
  h("h3", {}, seatName(game, s.seat)),
  h("p", {}, `Score ${s.score}. `, view.phase === "finished" ? "" : s.submitted ? "Submitted." : "Deciding…",
    s.doubles_left !== null ? ` Doubles left: ${s.doubles_left}.` : ""),
  s.blind ? h("p", {}, `Remaining total ${s.blind.remaining}, ${s.blind.plays_left} plays left`,
    s.blind.charge ? `, this turn's charge ${s.blind.charge.min}–${s.blind.charge.max}` : "") : null,
  s.hand ? h("div", { class: "hand", role: "group", "aria-label": s.seat === view.viewer ? "Your hand" : "Hand" },
    s.hand.length ? s.hand.map((v) => card(v)) : "no cards left") : null));
  const pending = view.pending ? h("p", { class: "pending" }, "Your submission (you may still replace it): ",
    view.pending.cards ? view.pending.cards.map((v) => card(v)) : null,
    view.pending.plays ? view.pending.plays.map((p) => `${p.value} against ${seatName(game, p.opponent)} `) : null,
    view.pending.doubles ? ` ${view.pending.doubles} doubles` : "") : null;
  const turns = view.turns.length ? h("table", { class: "turns" },
    h("caption", {}, "Resolved turns"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Turn"), h("th", { scope: "col" }, "Matches"),
      h("th", { scope: "col" }, "Scores after"))),
    h("tbody", {}, view.turns.map((t) => h("tr", {},
      h("td", {}, `${t.turn} (×${t.multiplier})`),
      h("td", {}, t.matches.map((m) => `${m.values[0]}–${m.values[1]}`).join(", ")),
      h("td", {}, t.scores_after.join(" / ")))))) : null;
  return h("div", { class: "board tribute" },
    h("p", {}, `${o.blind ? "Blind Tribute" : "Tribute"}: total ${o.card_total}`,
      o.specials ? `, doubles cost ${o.double_cost} (at most ${o.max_doubles})` : ", no doubles",
      `. ${view.phase === "selection" ? "Selection" : view.phase === "turn" ? `Turn ${view.turn} of 5` : "Finished"}.`),
    h("div", { class: "seats" }, seats), pending, turns);
}

let uid = 0;
function radioGroup(legend, name, options, onChange, selected) {
  uid += 1;
  return h("fieldset", { class: "radios" }, h("legend", {}, legend),
    options.map(([value, label]) => {
      const id = `${name}-${uid}-${value}`;
      return h("span", { class: "radio" },
        h("input", { type: "radio", id, name: `${name}-${uid}`, value, checked: value === selected,
          onchange: () => onChange(value) }),
        h("label", { for: id }, label));
    }));
}

/** Tribute's own controls; `submit(move)` posts it. */
export function controls(game, legal, submit) {
  const lm = legal.legal_moves;
  if (lm.type === "select") return selection(lm, submit);
  if (lm.type === "orders") return orders(game, lm, submit);
  return null;
}

function selection(lm, submit) {
  const counts = Array(10).fill(0);
  let doubles = lm.totals[0].doubles;
  const status = h("p", { class: "check", "aria-live": "polite", id: "selection-status" });
  const send = h("button", { type: "button", class: "primary", onclick: () => {
    const cards = counts.flatMap((n, v) => Array(n).fill(v));
    submit({ type: "select", cards, doubles });
  } }, "Submit selection");
  const chosen = h("div", { class: "hand", role: "group", "aria-label": "Your selection" });
  const countCells = [];
  function update() {
    const n = counts.reduce((a, b) => a + b, 0);
    const sum = counts.reduce((a, c, v) => a + c * v, 0);
    const need = lm.totals.find((t) => t.doubles === doubles).total;
    const ok = n === lm.card_count && sum === need;
    status.textContent = `${n} of ${lm.card_count} cards, total ${sum} of ${need}` +
      (ok ? " — ready." : n > lm.card_count ? " — too many cards." : sum > need ? " — total too high." : ".");
    status.className = ok ? "check ok" : "check";
    send.disabled = !ok;
    chosen.replaceChildren(...counts.flatMap((c, v) => Array(c).fill(0).map(() => card(v))));
    countCells.forEach((cell, v) => { cell.textContent = String(counts[v]); });
  }
  const grid = h("div", { class: "value-grid" }, counts.map((_, v) => {
    const cell = h("output", { "aria-label": `number of ${v}s` }, "0");
    countCells.push(cell);
    return h("div", { class: "value" },
      card(v),
      h("button", { type: "button", "aria-label": `Remove a ${v}`, "data-remove": v,
        onclick: () => { if (counts[v] > 0) counts[v] -= 1; update(); } }, "−"),
      cell,
      h("button", { type: "button", "aria-label": `Add a ${v}`, "data-add": v,
        onclick: () => { if (counts.reduce((a, b) => a + b, 0) < lm.card_count) counts[v] += 1; update(); } }, "+"));
  }));
  const doublesChoice = lm.totals.length > 1 ? radioGroup("Doubles bought", "doubles",
    lm.totals.map((t) => [String(t.doubles), `${t.doubles} (total ${t.total})`]),
    (value) => { doubles = Number(value); update(); }, String(doubles)) : null;
  update();
  return h("section", { class: "controls", "aria-label": "Your selection" },
    h("h2", {}, "Choose ten values"), doublesChoice, grid, chosen, status,
    h("div", { class: "row" }, send,
      h("button", { type: "button", onclick: () => { counts.fill(0); update(); } }, "Clear")));
}

function orders(game, lm, submit) {
  const values = lm.values;
  const picks = {};
  let doubles = 0;
  const status = h("p", { class: "check", "aria-live": "polite" });
  const send = h("button", { type: "button", class: "primary", onclick: () => submit({
    type: "orders", turn: lm.turn, doubles,
    plays: lm.opponents.map((opponent) => ({ opponent, value: picks[opponent] })),
  }) }, `Submit orders for turn ${lm.turn}`);
  function update() {
    const chosen = lm.opponents.map((o) => picks[o]);
    const complete = chosen.every((v) => v !== undefined);
    let ok = complete;
    let text = complete ? `Playing ${chosen.join(" and ")}` : "Pick a value against each opponent";
    if (values.type === "hand" && complete) {
      const hand = [...values.hand];
      for (const v of chosen) {
        const at = hand.indexOf(v);
        if (at < 0) ok = false; else hand.splice(at, 1);
      }
      if (!ok) text += " — you do not hold both.";
    }
    if (values.type === "blind") {
      const range = values.sums.find((s) => s.doubles === doubles);
      const sum = complete ? chosen[0] + chosen[1] : null;
      if (!range) { ok = false; text = `${doubles} doubles are not possible now`; }
      else {
        text = complete ? `Sum ${sum}, allowed ${range.min_sum}–${range.max_sum} with ${doubles} doubles`
          : `Sum must be ${range.min_sum}–${range.max_sum} with ${doubles} doubles`;
        if (complete && (sum < range.min_sum || sum > range.max_sum)) ok = false;
      }
    }
    status.textContent = text + (ok ? " — ready." : ".");
    status.className = ok ? "check ok" : "check";
    send.disabled = !ok;
  }
  const valueOptions = values.type === "hand"
    ? [...new Set(values.hand)].map((v) => [String(v), String(v)])
    : Array.from({ length: 10 }, (_, v) => [String(v), String(v)]);
  const groups = lm.opponents.map((opponent) => radioGroup(`Against ${seatName(game, opponent)}`,
    `against-${opponent}`, valueOptions, (value) => { picks[opponent] = Number(value); update(); }));
  const maxDoubles = values.type === "hand" ? values.doubles_left
    : Math.max(0, ...values.sums.map((s) => s.doubles));
  const doublesChoice = maxDoubles > 0 ? radioGroup("Doubles to play", "play-doubles",
    Array.from({ length: maxDoubles + 1 }, (_, d) => [String(d), String(d)]),
    (value) => { doubles = Number(value); update(); }, "0") : null;
  update();
  return h("section", { class: "controls", "aria-label": "Your orders",
    "data-sums": values.type === "blind" ? JSON.stringify(values.sums) : undefined },
    h("h2", {}, `Orders for turn ${lm.turn}`),
    values.type === "blind" ? h("p", {}, `Remaining total ${values.remaining}, ${values.plays_left} plays left; `
      + `charge (values + ${values.double_cost} per double) ${values.charge_min}–${values.charge_max}.`) : null,
    groups, doublesChoice, status, send);
}
