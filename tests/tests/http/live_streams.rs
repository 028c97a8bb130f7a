//! A game's event stream over HTTP: exactly the caller's events, resumable without gap or
//! duplicate, ending with the game; keep-alives, and the shutdown hint.

use std::time::Duration;

use api::push::LiveSettings;
use blackbox::{
    EventStream, Player, Read, SseMessage, TestApp, assert_streamed_within, per_backend,
    play_random_move,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(10);

/// Every event of the log as `player` may see it.
async fn events_of(app: &TestApp, player: &Player, id: &str) -> Vec<Value> {
    app.get(player, &format!("/v1/games/{id}/events"))
        .await
        .expect_status(200)
        .body["events"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

async fn open(app: &TestApp, player: &Player, path: &str) -> EventStream {
    let (status, stream) = app.open_stream(path, Some(&player.token), &[]).await;
    assert_eq!(status, 200, "{path}");
    stream.unwrap_or_else(|| panic!("no stream at {path}"))
}

/// Checks the SSE framing of each message and returns the data as JSON.
fn entries(messages: &[SseMessage]) -> Vec<Value> {
    messages
        .iter()
        .map(|message| {
            let entry = message.json();
            assert_eq!(message.id, Some(entry["seq"].to_string()), "{message:?}");
            assert_eq!(
                message.event.as_deref(),
                entry["event"]["type"].as_str(),
                "{message:?}"
            );
            entry
        })
        .collect()
}

async fn four(app: &TestApp) -> [Player; 4] {
    [
        app.player("north").await,
        app.player("east").await,
        app.player("south").await,
        app.player("west").await,
    ]
}

fn new_game() -> Value {
    json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 1, "first_player": 0}})
}

per_backend!(a_stream_carries_exactly_the_events_the_log_shows_the_same_caller);
async fn a_stream_carries_exactly_the_events_the_log_shows_the_same_caller(app: TestApp) {
    let [north, east, south, west] = four(&app).await;
    let spectator = app.player("spectator").await;
    let created = app
        .post(&north, "/v1/games", new_game())
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let path = format!("/v1/games/{id}/stream");
    // Opened before the start: they wait, then carry the game from its first event.
    let mut seat_stream = open(&app, &north, &path).await;
    let mut spectator_stream = open(&app, &spectator, &path).await;
    for player in [&east, &south, &west] {
        app.post(player, &format!("/v1/games/{id}/join"), json!({}))
            .await
            .expect_status(200);
    }
    let mut rng = StdRng::seed_from_u64(11);
    let seats = [&north, &east, &south, &west];
    while play_random_move(&app, &seats, &id, &mut rng)
        .await
        .is_some()
    {}

    let seat_events = entries(&seat_stream.until_end(WAIT).await);
    let spectator_events = entries(&spectator_stream.until_end(WAIT).await);
    assert_eq!(seat_events, events_of(&app, &north, &id).await);
    assert_eq!(spectator_events, events_of(&app, &spectator, &id).await);
    // The seat saw its own secrets, which the spectator's stream never carried.
    assert_ne!(seat_events, spectator_events);
    assert_eq!(seat_events.len(), spectator_events.len());

    // A stream opened after the end replays everything, then ends.
    let mut late = open(&app, &spectator, &path).await;
    assert_eq!(entries(&late.until_end(WAIT).await), spectator_events);
    // With nothing left, it answers 204: EventSource stops reconnecting.
    let last = spectator_events
        .last()
        .map(|entry| entry["seq"].to_string());
    let (status, _) = app
        .open_stream(
            &path,
            Some(&spectator.token),
            &[("last-event-id", last.unwrap_or_default())],
        )
        .await;
    assert_eq!(status, 204);
}

per_backend!(a_reconnecting_client_resumes_without_gap_or_duplicate);
async fn a_reconnecting_client_resumes_without_gap_or_duplicate(app: TestApp) {
    let [north, east, south, west] = four(&app).await;
    let id = app
        .start_game(&north, &[&east, &south, &west], new_game())
        .await;
    let path = format!("/v1/games/{id}/stream");
    let seats = [&north, &east, &south, &west];
    let mut rng = StdRng::seed_from_u64(5);

    let mut first = open(&app, &east, &path).await;
    let mut received = Vec::new();
    for _ in 0..2 {
        play_random_move(&app, &seats, &id, &mut rng).await;
    }
    while received.len() < 3 {
        match first.next_event(WAIT).await {
            Read::Message(message) => received.push(message),
            other => panic!("expected an event, got {other:?}"),
        }
    }
    drop(first);
    // Moves made while disconnected are replayed on reconnect.
    for _ in 0..2 {
        play_random_move(&app, &seats, &id, &mut rng).await;
    }
    let last_id = received
        .last()
        .and_then(|m| m.id.clone())
        .unwrap_or_default();
    // Last-Event-ID wins over `after`, as when EventSource reconnects to its original URL.
    let (status, second) = app
        .open_stream(
            &format!("{path}?after=0"),
            Some(&east.token),
            &[("last-event-id", last_id)],
        )
        .await;
    assert_eq!(status, 200);
    let mut second = second.unwrap_or_else(|| panic!("no stream"));
    while play_random_move(&app, &seats, &id, &mut rng)
        .await
        .is_some()
    {}
    received.extend(second.until_end(WAIT).await);
    assert_eq!(entries(&received), events_of(&app, &east, &id).await);

    // `?after=` alone resumes too.
    let log = events_of(&app, &east, &id).await;
    let middle = log[log.len() / 2]["seq"].clone();
    let mut tail = open(&app, &east, &format!("{path}?after={middle}")).await;
    let expected: Vec<Value> = log
        .iter()
        .filter(|entry| entry["seq"].as_i64() > middle.as_i64())
        .cloned()
        .collect();
    assert_eq!(entries(&tail.until_end(WAIT).await), expected);
}

per_backend!(streams_keep_alive_and_end_with_a_reconnect_hint_at_shutdown);
async fn streams_keep_alive_and_end_with_a_reconnect_hint_at_shutdown(app: TestApp) {
    let live = LiveSettings {
        keep_alive: Duration::from_millis(200),
        ..LiveSettings::default()
    };
    let app = TestApp::spawn_with(&app.backend, |settings| settings.live = live).await;
    let north = app.player("north").await;
    let created = app
        .post(&north, "/v1/games", new_game())
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let mut stream = open(&app, &north, &format!("/v1/games/{id}/stream")).await;
    let mut account = open(&app, &north, "/v1/me/stream").await;

    // First the reconnect delay, then keep-alive comments while nothing happens.
    let Read::Message(first) = stream.next_any(WAIT).await else {
        panic!("the stream sent nothing")
    };
    assert_eq!(first.retry, Some(2000));
    let mut keep_alives = 0;
    while keep_alives < 3 {
        match stream.next_any(WAIT).await {
            Read::Message(message) if message.comment.is_some() => keep_alives += 1,
            other => panic!("expected a keep-alive, got {other:?}"),
        }
    }
    assert_eq!(app.hub.open_streams(), 2);

    app.hub.shutdown();
    for stream in [&mut stream, &mut account] {
        let mut hinted = false;
        loop {
            match stream.next_any(WAIT).await {
                Read::Message(message) => {
                    hinted |= message
                        .comment
                        .as_deref()
                        .is_some_and(|comment| comment.contains("reconnect"));
                }
                Read::Ended => break,
                Read::TimedOut => panic!("the stream outlived the shutdown"),
            }
        }
        assert!(hinted, "the stream ended without a reconnect hint");
    }
    assert_eq!(app.hub.open_streams(), 0);
}

per_backend!(streams_refuse_what_the_log_refuses);
async fn streams_refuse_what_the_log_refuses(app: TestApp) {
    let north = app.player("north").await;
    let created = app
        .post(&north, "/v1/games", new_game())
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let path = format!("/v1/games/{id}/stream");
    let (status, _) = app.open_stream(&path, None, &[]).await;
    assert_eq!(status, 401);
    let unknown = format!("/v1/games/{}/stream", uuid::Uuid::new_v4());
    let reply = app.get(&north, &unknown).await;
    reply.assert_problem(404, "game_not_found");
    app.get(&north, &format!("{path}?after=-1"))
        .await
        .assert_problem(422, "invalid_page");
    let (status, _) = app
        .open_stream(
            &path,
            Some(&north.token),
            &[("last-event-id", "x".to_owned())],
        )
        .await;
    assert_eq!(status, 400);
    // A `Last-Event-ID` takes precedence over `after`, but does not make a negative one valid.
    let (status, _) = app
        .open_stream(
            &format!("{path}?after=-1"),
            Some(&north.token),
            &[("last-event-id", "0".to_owned())],
        )
        .await;
    assert_eq!(status, 422);
    app.get(&north, &format!("{path}?bogus=1"))
        .await
        .assert_problem(400, "malformed");
}

per_backend!(each_game_kind_streams_each_viewer_exactly_its_log);
async fn each_game_kind_streams_each_viewer_exactly_its_log(app: TestApp) {
    for (kind, players) in [("intrigue", 3), ("tricky_tribes", 4), ("trade_or_duel", 4)] {
        streams_per_viewer(&app, kind, players).await;
    }
}

/// Opens a stream per seat and a spectator's, plays up to 40 random moves, and checks that
/// each stream carried exactly the log its caller reads, and nothing more.
async fn streams_per_viewer(app: &TestApp, kind: &str, players: usize) {
    let mut seats = Vec::new();
    for seat in 0..players {
        seats.push(app.player(&format!("{kind}{seat}")).await);
    }
    let spectator = app.player(&format!("{kind}-onlooker")).await;
    let others: Vec<&Player> = seats[1..].iter().collect();
    let id = app
        .start_game(
            &seats[0],
            &others,
            json!({"kind": kind, "players": players}),
        )
        .await;
    let path = format!("/v1/games/{id}/stream");
    let viewers: Vec<&Player> = seats.iter().chain([&spectator]).collect();
    let mut streams = Vec::new();
    for viewer in &viewers {
        streams.push(open(app, viewer, &path).await);
    }
    let mut rng = StdRng::seed_from_u64(29);
    let by_seat: Vec<&Player> = seats.iter().collect();
    for _ in 0..40 {
        if play_random_move(app, &by_seat, &id, &mut rng)
            .await
            .is_none()
        {
            break;
        }
    }
    let mut logs = Vec::new();
    for (viewer, stream) in viewers.iter().zip(&mut streams) {
        let log = events_of(app, viewer, &id).await;
        let mut received = Vec::new();
        while received.len() < log.len() {
            match stream.next_event(WAIT).await {
                Read::Message(message) => received.push(message),
                Read::Ended => break,
                Read::TimedOut => panic!("{kind}: the stream stopped short of the log"),
            }
        }
        let context = format!("{kind}: {}", viewer.username);
        assert_streamed_within(&entries(&received), &log, &context);
        match stream.next_event(Duration::from_millis(300)).await {
            Read::TimedOut | Read::Ended => {}
            Read::Message(extra) => panic!("{kind}: more than the log: {extra:?}"),
        }
        logs.push(entries(&received));
    }
    // Each seat's stream is its own: what was hidden while playing differs between viewers.
    let spectators = logs.last().cloned().unwrap_or_default();
    assert!(
        logs[..players].iter().any(|log| *log != spectators),
        "{kind}: no seat's stream showed more than the spectator's"
    );
}
