//! What operators and browsers rely on: `/metrics`, private caching of views, CORS.

use blackbox::{Backend, TEST_METRICS_TOKEN, TestApp, header};
use serde_json::json;

async fn metrics_count_requests_by_route_and_never_name_a_game(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = [
        app.player("player0").await,
        app.player("player1").await,
        app.player("player2").await,
        app.player("player3").await,
    ];
    let setup = json!({"hands": [[4, 15], [7, 10], [1, 16], [5, 12]], "first_player": 0});
    let id = app
        .start_game(
            &players[0],
            &[&players[1], &players[2], &players[3]],
            json!({"kind": "trade_or_duel", "players": 4, "setup": setup}),
        )
        .await;
    app.play(
        &players[0],
        &id,
        json!({"type": "declare", "target": 1, "action": "trade"}),
    )
    .await
    .expect_status(200);
    // A stale version is a version conflict.
    app.post(
        &players[1],
        &format!("/v1/games/{id}/moves"),
        json!({"version": 0, "move": {"type": "answer", "count": 1}}),
    )
    .await
    .assert_problem(409, "stale_version");

    let response = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth(TEST_METRICS_TOKEN)
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(response.status().as_u16(), 200);
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(content_type.starts_with("text/plain"), "{content_type}");
    let text = response.text().await.unwrap_or_default();

    for series in [
        r#"cardtable_http_requests_total{method="GET",route="/v1/games/{id}",status="200"}"#,
        r#"cardtable_http_requests_total{method="POST",route="/v1/games/{id}/moves",status="409"}"#,
        r#"cardtable_http_request_duration_seconds_bucket{method="POST",route="/v1/games/{id}/moves",status="200",le="0.1"}"#,
        "cardtable_move_commits_total 1",
        "cardtable_version_conflicts_total 1",
        "cardtable_open_streams 0",
        "cardtable_cache_misses_total ",
        "cardtable_db_pool_connections ",
        "cardtable_db_pool_max_connections ",
        "cardtable_expiry_commits_total 0",
    ] {
        assert!(text.contains(series), "missing `{series}` in:\n{text}");
    }
    // The game was read again at an unchanged revision: served from the cache.
    let hits = text
        .lines()
        .find_map(|line| line.strip_prefix("cardtable_cache_hits_total "))
        .and_then(|value| value.trim().parse::<f64>().ok());
    assert!(hits.is_some_and(|hits| hits >= 1.0), "cache hits: {hits:?}");
    assert!(!text.contains(&id), "a metric names a game");
    for player in &players {
        assert!(!text.contains(&player.id) && !text.contains(&player.username));
    }
}

/// The status of `GET {base}/metrics` with `token` as the bearer token, if any.
async fn metrics_status(app: &TestApp, base: &str, token: Option<&str>) -> u16 {
    let mut request = app.client.get(format!("{base}/metrics"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"))
        .status()
        .as_u16()
}

async fn metrics_are_served_only_with_the_metrics_token(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let player = app.player("player0").await;
    let base = app.base_url.clone();
    assert_eq!(metrics_status(&app, &base, None).await, 401);
    assert_eq!(metrics_status(&app, &base, Some("wrong-token")).await, 401);
    // An account's own access token is no metrics token.
    assert_eq!(metrics_status(&app, &base, Some(&player.token)).await, 401);
    assert_eq!(
        metrics_status(&app, &base, Some(&TEST_METRICS_TOKEN[1..])).await,
        401
    );
    assert_eq!(
        metrics_status(&app, &base, Some(TEST_METRICS_TOKEN)).await,
        200
    );
}

async fn metrics_are_not_served_without_a_token_or_a_listener(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.metrics = api::configuration::MetricsSettings::default();
    })
    .await;
    let base = app.base_url.clone();
    for token in [None, Some(TEST_METRICS_TOKEN), Some("")] {
        assert_eq!(metrics_status(&app, &base, token).await, 404);
    }
}

async fn metrics_on_their_own_listener_leave_the_public_one(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.metrics = api::configuration::MetricsSettings {
            token: None,
            addr: Some("127.0.0.1:0".to_owned()),
        };
    })
    .await;
    let public = app.base_url.clone();
    let own = app.metrics_url.clone().expect("a metrics listener");
    assert_ne!(own, public);
    assert_eq!(metrics_status(&app, &public, None).await, 404);
    assert_eq!(
        metrics_status(&app, &public, Some(TEST_METRICS_TOKEN)).await,
        404
    );
    assert_eq!(metrics_status(&app, &own, None).await, 200);
    // The listener serves nothing else.
    let other = app
        .client
        .get(format!("{own}/healthz"))
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(other.status().as_u16(), 404);
}

async fn views_are_private_to_the_caller(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = [
        app.player("player0").await,
        app.player("player1").await,
        app.player("player2").await,
        app.player("player3").await,
    ];
    let id = app
        .start_game(
            &players[0],
            &[&players[1], &players[2], &players[3]],
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await;
    for path in ["", "/legal-moves", "/events"] {
        let response = app
            .client
            .get(app.url(&format!("/v1/games/{id}{path}")))
            .bearer_auth(&players[0].token)
            .send()
            .await
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(response.status().as_u16(), 200);
        let cache = response
            .headers()
            .get("cache-control")
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default();
        assert!(cache.starts_with("private"), "{path}: {cache}");
    }
}

/// The `ETag` of `GET /v1/games/{id}` for `player` now.
async fn current_tag(app: &TestApp, player: &blackbox::Player, id: &str) -> Option<String> {
    let response = app
        .client
        .get(app.url(&format!("/v1/games/{id}")))
        .bearer_auth(&player.token)
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    header(&response, "etag")
}

/// Sends `POST path` with `body` as `player` (with `key` as its Idempotency-Key, if any) and
/// checks that the answer is a private view tagged as the `GET` of the game is now.
async fn assert_private_answer(
    app: &TestApp,
    player: &blackbox::Player,
    path: &str,
    body: serde_json::Value,
    key: Option<&str>,
) -> serde_json::Value {
    let mut request = app
        .client
        .post(app.url(path))
        .bearer_auth(&player.token)
        .json(&body);
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    let response = request
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    let cache = header(&response, "cache-control").unwrap_or_default();
    assert_eq!(cache, "private, no-cache", "{path}");
    let tag = header(&response, "etag");
    let game: serde_json::Value = response.json().await.unwrap_or_default();
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    assert!(tag.is_some(), "{path}: no ETag");
    assert_eq!(tag, current_tag(app, player, &id).await, "{path}");
    game
}

async fn answers_to_posts_are_private_views_with_their_etag(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = [
        app.player("player0").await,
        app.player("player1").await,
        app.player("player2").await,
        app.player("player3").await,
    ];
    let setup = json!({"hands": [[4, 15], [7, 10], [1, 16], [5, 12]], "first_player": 0});
    let request = json!({"kind": "trade_or_duel", "players": 4, "setup": setup});
    let created =
        assert_private_answer(&app, &players[0], "/v1/games", request.clone(), None).await;
    let id = created["id"].as_str().unwrap_or_default().to_owned();
    let join = format!("/v1/games/{id}/join");
    assert_private_answer(&app, &players[1], &join, json!({}), Some("join-1")).await;
    // A replay of a kept answer carries the same headers.
    assert_private_answer(&app, &players[1], &join, json!({}), Some("join-1")).await;
    let leave = format!("/v1/games/{id}/leave");
    assert_private_answer(&app, &players[1], &leave, json!({}), None).await;
    let bots = format!("/v1/games/{id}/bots");
    assert_private_answer(&app, &players[0], &bots, json!({"level": "random"}), None).await;
    for player in &players[2..] {
        assert_private_answer(&app, player, &join, json!({}), None).await;
    }
    let game = app.game(&players[0], &id).await;
    let moves = format!("/v1/games/{id}/moves");
    let mv = json!({"version": game["version"], "move": {"type": "declare", "target": 2, "action": "trade"}});
    assert_private_answer(&app, &players[0], &moves, mv, None).await;
}

async fn configured_origins_may_call_from_a_browser(backend: &Backend) {
    let allowed = "https://play.example";
    let app = TestApp::spawn_with(backend, |settings| {
        settings.cors_origins = vec![allowed.to_owned()];
    })
    .await;
    let player = app.player("player0").await;
    let preflight = |origin: &str| {
        app.client
            .request(reqwest::Method::OPTIONS, app.url("/v1/games"))
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header(
                "access-control-request-headers",
                "authorization, content-type, idempotency-key",
            )
            .send()
    };
    let header = |response: &reqwest::Response, name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };

    let ok = preflight(allowed)
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(ok.status().is_success(), "{}", ok.status());
    assert_eq!(
        header(&ok, "access-control-allow-origin").as_deref(),
        Some(allowed)
    );
    let headers = header(&ok, "access-control-allow-headers")
        .unwrap_or_default()
        .to_ascii_lowercase();
    assert!(headers.contains("idempotency-key") && headers.contains("authorization"));

    // A conditional view and a resumed stream need their headers admitted too.
    let conditional = app
        .client
        .request(reqwest::Method::OPTIONS, app.url("/v1/games"))
        .header("origin", allowed)
        .header("access-control-request-method", "GET")
        .header(
            "access-control-request-headers",
            "if-none-match, last-event-id",
        )
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(conditional.status().is_success());
    let admitted = header(&conditional, "access-control-allow-headers")
        .unwrap_or_default()
        .to_ascii_lowercase();
    assert!(
        admitted.contains("if-none-match") && admitted.contains("last-event-id"),
        "{admitted}"
    );

    let refused = preflight("https://evil.example")
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(header(&refused, "access-control-allow-origin").is_none());

    let get = app
        .client
        .get(app.url("/v1/games"))
        .bearer_auth(&player.token)
        .header("origin", allowed)
        .send()
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(get.status().as_u16(), 200);
    assert_eq!(
        header(&get, "access-control-allow-origin").as_deref(),
        Some(allowed)
    );
    assert!(header(&get, "vary").is_some_and(|vary| vary.contains("Origin")));
    // A script may read the view's ETag to revalidate it.
    let exposed = header(&get, "access-control-expose-headers")
        .unwrap_or_default()
        .to_ascii_lowercase();
    assert!(exposed.contains("etag"), "{exposed}");
}

on_every_backend!(
    metrics_count_requests_by_route_and_never_name_a_game,
    metrics_are_served_only_with_the_metrics_token,
    metrics_are_not_served_without_a_token_or_a_listener,
    metrics_on_their_own_listener_leave_the_public_one,
    views_are_private_to_the_caller,
    answers_to_posts_are_private_views_with_their_etag,
    configured_origins_may_call_from_a_browser,
);
