//! Graceful shutdown: requests in flight finish, then the server stops listening.

use std::time::{Duration, Instant};

use blackbox::{Backend, TestApp};
use serde_json::json;

/// How long a step may take before the test counts it as hung (not a bound on its speed).
const HANG: Duration = Duration::from_secs(60);

async fn a_shutdown_lets_requests_in_flight_finish_and_stops(backend: &Backend) {
    // One hashing slot: the registrations queue up and are still in flight at the shutdown.
    let mut app = TestApp::spawn_with(backend, |settings| {
        settings.limits.hash_concurrency = 1;
    })
    .await;
    let requests: Vec<_> = (0..8)
        .map(|n| {
            let (client, url) = (app.client.clone(), app.url("/v1/accounts"));
            tokio::spawn(async move {
                let body =
                    json!({"username": format!("user{n}"), "password": "a long enough password"});
                let status = client
                    .post(url)
                    .json(&body)
                    .send()
                    .await
                    .map(|response| response.status().as_u16())
                    .map_err(|error| format!("{error:?}"));
                (status, Instant::now())
            })
        })
        .collect();
    // Every registration is being handled (the metrics request itself is the ninth). The
    // timeout only guards against a hang.
    let all_in = tokio::time::timeout(HANG, async {
        while in_flight(&app).await < 9 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    })
    .await;
    assert!(all_in.is_ok(), "the registrations never got in");

    let triggered = Instant::now();
    let stopped = tokio::time::timeout(HANG, app.shut_down()).await;
    assert!(
        matches!(stopped, Ok(Ok(_))),
        "the shutdown failed or hung: {stopped:?}"
    );
    let mut finished_after_the_trigger = 0;
    for request in requests {
        let (status, at) = request.await.unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(status, Ok(201), "a request in flight was cut off");
        if at > triggered {
            finished_after_the_trigger += 1;
        }
    }
    assert!(finished_after_the_trigger > 0, "no request was in flight");
    let after = app.client.get(app.url("/healthz")).send().await;
    assert!(after.is_err(), "the server still answers after stopping");
}

/// Requests the server is handling now, by its own count.
async fn in_flight(app: &TestApp) -> u64 {
    let metrics = app.metrics().await;
    metrics
        .lines()
        .find_map(|line| line.strip_prefix("cardtable_http_requests_in_flight "))
        .and_then(|value| value.trim().parse::<f64>().ok())
        .map_or(0, |value| value as u64)
}

on_every_backend!(a_shutdown_lets_requests_in_flight_finish_and_stops);
