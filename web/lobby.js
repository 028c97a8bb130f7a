// The lobby: log in or register; the caller's games (with "your turn" and the deadline from
// the account stream), open games to join, games to watch, and a form for a new game.
import { api, follow, Problem, saveSession } from "./api.js";
import { deadlineBadge, fill, h, toast } from "./dom.js";
import { KIND_NAMES } from "./words.js";

let fieldId = 0;
function field(label, input) {
  fieldId += 1;
  const id = input.id || `field-${fieldId}`;
  input.id = id;
  return h("div", { class: "field" }, h("label", { for: id }, label), input);
}

/** The log-in and registration form. */
export function showLogin(main, done) {
  const username = h("input", { name: "username", autocomplete: "username", required: true,
    minlength: 1, maxlength: 64 });
  const password = h("input", { name: "password", type: "password", autocomplete: "current-password",
    required: true, minlength: 8 });
  const problem = h("p", { class: "problem", role: "alert" });
  async function go(register) {
    problem.textContent = "";
    const body = { username: username.value.trim(), password: password.value };
    try {
      if (register) await api("POST", "/v1/accounts", body);
      /** @type {Session} */
      const session = await api("POST", "/v1/sessions", body);
      saveSession(session);
      done();
    } catch (error) {
      problem.textContent = error instanceof Problem ? error.detail : String(error);
    }
  }
  const form = h("form", { class: "card-box", onsubmit: (e) => { e.preventDefault(); go(false); } },
    h("h1", {}, "Play Cardtable"),
    h("p", {}, "Four hidden-information card games against people or the server's bots."),
    field("Username", username), field("Password (at least 8 characters)", password), problem,
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary" }, "Log in"),
      h("button", { type: "button", onclick: () => go(true) }, "Register")));
  fill(main, form);
  username.focus();
}

/** The lobby; returns a function that stops following the account. */
export function showLobby(main) {
  const turns = new Map();
  const mine = h("div", {});
  const open = h("div", {});
  const watch = h("div", {});
  const problem = h("p", { class: "problem", role: "alert" });
  const form = h("div", {});
  fill(main, h("h1", {}, "Lobby"), problem,
    h("div", { class: "lobby" },
      h("section", { "aria-labelledby": "mine-h" }, h("h2", { id: "mine-h" }, "Your games"), mine),
      h("section", { "aria-labelledby": "new-h" }, h("h2", { id: "new-h" }, "New game"), form),
      h("section", { "aria-labelledby": "open-h" }, h("h2", { id: "open-h" }, "Open games to join"), open),
      h("section", { "aria-labelledby": "watch-h" }, h("h2", { id: "watch-h" }, "Games to watch"), watch,
        watchById())));

  function gameRow(game, action) {
    const turn = turns.get(game.id);
    const names = game.seats.map((s) => s.username).concat((game.bots || []).map((b) => `bot (${b.level})`));
    return h("li", { class: `game-row ${turn ? "turn" : ""}` },
      h("a", { href: `#/game/${game.id}` }, `${KIND_NAMES[game.kind] || game.kind}, ${game.players} players`),
      ` — ${game.status}; ${names.join(", ")}`,
      turn ? h("strong", { class: "your-turn" }, " Your turn") : null,
      turn?.deadline_at ? deadlineBadge(turn.deadline_at, " — ") : null,
      action);
  }

  function list(target, games, empty, action) {
    fill(target, games.length ? h("ul", { class: "games" }, games.map((g) => gameRow(g, action?.(g))))
      : h("p", { class: "muted" }, empty));
  }

  let reloading = 0;
  async function reload() {
    clearTimeout(reloading);
    reloading = setTimeout(async () => {
      try {
        /** @type {GamePage[]} */
        const [own, joinable, active] = await Promise.all([
          api("GET", "/v1/games?mine=true&limit=30"),
          api("GET", "/v1/games?status=open&limit=20"),
          api("GET", "/v1/games?status=active&limit=20"),
        ]);
        const ownIds = new Set(own.games.map((g) => g.id));
        const ownShown = own.games;
        ownShown.sort((a, b) => Number(turns.has(b.id)) - Number(turns.has(a.id)));
        list(mine, ownShown, "None yet: create one below.");
        list(open, joinable.games, "No open game right now.", (g) => h("button", { type: "button",
          "aria-label": `Join the ${KIND_NAMES[g.kind]} game`, onclick: async () => {
            try {
              await api("POST", `/v1/games/${g.id}/join`);
              location.hash = `#/game/${g.id}`;
            } catch (error) { problem.textContent = error.detail || String(error); }
          } }, "Join"));
        list(watch, active.games.filter((g) => !ownIds.has(g.id)), "Nothing being played by others.",
          (g) => h("a", { href: `#/game/${g.id}`, class: "button", "aria-label": `Watch the ${KIND_NAMES[g.kind]} game` }, "Watch"));
      } catch (error) { problem.textContent = error.detail || String(error); }
    }, 50);
  }

  function watchById() {
    const input = h("input", { name: "game", placeholder: "game id", pattern: "[0-9a-fA-F-]{36}" });
    return h("form", { class: "row", onsubmit: (e) => {
      e.preventDefault();
      if (input.value.trim()) location.hash = `#/game/${input.value.trim()}`;
    } }, field("Watch a game by id", input), h("button", { type: "submit" }, "Watch"));
  }

  newGameForm(form, problem);
  reload();
  return follow("/v1/me/stream-tickets", {
    your_turn: (e) => { turns.set(e.game_id, e); reload(); },
    game_started: () => reload(),
    game_finished: (e) => { turns.delete(e.game_id); reload(); },
    game_cancelled: (e) => { turns.delete(e.game_id); reload(); },
  }, { onOpen: () => { turns.clear(); } });
}

async function newGameForm(target, problem) {
  /** @type {GameKindInfo[]} */
  const kinds = await api("GET", "/v1/game-kinds");
  const kind = h("select", { name: "kind" }, kinds.map((k) => h("option", { value: k.id }, k.name)));
  const players = h("input", { name: "players", type: "number" });
  const options = h("fieldset", { class: "options" });
  const seats = h("fieldset", { class: "seats-form" });
  function chosenKind() { return kinds.find((k) => k.id === kind.value); }
  function drawOptions() {
    const k = chosenKind();
    players.min = k.min_players;
    players.max = k.max_players;
    if (!players.value || players.value < k.min_players || players.value > k.max_players) {
      players.value = k.min_players;
    }
    fill(options, h("legend", {}, "Options (blank: the default)"), k.options.map((o) => {
      let input;
      if (o.value_type === "boolean") {
        input = h("select", { name: o.key, "data-option": o.key, "data-type": "boolean" },
          h("option", { value: "" }, `default (${o.default ?? "by the players"})`),
          h("option", { value: "true" }, "yes"), h("option", { value: "false" }, "no"));
      } else {
        const numeric = o.value_type.startsWith("integer");
        input = h("input", { name: o.key, "data-option": o.key, "data-type": numeric ? "integer" : "json",
          inputmode: numeric ? "numeric" : undefined,
          placeholder: o.default === null ? "default" : JSON.stringify(o.default) });
      }
      const row = field(o.key.replaceAll("_", " "), input);
      row.append(h("small", {}, `${o.description} Allowed: ${o.allowed}.`));
      return row;
    }));
    drawSeats();
  }
  function drawSeats() {
    const n = Number(players.value) || chosenKind().min_players;
    fill(seats, h("legend", {}, "Seats (you take seat 1)"),
      Array.from({ length: n - 1 }, (_, i) => field(`Seat ${i + 2}`, h("select", { "data-seat": i + 1 },
        h("option", { value: "random" }, "Bot: random"),
        h("option", { value: "search" }, "Bot: search"),
        h("option", { value: "" }, "Open for a person")))));
  }
  kind.addEventListener("change", drawOptions);
  players.addEventListener("change", drawSeats);
  const create = async (event) => {
    event.preventDefault();
    problem.textContent = "";
    const body = { kind: kind.value, players: Number(players.value), options: {} };
    try {
      for (const input of options.querySelectorAll("[data-option]")) {
        const text = input.value.trim();
        if (!text) continue;
        if (input.dataset.type === "boolean") body.options[input.dataset.option] = text === "true";
        else if (input.dataset.type === "integer" && /^-?\d+$/.test(text)) body.options[input.dataset.option] = Number(text);
        else {
          try { body.options[input.dataset.option] = JSON.parse(text); }
          catch { body.options[input.dataset.option] = text; }
        }
      }
      body.bots = [...seats.querySelectorAll("[data-seat]")]
        .filter((s) => s.value).map((s) => ({ seat: Number(s.dataset.seat), level: s.value }));
      /** @type {Game} */
      const game = await api("POST", "/v1/games", body);
      toast("Game created");
      location.hash = `#/game/${game.id}`;
    } catch (error) {
      problem.textContent = error instanceof Problem
        ? `Refused: ${error.detail}${error.option ? ` (option ${error.option})` : ""}` : String(error);
    }
  };
  fill(target, h("form", { class: "new-game", onsubmit: create },
    field("Game", kind), field("Players", players), options, seats,
    h("button", { type: "submit", class: "primary" }, "Create and sit down")));
  drawOptions();
}
