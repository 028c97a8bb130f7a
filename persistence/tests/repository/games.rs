use std::sync::{Arc, Barrier};

use diesel::{Connection, PgConnection, RunQueryDsl, SqliteConnection};
use domain::{GameKind, OptionMap, OptionValue, Seat};
use persistence::{Error, GameStart, GameStatus};
use uuid::Uuid;

use crate::support::{
    PLAYERS, TestDb, account, create_game, initial_state, new_game, per_backend, seed, started_game,
};

per_backend!(a_new_game_is_open_with_its_creator_in_seat_0);
fn a_new_game_is_open_with_its_creator_in_seat_0(db: &TestDb) {
    let creator = account(db, "creator");
    let mut game = new_game(creator, 1_000);
    game.options
        .0
        .insert("turns_each".to_owned(), OptionValue::Int(3));

    db.create_game(&game, None).unwrap();

    let stored = db.game(game.id).unwrap();
    assert_eq!(stored.id, game.id);
    assert_eq!(stored.kind, GameKind::TradeOrDuel);
    assert_eq!(stored.players, PLAYERS);
    assert_eq!(stored.options, game.options);
    assert_eq!(stored.seed, seed());
    assert_eq!(stored.setup, None);
    assert!(!stored.fixed_setup);
    assert_eq!(stored.status, GameStatus::Open);
    assert_eq!(stored.version, 0);
    assert_eq!(stored.state, None);
    assert_eq!(stored.created_by, creator);
    assert_eq!((stored.created_at, stored.updated_at), (1_000, 1_000));
    assert_eq!(
        (stored.started_at, stored.finished_at, stored.deadline_at),
        (None, None, None)
    );
    assert_eq!(stored.seats.len(), 1);
    assert_eq!(stored.seats[0].seat, Seat(0));
    assert_eq!(stored.seats[0].account_id, creator);
    assert_eq!(stored.seats[0].username, "creator");
    assert_eq!(stored.seats[0].joined_at, 1_000);
}

per_backend!(an_unknown_game_is_not_found);
fn an_unknown_game_is_not_found(db: &TestDb) {
    assert!(matches!(db.game(Uuid::new_v4()), Err(Error::NotFound)));
}

per_backend!(joining_takes_the_next_free_seat_until_the_game_is_full);
fn joining_takes_the_next_free_seat_until_the_game_is_full(db: &TestDb) {
    let creator = account(db, "creator");
    let id = create_game(db, creator, 1_000);
    let joiners: Vec<Uuid> = (1..PLAYERS)
        .map(|i| account(db, &format!("joiner-{i}")))
        .collect();

    for (i, joiner) in joiners.iter().enumerate() {
        let game = db.join_game(id, *joiner, 1_001, None, None).unwrap();
        assert_eq!(game.seats.len(), i + 2);
        let last = game.seats.last().unwrap();
        assert_eq!((last.seat, last.account_id), (Seat(i as u8 + 1), *joiner));
        assert_eq!(last.username, format!("joiner-{}", i + 1));
        assert_eq!(game.updated_at, 1_001);
    }

    let late = account(db, "late");
    assert!(matches!(
        db.join_game(id, late, 1_002, None, None),
        Err(Error::Conflict("game_full"))
    ));
    let seats: Vec<Seat> = db.game(id).unwrap().seats.iter().map(|s| s.seat).collect();
    assert_eq!(seats, (0..PLAYERS).map(Seat).collect::<Vec<_>>());
}

per_backend!(joining_twice_is_already_seated);
fn joining_twice_is_already_seated(db: &TestDb) {
    let creator = account(db, "creator");
    let id = create_game(db, creator, 1_000);

    let result = db.join_game(id, creator, 1_001, None, None);

    assert!(
        matches!(result, Err(Error::Conflict("already_seated"))),
        "{result:?}"
    );
    assert_eq!(db.game(id).unwrap().updated_at, 1_000);
}

per_backend!(joining_an_unknown_or_started_game_fails);
fn joining_an_unknown_or_started_game_fails(db: &TestDb) {
    let someone = account(db, "someone");
    assert!(matches!(
        db.join_game(Uuid::new_v4(), someone, 1, None, None),
        Err(Error::NotFound)
    ));

    let (id, _) = started_game(db, 2_000, None);
    assert!(matches!(
        db.join_game(id, someone, 2_001, None, None),
        Err(Error::Conflict("not_open"))
    ));
}

per_backend!(concurrent_joins_take_distinct_seats_and_the_rest_find_the_game_full);
fn concurrent_joins_take_distinct_seats_and_the_rest_find_the_game_full(db: &TestDb) {
    let creator = account(db, "creator");
    let id = create_game(db, creator, 1_000);
    let joiners: Vec<Uuid> = (0..6).map(|i| account(db, &format!("racer-{i}"))).collect();
    let barrier = Arc::new(Barrier::new(joiners.len()));

    let results: Vec<Result<_, Error>> = std::thread::scope(|scope| {
        let handles: Vec<_> = joiners
            .iter()
            .map(|joiner| {
                let barrier = Arc::clone(&barrier);
                scope.spawn(move || {
                    barrier.wait();
                    db.join_game(id, *joiner, 1_001, None, None).map(drop)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });

    let joined = results.iter().filter(|r| r.is_ok()).count();
    let full = results
        .iter()
        .filter(|r| matches!(r, Err(Error::Conflict("game_full"))))
        .count();
    assert_eq!((joined, full), (usize::from(PLAYERS) - 1, 3), "{results:?}");
    let game = db.game(id).unwrap();
    let seats: Vec<Seat> = game.seats.iter().map(|s| s.seat).collect();
    assert_eq!(seats, (0..PLAYERS).map(Seat).collect::<Vec<_>>());
}

per_backend!(starting_stores_the_snapshot_and_the_start_events);
fn starting_stores_the_snapshot_and_the_start_events(db: &TestDb) {
    let (id, state) = started_game(db, 2_000, Some(2_060));

    let game = db.game(id).unwrap();
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.version, 0);
    assert_eq!(game.state, Some(state));
    assert_eq!(game.started_at, Some(2_000));
    assert_eq!(game.deadline_at, Some(2_060));
    assert_eq!(game.updated_at, 2_000);

    let (_, start_events) = initial_state();
    let events = db.events(id, 0, 1_000).unwrap();
    assert_eq!(events.len(), start_events.len());
    for (i, (stored, expected)) in events.iter().zip(&start_events).enumerate() {
        assert_eq!(stored.seq, i as i64 + 1);
        assert_eq!(stored.move_seq, 0);
        assert_eq!(&stored.event, expected);
    }
}

per_backend!(starting_fails_unless_the_game_is_open_and_full);
fn starting_fails_unless_the_game_is_open_and_full(db: &TestDb) {
    let (state, events) = initial_state();
    let start = GameStart {
        state,
        events,
        started_at: 3_000,
        deadline_at: None,
    };
    assert!(matches!(
        db.start_game(Uuid::new_v4(), &start),
        Err(Error::NotFound)
    ));

    let creator = account(db, "creator");
    let half_full = create_game(db, creator, 1_000);
    let result = db.start_game(half_full, &start);
    assert!(
        matches!(result, Err(Error::Conflict("not_full"))),
        "{result:?}"
    );
    let game = db.game(half_full).unwrap();
    assert_eq!((game.status, game.state), (GameStatus::Open, None));
    assert!(db.events(half_full, 0, 100).unwrap().is_empty());

    let (started, _) = started_game(db, 2_000, None);
    let result = db.start_game(started, &start);
    assert!(
        matches!(result, Err(Error::Conflict("not_open"))),
        "{result:?}"
    );
    assert_eq!(db.game(started).unwrap().started_at, Some(2_000));
}

per_backend!(options_and_setup_round_trip);
fn options_and_setup_round_trip(db: &TestDb) {
    let creator = account(db, "creator");
    let mut game = new_game(creator, 1_000);
    game.options = OptionMap(
        [
            ("deadline_secs".to_owned(), OptionValue::Null),
            (
                "first_player".to_owned(),
                OptionValue::Str("random".to_owned()),
            ),
            ("turns_each".to_owned(), OptionValue::Int(2)),
        ]
        .into(),
    );
    game.fixed_setup = true;

    db.create_game(&game, None).unwrap();

    let stored = db.game(game.id).unwrap();
    assert_eq!(stored.options, game.options);
    assert!(stored.fixed_setup);
}

per_backend!(a_row_of_an_unknown_game_kind_is_a_backend_error);
fn a_row_of_an_unknown_game_kind_is_a_backend_error(db: &TestDb) {
    let url = db.url.as_str();
    let creator = account(db, "creator");
    let id = create_game(db, creator, 1_000);
    let sql = format!("UPDATE games SET kind = 'chess' WHERE id = '{id}'");
    if url.starts_with("postgres") {
        let mut conn = PgConnection::establish(url).unwrap();
        diesel::sql_query(sql).execute(&mut conn).unwrap();
    } else {
        let mut conn = SqliteConnection::establish(url).unwrap();
        diesel::sql_query(sql).execute(&mut conn).unwrap();
    }

    let result = db.game(id);

    assert!(
        matches!(&result, Err(Error::Backend(message)) if message.contains("chess")),
        "{result:?}"
    );
}

per_backend!(revisions_are_read_for_many_games_at_once_and_without_waiting);
fn revisions_are_read_for_many_games_at_once_and_without_waiting(db: &TestDb) {
    let creator = account(db, "creator");
    let open = create_game(db, creator, 1_000);
    let (started, _) = started_game(db, 2_000, None);
    let missing = Uuid::new_v4();
    let revision = db.revision(started).unwrap();

    let read = db.revisions(&[open, started, missing, started]).unwrap();
    assert_eq!(read.len(), 2, "a missing game is left out: {read:?}");
    assert_eq!(read.get(&open), Some(&db.revision(open).unwrap()));
    assert_eq!(read.get(&started), Some(&revision));
    assert!(db.revisions(&[]).unwrap().is_empty());

    // Without waiting: SQLite answers at once; PostgreSQL, a round trip away, declines.
    match db.backend() {
        persistence::Backend::Sqlite => {
            assert_eq!(db.revision_now(started), Some(revision));
            assert_eq!(db.revision_now(missing), None);
        }
        persistence::Backend::Postgres => assert_eq!(db.revision_now(started), None),
    }
}
