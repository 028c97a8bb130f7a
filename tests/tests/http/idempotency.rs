//! `Idempotency-Key`: a retried request applies nothing twice and gets the first response.

use std::time::Duration;

use blackbox::{Backend, Player, TestApp};
use serde_json::{Value, json};

const SETUP: &str = r#"{"hands": [[4, 15], [7, 10], [1, 16], [5, 12]], "first_player": 0}"#;

/// Status, whether the response was a replay, and the body.
async fn post_keyed(
    client: &reqwest::Client,
    app: &TestApp,
    player: &Player,
    path: &str,
    key: &str,
    body: &Value,
) -> Result<(u16, bool, String), reqwest::Error> {
    let response = client
        .post(app.url(path))
        .bearer_auth(&player.token)
        .header("idempotency-key", key)
        .json(body)
        .send()
        .await?;
    let status = response.status().as_u16();
    let replayed = response
        .headers()
        .get("idempotent-replayed")
        .is_some_and(|value| value == "true");
    Ok((status, replayed, response.text().await?))
}

async fn four_players(app: &TestApp) -> [Player; 4] {
    [
        app.player("player0").await,
        app.player("player1").await,
        app.player("player2").await,
        app.player("player3").await,
    ]
}

async fn started_game(app: &TestApp, players: &[Player; 4]) -> String {
    let setup: Value = serde_json::from_str(SETUP).unwrap_or_default();
    app.start_game(
        &players[0],
        &[&players[1], &players[2], &players[3]],
        json!({"kind": "trade_or_duel", "players": 4, "setup": setup}),
    )
    .await
}

async fn declared_count(app: &TestApp, player: &Player, id: &str) -> usize {
    let events = app.events(player, id).await;
    events["events"].as_array().map_or(0, |events| {
        events
            .iter()
            .filter(|entry| entry["event"]["type"] == "declared")
            .count()
    })
}

async fn thirty_two_clients_racing_one_key_apply_the_move_once(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = four_players(&app).await;
    let id = started_game(&app, &players).await;
    let path = format!("/v1/games/{id}/moves");
    let body = json!({"version": 0, "move": {"type": "declare", "target": 1, "action": "trade"}});

    let clients: Vec<_> = (0..32)
        .map(|_| {
            let (client, app_url, token) = (
                reqwest::Client::new(),
                app.url(&path),
                players[0].token.clone(),
            );
            let body = body.clone();
            tokio::spawn(async move {
                let response = client
                    .post(app_url)
                    .bearer_auth(token)
                    .header("idempotency-key", "race-1")
                    .json(&body)
                    .send()
                    .await
                    .unwrap_or_else(|error| panic!("{error}"));
                let replayed = response.headers().get("idempotent-replayed").is_some();
                let status = response.status().as_u16();
                (status, replayed, response.text().await.unwrap_or_default())
            })
        })
        .collect();
    let mut replies = Vec::new();
    for client in clients {
        replies.push(client.await.unwrap_or_else(|error| panic!("{error}")));
    }

    assert!(
        replies.iter().all(|(status, _, _)| *status == 200),
        "{replies:?}"
    );
    let fresh = replies.iter().filter(|(_, replayed, _)| !replayed).count();
    assert_eq!(fresh, 1, "exactly one request ran; the others were replays");
    assert!(
        replies.iter().all(|(_, _, body)| *body == replies[0].2),
        "every client got the same response"
    );
    assert_eq!(app.game(&players[0], &id).await["version"], 1);
    assert_eq!(declared_count(&app, &players[0], &id).await, 1);
}

async fn a_retry_after_a_dropped_response_replays_it(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = four_players(&app).await;
    let id = started_game(&app, &players).await;
    let path = format!("/v1/games/{id}/moves");
    let body = json!({"version": 0, "move": {"type": "declare", "target": 2, "action": "duel"}});

    // The client gives up before the answer arrives, as on a mobile network that drops it.
    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(1))
        .build()
        .unwrap_or_else(|error| panic!("{error}"));
    let dropped = post_keyed(&impatient, &app, &players[0], &path, "move-1", &body).await;
    assert!(
        dropped.is_err(),
        "the first response should have been dropped"
    );

    let (status, _, first) = post_keyed(&app.client, &app, &players[0], &path, "move-1", &body)
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(status, 200, "{first}");
    let (status, replayed, again) =
        post_keyed(&app.client, &app, &players[0], &path, "move-1", &body)
            .await
            .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!((status, replayed), (200, true));
    assert_eq!(again, first);
    let first: Value = serde_json::from_str(&first).unwrap_or_default();
    assert_eq!(first["version"], 1);
    assert_eq!(app.game(&players[0], &id).await["version"], 1);
    assert_eq!(declared_count(&app, &players[0], &id).await, 1);

    // The same key with another body is refused; without a key the stale version is a 409.
    let other = json!({"version": 0, "move": {"type": "declare", "target": 1, "action": "trade"}});
    let (status, _, text) = post_keyed(&app.client, &app, &players[0], &path, "move-1", &other)
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(status, 422, "{text}");
    assert!(text.contains("idempotency_key_reused"), "{text}");
    app.post(&players[0], &path, body)
        .await
        .assert_problem(409, "stale_version");
}

async fn creating_and_joining_with_a_key_happen_once(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = four_players(&app).await;
    let create = json!({"kind": "trade_or_duel", "players": 4});
    let mut created = Vec::new();
    for _ in 0..3 {
        let reply = post_keyed(
            &app.client,
            &app,
            &players[0],
            "/v1/games",
            "new-game",
            &create,
        )
        .await
        .unwrap_or_else(|error| panic!("{error}"));
        created.push(reply);
    }
    assert_eq!(created[0].0, 201, "{}", created[0].2);
    assert_eq!(
        created
            .iter()
            .map(|(_, replayed, _)| *replayed)
            .collect::<Vec<_>>(),
        [false, true, true]
    );
    assert!(created.iter().all(|reply| reply.2 == created[0].2));
    let listed = app.get(&players[0], "/v1/games?mine=true").await;
    assert_eq!(
        listed.body["games"].as_array().map(Vec::len),
        Some(1),
        "{}",
        listed.text
    );

    let game: Value = serde_json::from_str(&created[0].2).unwrap_or_default();
    let join = format!("/v1/games/{}/join", game["id"].as_str().unwrap_or_default());
    for player in &players[1..] {
        let (status, _, _) = post_keyed(&app.client, &app, player, &join, "join", &json!({}))
            .await
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(status, 200);
    }
    // The last join started the game; its replay shows the game as that join left it.
    let (status, replayed, text) =
        post_keyed(&app.client, &app, &players[3], &join, "join", &json!({}))
            .await
            .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!((status, replayed), (200, true), "{text}");
    let replay: Value = serde_json::from_str(&text).unwrap_or_default();
    assert_eq!(replay["status"], "active");
    assert_eq!(replay["your_seat"], 3);
    // Keys belong to accounts: another account's "join" key is its own.
    let outsider = app.player("outsider").await;
    let (status, _, text) = post_keyed(&app.client, &app, &outsider, &join, "join", &json!({}))
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(status, 409, "{text}");
    assert!(text.contains("not_open"), "{text}");
}

async fn a_key_longer_than_255_characters_is_malformed(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let player = app.player("player0").await;
    let body = json!({"kind": "trade_or_duel", "players": 4});
    let (status, _, text) = post_keyed(
        &app.client,
        &app,
        &player,
        "/v1/games",
        &"k".repeat(256),
        &body,
    )
    .await
    .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(status, 400, "{text}");
    let (status, _, _) = post_keyed(
        &app.client,
        &app,
        &player,
        "/v1/games",
        &"k".repeat(255),
        &body,
    )
    .await
    .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(status, 201);
}

/// The last person to join beside bot seats starts the game in the join's own transaction: the
/// answer, and its replay under the same key, show the game started.
async fn a_keyed_last_join_beside_bots_answers_and_replays_the_started_game(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let [ann, ben] = [app.player("ann").await, app.player("ben").await];
    let bots = json!([{"seat": 2, "level": "random"}, {"seat": 3, "level": "random"}]);
    let created = app
        .post(
            &ann,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "bots": bots}),
        )
        .await
        .expect_status(201);
    assert_eq!(created.body["status"], "open");
    let join = format!(
        "/v1/games/{}/join",
        created.body["id"].as_str().unwrap_or_default()
    );
    let mut replies = Vec::new();
    for _ in 0..2 {
        let (status, replayed, text) =
            post_keyed(&app.client, &app, &ben, &join, "last-seat", &json!({}))
                .await
                .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(status, 200, "{text}");
        let body: Value = serde_json::from_str(&text).unwrap_or_default();
        replies.push((replayed, body["status"].clone(), body["your_seat"].clone()));
    }
    assert_eq!(
        replies,
        [
            (false, json!("active"), json!(1)),
            (true, json!("active"), json!(1))
        ]
    );
}

on_every_backend!(
    a_keyed_last_join_beside_bots_answers_and_replays_the_started_game,
    thirty_two_clients_racing_one_key_apply_the_move_once,
    a_retry_after_a_dropped_response_replays_it,
    creating_and_joining_with_a_key_happen_once,
    a_key_longer_than_255_characters_is_malformed,
);
