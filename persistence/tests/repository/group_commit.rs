//! On SQLite the writes queued together share one commit, each in its own savepoint: a write
//! that fails undoes only itself, and every write returns only once its commit is done.
//! SQLite only: PostgreSQL commits each write on its own.

use std::time::Duration;

use persistence::{Database, NewAccount, UsernameForms};
use uuid::Uuid;

use crate::support::TestDb;

fn new_account(username: &str) -> NewAccount {
    NewAccount {
        id: Uuid::new_v4(),
        username: username.to_owned(),
        forms: UsernameForms::plain(username),
        password_hash: format!("hash-of-{username}"),
        created_at: 100,
    }
}

fn stored(db: &Database, account: &NewAccount) -> bool {
    db.account(account.id).is_ok_and(|found| found.is_some())
}

/// Runs each write on a thread of its own while this thread holds the writers' turn, so that
/// all of them queue; gives the turn back once they have had the time to, and joins them.
fn queued<R: Send>(
    db: &Database,
    writes: Vec<Box<dyn FnOnce() -> R + Send + '_>>,
) -> Vec<std::thread::Result<R>> {
    std::thread::scope(|scope| {
        let turn = db.hold_writer_turn();
        assert!(turn.is_some(), "SQLite has a writers' queue");
        let threads: Vec<_> = writes.into_iter().map(|write| scope.spawn(write)).collect();
        std::thread::sleep(Duration::from_millis(300));
        drop(turn);
        threads.into_iter().map(|thread| thread.join()).collect()
    })
}

#[test]
fn queued_sqlite_writes_share_a_commit_and_all_last() {
    let test = TestDb::sqlite();
    let db = &test.db;
    let accounts: Vec<NewAccount> = (0..8)
        .map(|n| new_account(&format!("grouped{n}")))
        .collect();
    let before = db.sqlite_commits().unwrap_or_default();
    let writes = accounts
        .iter()
        .map(|account| {
            Box::new(move || db.create_account(account)) as Box<dyn FnOnce() -> _ + Send>
        })
        .collect();
    for outcome in queued(db, writes) {
        assert!(matches!(outcome, Ok(Ok(()))), "{outcome:?}");
    }
    let commits = db.sqlite_commits().unwrap_or_default() - before;
    assert!(
        (1..8).contains(&commits),
        "8 queued writes took {commits} commits"
    );
    // Every write is in the file, seen from a connection of its own.
    let reopened = Database::connect(&test.url).unwrap();
    for account in &accounts {
        assert!(stored(&reopened, account), "{} was lost", account.username);
    }
}

#[test]
fn a_write_that_fails_in_a_group_undoes_only_itself() {
    let test = TestDb::sqlite();
    let db = &test.db;
    let kept: Vec<NewAccount> = (0..4).map(|n| new_account(&format!("kept{n}"))).collect();
    let failed = new_account("failed");
    let panicked = new_account("panicked");
    type Write<'a> = Box<dyn FnOnce() -> Result<(), persistence::Error> + Send + 'a>;
    let writes: Vec<Write> = vec![
        Box::new(|| db.create_account(&kept[0])),
        Box::new(|| db.create_account_then_fail(&failed, false)),
        Box::new(|| db.create_account(&kept[1])),
        Box::new(|| db.create_account_then_fail(&panicked, true)),
        Box::new(|| db.create_account(&kept[2])),
        Box::new(|| db.create_account(&kept[3])),
    ];
    let outcomes = queued(db, writes);
    assert!(
        matches!(outcomes[1], Ok(Err(_))),
        "the failing write reports its error"
    );
    assert!(
        outcomes[3].is_err(),
        "the panicking write panics in its own thread"
    );
    for index in [0, 2, 4, 5] {
        assert!(
            matches!(outcomes[index], Ok(Ok(()))),
            "{:?}",
            outcomes[index]
        );
    }
    let reopened = Database::connect(&test.url).unwrap();
    for account in &kept {
        assert!(stored(&reopened, account), "{} was lost", account.username);
    }
    assert!(
        !stored(&reopened, &failed),
        "a failed write left its account"
    );
    assert!(
        !stored(&reopened, &panicked),
        "a panicked write left its account"
    );
    // The queue goes on after both.
    let after = new_account("after");
    assert!(db.create_account(&after).is_ok());
    assert!(stored(&reopened, &after));
}
