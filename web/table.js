// One game's table: the board drawn from the caller's view, whose turn, the deadline, the
// caller's legal moves as controls, the last events in words; kept live by the game stream.
import { api, follow, Problem, session } from "./api.js";
import { deadlineBadge, fill, h, toast } from "./dom.js";
import { picker } from "./moves.js";
import { describe, EVENT_TYPES, KIND_NAMES, seatName } from "./words.js";
import * as tribute from "./games/tribute.js";
import * as trickyTribes from "./games/tricky_tribes.js";
import * as intrigue from "./games/intrigue.js";
import * as tradeOrDuel from "./games/trade_or_duel.js";

export const KINDS = { tribute, tricky_tribes: trickyTribes, intrigue, trade_or_duel: tradeOrDuel };

/** Every event of a game the caller may see, page by page. */
export async function allEvents(id, after = 0) {
  const events = [];
  for (;;) {
    /** @type {EventPage} */
    const page = await api("GET", `/v1/games/${id}/events?after=${after}`);
    events.push(...page.events);
    if (!page.events.length || page.events.at(-1).seq >= page.last_seq) return { events, last: page.last_seq };
    after = page.events.at(-1).seq;
  }
}

/** Shows the table of game `id` in `main`; returns a function that stops following it. */
export function showTable(main, id) {
  /** @type {Game} */
  let game = null;
  /** @type {LegalMovesResponse} */
  let legal = null;
  let legalKey = "";
  let events = [];
  let stop = () => {};
  let refreshing = null;
  let again = false;
  const status = h("div", { class: "status" });
  const board = h("div", { class: "board-area" });
  const controls = h("div", { class: "controls-area" });
  const problem = h("p", { class: "problem", role: "alert" });
  const log = h("ol", { class: "log", reversed: true });
  const heading = h("h1", {}, "Game");
  fill(main, heading, status, problem,
    h("div", { class: "table-layout" },
      h("div", {}, h("h2", { class: "table-title" }, "Table"), board, controls),
      h("section", { class: "events", "aria-label": "Last events" }, h("h2", {}, "Last events"), log)));

  async function refresh() {
    if (refreshing) { again = true; return refreshing; }
    refreshing = (async () => {
      do {
        again = false;
        game = await api("GET", `/v1/games/${id}`);
        legal = game.your_seat !== null && game.status === "active"
          ? await api("GET", `/v1/games/${id}/legal-moves`) : null;
        render();
      } while (again);
    })().catch(showProblem).finally(() => { refreshing = null; });
    return refreshing;
  }

  function showProblem(error) {
    if (error instanceof Problem && error.code === "stale_version") {
      problem.textContent = "The game moved on before your move arrived; the table is up to date again, choose anew.";
    } else {
      problem.textContent = error instanceof Problem ? `Refused: ${error.detail}` : String(error.message || error);
    }
  }

  async function submit(move, retried = false) {
    problem.textContent = "";
    try {
      await api("POST", `/v1/games/${id}/moves`, { version: legal.version, move });
      toast(retried ? "The game moved on meanwhile; your move was still legal and is played" : "Move played");
      legalKey = "";
      await refresh();
    } catch (error) {
      if (error instanceof Problem && error.status === 409) {
        await refresh();
        // The game moved on while the player chose: the same move, if still legal on the new
        // version, is what the player asked for.
        const wanted = JSON.stringify(move);
        const still = Array.isArray(legal?.legal_moves)
          && legal.legal_moves.some((m) => JSON.stringify(m) === wanted);
        if (!retried && error.code === "stale_version" && still) return submit(move, true);
      }
      showProblem(error);
    }
  }

  function render() {
    const kind = KINDS[game.kind];
    heading.textContent = `${KIND_NAMES[game.kind] || game.kind} — ${game.status}`;
    document.title = `${KIND_NAMES[game.kind]} — Cardtable`;
    const toAct = game.to_act || [];
    const yourTurn = game.your_seat !== null && toAct.includes(game.your_seat);
    // What a test (or a curious reader of the page) can wait on.
    status.dataset.version = String(game.version);
    status.dataset.status = game.status;
    fill(status,
      h("p", { class: "who" }, game.your_seat === null ? "You are watching. " : `You sit in seat ${game.your_seat + 1}. `,
        game.status === "active" ? (yourTurn ? h("strong", { class: "your-turn" }, "Your turn. ")
          : `Waiting for ${toAct.map((s) => seatName(game, s)).join(", ") || "the game"}. `) : null,
        game.deadline_at ? deadlineBadge(game.deadline_at) : null),
      h("p", { class: "muted" }, "Players: ", Array.from({ length: game.players }, (_, s) => seatName(game, s)).join(", ")),
      game.status === "open" ? lobbyActions() : null,
      game.status === "finished" ? finished() : null);
    if (game.view) fill(board, kind.board(game));
    else fill(board, h("p", {}, "The game starts when every seat is taken."));
    const key = JSON.stringify(legal);
    if (key !== legalKey) {
      legalKey = key;
      fill(controls, moveControls(kind));
    }
    fill(log, events.slice(-15).reverse().map((e) => h("li", {}, describe(e.event, game, kind))));
  }

  function moveControls(kind) {
    if (!legal) return null;
    const moves = legal.legal_moves;
    if (Array.isArray(moves)) {
      if (!moves.length) return h("p", { class: "muted" }, "Nothing for you to decide now.");
      return picker(game, moves, kind, submit);
    }
    if (moves.type === "nothing") return null;
    return kind.controls?.(game, legal, submit) ?? h("p", {}, "No controls for this decision.");
  }

  function lobbyActions() {
    const account = session()?.account;
    const seated = game.seats.some((s) => s.account_id === account?.id);
    const creator = game.seats[0]?.account_id === account?.id;
    const act = (method, path, done) => async () => {
      try {
        await api(method, path);
        toast(done);
        await refresh();
      } catch (error) { showProblem(error); }
    };
    return h("div", { class: "row wrap" },
      h("p", {}, `Invite link: `, h("a", { href: location.href }, location.href)),
      seated ? null : h("button", { type: "button", class: "primary", onclick: act("POST", `/v1/games/${id}/join`, "Joined") }, "Join this game"),
      seated && !creator ? h("button", { type: "button", onclick: act("POST", `/v1/games/${id}/leave`, "Left") }, "Leave") : null,
      creator ? h("button", { type: "button", onclick: act("DELETE", `/v1/games/${id}`, "Cancelled") }, "Cancel the game") : null);
  }

  function finished() {
    const outcome = game.outcome;
    return h("div", { class: "outcome" },
      outcome ? h("p", {}, h("strong", {}, `Winner${outcome.winners.length > 1 ? "s" : ""}: ${outcome.winners.map((s) => seatName(game, s)).join(", ")}. `),
        "Places: ", outcome.ranking.map((r) => `${seatName(game, r.seat)} ${r.place}`).join(", ")) : null,
      h("a", { href: `#/replay/${id}`, class: "button" }, "Step through the moves"));
  }

  function listen(last) {
    /** @type {Record<string, (data: any) => void>} */
    const handlers = {};
    for (const type of EVENT_TYPES[game.kind] || []) {
      handlers[type] = (entry) => {
        if (events.length && entry.seq <= events.at(-1).seq) return;
        events.push(entry);
        refresh().then(() => {
          if (game.status === "finished") stop();
        });
      };
    }
    // Read the game again once the stream is open (and after every reconnect): whatever
    // happened between the first read and the stream's start is then on the table too.
    stop = follow(`/v1/games/${id}/stream-tickets`, handlers, { after: last, onOpen: () => refresh() });
  }

  (async () => {
    try {
      await refresh();
      if (!game) return;
      if (game.status !== "open") {
        const all = await allEvents(id);
        events = all.events;
        render();
        if (game.status === "active") listen(all.last);
      } else {
        listen(0);
      }
    } catch (error) { showProblem(error); }
  })();
  return () => stop();
}
