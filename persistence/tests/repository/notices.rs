//! Notices are numbered per account, 1, 2, … with no gap, in the order of the commits that
//! write them: on SQLite from the notices' own key, on PostgreSQL from a counter row.

use persistence::{Database, GAME_FINISHED, GAME_STARTED, GameStatus, NoticeRecord};
use uuid::Uuid;

use crate::support::{TestDb, at, commit_of, per_backend, play, started_game};

fn notices_of(db: &Database, account: Uuid) -> Vec<NoticeRecord> {
    db.notices_after(account, 0, 1_000).unwrap()
}

fn assert_numbered_from_one(notices: &[NoticeRecord]) {
    let numbers: Vec<i64> = notices.iter().map(|notice| notice.notice).collect();
    let expected: Vec<i64> = (1..=notices.len() as i64).collect();
    assert_eq!(numbers, expected, "{notices:?}");
}

per_backend!(each_account_numbers_its_notices_without_gaps);
fn each_account_numbers_its_notices_without_gaps(db: &TestDb) {
    let (first, mut state) = started_game(db, 2_000, None);
    let (second, mut other) = started_game(db, 2_000, None);
    // Moves in both games, interleaved, then the first game ends.
    let mut versions = (at(0, 0), at(0, 0));
    for round in 0..3 {
        let now = 2_010 + round;
        let input = play(&mut state, now);
        versions.0 = db
            .commit(
                first,
                versions.0,
                &commit_of(&state, vec![input], now),
                None,
            )
            .unwrap();
        let input = play(&mut other, now);
        versions.1 = db
            .commit(
                second,
                versions.1,
                &commit_of(&other, vec![input], now),
                None,
            )
            .unwrap();
    }
    let input = play(&mut state, 2_020);
    let mut finish = commit_of(&state, vec![input], 2_020);
    finish.status = GameStatus::Finished;
    db.commit(first, versions.0, &finish, None).unwrap();

    for game in [first, second] {
        for seat in db.game(game).unwrap().seats {
            let notices = notices_of(db, seat.account_id);
            assert_eq!(notices[0].notice_type, GAME_STARTED);
            assert_numbered_from_one(&notices);
        }
    }
    for seat in db.game(first).unwrap().seats {
        let notices = notices_of(db, seat.account_id);
        assert_eq!(
            notices.last().map(|notice| notice.notice_type.as_str()),
            Some(GAME_FINISHED)
        );
    }
}
