//! Push latency: from a move acknowledged to its mover until another client, following the
//! game on `GET /v1/games/{id}/stream`, has received an event of that move. The mover and the
//! follower may talk to different server processes on one database: then the event crosses
//! processes through the database's change notifications.

use std::time::{Duration, Instant};

use serde_json::json;
use tokio::sync::watch;

use crate::play::{Player, Step, Table};
use crate::stats::{Samples, Tally, Window};

/// The game played: every Tricky Tribes move is announced to every seat at once (a card played
/// face down is announced as played), so every public move has an event for the follower.
const KIND: (&str, usize) = ("tricky_tribes", 4);

/// The follower's seat: another client than the mover's, whichever seat moves.
const FOLLOWER_SEAT: usize = 1;

/// How long the mover waits for the follower to receive a move before counting it missed.
const PATIENCE: Duration = Duration::from_secs(2);

#[derive(Debug, Default)]
pub struct PushRun {
    /// Acknowledgement to receipt, per public move acknowledged in the window.
    pub latencies: Samples,
    /// Moves whose event reached the follower before the mover had its answer (counted as 0).
    pub before_ack: u64,
    /// Public moves whose event did not arrive within [`PATIENCE`].
    pub missed: u64,
    /// Streams that did not open, or ended before their game did.
    pub stream_failures: u64,
    pub tally: Tally,
    pub seconds: f64,
}

/// The newest public version the follower has received, and when it first did.
type Received = (i64, Instant);

/// One mover and one follower per table, each pair on its own game, until the window closes.
/// Moves go to `mover_base`; the follower streams from `follower_base`.
pub async fn run(
    mover_base: &str,
    follower_base: &str,
    tables: &[Table],
    window: Window,
) -> Result<PushRun, String> {
    let mut tasks = Vec::new();
    for (index, table) in tables.iter().enumerate() {
        let mut player = Player::new(mover_base, 5_000 + index as u64)?;
        let follower = stream_client()?;
        let follower_base = follower_base.to_owned();
        let table = table.clone();
        tasks.push(tokio::spawn(async move {
            let mut run = PushRun::default();
            while !window.is_over() {
                play_one(
                    &mut player,
                    &follower,
                    &follower_base,
                    &table,
                    &window,
                    &mut run,
                )
                .await;
            }
            run.tally.add(&player.tally);
            run
        }));
    }
    let mut total = PushRun {
        seconds: window.seconds(),
        ..PushRun::default()
    };
    for task in tasks {
        let run = task.await.map_err(|error| error.to_string())?;
        total.latencies.merge(run.latencies);
        total.before_ack += run.before_ack;
        total.missed += run.missed;
        total.stream_failures += run.stream_failures;
        total.tally.add(&run.tally);
    }
    Ok(total)
}

/// Plays one game while its follower streams it, timing each public move's delivery.
async fn play_one(
    player: &mut Player,
    follower: &reqwest::Client,
    follower_base: &str,
    table: &Table,
    window: &Window,
    run: &mut PushRun,
) {
    let (kind, players) = KIND;
    let Some(mut game) = player.start_game(table, kind, players, json!({})).await else {
        tokio::time::sleep(Duration::from_millis(10)).await;
        return;
    };
    let (sender, mut received) = watch::channel::<Received>((-1, Instant::now()));
    let url = format!("{follower_base}{}", game.path("/stream"));
    let token = game.tokens[FOLLOWER_SEAT].clone();
    let follow = tokio::spawn(follow(follower.clone(), url, token, sender));
    // The stream replays the start of play first: once that has arrived it is live.
    let live = tokio::time::timeout(Duration::from_secs(10), received.wait_for(|(v, _)| *v >= 0));
    if !matches!(live.await, Ok(Ok(_))) {
        run.stream_failures += 1;
        follow.abort();
        return;
    }
    loop {
        if window.is_over() {
            break;
        }
        let before = game.version;
        match player.step(&mut game, window).await {
            Step::Moved(..) => {
                let acknowledged = Instant::now();
                // A secret submission leaves the public version, and tells others nothing new.
                if game.version <= before {
                    continue;
                }
                let target = game.version;
                let arrived = tokio::time::timeout(
                    PATIENCE,
                    received.wait_for(|(version, _)| *version >= target),
                )
                .await;
                match arrived {
                    Ok(Ok(seen)) => {
                        let at = seen.1;
                        let latency = at.saturating_duration_since(acknowledged);
                        if window.contains(acknowledged) {
                            run.before_ack += u64::from(at < acknowledged);
                            run.latencies.record(window, latency);
                        }
                    }
                    Ok(Err(_)) => {
                        // The stream ended while the game goes on.
                        run.stream_failures += 1;
                        break;
                    }
                    Err(_) => run.missed += u64::from(window.contains(acknowledged)),
                }
            }
            Step::Retried => {}
            Step::Stop => break,
        }
    }
    follow.abort();
}

/// Reads the stream until it ends, announcing each newer public version with the moment its
/// message arrived.
async fn follow(
    client: reqwest::Client,
    url: String,
    token: String,
    sender: watch::Sender<Received>,
) {
    let response = client
        .get(url)
        .header("authorization", format!("Bearer {token}"))
        .header("accept", "text/event-stream")
        .send()
        .await;
    let Ok(mut response) = response else { return };
    if response.status().as_u16() != 200 {
        return;
    }
    let mut buffer = String::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        let now = Instant::now();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        for version in take_messages(&mut buffer) {
            sender.send_if_modified(|seen| {
                let newer = version > seen.0;
                if newer {
                    *seen = (version, now);
                }
                newer
            });
        }
    }
}

/// Removes the complete messages from the front of `buffer` and returns the public version
/// each data line carries (comments and keep-alives carry none).
pub fn take_messages(buffer: &mut String) -> Vec<i64> {
    let mut versions = Vec::new();
    while let Some(end) = buffer.find("\n\n") {
        let message: String = buffer.drain(..end + 2).collect();
        for line in message.lines() {
            // Read without building the whole event, so that a thousand streams cost the
            // client little.
            if let Some(data) = line.strip_prefix("data:")
                && let Some(version) = entry_version(data.trim_start())
            {
                versions.push(version);
            }
        }
    }
    versions
}

/// The `version` of an event entry, the rest skipped unread into values.
fn entry_version(data: &str) -> Option<i64> {
    #[derive(serde::Deserialize)]
    struct Entry {
        version: i64,
    }
    serde_json::from_str::<Entry>(data)
        .ok()
        .map(|entry| entry.version)
}

/// A client for long-lived streams: no overall request timeout.
pub fn stream_client() -> Result<reqwest::Client, String> {
    reqwest::Client::builder()
        .tcp_nodelay(true)
        .connect_timeout(Duration::from_secs(10))
        .build()
        .map_err(|error| format!("http client: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn complete_messages_give_their_versions_and_a_partial_one_waits() {
        let mut buffer = String::from(
            "retry: 2000\n\n: keep-alive\n\nid: 3\nevent: card_played\n\
             data: {\"seq\":3,\"version\":7,\"event\":{}}\n\nid: 4\ndata: {\"seq\":4,",
        );

        assert_eq!(take_messages(&mut buffer), vec![7]);
        assert_eq!(buffer, "id: 4\ndata: {\"seq\":4,");

        buffer.push_str("\"version\":8}\n\n");
        assert_eq!(take_messages(&mut buffer), vec![8]);
        assert!(buffer.is_empty());
    }
}
