//! The authorization matrix of `docs/security.md`: every operation against every kind of caller.

use blackbox::{Backend, TestApp};
use reqwest::Method;
use serde_json::{Value, json};

/// Who calls, in the matrix's column order.
const CALLERS: [&str; 5] = ["anonymous", "bad token", "spectator", "other seat", "seat"];

/// (status, problem code); an empty code is a success.
type Expected = [(u16, &'static str); 5];

async fn every_operation_against_every_caller(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let seats = [
        app.player("seat0").await,
        app.player("seat1").await,
        app.player("seat2").await,
        app.player("seat3").await,
    ];
    let spectator = app.player("spectator").await;
    let setup = json!({"hands": [[4, 15], [7, 10], [1, 16], [5, 12]], "first_player": 0});
    let id = app
        .start_game(
            &seats[0],
            &[&seats[1], &seats[2], &seats[3]],
            json!({"kind": "trade_or_duel", "players": 4, "setup": setup}),
        )
        .await;
    // Seat 0 is to act; seat 1 is seated but it is not its decision.
    let tokens = [
        None,
        Some("eyJhbGciOiJIUzI1NiJ9.e30.bad".to_owned()),
        Some(spectator.token.clone()),
        Some(seats[1].token.clone()),
        Some(seats[0].token.clone()),
    ];
    let game = format!("/v1/games/{id}");
    let declare =
        json!({"version": 0, "move": {"type": "declare", "target": 1, "action": "trade"}});
    let unauthorized = (401, "unauthorized");
    let matrix: Vec<(&str, Method, String, Option<Value>, Expected)> = vec![
        (
            "list games",
            Method::GET,
            "/v1/games".to_owned(),
            None,
            [unauthorized, unauthorized, (200, ""), (200, ""), (200, "")],
        ),
        (
            "game kinds",
            Method::GET,
            "/v1/game-kinds".to_owned(),
            None,
            [unauthorized, unauthorized, (200, ""), (200, ""), (200, "")],
        ),
        (
            "create a game",
            Method::POST,
            "/v1/games".to_owned(),
            Some(json!({"kind": "trade_or_duel", "players": 4})),
            [unauthorized, unauthorized, (201, ""), (201, ""), (201, "")],
        ),
        (
            "read the game",
            Method::GET,
            game.clone(),
            None,
            [unauthorized, unauthorized, (200, ""), (200, ""), (200, "")],
        ),
        (
            "join the started game",
            Method::POST,
            format!("{game}/join"),
            Some(json!({})),
            [
                unauthorized,
                unauthorized,
                (409, "not_open"),
                (409, "not_open"),
                (409, "not_open"),
            ],
        ),
        (
            "legal moves",
            Method::GET,
            format!("{game}/legal-moves"),
            None,
            [
                unauthorized,
                unauthorized,
                (403, "not_a_player"),
                (200, ""),
                (200, ""),
            ],
        ),
        (
            "events",
            Method::GET,
            format!("{game}/events"),
            None,
            [unauthorized, unauthorized, (200, ""), (200, ""), (200, "")],
        ),
        (
            "move log before the end",
            Method::GET,
            format!("{game}/moves"),
            None,
            [
                unauthorized,
                unauthorized,
                (409, "game_not_over"),
                (409, "game_not_over"),
                (409, "game_not_over"),
            ],
        ),
        (
            "submit a move",
            Method::POST,
            format!("{game}/moves"),
            Some(declare),
            [
                unauthorized,
                unauthorized,
                (403, "not_a_player"),
                (422, "not_your_decision"),
                (200, ""),
            ],
        ),
        (
            "a profile",
            Method::GET,
            "/v1/accounts/seat1".to_owned(),
            None,
            [unauthorized, unauthorized, (200, ""), (200, ""), (200, "")],
        ),
        (
            "a leaderboard",
            Method::GET,
            "/v1/leaderboards/trade_or_duel".to_owned(),
            None,
            [unauthorized, unauthorized, (200, ""), (200, ""), (200, "")],
        ),
        (
            "health",
            Method::GET,
            "/healthz".to_owned(),
            None,
            [(200, ""), (200, ""), (200, ""), (200, ""), (200, "")],
        ),
    ];

    let mut refusals = Vec::new();
    for (operation, method, path, body, expected) in matrix {
        for ((caller, token), (status, code)) in CALLERS.iter().zip(&tokens).zip(expected) {
            let reply = app
                .request(method.clone(), &path, token.as_deref(), body.clone())
                .await;
            let context = format!("{operation} as {caller}: {}", reply.text);
            assert_eq!(reply.status, status, "{context}");
            if code.is_empty() {
                continue;
            }
            reply.assert_problem(status, code);
            if status == 401 {
                refusals.push(reply.text);
            }
        }
    }
    // The seat's view holds its own hand; the spectator's holds none.
    let seat_view = app.game(&seats[0], &id).await;
    let spectator_view = app.game(&spectator, &id).await;
    assert_eq!(seat_view["view"]["hand"].as_array().map(Vec::len), Some(2));
    assert!(spectator_view["view"]["hand"].is_null(), "{spectator_view}");
    assert!(!refusals.is_empty());
}

on_every_backend!(every_operation_against_every_caller);
