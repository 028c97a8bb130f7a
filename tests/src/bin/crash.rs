//! Crash-safety driver: clients play games against a real server process while it is killed
//! with SIGKILL at random moments and restarted; at the end the database must hold every
//! acknowledged move exactly once, and every game's stored state must equal the replay of its
//! move log.
//!
//! `crash --server target/release/cardtable --backend sqlite|postgres --kills 100`
//! (PostgreSQL: `CARDTABLE_TEST_POSTGRES_URL` is the admin URL; a fresh database is made.)
//! Every request that changes something carries an `Idempotency-Key` and is retried with it
//! until it gets an answer, as a mobile client would.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use blackbox::ServerProcess;
use blackbox::crash_driver::{
    Answer, CrashOptions, Retrying, RunDatabase, drive, kill_and_restart,
};
use domain::Input;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};
use tokio::sync::Mutex;
use uuid::Uuid;

const SECRET: &str = "crash-driver-signing-secret-of-at-least-32-bytes";
const TABLES: usize = 4;

#[derive(Default)]
struct Counters {
    acknowledged: AtomicU64,
    replays: AtomicU64,
}

/// A move the server acknowledged: the public version its answer reported, who made it and
/// what it was.
#[derive(Clone, Debug)]
struct Acknowledged {
    version: i64,
    seat: u8,
    mv: Value,
}

struct Shared {
    http: Retrying,
    counters: Counters,
    stop: AtomicBool,
    acknowledged: Mutex<HashMap<String, Vec<Acknowledged>>>,
}

async fn register(shared: &Shared, username: &str) -> Result<(String, String), String> {
    let credentials = json!({"username": username, "password": "crash test password"});
    let Answer {
        status,
        body: account,
        ..
    } = shared
        .http
        .until_answered(
            reqwest::Method::POST,
            "/v1/accounts",
            "",
            None,
            Some(&credentials),
        )
        .await;
    if status != 201 {
        return Err(format!("registration failed: {status} {account}"));
    }
    let Answer {
        status,
        body: session,
        ..
    } = shared
        .http
        .until_answered(
            reqwest::Method::POST,
            "/v1/sessions",
            "",
            None,
            Some(&credentials),
        )
        .await;
    if status != 201 {
        return Err(format!("login failed: {status} {session}"));
    }
    Ok((
        account["id"].as_str().unwrap_or_default().to_owned(),
        session["access_token"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    ))
}

/// One table of four accounts playing games one after another until told to stop.
async fn play_table(shared: Arc<Shared>, tokens: Vec<String>, seed: u64) -> Result<(), String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while !shared.stop.load(Ordering::Relaxed) {
        let create = json!({"kind": "trade_or_duel", "players": 4});
        let key = Uuid::new_v4().to_string();
        let Answer {
            status, body: game, ..
        } = shared
            .http
            .until_answered(
                reqwest::Method::POST,
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
        shared
            .acknowledged
            .lock()
            .await
            .insert(id.clone(), Vec::new());
        for token in &tokens[1..] {
            let key = Uuid::new_v4().to_string();
            let path = format!("/v1/games/{id}/join");
            let Answer { status, body, .. } = shared
                .http
                .until_answered(reqwest::Method::POST, &path, token, Some(&key), None)
                .await;
            if status != 200 {
                return Err(format!("join failed: {status} {body}"));
            }
        }
        play_game(&shared, &tokens, &id, &mut rng).await?;
    }
    Ok(())
}

async fn play_game(
    shared: &Shared,
    tokens: &[String],
    id: &str,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<(), String> {
    let game_path = format!("/v1/games/{id}");
    while !shared.stop.load(Ordering::Relaxed) {
        let Answer { body: game, .. } = shared
            .http
            .until_answered(reqwest::Method::GET, &game_path, &tokens[0], None, None)
            .await;
        if game["status"] == "finished" {
            return Ok(());
        }
        let to_act: Vec<usize> = game["to_act"]
            .as_array()
            .map(|seats| {
                seats
                    .iter()
                    .filter_map(Value::as_u64)
                    .map(|seat| seat as usize)
                    .collect()
            })
            .unwrap_or_default();
        if to_act.is_empty() {
            return Err(format!("game {id} waits for nobody: {game}"));
        }
        let seat = to_act[rng.random_range(0..to_act.len())];
        let Answer { body: legal, .. } = shared
            .http
            .until_answered(
                reqwest::Method::GET,
                &format!("{game_path}/legal-moves"),
                &tokens[seat],
                None,
                None,
            )
            .await;
        let moves = legal["legal_moves"].as_array().cloned().unwrap_or_default();
        if moves.is_empty() {
            return Err(format!("seat {seat} must act in {id} but has no move"));
        }
        let mv = moves[rng.random_range(0..moves.len())].clone();
        let body = json!({"version": legal["version"], "move": mv});
        let key = Uuid::new_v4().to_string();
        let Answer {
            status,
            replayed,
            body: answer,
            ..
        } = shared
            .http
            .until_answered(
                reqwest::Method::POST,
                &format!("{game_path}/moves"),
                &tokens[seat],
                Some(&key),
                Some(&body),
            )
            .await;
        if status != 200 {
            return Err(format!("a legal move was refused: {status} {answer}"));
        }
        if replayed {
            shared.counters.replays.fetch_add(1, Ordering::Relaxed);
        }
        shared.counters.acknowledged.fetch_add(1, Ordering::Relaxed);
        let version = answer["version"].as_i64().unwrap_or_default();
        shared
            .acknowledged
            .lock()
            .await
            .entry(id.to_owned())
            .or_default()
            .push(Acknowledged {
                version,
                seat: u8::try_from(seat).unwrap_or_default(),
                mv,
            });
    }
    Ok(())
}

/// Every acknowledged move is in the log exactly once, in order, at the public version it was
/// acknowledged with; every game's stored state equals the replay of its log.
fn verify(
    database: &persistence::Database,
    acknowledged: &HashMap<String, Vec<Acknowledged>>,
) -> Result<(usize, usize), String> {
    let mut moves = 0;
    for (id, acks) in acknowledged {
        let uuid = Uuid::parse_str(id).map_err(|error| error.to_string())?;
        let record = database
            .game(uuid)
            .map_err(|error| format!("{id}: {error}"))?;
        let inputs = database
            .inputs(uuid)
            .map_err(|error| format!("{id}: {error}"))?;
        if inputs.len() != acks.len() {
            return Err(format!(
                "game {id}: {} inputs logged, {} moves acknowledged",
                inputs.len(),
                acks.len()
            ));
        }
        // One table moves one at a time and no deadline runs, so the log holds exactly the
        // acknowledged moves, in order: the n-th at revision n, each at the public version
        // its answer reported (a secret submission leaves that version as it was).
        for (index, (ack, logged)) in acks.iter().zip(&inputs).enumerate() {
            let posted = openapi::unions::parse_move(record.kind, ack.mv.clone())
                .map_err(|error| format!("game {id}: {error}"))?;
            let same = matches!(&logged.input,
                Input::Move { seat, mv } if seat.0 == ack.seat && *mv == posted);
            let revision = i64::try_from(index + 1).unwrap_or(i64::MAX);
            if logged.seq != revision || logged.version != ack.version || !same {
                return Err(format!(
                    "game {id}: input {revision} (version {}) is not the acknowledged move \
                     (version {})",
                    logged.version, ack.version
                ));
            }
        }
        if let Some(state) = &record.state {
            let replayed = persistence::replay(&record, &inputs)
                .map_err(|error| format!("game {id}: {error}"))?;
            if &replayed != state {
                return Err(format!(
                    "game {id}: the stored state differs from the replay"
                ));
            }
        }
        moves += acks.len();
    }
    Ok((acknowledged.len(), moves))
}

async fn run(options: CrashOptions, data_dir: PathBuf) -> Result<(), String> {
    std::fs::create_dir_all(&data_dir).map_err(|error| error.to_string())?;
    let database = RunDatabase::create(&options.backend, &data_dir)?;
    let mut server = ServerProcess::new(
        options.server.clone(),
        data_dir.clone(),
        &[
            ("DATABASE_URL", database.url.as_str()),
            ("JWT_SECRET", SECRET),
            ("RATE_LIMIT_AUTH_PER_MINUTE", "0"),
            ("RATE_LIMIT_GAMES_PER_MINUTE", "0"),
            ("RATE_LIMIT_MOVES_PER_MINUTE", "0"),
            ("RATE_LIMIT_JOINS_PER_MINUTE", "0"),
            ("CONNECTIONS_PER_CLIENT", "0"),
            ("SHUTDOWN_TIMEOUT_SECS", "10"),
            ("RUST_LOG", "warn"),
        ],
    )?;
    let shared = Arc::new(Shared {
        http: Retrying::new(server.base_url()),
        counters: Counters::default(),
        stop: AtomicBool::new(false),
        acknowledged: Mutex::new(HashMap::new()),
    });
    server.spawn()?;
    server.wait_ready(shared.http.client()).await?;

    // Accounts are made before the first kill: a registration is not idempotent (a retry of
    // one that took effect is `username_unavailable`).
    let mut tables = Vec::new();
    for table in 0..TABLES {
        let mut tokens = Vec::new();
        for seat in 0..4 {
            tokens.push(register(&shared, &format!("t{table}s{seat}")).await?.1);
        }
        let seed = options.seed.wrapping_add(table as u64 + 1);
        tables.push(tokio::spawn(play_table(shared.clone(), tokens, seed)));
    }

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(options.seed);
    let recoveries = kill_and_restart(
        &mut server,
        shared.http.client(),
        options.kills,
        50..600,
        &mut rng,
    )
    .await?;
    // Let the clients see a last stretch of normal service, then stop them between moves.
    tokio::time::sleep(Duration::from_millis(300)).await;
    shared.stop.store(true, Ordering::Relaxed);
    for table in tables {
        table.await.map_err(|error| error.to_string())??;
    }
    let terminated = Instant::now();
    let status = server.terminate()?;
    if !status.success() {
        return Err(format!("the server exited with {status} on SIGTERM"));
    }
    let stop_time = terminated.elapsed();

    let acknowledged = shared.acknowledged.lock().await.clone();
    let url = database.url.clone();
    let (games, moves) = tokio::task::spawn_blocking(move || {
        let database = persistence::Database::connect(&url).map_err(|error| error.to_string())?;
        verify(&database, &acknowledged)
    })
    .await
    .map_err(|error| error.to_string())??;

    let slowest = recoveries.iter().max().copied().unwrap_or_default();
    let mean = recoveries
        .iter()
        .sum::<Duration>()
        .checked_div(u32::try_from(recoveries.len()).unwrap_or(1).max(1))
        .unwrap_or_default();
    println!(
        "crash {}: {} SIGKILLs, {} starts; {} acknowledged moves in {} games, all present exactly \
         once; every stored state equals its replay; {} retries, {} replayed responses; restart \
         to ready mean {:?}, max {:?}; SIGTERM stop {:?} (exit 0); seed {}",
        options.backend,
        options.kills,
        server.starts(),
        moves,
        games,
        shared.http.retries(),
        shared.counters.replays.load(Ordering::Relaxed),
        mean,
        slowest,
        stop_time,
        options.seed,
    );
    database.drop_if_made();
    let _ = std::fs::remove_dir_all(&data_dir);
    Ok(())
}

#[tokio::main]
async fn main() {
    drive(
        "crash",
        CrashOptions::from_args("target/release/cardtable", 10),
        run,
    )
    .await;
}
