//! Stored states ("snapshots") and their format. A snapshot is a cache of the replay of the
//! game's move log: when it was written in another format, or no longer decodes, the state is
//! rebuilt from the seed and the log, and written back in the current format.

use diesel::prelude::*;
use domain::AnyGame;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::json::{decode, encode};
use crate::moves::load_inputs;
use crate::schema::games;
use crate::{Error, GameRecord, InputRecord};

/// The encoding of snapshots written now. Raise it whenever the serialized shape of a game's
/// state changes: older snapshots are then rebuilt from their move logs instead of misread.
pub const SNAPSHOT_FORMAT: i32 = 1;

/// What [`restore`] does with a state it had to rebuild.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WriteBack {
    /// Writes it back on the same connection: the caller is inside a write transaction, in
    /// the writers' queue.
    Now,
    /// Only says so: the caller reads, and writes it back in a write of its own (on SQLite a
    /// write outside the queue would wait on the busy handler beside the queued writers).
    Report,
}

/// The state of `record` from its stored snapshot `text` of `format`, or rebuilt by replay;
/// and whether it was rebuilt.
pub(crate) fn restore(
    conn: &mut AnyConnection,
    record: &GameRecord,
    text: Option<&str>,
    format: i32,
    write_back: WriteBack,
) -> Result<(Option<AnyGame>, bool), Error> {
    let Some(text) = text else {
        return Ok((None, false));
    };
    let why = if format == SNAPSHOT_FORMAT {
        match decode::<AnyGame>(text, "state") {
            Ok(state) => return Ok((Some(state), false)),
            Err(error) => error.to_string(),
        }
    } else {
        format!("snapshot format {format}, current {SNAPSHOT_FORMAT}")
    };
    let rebuilt = load_inputs(conn, record.id).and_then(|inputs| replay(record, &inputs));
    let state = rebuilt.map_err(|error| match error {
        // The database being away says nothing about this game.
        Error::Unavailable(_) => error,
        error => Error::Backend(format!(
            "the state of game {} cannot be read ({why}) nor rebuilt: {error}",
            record.id
        )),
    })?;
    tracing::warn!(game_id = %record.id, reason = %why, "snapshot rebuilt from the move log");
    if write_back == WriteBack::Now {
        store_rebuilt(conn, record, &state);
    }
    Ok((Some(state), true))
}

/// Replays a started game's move log from its seed (or setup) and start time, as any client
/// can from the published log once the game is over.
pub fn replay(record: &GameRecord, inputs: &[InputRecord]) -> Result<AnyGame, Error> {
    let started_at = record
        .started_at
        .ok_or_else(|| Error::Backend("a game with a state has no start time".to_owned()))?;
    let (mut state, _) = AnyGame::create(
        record.kind,
        i64::from(record.players),
        &record.options,
        &record.seed,
        record.setup.clone(),
        started_at,
    )
    .map_err(|error| Error::Backend(format!("setup refused on replay: {}", error.code)))?;
    for entry in inputs {
        state
            .apply_input(&entry.input, entry.now)
            .map_err(|error| {
                Error::Backend(format!(
                    "input {} refused on replay: {}",
                    entry.seq, error.code
                ))
            })?;
    }
    Ok(state)
}

/// Writes a rebuilt state back, unless the game moved on meanwhile. Failing to is harmless:
/// the next read rebuilds again, and the next commit writes the current format anyway.
pub(crate) fn store_rebuilt(conn: &mut AnyConnection, record: &GameRecord, state: &AnyGame) {
    let stored = encode(state, "state").and_then(|text| {
        diesel::update(
            games::table
                .filter(games::id.eq(record.id.to_string()))
                .filter(games::version.eq(record.revision)),
        )
        .set((
            games::state.eq(Some(text)),
            games::state_format.eq(SNAPSHOT_FORMAT),
        ))
        .execute(conn)
        .db()
    });
    if let Err(error) = stored {
        tracing::warn!(game_id = %record.id, %error, "a rebuilt snapshot was not stored");
    }
}

/// For tests: the format of a game's stored snapshot.
pub(crate) fn format_of(conn: &mut AnyConnection, id: Uuid) -> Result<i32, Error> {
    games::table
        .find(id.to_string())
        .select(games::state_format)
        .first(conn)
        .db()
}
