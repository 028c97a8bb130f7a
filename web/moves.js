// Legal moves as controls. The server lists every legal move as a postable object; the picker
// asks for one field at a time (first `type`, then the fields on which the remaining moves
// differ), offering only values some legal move has, until one move is left to confirm.
import { h } from "./dom.js";
import { describe, humanize, valueText } from "./words.js";

const ABSENT = "\u0000absent";

function key(value) {
  return value === undefined ? ABSENT : JSON.stringify(value);
}

function fieldsOf(moves) {
  const order = ["type"];
  for (const move of moves) {
    for (const field of Object.keys(move)) if (!order.includes(field)) order.push(field);
  }
  return order;
}

/**
 * Builds the picker. `kind` is the game module (its `choice(field, value, game)` draws a value,
 * e.g. a card), `submit(move)` posts the move. Returns a section element.
 */
export function picker(game, moves, kind, submit) {
  const chosen = new Map();
  const section = h("section", { class: "controls", "aria-label": "Your move" });

  function remaining() {
    return moves.filter((move) => [...chosen].every(([field, value]) => key(move[field]) === value));
  }

  function render() {
    const left = remaining();
    const fields = fieldsOf(left);
    const next = fields.find((field) => !chosen.has(field) && new Set(left.map((m) => key(m[field]))).size > 1);
    const steps = [...chosen].map(([field, value]) => h("li", {},
      `${humanize(field)}: ${value === ABSENT ? "none" : valueText(field, JSON.parse(value), game, kind)}`));
    const parts = [h("h2", {}, "Your move")];
    if (steps.length) parts.push(h("ol", { class: "steps", "aria-label": "Chosen so far" }, steps));
    if (next && left.length > 1) {
      const values = [...new Set(left.map((m) => key(m[next])))];
      parts.push(h("fieldset", { class: "choices" },
        h("legend", {}, next === "type" ? "What to do" : `Choose ${humanize(next).toLowerCase()}`),
        h("div", { class: "row wrap" }, values.map((value) => {
          const parsed = value === ABSENT ? undefined : JSON.parse(value);
          const face = value === ABSENT ? "none" : kind.choice?.(next, parsed, game)
            ?? (next === "type" ? humanize(parsed) : valueText(next, parsed, game, kind));
          // The accessible name starts from what the button shows, so speech input finds it.
          const shown = face instanceof Node ? face.textContent : String(face);
          const label = `${humanize(next)}: ${shown}`;
          return h("button", { type: "button", class: "choice", "aria-label": label,
            "data-field": next, "data-value": value === ABSENT ? "" : value,
            onclick: () => { chosen.set(next, value); render(); focusFirst(); } }, face);
        }))));
    } else if (left.length >= 1) {
      const move = left[0];
      parts.push(h("p", { class: "summary" }, describe(move, game, kind)),
        h("button", { type: "button", class: "primary", "data-confirm": "1",
          onclick: () => submit(move) }, "Play this move"));
    }
    if (chosen.size) {
      parts.push(h("button", { type: "button", class: "link", onclick: () => {
        chosen.clear(); render(); focusFirst(); } }, "Start over"));
    }
    section.replaceChildren(...parts);
  }

  function focusFirst() {
    section.querySelector("button")?.focus();
  }

  render();
  return section;
}
