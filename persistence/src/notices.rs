//! Notices: what an account is told across its games (a game started, it is to act, a game
//! finished, a game it waited in was cancelled). Each is written inside the transaction of the
//! commit that causes it, numbered per account: a crash can delay a notice but never lose it.
//! The notices are the webhook outbox: the worker turns them into delivery rows afterwards
//! ([`crate::outbox`]), so a commit costs the same whatever endpoints its accounts have.
//!
//! Who is to act is read from the state as the seat's own view shows it (`to_act`), and a
//! notice carries only the game, its kind, the public version, the seat and the deadline:
//! nothing a seat could not see.

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Integer, Nullable, Text};
use domain::{Input, Seat};
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::{OrDb, corrupt};
use crate::models::parse_uuid;
use crate::schema::{games, notices, seats};
use crate::{Commit, Database, Error, GameStart, GameStatus, Summary, Versions};

/// The notice types, as stored, streamed and sent.
pub const GAME_STARTED: &str = "game_started";
pub const YOUR_TURN: &str = "your_turn";
pub const GAME_FINISHED: &str = "game_finished";
pub const GAME_CANCELLED: &str = "game_cancelled";
pub const MATCH_FOUND: &str = "match_found";
/// Every notice type an endpoint may subscribe to.
pub const NOTICE_TYPES: [&str; 5] = [
    GAME_STARTED,
    YOUR_TURN,
    GAME_FINISHED,
    GAME_CANCELLED,
    MATCH_FOUND,
];

/// A stored notice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeRecord {
    pub account: Uuid,
    /// 1, 2, … per account.
    pub notice: i64,
    pub notice_type: String,
    pub game: Uuid,
    pub kind: String,
    pub version: i64,
    pub seat: Seat,
    pub deadline_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Insertable)]
#[diesel(table_name = notices)]
struct NoticeRow<'a> {
    account_id: &'a str,
    notice: i64,
    kind_of_notice: &'a str,
    game_id: &'a str,
    kind: &'a str,
    version: i64,
    seat: i32,
    deadline_at: Option<i64>,
    created_at: i64,
}

type NoticeColumns = (
    String,
    i64,
    String,
    String,
    String,
    i64,
    i32,
    Option<i64>,
    i64,
);

fn record_of(row: NoticeColumns) -> Result<NoticeRecord, Error> {
    let (account, notice, notice_type, game, kind, version, seat, deadline_at, created_at) = row;
    Ok(NoticeRecord {
        account: parse_uuid(&account, "account id")?,
        notice,
        notice_type,
        game: parse_uuid(&game, "game id")?,
        kind,
        version,
        seat: u8::try_from(seat)
            .map(Seat)
            .map_err(|_| corrupt("notice seat"))?,
        deadline_at,
        created_at,
    })
}

impl Database {
    /// The account's notices after number `after`, oldest first, at most `limit`.
    #[tracing::instrument(skip(self))]
    pub fn notices_after(
        &self,
        account: Uuid,
        after: i64,
        limit: i64,
    ) -> Result<Vec<NoticeRecord>, Error> {
        notices::table
            .filter(notices::account_id.eq(account.to_string()))
            .filter(notices::notice.gt(after))
            .order(notices::notice.asc())
            .limit(limit.max(0))
            .load::<NoticeColumns>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(record_of)
            .collect()
    }

    /// The number of the latest notice of `notice_type` about `game` for `account` at or before
    /// public version `version`: what the account stream tags a message with, so a client that
    /// also gets the webhook can drop one of the two. Walks the account's notices back from its
    /// latest (the notice a live message tells is among them) and looks no further back than
    /// `NUMBER_LOOKBACK` notices, so a message with no stored notice costs a bounded read.
    #[tracing::instrument(skip(self))]
    pub fn notice_number(
        &self,
        account: Uuid,
        game: Uuid,
        notice_type: &str,
        version: i64,
    ) -> Result<Option<i64>, Error> {
        let account = account.to_string();
        let mut conn = self.conn()?;
        let latest = last_number(&mut conn, &account)?;
        notices::table
            .filter(notices::account_id.eq(&account))
            .filter(notices::notice.gt(latest - NUMBER_LOOKBACK))
            .filter(notices::game_id.eq(game.to_string()))
            .filter(notices::kind_of_notice.eq(notice_type))
            .filter(notices::version.le(version))
            .order(notices::notice.desc())
            .select(notices::notice)
            .first::<i64>(&mut conn)
            .optional()
            .db()
    }
}

/// How many of an account's latest notices [`Database::notice_number`] looks through.
const NUMBER_LOOKBACK: i64 = 4096;

/// What a notice says of its game, whichever seat it goes to, before it is numbered.
#[derive(Clone, Copy)]
pub(crate) struct About<'a> {
    pub notice_type: &'static str,
    pub game_id: &'a str,
    pub kind: &'a str,
    pub version: i64,
    pub deadline_at: Option<i64>,
    pub now: i64,
}

/// Numbers and stores a notice in one statement: the counter row is bumped and the notice
/// inserted with its new number.
const RECORD_POSTGRES: &str = "\
WITH counter AS (
    INSERT INTO notice_counters (account_id, last_notice) VALUES ($1, 1)
    ON CONFLICT (account_id) DO UPDATE SET last_notice = notice_counters.last_notice + 1
    RETURNING last_notice
)
INSERT INTO notices (account_id, notice, type, game_id, kind, version, seat, deadline_at, created_at)
SELECT $1, last_notice, $2, $3, $4, $5, $6, $7, $8 FROM counter";

diesel::define_sql_function! {
    /// PostgreSQL only (migration `2026-11-28-000029`): reads the seats told (all of them when
    /// `seats` is null), bumps their accounts' counters in account order and stores their
    /// notices, in one round trip; returns how many it stored. A function keeps its plan on
    /// each connection, where the same statement sent raw was planned at every commit.
    fn tell_seats(
        game: Text,
        seats: Nullable<Array<Integer>>,
        notice_type: Text,
        kind: Text,
        version: BigInt,
        deadline: Nullable<BigInt>,
        now: BigInt,
    ) -> Integer;
}

/// On PostgreSQL: tells the seats `only` (every seat when `None`) in one call, itself kept
/// prepared.
fn tell_postgres(
    conn: &mut diesel::PgConnection,
    notice: &About<'_>,
    only: Option<&[i32]>,
) -> Result<(), Error> {
    diesel::select(tell_seats(
        notice.game_id,
        only,
        notice.notice_type,
        notice.kind,
        notice.version,
        notice.deadline_at,
        notice.now,
    ))
    .get_result::<i32>(conn)
    .db()
    .map(drop)
}

/// Numbers and stores one notice. On PostgreSQL the counter row stays locked to the end of the
/// transaction: two commits that notify one account number their notices one after the other.
/// SQLite has one writer, so the number is the account's highest plus one, read from the
/// notices' key (a prepared statement, where the counter's upsert was parsed at each use).
fn record(
    conn: &mut AnyConnection,
    account: &str,
    seat: i32,
    notice: &About<'_>,
) -> Result<(), Error> {
    if matches!(conn, AnyConnection::Postgresql(_)) {
        let stored = diesel::sql_query(RECORD_POSTGRES)
            .bind::<Text, _>(account)
            .bind::<Text, _>(notice.notice_type)
            .bind::<Text, _>(notice.game_id)
            .bind::<Text, _>(notice.kind)
            .bind::<BigInt, _>(notice.version)
            .bind::<Integer, _>(seat)
            .bind::<Nullable<BigInt>, _>(notice.deadline_at)
            .bind::<BigInt, _>(notice.now)
            .execute(conn)
            .db()?;
        return if stored == 1 {
            Ok(())
        } else {
            Err(Error::Backend(format!("{stored} notices stored for one")))
        };
    }
    let number = last_number(conn, account)? + 1;
    diesel::insert_into(notices::table)
        .values(&NoticeRow {
            account_id: account,
            notice: number,
            kind_of_notice: notice.notice_type,
            game_id: notice.game_id,
            kind: notice.kind,
            version: notice.version,
            seat,
            deadline_at: notice.deadline_at,
            created_at: notice.now,
        })
        .execute(conn)
        .db()
        .map(drop)
}

/// The number of the account's latest notice (0 before its first). Notices are deleted only
/// with their account, so this is the last number given on either backend.
pub(crate) fn last_number(conn: &mut AnyConnection, account: &str) -> Result<i64, Error> {
    notices::table
        .filter(notices::account_id.eq(account))
        .select(diesel::dsl::max(notices::notice))
        .get_result::<Option<i64>>(conn)
        .db()
        .map(|number| number.unwrap_or(0))
}

/// The people seated in a game (bots get no notices), in seat order; with `only`, just those
/// seats.
fn seated(
    conn: &mut AnyConnection,
    game_id: &str,
    only: Option<&[i32]>,
) -> Result<Vec<(i32, String)>, Error> {
    let all = seats::table
        .filter(seats::game_id.eq(game_id))
        .order(seats::seat.asc())
        .select((seats::seat, seats::account_id));
    // One seat (the usual turn) is asked for with `=`, which Diesel keeps prepared; a list is
    // parsed at each use on SQLite.
    match only {
        None => all.load::<(i32, String)>(conn),
        Some([seat]) => all.filter(seats::seat.eq(*seat)).load(conn),
        Some(seats) => all.filter(seats::seat.eq_any(seats.to_vec())).load(conn),
    }
    .db()
}

/// The kind of a stored game.
fn kind_of(conn: &mut AnyConnection, game_id: &str) -> Result<String, Error> {
    games::table
        .find(game_id)
        .select(games::kind)
        .get_result::<String>(conn)
        .db()
}

fn acts(to_act: &[Seat], seat: i32) -> bool {
    to_act.iter().any(|acting| i32::from(acting.0) == seat)
}

/// `notice_type` (at version 0, without a deadline) for each account seated in the game that
/// `tell` picks.
fn tell_seated(
    conn: &mut AnyConnection,
    game_id: &str,
    notice_type: &'static str,
    now: i64,
    tell: impl Fn(&str) -> bool,
) -> Result<(), Error> {
    let kind = kind_of(conn, game_id)?;
    let about = About {
        notice_type,
        game_id,
        kind: &kind,
        version: 0,
        deadline_at: None,
        now,
    };
    for (seat, account) in seated(conn, game_id, None)?
        .iter()
        .filter(|(_, account)| tell(account))
    {
        record(conn, account, *seat, &about)?;
    }
    Ok(())
}

/// Inside the transaction that starts a game: `game_started` for every seated account, and
/// `your_turn` for those whose seat acts first.
pub(crate) fn on_start(
    conn: &mut AnyConnection,
    game_id: &str,
    start: &GameStart,
) -> Result<(), Error> {
    let started = About {
        notice_type: GAME_STARTED,
        game_id,
        kind: start.state.kind().id(),
        version: 0,
        deadline_at: start.state.deadline(),
        now: start.started_at,
    };
    let to_act = start.state.to_act();
    for (seat, account) in &seated(conn, game_id, None)? {
        record(conn, account, *seat, &started)?;
        if acts(&to_act, *seat) {
            let turn = About {
                notice_type: YOUR_TURN,
                ..started
            };
            record(conn, account, *seat, &turn)?;
        }
    }
    Ok(())
}

/// Inside the transaction that makes a quick match's game (after its start): `match_found`
/// for each account whose ticket it closed.
pub(crate) fn on_match(
    conn: &mut AnyConnection,
    game_id: &str,
    matched: &[&str],
    now: i64,
) -> Result<(), Error> {
    tell_seated(conn, game_id, MATCH_FOUND, now, |account| {
        matched.contains(&account)
    })
}

/// Inside a commit, after the game row is updated: what [`commit_notice`] says, told.
pub(crate) fn on_commit(
    conn: &mut AnyConnection,
    game_id: &str,
    after: &Summary,
    versions: Versions,
    commit: &Commit,
) -> Result<(), Error> {
    let Some((about, told)) = commit_notice(game_id, after, versions, commit) else {
        // Nobody to tell: the seats need not be read.
        return Ok(());
    };
    if let AnyConnection::Postgresql(postgres) = conn {
        return tell_postgres(postgres, &about, told.as_deref());
    }
    for (seat, account) in &seated(conn, game_id, told.as_deref())? {
        record(conn, account, *seat, &about)?;
    }
    Ok(())
}

/// What a commit tells, and to which seats (`None`: every seat); `None` when it tells nobody.
/// `your_turn` for each seat to act now that was not before, or that decided (or whose
/// deadline passed) in this commit and must decide again; `game_finished` for everyone when it
/// ends. A secret submission of another seat leaves a seat's turn as it was, so it tells that
/// seat nothing. Who was to act comes from the summary the commit replaces
/// ([`Commit::before`]); a game that started before that summary existed reads as nobody
/// acting: at worst a turn is told twice, never missed.
pub(crate) fn commit_notice<'a>(
    game_id: &'a str,
    after: &Summary,
    versions: Versions,
    commit: &Commit,
) -> Option<(About<'a>, Option<Vec<i32>>)> {
    let (notice_type, told) = match commit.status {
        GameStatus::Finished => (GAME_FINISHED, None),
        GameStatus::Active => {
            let expired = commit
                .inputs
                .iter()
                .any(|input| matches!(input.input, Input::Expire));
            let moved = |seat: Seat| {
                commit.inputs.iter().any(
                    |input| matches!(&input.input, Input::Move { seat: mover, .. } if *mover == seat),
                )
            };
            let turns: Vec<i32> = after
                .to_act
                .iter()
                .filter(|seat| !commit.before.to_act.contains(seat) || moved(**seat) || expired)
                .map(|seat| i32::from(seat.0))
                .collect();
            if turns.is_empty() {
                return None;
            }
            (YOUR_TURN, Some(turns))
        }
        _ => return None,
    };
    let about = About {
        notice_type,
        game_id,
        kind: commit.state.kind().id(),
        version: versions.version,
        deadline_at: commit.state.deadline(),
        now: commit.now,
    };
    Some((about, told))
}

/// Inside the transaction that deletes an open game: `game_cancelled` for everyone seated.
/// Nothing for a game that is gone or has started (the delete then fails and rolls back).
pub(crate) fn on_cancel_if_open(
    conn: &mut AnyConnection,
    game_id: &str,
    now: i64,
) -> Result<(), Error> {
    let status = games::table
        .find(game_id)
        .select(games::status)
        .get_result::<String>(conn)
        .optional()
        .db()?;
    if status.as_deref() != Some(GameStatus::Open.as_str()) {
        return Ok(());
    }
    tell_seated(conn, game_id, GAME_CANCELLED, now, |_| true)
}
