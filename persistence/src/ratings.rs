//! Ratings: applied in the transaction that finishes a rated game, read for profiles and
//! leaderboards, and replayed from the finished games to check the stored numbers.
//!
//! Every write of ratings takes one lock first (a transaction-level advisory lock on
//! PostgreSQL; SQLite's write transactions are serial already), so two games finishing at once
//! never both read a player's rating before either writes it, and `rated_games.seq`, allocated
//! under that lock, is the order in which the ratings were applied: a replay in `seq` order
//! meets the same numbers bit for bit.

use std::collections::{HashMap, HashSet};

use diesel::dsl::max;
use diesel::prelude::*;
use domain::{AnyGame, GameKind};
use ladder::{SeatResult, Skill, rate_players};
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::{OrDb, corrupt};
use crate::games::load_game;
use crate::models::{parse_kind, parse_uuid};
use crate::schema::{accounts, bot_seats, games, rated_games, rating_changes, ratings, seats};
use crate::{Database, Error};

/// The password hash of a bot's account: not a hash at all, so no password logs in.
pub const BOT_PASSWORD_HASH: &str = "!bot";

/// Every bot account's username starts with this (then the level: `bot-random`); registration
/// refuses such names.
pub const BOT_USERNAME_PREFIX: &str = "bot-";

/// One stored rating.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRecord {
    pub account_id: Uuid,
    pub kind: GameKind,
    pub skill: Skill,
    /// When the last rated game that changed it finished.
    pub updated_at: i64,
}

/// A public account with its stored ratings (kinds without a row are at the initial rating).
#[derive(Clone, Debug, PartialEq)]
pub struct RatedAccount {
    pub id: Uuid,
    pub username: String,
    pub bot: bool,
    pub created_at: i64,
    pub ratings: Vec<(GameKind, Skill)>,
}

/// A leaderboard's place: best first (highest rating), ties by account id.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeaderboardKey {
    pub rating: f64,
    pub account_id: Uuid,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardEntry {
    pub account_id: Uuid,
    pub username: String,
    pub bot: bool,
    pub skill: Skill,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardPage {
    pub entries: Vec<LeaderboardEntry>,
    /// Where the next page starts; `None` on the last page.
    pub next: Option<LeaderboardKey>,
}

/// A stored rating that the replay does not meet (`None`: no row on that side).
#[derive(Clone, Debug, PartialEq)]
pub struct RatingDifference {
    pub account_id: Uuid,
    pub kind: GameKind,
    pub stored: Option<RatingRecord>,
    pub replayed: Option<RatingRecord>,
}

/// What a replay of every rated game found.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingsReplay {
    /// Rated games replayed.
    pub games: usize,
    /// Ratings compared.
    pub ratings: usize,
    pub differences: Vec<RatingDifference>,
}

impl Database {
    /// The account named `username` with its stored ratings, or `None`.
    #[tracing::instrument(skip(self))]
    pub fn rated_account(&self, username: &str) -> Result<Option<RatedAccount>, Error> {
        let conn = &mut self.conn()?;
        let Some((id, username, hash, created_at)) = accounts::table
            .filter(accounts::username.eq(username))
            .select((
                accounts::id,
                accounts::username,
                accounts::password_hash,
                accounts::created_at,
            ))
            .first::<(String, String, String, i64)>(conn)
            .optional()
            .db()?
        else {
            return Ok(None);
        };
        let rows = ratings::table
            .filter(ratings::account_id.eq(&id))
            .select(RatingRow::as_select())
            .load::<RatingRow>(conn)
            .db()?;
        let ratings = rows
            .into_iter()
            .filter_map(|row| {
                // A kind this server no longer plays is left out rather than failing the page.
                let kind = GameKind::from_id(&row.kind)?;
                Some(row.skill().map(|skill| (kind, skill)))
            })
            .collect::<Result<_, _>>()?;
        Ok(Some(RatedAccount {
            id: parse_uuid(&id, "account id")?,
            username,
            bot: hash == BOT_PASSWORD_HASH,
            created_at,
            ratings,
        }))
    }

    /// Ratings of `kind` with at least `min_games` games, best first, ties by account id;
    /// `limit` of them after `after`.
    #[tracing::instrument(skip(self))]
    pub fn leaderboard(
        &self,
        kind: GameKind,
        min_games: u32,
        limit: i64,
        after: Option<LeaderboardKey>,
    ) -> Result<LeaderboardPage, Error> {
        let conn = &mut self.conn()?;
        let limit = limit.max(0);
        let min_games = i32::try_from(min_games).unwrap_or(i32::MAX);
        let mut query = ratings::table
            .inner_join(accounts::table)
            .filter(ratings::kind.eq(kind.id()))
            .filter(ratings::games.ge(min_games))
            .into_boxed();
        if let Some(after) = after {
            let id = after.account_id.to_string();
            query = query.filter(
                ratings::mu
                    .lt(after.rating)
                    .or(ratings::mu.eq(after.rating).and(ratings::account_id.gt(id))),
            );
        }
        // One row more than the page tells whether another page follows.
        let mut rows = query
            .order((ratings::mu.desc(), ratings::account_id.asc()))
            .limit(limit.saturating_add(1))
            .select((
                RatingRow::as_select(),
                accounts::username,
                accounts::password_hash,
            ))
            .load::<(RatingRow, String, String)>(conn)
            .db()?;
        let more = rows.len() > usize::try_from(limit).unwrap_or(usize::MAX);
        rows.truncate(usize::try_from(limit).unwrap_or(0));
        let entries = rows
            .into_iter()
            .map(|(row, username, hash)| {
                Ok(LeaderboardEntry {
                    account_id: parse_uuid(&row.account_id, "rating account id")?,
                    skill: row.skill()?,
                    username,
                    bot: hash == BOT_PASSWORD_HASH,
                })
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let next = entries.last().filter(|_| more).map(|last| LeaderboardKey {
            rating: last.skill.rating,
            account_id: last.account_id,
        });
        Ok(LeaderboardPage { entries, next })
    }

    /// Replays every rated game in the order its ratings were applied, from the initial
    /// ratings, and compares the result with the stored ratings bit for bit. With `repair`,
    /// the stored ratings are then replaced by the replayed ones. Runs under the ratings lock,
    /// in one transaction: no game's ratings are applied meanwhile.
    #[tracing::instrument(skip(self))]
    pub fn replay_ratings(&self, repair: bool) -> Result<RatingsReplay, Error> {
        self.write(|conn| {
            lock_ratings(conn)?;
            let order = rated_games::table
                .order(rated_games::seq.asc())
                .select((rated_games::game_id, rated_games::finished_at))
                .load::<(String, i64)>(conn)
                .db()?;
            let mut replayed: HashMap<(Uuid, GameKind), RatingRecord> = HashMap::new();
            for (game_id, finished_at) in &order {
                let record = load_game(conn, parse_uuid(game_id, "rated game id")?)?;
                let state = record
                    .state
                    .as_ref()
                    .ok_or_else(|| corrupt("rated game without a state"))?;
                let Some(results) = seat_results(conn, game_id, state)? else {
                    return Err(corrupt("rated game without an outcome"));
                };
                let kind = record.kind;
                // An account's first rated game of the kind starts from what was stored before
                // it: the initial rating for a live account, and for the stand-in of a deleted
                // one the rating it brought to that game.
                let stored_before = stored_befores(conn, game_id)?;
                let before = |account: &Uuid| {
                    replayed.get(&(*account, kind)).map_or_else(
                        || stored_before.get(account).copied().unwrap_or_default(),
                        |rating| rating.skill,
                    )
                };
                let after = rate_players(&results, before)
                    .map_err(|error| Error::Backend(format!("a rated game replays: {error}")))?;
                for (account_id, skill) in after {
                    replayed.insert(
                        (account_id, kind),
                        RatingRecord {
                            account_id,
                            kind,
                            skill,
                            updated_at: *finished_at,
                        },
                    );
                }
            }
            let stored = stored_ratings(conn)?;
            // An account deleted since keeps no ratings: its replayed ones are not compared.
            let existing: HashSet<String> = accounts::table
                .filter(accounts::deleted.eq(false))
                .select(accounts::id)
                .load::<String>(conn)
                .db()?
                .into_iter()
                .collect();
            replayed.retain(|(account, _), _| existing.contains(&account.to_string()));
            let mut differences = Vec::new();
            let mut compared = 0;
            for (key, stored) in &stored {
                compared += 1;
                let replay = replayed.get(key);
                if replay.is_none_or(|replay| !same_bits(stored, replay)) {
                    differences.push(RatingDifference {
                        account_id: key.0,
                        kind: key.1,
                        stored: Some(stored.clone()),
                        replayed: replay.cloned(),
                    });
                }
            }
            for (key, replay) in &replayed {
                if !stored.contains_key(key) {
                    compared += 1;
                    differences.push(RatingDifference {
                        account_id: key.0,
                        kind: key.1,
                        stored: None,
                        replayed: Some(replay.clone()),
                    });
                }
            }
            differences.sort_by_key(|difference| (difference.account_id, difference.kind.id()));
            if repair && !differences.is_empty() {
                diesel::delete(ratings::table).execute(conn).db()?;
                for rating in replayed.values() {
                    insert_rating(conn, rating)?;
                }
            }
            Ok(RatingsReplay {
                games: order.len(),
                ratings: compared,
                differences,
            })
        })
    }

    /// Every stored rating, by account and kind.
    #[tracing::instrument(skip(self))]
    pub fn stored_ratings(&self) -> Result<Vec<RatingRecord>, Error> {
        let mut all: Vec<RatingRecord> =
            stored_ratings(&mut *self.conn()?)?.into_values().collect();
        all.sort_by_key(|rating| (rating.account_id, rating.kind.id()));
        Ok(all)
    }
}

/// Inside the transaction that finishes the game `id` in `state`: applies its result to its
/// players' ratings, unless the game is unrated or was rated already. A result the ladder
/// cannot rate (a game against oneself) changes nothing, and does not stop the game finishing.
pub(crate) fn rate_finished(
    conn: &mut AnyConnection,
    id: &str,
    state: &AnyGame,
    now: i64,
) -> Result<(), Error> {
    let rated: bool = games::table
        .find(id)
        .select(games::rated)
        .first(conn)
        .db()?;
    if !rated {
        return Ok(());
    }
    lock_ratings(conn)?;
    let done: Option<String> = rated_games::table
        .find(id)
        .select(rated_games::game_id)
        .first(conn)
        .optional()
        .db()?;
    if done.is_some() {
        return Ok(());
    }
    let Some(results) = seat_results(conn, id, state)? else {
        tracing::error!(game_id = id, "a finished game has no outcome: not rated");
        return Ok(());
    };
    let kind = state.kind();
    let mut before: HashMap<Uuid, Skill> = HashMap::new();
    for result in &results {
        if let std::collections::hash_map::Entry::Vacant(entry) = before.entry(result.player) {
            entry.insert(stored_skill(conn, result.player, kind)?);
        }
    }
    let skill_before = |account: &Uuid| before.get(account).copied().unwrap_or_default();
    let after = match rate_players(&results, skill_before) {
        Ok(after) => after,
        Err(error) => {
            tracing::warn!(game_id = id, %error, "finished game not rated");
            return Ok(());
        }
    };
    let last: Option<i64> = rated_games::table
        .select(max(rated_games::seq))
        .first(conn)
        .db()?;
    diesel::insert_into(rated_games::table)
        .values((
            rated_games::game_id.eq(id),
            rated_games::kind.eq(kind.id()),
            rated_games::seq.eq(last.unwrap_or(0) + 1),
            rated_games::finished_at.eq(now),
        ))
        .execute(conn)
        .db()?;
    for (account_id, skill) in after {
        let start = skill_before(&account_id);
        let place = results
            .iter()
            .filter(|result| result.player == account_id)
            .map(|result| result.place)
            .min()
            .unwrap_or(0);
        diesel::insert_into(rating_changes::table)
            .values((
                rating_changes::game_id.eq(id),
                rating_changes::account_id.eq(account_id.to_string()),
                rating_changes::place.eq(i32::from(place)),
                rating_changes::mu_before.eq(start.rating),
                rating_changes::sigma_before.eq(start.uncertainty),
                rating_changes::games_before.eq(games_column(start.games)),
                rating_changes::mu_after.eq(skill.rating),
                rating_changes::sigma_after.eq(skill.uncertainty),
            ))
            .execute(conn)
            .db()?;
        let rating = RatingRecord {
            account_id,
            kind,
            skill,
            updated_at: now,
        };
        let updated = diesel::update(
            ratings::table
                .filter(ratings::account_id.eq(account_id.to_string()))
                .filter(ratings::kind.eq(kind.id())),
        )
        .set((
            ratings::mu.eq(skill.rating),
            ratings::sigma.eq(skill.uncertainty),
            ratings::games.eq(games_column(skill.games)),
            ratings::updated_at.eq(now),
        ))
        .execute(conn)
        .db()?;
        if updated == 0 {
            insert_rating(conn, &rating)?;
        }
    }
    Ok(())
}

/// Serializes every write of ratings (see the module's notes).
fn lock_ratings(conn: &mut AnyConnection) -> Result<(), Error> {
    match conn {
        AnyConnection::Postgresql(pg) => {
            diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext('cardtable.ratings'))")
                .execute(pg)
                .db()?;
        }
        // A write transaction holds the whole database already (`BEGIN IMMEDIATE`).
        AnyConnection::Sqlite(_) => {}
    }
    Ok(())
}

/// Each seat of the finished game: its account (a bot seat: its level's account), its side
/// and its place. `None` when the state has no outcome.
/// The ratings the players of a rated game brought to it, as stored when it was rated.
fn stored_befores(conn: &mut AnyConnection, game_id: &str) -> Result<HashMap<Uuid, Skill>, Error> {
    rating_changes::table
        .filter(rating_changes::game_id.eq(game_id))
        .select((
            rating_changes::account_id,
            rating_changes::mu_before,
            rating_changes::sigma_before,
            rating_changes::games_before,
        ))
        .load::<(String, f64, f64, i32)>(conn)
        .db()?
        .into_iter()
        .map(|(account, rating, uncertainty, games)| {
            let skill = Skill {
                rating,
                uncertainty,
                games: u32::try_from(games).unwrap_or(0),
            };
            Ok((parse_uuid(&account, "rating account id")?, skill))
        })
        .collect()
}

fn seat_results(
    conn: &mut AnyConnection,
    game_id: &str,
    state: &AnyGame,
) -> Result<Option<Vec<SeatResult<Uuid>>>, Error> {
    let Some(outcome) = state.outcome() else {
        return Ok(None);
    };
    let mut holders: HashMap<i32, Uuid> = HashMap::new();
    let people = seats::table
        .filter(seats::game_id.eq(game_id))
        .select((seats::seat, seats::account_id))
        .load::<(i32, String)>(conn)
        .db()?;
    for (seat, account) in people {
        holders.insert(seat, parse_uuid(&account, "seat account id")?);
    }
    let bots = bot_seats::table
        .filter(bot_seats::game_id.eq(game_id))
        .select((bot_seats::seat, bot_seats::level))
        .load::<(i32, String)>(conn)
        .db()?;
    for (seat, level) in bots {
        holders.insert(seat, bot_account(conn, &level)?);
    }
    let teams = state.teams();
    let mut results = Vec::with_capacity(outcome.ranking.len());
    for placement in &outcome.ranking {
        let seat = placement.seat;
        let player = *holders
            .get(&i32::from(seat.0))
            .ok_or_else(|| corrupt("finished seat without a player"))?;
        // Teams first, then one side per seat beyond them.
        let side = teams
            .iter()
            .position(|team| team.contains(&seat))
            .unwrap_or(teams.len() + usize::from(seat.0));
        results.push(SeatResult {
            player,
            side,
            place: placement.place,
        });
    }
    Ok(Some(results))
}

/// The account of the bot level `level`, created on first use for a level the migrations do
/// not know (every ratings writer holds the ratings lock, so no two create it).
fn bot_account(conn: &mut AnyConnection, level: &str) -> Result<Uuid, Error> {
    let username = format!("{BOT_USERNAME_PREFIX}{level}");
    let found: Option<String> = accounts::table
        .filter(accounts::username.eq(&username))
        .filter(accounts::password_hash.eq(BOT_PASSWORD_HASH))
        .select(accounts::id)
        .first(conn)
        .optional()
        .db()?;
    if let Some(id) = found {
        return parse_uuid(&id, "bot account id");
    }
    let id = Uuid::new_v4();
    diesel::insert_into(accounts::table)
        .values((
            accounts::id.eq(id.to_string()),
            accounts::username.eq(&username),
            accounts::password_hash.eq(BOT_PASSWORD_HASH),
            accounts::created_at.eq(0_i64),
        ))
        .execute(conn)
        .db()?;
    Ok(id)
}

fn stored_skill(conn: &mut AnyConnection, account: Uuid, kind: GameKind) -> Result<Skill, Error> {
    let row = ratings::table
        .filter(ratings::account_id.eq(account.to_string()))
        .filter(ratings::kind.eq(kind.id()))
        .select(RatingRow::as_select())
        .first::<RatingRow>(conn)
        .optional()
        .db()?;
    row.map_or_else(|| Ok(Skill::default()), |row| row.skill())
}

fn stored_ratings(
    conn: &mut AnyConnection,
) -> Result<HashMap<(Uuid, GameKind), RatingRecord>, Error> {
    let rows = ratings::table
        .select(RatingRow::as_select())
        .load::<RatingRow>(conn)
        .db()?;
    rows.into_iter()
        .map(|row| {
            let record = RatingRecord {
                account_id: parse_uuid(&row.account_id, "rating account id")?,
                kind: parse_kind(&row.kind)?,
                skill: row.skill()?,
                updated_at: row.updated_at,
            };
            Ok(((record.account_id, record.kind), record))
        })
        .collect()
}

pub(crate) fn insert_rating(conn: &mut AnyConnection, rating: &RatingRecord) -> Result<(), Error> {
    diesel::insert_into(ratings::table)
        .values((
            ratings::account_id.eq(rating.account_id.to_string()),
            ratings::kind.eq(rating.kind.id()),
            ratings::mu.eq(rating.skill.rating),
            ratings::sigma.eq(rating.skill.uncertainty),
            ratings::games.eq(games_column(rating.skill.games)),
            ratings::updated_at.eq(rating.updated_at),
        ))
        .execute(conn)
        .db()
        .map(drop)
}

fn games_column(games: u32) -> i32 {
    i32::try_from(games).unwrap_or(i32::MAX)
}

fn same_bits(a: &RatingRecord, b: &RatingRecord) -> bool {
    a.skill.rating.to_bits() == b.skill.rating.to_bits()
        && a.skill.uncertainty.to_bits() == b.skill.uncertainty.to_bits()
        && a.skill.games == b.skill.games
        && a.updated_at == b.updated_at
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = ratings)]
struct RatingRow {
    account_id: String,
    kind: String,
    mu: f64,
    sigma: f64,
    games: i32,
    updated_at: i64,
}

impl RatingRow {
    fn skill(&self) -> Result<Skill, Error> {
        Ok(Skill {
            rating: self.mu,
            uncertainty: self.sigma,
            games: u32::try_from(self.games).map_err(|_| corrupt("rating games"))?,
        })
    }
}
