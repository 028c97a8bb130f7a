use std::sync::{Arc, Barrier};

use domain::{AnyGame, Input};
use persistence::{CommittedInput, Database, Error, GameStatus};
use uuid::Uuid;

use crate::support::{TestDb, commit_of, initial_state, per_backend, play, started_game};

/// Plays `count` moves from `state` as one commit at `expected`; returns the new version.
fn commit_moves(
    db: &Database,
    id: Uuid,
    expected: i64,
    state: &mut AnyGame,
    count: usize,
    now: i64,
) -> i64 {
    let inputs: Vec<CommittedInput> = (0..count).map(|_| play(state, now)).collect();
    db.commit(id, expected, &commit_of(state, inputs, now), None)
        .unwrap()
}

per_backend!(a_commit_stores_the_state_the_inputs_and_their_events);
fn a_commit_stores_the_state_the_inputs_and_their_events(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, None);
    let start_events = db.events(id, 0, 1_000).unwrap().len() as i64;
    let first = play(&mut state, 2_010);
    let second = play(&mut state, 2_011);
    let commit = commit_of(&state, vec![first.clone(), second.clone()], 2_011);

    let version = db.commit(id, 0, &commit, None).unwrap();

    assert_eq!(version, 2);
    let game = db.game(id).unwrap();
    assert_eq!(game.version, 2);
    assert_eq!(game.state.as_ref(), Some(&state));
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.updated_at, 2_011);
    assert_eq!(game.finished_at, None);

    let inputs = db.inputs(id).unwrap();
    let logged: Vec<_> = inputs
        .iter()
        .map(|r| (r.seq, r.input.clone(), r.now))
        .collect();
    assert_eq!(
        logged,
        vec![(1, first.input, 2_010), (2, second.input, 2_011)]
    );

    let events = db.events(id, start_events, 1_000).unwrap();
    let expected: Vec<_> = [(1, &first.events), (2, &second.events)]
        .into_iter()
        .flat_map(|(move_seq, batch)| batch.iter().map(move |e| (move_seq, e.clone())))
        .collect();
    let stored: Vec<_> = events
        .iter()
        .map(|e| (e.move_seq, e.event.clone()))
        .collect();
    assert_eq!(stored, expected);
    let seqs: Vec<i64> = events.iter().map(|e| e.seq).collect();
    let continued: Vec<i64> = (start_events + 1..).take(events.len()).collect();
    assert_eq!(seqs, continued);
}

per_backend!(of_two_commits_for_the_same_version_the_second_is_stale);
fn of_two_commits_for_the_same_version_the_second_is_stale(db: &TestDb) {
    let (id, state) = started_game(db, 2_000, None);
    let mut ours = state.clone();
    let mut theirs = state;
    let our_commit = {
        let input = play(&mut ours, 2_010);
        commit_of(&ours, vec![input], 2_010)
    };
    let their_commit = {
        let input = play(&mut theirs, 2_020);
        commit_of(&theirs, vec![input], 2_020)
    };

    assert_eq!(db.commit(id, 0, &our_commit, None).unwrap(), 1);
    let result = db.commit(id, 0, &their_commit, None);

    assert!(
        matches!(result, Err(Error::Conflict("stale_version"))),
        "{result:?}"
    );
    let game = db.game(id).unwrap();
    assert_eq!((game.version, game.updated_at), (1, 2_010));
    assert_eq!(db.inputs(id).unwrap().len(), 1);
}

per_backend!(concurrent_commits_for_the_same_version_have_exactly_one_winner);
fn concurrent_commits_for_the_same_version_have_exactly_one_winner(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, None);
    for version in 0..10 {
        let mut candidate = state.clone();
        let input = play(&mut candidate, 2_100 + version);
        let commit = commit_of(&candidate, vec![input], 2_100 + version);
        let barrier = Arc::new(Barrier::new(2));

        let results: Vec<Result<i64, Error>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..2)
                .map(|_| {
                    let barrier = Arc::clone(&barrier);
                    let commit = &commit;
                    scope.spawn(move || {
                        barrier.wait();
                        db.commit(id, version, commit, None)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });

        let won: Vec<i64> = results
            .iter()
            .filter_map(|r| r.as_ref().ok().copied())
            .collect();
        let stale = results
            .iter()
            .filter(|r| matches!(r, Err(Error::Conflict("stale_version"))))
            .count();
        assert_eq!(
            (won, stale),
            (vec![version + 1], 1),
            "from version {version}: {results:?}"
        );
        state = candidate;
    }
    let inputs = db.inputs(id).unwrap();
    assert_eq!(
        inputs.iter().map(|i| i.seq).collect::<Vec<_>>(),
        (1..=10).collect::<Vec<_>>()
    );
    assert_eq!(db.game(id).unwrap().state, Some(state));
}

per_backend!(committing_to_an_unknown_game_is_not_found_and_an_empty_commit_is_refused);
fn committing_to_an_unknown_game_is_not_found_and_an_empty_commit_is_refused(db: &TestDb) {
    let (mut state, _) = initial_state();
    let input = play(&mut state, 10);
    let commit = commit_of(&state, vec![input], 10);
    assert!(matches!(
        db.commit(Uuid::new_v4(), 0, &commit, None),
        Err(Error::NotFound)
    ));

    let (id, state) = started_game(db, 2_000, None);
    let empty = commit_of(&state, Vec::new(), 2_001);
    assert!(matches!(
        db.commit(id, 0, &empty, None),
        Err(Error::Backend(_))
    ));
    assert_eq!(db.game(id).unwrap().version, 0);
}

per_backend!(a_finishing_commit_records_the_end);
fn a_finishing_commit_records_the_end(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, Some(2_030));
    let input = play(&mut state, 2_010);
    let mut commit = commit_of(&state, vec![input], 2_010);
    commit.status = GameStatus::Finished;
    commit.deadline_at = None;

    db.commit(id, 0, &commit, None).unwrap();

    let game = db.game(id).unwrap();
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.finished_at, Some(2_010));
    assert_eq!(game.deadline_at, None);
    assert!(db.games_due(i64::MAX, 10).unwrap().is_empty());
}

per_backend!(events_page_after_a_seq_in_ascending_order);
fn events_page_after_a_seq_in_ascending_order(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, None);
    let mut version = 0;
    for step in 0..4 {
        version = commit_moves(db, id, version, &mut state, 1, 2_010 + step);
    }
    let all = db.events(id, 0, 10_000).unwrap();
    assert!(all.len() >= 3, "too few events to page: {}", all.len());

    let page = db.events(id, 1, 2).unwrap();

    assert_eq!(page, all[1..3].to_vec());
    assert!(db.events(id, all.len() as i64, 10).unwrap().is_empty());
    assert!(db.events(id, 0, 0).unwrap().is_empty());
    assert!(db.events(Uuid::new_v4(), 0, 10).unwrap().is_empty());
    let move_seqs: Vec<i64> = all.iter().map(|e| e.move_seq).collect();
    assert!(move_seqs.windows(2).all(|w| w[0] <= w[1]), "{move_seqs:?}");
}

per_backend!(inputs_come_back_in_log_order_and_replay_to_the_stored_state);
fn inputs_come_back_in_log_order_and_replay_to_the_stored_state(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, None);
    let mut version = 0;
    for (step, count) in [2_usize, 1, 3].into_iter().enumerate() {
        version = commit_moves(db, id, version, &mut state, count, 2_010 + step as i64);
    }

    let inputs = db.inputs(id).unwrap();

    assert_eq!(version, 6);
    assert_eq!(
        inputs.iter().map(|i| i.seq).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6]
    );
    let (mut replayed, _) = initial_state();
    for record in &inputs {
        assert!(matches!(record.input, Input::Move { .. }));
        replayed.apply_input(&record.input, record.now).unwrap();
    }
    assert_eq!(Some(replayed), db.game(id).unwrap().state);
}
