use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Text};
use uuid::Uuid;

use crate::bots::{BotSeatRow, bots_of};
use crate::connection::{AnyConnection, MultiBackend};
use crate::error::OrDb;
use crate::idempotency::{NewIdempotencyKey, store_key};
use crate::json::encode;
use crate::models::{GameRow, ListedRow, SeatRow, SeatWithName, parse_uuid, seat_record};
use crate::schema::{accounts, bot_seats, games, seats};
use crate::snapshot::{SNAPSHOT_FORMAT, WriteBack, restore, store_rebuilt};
use crate::{
    Database, Error, GameFilter, GamePage, GameRecord, GameStatus, ListingKey, NewGame, SeatRecord,
};

/// How long a game set aside by the background tick stays out of its passes.
pub(crate) const SET_ASIDE_RETRY_SECS: i64 = 3600;

impl Database {
    /// Inserts an open game, seats its creator at seat 0 and its bots at theirs; with `key`, stores the response
    /// under the idempotency key in the same transaction.
    #[tracing::instrument(skip(self, game, key), fields(game_id = %game.id, kind = game.kind.id()))]
    pub fn create_game(
        &self,
        game: &NewGame,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<(), Error> {
        self.write(|conn| {
            insert_game(conn, game)?;
            if let Some(key) = key {
                store_key(conn, game.id, key)?;
            }
            Ok(())
        })
    }

    /// The game's revision: one indexed read, to tell whether a cached copy is current.
    /// `NotFound` if there is no such game.
    #[tracing::instrument(skip(self))]
    pub fn revision(&self, id: Uuid) -> Result<i64, Error> {
        games::table
            .find(id.to_string())
            .select(games::version)
            .get_result::<i64>(&mut *self.conn()?)
            .optional()
            .db()?
            .ok_or(Error::NotFound)
    }

    /// The revisions of the games in `ids` that exist, in one read: concurrent requests share
    /// it (see the revision reader in the API's live layer).
    ///
    /// On PostgreSQL the read is planned for the ids it is given, every time. A prepared
    /// `= ANY($1)` read would be kept with a generic plan, and the one chosen while the table
    /// was small scanned the whole table once it was large (every view took ~150 ms with
    /// 200,000 games stored).
    #[tracing::instrument(skip_all, fields(games = ids.len()))]
    pub fn revisions(&self, ids: &[Uuid]) -> Result<HashMap<Uuid, i64>, Error> {
        let keys: Vec<String> = ids.iter().map(Uuid::to_string).collect();
        let rows: Vec<(String, i64)> = match &mut *self.conn()? {
            AnyConnection::Postgresql(pg) => {
                diesel::sql_query("SELECT id, version FROM games WHERE id = ANY($1)")
                    .bind::<Array<Text>, _>(&keys)
                    .load::<RevisionRow>(pg)
                    .db()?
                    .into_iter()
                    .map(|row| (row.id, row.version))
                    .collect()
            }
            conn @ AnyConnection::Sqlite(_) => games::table
                .filter(games::id.eq_any(&keys))
                .select((games::id, games::version))
                .load::<(String, i64)>(conn)
                .db()?,
        };
        rows.into_iter()
            .map(|(id, revision)| Ok((parse_uuid(&id, "game id")?, revision)))
            .collect()
    }

    /// The game with its seats in seat order, or `NotFound`.
    #[tracing::instrument(skip(self))]
    pub fn game(&self, id: Uuid) -> Result<GameRecord, Error> {
        let (record, rebuilt) = load_game_as(&mut *self.conn()?, id, WriteBack::Report)?;
        // A state rebuilt on this read is written back as a write of its own, in the writers'
        // queue, once the read's connection is given back.
        if rebuilt && let Some(state) = &record.state {
            self.write(|conn| {
                store_rebuilt(conn, &record, state);
                Ok(())
            })?;
        }
        Ok(record)
    }

    /// Newest first; `total` counts every match regardless of the page. Listed records carry no
    /// state: a listing needs none, and one unreadable game must not break it.
    #[tracing::instrument(skip(self))]
    pub fn list_games(&self, filter: &GameFilter) -> Result<GamePage, Error> {
        let conn = &mut self.conn()?;
        let limit = filter.limit.max(0);
        let mut query = filtered(filter);
        if let Some(after) = filter.after {
            // Keyset paging: a range read from where the last page ended, with no count and
            // no skipped rows, however deep the page.
            query = query.filter(
                games::created_at.lt(after.created_at).or(games::created_at
                    .eq(after.created_at)
                    .and(games::id.lt(after.id.to_string()))),
            );
        }
        // One row more than the page tells whether another page follows.
        let mut rows = query
            .order((games::created_at.desc(), games::id.desc()))
            .limit(limit.saturating_add(1))
            .select(ListedRow::as_select())
            .load::<ListedRow>(conn)
            .db()?;
        let more = rows.len() > usize::try_from(limit).unwrap_or(usize::MAX);
        rows.truncate(usize::try_from(limit).unwrap_or(0));
        let ids: Vec<String> = rows.iter().map(|row| row.id.clone()).collect();
        let mut seats = seats_of(conn, &ids)?;
        let mut bots = bots_of(conn, &ids)?;
        let games = rows
            .into_iter()
            .map(|row| {
                let game_seats = seats.remove(&row.id).unwrap_or_default();
                let game_bots = bots.remove(&row.id).unwrap_or_default();
                GameRow::from(row).into_record(game_seats, game_bots)
            })
            .collect::<Result<Vec<GameRecord>, _>>()?;
        let next = games.last().filter(|_| more).map(|game| ListingKey {
            created_at: game.created_at,
            id: game.id,
        });
        Ok(GamePage { games, next })
    }

    /// Active games whose deadline has passed at `now`, earliest deadline first; a game set
    /// aside within the last hour is left out.
    #[tracing::instrument(skip(self))]
    pub fn games_due(&self, now: i64, limit: i64) -> Result<Vec<Uuid>, Error> {
        games::table
            .filter(games::status.eq(GameStatus::Active.as_str()))
            .filter(games::deadline_at.le(now))
            .filter(
                games::set_aside_at
                    .is_null()
                    .or(games::set_aside_at.le(now - SET_ASIDE_RETRY_SECS)),
            )
            .order((games::deadline_at.asc(), games::id.asc()))
            .limit(limit.max(0))
            .select(games::id)
            .load::<String>(&mut self.conn()?)
            .db()?
            .iter()
            .map(|id| parse_uuid(id, "game id"))
            .collect()
    }

    /// Keeps a game whose state or expiry keeps failing out of the background tick's passes for
    /// a while, recording why. A later successful commit clears the mark.
    #[tracing::instrument(skip(self, reason))]
    pub fn set_aside(&self, id: Uuid, now: i64, reason: &str) -> Result<(), Error> {
        self.write(|conn| {
            diesel::update(games::table.find(id.to_string()))
                .set((
                    games::set_aside_at.eq(Some(now)),
                    games::set_aside_reason.eq(Some(reason)),
                ))
                .execute(conn)
                .db()
                .map(drop)
        })
    }
}

fn filtered(filter: &GameFilter) -> games::BoxedQuery<'static, MultiBackend> {
    let mut query = games::table.into_boxed();
    if let Some(kind) = filter.kind {
        query = query.filter(games::kind.eq(kind.id()));
    }
    if let Some(status) = filter.status {
        query = query.filter(games::status.eq(status.as_str()));
    }
    if filter.listed_only {
        query = query.filter(games::visibility.eq(crate::inbox::PUBLIC));
    }
    if let Some(member) = filter.member {
        query = query.filter(
            games::id.eq_any(
                seats::table
                    .filter(seats::account_id.eq(member.to_string()))
                    .select(seats::game_id),
            ),
        );
    }
    if let Some(outsider) = filter.not_member {
        query = query.filter(
            games::id.ne_all(
                seats::table
                    .filter(seats::account_id.eq(outsider.to_string()))
                    .select(seats::game_id),
            ),
        );
    }
    query
}

/// Inside a write transaction: inserts an open game with its creator's seat, its bots' seats
/// and its invitations (the body of [`Database::create_game`], shared with the matcher).
pub(crate) fn insert_game(conn: &mut AnyConnection, game: &NewGame) -> Result<(), Error> {
    let id = game.id.to_string();
    let row = GameRow {
        id: id.clone(),
        kind: game.kind.id().to_owned(),
        players: i32::from(game.players),
        options: encode(&game.options, "options")?,
        seed: game.seed.as_str().to_owned(),
        seed_nonce: game.seed_nonce.clone(),
        setup: game
            .setup
            .as_ref()
            .map(|setup| encode(setup, "setup"))
            .transpose()?,
        fixed_setup: game.fixed_setup,
        status: GameStatus::Open.as_str().to_owned(),
        version: 0,
        state: None,
        created_by: game.created_by.to_string(),
        created_at: game.created_at,
        started_at: None,
        finished_at: None,
        deadline_at: None,
        updated_at: game.created_at,
        public_version: 0,
        state_format: SNAPSHOT_FORMAT,
        set_aside_at: None,
        set_aside_reason: None,
        to_act: crate::inbox::encode_to_act(&[])?,
        visibility: if game.unlisted {
            crate::inbox::UNLISTED
        } else {
            crate::inbox::PUBLIC
        }
        .to_owned(),
        invite_code: Some(game.invite_code.clone()),
        rematch_id: None,
        rated: game.rated,
    };
    let seat = SeatRow {
        game_id: id.clone(),
        seat: i32::from(game.creator_seat.0),
        account_id: game.created_by.to_string(),
        joined_at: game.created_at,
        to_act: false,
        inbox_key: Some(crate::inbox::OPEN_SEAT_KEY),
    };
    diesel::insert_into(games::table)
        .values(&row)
        .execute(conn)
        .unique_as("game_exists")?;
    diesel::insert_into(seats::table)
        .values(&seat)
        .execute(conn)
        .db()?;
    for bot in &game.bots {
        diesel::insert_into(bot_seats::table)
            .values(&BotSeatRow {
                game_id: id.clone(),
                seat: i32::from(bot.seat.0),
                level: bot.level.clone(),
            })
            .execute(conn)
            .unique_as("seat_taken")?;
    }
    crate::invites::reserve(conn, game)?;
    Ok(())
}

#[derive(QueryableByName)]
struct RevisionRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = BigInt)]
    version: i64,
}

/// Inside a write transaction: the game, its state rebuilt (and written back) if its snapshot
/// cannot be read.
pub(crate) fn load_game(conn: &mut AnyConnection, id: Uuid) -> Result<GameRecord, Error> {
    load_game_as(conn, id, WriteBack::Now).map(|(record, _)| record)
}

/// The game, and whether its state was rebuilt from the move log (written back only with
/// [`WriteBack::Now`]).
fn load_game_as(
    conn: &mut AnyConnection,
    id: Uuid,
    write_back: WriteBack,
) -> Result<(GameRecord, bool), Error> {
    let id = id.to_string();
    let row = games::table
        .find(&id)
        .select(games::all_columns)
        .get_result::<GameRow>(conn)
        .db()?;
    let seats = seats_of(conn, std::slice::from_ref(&id))?
        .remove(&id)
        .unwrap_or_default();
    let bots = bots_of(conn, std::slice::from_ref(&id))?
        .remove(&id)
        .unwrap_or_default();
    let (text, format) = (row.state.clone(), row.state_format);
    let mut record = row.into_record(seats, bots)?;
    if record.status == GameStatus::Open {
        record.invitations = crate::invites::reservations(conn, &id)?;
    }
    let (state, rebuilt) = restore(conn, &record, text.as_deref(), format, write_back)?;
    record.state = state;
    Ok((record, rebuilt))
}

pub(crate) fn game_exists(conn: &mut AnyConnection, id: &str) -> Result<bool, Error> {
    games::table
        .find(id)
        .select(games::id)
        .get_result::<String>(conn)
        .optional()
        .db()
        .map(|found| found.is_some())
}

/// The seats of these games, each list in seat order.
fn seats_of(
    conn: &mut AnyConnection,
    game_ids: &[String],
) -> Result<HashMap<String, Vec<SeatRecord>>, Error> {
    let rows = seats::table
        .inner_join(accounts::table)
        .filter(seats::game_id.eq_any(game_ids))
        .order((seats::game_id.asc(), seats::seat.asc()))
        .select((
            seats::game_id,
            seats::seat,
            seats::account_id,
            accounts::username,
            seats::joined_at,
            accounts::deleted,
        ))
        .load::<SeatWithName>(conn)
        .db()?;
    let mut by_game: HashMap<String, Vec<SeatRecord>> = HashMap::new();
    for row in rows {
        let game_id = row.0.clone();
        by_game.entry(game_id).or_default().push(seat_record(row)?);
    }
    Ok(by_game)
}
