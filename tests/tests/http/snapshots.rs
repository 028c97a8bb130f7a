//! Stored states are a cache of the move log: an older or unreadable snapshot is rebuilt by
//! replay, and a game that cannot be rebuilt is set aside without holding up other games.

use blackbox::{Backend, Player, TestApp};
use serde_json::{Value, json};
use uuid::Uuid;

async fn four_players(app: &TestApp) -> [Player; 4] {
    [
        app.player("player0").await,
        app.player("player1").await,
        app.player("player2").await,
        app.player("player3").await,
    ]
}

/// Plays the first legal move of the first seat to act.
async fn play_first_legal(app: &TestApp, players: &[Player; 4], id: &str) {
    let game = app.game(&players[0], id).await;
    let seat = game["to_act"][0].as_u64().unwrap_or_default() as usize;
    let legal = app.legal_moves(&players[seat], id).await;
    let mv = legal["legal_moves"][0].clone();
    app.post(
        &players[seat],
        &format!("/v1/games/{id}/moves"),
        json!({"version": legal["version"], "move": mv}),
    )
    .await
    .expect_status(200);
}

fn parse(id: &str) -> Uuid {
    Uuid::parse_str(id).unwrap_or_else(|error| panic!("{error}"))
}

async fn views(app: &TestApp, players: &[Player; 4], id: &str) -> Vec<Value> {
    let mut views = Vec::new();
    for player in players {
        views.push(app.game(player, id).await);
    }
    views
}

async fn an_older_or_unreadable_snapshot_is_rebuilt_from_the_move_log(backend: &Backend) {
    // Without the game cache: the snapshots are changed behind the server's back, at the same
    // revision, which a cache rightly does not notice.
    let app = TestApp::spawn_with(backend, |settings| settings.live.game_cache_size = 0).await;
    let players = four_players(&app).await;
    let id = app
        .start_game(
            &players[0],
            &[&players[1], &players[2], &players[3]],
            json!({"kind": "trade_or_duel", "players": 4, "seed": "snapshot test"}),
        )
        .await;
    for _ in 0..3 {
        play_first_legal(&app, &players, &id).await;
    }
    let before = views(&app, &players, &id).await;
    let database = app.database().await;

    // As a server of an earlier version wrote it: format 0, a shape this one does not know.
    let old = r#"{"kind":"trade_or_duel","state":{"written_by":"an older server"}}"#;
    database
        .overwrite_snapshot(parse(&id), old, 0)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(views(&app, &players, &id).await, before);
    assert_eq!(
        database.snapshot_format(parse(&id)).ok(),
        Some(persistence::SNAPSHOT_FORMAT),
        "the rebuilt state is stored in the current format"
    );

    // Damaged in the current format: rebuilt the same way.
    database
        .overwrite_snapshot(parse(&id), "{not json", persistence::SNAPSHOT_FORMAT)
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(views(&app, &players, &id).await, before);
    // Play goes on from the rebuilt state: the move is accepted (200) and logged.
    play_first_legal(&app, &players, &id).await;
    assert_eq!(
        database
            .inputs(parse(&id))
            .unwrap_or_else(|error| panic!("{error}"))
            .len(),
        4
    );
}

async fn a_game_that_cannot_be_rebuilt_is_set_aside_and_others_still_expire(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = four_players(&app).await;
    let others = [&players[1], &players[2], &players[3]];
    let with_deadline =
        json!({"kind": "trade_or_duel", "players": 4, "options": {"deadline_secs": 60}});
    // The broken game's deadline comes first, so a tick that stalled on it would starve the other.
    let broken = app
        .start_game(&players[0], &others, with_deadline.clone())
        .await;
    play_first_legal(&app, &players, &broken).await;
    let healthy = app.start_game(&players[0], &others, with_deadline).await;

    let database = app.database().await;
    database
        .overwrite_snapshot(parse(&broken), "{not json", persistence::SNAPSHOT_FORMAT)
        .unwrap_or_else(|error| panic!("{error}"));
    database
        .overwrite_input(parse(&broken), 1, "{not json either")
        .unwrap_or_else(|error| panic!("{error}"));

    // The tick an hour from now: both deadlines have passed.
    let later = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
        + 3600;
    let hub = api::push::Hub::start(&database, api::push::LiveSettings::default());
    let service =
        api::service::GameService::new(database.clone(), api::clock::Clock::system(), hub);
    let ticked = tokio::task::spawn_blocking(move || {
        let now_ms = api::clock::wall_millis();
        service
            .tick(later, now_ms, now_ms + 30_000)
            .map_err(|e| e.to_string())
    })
    .await
    .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(ticked, Ok(1), "the healthy game advanced");
    let healthy_version = database
        .game(parse(&healthy))
        .map(|game| game.version)
        .unwrap_or_default();
    assert!(healthy_version >= 1, "the healthy game's deadline expired");

    let (set_aside_at, reason) = database
        .set_aside_of(parse(&broken))
        .unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(set_aside_at, Some(later));
    let reason = reason.unwrap_or_default();
    assert!(reason.contains("cannot be read"), "{reason}");
    assert!(
        !reason.contains("not json"),
        "the cause never quotes stored text: {reason}"
    );
    let due = database
        .games_due(later + 10, 100)
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(
        !due.contains(&parse(&broken)),
        "a set-aside game is not retried every tick"
    );
}

/// A game listed as due whose rules have nothing to expire (its stored deadline has passed, the
/// one its rules keep has not, as a rules change that moved deadlines would leave it) is set
/// aside, so it does not come first in every pass of the tick.
async fn a_due_game_whose_expiry_the_rules_refuse_is_set_aside(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = four_players(&app).await;
    let others = [&players[1], &players[2], &players[3]];
    let game = |secs: i64| json!({"kind": "trade_or_duel", "players": 4, "options": {"deadline_secs": secs}});
    let refused = app.start_game(&players[0], &others, game(3600)).await;
    let healthy = app.start_game(&players[0], &others, game(60)).await;
    let database = app.database().await;
    database
        .overwrite_deadline(parse(&refused), Some(app.now() - 100))
        .unwrap_or_else(|error| panic!("{error}"));

    app.advance_clock(120);
    app.tick().await;
    assert!(
        app.game(&players[0], &healthy).await["version"].as_i64() >= Some(1),
        "the healthy game's deadline expired"
    );
    let refused_game = app.game(&players[0], &refused).await;
    assert_eq!(
        refused_game["version"], 0,
        "nothing was expired: {refused_game}"
    );
    let (set_aside_at, reason) = database
        .set_aside_of(parse(&refused))
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(set_aside_at.is_some(), "the refused game was not set aside");
    let reason = reason.unwrap_or_default();
    assert!(reason.contains("refuse"), "{reason}");
    let due = database
        .games_due(app.now(), 100)
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(
        !due.contains(&parse(&refused)),
        "it is still first in the due list"
    );
}

/// A pass gives up its claims on the games it expired: a game whose next deadline passes soon
/// is expired by the next pass, not when the claim would have run out.
async fn a_game_due_again_soon_is_expired_by_the_next_pass(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let players = four_players(&app).await;
    let others = [&players[1], &players[2], &players[3]];
    let request = json!({"kind": "trade_or_duel", "players": 4, "options": {"deadline_secs": 60}});
    let id = app.start_game(&players[0], &others, request).await;
    for passed in 1..=3 {
        app.advance_clock(61);
        app.tick().await;
        assert_eq!(app.games_expired_by_tick(), passed, "deadline {passed}");
    }
    let game = app.game(&players[0], &id).await;
    assert_eq!(game["version"], 3, "{game}");
}

on_every_backend!(
    a_game_due_again_soon_is_expired_by_the_next_pass,
    a_due_game_whose_expiry_the_rules_refuse_is_set_aside,
    an_older_or_unreadable_snapshot_is_rebuilt_from_the_move_log,
    a_game_that_cannot_be_rebuilt_is_set_aside_and_others_still_expire,
);
