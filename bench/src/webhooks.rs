//! "Your turn" by webhook under load: the move cell's clients play while every account of
//! theirs has a webhook endpoint on a local receiver, beside the same clients' move rate on
//! accounts without endpoints, in the same run on the same server (alternated, twice each).
//! The receiver notes when each delivery arrived; a `your_turn` is timed from the
//! acknowledgement of the move that made it (the first move answered with its game and
//! public version) to its arrival.

use std::collections::HashMap;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use actix_web::{App, HttpResponse, HttpServer, web};
use serde_json::{Value, json};

use crate::accounts::register_all;
use crate::args::BackendChoice;
use crate::http::Client;
use crate::play::{MoveRun, Table, run_moves_recording};
use crate::server::Server;
use crate::stats::{Samples, Summary, Window};

/// Alternations of the two cells.
const ROUNDS: usize = 2;
/// Clients per cell (four accounts each), as the move cell's middle column.
const CLIENTS: usize = 16;
/// After a cell, how long the receiver must be quiet for the outbox to count as drained.
const QUIET: Duration = Duration::from_secs(1);
/// The longest wait for the outbox to drain after a cell.
const DRAIN_AT_MOST: Duration = Duration::from_secs(60);

/// One delivery as the receiver saw it.
struct Received {
    at: Instant,
    kind: String,
    game: String,
    version: i64,
}

#[derive(Debug, Default)]
pub struct WebhookRun {
    /// Moves per second of each cell without endpoints, then with, per round.
    pub rounds: Vec<(f64, f64)>,
    /// Accepted move acknowledged → its `your_turn` received.
    pub latency: Summary,
    /// Deliveries that arrived before the mover had read its answer (counted as 0 ms).
    pub before_ack: usize,
    /// Deliveries received during the measured windows, per second of window.
    pub deliveries_per_second: f64,
    /// Deliveries received in all (warm-ups and drains included).
    pub deliveries: usize,
    /// The longest time, after a cell's last move, until the last of its deliveries arrived.
    pub drained_after: Duration,
    /// `your_turn` deliveries whose move was not seen (a game's start, or a move made after
    /// its window): not timed.
    pub untimed: usize,
    pub errors: u64,
}

impl WebhookRun {
    fn rates(&self) -> (f64, f64) {
        let n = self.rounds.len().max(1) as f64;
        let without = self.rounds.iter().map(|round| round.0).sum::<f64>() / n;
        let with = self.rounds.iter().map(|round| round.1).sum::<f64>() / n;
        (without, with)
    }
}

pub async fn run(
    binary: &std::path::Path,
    backend: &BackendChoice,
    warmup: Duration,
    window_length: Duration,
) -> Result<WebhookRun, String> {
    let (receiver, deliveries) = Receiver::start()?;
    let server = Server::start_with(binary, backend, &[("WEBHOOK_ALLOW_PRIVATE", "true")])?;
    let base = server.base_url.clone();
    let accounts = CLIENTS * 4;
    eprintln!("   registering {} accounts", accounts * 2);
    let (plain, burst) = register_all(&base, "plain-", accounts).await?;
    let (hooked, second) = register_all(&base, "hooked-", accounts).await?;
    if let Some(failure) = burst.first_failure.or(second.first_failure) {
        return Err(format!("registration failed: {failure}"));
    }
    let client = Client::new(&base)?;
    let url = format!("{}/hook", receiver.base_url);
    for token in &hooked {
        let body = json!({"url": url,
            "events": ["your_turn", "game_started", "game_finished", "game_cancelled"]});
        let reply = client.post("/v1/me/webhooks", Some(token), &body).await?;
        if reply.status != 201 {
            return Err(format!(
                "webhook refused: {} {}",
                reply.status,
                String::from_utf8_lossy(&reply.body)
            ));
        }
    }
    let tables = |tokens: &[String]| -> Vec<Table> {
        tokens
            .chunks(4)
            .map(|seats| Table {
                tokens: seats.to_vec(),
            })
            .collect()
    };
    let (plain, hooked) = (tables(&plain), tables(&hooked));
    let mut run = WebhookRun::default();
    let mut latencies = Samples::default();
    let mut window_deliveries = 0;
    let mut window_seconds = 0.0;
    for round in 0..ROUNDS {
        // Each cell goes first in every other round (ABBA), so a machine that gets busier or
        // quieter during the run favours neither.
        let mut without = None;
        if round % 2 == 0 {
            without =
                Some(plain_cell(&base, &plain, &deliveries, round, warmup, window_length).await?);
        }
        eprintln!("   round {}: moves with webhooks", round + 1);
        let window = Window::after(warmup, window_length);
        let with = run_moves_recording(&base, &hooked, window, true).await?;
        let last_move = Instant::now();
        let received = drain(&deliveries).await;
        if let Some(last) = received.iter().map(|delivery| delivery.at).max() {
            run.drained_after = run
                .drained_after
                .max(last.saturating_duration_since(last_move));
        }
        run.deliveries += received.len();
        window_deliveries += received
            .iter()
            .filter(|delivery| window.contains(delivery.at))
            .count();
        window_seconds += window.seconds();
        time_turns(&with, &received, &window, &mut latencies, &mut run);
        let without = match without {
            Some(without) => without,
            None => plain_cell(&base, &plain, &deliveries, round, warmup, window_length).await?,
        };
        run.errors += without.tally.errors() + with.tally.errors();
        run.rounds.push((rate(&without), rate(&with)));
    }
    run.latency = latencies.summary(window_seconds);
    run.deliveries_per_second = window_deliveries as f64 / window_seconds.max(1e-9);
    drop(server);
    drop(receiver);
    Ok(run)
}

/// The move cell on accounts without endpoints: nothing may be delivered for it.
async fn plain_cell(
    base: &str,
    plain: &[Table],
    deliveries: &mpsc::Receiver<Received>,
    round: usize,
    warmup: Duration,
    window_length: Duration,
) -> Result<MoveRun, String> {
    eprintln!("   round {}: moves without webhooks", round + 1);
    let window = Window::after(warmup, window_length);
    let without = run_moves_recording(base, plain, window, false).await?;
    let quiet = drain(deliveries).await;
    if !quiet.is_empty() {
        return Err(format!(
            "{} deliveries for accounts without endpoints",
            quiet.len()
        ));
    }
    Ok(without)
}

fn rate(run: &MoveRun) -> f64 {
    run.moves.len() as f64 / run.seconds.max(1e-9)
}

/// Times each `your_turn` from the first acknowledgement of its game and version, for moves
/// acknowledged inside the window.
fn time_turns(
    moves: &MoveRun,
    received: &[Received],
    window: &Window,
    latencies: &mut Samples,
    run: &mut WebhookRun,
) {
    let mut acked: HashMap<(&str, i64), Instant> = HashMap::new();
    for (game, version, at) in &moves.acks {
        acked.entry((game.as_str(), *version)).or_insert(*at);
    }
    for delivery in received
        .iter()
        .filter(|delivery| delivery.kind == "your_turn")
    {
        match acked.get(&(delivery.game.as_str(), delivery.version)) {
            Some(ack) if window.contains(*ack) => {
                if delivery.at < *ack {
                    run.before_ack += 1;
                }
                latencies.push(delivery.at.saturating_duration_since(*ack));
            }
            Some(_) => {}
            None => run.untimed += 1,
        }
    }
}

/// Collects deliveries until the receiver has been quiet for [`QUIET`] (or [`DRAIN_AT_MOST`]).
async fn drain(deliveries: &mpsc::Receiver<Received>) -> Vec<Received> {
    let started = Instant::now();
    let mut received = Vec::new();
    let mut last = Instant::now();
    while last.elapsed() < QUIET && started.elapsed() < DRAIN_AT_MOST {
        let mut any = false;
        while let Ok(delivery) = deliveries.try_recv() {
            received.push(delivery);
            any = true;
        }
        if any {
            last = Instant::now();
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    received
}

/// A webhook receiver on 127.0.0.1 in a thread of its own: answers 204 to every POST and
/// passes on what arrived and when. It checks no signature (the black-box tests do, with an
/// independent implementation); it must cost the machine as little as possible.
struct Receiver {
    base_url: String,
    handle: actix_web::dev::ServerHandle,
}

impl Receiver {
    fn start() -> Result<(Receiver, mpsc::Receiver<Received>), String> {
        let (sender, received) = mpsc::channel::<Received>();
        let (ready, started) = mpsc::channel();
        let failed = ready.clone();
        std::thread::spawn(move || {
            let outcome = actix_web::rt::System::new().block_on(async move {
                let server = HttpServer::new(move || {
                    let sender = sender.clone();
                    App::new().route(
                        "/hook",
                        web::post().to(move |body: web::Bytes| {
                            let at = Instant::now();
                            let sender = sender.clone();
                            async move {
                                let message: Value =
                                    serde_json::from_slice(&body).unwrap_or(Value::Null);
                                let _ = sender.send(Received {
                                    at,
                                    kind: message["type"].as_str().unwrap_or("").to_owned(),
                                    game: message["data"]["game_id"]
                                        .as_str()
                                        .unwrap_or("")
                                        .to_owned(),
                                    version: message["data"]["version"].as_i64().unwrap_or(-1),
                                });
                                HttpResponse::NoContent().finish()
                            }
                        }),
                    )
                })
                .workers(1)
                .bind(("127.0.0.1", 0))?;
                let port = server
                    .addrs()
                    .first()
                    .map(|address| address.port())
                    .ok_or_else(|| std::io::Error::other("not bound"))?;
                let running = server.run();
                let _ = ready.send(Ok((port, running.handle())));
                running.await
            });
            if let Err(error) = outcome {
                let _ = failed.send(Err(error.to_string()));
            }
        });
        let (port, handle) = started
            .recv_timeout(Duration::from_secs(10))
            .map_err(|error| format!("the receiver did not start: {error}"))??;
        Ok((
            Receiver {
                base_url: format!("http://127.0.0.1:{port}"),
                handle,
            },
            received,
        ))
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        // Stopping returns a future; the receiver's thread ends with its server.
        drop(self.handle.stop(false));
    }
}

pub fn markdown(backend: &str, run: &WebhookRun) -> String {
    let (without, with) = run.rates();
    let ratio = with / without.max(1e-9) * 100.0;
    let rounds: Vec<String> = run
        .rounds
        .iter()
        .map(|(without, with)| format!("{without:.0} → {with:.0}"))
        .collect();
    let mut out = format!(
        "### Webhooks, {backend}: {CLIENTS} clients, every account with an endpoint on a local receiver\n\n"
    );
    out.push_str("| measure | figure | target |\n|---|---|---|\n");
    out.push_str(&format!(
        "| move acknowledged → `your_turn` received, p50 / p95 / p99 ms ({} timed, {} before the ack) | {:.1} / {:.1} / {:.1} | within 1 s |\n",
        run.latency.count, run.before_ack, run.latency.p50_ms, run.latency.p95_ms, run.latency.p99_ms
    ));
    out.push_str(&format!(
        "| deliveries received per second in the windows ({} in all) | {:.0} | |\n",
        run.deliveries, run.deliveries_per_second
    ));
    out.push_str(&format!(
        "| moves/s without → with webhooks (rounds: {}) | {without:.0} → {with:.0}: {ratio:.0}% | ≥ 90% |\n",
        rounds.join(", ")
    ));
    out.push_str(&format!(
        "| last delivery after the last move of a cell | {:.2} s | |\n",
        run.drained_after.as_secs_f64()
    ));
    out.push_str(&format!(
        "| `your_turn` not timed (game starts, moves after a window) / request errors | {} / {} | |\n",
        run.untimed, run.errors
    ));
    out
}
