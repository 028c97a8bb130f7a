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

per_backend!(games_are_listed_newest_first_page_after_page);
fn games_are_listed_newest_first_page_after_page(db: &TestDb) {
    let creator = account(db, "creator");
    // Two games created in the same second: the id breaks the tie.
    let ids: Vec<Uuid> = [1_000, 1_001, 1_002, 1_002, 1_003]
        .into_iter()
        .map(|at| create_game(db, creator, at))
        .collect();
    let mut newest_first = ids.clone();
    newest_first.sort_by_key(|id| std::cmp::Reverse((created_at(&ids, *id), *id)));

    let page_ids =
        |page: &persistence::GamePage| -> Vec<Uuid> { page.games.iter().map(|g| g.id).collect() };
    let mut listed = Vec::new();
    let mut after = None;
    let mut pages = 0;
    loop {
        let page = db
            .list_games(&GameFilter {
                limit: 2,
                after,
                ..filter()
            })
            .unwrap();
        pages += 1;
        assert!(page.games.len() <= 2);
        listed.extend(page_ids(&page));
        match page.next {
            Some(next) => {
                let last = page
                    .games
                    .last()
                    .expect("a page with a next one is not empty");
                assert_eq!((next.created_at, next.id), (last.created_at, last.id));
                after = Some(next);
            }
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(listed, newest_first, "every game once, newest first");

    let first = db
        .list_games(&GameFilter {
            limit: 5,
            ..filter()
        })
        .unwrap();
    assert_eq!(first.next, None, "an exactly full page has none after it");
    assert!(first.games.iter().all(|g| g.seats.len() == 1));
    assert_eq!(first.games[0].seats[0].username, "creator");
}

/// The creation times `games_are_listed_newest_first_page_after_page` gave its games.
fn created_at(ids: &[Uuid], id: Uuid) -> i64 {
    let at = [1_000, 1_001, 1_002, 1_002, 1_003];
    ids.iter()
        .position(|other| *other == id)
        .map_or(0, |index| at[index])
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
    assert_eq!(ids(&open), vec![bobs, alices]);
    assert_eq!(ids(&running), vec![active]);
    // Listings carry no state: one unreadable game must not break them.
    assert!(running.games[0].state.is_none());
    assert_eq!(ids(&of_alice), vec![bobs, alices]);
    let bobs_game = &of_alice.games[0];
    assert_eq!(
        bobs_game
            .seats
            .iter()
            .map(|s| s.account_id)
            .collect::<Vec<_>>(),
        vec![bob, alice]
    );
    assert_eq!(ids(&bobs_open), vec![bobs]);
    assert_eq!(ids(&nobodys), Vec::<Uuid>::new());
    assert_eq!(everything.games.len(), 3);
    assert_eq!(everything.next, None);
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
