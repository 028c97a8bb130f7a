//! On SQLite every write of this process waits its turn in the writers' queue (a writer outside
//! it would meet the queued ones on SQLite's busy handler, which sleeps in steps of up to 100 ms,
//! or fail with "database is locked"). SQLite only: PostgreSQL has no such queue.

use std::time::Duration;

use persistence::{Database, NewAccount};
use uuid::Uuid;

use crate::support::{TestDb, account, started_game};

/// Runs `write` on another thread while this one holds the writers' turn: it must still be
/// waiting when the turn is held a while, and finish once it is given back.
fn waits_its_turn(db: &Database, what: &str, write: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let turn = db.hold_writer_turn();
        assert!(turn.is_some(), "SQLite has a writers' queue");
        let writer = scope.spawn(write);
        std::thread::sleep(Duration::from_millis(300));
        assert!(
            !writer.is_finished(),
            "{what} wrote without waiting its turn"
        );
        drop(turn);
        assert!(writer.join().is_ok(), "{what} failed");
    });
}

#[test]
fn every_sqlite_write_waits_its_turn_in_the_writers_queue() {
    let test = TestDb::sqlite();
    let db = &test.db;
    waits_its_turn(db, "creating an account", || {
        let created = db.create_account(&NewAccount {
            id: Uuid::new_v4(),
            username: "queued".to_owned(),
            forms: persistence::UsernameForms::plain("queued"),
            password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".to_owned(),
            created_at: 1_700_000_000,
        });
        assert!(created.is_ok(), "{created:?}");
    });
    let _ = account(db, "someone");
    let (id, _) = started_game(db, 1_700_000_000, None);
    waits_its_turn(db, "setting a game aside", || {
        assert!(db.set_aside(id, 1_700_000_100, "test").is_ok());
    });
    waits_its_turn(db, "purging idempotency keys", || {
        assert!(db.purge_idempotency_keys(1_700_000_000).is_ok());
    });
    // A snapshot that cannot be read is rebuilt on read and written back, in turn.
    assert!(db.overwrite_snapshot(id, "not a state", 1).is_ok());
    waits_its_turn(db, "writing back a rebuilt snapshot", || {
        assert!(db.game(id).is_ok_and(|game| game.state.is_some()));
    });
    assert_eq!(db.snapshot_format(id).ok(), Some(1));
    assert!(db.game(id).is_ok());
}
