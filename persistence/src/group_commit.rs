//! SQLite's writes, committed in groups. SQLite admits one writer, and each commit syncs the
//! log to disk (`synchronous = FULL`), which costs about as much as a move's statements. So the
//! writes of this process share one connection and one transaction: a write that finds others
//! queued behind it leaves the transaction open for them, and the last of the group commits it
//! for all. Each write runs in its own savepoint after the first, so a write that fails undoes
//! only itself. No write returns before the commit that holds it has synced: an answered write
//! is as durable as before, and a write whose group failed to commit gets the error.
//!
//! Each thread runs its own write on its own stack, in turn; only the connection and the open
//! transaction pass from one to the next.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};

use diesel::Connection;
use diesel::connection::{AnsiTransactionManager, TransactionManager};

use crate::Error;
use crate::connection::AnyConnection;
use crate::error::OrDb;

/// The transaction manager of the connection: savepoints nest under the open group.
type Manager = <AnyConnection as Connection>::TransactionManager;

/// At most this many writes share a commit, so a steady stream of writers still commits often.
const MAX_GROUP: usize = 32;

/// How a group ended: `None` committed, `Some(reason)` rolled back.
type Fate = Arc<OnceLock<Option<String>>>;

/// The transaction open on the connection, and the writes in it that wait for its commit.
struct Group {
    fate: Fate,
    members: usize,
}

/// What the writers take turns on.
pub(crate) struct Writers {
    /// Opened on first use, and again after an error that may have left it unusable.
    conn: Option<AnyConnection>,
    open: Option<Group>,
}

/// This process's SQLite writers: their queue, their connection and their open group.
pub(crate) struct GroupWriter {
    path: String,
    writers: Mutex<Writers>,
    /// Signalled when a group ends.
    settled: Condvar,
    /// Threads waiting for the turn: while there are any, a write leaves its group open for them.
    arriving: AtomicUsize,
    /// Groups committed so far (for tests: how many commits a number of writes took).
    commits: AtomicU64,
}

/// The writers' turn, held by a caller that writes outside the group (its own connection, or
/// single statements): any open group has been committed first.
pub struct WriterTurn<'a> {
    _writers: MutexGuard<'a, Writers>,
}

impl GroupWriter {
    pub(crate) fn new(path: &str) -> GroupWriter {
        GroupWriter {
            path: path.to_owned(),
            writers: Mutex::new(Writers {
                conn: None,
                open: None,
            }),
            settled: Condvar::new(),
            arriving: AtomicUsize::new(0),
            commits: AtomicU64::new(0),
        }
    }

    pub(crate) fn commits(&self) -> u64 {
        self.commits.load(Ordering::SeqCst)
    }

    fn queue(&self) -> MutexGuard<'_, Writers> {
        self.arriving.fetch_add(1, Ordering::SeqCst);
        let writers = self.writers.lock().unwrap_or_else(PoisonError::into_inner);
        self.arriving.fetch_sub(1, Ordering::SeqCst);
        writers
    }

    /// The turn, after the open group (if any) is committed.
    pub(crate) fn turn(&self) -> WriterTurn<'_> {
        let mut writers = self.queue();
        writers.end_group(&self.commits);
        self.settled.notify_all();
        WriterTurn { _writers: writers }
    }

    /// Runs `work` in this process's write transaction, in turn, and returns once the group
    /// that holds it has committed.
    pub(crate) fn write<T>(
        &self,
        work: impl FnOnce(&mut AnyConnection) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let mut writers = self.queue();
        let ran = writers.run(&self.path, &self.commits, work);
        let last = self.arriving.load(Ordering::SeqCst) == 0;
        if writers
            .open
            .as_ref()
            .is_some_and(|group| last || group.members >= MAX_GROUP)
        {
            writers.end_group(&self.commits);
        }
        // A group may also have ended inside `run`, abandoned after an error.
        self.settled.notify_all();
        let (value, fate) = match ran {
            Ran::Joined(value, fate) => (value, fate),
            Ran::Failed(error) => return Err(error),
            Ran::Panicked(payload) => {
                drop(writers);
                resume_unwind(payload)
            }
        };
        while fate.get().is_none() {
            writers = self
                .settled
                .wait(writers)
                .unwrap_or_else(PoisonError::into_inner);
        }
        match fate.get() {
            Some(Some(reason)) => Err(Error::Unavailable(reason.clone())),
            _ => Ok(value),
        }
    }
}

enum Ran<T> {
    /// Done, and part of the open group: final once `Fate` is settled.
    Joined(T, Fate),
    Failed(Error),
    Panicked(Box<dyn std::any::Any + Send>),
}

impl Writers {
    /// Runs `work` in the open group, opening one (and the connection) if there is none.
    fn run<T>(
        &mut self,
        path: &str,
        commits: &AtomicU64,
        work: impl FnOnce(&mut AnyConnection) -> Result<T, Error>,
    ) -> Ran<T> {
        if let Err(error) = self.begin(path) {
            return Ran::Failed(error);
        }
        let (Some(conn), Some(group)) = (self.conn.as_mut(), self.open.as_mut()) else {
            return Ran::Failed(Error::Backend("no write transaction".to_owned()));
        };
        // The first write of a group needs no savepoint: if it fails, the group is rolled back,
        // with nothing else in it.
        let first = group.members == 0;
        if !first && let Err(error) = Manager::begin_transaction(conn).db() {
            self.abandon(&error);
            return Ran::Failed(error);
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| work(conn)));
        let failure = match outcome {
            Ok(Ok(value)) => {
                if !first && let Err(error) = Manager::commit_transaction(conn).db() {
                    self.abandon(&error);
                    return Ran::Failed(error);
                }
                group.members += 1;
                return Ran::Joined(value, Arc::clone(&group.fate));
            }
            Ok(Err(error)) => Ran::Failed(error),
            Err(payload) => Ran::Panicked(payload),
        };
        if first {
            self.end_group(commits);
        } else if let Err(error) = unwind_to(conn, 1) {
            self.abandon(&error);
        }
        failure
    }

    /// Opens the connection and a group, unless one is open.
    fn begin(&mut self, path: &str) -> Result<(), Error> {
        if self.open.is_some() {
            return Ok(());
        }
        let conn = match &mut self.conn {
            Some(conn) => conn,
            empty => empty.insert(AnyConnection::Sqlite(crate::database::open_sqlite(path)?)),
        };
        let AnyConnection::Sqlite(sqlite) = conn else {
            return Err(Error::Backend("group commit is for SQLite".to_owned()));
        };
        if let Err(error) =
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE").db()
        {
            self.conn = None;
            return Err(error);
        }
        self.open = Some(Group {
            fate: Arc::default(),
            members: 0,
        });
        Ok(())
    }

    /// Commits the open group, if any (a group without members is rolled back: nothing in it
    /// was kept), and settles its fate. A connection whose commit failed is dropped: whatever
    /// state it is in, the next group starts on a fresh one.
    fn end_group(&mut self, commits: &AtomicU64) {
        let Some(group) = self.open.take() else {
            return;
        };
        let Some(conn) = self.conn.as_mut() else {
            let _ = group
                .fate
                .set(Some("the write connection was lost".to_owned()));
            return;
        };
        let ended = if group.members == 0 {
            unwind_to(conn, 0)
        } else {
            Manager::commit_transaction(conn).db()
        };
        match ended {
            Ok(()) => {
                if group.members > 0 {
                    commits.fetch_add(1, Ordering::SeqCst);
                }
                let _ = group.fate.set(None);
            }
            Err(error) => {
                tracing::warn!(%error, members = group.members, "a group of writes failed to commit");
                self.conn = None;
                let _ = group.fate.set(Some(error.to_string()));
            }
        }
    }

    /// After an error that may have broken the transaction: every write in the open group is
    /// lost (dropping the connection rolls it back), and each is told.
    fn abandon(&mut self, error: &Error) {
        tracing::warn!(%error, "a group of writes was rolled back");
        self.conn = None;
        if let Some(group) = self.open.take() {
            let _ = group.fate.set(Some(error.to_string()));
        }
    }
}

/// Rolls back every transaction level above `depth`: the write's savepoint, and any level a
/// write that panicked left open inside it.
fn unwind_to(conn: &mut AnyConnection, depth: u32) -> Result<(), Error> {
    loop {
        let open = Manager::transaction_manager_status_mut(conn)
            .transaction_depth()
            .db()?
            .map_or(0, std::num::NonZeroU32::get);
        if open <= depth {
            return Ok(());
        }
        Manager::rollback_transaction(conn).db()?;
    }
}
