//! Limits: rates per address and per account (429 with `Retry-After`), body size (413), body
//! type (415), and the bound on password hashing (503 with `Retry-After` past the wait).

use blackbox::{Backend, Reply, TestApp};
use reqwest::Method;
use serde_json::json;

fn retry_after(response: &reqwest::Response) -> Option<u64> {
    blackbox::header(response, "retry-after").and_then(|value| value.parse().ok())
}

async fn registrations_and_logins_are_limited_per_address(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| settings.limits.auth_per_minute = 3).await;
    app.player("alice").await; // one registration and one login
    let credentials = json!({"username": "bob", "password": "a long enough password"});
    app.request(
        Method::POST,
        "/v1/accounts",
        None,
        Some(credentials.clone()),
    )
    .await
    .expect_status(201);
    let response = app
        .client
        .post(app.url("/v1/sessions"))
        .json(&credentials)
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(response.status().as_u16(), 429);
    // A minute for 3 requests: the next one is due in about 20 s, rounded up to whole seconds.
    assert!(
        retry_after(&response).is_some_and(|seconds| (1..=20).contains(&seconds)),
        "{:?}",
        response.headers()
    );
    let reply = app
        .request(Method::POST, "/v1/accounts", None, Some(credentials))
        .await;
    reply.assert_problem(429, "rate_limited");
}

async fn creating_games_and_moving_are_limited_per_account(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.limits.games_per_minute = 2;
        settings.limits.moves_per_minute = 1;
    })
    .await;
    let (ann, ben) = (app.player("ann").await, app.player("ben").await);
    let create = json!({"kind": "trade_or_duel", "players": 4});
    for _ in 0..2 {
        app.post(&ann, "/v1/games", create.clone())
            .await
            .expect_status(201);
    }
    app.post(&ann, "/v1/games", create.clone())
        .await
        .assert_problem(429, "rate_limited");
    app.post(&ben, "/v1/games", create).await.expect_status(201);

    let moves = format!("/v1/games/{}/moves", uuid::Uuid::new_v4());
    let body = json!({"version": 0, "move": {"type": "declare", "target": 1, "action": "duel"}});
    app.post(&ann, &moves, body.clone())
        .await
        .assert_problem(404, "game_not_found");
    app.post(&ann, &moves, body)
        .await
        .assert_problem(429, "rate_limited");
}

async fn a_body_too_large_is_413_and_a_body_not_json_is_415(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let player = app.player("player0").await;
    let huge = json!({"kind": "trade_or_duel", "players": 4, "seed": "x".repeat(100 * 1024)});
    app.post(&player, "/v1/games", huge)
        .await
        .assert_problem(413, "payload_too_large");

    let response = app
        .client
        .post(app.url("/v1/games"))
        .bearer_auth(&player.token)
        .header("content-type", "text/plain")
        .body(r#"{"kind": "trade_or_duel", "players": 4}"#)
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    let reply = Reply {
        status: response.status().as_u16(),
        content_type: response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned(),
        text: String::new(),
        body: response.json().await.unwrap_or_default(),
    };
    reply.assert_problem(415, "unsupported_media_type");
}

async fn password_hashing_waits_its_turn_or_answers_503(backend: &Backend) {
    // One hashing slot and no waiting: concurrent registrations find it busy.
    let app = TestApp::spawn_with(backend, |settings| {
        settings.limits.hash_concurrency = 1;
        settings.limits.hash_wait = std::time::Duration::ZERO;
    })
    .await;
    let requests = (0..8).map(|n| {
        let (client, url) = (app.client.clone(), app.url("/v1/accounts"));
        async move {
            client
                .post(url)
                .json(
                    &json!({"username": format!("user{n}"), "password": "a long enough password"}),
                )
                .send()
                .await
                .unwrap_or_else(|error| panic!("{error}"))
        }
    });
    let responses = futures_join_all(requests).await;
    let statuses: Vec<u16> = responses.iter().map(|r| r.status().as_u16()).collect();
    assert!(
        statuses.iter().all(|s| *s == 201 || *s == 503),
        "{statuses:?}"
    );
    assert!(statuses.contains(&201), "{statuses:?}");
    let busy = responses
        .iter()
        .find(|response| response.status().as_u16() == 503)
        .unwrap_or_else(|| panic!("no registration found the slot busy: {statuses:?}"));
    assert_eq!(retry_after(busy), Some(1));
}

/// Runs the futures concurrently on this task (the tests have no `futures` dependency).
async fn futures_join_all<F>(futures: impl Iterator<Item = F>) -> Vec<F::Output>
where
    F: std::future::Future + Send + 'static,
    F::Output: Send + 'static,
{
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut outputs = Vec::new();
    for handle in handles {
        outputs.push(handle.await.unwrap_or_else(|error| panic!("{error}")));
    }
    outputs
}

on_every_backend!(
    registrations_and_logins_are_limited_per_address,
    creating_games_and_moving_are_limited_per_account,
    a_body_too_large_is_413_and_a_body_not_json_is_415,
    password_hashing_waits_its_turn_or_answers_503,
);
