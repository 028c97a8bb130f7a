//! What operators and browsers rely on: `/metrics`, private caching of views, CORS.

use blackbox::{Backend, TEST_METRICS_TOKEN, TestApp};
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
    assert_eq!(ok.status().as_u16(), 204);
    assert_eq!(
        header(&ok, "access-control-allow-origin").as_deref(),
        Some(allowed)
    );
    let headers = header(&ok, "access-control-allow-headers").unwrap_or_default();
    assert!(headers.contains("idempotency-key") && headers.contains("authorization"));

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
}

on_every_backend!(
    metrics_count_requests_by_route_and_never_name_a_game,
    metrics_are_served_only_with_the_metrics_token,
    metrics_are_not_served_without_a_token_or_a_listener,
    metrics_on_their_own_listener_leave_the_public_one,
    views_are_private_to_the_caller,
    configured_origins_may_call_from_a_browser,
);
