//! The summaries a commit keeps beside a game's state (who is to act, until when) and the inbox
//! that reads them: an account's games in play, most urgent first, without decoding a state.
//!
//! Each seat row carries `inbox_key`, its place in its account's inbox; smaller is more urgent:
//!
//! | the seat                         | `inbox_key`                  |
//! |----------------------------------|------------------------------|
//! | to act, with a deadline `d`      | `d`                          |
//! | to act, no deadline              | `TO_ACT_NO_DEADLINE`         |
//! | waiting, with a deadline `d`     | `WAITING + d`                |
//! | waiting, no deadline (open game) | `WAITING + NO_DEADLINE`      |
//! | the game is over                 | null (not in the inbox)      |
//!
//! so one index on `(account_id, inbox_key, game_id)` serves a page of the inbox as a range
//! read from where the last page ended, and the count of the account's turns as a range read of
//! the keys below `WAITING`: neither depends on how many games are stored.

use diesel::dsl::{case_when, count_star};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable};
use domain::{GameKind, Seat};
use uuid::Uuid;

use crate::connection::{AnyConnection, snapshot_transaction};
use crate::error::{OrDb, corrupt};
use crate::json::{decode, encode};
use crate::models::{parse_kind, parse_status, parse_uuid};
use crate::schema::{games, seats};
use crate::{Database, Error, GameStatus, Summary};

/// The `visibility` of a game that is never listed.
pub(crate) const UNLISTED: &str = "unlisted";
/// The `visibility` of every other game.
pub(crate) const PUBLIC: &str = "public";

/// Deadlines are Unix seconds, far below this.
const NO_DEADLINE: i64 = 1 << 52;
/// The key of a seat to act in a game without a deadline: after every seat to act by a deadline.
const TO_ACT_NO_DEADLINE: i64 = NO_DEADLINE;
/// Keys from here on are seats that wait (for others, or for the game to fill).
const WAITING: i64 = 1 << 53;
/// The key of a seat of a game that has not started (the migration gives it to older rows too).
pub(crate) const OPEN_SEAT_KEY: i64 = WAITING + NO_DEADLINE;

/// One seat's place in its account's inbox while its game is open or active.
fn inbox_key(to_act: bool, deadline_at: Option<i64>) -> i64 {
    let due = deadline_at.map_or(NO_DEADLINE, |at| at.clamp(0, NO_DEADLINE - 1));
    match (to_act, deadline_at) {
        (true, None) => TO_ACT_NO_DEADLINE,
        (true, Some(_)) => due,
        (false, _) => WAITING + due,
    }
}

/// The stored form of the seats to act.
pub(crate) fn encode_to_act(to_act: &[Seat]) -> Result<String, Error> {
    let seats: Vec<u8> = to_act.iter().map(|seat| seat.0).collect();
    encode(&seats, "to_act")
}

pub(crate) fn parse_to_act(text: &str) -> Result<Vec<Seat>, Error> {
    let seats: Vec<u8> = decode(text, "to_act")?;
    Ok(seats.into_iter().map(Seat).collect())
}

/// Inside the transaction that starts a game: stores its summary on the game row and on each
/// of its seats.
pub(crate) fn store_summary(
    conn: &mut AnyConnection,
    game_id: &str,
    summary: &Summary,
) -> Result<(), Error> {
    diesel::update(games::table.find(game_id))
        .set(games::to_act.eq(encode_to_act(&summary.to_act)?))
        .execute(conn)
        .db()?;
    store_seat_summary(conn, game_id, summary, None)
}

/// The seat rows a summary writes: each seat acts or not, and its inbox key follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SeatSummaryWrite {
    /// The seats written; `None` writes every seat of the game.
    pub seats: Option<Vec<i32>>,
    /// The seats to act.
    pub acting: Vec<i32>,
    /// The inbox key of a seat to act, and of one that waits; `None` once the game is over.
    pub key_acting: Option<i64>,
    pub key_waiting: Option<i64>,
}

impl SeatSummaryWrite {
    /// What storing `summary` writes. With the summary it replaces (`before`), only the seats
    /// whose row changes: while the status and the deadline stay, those that start or stop
    /// acting (often two); `None` when no row changes (after a secret submission). On SQLite
    /// each row written adds its page and its inbox index entry's page to the commit.
    pub(crate) fn of(summary: &Summary, before: Option<&Summary>) -> Option<Self> {
        let changed: Option<Vec<i32>> = before
            .filter(|before| {
                before.status == summary.status && before.deadline_at == summary.deadline_at
            })
            .map(|before| {
                let flipped =
                    |seat: &&Seat| before.to_act.contains(seat) != summary.to_act.contains(seat);
                before
                    .to_act
                    .iter()
                    .chain(&summary.to_act)
                    .filter(flipped)
                    .map(|seat| i32::from(seat.0))
                    .collect()
            });
        if changed.as_ref().is_some_and(Vec::is_empty) {
            return None;
        }
        // A finished game leaves its seats' inboxes.
        let over = summary.status == GameStatus::Finished;
        let key = |acts: bool| (!over).then(|| inbox_key(acts, summary.deadline_at));
        Some(Self {
            seats: changed,
            acting: summary
                .to_act
                .iter()
                .map(|seat| i32::from(seat.0))
                .collect(),
            key_acting: key(true),
            key_waiting: key(false),
        })
    }
}

/// As [`store_summary`], for the seats only (a commit writes the game row's column in its own
/// update), in one statement; with `before`, only the rows that change
/// ([`SeatSummaryWrite::of`]).
pub(crate) fn store_seat_summary(
    conn: &mut AnyConnection,
    game_id: &str,
    summary: &Summary,
    before: Option<&Summary>,
) -> Result<(), Error> {
    let Some(write) = SeatSummaryWrite::of(summary, before) else {
        return Ok(());
    };
    let acts = || seats::seat.eq_any(write.acting.clone());
    let values = || {
        (
            seats::to_act.eq(acts()),
            seats::inbox_key.eq(
                case_when::<_, _, Nullable<BigInt>>(acts(), write.key_acting)
                    .otherwise(write.key_waiting),
            ),
        )
    };
    let rows = seats::table.filter(seats::game_id.eq(game_id));
    match &write.seats {
        Some(changed) => diesel::update(rows.filter(seats::seat.eq_any(changed.clone())))
            .set(values())
            .execute(conn),
        None => diesel::update(rows).set(values()).execute(conn),
    }
    .db()?;
    Ok(())
}

/// One game in an account's inbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboxEntry {
    pub id: Uuid,
    pub kind: GameKind,
    pub status: GameStatus,
    /// The public version.
    pub version: i64,
    pub players: u8,
    /// The account's seat.
    pub seat: Seat,
    /// Every seat to act now.
    pub to_act: Vec<Seat>,
    /// The account's seat is to act.
    pub your_turn: bool,
    pub deadline_at: Option<i64>,
    pub updated_at: i64,
}

/// An entry's place in the inbox: where a page ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InboxCursor {
    pub key: i64,
    pub game: Uuid,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboxPage {
    pub entries: Vec<InboxEntry>,
    /// Where the next page starts; `None` on the last page.
    pub next: Option<InboxCursor>,
    /// How many of the account's games wait on its seat (on every page alike).
    pub your_turn_count: i64,
}

type InboxRow = (
    String,
    i32,
    bool,
    Option<i64>,
    String,
    String,
    i64,
    i32,
    Option<i64>,
    String,
    i64,
);

impl Database {
    /// The earliest deadline of an active game at or before `until` (games set aside within the
    /// hour before `now` left out, as in [`Database::games_due`]): where a test clock moving to
    /// `until` stops first. One read of the index on `(status, deadline_at)`.
    #[tracing::instrument(skip(self))]
    pub fn earliest_deadline(&self, now: i64, until: i64) -> Result<Option<i64>, Error> {
        games::table
            .filter(games::status.eq(GameStatus::Active.as_str()))
            .filter(games::deadline_at.le(until))
            .filter(
                games::set_aside_at
                    .is_null()
                    .or(games::set_aside_at.le(now - crate::games::SET_ASIDE_RETRY_SECS)),
            )
            .select(diesel::dsl::min(games::deadline_at))
            .get_result::<Option<i64>>(&mut self.conn()?)
            .db()
    }

    /// `account`'s open and active games, most urgent first: its turn by the earliest deadline,
    /// its turn without a deadline, then the rest. Reads the summary columns only.
    #[tracing::instrument(skip(self))]
    pub fn inbox(
        &self,
        account: Uuid,
        after: Option<InboxCursor>,
        limit: i64,
    ) -> Result<InboxPage, Error> {
        let account_id = account.to_string();
        let limit = limit.max(0);
        // Without a cursor, from before the first key: `>` also leaves out the null keys of
        // finished games.
        let (after_key, after_game) = after.map_or((i64::MIN, String::new()), |at| {
            (at.key, at.game.to_string())
        });
        // The page and the count are read from one snapshot: read apart, a commit between them
        // could make the count say "your turn" of a game the page lists as someone else's.
        let mut conn = self.conn()?;
        let (rows, your_turn_count) = snapshot_transaction(&mut conn, |conn| {
            let rows: Vec<InboxRow> = seats::table
                .inner_join(games::table)
                .filter(seats::account_id.eq(&account_id))
                // Implied by the next filter; stated so that the index range starts here.
                .filter(seats::inbox_key.ge(after_key))
                .filter(
                    seats::inbox_key.gt(after_key).or(seats::inbox_key
                        .eq(after_key)
                        .and(seats::game_id.gt(&after_game))),
                )
                .order((seats::inbox_key.asc(), seats::game_id.asc()))
                .limit(limit.saturating_add(1))
                .select((
                    seats::game_id,
                    seats::seat,
                    seats::to_act,
                    seats::inbox_key,
                    games::kind,
                    games::status,
                    games::public_version,
                    games::players,
                    games::deadline_at,
                    games::to_act,
                    games::updated_at,
                ))
                .load(conn)
                .db()?;
            let your_turn_count = seats::table
                .filter(seats::account_id.eq(&account_id))
                .filter(seats::inbox_key.lt(WAITING))
                .select(count_star())
                .get_result::<i64>(conn)
                .db()?;
            Ok((rows, your_turn_count))
        })?;
        let mut rows = rows;
        let more = rows.len() > usize::try_from(limit).unwrap_or(usize::MAX);
        rows.truncate(usize::try_from(limit).unwrap_or(0));
        let next = rows
            .last()
            .filter(|_| more)
            .map(|row| (row.0.clone(), row.3));
        let entries = rows
            .into_iter()
            .map(entry_of)
            .collect::<Result<Vec<_>, _>>()?;
        let next = next
            .map(|(game, key)| {
                Ok::<_, Error>(InboxCursor {
                    key: key.ok_or_else(|| corrupt("inbox key"))?,
                    game: parse_uuid(&game, "game id")?,
                })
            })
            .transpose()?;
        Ok(InboxPage {
            entries,
            next,
            your_turn_count,
        })
    }
}

fn entry_of(
    (game_id, seat, your_turn, _, kind, status, version, players, deadline_at, to_act, updated_at): InboxRow,
) -> Result<InboxEntry, Error> {
    Ok(InboxEntry {
        id: parse_uuid(&game_id, "game id")?,
        kind: parse_kind(&kind)?,
        status: parse_status(&status)?,
        version,
        players: u8::try_from(players).map_err(|_| corrupt("player count"))?,
        seat: Seat(u8::try_from(seat).map_err(|_| corrupt("seat"))?),
        to_act: parse_to_act(&to_act)?,
        your_turn,
        deadline_at,
        updated_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_order_turns_by_deadline_then_turns_without_then_the_rest() {
        let keys = [
            inbox_key(true, Some(1_000)),
            inbox_key(true, Some(2_000)),
            inbox_key(true, None),
            inbox_key(false, Some(500)),
            inbox_key(false, None),
        ];
        assert!(keys.windows(2).all(|pair| pair[0] < pair[1]), "{keys:?}");
        assert!(keys[..3].iter().all(|key| *key < WAITING));
        assert!(keys[3..].iter().all(|key| *key >= WAITING));
        assert_eq!(keys[4], OPEN_SEAT_KEY);
        assert_eq!(
            OPEN_SEAT_KEY, 13_510_798_882_111_488,
            "the migration's constant"
        );
    }

    #[test]
    fn to_act_round_trips() {
        let seats = [Seat(0), Seat(2)];
        let text = encode_to_act(&seats).expect("encodes");
        assert_eq!(text, "[0,2]");
        assert_eq!(parse_to_act(&text).expect("parses"), seats);
    }
}
