//! Fan-out: one game followed by many streams at once (its seats and spectators), and as many
//! account streams, while one client plays it as fast as it can. It measures the push latency
//! (a move acknowledged to its mover until each game stream has received its event), the move
//! rate beside the same client's rate with no stream open (same server, same run), and the
//! server's memory with every stream open.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::json;
use tokio::sync::Semaphore;

use crate::args::BackendChoice;
use crate::memory::Memory;
use crate::play::{GameInPlay, Player, Step, Table};
use crate::push::{stream_client, take_messages};
use crate::server::Server;
use crate::stats::{Samples, Summary, Window};

/// Accounts the streams are opened as: the four seats, then spectators. Each opens many
/// streams (the server runs without a per-account cap here).
const ACCOUNTS: usize = 40;
/// Streams opened at once while connecting.
const OPENING_AT_ONCE: usize = 64;
/// How long after the window the last deliveries may still arrive.
const STRAGGLERS: Duration = Duration::from_secs(3);

#[derive(Debug, Default)]
pub struct FanoutRun {
    pub game_streams: usize,
    pub account_streams: usize,
    /// Streams that did not open.
    pub failed_to_open: usize,
    /// The mover's moves with no stream open.
    pub baseline: Summary,
    /// The mover's moves with every stream open.
    pub with_streams: Summary,
    /// Acknowledgement to receipt, per (public move, game stream).
    pub push: Summary,
    /// (public move, game stream) pairs never received.
    pub missed: u64,
    /// Messages the account streams received.
    pub account_messages: u64,
    pub memory_before: Memory,
    pub memory_open: Memory,
    pub memory_after: Memory,
}

/// For one stream: each newer public version it received, and when.
type Arrivals = Arc<Mutex<Vec<(i64, Instant)>>>;

pub async fn run(
    binary: &std::path::Path,
    backend: &BackendChoice,
    subscribers: usize,
    warmup: Duration,
    length: Duration,
) -> Result<FanoutRun, String> {
    let server = Server::start_with(binary, backend, &[("STREAMS_PER_ACCOUNT", "0")])?;
    let base = server.base_url.clone();
    let (tokens, _) = crate::accounts::register_all(&base, "fan-", ACCOUNTS).await?;
    if tokens.iter().any(String::is_empty) {
        return Err("some accounts did not register".to_owned());
    }
    let table = Table {
        tokens: tokens[..4].to_vec(),
    };
    let mut run = FanoutRun {
        game_streams: subscribers,
        account_streams: subscribers,
        ..FanoutRun::default()
    };

    // The same client, the same kind of game, no stream open.
    let mut player = Player::new(&base, 77)?;
    let window = Window::after(warmup, length);
    let moves = play(&mut player, &table, &window, None).await?;
    run.baseline = moves.summary(window.seconds());
    run.memory_before = server.memory();

    let game = start(&mut player, &table).await?;
    let client = stream_client()?;
    let opening = Arc::new(Semaphore::new(OPENING_AT_ONCE));
    let mut followers = Vec::new();
    for index in 0..subscribers {
        let token = tokens[index % ACCOUNTS].clone();
        let url = format!("{base}{}", game.path("/stream"));
        let arrivals: Arrivals = Arc::default();
        let task = tokio::spawn(follow(
            client.clone(),
            url,
            token,
            Arc::clone(&arrivals),
            Arc::clone(&opening),
        ));
        followers.push((arrivals, task));
    }
    let account_messages = Arc::new(Mutex::new(0u64));
    let mut accounts = Vec::new();
    for index in 0..subscribers {
        let token = tokens[index % ACCOUNTS].clone();
        let url = format!("{base}/v1/me/stream");
        let counted = Arc::clone(&account_messages);
        accounts.push(tokio::spawn(count_messages(
            client.clone(),
            url,
            token,
            counted,
            Arc::clone(&opening),
        )));
    }
    // Every game stream is live once it has the start of play.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let live = followers
            .iter()
            .filter(|(arrivals, _)| !lock(arrivals).is_empty())
            .count();
        let ended = followers
            .iter()
            .filter(|(_, task)| task.is_finished())
            .count();
        if live + ended >= subscribers || Instant::now() > deadline {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Let the account streams open too (they answer once the account's games are read).
    tokio::time::sleep(Duration::from_secs(2)).await;
    run.failed_to_open = followers
        .iter()
        .filter(|(_, task)| task.is_finished())
        .count()
        + accounts.iter().filter(|task| task.is_finished()).count();
    run.memory_open = server.memory();

    let window = Window::after(warmup, length);
    let mut acknowledged = Vec::new();
    let moves = play(
        &mut player,
        &table,
        &window,
        Some((game, &mut acknowledged)),
    )
    .await?;
    run.with_streams = moves.summary(window.seconds());
    tokio::time::sleep(STRAGGLERS).await;
    run.memory_after = server.memory();

    let mut latencies = Samples::default();
    for (arrivals, _) in &followers {
        let arrivals = lock(arrivals);
        for &(version, at) in &acknowledged {
            match arrivals.iter().find(|(seen, _)| *seen >= version) {
                Some(&(_, arrived)) => latencies.push(arrived.saturating_duration_since(at)),
                None => run.missed += 1,
            }
        }
    }
    run.push = latencies.summary(window.seconds());
    run.account_messages = *lock(&account_messages);
    for (_, task) in followers {
        task.abort();
    }
    for task in accounts {
        task.abort();
    }
    Ok(run)
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A long game of Tricky Tribes: every move is announced to every seat and spectator.
async fn start(player: &mut Player, table: &Table) -> Result<GameInPlay, String> {
    let options = json!({"end_condition": "fixed_rounds", "rounds": 100});
    player
        .start_game(table, "tricky_tribes", 4, options)
        .await
        .ok_or_else(|| "the game did not start".to_owned())
}

/// Plays until the window closes: on `followed` (noting when each public move was
/// acknowledged, within the window), or on fresh games one after another.
async fn play(
    player: &mut Player,
    table: &Table,
    window: &Window,
    followed: Option<(GameInPlay, &mut Vec<(i64, Instant)>)>,
) -> Result<Samples, String> {
    let mut moves = Samples::default();
    let (mut game, mut acknowledged) = match followed {
        Some((game, acknowledged)) => (game, Some(acknowledged)),
        None => (start(player, table).await?, None),
    };
    while !window.is_over() {
        let before = game.version;
        match player.step(&mut game, window).await {
            Step::Moved(latency, _) => {
                let at = Instant::now();
                moves.record(window, latency);
                if let Some(acknowledged) = acknowledged.as_mut()
                    && game.version > before
                    && window.contains(at)
                {
                    acknowledged.push((game.version, at));
                }
            }
            Step::Retried => {}
            Step::Stop if acknowledged.is_none() => game = start(player, table).await?,
            Step::Stop => return Err("the followed game ended inside the window".to_owned()),
        }
    }
    Ok(moves)
}

/// Reads one game stream, noting each newer public version and when it arrived.
async fn follow(
    client: reqwest::Client,
    url: String,
    token: String,
    arrivals: Arrivals,
    opening: Arc<Semaphore>,
) {
    let permit = opening.acquire_owned().await;
    let Some(mut response) = open(&client, &url, &token).await else {
        return;
    };
    drop(permit);
    let mut buffer = String::new();
    let mut newest = -1;
    while let Ok(Some(chunk)) = response.chunk().await {
        let now = Instant::now();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        for version in take_messages(&mut buffer) {
            if version > newest {
                newest = version;
                lock(&arrivals).push((version, now));
            }
        }
    }
}

/// Reads one account stream, counting its messages.
async fn count_messages(
    client: reqwest::Client,
    url: String,
    token: String,
    counted: Arc<Mutex<u64>>,
    opening: Arc<Semaphore>,
) {
    let permit = opening.acquire_owned().await;
    let Some(mut response) = open(&client, &url, &token).await else {
        return;
    };
    drop(permit);
    while let Ok(Some(chunk)) = response.chunk().await {
        let messages = String::from_utf8_lossy(&chunk).matches("data:").count() as u64;
        *lock(&counted) += messages;
    }
}

async fn open(client: &reqwest::Client, url: &str, token: &str) -> Option<reqwest::Response> {
    let response = client
        .get(url)
        .header("authorization", format!("Bearer {token}"))
        .header("accept", "text/event-stream")
        .send()
        .await
        .ok()?;
    (response.status().as_u16() == 200).then_some(response)
}

/// The cell as a Markdown section.
pub fn markdown(backend: &str, run: &FanoutRun) -> String {
    let ratio = run.with_streams.rate / run.baseline.rate;
    let mut out = String::new();
    out.push_str(&format!(
        "### Fan-out, {backend}: {} game streams on one game and {} account streams\n\n",
        run.game_streams, run.account_streams
    ));
    out.push_str("| measure | figure | target |\n|---|---|---|\n");
    out.push_str(&format!(
        "| push latency p50 / p95 / p99 (ms), {} deliveries | {:.1} / {:.1} / {:.1} | p99 ≤ 50 |\n",
        run.push.count, run.push.p50_ms, run.push.p95_ms, run.push.p99_ms
    ));
    out.push_str(&format!(
        "| moves/s without streams (p50 / p99 ms) | {:.1} ({:.1} / {:.1}) | |\n",
        run.baseline.rate, run.baseline.p50_ms, run.baseline.p99_ms
    ));
    out.push_str(&format!(
        "| moves/s with the streams (p50 / p99 ms) | {:.1} ({:.1} / {:.1}) | |\n",
        run.with_streams.rate, run.with_streams.p50_ms, run.with_streams.p99_ms
    ));
    out.push_str(&format!(
        "| moves with ÷ without | {:.0}% | ≥ 80% |\n",
        ratio * 100.0
    ));
    out.push_str(&format!(
        "| server RSS: before / all streams open / after the run (MiB) | {:.0} / {:.0} / {:.0} | ≤ 150 with 2,000 streams |\n",
        run.memory_before.rss_mib(),
        run.memory_open.rss_mib(),
        run.memory_after.rss_mib()
    ));
    out.push_str(&format!(
        "| deliveries missed / streams that did not open / account messages | {} / {} / {} | 0 / 0 / |\n",
        run.missed, run.failed_to_open, run.account_messages
    ));
    out
}
