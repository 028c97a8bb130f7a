//! One example request (where there is a body) and one example success response (where it has
//! a body) per operation, taken from a real game of Trade or Duel. The contract linters check each against its schema.

use serde_json::{Value, json};
use utoipa::openapi::{OpenApi, RefOr};

const ALICE: &str = "97d6b9a3-c7ff-4771-8115-47ca15789b48";
const BOB: &str = "f06c3f57-d377-4a7e-9b25-9c2890fd737f";
const CAROL: &str = "ee454f82-8f96-45c4-9734-02c840f15e5c";
const DAVE: &str = "494bed2e-c5d9-4113-8858-dc8742b12990";
const GAME: &str = "58212666-d4b6-440b-8dd7-8745bc21461a";
const SEED: &str = "6a3db5f9f3f2acb34b7ece37629ffcbc0cb09875c73276f4d77aa0b35575980e";
const NONCE: &str = "3f9c0e5b7a12d4e86b0c9f2a51e7d3b4c8a6f0e1d2b3c4a5968778695a4b3c2d";
/// SHA-256 of `NONCE` followed by `SEED`.
const COMMITMENT: &str = "b7744568eb15469f6a0913beb0ac45d30a72597a3f15ab25416d49c4b061e440";
const TOKEN: &str = "0b7e4c1d-2f3a-4e5b-9c6d-7e8f9a0b1c2d";
const CREATED_AT: i64 = 1_795_481_714;
const SESSION: &str = "1b3f0d2e-6a4c-4e8f-9d71-25c8a0b6e431";
const OTHER_SESSION: &str = "c90a7e15-3d2b-4f68-8a4e-7b1d6c2f9053";
const REFRESH_TOKEN: &str = "ctr_9c41e0d7b25a6f83c1d4e7a09b62f5c38e1a4d70b9c25f6e83d1a47c0b9e26f5";
const STARTED_AT: i64 = 1_795_481_717;

/// An operation's examples: the request body (if it has one) and the success response.
struct Examples {
    operation_id: &'static str,
    request: Option<Value>,
    status: &'static str,
    response: Value,
}

fn credentials() -> Value {
    json!({"username": "alice", "password": "correct horse battery"})
}

fn account() -> Value {
    json!({"id": ALICE, "username": "alice", "created_at": 1_795_481_697})
}

/// An export: one ticket, one game in play with the one move the account made so far.
fn account_export() -> Value {
    json!({
        "account": account(),
        "stream_tickets": [{"scope": "me", "expires_at": CREATED_AT + 900}],
        "games": [{
            "id": GAME, "kind": "trade_or_duel", "status": "active", "players": 4, "seat": 0,
            "created_by_you": true, "joined_at": CREATED_AT, "created_at": CREATED_AT,
            "started_at": CREATED_AT + 60, "finished_at": null, "outcome": null,
            "final_view": null,
            "moves": [{"seq": 1, "version": 1, "seat": 0, "move": declare(), "hidden": false,
                       "expired": false, "now": CREATED_AT + 75}],
        }],
    })
}

fn seats(count: usize) -> Value {
    let seats = [
        ("alice", ALICE),
        ("bob", BOB),
        ("carol", CAROL),
        ("dave", DAVE),
    ]
    .iter()
    .take(count)
    .enumerate()
    .map(|(seat, (username, id))| {
        json!({"seat": seat, "account_id": id, "username": username, "deleted": false})
    })
    .collect();
    Value::Array(seats)
}

/// The game as `your_seat` sees it, before it starts (one seat per player so far).
fn open_game(seated: usize, your_seat: usize) -> Value {
    json!({
        "id": GAME, "kind": "trade_or_duel", "status": "open", "version": 0, "players": 4,
        "options": {"turns_each": 3}, "fixed_setup": false, "rated": true, "seats": seats(seated), "bots": [],
        "your_seat": your_seat, "to_act": [], "deadline_at": null,
        "seed_commitment": COMMITMENT, "commitment_scheme": "sha256(nonce||seed)", "seed": null,
        "seed_nonce": null, "created_at": CREATED_AT,
        "started_at": null, "finished_at": null, "outcome": null, "view": null,
        "visibility": "public", "rematch_id": null
    })
}

fn seat_views() -> Value {
    let seat = |seat: u8| json!({"seat": seat, "hand_size": 2, "eliminated": false, "elimination_index": null});
    json!([seat(0), seat(1), seat(2), seat(3)])
}

/// The game as seat 0 sees it at `version`, with `interaction` under way.
fn active_game(version: i64, phase: &str, interaction: Value, to_act: u8) -> Value {
    json!({
        "id": GAME, "kind": "trade_or_duel", "status": "active", "version": version,
        "players": 4, "options": {"turns_each": 3}, "fixed_setup": false, "rated": true, "seats": seats(4),
        "bots": [], "your_seat": 0, "to_act": [to_act], "deadline_at": null,
        "seed_commitment": COMMITMENT, "commitment_scheme": "sha256(nonce||seed)", "seed": null,
        "seed_nonce": null, "created_at": CREATED_AT,
        "started_at": STARTED_AT, "finished_at": null, "outcome": null,
        "view": {
            "kind": "trade_or_duel", "viewer": 0, "phase": phase, "round": 1, "extra_round": false,
            "first_player": 0, "active": 0, "interaction": interaction, "seats": seat_views(),
            "set_aside_count": 10, "discard": [], "deadline": null,
            "options": {"players": 4, "turns_each": 3, "first_player": "random", "deadline_secs": null},
            "hand": [3, 13], "committed_cards": null, "last_comparison": null, "result": null
        },
        "visibility": "public", "rematch_id": null
    })
}

fn declare() -> Value {
    json!({"type": "declare", "target": 1, "action": "duel"})
}

fn duel_declared() -> Value {
    json!({
        "active": 0, "target": 1, "action": "duel", "count": null, "count_how": null,
        "active_committed": false, "target_committed": false
    })
}

fn kind_info() -> Value {
    json!([{
        "id": "trade_or_duel", "name": "Trade or Duel", "min_players": 4, "max_players": 9,
        "options": [
            {"key": "turns_each", "value_type": "integer", "default": 3, "allowed": "1..10",
             "description": "Regular rounds, i.e. turns each survivor takes before the first comparison."},
            {"key": "first_player", "value_type": "string or integer", "default": "random",
             "allowed": "\"random\" or a seat 0..players-1",
             "description": "Who takes the first turn; \"random\" draws a seat with the game's RNG."},
            {"key": "deadline_secs", "value_type": "integer or null", "default": null,
             "allowed": "null or 10..86400",
             "description": "Seconds allowed for each decision point; null means no deadline."}
        ]
    }])
}

fn legal_moves() -> Value {
    let declare =
        |target: u8, action: &str| json!({"type": "declare", "target": target, "action": action});
    json!({
        "kind": "trade_or_duel", "version": 0, "seat": 0,
        "legal_moves": [
            declare(1, "trade"), declare(1, "duel"), declare(2, "trade"),
            declare(2, "duel"), declare(3, "trade"), declare(3, "duel")
        ]
    })
}

fn events() -> Value {
    json!({
        "kind": "trade_or_duel",
        "events": [
            {"seq": 1, "version": 0,
             "event": {"kind": "trade_or_duel", "type": "turn_started", "round": 1, "extra": false, "seat": 0}},
            {"seq": 2, "version": 1,
             "event": {"kind": "trade_or_duel", "type": "declared", "active": 0, "target": 1, "action": "duel", "by_default": false}}
        ],
        "last_seq": 2
    })
}

fn move_log() -> Value {
    let input = |version: i64, seat: u8, mv: Value| json!({"seq": version, "version": version, "seat": seat, "move": mv, "hidden": false, "expired": false, "now": 1_795_481_728});
    json!({
        "kind": "trade_or_duel", "players": 4, "options": {"turns_each": 3},
        "seed": SEED, "seed_commitment": COMMITMENT, "commitment_scheme": "sha256(nonce||seed)",
        "seed_nonce": NONCE, "setup": null, "started_at": STARTED_AT,
        "inputs": [
            input(1, 0, declare()),
            input(2, 1, json!({"type": "answer", "count": 1})),
            input(3, 0, json!({"type": "choose_cards", "cards": [3]}))
        ]
    })
}

/// The open game after its creator gave seat 3 to a bot (alice and bob seated).
fn game_with_bot() -> Value {
    let mut game = open_game(2, 0);
    game["bots"] = json!([{"seat": 3, "level": "random"}]);
    game
}

fn stream_ticket(path: &str) -> Value {
    let ticket = "5Zq0r3Jm8wS1bUe7yXc2Tg";
    json!({
        "ticket": ticket, "expires_at": 1_795_481_790,
        "url": format!("{path}?ticket={ticket}")
    })
}

/// A few lines of the Prometheus text the metrics endpoint serves.
const METRICS: &str = "# TYPE cardtable_http_requests_total counter
cardtable_http_requests_total{method=\"GET\",route=\"/v1/games/{id}\",status=\"200\"} 12
# TYPE cardtable_open_streams gauge
cardtable_open_streams 2
";

fn all() -> Vec<Examples> {
    let session = json!({
        "access_token": "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI5N2Q2YjlhMy1jN2ZmLTQ3NzEtODExNS00N2NhMTU3ODliNDgiLCJpYXQiOjE3OTU0ODE3MDEsImV4cCI6MTc5NTU2ODEwMX0.PF_SV6v6KA2_rrhBvdNaQEirOsCCVo7anZ80l_vF6sc",
        "token_type": "Bearer", "expires_at": 1_795_482_601, "expires_in": 900,
        "refresh_token": REFRESH_TOKEN, "session_id": SESSION, "account": account()
    });
    let summary = json!({
        "id": GAME, "kind": "trade_or_duel", "status": "active", "players": 4,
        "fixed_setup": false, "rated": true, "seats": seats(4), "bots": [], "created_at": CREATED_AT,
        "to_act": [1], "deadline_at": 1_795_482_317, "rematch_id": null
    });
    let example = |operation_id, request, status, response| Examples {
        operation_id,
        request,
        status,
        response,
    };
    vec![
        example(
            "get_healthz",
            None,
            "200",
            json!({"status": "ok", "database": "sqlite"}),
        ),
        example("post_accounts", Some(credentials()), "201", account()),
        example("post_sessions", Some(credentials()), "201", session.clone()),
        example(
            "refresh_session",
            Some(json!({"refresh_token": REFRESH_TOKEN})),
            "200",
            session,
        ),
        example(
            "list_sessions",
            None,
            "200",
            json!({"sessions": [
                {"id": SESSION, "created_at": 1_795_481_701, "last_used_at": 1_795_481_701,
                 "user_agent": "Mozilla/5.0 (X11; Linux x86_64)", "current": true},
                {"id": OTHER_SESSION, "created_at": 1_795_400_012, "last_used_at": 1_795_478_230,
                 "user_agent": null, "current": false}
            ]}),
        ),
        example("delete_sessions", None, "204", Value::Null),
        example("delete_current_session", None, "204", Value::Null),
        example(
            "get_me",
            None,
            "200",
            json!({"id": ALICE, "username": "alice", "created_at": 1_795_481_697,
                   "credential": {"type": "session", "id": SESSION},
                   "scopes": ["games:read", "games:play", "account:read"]}),
        ),
        example(
            "put_password",
            Some(json!({"current_password": "correct horse battery",
                        "new_password": "a new and longer passphrase"})),
            "204",
            Value::Null,
        ),
        example("get_game_kinds", None, "200", kind_info()),
        example(
            "post_games",
            Some(json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 3}})),
            "201",
            open_game(1, 0),
        ),
        example(
            "list_games",
            None,
            "200",
            json!({"games": [summary], "limit": 20, "next_cursor": null}),
        ),
        example(
            "get_game",
            None,
            "200",
            active_game(0, "awaiting_declaration", Value::Null, 0),
        ),
        example("join_game", None, "200", open_game(2, 1)),
        example("get_legal_moves", None, "200", legal_moves()),
        example(
            "post_moves",
            Some(json!({"version": 0, "move": declare()})),
            "200",
            active_game(1, "awaiting_answer", duel_declared(), 1),
        ),
        example("get_events", None, "200", events()),
        example("get_moves", None, "200", move_log()),
        example("delete_game", None, "204", Value::Null),
        example("leave_game", None, "200", open_game(1, 0)),
        example(
            "post_bots",
            Some(json!({"seat": 3, "level": "random"})),
            "200",
            game_with_bot(),
        ),
        example(
            "get_game_stream",
            None,
            "200",
            json!({"id": "1", "event": "turn_started", "data": json!({"seq": 1, "version": 0,
                   "event": {"kind": "trade_or_duel", "type": "turn_started", "round": 1, "extra": false, "seat": 0}}).to_string()}),
        ),
        example(
            "post_game_stream_tickets",
            None,
            "201",
            stream_ticket(&format!("/v1/games/{GAME}/stream")),
        ),
        example(
            "get_account_stream",
            None,
            "200",
            json!({"event": "your_turn", "data": json!({"type": "your_turn", "game_id": GAME,
                   "kind": "trade_or_duel", "your_seat": 0, "version": 0, "deadline_at": null}).to_string()}),
        ),
        example(
            "post_account_stream_tickets",
            None,
            "201",
            stream_ticket("/v1/me/stream"),
        ),
        example(
            "delete_me",
            Some(json!({"password": "correct horse battery"})),
            "204",
            Value::Null,
        ),
        example("export_me", None, "200", account_export()),
        example(
            "get_metrics",
            None,
            "200",
            Value::String(METRICS.to_owned()),
        ),
        example("get_account_profile", None, "200", profile()),
        example("get_leaderboard", None, "200", leaderboard()),
        example(
            "post_personal_tokens",
            Some(
                json!({"name": "scoreboard bot", "scopes": ["games:read"], "expires_in": 2_592_000}),
            ),
            "201",
            json!({"token": "ctp_6b1f0c3e9a4d27f85e0b13c6d9a2f47e8c5b0d1a3f6e9c2b7d4a0e8f1c3b5d79",
                   "id": TOKEN, "name": "scoreboard bot", "scopes": ["games:read"],
                   "created_at": CREATED_AT, "expires_at": CREATED_AT + 2_592_000}),
        ),
        example(
            "list_personal_tokens",
            None,
            "200",
            json!({"tokens": [{"id": TOKEN, "name": "scoreboard bot", "scopes": ["games:read"],
                   "created_at": CREATED_AT, "expires_at": CREATED_AT + 2_592_000,
                   "last_used_at": STARTED_AT}]}),
        ),
        example("delete_personal_token", None, "204", Value::Null),
        example("get_my_games", None, "200", inbox()),
        example(
            "get_test_clock",
            None,
            "200",
            json!({"now": STARTED_AT, "expired": 0}),
        ),
        example(
            "post_test_clock",
            Some(json!({"advance_secs": 3600})),
            "200",
            json!({"now": STARTED_AT + 3600, "expired": 2}),
        ),
        example("join_by_invite", None, "200", open_game(2, 1)),
        example("get_invite", None, "200", invite_code(INVITE)),
        example(
            "rotate_invite",
            None,
            "200",
            invite_code("m4xq2c7tw9bz3kpe"),
        ),
        example(
            "revoke_invite",
            None,
            "200",
            json!({"game_id": GAME, "code": null, "join_path": null}),
        ),
        example(
            "decline_invitation",
            Some(json!({"reason": "busy this week"})),
            "204",
            Value::Null,
        ),
        example("post_rematch", None, "200", open_game(1, 1)),
    ]
}

/// Alice's profile after a few rated games of Trade or Duel.
fn profile() -> Value {
    let initial = |kind: &str| {
        json!({"kind": kind, "rating": 25.0, "uncertainty": 8.333_333_333_333_334,
               "games": 0, "provisional": true})
    };
    json!({
        "id": ALICE, "username": "alice", "bot": false, "created_at": 1_795_481_697,
        "ratings": [
            initial("tribute"),
            initial("tricky_tribes"),
            initial("intrigue"),
            {"kind": "trade_or_duel", "rating": 27.412_904_733_018_5,
             "uncertainty": 6.021_117_465_834_62, "games": 4, "provisional": true},
        ]
    })
}

/// The first page of Trade or Duel's leaderboard, a bot level among the players.
fn leaderboard() -> Value {
    json!({
        "kind": "trade_or_duel",
        "entries": [
            {"account_id": BOB, "username": "bob", "bot": false, "rating": 31.704_177_029_5,
             "uncertainty": 2.911_082_648_2, "games": 42},
            {"account_id": "b0700000-0000-4000-8000-000000000002", "username": "bot-search",
             "bot": true, "rating": 29.051_337_271_4, "uncertainty": 1.802_215_440_1,
             "games": 318},
        ],
        "limit": 2,
        "next_cursor": "403d0d24707dba98.b0700000000040008000000000000002"
    })
}

const INVITE: &str = "k3q9x2m7p4t8v6wz";

fn invite_code(code: &str) -> Value {
    json!({"game_id": GAME, "code": code, "join_path": format!("/v1/invites/{code}/join")})
}

/// Alice's inbox: her turn in one game with a deadline, waiting in another.
fn inbox() -> Value {
    let entry = |id: &str, to_act: u8, deadline: Option<i64>| {
        json!({"id": id, "kind": "trade_or_duel", "status": "active", "version": 3, "players": 4,
               "your_seat": 0, "to_act": [to_act], "your_turn": to_act == 0,
               "deadline_at": deadline, "updated_at": STARTED_AT + 60})
    };
    json!({
        "games": [
            entry(GAME, 0, Some(STARTED_AT + 660)),
            entry("0b8e5f2c-61d4-4b7a-9f3e-2d5c8a1b7e40", 2, None)
        ],
        "your_turn_count": 1, "limit": 20, "next_cursor": null
    })
}

/// Sets each operation's examples on its JSON request body and success response.
pub fn add(openapi: &mut OpenApi) {
    let mut examples = all();
    for item in openapi.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
        ]
        .into_iter()
        .flatten();
        for operation in operations {
            let Some(index) = examples.iter().position(|example| {
                operation.operation_id.as_deref() == Some(example.operation_id)
            }) else {
                continue;
            };
            let example = examples.swap_remove(index);
            if let (Some(RefOr::T(body)), Some(request)) =
                (operation.request_body.as_mut(), example.request)
                && let Some(RefOr::T(content)) = body.content.get_mut("application/json")
            {
                content.example = Some(request);
            }
            // The success response's one media type: JSON, an event stream's message, or text.
            if let Some(RefOr::T(response)) = operation.responses.responses.get_mut(example.status)
                && let Some(RefOr::T(content)) = response.content.values_mut().next()
            {
                content.example = Some(example.response);
            }
        }
    }
}
