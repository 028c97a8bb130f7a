//! Bulk copies of a stored game, for load benchmarks that need thousands or millions of games
//! in the tables: one `INSERT … SELECT` per table per batch, each batch one transaction.

use diesel::RunQueryDsl;
use diesel::sql_types::{BigInt, Text};
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::{Database, Error};

/// Games copied per transaction: big enough that the commit cost vanishes, small enough that a
/// transaction does not hold the SQLite write lock for long.
const BATCH: u64 = 50_000;

/// What the copies take from the template besides its row, seats and bot seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyLog {
    /// Only the game row and its seats.
    None,
    /// Also every move and event row, so the copies can be played on or read as the template.
    MovesAndEvents,
}

impl Database {
    /// Stores `count` copies of the game `template` (same kind, seats, state, revision and
    /// public version) and returns their ids, made up as `{8 random hex}-0000-4000-8000-{n}`.
    #[tracing::instrument(skip(self))]
    pub fn copy_game(&self, template: Uuid, count: u64, log: CopyLog) -> Result<Vec<Uuid>, Error> {
        let prefix = Uuid::new_v4().simple().to_string()[..8].to_owned();
        let template = template.to_string();
        let mut from = 0;
        while from < count {
            let to = (from + BATCH).min(count);
            let range = (to_i64(from)?, to_i64(to)? - 1);
            self.write(|conn| {
                for sql in copy_statements(conn, log) {
                    let query = diesel::sql_query(sql)
                        .bind::<Text, _>(&prefix)
                        .bind::<BigInt, _>(range.0)
                        .bind::<BigInt, _>(range.1)
                        .bind::<Text, _>(&template);
                    match conn {
                        AnyConnection::Sqlite(conn) => query.execute(conn),
                        AnyConnection::Postgresql(conn) => query.execute(conn),
                    }
                    .db()?;
                }
                Ok(())
            })?;
            from = to;
        }
        (0..count)
            .map(|n| {
                Uuid::parse_str(&copy_id(&prefix, n))
                    .map_err(|_| Error::Backend("a copy id does not parse".to_owned()))
            })
            .collect()
    }
}

fn to_i64(n: u64) -> Result<i64, Error> {
    i64::try_from(n).map_err(|_| Error::Backend("too many copies".to_owned()))
}

/// The id of copy `n`, exactly as the SQL below writes it.
fn copy_id(prefix: &str, n: u64) -> String {
    format!("{prefix}-0000-4000-8000-{n:012x}")
}

/// The copy statements of this backend, each binding (prefix, first n, last n, template id).
fn copy_statements(conn: &AnyConnection, log: CopyLog) -> Vec<String> {
    let (numbers, id, template) = match conn {
        AnyConnection::Sqlite(_) => (
            "WITH RECURSIVE copies(n) AS (SELECT ?2 UNION ALL SELECT n + 1 FROM copies WHERE n < ?3)",
            "printf('%s-0000-4000-8000-%012x', ?1, copies.n)",
            "?4",
        ),
        AnyConnection::Postgresql(_) => (
            "WITH copies(n) AS (SELECT generate_series($2::bigint, $3::bigint))",
            "$1 || '-0000-4000-8000-' || lpad(to_hex(copies.n), 12, '0')",
            "$4",
        ),
    };
    let mut statements = vec![
        format!(
            "{numbers} INSERT INTO games (id, kind, players, options, seed, setup, fixed_setup, \
             status, version, public_version, state, state_format, created_by, created_at, \
             started_at, finished_at, deadline_at, updated_at, set_aside_at, set_aside_reason, \
             seed_nonce, to_act, visibility, rated) \
             SELECT {id}, t.kind, t.players, t.options, t.seed, t.setup, t.fixed_setup, \
             t.status, t.version, t.public_version, t.state, t.state_format, t.created_by, \
             t.created_at, t.started_at, t.finished_at, t.deadline_at, t.updated_at, \
             t.set_aside_at, t.set_aside_reason, t.seed_nonce, t.to_act, t.visibility, t.rated \
             FROM copies, games t \
             WHERE t.id = {template}"
        ),
        format!(
            "{numbers} INSERT INTO seats (game_id, seat, account_id, joined_at, to_act, inbox_key) \
             SELECT {id}, t.seat, t.account_id, t.joined_at, t.to_act, t.inbox_key \
             FROM copies, seats t \
             WHERE t.game_id = {template}"
        ),
        format!(
            "{numbers} INSERT INTO bot_seats (game_id, seat, level) \
             SELECT {id}, t.seat, t.level FROM copies, bot_seats t \
             WHERE t.game_id = {template}"
        ),
    ];
    if log == CopyLog::MovesAndEvents {
        statements.push(format!(
            "{numbers} INSERT INTO moves (game_id, seq, input, applied_at, public_version) \
             SELECT {id}, t.seq, t.input, t.applied_at, t.public_version FROM copies, moves t \
             WHERE t.game_id = {template}"
        ));
        statements.push(format!(
            "{numbers} INSERT INTO events (game_id, seq, move_seq, event, public_version) \
             SELECT {id}, t.seq, t.move_seq, t.event, t.public_version FROM copies, events t \
             WHERE t.game_id = {template}"
        ));
    }
    statements
}

impl Database {
    /// Stores `rating` as its account's rating in its kind, replacing any (benchmarks that
    /// need players of many strengths without playing thousands of games first).
    #[tracing::instrument(skip(self))]
    pub fn seed_rating(&self, rating: &crate::RatingRecord) -> Result<(), Error> {
        use crate::schema::ratings;
        use diesel::prelude::*;
        self.write(|conn| {
            diesel::delete(
                ratings::table
                    .filter(ratings::account_id.eq(rating.account_id.to_string()))
                    .filter(ratings::kind.eq(rating.kind.id())),
            )
            .execute(conn)
            .db()?;
            crate::ratings::insert_rating(conn, rating)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_id_is_a_uuid() {
        let id = copy_id("0123abcd", 0x2a);
        assert_eq!(id, "0123abcd-0000-4000-8000-00000000002a");
        assert!(Uuid::parse_str(&id).is_ok());
    }
}
