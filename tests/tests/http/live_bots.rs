//! One person against server-side bots: the game starts at once, the bots move by themselves
//! through the same checks as people, and a spectator's stream shows only public events.

use std::time::{Duration, Instant};

use blackbox::{
    Backend, EventStream, Player, SseMessage, TestApp, assert_streamed_within, choose_move,
    per_backend,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::{Value, json};

const WAIT: Duration = Duration::from_secs(20);

async fn open(app: &TestApp, player: &Player, path: &str) -> EventStream {
    let (status, stream) = app.open_stream(path, Some(&player.token), &[]).await;
    assert_eq!(status, 200, "{path}");
    stream.unwrap_or_else(|| panic!("no stream at {path}"))
}

fn data(messages: &[SseMessage]) -> Vec<Value> {
    messages.iter().map(SseMessage::json).collect()
}

async fn log(app: &TestApp, player: &Player, id: &str) -> Vec<Value> {
    app.get(player, &format!("/v1/games/{id}/events"))
        .await
        .expect_status(200)
        .body["events"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The person plays a random legal move whenever it is her turn, until the game is over.
pub(crate) async fn play_against_bots(
    app: &TestApp,
    person: &Player,
    id: &str,
    rng: &mut StdRng,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    while Instant::now() < deadline {
        let legal = app
            .get(person, &format!("/v1/games/{id}/legal-moves"))
            .await;
        let game = app.game(person, id).await;
        if game["status"] == "finished" {
            return game;
        }
        let chosen = choose_move(&legal.body["legal_moves"], rng);
        let Some(mv) = chosen.filter(|_| legal.body["version"] == game["version"]) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let reply = app
            .post(
                person,
                &format!("/v1/games/{id}/moves"),
                json!({"version": legal.body["version"], "move": mv}),
            )
            .await;
        // A bot may have moved in between (simultaneous phases): read again.
        assert!(
            reply.status == 200 || reply.code() == "stale_version",
            "{}",
            reply.text
        );
    }
    panic!("the game against bots did not end");
}

per_backend!(a_person_plays_each_kind_against_bots_while_a_spectator_sees_only_public_events);
async fn a_person_plays_each_kind_against_bots_while_a_spectator_sees_only_public_events(
    app: TestApp,
) {
    for (kind, players) in [
        ("tribute", 3),
        ("trade_or_duel", 4),
        ("intrigue", 3),
        ("tricky_tribes", 4),
    ] {
        against_bots(&app, kind, players).await;
    }
}

async fn against_bots(app: &TestApp, kind: &str, players: u8) {
    let person = app.player(&format!("{kind}-solo")).await;
    let spectator = app.player(&format!("{kind}-onlooker")).await;
    // Seat 1 searches; the others play at random.
    let bots: Vec<Value> = (1..players)
        .map(|seat| json!({"seat": seat, "level": if seat == 1 { "search" } else { "random" }}))
        .collect();
    let created = app
        .post(
            &person,
            "/v1/games",
            json!({"kind": kind, "players": players, "bots": bots}),
        )
        .await
        .expect_status(201);
    assert_eq!(created.body["status"], "active", "{}", created.text);
    assert_eq!(
        created.body["bots"].as_array().map(Vec::len),
        Some(usize::from(players) - 1)
    );
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let path = format!("/v1/games/{id}/stream");
    let mut watching = open(app, &spectator, &path).await;
    // A second process's stream sees the same game live (PostgreSQL only: SQLite's feed stays
    // in its process).
    let far = match app.backend {
        Backend::Postgres(_) => Some(app.spawn_sharing().await),
        Backend::Sqlite => None,
    };
    let mut far_stream = match &far {
        Some(far) => Some(open(far, &spectator, &path).await),
        None => None,
    };

    let mut rng = StdRng::seed_from_u64(41);
    let finished = play_against_bots(app, &person, &id, &mut rng).await;
    assert!(finished["outcome"]["ranking"].is_array());

    // Each event was sent as the log showed it then; the end may have revealed more since.
    let seen = data(&watching.until_end(WAIT).await);
    assert_streamed_within(&seen, &log(app, &spectator, &id).await, kind);
    // Where events carry private parts, the seat's log shows what the spectator's stream did
    // not. (Tribute's events are public: a submission is logged without its content.)
    if kind != "tribute" {
        let seat_log = log(app, &person, &id).await;
        assert!(
            seen.iter().zip(&seat_log).any(|(sent, seat)| sent != seat),
            "{kind}: the seat's log shows nothing the spectator's stream did not"
        );
    }
    if let Some(stream) = far_stream.as_mut() {
        let far_seen = data(&stream.until_end(WAIT).await);
        let context = format!("{kind} on the other process");
        assert_streamed_within(&far_seen, &log(app, &spectator, &id).await, &context);
    }
    // Bots moved through the move log like anyone.
    let moves = app
        .get(&person, &format!("/v1/games/{id}/moves"))
        .await
        .expect_status(200)
        .body;
    let bot_moved = moves["inputs"].as_array().is_some_and(|inputs| {
        inputs
            .iter()
            .any(|input| input["seat"] != 0 && input["seat"].is_u64())
    });
    assert!(bot_moved, "{kind}: no bot moved");
}

per_backend!(the_creator_seats_bots_in_an_open_game);
async fn the_creator_seats_bots_in_an_open_game(app: TestApp) {
    let [ann, ben] = [app.player("ann").await, app.player("ben").await];
    let created = app
        .post(
            &ann,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4}),
        )
        .await
        .expect_status(201);
    let id = created.body["id"].as_str().unwrap_or_default().to_owned();
    let bots = format!("/v1/games/{id}/bots");

    app.post(&ben, &bots, json!({"level": "random"}))
        .await
        .assert_problem(403, "not_creator");
    app.post(&ann, &bots, json!({"level": "genius"}))
        .await
        .assert_problem(422, "unknown_bot_level");
    let first = app
        .post(&ann, &bots, json!({"level": "random"}))
        .await
        .expect_status(200);
    assert_eq!(first.body["bots"], json!([{"seat": 1, "level": "random"}]));
    app.post(&ann, &bots, json!({"seat": 1, "level": "random"}))
        .await
        .assert_problem(409, "seat_taken");
    app.post(&ann, &bots, json!({"seat": 9, "level": "random"}))
        .await
        .assert_problem(409, "no_such_seat");
    app.post(&ann, &bots, json!({"seat": 3, "level": "random"}))
        .await
        .expect_status(200);
    // A person joining takes the seat the bots left free, and the game starts.
    let joined = app
        .post(&ben, &format!("/v1/games/{id}/join"), json!({}))
        .await
        .expect_status(200);
    assert_eq!(joined.body["your_seat"], 2);
    assert_eq!(joined.body["status"], "active");
    app.post(&ann, &bots, json!({"level": "random"}))
        .await
        .assert_problem(409, "not_open");

    // Bot seats at creation: never the creator's, each once, a level that plays the kind.
    for (bots, code) in [
        (json!([{"seat": 0, "level": "random"}]), "invalid_bot_seat"),
        (
            json!([{"seat": 1, "level": "random"}, {"seat": 1, "level": "random"}]),
            "invalid_bot_seat",
        ),
        (json!([{"seat": 4, "level": "random"}]), "invalid_bot_seat"),
        (json!([{"level": "random"}]), "invalid_bot_seat"),
        (json!([{"seat": 1, "level": "genius"}]), "unknown_bot_level"),
    ] {
        app.post(
            &ann,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "bots": bots}),
        )
        .await
        .assert_problem(422, code);
    }
}

/// A four-seat Trade or Duel game of `person` (seat 0, first to play) against three random
/// bots, started at once; its id.
async fn trade_or_duel_against_random_bots(app: &TestApp, person: &Player) -> String {
    let bots: Vec<Value> = (1..4)
        .map(|seat| json!({"seat": seat, "level": "random"}))
        .collect();
    let created = app
        .post(
            person,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "bots": bots,
                   "options": {"first_player": 0, "turns_each": 10}}),
        )
        .await
        .expect_status(201);
    created.body["id"].as_str().unwrap_or_default().to_owned()
}

/// Waits until it is the person's (seat 0's) turn alone, the bots having played theirs.
async fn until_persons_turn(app: &TestApp, person: &Player, id: &str) -> Value {
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline {
        let reply = app.get(person, &format!("/v1/games/{id}")).await;
        // A request that finds a database connection ended answers 503 (and drops it).
        assert!(reply.status == 200 || reply.status == 503, "{}", reply.text);
        let game = reply.body;
        if game["to_act"] == json!([0]) {
            return game;
        }
        assert_ne!(game["status"], "finished", "the game ended too soon");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the bots did not play their turns");
}

/// The person plays her first legal move, retrying while the server answers 503 (a database
/// connection that broke is dropped by the request that finds it broken).
async fn persons_move(app: &TestApp, person: &Player, id: &str) {
    for _ in 0..50 {
        let legal = app
            .get(person, &format!("/v1/games/{id}/legal-moves"))
            .await;
        if legal.status == 200 {
            let reply = app
                .post(
                    person,
                    &format!("/v1/games/{id}/moves"),
                    json!({"version": legal.body["version"], "move": legal.body["legal_moves"][0]}),
                )
                .await;
            if reply.status == 200 {
                return;
            }
            assert_eq!(reply.status, 503, "{}", reply.text);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the person's move never went through");
}

/// The database fails under the bots: on SQLite the game cannot be read (its snapshot and
/// logged move damaged), on PostgreSQL every connection is ended again and again. Each bot
/// finds its step failing; once the database is back, the bots play on.
async fn a_bot_plays_on_after_its_database_failed(backend: &Backend) {
    // Without the cache every step of a bot reads the database.
    let app = TestApp::spawn_with(backend, |settings| settings.live.game_cache_size = 0).await;
    let person = app.player("resilient").await;
    let id = trade_or_duel_against_random_bots(&app, &person).await;
    let game_id = uuid::Uuid::parse_str(&id).expect("an id");
    persons_move(&app, &person, &id).await;
    let game = until_persons_turn(&app, &person, &id).await;
    let version = game["version"].as_i64().unwrap_or_default();

    let failures = app.bots.failures();
    let database = app.database().await;
    let first_input = database.inputs(game_id).expect("the log")[0].input.clone();
    let broken = Instant::now();
    while app.bots.failures() == failures {
        assert!(broken.elapsed() < WAIT, "no bot step failed");
        match &app.backend {
            Backend::Sqlite => {
                database
                    .overwrite_snapshot(game_id, "{damaged", persistence::SNAPSHOT_FORMAT)
                    .expect("damaged");
                database
                    .overwrite_input(game_id, 1, "{damaged too")
                    .expect("damaged");
            }
            Backend::Postgres(admin) => {
                let (admin, url) = (admin.clone(), app.database_url().to_owned());
                tokio::task::spawn_blocking(move || {
                    persistence::testing::terminate_connections(&admin, &url)
                })
                .await
                .expect("terminating panicked")
                .expect("connections ended");
            }
        }
        // Wakes the waiting bots: each reads the game again.
        app.hub.committed(game_id, version);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    if app.backend == Backend::Sqlite {
        let repaired = serde_json::to_string(&first_input).expect("an input");
        database
            .overwrite_input(game_id, 1, &repaired)
            .expect("repaired");
    }

    let moves = app.bots.moves();
    // The person plays until the turn passes to a bot (a turn of hers may take several moves);
    // then the bot must move.
    for turn in 0.. {
        assert!(turn < 20, "the turn never passed to a bot");
        persons_move(&app, &person, &id).await;
        let retried = Instant::now();
        loop {
            if app.bots.moves() > moves {
                return;
            }
            // A request that finds a connection ended fails with 503 (and drops it).
            let game = app.get(&person, &format!("/v1/games/{id}")).await;
            assert!(game.status == 200 || game.status == 503, "{}", game.text);
            if game.body["to_act"] == json!([0]) {
                break;
            }
            assert!(
                retried.elapsed() < WAIT,
                "no bot moved after the database came back"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// A process that stops gives its bot seats up, and another process, which never heard of the
/// game (nothing announced it there: it started before), finds them with its scan and plays on.
async fn a_stopped_process_hands_its_bot_seats_to_another(backend: &Backend) {
    let mut near = TestApp::spawn(backend).await;
    let person = near.player("handover").await;
    let id = trade_or_duel_against_random_bots(&near, &person).await;
    let game = uuid::Uuid::parse_str(&id).expect("an id");
    persons_move(&near, &person, &id).await;
    until_persons_turn(&near, &person, &id).await;
    assert!(near.bots.moves() > 0);
    let database = near.database().await;
    let holders = || {
        database
            .bot_seat_holders(game)
            .expect("holders")
            .into_iter()
            .map(|(_, holder)| holder)
            .collect::<Vec<_>>()
    };
    let before = holders();
    assert!(before.iter().all(Option::is_some), "{before:?}");

    let far = near.spawn_sharing().await;
    near.shut_down().await.expect("stopped");
    let stopped = Instant::now();
    // Well before the stopped process's leases would have run out (30 s).
    while holders().iter().zip(&before).any(|(now, then)| now == then) {
        assert!(
            stopped.elapsed() < WAIT,
            "the stopped process kept its seats"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The person plays on through the other process (a turn of hers may take several moves)
    // until a bot has answered there.
    for turn in 0.. {
        assert!(turn < 20, "the other process's bots did not play");
        persons_move(&far, &person, &id).await;
        until_persons_turn(&far, &person, &id).await;
        if far.bots.moves() > 0 {
            break;
        }
    }
    // Every seat is taken up by the other process's scans (a seat released after a scan, at
    // the next one).
    while !holders()
        .iter()
        .zip(&before)
        .all(|(now, then)| now.is_some() && now != then)
    {
        assert!(stopped.elapsed() < WAIT * 2, "{:?}", holders());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

on_every_backend!(
    a_bot_plays_on_after_its_database_failed,
    a_stopped_process_hands_its_bot_seats_to_another,
);
