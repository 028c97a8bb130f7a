//! Accounts for the clients: registered and logged in all at once, as a crowd arriving.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::http::Client;
use crate::stats::{Samples, Tally};

/// What the burst of registrations and logins cost.
#[derive(Debug, Default)]
pub struct Burst {
    pub accounts: usize,
    pub seconds: f64,
    pub tally: Tally,
    pub latencies: Samples,
    /// What the first failed request said, if one failed.
    pub first_failure: Option<String>,
}

/// How often one request is retried after a 429/503 with `Retry-After`.
const RETRIES: usize = 50;

/// Registers and logs in `count` accounts at once, each on its own connection; returns their
/// tokens in order (empty for an account that failed) and what it cost.
pub async fn register_all(
    base: &str,
    prefix: &str,
    count: usize,
) -> Result<(Vec<String>, Burst), String> {
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(count);
    for index in 0..count {
        let client = Client::new(base)?;
        let username = format!("{prefix}{index}");
        tasks.push(tokio::spawn(
            async move { register(&client, &username).await },
        ));
    }
    let mut tokens = Vec::with_capacity(count);
    let mut burst = Burst {
        accounts: count,
        ..Burst::default()
    };
    for task in tasks {
        let (token, tally, latencies, failure) = task.await.map_err(|error| error.to_string())?;
        tokens.push(token.unwrap_or_default());
        if burst.first_failure.is_none() {
            burst.first_failure = failure;
        }
        burst.tally.add(&tally);
        burst.latencies.merge(latencies);
    }
    burst.seconds = started.elapsed().as_secs_f64();
    Ok((tokens, burst))
}

type Registered = (Option<String>, Tally, Samples, Option<String>);

async fn register(client: &Client, username: &str) -> Registered {
    let credentials = json!({"username": username, "password": "benchmark password"});
    let mut tally = Tally::default();
    let mut latencies = Samples::default();
    for (path, success) in [("/v1/accounts", 201), ("/v1/sessions", 201)] {
        let mut reply = None;
        for _ in 0..RETRIES {
            match client.post(path, None, &credentials).await {
                Ok(answer) if answer.status == success => {
                    latencies.push(answer.latency);
                    reply = Some(answer);
                    break;
                }
                Ok(answer) => {
                    let retry = answer.retry_after.as_deref().and_then(|s| s.parse().ok());
                    tally.count_failure(answer.status, retry.is_some());
                    match retry {
                        Some(seconds) if matches!(answer.status, 429 | 503) => {
                            tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
                        }
                        _ => {
                            let said = String::from_utf8_lossy(&answer.body).into_owned();
                            let failure = format!("{path}: {} {said}", answer.status);
                            return (None, tally, latencies, Some(failure));
                        }
                    }
                }
                Err(error) => {
                    tally.transport_errors += 1;
                    return (None, tally, latencies, Some(format!("{path}: {error}")));
                }
            }
        }
        let Some(reply) = reply else {
            return (
                None,
                tally,
                latencies,
                Some(format!("{path}: retried too often")),
            );
        };
        if path == "/v1/sessions" {
            let token = reply.json()["access_token"].as_str().map(str::to_owned);
            return (token, tally, latencies, None);
        }
    }
    (None, tally, latencies, None)
}
