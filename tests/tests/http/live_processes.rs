//! Two server processes on one PostgreSQL: a move committed on one reaches streams open on the
//! other, also after the listener's connection was lost. Neither process re-reads on its own in
//! the time the test takes (their keep-alive, which also re-reads, is far longer), so whatever
//! arrives came by the cross-process notification: the test checks that path, not how fast it
//! is (push latency is measured in `bench/`). A PostgreSQL-only scenario: SQLite's feed stays
//! inside one process.

use std::time::Duration;

use blackbox::{EventStream, Player, Read, TestApp, play_random_move, postgres_only};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::json;

/// Longer than the test: no stream re-reads the database on its own while it runs.
const NO_KEEP_ALIVE: Duration = Duration::from_secs(3600);
/// How long an event may take before the test counts it as lost (a hang guard, not a bound on
/// latency).
const LOST: Duration = Duration::from_secs(30);

async fn open(app: &TestApp, player: &Player, path: &str) -> EventStream {
    let (status, stream) = app.open_stream(path, Some(&player.token), &[]).await;
    assert_eq!(status, 200, "{path}");
    stream.unwrap_or_else(|| panic!("no stream at {path}"))
}

/// Reads events until the one with `seq`, checking that they come in order; `seen` is the last
/// one read before, and becomes `seq`. Nothing is read when `seq` was already seen.
async fn until_seq(stream: &mut EventStream, seen: &mut i64, seq: i64) {
    while *seen < seq {
        match stream.next_event(LOST).await {
            Read::Message(message) => {
                let got = message.json()["seq"].as_i64().unwrap_or_default();
                assert!(got > *seen, "event {got} after {seen}");
                *seen = got;
            }
            other => panic!("event {seq} never arrived: {other:?}"),
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

postgres_only!(a_move_on_one_process_reaches_streams_on_another);
async fn a_move_on_one_process_reaches_streams_on_another(admin_url: &str) {
    let quiet = |settings: &mut api::configuration::Settings| {
        settings.live.keep_alive = NO_KEEP_ALIVE;
    };
    let near = TestApp::spawn_with(&blackbox::Backend::Postgres(admin_url.to_owned()), quiet).await;
    let far = near.spawn_sharing_with(quiet).await;
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
        .start_game(&north, &[&east, &south, &west], request)
        .await;
    match account.next_event(LOST).await {
        Read::Message(message) => assert_eq!(message.json()["type"], "game_started"),
        other => panic!("the start did not reach the other process: {other:?}"),
    }

    // Every move of a whole game played on the near process reaches a spectator's stream on
    // the far one, in order.
    let request = json!({"kind": "trade_or_duel", "players": 4, "options": {"turns_each": 3}});
    let played = near
        .start_game(&north, &[&east, &south, &west], request)
        .await;
    let mut watching = open(&far, &spectator, &format!("/v1/games/{played}/stream")).await;
    let mut seen = 0;
    let mut rng = StdRng::seed_from_u64(17);
    while play_random_move(&near, &seats, &played, &mut rng)
        .await
        .is_some()
    {
        until_seq(
            &mut watching,
            &mut seen,
            last_seq(&near, &spectator, &played).await,
        )
        .await;
    }
    assert!(seen > 0, "no event reached the other process");

    // The listeners lose their connections: they reconnect, and nothing is lost.
    let mut stream = open(&far, &spectator, &format!("/v1/games/{id}/stream")).await;
    let mut seen = 0;
    until_seq(
        &mut stream,
        &mut seen,
        last_seq(&near, &spectator, &id).await,
    )
    .await;
    let (admin, database) = (admin_url.to_owned(), near.database_url().to_owned());
    let ended = tokio::task::spawn_blocking(move || {
        persistence::testing::terminate_listeners(&admin, &database)
    })
    .await
    .ok()
    .and_then(Result::ok);
    assert_eq!(ended, Some(2), "each process listens on one connection");
    let mut rng = StdRng::seed_from_u64(23);
    play_random_move(&near, &seats, &id, &mut rng).await;
    until_seq(
        &mut stream,
        &mut seen,
        last_seq(&near, &spectator, &id).await,
    )
    .await;
    // And once reconnected, changes flow by notification again.
    play_random_move(&near, &seats, &id, &mut rng).await;
    until_seq(
        &mut stream,
        &mut seen,
        last_seq(&near, &spectator, &id).await,
    )
    .await;
}
