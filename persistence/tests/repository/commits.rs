use std::sync::{Arc, Barrier};

use domain::{AnyGame, Input};
use persistence::{CommittedInput, Database, Error, GameStatus, Versions};
use uuid::Uuid;

use crate::support::{TestDb, at, commit_of, initial_state, per_backend, play, started_game};

/// Plays `count` moves from `state` as one commit at `expected`; returns the new counters.
fn commit_moves(
    db: &Database,
    id: Uuid,
    expected: Versions,
    state: &mut AnyGame,
    count: usize,
    now: i64,
) -> Versions {
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

    let versions = db.commit(id, at(0, 0), &commit, None).unwrap();

    // A declaration and an answer: both public.
    assert_eq!(versions, at(2, 2));
    let game = db.game(id).unwrap();
    assert_eq!(game.versions(), at(2, 2));
    assert_eq!(game.state.as_ref(), Some(&state));
    assert_eq!(game.status, GameStatus::Active);
    assert_eq!(game.updated_at, 2_011);
    assert_eq!(game.finished_at, None);

    let inputs = db.inputs(id).unwrap();
    let logged: Vec<_> = inputs
        .iter()
        .map(|r| (r.seq, r.version, r.input.clone(), r.now))
        .collect();
    assert_eq!(
        logged,
        vec![(1, 1, first.input, 2_010), (2, 2, second.input, 2_011)]
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
    assert!(events.iter().all(|e| e.version == e.move_seq));
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

    assert_eq!(
        db.commit(id, at(0, 0), &our_commit, None).unwrap(),
        at(1, 1)
    );
    let result = db.commit(id, at(0, 0), &their_commit, None);

    assert!(
        matches!(result, Err(Error::Conflict("stale_version"))),
        "{result:?}"
    );
    let game = db.game(id).unwrap();
    assert_eq!((game.versions(), game.updated_at), (at(1, 1), 2_010));
    assert_eq!(db.inputs(id).unwrap().len(), 1);
}

per_backend!(concurrent_commits_for_the_same_version_have_exactly_one_winner);
fn concurrent_commits_for_the_same_version_have_exactly_one_winner(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, None);
    let mut expected = at(0, 0);
    for step in 0..10 {
        let mut candidate = state.clone();
        let input = play(&mut candidate, 2_100 + step);
        let commit = commit_of(&candidate, vec![input], 2_100 + step);
        let barrier = Arc::new(Barrier::new(2));

        let results: Vec<Result<Versions, Error>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..2)
                .map(|_| {
                    let barrier = Arc::clone(&barrier);
                    let commit = &commit;
                    scope.spawn(move || {
                        barrier.wait();
                        db.commit(id, expected, commit, None)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });

        let won: Vec<Versions> = results
            .iter()
            .filter_map(|r| r.as_ref().ok().copied())
            .collect();
        let stale = results
            .iter()
            .filter(|r| matches!(r, Err(Error::Conflict("stale_version"))))
            .count();
        assert_eq!(
            (won.iter().map(|v| v.revision).collect::<Vec<_>>(), stale),
            (vec![expected.revision + 1], 1),
            "from {expected:?}: {results:?}"
        );
        expected = won[0];
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
        db.commit(Uuid::new_v4(), at(0, 0), &commit, None),
        Err(Error::NotFound)
    ));

    let (id, state) = started_game(db, 2_000, None);
    let empty = commit_of(&state, Vec::new(), 2_001);
    assert!(matches!(
        db.commit(id, at(0, 0), &empty, None),
        Err(Error::Backend(_))
    ));
    assert_eq!(db.game(id).unwrap().versions(), at(0, 0));
}

per_backend!(a_finishing_commit_records_the_end);
fn a_finishing_commit_records_the_end(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, Some(2_030));
    let input = play(&mut state, 2_010);
    let mut commit = commit_of(&state, vec![input], 2_010);
    commit.status = GameStatus::Finished;
    commit.deadline_at = None;

    db.commit(id, at(0, 0), &commit, None).unwrap();

    let game = db.game(id).unwrap();
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.finished_at, Some(2_010));
    assert_eq!(game.deadline_at, None);
    assert!(db.games_due(i64::MAX, 10).unwrap().is_empty());
}

per_backend!(events_page_after_a_seq_in_ascending_order);
fn events_page_after_a_seq_in_ascending_order(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, None);
    let mut versions = at(0, 0);
    for step in 0..4 {
        versions = commit_moves(db, id, versions, &mut state, 1, 2_010 + step);
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
    let mut versions = at(0, 0);
    for (step, count) in [2_usize, 1, 3].into_iter().enumerate() {
        versions = commit_moves(db, id, versions, &mut state, count, 2_010 + step as i64);
    }

    let inputs = db.inputs(id).unwrap();

    assert_eq!(versions.revision, 6);
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

per_backend!(a_secret_submission_advances_the_revision_only);
fn a_secret_submission_advances_the_revision_only(db: &TestDb) {
    let (id, mut state) = started_game(db, 2_000, None);
    // A trade of one card: the declaration and the answer are public, the first of the two
    // card choices is a secret submission, the second resolves the trade.
    let opening: Vec<CommittedInput> = (0..2).map(|i| play(&mut state, 2_010 + i)).collect();
    assert!(opening.iter().all(|input| !input.secret));
    let opened = db
        .commit(id, at(0, 0), &commit_of(&state, opening, 2_011), None)
        .unwrap();
    let events_before = db.events(id, 0, 1_000).unwrap().len();

    let choice = play(&mut state, 2_020);
    assert!(choice.secret, "{:?}", choice.input);
    let chosen = db
        .commit(id, opened, &commit_of(&state, vec![choice], 2_020), None)
        .unwrap();

    assert_eq!(chosen, at(3, 2));
    let game = db.game(id).unwrap();
    assert_eq!(game.versions(), at(3, 2));
    assert_eq!(
        game.updated_at, 2_011,
        "updated_at shows no secret submission"
    );
    let events = db.events(id, 0, 1_000).unwrap();
    let new: Vec<(i64, i64)> = events[events_before..]
        .iter()
        .map(|e| (e.move_seq, e.version))
        .collect();
    assert_eq!(new, vec![(3, 2)], "the commit event, at the public version");
    // A writer that read before the secret submission has lost the race.
    let mut stale = state.clone();
    let late = play(&mut stale, 2_030);
    assert!(matches!(
        db.commit(id, opened, &commit_of(&stale, vec![late], 2_030), None),
        Err(Error::Conflict("stale_version"))
    ));

    let last = play(&mut state, 2_040);
    assert!(!last.secret);
    let resolved = db
        .commit(id, chosen, &commit_of(&state, vec![last], 2_040), None)
        .unwrap();
    assert_eq!(resolved, at(4, 3));
    assert_eq!(db.game(id).unwrap().updated_at, 2_040);
    let logged: Vec<(i64, i64)> = db
        .inputs(id)
        .unwrap()
        .iter()
        .map(|input| (input.seq, input.version))
        .collect();
    assert_eq!(logged, vec![(1, 1), (2, 2), (3, 2), (4, 3)]);
}

/// What a game's commits left in storage, comparable across two games: its counters and
/// summary, its input and event logs, and each seat's inbox entry and notices.
fn stored_story(db: &Database, id: Uuid) -> Vec<String> {
    let game = db.game(id).unwrap();
    let mut story = vec![format!(
        "{:?} {} {} {:?} {:?} {} {:?}",
        game.status,
        game.revision,
        game.version,
        game.to_act,
        game.deadline_at,
        game.updated_at,
        game.finished_at
    )];
    for input in db.inputs(id).unwrap() {
        story.push(format!("input {input:?}"));
    }
    for event in db.events(id, 0, 10_000).unwrap() {
        story.push(format!("event {event:?}"));
    }
    for seat in &game.seats {
        let inbox = db.inbox(seat.account_id, None, 10).unwrap();
        let entries: Vec<_> = inbox
            .entries
            .iter()
            .map(|entry| {
                (
                    entry.seat,
                    entry.your_turn,
                    entry.deadline_at,
                    entry.version,
                )
            })
            .collect();
        story.push(format!(
            "seat {:?} inbox {entries:?} {}",
            seat.seat, inbox.your_turn_count
        ));
        for notice in db.notices_after(seat.account_id, 0, 1_000).unwrap() {
            story.push(format!(
                "seat {:?} notice {} {} {} {:?} {}",
                notice.seat,
                notice.notice,
                notice.notice_type,
                notice.version,
                notice.deadline_at,
                notice.created_at
            ));
        }
    }
    story
}

// On PostgreSQL a commit without an idempotency key is one statement (a function), one with a
// key goes statement by statement: the same game played both ways must be stored alike.
per_backend!(a_commit_stores_the_same_whether_or_not_it_keeps_a_key);
fn a_commit_stores_the_same_whether_or_not_it_keeps_a_key(db: &TestDb) {
    let respond = |game: &persistence::GameRecord| persistence::StoredResponse {
        status: 200,
        body: format!("version {}", game.version),
    };
    let mut stories = Vec::new();
    for keyed in [false, true] {
        let (id, mut state) = started_game(db, 2_000, Some(5_000));
        let account = db.game(id).unwrap().seats[0].account_id;
        let mut story = Vec::new();
        for step in 0..40_i64 {
            if state.is_over() {
                break;
            }
            let record = db.game(id).unwrap();
            let now = 2_010 + step;
            // One input, or two, so that one commit logs several moves and their events.
            let count = if step % 3 == 0 { 2 } else { 1 };
            let mut inputs = Vec::new();
            for _ in 0..count {
                if !state.is_over() {
                    inputs.push(play(&mut state, now));
                }
            }
            let mut commit = commit_of(&state, inputs, now);
            commit.before = record.summary();
            let key_name = format!("k-{step}");
            let key = persistence::NewIdempotencyKey {
                account,
                key: &key_name,
                fingerprint: "f",
                now,
                respond: &respond,
            };
            db.commit(id, record.versions(), &commit, keyed.then_some(&key))
                .unwrap();
            // After every commit: a later one may overwrite what an earlier one got wrong.
            story.extend(stored_story(db, id));
        }
        stories.push(story);
    }
    assert!(
        stories[0].len() > 40,
        "the game was played: {:?}",
        stories[0]
    );
    assert!(
        stories[0].iter().any(|line| line.contains("your_turn")),
        "turns were told: {:?}",
        stories[0]
    );
    assert_eq!(stories[0], stories[1]);
}
