//! Two server processes on one PostgreSQL: a move committed on one reaches streams open on the
//! other within a second, also after the listener's connection was lost. Also measures the push
//! latency (move acknowledged → event read at another client's stream), in one process and
//! across two.

use std::time::{Duration, Instant};

use blackbox::{Backend, EventStream, Player, Read, TestApp, per_backend, play_random_move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::json;
use tokio::sync::mpsc;

async fn open(app: &TestApp, player: &Player, path: &str) -> EventStream {
    let (status, stream) = app.open_stream(path, Some(&player.token), &[]).await;
    assert_eq!(status, 200, "{path}");
    stream.unwrap_or_else(|| panic!("no stream at {path}"))
}

/// Reads events until the one with `seq`, which must come within `within`.
async fn until_seq(stream: &mut EventStream, seq: i64, within: Duration) {
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match stream.next_event(left).await {
            Read::Message(message) if message.json()["seq"].as_i64() >= Some(seq) => return,
            Read::Message(_) => {}
            other => panic!("event {seq} did not arrive within {within:?}: {other:?}"),
        }
    }
}

async fn last_seq(app: &TestApp, player: &Player, id: &str) -> i64 {
    app.get(player, &format!("/v1/games/{id}/events"))
        .await
        .expect_status(200)
        .body["last_seq"]
        .as_i64()
        .unwrap_or_default()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[rank.min(sorted.len() - 1)]
}

/// Reads a stream in the background, stamping each event with the moment it arrived.
fn stamped(mut stream: EventStream) -> mpsc::UnboundedReceiver<(i64, Instant)> {
    let (sender, receiver) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Read::Message(message) = stream.next_event(Duration::from_secs(30)).await {
            let seq = message.json()["seq"].as_i64().unwrap_or_default();
            if sender.send((seq, Instant::now())).is_err() {
                return;
            }
        }
    });
    receiver
}

/// Plays games move by move on `near`; for each acknowledged move, the time until its first
/// event visible to `watcher` arrived at `watcher`'s stream on `far`.
async fn push_latencies(
    near: &TestApp,
    far: &TestApp,
    seats: &[&Player],
    watcher: &Player,
    moves: usize,
) -> Vec<Duration> {
    let mut rng = StdRng::seed_from_u64(17);
    let mut latencies = Vec::new();
    while latencies.len() < moves {
        let request = json!({"kind": "trade_or_duel", "players": 4,
            "options": {"turns_each": 3}});
        let id = near.start_game(seats[0], &seats[1..], request).await;
        let path = format!("/v1/games/{id}/stream");
        let mut arrivals = stamped(open(far, watcher, &path).await);
        while latencies.len() < moves {
            let before = last_seq(near, watcher, &id).await;
            if play_random_move(near, seats, &id, &mut rng).await.is_none() {
                break;
            }
            let acknowledged = Instant::now();
            let page = near
                .get(watcher, &format!("/v1/games/{id}/events?after={before}"))
                .await
                .expect_status(200)
                .body;
            let Some(first) = page["events"][0]["seq"].as_i64() else {
                continue; // nothing of this move is visible to the watcher
            };
            let arrived = loop {
                match tokio::time::timeout(Duration::from_secs(1), arrivals.recv()).await {
                    Ok(Some((seq, at))) if seq >= first => break at,
                    Ok(Some(_)) => {}
                    other => panic!("event {first} did not arrive within 1 s: {other:?}"),
                }
            };
            latencies.push(arrived.saturating_duration_since(acknowledged));
        }
    }
    latencies.sort();
    latencies
}

per_backend!(a_move_on_one_process_reaches_streams_on_another_within_a_second);
async fn a_move_on_one_process_reaches_streams_on_another_within_a_second(app: TestApp) {
    // SQLite's feed stays inside one process: servers sharing a SQLite file see each other's
    // moves only with the periodic re-read, which this test does not wait for.
    let Backend::Postgres(admin_url) = app.backend.clone() else {
        return;
    };
    let near = app;
    let far = near.spawn_sharing().await;
    let [north, east, south, west] = [
        near.player("north").await,
        near.player("east").await,
        near.player("south").await,
        near.player("west").await,
    ];
    let spectator = near.player("spectator").await;
    let seats = [&north, &east, &south, &west];

    // The account stream on the far process hears a start committed on the near one.
    let mut account = open(&far, &north, "/v1/me/stream").await;
    let request = json!({"kind": "trade_or_duel", "players": 4, "options": {"first_player": 0}});
    let id = near
        .start_game(&north, &[&east, &south, &west], request.clone())
        .await;
    let started = Instant::now();
    match account.next_event(Duration::from_secs(1)).await {
        Read::Message(message) => assert_eq!(message.json()["type"], "game_started"),
        other => panic!("the start did not reach the other process: {other:?}"),
    }
    assert!(started.elapsed() < Duration::from_secs(1));

    // Moves reach a spectator's stream on the other process within a second each.
    let latencies = push_latencies(&near, &far, &seats, &spectator, 30).await;
    let across = (percentile(&latencies, 0.5), percentile(&latencies, 0.99));
    let latencies = push_latencies(&near, &near, &seats, &spectator, 30).await;
    let within = (percentile(&latencies, 0.5), percentile(&latencies, 0.99));
    println!(
        "push latency, move acknowledged → event at another client's stream: \
         one process p50 {:?} p99 {:?}; across two processes p50 {:?} p99 {:?}",
        within.0, within.1, across.0, across.1
    );

    // The listeners lose their connections: they reconnect, and nothing is lost.
    let mut stream = open(&far, &spectator, &format!("/v1/games/{id}/stream")).await;
    until_seq(
        &mut stream,
        last_seq(&near, &spectator, &id).await,
        Duration::from_secs(5),
    )
    .await;
    let (admin, database) = (admin_url.clone(), near.database_url().to_owned());
    let ended = tokio::task::spawn_blocking(move || {
        persistence::testing::terminate_listeners(&admin, &database)
    })
    .await
    .ok()
    .and_then(Result::ok);
    assert_eq!(ended, Some(2), "each process listens on one connection");
    let mut rng = StdRng::seed_from_u64(23);
    play_random_move(&near, &seats, &id, &mut rng).await;
    let seq = last_seq(&near, &spectator, &id).await;
    until_seq(&mut stream, seq, Duration::from_secs(5)).await;
    // And once reconnected, changes flow within a second again.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    play_random_move(&near, &seats, &id, &mut rng).await;
    let seq = last_seq(&near, &spectator, &id).await;
    until_seq(&mut stream, seq, Duration::from_secs(1)).await;
}

/// The bot moves of a finished game, from its published move log.
async fn bot_inputs(app: &TestApp, player: &Player, id: &str) -> u64 {
    let log = app
        .get(player, &format!("/v1/games/{id}/moves"))
        .await
        .expect_status(200)
        .body;
    log["inputs"].as_array().map_or(0, |inputs| {
        inputs
            .iter()
            .filter(|input| input["seat"].as_u64().is_some_and(|seat| seat != 0))
            .count() as u64
    })
}

/// Two server processes on one PostgreSQL, both running bots and the deadline tick: each bot
/// seat is played by one of them (so no bot move is decided twice and none loses a race: in
/// Intrigue only one seat acts at a time), every bot move is committed once, and each due game
/// is expired by exactly one of the two ticks. (SQLite serves one process.)
async fn two_processes_share_bot_seats_and_due_games(backend: &Backend) {
    let near = TestApp::spawn(backend).await;
    let far = near.spawn_sharing().await;
    let person = near.player("solo").await;
    let bots = json!([{"seat": 1, "level": "random"}, {"seat": 2, "level": "random"}]);
    let mut rng = StdRng::seed_from_u64(5);
    let mut logged = 0;
    for _ in 0..3 {
        let created = near
            .post(
                &person,
                "/v1/games",
                json!({"kind": "intrigue", "players": 3, "bots": bots}),
            )
            .await
            .expect_status(201);
        let id = created.body["id"].as_str().unwrap_or_default().to_owned();
        let finished = crate::live_bots::play_against_bots(&near, &person, &id, &mut rng).await;
        assert_eq!(finished["status"], "finished");
        logged += bot_inputs(&near, &person, &id).await;
        // Once the game is over its seats' leases are given up (each seat's task sees the end
        // at its next read, the one whose move ended the game at once).
        let database = near.database().await;
        let game = uuid::Uuid::parse_str(&id).expect("an id");
        let ended = Instant::now();
        while database
            .bot_seat_holders(game)
            .expect("holders")
            .iter()
            .any(|(_, holder)| holder.is_some())
        {
            assert!(ended.elapsed() < Duration::from_secs(20), "leases kept");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let committed = near.bots.moves() + far.bots.moves();
    assert_eq!(
        committed, logged,
        "each bot move committed once, by one process"
    );
    assert_eq!(
        (near.bots.lost_races(), far.bots.lost_races()),
        (0, 0),
        "a bot seat was played by both processes"
    );
    assert_eq!((near.bots.failures(), far.bots.failures()), (0, 0));

    // Due games: each expired by one process's tick.
    let players = near.players(["north", "east", "south", "west"]).await;
    let [north, east, south, west] = [&players[0], &players[1], &players[2], &players[3]];
    let request = json!({"kind": "trade_or_duel", "players": 4, "options": {"deadline_secs": 60}});
    let mut due = Vec::new();
    for _ in 0..20 {
        due.push(
            near.start_game(north, &[east, south, west], request.clone())
                .await,
        );
    }
    let before = near.games_expired_by_tick() + far.games_expired_by_tick();
    near.advance_clock(90);
    near.tick().await;
    far.tick().await;
    let expired = near.games_expired_by_tick() + far.games_expired_by_tick() - before;
    assert_eq!(
        expired, 20,
        "each due game was expired by exactly one process"
    );
    for id in &due {
        let game = near.game(north, id).await;
        assert_eq!(
            game["version"], 1,
            "one deadline passed, one expiry: {game}"
        );
    }
}

mod two_processes_share_bot_seats_and_due_games {
    #[tokio::test]
    async fn postgres() {
        if let Some(backend) = blackbox::postgres_backend() {
            super::two_processes_share_bot_seats_and_due_games(&backend).await;
        }
    }
}
