// Turning the API's JSON into words: names of seats, moves and events.

/** "ann", "Bot 2 (search)" or "Seat 3 (open)" for a seat of a game. */
export function seatName(game, seat) {
  if (seat === null || seat === undefined) return "nobody";
  const person = (game.seats || []).find((s) => s.seat === seat);
  if (person) return game.your_seat === seat ? `${person.username} (you)` : person.username;
  const bot = (game.bots || []).find((b) => b.seat === seat);
  if (bot) return `Bot ${seat + 1} (${bot.level})`;
  return `Seat ${seat + 1}`;
}

/** "exchange_discard" → "Exchange discard". */
export function humanize(text) {
  const words = String(text).replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The fields that name a seat, whatever the game calls them.
const SEAT_FIELDS = new Set([
  "seat", "active", "target", "participant", "player", "winner", "loser", "taker", "leader",
  "next_leader", "dealer", "opponent", "starting_player", "first_player", "holder",
]);
const ACTOR_FIELDS = ["seat", "active", "participant", "player"];
const QUIET_FIELDS = new Set(["type", "timeout", "by_default", "index", "version"]);

/**
 * One event (or move) in words: "ann: card played — card Q♥, face closed". The game module
 * formats its own cards (`kindModule.valueText(field, value)`); what is left is listed plainly.
 */
export function describe(item, game, kindModule) {
  const custom = kindModule.describe?.(item, game);
  if (custom) return custom;
  const actorField = ACTOR_FIELDS.find((field) => typeof item[field] === "number");
  const actor = actorField ? `${seatName(game, item[actorField])}: ` : "";
  const parts = [];
  for (const [key, value] of Object.entries(item)) {
    if (QUIET_FIELDS.has(key) || key === actorField || value === null || value === false) continue;
    parts.push(`${key.replaceAll("_", " ")} ${valueText(key, value, game, kindModule)}`);
  }
  const text = `${actor}${humanize(item.type || "move")}${parts.length ? " — " + parts.join(", ") : ""}`;
  return text.length > 240 ? text.slice(0, 237) + "…" : text;
}

/** One field's value in words. */
export function valueText(key, value, game, kindModule) {
  const own = kindModule.valueText?.(key, value, game);
  if (own !== undefined && own !== null) return own;
  if (value === null || value === undefined) return "hidden";
  if (SEAT_FIELDS.has(key) && typeof value === "number") return seatName(game, value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map((item) => valueText(key, item, game, kindModule)).join(" ");
  }
  if (value && typeof value === "object") {
    return "(" + Object.entries(value)
      .filter(([, v]) => v !== null && v !== false)
      .map(([k, v]) => `${k.replaceAll("_", " ")} ${valueText(k, v, game, kindModule)}`)
      .join(", ") + ")";
  }
  if (value === true) return "yes";
  return typeof value === "string" ? value.replaceAll("_", " ") : String(value);
}

/** The SSE event names of each kind's game stream (the stream names each event by its type). */
export const EVENT_TYPES = {
  tribute: ["phase_started", "selection_submitted", "orders_submitted", "selection_closed",
    "turn_resolved", "game_finished"],
  tricky_tribes: ["round_started", "exchange_passed", "exchange_drew", "exchange_discarded",
    "trimmed", "trick_started", "card_played", "trick_judged", "round_scored", "game_ended"],
  intrigue: ["game_started", "round_started", "deadline_missed", "token_taken",
    "played_face_down", "played_face_up", "oracle_played", "oracle_discarded",
    "assassination_played", "virtue_played", "spy_played", "manipulate_played",
    "misinformation_played", "lies_played", "relationship_played", "favor_played",
    "round_scored", "game_ended"],
  trade_or_duel: ["turn_started", "declared", "count_set", "committed", "trade_resolved",
    "duel_resolved", "eliminated", "hands_compared", "game_ended"],
};

export const KIND_NAMES = {
  tribute: "Tribute",
  tricky_tribes: "Tricky Tribes",
  intrigue: "Intrigue",
  trade_or_duel: "Trade or Duel",
};
