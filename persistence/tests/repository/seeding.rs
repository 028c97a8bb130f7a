use persistence::seeding::CopyLog;

use crate::support::{TestDb, at, commit_of, per_backend, play, started_game};

per_backend!(copies_read_back_as_their_template_and_move_on_their_own);
fn copies_read_back_as_their_template_and_move_on_their_own(db: &TestDb) {
    let (template, mut state) = started_game(db, 3_000, None);
    let played = vec![play(&mut state, 3_010), play(&mut state, 3_011)];
    let versions = db
        .commit(template, at(0, 0), &commit_of(&state, played, 3_011), None)
        .unwrap();

    let copies = db.copy_game(template, 3, CopyLog::MovesAndEvents).unwrap();

    assert_eq!(copies.len(), 3);
    let original = db.game(template).unwrap();
    let inputs = db.inputs(template).unwrap();
    let events = db.events(template, 0, 1_000).unwrap();
    for &copy in &copies {
        assert_ne!(copy, template);
        let game = db.game(copy).unwrap();
        assert_eq!(game.id, copy);
        assert_eq!(
            persistence::GameRecord {
                id: template,
                ..game
            },
            original
        );
        assert_eq!(db.inputs(copy).unwrap(), inputs);
        assert_eq!(db.events(copy, 0, 1_000).unwrap(), events);
    }

    // A copy is a game of its own: a move on it leaves the template and the other copies.
    let next = play(&mut state, 3_020);
    let moved = db
        .commit(
            copies[0],
            versions,
            &commit_of(&state, vec![next], 3_020),
            None,
        )
        .unwrap();
    assert_ne!(moved, versions);
    assert_eq!(db.game(template).unwrap().versions(), versions);
    assert_eq!(db.game(copies[1]).unwrap().versions(), versions);
}

per_backend!(copies_without_the_log_keep_the_row_and_seats_only);
fn copies_without_the_log_keep_the_row_and_seats_only(db: &TestDb) {
    let (template, _) = started_game(db, 4_000, None);

    let copies = db.copy_game(template, 2, CopyLog::None).unwrap();
    let again = db.copy_game(template, 2, CopyLog::None).unwrap();

    let original = db.game(template).unwrap();
    for &copy in copies.iter().chain(&again) {
        let game = db.game(copy).unwrap();
        assert_eq!(game.seats, original.seats);
        assert_eq!(game.state, original.state);
        assert!(db.events(copy, 0, 1_000).unwrap().is_empty());
    }
    // Each call draws its own prefix: the second batch does not collide with the first.
    assert!(copies.iter().all(|copy| !again.contains(copy)));
    assert!(db.copy_game(template, 0, CopyLog::None).unwrap().is_empty());
}
