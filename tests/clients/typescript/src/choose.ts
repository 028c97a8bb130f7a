// Picks one legal move from a seat's legal moves. Most games list them, each exactly as it can
// be posted back; Tribute describes them (ten cards adding up to a total; two values from a
// hand or a range of sums), so its move is built from the description.
import type { components } from "../generated/schema.js";

type Schemas = components["schemas"];
export type Move = Schemas["MoveBody"];
type TributeLegal = Schemas["TributeLegalMoves"];
type TributeMove = Schemas["TributeMove"];
// The legal moves of any game: the response is one variant per game kind, told by `kind`.
type LegalMoves = Schemas["LegalMovesResponse"]["legal_moves"];

/** A deterministic generator (mulberry32), so a failing run can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("nothing to pick from");
  return item;
}

function between(low: number, high: number, random: () => number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** A legal move, or null when the seat has nothing to decide. */
export function choose(legal: LegalMoves, random: () => number): Move | null {
  if (Array.isArray(legal)) {
    return legal.length > 0 ? pick<Move>(legal, random) : null;
  }
  return tributeMove(legal, random);
}

function tributeMove(legal: TributeLegal, random: () => number): TributeMove | null {
  switch (legal.type) {
    case "nothing":
      return null;
    case "select": {
      // Ten values spread as evenly as possible over the total required for some doubles.
      const option = pick(legal.totals, random);
      const count = legal.card_count;
      const spread = option.total - legal.min_value * count;
      const cards = Array.from(
        { length: count },
        (_, i) => legal.min_value + Math.floor(spread / count) + (i < spread % count ? 1 : 0),
      );
      if (cards.some((card) => card > legal.max_value)) {
        throw new Error(`no selection of ${count} cards adds up to ${option.total}`);
      }
      return { type: "select", cards, doubles: option.doubles };
    }
    case "orders": {
      const values = legal.values;
      let picked: number[];
      let doubles = 0;
      if (values.type === "hand") {
        // Two different cards of the hand (equal values appear twice when held twice).
        const hand = [...values.hand];
        picked = legal.opponents.map(() => hand.splice(Math.floor(random() * hand.length), 1)[0] ?? 0);
      } else {
        const allowed = pick(values.sums, random);
        const total = between(allowed.min_sum, allowed.max_sum, random);
        const first = between(Math.max(0, total - 9), Math.min(9, total), random);
        picked = [first, total - first];
        doubles = allowed.doubles;
      }
      const plays = legal.opponents.map((opponent, i) => ({ opponent, value: picked[i] ?? 0 }));
      return { type: "orders", turn: legal.turn, plays, doubles };
    }
  }
}
