//! Limits of the live layer: open streams per account, and stream tickets, joins and leaves
//! per account per minute, each refused with 429, `rate_limited` and `Retry-After`.

use std::time::Duration;

use blackbox::{Backend, Player, TestApp};
use reqwest::Method;
use serde_json::json;

/// Sends the request again without the helpers, to read its `Retry-After`, and checks it
/// is refused as a problem.
async fn assert_limited(app: &TestApp, player: &Player, method: Method, path: &str) {
    let mut request = app
        .client
        .request(method.clone(), app.url(path))
        .bearer_auth(&player.token);
    if method == Method::POST {
        request = request.json(&json!({}));
    }
    let response = request
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(response.status().as_u16(), 429, "{path}");
    let retry_after =
        blackbox::header(&response, "retry-after").and_then(|value| value.parse::<u64>().ok());
    assert!(
        retry_after.is_some_and(|seconds| seconds >= 1),
        "{path}: no Retry-After in {:?}",
        response.headers()
    );
    let content_type = blackbox::header(&response, "content-type").unwrap_or_default();
    assert!(
        content_type.starts_with("application/problem+json"),
        "{content_type}"
    );
    let body: serde_json::Value = response.json().await.unwrap_or_default();
    assert_eq!(body["code"], "rate_limited", "{path}: {body}");
}

async fn open_game(app: &TestApp, creator: &Player) -> String {
    let created = app
        .post(
            creator,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    created.body["id"].as_str().unwrap_or_default().to_owned()
}

/// Opens `path` as a stream; the status, and the stream kept open when it is 200.
async fn open(app: &TestApp, player: &Player, path: &str) -> (u16, Option<blackbox::EventStream>) {
    app.open_stream(path, Some(&player.token), &[]).await
}

async fn open_streams_are_capped_per_account(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.live.streams_per_account = 2;
        // Keep-alives often: a closed stream is noticed at its next write.
        settings.live.keep_alive = Duration::from_millis(100);
    })
    .await;
    let (ann, ben) = (app.player("ann").await, app.player("ben").await);
    let game = open_game(&app, &ann).await;
    let game_path = format!("/v1/games/{game}/stream");
    let (status, first) = open(&app, &ann, &game_path).await;
    assert_eq!(status, 200);
    let (status, _second) = open(&app, &ann, "/v1/me/stream").await;
    assert_eq!(status, 200);

    // A third, of either kind, is refused as a problem with Retry-After.
    for path in [game_path.as_str(), "/v1/me/stream"] {
        assert_limited(&app, &ann, Method::GET, path).await;
    }
    // Another account is counted apart.
    let (status, _ben) = open(&app, &ben, &game_path).await;
    assert_eq!(status, 200);

    // A stream that ends frees its slot.
    drop(first);
    let mut reopened = None;
    for _ in 0..100 {
        let (status, stream) = open(&app, &ann, &game_path).await;
        if status == 200 {
            reopened = stream;
            break;
        }
        assert_eq!(status, 429);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(reopened.is_some(), "the closed stream's slot was not freed");
}

async fn tickets_joins_and_leaves_are_limited_per_account(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.limits.stream_tickets_per_minute = 2;
        settings.limits.joins_per_minute = 2;
        settings.limits.leaves_per_minute = 1;
    })
    .await;
    let (ann, cal) = (app.player("ann").await, app.player("cal").await);
    let game = open_game(&app, &ann).await;
    let other = open_game(&app, &ann).await;

    app.post(&ann, "/v1/me/stream-tickets", json!({}))
        .await
        .expect_status(201);
    app.post(&ann, &format!("/v1/games/{game}/stream-tickets"), json!({}))
        .await
        .expect_status(201);
    for path in [
        "/v1/me/stream-tickets".to_owned(),
        format!("/v1/games/{game}/stream-tickets"),
    ] {
        assert_limited(&app, &ann, Method::POST, &path).await;
    }
    // Cal's tickets are counted apart.
    app.post(&cal, "/v1/me/stream-tickets", json!({}))
        .await
        .expect_status(201);

    let join = format!("/v1/games/{game}/join");
    let leave = format!("/v1/games/{game}/leave");
    app.post(&cal, &join, json!({})).await.expect_status(200);
    app.post(&cal, &leave, json!({})).await.expect_status(200);
    app.post(&cal, &join, json!({})).await.expect_status(200);
    assert_limited(&app, &cal, Method::POST, &leave).await;
    assert_limited(&app, &cal, Method::POST, &format!("/v1/games/{other}/join")).await;
    // A refused leave left the seat as it was.
    let seated = app.game(&cal, &game).await;
    assert!(
        seated["seats"].as_array().is_some_and(|seats| seats
            .iter()
            .any(|seat| seat["account_id"] == cal.id.as_str())),
        "{seated}"
    );
}

on_every_backend!(
    open_streams_are_capped_per_account,
    tickets_joins_and_leaves_are_limited_per_account
);
