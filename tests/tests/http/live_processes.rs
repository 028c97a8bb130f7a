//! Two server processes on one PostgreSQL: a move committed on one reaches streams open on the
//! other, also after the listener's connection was lost. Neither process re-reads on its own in
//! the time the test takes (their keep-alive, which also re-reads, is far longer), so whatever
//! arrives came by the cross-process notification: the test checks that path, not how fast it
//! is (push latency is measured in `bench/`). A PostgreSQL-only scenario: SQLite's feed stays
//! inside one process.

use std::time::{Duration, Instant};

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

postgres_only!(two_processes_share_bot_seats_and_due_games);

/// Two server processes on one PostgreSQL, both running bots and the deadline tick: each bot
/// seat is played by one of them (so no bot move is decided twice and none loses a race: in
/// Intrigue only one seat acts at a time), every bot move is committed once, and each due game
/// is expired by exactly one of the two ticks. (SQLite serves one process.)
async fn two_processes_share_bot_seats_and_due_games(admin_url: &str) {
    let near = TestApp::spawn(&blackbox::Backend::Postgres(admin_url.to_owned())).await;
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

postgres_only!(another_process_stops_showing_a_deleted_account);

/// An account deleted through one process: the other had the account's game cached at a
/// revision that the deletion does not move (its seat goes to a bot), and must stop showing
/// the account's name once the deletion's announcement arrives.
async fn another_process_stops_showing_a_deleted_account(admin_url: &str) {
    let near = TestApp::spawn(&blackbox::Backend::Postgres(admin_url.to_owned())).await;
    let far = near.spawn_sharing().await;
    let [zed, ben, cal, dee] = ["zed-doomed", "ben", "cal", "dee"].map(|name| name.to_owned());
    let (zed, ben, cal, dee) = (
        near.player(&zed).await,
        near.player(&ben).await,
        near.player(&cal).await,
        near.player(&dee).await,
    );
    let id = near
        .start_game(
            &ben,
            &[&zed, &cal, &dee],
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await;
    let names = |game: &serde_json::Value| -> Vec<String> {
        game["seats"]
            .as_array()
            .map(|seats| {
                seats
                    .iter()
                    .filter_map(|seat| seat["username"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    // Read twice on the far process: the second is served from its cache.
    for _ in 0..2 {
        assert!(names(&far.game(&ben, &id).await).contains(&"zed-doomed".to_owned()));
    }
    near.delete_account(&zed, "a long enough password")
        .await
        .expect_status(204);
    let deleted = Instant::now();
    loop {
        let game = far.game(&ben, &id).await;
        if !names(&game).contains(&"zed-doomed".to_owned()) {
            assert_eq!(game["bots"][0]["seat"], 1, "{game}");
            break;
        }
        assert!(
            deleted.elapsed() < LOST,
            "the far process still shows the deleted account: {game}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
