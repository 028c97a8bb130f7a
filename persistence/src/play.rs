use diesel::dsl::max;
use diesel::prelude::*;
use domain::AnyEvent;
use uuid::Uuid;

use crate::commit_postgres::{Encoded, commit_in_one_statement};
use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::games::game_exists;
use crate::idempotency::{NewIdempotencyKey, store_key};
use crate::json::encode;
use crate::models::{EventRow, MoveRow};
use crate::schema::{events, games, moves};
use crate::snapshot::SNAPSHOT_FORMAT;
use crate::{Backend, Commit, Database, Error, GameStart, GameStatus, Summary, Versions};

impl Database {
    /// Starts an open game whose seats are all taken: stores the first snapshot (revision and
    /// version 0) and the start events (seq 1.., move_seq 0). `Conflict("not_open")` unless still open;
    /// `Conflict("not_full")` while a seat is free.
    #[tracing::instrument(skip(self, start))]
    pub fn start_game(&self, id: Uuid, start: &GameStart) -> Result<(), Error> {
        self.write(|conn| start_in(conn, id, start))
    }

    /// Commits accepted inputs if the game is still at `expected`, else
    /// `Conflict("stale_version")`: the snapshot, one move row per input (seq revision+1, …) and
    /// their events, all or nothing. Every input advances the revision; every input but a secret
    /// submission advances the public version (and `updated_at`). Returns the new counters.
    /// The summary (who is to act, until when) goes on the game row and on the seats whose
    /// part of it changed since [`Commit::before`]; the notices it causes go with it.
    /// With `key`, the response is kept under the idempotency key in the same transaction.
    /// On PostgreSQL a commit that neither keeps a key nor finishes the game is one statement,
    /// one round trip ([`crate::commit_postgres`]).
    #[tracing::instrument(skip(self, commit, key), fields(inputs = commit.inputs.len()))]
    pub fn commit(
        &self,
        id: Uuid,
        expected: Versions,
        commit: &Commit,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<Versions, Error> {
        if commit.inputs.is_empty() {
            // Without an input the revision would not move and the swap would guard nothing.
            return Err(Error::Backend(
                "a commit needs at least one input".to_owned(),
            ));
        }
        let game_id = id.to_string();
        let state = encode(&commit.state, "state")?;
        // The counters after each input, in order.
        let mut after = Vec::with_capacity(commit.inputs.len());
        let mut counters = expected;
        for input in &commit.inputs {
            counters.revision += 1;
            if !input.secret {
                counters.version += 1;
            }
            after.push(counters);
        }
        let public_change = counters.version != expected.version;
        let finished_at = (commit.status == GameStatus::Finished).then_some(commit.now);
        let rows = commit
            .inputs
            .iter()
            .map(|input| encode(&input.input, "input"))
            .collect::<Result<Vec<_>, _>>()?;
        let after_summary = commit.after();
        let to_act_column = crate::inbox::encode_to_act(&after_summary.to_act)?;
        if self.backend() == Backend::Postgres
            && key.is_none()
            && commit.status != GameStatus::Finished
        {
            let encoded = Encoded {
                game_id: &game_id,
                expected,
                after: &after,
                state: &state,
                to_act: &to_act_column,
                inputs: &rows,
                summary: &after_summary,
            };
            let mut conn = self.conn()?;
            let stored = match &mut *conn {
                AnyConnection::Postgresql(postgres) => {
                    commit_in_one_statement(postgres, &encoded, commit)?
                }
                AnyConnection::Sqlite(_) => {
                    return Err(Error::Backend(
                        "a SQLite connection on PostgreSQL".to_owned(),
                    ));
                }
            };
            return if stored {
                Ok(counters)
            } else {
                Err(missing_or(&mut conn, &game_id, "stale_version")?)
            };
        }
        self.write(|conn| {
            // Both counters are checked: each advance of the public version also advances the
            // revision, so this guards exactly what the revision does, and says so.
            let updated = diesel::update(
                games::table
                    .filter(games::id.eq(&game_id))
                    .filter(games::version.eq(expected.revision))
                    .filter(games::public_version.eq(expected.version)),
            )
            .set((
                games::state.eq(Some(&state)),
                games::version.eq(counters.revision),
                games::public_version.eq(counters.version),
                games::status.eq(commit.status.as_str()),
                games::deadline_at.eq(commit.deadline_at),
                games::finished_at.eq(finished_at),
                games::state_format.eq(SNAPSHOT_FORMAT),
                // The game moves again: whatever set it aside is resolved.
                games::set_aside_at.eq(None::<i64>),
                games::set_aside_reason.eq(None::<String>),
                games::to_act.eq(&to_act_column),
                // `updated_at` must not move with a secret submission either: nobody may learn
                // from it that one happened. (`None` leaves the column out of the update.)
                public_change.then_some(games::updated_at.eq(commit.now)),
            ))
            .execute(conn)
            .db()?;
            if updated == 0 {
                return Err(missing_or(conn, &game_id, "stale_version")?);
            }
            crate::inbox::store_seat_summary(conn, &game_id, &after_summary, Some(&commit.before))?;
            let mut new_events = Vec::new();
            for ((input, text), at) in commit.inputs.iter().zip(rows).zip(&after) {
                diesel::insert_into(moves::table)
                    .values(&MoveRow {
                        game_id: game_id.clone(),
                        seq: at.revision,
                        input: text,
                        applied_at: input.now,
                        public_version: at.version,
                    })
                    .execute(conn)
                    .unique_as("stale_version")?;
                for event in &input.events {
                    new_events.push((at.revision, at.version, event));
                }
            }
            insert_events(conn, &game_id, &new_events)?;
            if commit.status == GameStatus::Finished {
                crate::ratings::rate_finished(conn, &game_id, &commit.state, commit.now)?;
            }
            crate::notices::on_commit(conn, &game_id, &after_summary, counters, commit)?;
            if let Some(key) = key {
                store_key(conn, id, key)?;
            }
            Ok(counters)
        })
    }
}

/// Inside a write transaction: the body of [`Database::start_game`].
pub(crate) fn start_in(conn: &mut AnyConnection, id: Uuid, start: &GameStart) -> Result<(), Error> {
    let game_id = id.to_string();
    let state = encode(&start.state, "state")?;
    let updated = diesel::update(
        games::table
            .filter(games::id.eq(&game_id))
            .filter(games::status.eq(GameStatus::Open.as_str())),
    )
    .set((
        games::status.eq(GameStatus::Active.as_str()),
        games::state.eq(Some(&state)),
        games::state_format.eq(SNAPSHOT_FORMAT),
        games::version.eq(0_i64),
        games::public_version.eq(0_i64),
        games::started_at.eq(Some(start.started_at)),
        games::deadline_at.eq(start.deadline_at),
        games::updated_at.eq(start.started_at),
    ))
    .execute(conn)
    .db()?;
    if updated == 0 {
        return Err(missing_or(conn, &game_id, "not_open")?);
    }
    let players: i32 = games::table
        .find(&game_id)
        .select(games::players)
        .get_result(conn)
        .db()?;
    // Bots hold seats too.
    let seated = crate::bots::taken_seats(conn, &game_id)?.len();
    if seated < usize::try_from(players).unwrap_or(usize::MAX) {
        return Err(Error::Conflict("not_full"));
    }
    let summary = Summary::of(GameStatus::Active, start.state.to_act(), start.deadline_at);
    crate::inbox::store_summary(conn, &game_id, &summary)?;
    let new_events: Vec<_> = start.events.iter().map(|event| (0, 0, event)).collect();
    insert_events(conn, &game_id, &new_events)?;
    crate::notices::on_start(conn, &game_id, start)?;
    Ok(())
}

/// `NotFound` if the game is gone, else the conflict: the guarded update matched no row.
fn missing_or(conn: &mut AnyConnection, game_id: &str, code: &'static str) -> Result<Error, Error> {
    Ok(if game_exists(conn, game_id)? {
        Error::Conflict(code)
    } else {
        Error::NotFound
    })
}

fn last_event_seq(conn: &mut AnyConnection, game_id: &str) -> Result<i64, Error> {
    events::table
        .filter(events::game_id.eq(game_id))
        .select(max(events::seq))
        .get_result::<Option<i64>>(conn)
        .db()
        .map(|seq| seq.unwrap_or(0))
}

/// Appends `new_events`, each with the seq and public version of the input that produced it, after
/// the game's last event, one row each: a plain insert is a statement Diesel keeps prepared,
/// where one insert of a JSON list would be parsed again at every commit (on SQLite that cost
/// more than the rows it saved).
fn insert_events(
    conn: &mut AnyConnection,
    game_id: &str,
    new_events: &[(i64, i64, &AnyEvent)],
) -> Result<(), Error> {
    if new_events.is_empty() {
        return Ok(());
    }
    let first = last_event_seq(conn, game_id)? + 1;
    for (seq, (move_seq, public_version, event)) in (first..).zip(new_events) {
        diesel::insert_into(events::table)
            .values(&EventRow {
                game_id: game_id.to_owned(),
                seq,
                move_seq: *move_seq,
                event: encode(event, "event")?,
                public_version: *public_version,
            })
            .execute(conn)
            .unique_as("stale_version")?;
    }
    Ok(())
}
