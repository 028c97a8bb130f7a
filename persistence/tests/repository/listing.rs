use domain::GameKind;
use persistence::{GameFilter, GameStatus};
use uuid::Uuid;

use crate::support::{TestDb, account, create_game, per_backend, started_game};

fn filter() -> GameFilter {
    GameFilter {
        limit: 100,
        ..GameFilter::default()
    }
}

per_backend!(games_are_listed_newest_first_in_pages_with_the_total);
fn games_are_listed_newest_first_in_pages_with_the_total(db: &TestDb) {
    let creator = account(db, "creator");
    let ids: Vec<Uuid> = (0..5)
        .map(|i| create_game(db, creator, 1_000 + i))
        .collect();
    let newest_first: Vec<Uuid> = ids.iter().rev().copied().collect();

    let first = db
        .list_games(&GameFilter {
            limit: 2,
            ..filter()
        })
        .unwrap();
    let last = db
        .list_games(&GameFilter {
            limit: 2,
            offset: 4,
            ..filter()
        })
        .unwrap();
    let beyond = db
        .list_games(&GameFilter {
            limit: 2,
            offset: 9,
            ..filter()
        })
        .unwrap();

    let page_ids =
        |page: &persistence::GamePage| -> Vec<Uuid> { page.games.iter().map(|g| g.id).collect() };
    assert_eq!(
        (page_ids(&first), first.total),
        (newest_first[..2].to_vec(), 5)
    );
    assert_eq!(
        (page_ids(&last), last.total),
        (newest_first[4..].to_vec(), 5)
    );
    assert_eq!((page_ids(&beyond), beyond.total), (Vec::new(), 5));
    assert!(first.games.iter().all(|g| g.seats.len() == 1));
    assert_eq!(first.games[0].seats[0].username, "creator");
}

per_backend!(games_are_filtered_by_status_member_and_kind);
fn games_are_filtered_by_status_member_and_kind(db: &TestDb) {
    let alice = account(db, "alice");
    let bob = account(db, "bob");
    let alices = create_game(db, alice, 1_000);
    let bobs = create_game(db, bob, 1_001);
    db.join_game(bobs, alice, 1_002, None, None).unwrap();
    let (active, _) = started_game(db, 2_000, None);

    let open = db
        .list_games(&GameFilter {
            status: Some(GameStatus::Open),
            ..filter()
        })
        .unwrap();
    let running = db
        .list_games(&GameFilter {
            status: Some(GameStatus::Active),
            ..filter()
        })
        .unwrap();
    let of_alice = db
        .list_games(&GameFilter {
            member: Some(alice),
            ..filter()
        })
        .unwrap();
    let bobs_open = db
        .list_games(&GameFilter {
            member: Some(bob),
            status: Some(GameStatus::Open),
            kind: Some(GameKind::TradeOrDuel),
            ..filter()
        })
        .unwrap();
    let nobodys = db
        .list_games(&GameFilter {
            member: Some(Uuid::new_v4()),
            ..filter()
        })
        .unwrap();
    let everything = db
        .list_games(&GameFilter {
            kind: Some(GameKind::TradeOrDuel),
            ..filter()
        })
        .unwrap();

    let ids =
        |page: &persistence::GamePage| -> Vec<Uuid> { page.games.iter().map(|g| g.id).collect() };
    assert_eq!((ids(&open), open.total), (vec![bobs, alices], 2));
    assert_eq!((ids(&running), running.total), (vec![active], 1));
    // Listings carry no state: one unreadable game must not break them.
    assert!(running.games[0].state.is_none());
    assert_eq!((ids(&of_alice), of_alice.total), (vec![bobs, alices], 2));
    let bobs_game = &of_alice.games[0];
    assert_eq!(
        bobs_game
            .seats
            .iter()
            .map(|s| s.account_id)
            .collect::<Vec<_>>(),
        vec![bob, alice]
    );
    assert_eq!((ids(&bobs_open), bobs_open.total), (vec![bobs], 1));
    assert_eq!((ids(&nobodys), nobodys.total), (Vec::new(), 0));
    assert_eq!(everything.total, 3);
}

per_backend!(games_due_are_active_games_whose_deadline_has_passed);
fn games_due_are_active_games_whose_deadline_has_passed(db: &TestDb) {
    let creator = account(db, "creator");
    let _open = create_game(db, creator, 1_000);
    let (late, _) = started_game(db, 2_000, Some(2_050));
    let (later, _) = started_game(db, 2_000, Some(2_060));
    let (_future, _) = started_game(db, 2_000, Some(3_000));
    let (_untimed, _) = started_game(db, 2_000, None);

    assert_eq!(db.games_due(2_049, 10).unwrap(), Vec::<Uuid>::new());
    assert_eq!(db.games_due(2_050, 10).unwrap(), vec![late]);
    assert_eq!(db.games_due(2_100, 10).unwrap(), vec![late, later]);
    assert_eq!(db.games_due(2_100, 1).unwrap(), vec![late]);
}
