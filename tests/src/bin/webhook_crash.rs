//! Webhooks survive SIGKILL: four accounts with an endpoint each play games against a real
//! server process that is killed at random moments and restarted; afterwards every `your_turn`
//! that an acknowledged move made must have reached the receiver (at least once), signed.
//!
//! `webhook_crash --server target/debug/cardtable --backend sqlite|postgres --kills 5`
//! (PostgreSQL: `CARDTABLE_TEST_POSTGRES_URL` is the admin URL; a fresh database is made.)
//! Moves carry an `Idempotency-Key` and are retried until answered, as a mobile client would.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use blackbox::crash_driver::{
    Answer, CrashOptions, Retrying, RunDatabase, drive, kill_and_restart,
};
use blackbox::webhook_receiver::{Received, Receiver};
use blackbox::{ServerProcess, choose_move};
use hmac::{Hmac, Mac};
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use sha2::Sha256;
use tokio::sync::Mutex;
use uuid::Uuid;

const SECRET: &str = "webhook-crash-driver-signing-secret-of-32-bytes";

/// How long after play stops every turn must have arrived: a restarted process sends again at
/// once what its previous life had claimed, so only retries' backoff (5 s) and load delay them.
const ARRIVE_WITHIN: Duration = Duration::from_secs(30);
/// How much longer a failing check keeps counting arrivals, to tell late from lost.
const LATE_WITHIN: Duration = Duration::from_secs(75);

/// A `your_turn` an acknowledged move made: game, seat, version.
type Turn = (String, u64, i64);

struct Shared {
    http: Retrying,
    stop: AtomicBool,
    expected: Mutex<Vec<Turn>>,
}

/// Registers and logs in an account, and registers its endpoint; returns its token and secret.
async fn account(shared: &Shared, name: &str, url: &str) -> Result<(String, String), String> {
    let credentials = json!({"username": name, "password": "webhook crash password"});
    let post = reqwest::Method::POST;
    let Answer { status, body, .. } = shared
        .http
        .until_answered(post.clone(), "/v1/accounts", "", None, Some(&credentials))
        .await;
    if status != 201 {
        return Err(format!("registration failed: {status} {body}"));
    }
    let Answer {
        status,
        body: session,
        ..
    } = shared
        .http
        .until_answered(post.clone(), "/v1/sessions", "", None, Some(&credentials))
        .await;
    if status != 201 {
        return Err(format!("login failed: {status} {session}"));
    }
    let token = session["access_token"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let endpoint = json!({"url": url, "events": ["your_turn"]});
    let Answer {
        status,
        body: created,
        ..
    } = shared
        .http
        .until_answered(post, "/v1/me/webhooks", &token, None, Some(&endpoint))
        .await;
    if status != 201 {
        return Err(format!("endpoint registration failed: {status} {created}"));
    }
    let secret = created["secret"].as_str().unwrap_or_default().to_owned();
    Ok((token, secret))
}

fn seats(game: &Value) -> Vec<u64> {
    game["to_act"]
        .as_array()
        .map(|seats| seats.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

/// Plays games one after another until told to stop, noting each turn a move made.
async fn play(shared: Arc<Shared>, tokens: Vec<String>, seed: u64) -> Result<(), String> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let post = reqwest::Method::POST;
    while !shared.stop.load(Ordering::Relaxed) {
        let create = json!({"kind": "trade_or_duel", "players": 4});
        let key = Uuid::new_v4().to_string();
        let Answer {
            status, body: game, ..
        } = shared
            .http
            .until_answered(
                post.clone(),
                "/v1/games",
                &tokens[0],
                Some(&key),
                Some(&create),
            )
            .await;
        if status != 201 {
            return Err(format!("create failed: {status} {game}"));
        }
        let id = game["id"].as_str().unwrap_or_default().to_owned();
        for token in &tokens[1..] {
            let key = Uuid::new_v4().to_string();
            let path = format!("/v1/games/{id}/join");
            let Answer { status, body, .. } = shared
                .http
                .until_answered(post.clone(), &path, token, Some(&key), None)
                .await;
            if status != 200 {
                return Err(format!("join failed: {status} {body}"));
            }
        }
        loop {
            let path = format!("/v1/games/{id}");
            let Answer { body: before, .. } = shared
                .http
                .until_answered(reqwest::Method::GET, &path, &tokens[0], None, None)
                .await;
            if before["status"] == "finished" {
                break;
            }
            let acting = seats(&before);
            let Some(&seat) = acting.get(rng.random_range(0..acting.len().max(1))) else {
                return Err(format!("a running game waits for nobody: {before}"));
            };
            let token = &tokens[usize::try_from(seat).unwrap_or(0)];
            let path = format!("/v1/games/{id}/legal-moves");
            let Answer { body: legal, .. } = shared
                .http
                .until_answered(reqwest::Method::GET, &path, token, None, None)
                .await;
            let Some(mv) = choose_move(&legal["legal_moves"], &mut rng) else {
                continue;
            };
            let key = Uuid::new_v4().to_string();
            let path = format!("/v1/games/{id}/moves");
            let body = json!({"version": legal["version"], "move": mv});
            let Answer {
                status,
                body: after,
                ..
            } = shared
                .http
                .until_answered(post.clone(), &path, token, Some(&key), Some(&body))
                .await;
            if status != 200 {
                continue;
            }
            let was = seats(&before);
            let version = after["version"].as_i64().unwrap_or(-1);
            let mut expected = shared.expected.lock().await;
            for now in seats(&after) {
                if now == seat || !was.contains(&now) {
                    expected.push((id.clone(), now, version));
                }
            }
        }
    }
    Ok(())
}

fn signed_by_one_of(request: &Received, secrets: &[String]) -> bool {
    let signed = format!(
        "{}.{}.{}",
        request.header("webhook-id"),
        request.header("webhook-timestamp"),
        request.body
    );
    secrets.iter().any(|secret| {
        let key = STANDARD
            .decode(secret.trim_start_matches("whsec_"))
            .unwrap_or_default();
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&key) else {
            return false;
        };
        mac.update(signed.as_bytes());
        let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
        request.header("webhook-signature") == expected
    })
}

async fn run(options: CrashOptions, data_dir: PathBuf) -> Result<(), String> {
    std::fs::create_dir_all(&data_dir).map_err(|error| error.to_string())?;
    let database = RunDatabase::create(&options.backend, &data_dir)?;
    let receiver = Receiver::start().await;
    let mut server = ServerProcess::new(
        options.server.clone(),
        data_dir.clone(),
        &[
            ("DATABASE_URL", database.url.as_str()),
            ("JWT_SECRET", SECRET),
            ("WEBHOOK_ALLOW_PRIVATE", "true"),
            ("RATE_LIMIT_AUTH_PER_MINUTE", "0"),
            ("RATE_LIMIT_GAMES_PER_MINUTE", "0"),
            ("RATE_LIMIT_MOVES_PER_MINUTE", "0"),
            ("RATE_LIMIT_JOINS_PER_MINUTE", "0"),
            ("RATE_LIMIT_WEBHOOKS_PER_MINUTE", "0"),
            ("CONNECTIONS_PER_CLIENT", "0"),
            ("RUST_LOG", "warn"),
        ],
    )?;
    let shared = Arc::new(Shared {
        http: Retrying::new(server.base_url()),
        stop: AtomicBool::new(false),
        expected: Mutex::new(Vec::new()),
    });
    server.spawn()?;
    server.wait_ready(shared.http.client()).await?;
    // Accounts and endpoints before the first kill: neither is idempotent.
    let (mut tokens, mut secrets) = (Vec::new(), Vec::new());
    for seat in 0..4 {
        let (token, secret) = account(&shared, &format!("hook{seat}"), &receiver.url).await?;
        tokens.push(token);
        secrets.push(secret);
    }
    let player = tokio::spawn(play(shared.clone(), tokens, options.seed));
    let mut rng = rand::rngs::StdRng::seed_from_u64(options.seed);
    kill_and_restart(
        &mut server,
        shared.http.client(),
        options.kills,
        200..1_200,
        &mut rng,
    )
    .await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    shared.stop.store(true, Ordering::Relaxed);
    player.await.map_err(|error| error.to_string())??;

    let expected: HashSet<Turn> = shared.expected.lock().await.iter().cloned().collect();
    let waited = Instant::now();
    let missing_after = |received: &[Received]| -> usize {
        let got: HashSet<Turn> = received
            .iter()
            .map(Received::json)
            .filter(|payload| payload["type"] == "your_turn")
            .map(|payload| {
                let data = &payload["data"];
                (
                    data["game_id"].as_str().unwrap_or_default().to_owned(),
                    data["seat"].as_u64().unwrap_or(u64::MAX),
                    data["version"].as_i64().unwrap_or(-1),
                )
            })
            .collect();
        expected.difference(&got).count()
    };
    // Every turn must arrive within ARRIVE_WITHIN; past it the check keeps looking for
    // LATE_WITHIN more, only to tell a late delivery from a lost one in its failure.
    let (mut missing, mut late) = (0, None);
    loop {
        let now_missing = missing_after(&receiver.received());
        if waited.elapsed() <= ARRIVE_WITHIN {
            missing = now_missing;
        }
        if now_missing == 0 {
            if missing > 0 {
                late = Some(waited.elapsed());
            }
            break;
        }
        if waited.elapsed() > ARRIVE_WITHIN + LATE_WITHIN {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let received = receiver.received();
    let unsigned = received
        .iter()
        .filter(|request| !signed_by_one_of(request, &secrets))
        .count();
    let ids: HashSet<&str> = received
        .iter()
        .map(|request| request.header("webhook-id"))
        .collect();
    let _ = server.terminate();
    database.drop_if_made();
    if missing > 0 || unsigned > 0 || expected.is_empty() {
        let late = late.map_or_else(
            || {
                format!(
                    "not even {} s later",
                    (ARRIVE_WITHIN + LATE_WITHIN).as_secs()
                )
            },
            |after| {
                format!(
                    "the last of them {:.1} s after play stopped",
                    after.as_secs_f64()
                )
            },
        );
        return Err(format!(
            "{missing} of {} turns did not arrive within {} s ({late}), {unsigned} requests \
             not signed",
            expected.len(),
            ARRIVE_WITHIN.as_secs()
        ));
    }
    println!(
        "webhook crash {}: {} SIGKILLs, {} starts; all {} your_turn notices of acknowledged \
         moves arrived, signed ({} requests, {} messages, {} sent again); seed {}",
        options.backend,
        options.kills,
        server.starts(),
        expected.len(),
        received.len(),
        ids.len(),
        received.len() - ids.len(),
        options.seed,
    );
    let _ = std::fs::remove_dir_all(&data_dir);
    Ok(())
}

#[tokio::main]
async fn main() {
    drive(
        "webhook-crash",
        CrashOptions::from_args("target/debug/cardtable", 5),
        run,
    )
    .await;
}
