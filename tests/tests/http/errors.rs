//! Every error status of the API, provoked over HTTP: always problem+json, never a 500.

use blackbox::{TestApp, per_backend};
use reqwest::Method;
use serde_json::json;

use crate::trade_or_duel::start_deal_a;

per_backend!(every_error_status_is_a_problem_with_a_stable_code);
async fn every_error_status_is_a_problem_with_a_stable_code(app: TestApp) {
    let players = app
        .players(&["player0", "player1", "player2", "player3"])
        .await;
    let outsider = app.player("outsider").await;
    let id = start_deal_a(&app, &players, json!({})).await;
    let moves = format!("/v1/games/{id}/moves");
    let declare = json!({"type": "declare", "target": 1, "action": "trade"});

    // 401: no token, a garbage token, a token signed by someone else.
    app.request(Method::GET, "/v1/games", None, None)
        .await
        .assert_problem(401, "unauthorized");
    app.request(Method::GET, "/v1/games", Some("not-a-jwt"), None)
        .await
        .assert_problem(401, "unauthorized");
    let forged = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJpYXQiOjAsImV4cCI6OTk5OTk5OTk5OX0.c2lnbmF0dXJl";
    app.request(Method::GET, "/v1/games", Some(forged), None)
        .await
        .assert_problem(401, "unauthorized");

    // 400: a body that is not JSON, a body of the wrong shape, a move of no known shape.
    app.raw_post(&moves, Some(&players[0].token), "{not json")
        .await
        .assert_problem(400, "malformed");
    app.post(&players[0], &moves, json!({"move": declare}))
        .await
        .assert_problem(400, "malformed");
    app.post(
        &players[0],
        &moves,
        json!({"version": 0, "move": {"type": "fold"}}),
    )
    .await
    .assert_problem(400, "malformed");
    app.post(
        &players[0],
        &moves,
        json!({"version": 0, "move": {"type": "declare", "target": "one", "action": "duel"}}),
    )
    .await
    .assert_problem(400, "malformed");

    // 404: an unknown game, an id that is not an id, an unknown route.
    let unknown = format!("/v1/games/{}", uuid::Uuid::new_v4());
    app.get(&players[0], &unknown)
        .await
        .assert_problem(404, "game_not_found");
    app.get(&players[0], "/v1/games/not-an-id")
        .await
        .assert_problem(404, "game_not_found");
    app.get(&players[0], "/v1/nothing-here")
        .await
        .assert_problem(404, "not_found");

    // 403: a move or legal moves from someone without a seat.
    app.post(&outsider, &moves, json!({"version": 0, "move": declare}))
        .await
        .assert_problem(403, "not_a_player");
    app.get(&outsider, &format!("/v1/games/{id}/legal-moves"))
        .await
        .assert_problem(403, "not_a_player");

    // 422: illegal moves carry the rules' code.
    app.post(&players[1], &moves, json!({"version": 0, "move": declare}))
        .await
        .assert_problem(422, "not_your_decision");
    app.post(
        &players[0],
        &moves,
        json!({"version": 0, "move": {"type": "declare", "target": 1, "action": "swap"}}),
    )
    .await
    .assert_problem(422, "invalid_action");
    app.post(
        &players[0],
        &moves,
        json!({"version": 0, "move": {"type": "answer", "count": 1}}),
    )
    .await
    .assert_problem(422, "wrong_phase");

    // 409: a move made on an old version.
    app.post(&players[0], &moves, json!({"version": 0, "move": declare}))
        .await
        .expect_status(200);
    let stale = app
        .post(
            &players[1],
            &moves,
            json!({"version": 0, "move": {"type": "answer", "count": 1}}),
        )
        .await;
    stale.assert_problem(409, "stale_version");
    // The current version is a field, not only prose: the client retries on it.
    let current = app.get(&players[1], &format!("/v1/games/{id}")).await;
    assert_eq!(
        stale.body["version"], current.body["version"],
        "{}",
        stale.text
    );
    assert!(stale.body["version"].is_i64(), "{}", stale.text);
    app.get(&players[0], &format!("/v1/games/{id}/moves"))
        .await
        .assert_problem(409, "game_not_over");

    // 422: creation errors name the option.
    let refused = app
        .post(
            &players[0],
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 0}}),
        )
        .await;
    refused.assert_problem(422, "invalid_turns_each");
    assert_eq!(refused.body["option"], "turns_each");
    let unknown_option = app
        .post(
            &players[0],
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "options": {"speed": 2}}),
        )
        .await;
    unknown_option.assert_problem(422, "unknown_option");
    assert_eq!(unknown_option.body["option"], "speed");
    app.post(
        &players[0],
        "/v1/games",
        json!({"kind": "trade_or_duel", "players": 3}),
    )
    .await
    .assert_problem(422, "invalid_players");
    app.post(
        &players[0],
        "/v1/games",
        json!({"kind": "chess", "players": 2}),
    )
    .await
    .assert_problem(422, "unknown_kind");
    let bad_setup = json!({"hands": [[4, 4], [7, 10], [1, 16], [5, 12]], "first_player": 0});
    app.post(
        &players[0],
        "/v1/games",
        json!({"kind": "trade_or_duel", "players": 4, "setup": bad_setup}),
    )
    .await
    .assert_problem(422, "invalid_setup");
    app.post(
        &players[0],
        "/v1/games",
        json!({"kind": "trade_or_duel", "players": 4, "setup": {"deck": []}}),
    )
    .await
    .assert_problem(400, "malformed");
}

per_backend!(a_move_of_another_game_kind_is_well_formed_but_refused);
async fn a_move_of_another_game_kind_is_well_formed_but_refused(app: TestApp) {
    let players = app
        .players(&["player0", "player1", "player2", "player3"])
        .await;
    let id = app
        .start_game(
            &players[0],
            &[&players[1], &players[2], &players[3]],
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await;
    let version = app.game(&players[0], &id).await["version"].clone();
    // A Tribute selection: the contract's move union admits it, so it is not malformed.
    let tribute = json!({"type": "select", "cards": [1, 2], "doubles": 0});
    let refused = app.post_move(&players[0], &id, &version, &tribute).await;
    refused.assert_problem(422, "move_kind_mismatch");
    assert!(refused.text.contains("tribute"), "{}", refused.text);
    // What no game's move is stays malformed.
    app.post_move(
        &players[0],
        &id,
        &version,
        &json!({"type": "shuffle_the_deck"}),
    )
    .await
    .assert_problem(400, "malformed");
}

per_backend!(concurrent_moves_on_one_version_apply_once);
async fn concurrent_moves_on_one_version_apply_once(app: TestApp) {
    let players = app
        .players(&["player0", "player1", "player2", "player3"])
        .await;
    let id = start_deal_a(&app, &players, json!({})).await;
    let moves = format!("/v1/games/{id}/moves");
    let duel = json!({"version": 0, "move": {"type": "declare", "target": 2, "action": "duel"}});
    let trade = json!({"version": 0, "move": {"type": "declare", "target": 1, "action": "trade"}});
    let (first, second) = tokio::join!(
        app.post(&players[0], &moves, duel),
        app.post(&players[0], &moves, trade)
    );
    let mut statuses = [first.status, second.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", first.text, second.text);
    let game = app.game(&players[0], &id).await;
    assert_eq!(game["version"], 1);
    let events = app.events(&players[0], &id).await;
    let declared = events["events"].as_array().map(|events| {
        events
            .iter()
            .filter(|e| e["event"]["type"] == "declared")
            .count()
    });
    assert_eq!(declared, Some(1));
}

#[tokio::test]
async fn a_known_path_with_an_unknown_method_is_405_with_allow() {
    let app = TestApp::spawn(&blackbox::Backend::Sqlite).await;
    let player = app.player("player0").await;
    let reply = app
        .request(Method::DELETE, "/v1/games", Some(&player.token), None)
        .await;
    reply.assert_problem(405, "method_not_allowed");
    let response = app
        .client
        .put(app.url(&format!("/v1/games/{}", uuid::Uuid::new_v4())))
        .send()
        .await
        .expect("the request was sent");
    assert_eq!(response.status().as_u16(), 405);
    assert_eq!(
        response
            .headers()
            .get("allow")
            .and_then(|v| v.to_str().ok()),
        Some("GET, DELETE")
    );
    app.request(Method::PUT, "/healthz", None, None)
        .await
        .assert_problem(405, "method_not_allowed");
}
