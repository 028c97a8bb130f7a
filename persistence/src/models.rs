//! Row shapes of the tables and their conversion to the public records.

use diesel::prelude::*;
use domain::{GameKind, Seat, Seed};
use uuid::Uuid;

use crate::error::corrupt;
use crate::json::decode;
use crate::schema::{accounts, events, games, moves, seats};
use crate::{AccountRecord, BotSeat, Error, GameRecord, GameStatus, SeatRecord};

#[derive(Queryable, Insertable)]
#[diesel(table_name = accounts)]
pub(crate) struct AccountRow {
    pub id: String,
    pub username: String,
    pub password_hash: String,
    pub created_at: i64,
    pub canonical_username: Option<String>,
    pub username_skeleton: Option<String>,
    pub deleted: bool,
}

impl AccountRow {
    pub fn into_record(self) -> Result<AccountRecord, Error> {
        Ok(AccountRecord {
            id: parse_uuid(&self.id, "account id")?,
            username: self.username,
            password_hash: self.password_hash,
            created_at: self.created_at,
        })
    }
}

/// Columns in `games::all_columns` order.
#[derive(Queryable, Insertable)]
#[diesel(table_name = games)]
pub(crate) struct GameRow {
    pub id: String,
    pub kind: String,
    pub players: i32,
    pub options: String,
    pub seed: String,
    pub setup: Option<String>,
    pub fixed_setup: bool,
    pub status: String,
    pub version: i64,
    pub state: Option<String>,
    pub created_by: String,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub deadline_at: Option<i64>,
    pub updated_at: i64,
    pub public_version: i64,
    pub state_format: i32,
    pub set_aside_at: Option<i64>,
    pub set_aside_reason: Option<String>,
    pub seed_nonce: Option<String>,
    pub to_act: String,
    pub visibility: String,
    pub invite_code: Option<String>,
    pub rematch_id: Option<String>,
    pub rated: bool,
}

/// A listed game: every column but the stored state, which a listing never needs and which is
/// by far the largest.
#[derive(Queryable, Selectable)]
#[diesel(table_name = games)]
pub(crate) struct ListedRow {
    pub id: String,
    pub kind: String,
    pub players: i32,
    pub options: String,
    pub seed: String,
    pub setup: Option<String>,
    pub fixed_setup: bool,
    pub status: String,
    pub version: i64,
    pub created_by: String,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub deadline_at: Option<i64>,
    pub updated_at: i64,
    pub public_version: i64,
    pub seed_nonce: Option<String>,
    pub to_act: String,
    pub visibility: String,
    pub rematch_id: Option<String>,
    pub rated: bool,
}

impl From<ListedRow> for GameRow {
    fn from(row: ListedRow) -> Self {
        GameRow {
            id: row.id,
            kind: row.kind,
            players: row.players,
            options: row.options,
            seed: row.seed,
            setup: row.setup,
            fixed_setup: row.fixed_setup,
            status: row.status,
            version: row.version,
            state: None,
            created_by: row.created_by,
            created_at: row.created_at,
            started_at: row.started_at,
            finished_at: row.finished_at,
            deadline_at: row.deadline_at,
            updated_at: row.updated_at,
            public_version: row.public_version,
            state_format: crate::snapshot::SNAPSHOT_FORMAT,
            set_aside_at: None,
            set_aside_reason: None,
            seed_nonce: row.seed_nonce,
            to_act: row.to_act,
            visibility: row.visibility,
            // A listing never shows the code; the creator reads it on its own route.
            invite_code: None,
            rematch_id: row.rematch_id,
            rated: row.rated,
        }
    }
}

impl GameRow {
    /// The record without its state, which [`crate::snapshot::restore`] supplies.
    pub fn into_record(
        self,
        seats: Vec<SeatRecord>,
        bots: Vec<BotSeat>,
    ) -> Result<GameRecord, Error> {
        Ok(GameRecord {
            id: parse_uuid(&self.id, "game id")?,
            kind: parse_kind(&self.kind)?,
            players: u8::try_from(self.players).map_err(|_| corrupt("player count"))?,
            options: decode(&self.options, "options")?,
            seed: Seed::new(self.seed).ok_or_else(|| corrupt("seed"))?,
            seed_nonce: self.seed_nonce,
            setup: self
                .setup
                .as_deref()
                .map(|setup| decode(setup, "setup"))
                .transpose()?,
            fixed_setup: self.fixed_setup,
            rated: self.rated,
            status: parse_status(&self.status)?,
            // The column `version` is the revision; clients see `public_version`.
            revision: self.version,
            version: self.public_version,
            state: None,
            seats,
            bots,
            created_by: parse_uuid(&self.created_by, "creator id")?,
            created_at: self.created_at,
            started_at: self.started_at,
            finished_at: self.finished_at,
            deadline_at: self.deadline_at,
            updated_at: self.updated_at,
            to_act: crate::inbox::parse_to_act(&self.to_act)?,
            unlisted: self.visibility == crate::inbox::UNLISTED,
            rematch_id: self
                .rematch_id
                .as_deref()
                .map(|id| parse_uuid(id, "rematch id"))
                .transpose()?,
            invitations: Vec::new(),
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = seats)]
pub(crate) struct SeatRow {
    pub game_id: String,
    pub seat: i32,
    pub account_id: String,
    pub joined_at: i64,
    pub to_act: bool,
    pub inbox_key: Option<i64>,
}

/// A seat joined with its account: (game_id, seat, account_id, username, joined_at, deleted).
pub(crate) type SeatWithName = (String, i32, String, String, i64, bool);

/// What a seat whose account was deleted shows instead of a name.
pub const DELETED_ACCOUNT_NAME: &str = "[deleted]";

pub(crate) fn seat_record(
    (_, seat, account_id, username, joined_at, deleted): SeatWithName,
) -> Result<SeatRecord, Error> {
    Ok(SeatRecord {
        seat: Seat(u8::try_from(seat).map_err(|_| corrupt("seat"))?),
        account_id: parse_uuid(&account_id, "seat account id")?,
        // The stand-in's own (unique) name is an internal placeholder, never shown.
        username: if deleted {
            DELETED_ACCOUNT_NAME.to_owned()
        } else {
            username
        },
        joined_at,
        deleted,
    })
}

#[derive(Insertable)]
#[diesel(table_name = moves)]
pub(crate) struct MoveRow {
    pub game_id: String,
    pub seq: i64,
    pub input: String,
    pub applied_at: i64,
    pub public_version: i64,
}

#[derive(Insertable)]
#[diesel(table_name = events)]
pub(crate) struct EventRow {
    pub game_id: String,
    pub seq: i64,
    pub move_seq: i64,
    pub event: String,
    pub public_version: i64,
}

pub(crate) fn parse_uuid(text: &str, what: &str) -> Result<Uuid, Error> {
    Uuid::parse_str(text).map_err(|_| corrupt(what))
}

pub(crate) fn parse_kind(text: &str) -> Result<GameKind, Error> {
    GameKind::from_id(text).ok_or_else(|| Error::Backend(format!("unknown game kind `{text}`")))
}

pub(crate) fn parse_status(text: &str) -> Result<GameStatus, Error> {
    GameStatus::parse(text).ok_or_else(|| corrupt("status"))
}
