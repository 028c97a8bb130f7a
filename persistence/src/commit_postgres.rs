//! PostgreSQL: a commit in one round trip. The writes of [`crate::Database::commit`] (the
//! game's guarded update, the seats' summaries, the move and event rows, the notices) go to
//! the function of migration `2026-11-28-000030` as arrays, in one statement, which is atomic
//! by itself: no `BEGIN`, no `COMMIT`. Statement by statement the same commit paid seven round
//! trips, and on PostgreSQL the round trips were the commit's cost.

use diesel::prelude::*;

use crate::error::OrDb;
use crate::inbox::SeatSummaryWrite;
use crate::json::encode;
use crate::notices::commit_notice;
use crate::snapshot::SNAPSHOT_FORMAT;
use crate::{Commit, Error, Summary, Versions};
use function::commit_inputs;

/// The function's declaration: one argument per column group it writes.
mod function {
    #![allow(
        clippy::too_many_arguments,
        reason = "one argument per value the SQL function takes"
    )]
    use diesel::sql_types::{Array, BigInt, Bool, Integer, Nullable, Text};

    diesel::define_sql_function! {
        /// PostgreSQL only (migration `2026-11-28-000030`): the whole of a commit that neither
        /// finishes its game nor keeps an idempotency key. False when the guard on the counters
        /// failed (nothing was written).
        fn commit_inputs(
            game: Text,
            expected_revision: BigInt,
            expected_version: BigInt,
            revision: BigInt,
            version: BigInt,
            state: Text,
            state_format: Integer,
            status: Text,
            deadline: Nullable<BigInt>,
            to_act: Text,
            updated_at: Nullable<BigInt>,
            move_inputs: Array<Text>,
            move_applied_at: Array<BigInt>,
            move_versions: Array<BigInt>,
            event_move_seqs: Array<BigInt>,
            events: Array<Text>,
            event_versions: Array<BigInt>,
            write_seats: Bool,
            summary_seats: Nullable<Array<Integer>>,
            acting: Array<Integer>,
            key_acting: Nullable<BigInt>,
            key_waiting: Nullable<BigInt>,
            notice_type: Nullable<Text>,
            notice_seats: Nullable<Array<Integer>>,
            kind: Text,
            notice_deadline: Nullable<BigInt>,
            now: BigInt,
        ) -> Bool;
    }
}

/// A commit encoded for storage: what both ways of writing it share.
pub(crate) struct Encoded<'a> {
    pub game_id: &'a str,
    pub expected: Versions,
    /// The counters after each input, in order.
    pub after: &'a [Versions],
    pub state: &'a str,
    pub to_act: &'a str,
    /// Each input's stored form.
    pub inputs: &'a [String],
    pub summary: &'a Summary,
}

/// Writes `commit` in one statement; false when the game is no longer at `encoded.expected`
/// (or is gone). The caller has checked that the commit neither finishes the game nor keeps a
/// key, and that it has an input.
pub(crate) fn commit_in_one_statement(
    conn: &mut diesel::PgConnection,
    encoded: &Encoded<'_>,
    commit: &Commit,
) -> Result<bool, Error> {
    let last = encoded.after.last().copied().unwrap_or(encoded.expected);
    let public_change = last.version != encoded.expected.version;
    let mut event_move_seqs = Vec::new();
    let mut events = Vec::new();
    let mut event_versions = Vec::new();
    for (input, at) in commit.inputs.iter().zip(encoded.after) {
        for event in &input.events {
            event_move_seqs.push(at.revision);
            events.push(encode(event, "event")?);
            event_versions.push(at.version);
        }
    }
    let seats = SeatSummaryWrite::of(encoded.summary, Some(&commit.before));
    let notice = commit_notice(encoded.game_id, encoded.summary, last, commit);
    diesel::select(commit_inputs(
        encoded.game_id,
        encoded.expected.revision,
        encoded.expected.version,
        last.revision,
        last.version,
        encoded.state,
        SNAPSHOT_FORMAT,
        commit.status.as_str(),
        commit.deadline_at,
        encoded.to_act,
        public_change.then_some(commit.now),
        encoded.inputs,
        commit
            .inputs
            .iter()
            .map(|input| input.now)
            .collect::<Vec<_>>(),
        encoded
            .after
            .iter()
            .map(|at| at.version)
            .collect::<Vec<_>>(),
        event_move_seqs,
        events,
        event_versions,
        seats.is_some(),
        seats.as_ref().and_then(|write| write.seats.clone()),
        seats
            .as_ref()
            .map(|write| write.acting.clone())
            .unwrap_or_default(),
        seats.as_ref().and_then(|write| write.key_acting),
        seats.as_ref().and_then(|write| write.key_waiting),
        notice.as_ref().map(|(about, _)| about.notice_type),
        notice.as_ref().and_then(|(_, told)| told.clone()),
        commit.state.kind().id(),
        notice.as_ref().and_then(|(about, _)| about.deadline_at),
        commit.now,
    ))
    .get_result::<bool>(conn)
    .unique_as("stale_version")
}
