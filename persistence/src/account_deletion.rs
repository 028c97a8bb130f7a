//! Deleting an account: one transaction that takes it out of every game by the game's state
//! and removes what is stored about it, so a crash leaves it either whole or gone.

use std::collections::HashMap;

use diesel::prelude::*;
use uuid::Uuid;

use crate::bots::BotSeatRow;
use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::models::{AccountRow, parse_uuid};
use crate::schema::{
    accounts, bot_seats, games, idempotency_keys, personal_tokens, rating_changes, refresh_tokens,
    seats, sessions, stream_tickets,
};
use crate::{Database, Error, GameStatus};

/// What the deletion did to the account's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccountDeletion {
    /// Games it created that had not started: cancelled (deleted).
    pub cancelled: Vec<Uuid>,
    /// Open games of others where it held a seat: the seat is free again.
    pub left: Vec<Uuid>,
    /// Games in play: its seat is now played by a server bot.
    pub handed_to_bots: Vec<Uuid>,
    /// Finished games: its seat (and the game's creator, if it was) is now a stand-in of that
    /// game alone.
    pub anonymised: Vec<Uuid>,
    /// Its sessions, deleted: their streams end.
    pub ended_sessions: Vec<Uuid>,
}

impl Database {
    /// Deletes the account `id` in one transaction. Its stream tickets and idempotency keys
    /// go; open games it created are deleted; its seats in other open games are freed; its
    /// seats in games in play go to a bot of `bot_level`; in finished games its seat and
    /// creatorship pass to a stand-in account made for that game alone (see
    /// [`crate::DELETED_ACCOUNT_NAME`]). `NotFound` when there is no such live account.
    #[tracing::instrument(skip(self))]
    pub fn delete_account(
        &self,
        id: Uuid,
        bot_level: &str,
        now: i64,
    ) -> Result<AccountDeletion, Error> {
        let account_id = id.to_string();
        self.write(|conn| {
            // Touching the row first locks it on PostgreSQL: a second deletion waits, then
            // finds nothing.
            let found = diesel::update(
                accounts::table
                    .find(&account_id)
                    .filter(accounts::deleted.eq(false)),
            )
            .set(accounts::password_hash.eq(""))
            .execute(conn)
            .db()?;
            if found == 0 {
                return Err(Error::NotFound);
            }
            diesel::delete(
                stream_tickets::table.filter(stream_tickets::account_id.eq(&account_id)),
            )
            .execute(conn)
            .db()?;
            diesel::delete(
                idempotency_keys::table.filter(idempotency_keys::account_id.eq(&account_id)),
            )
            .execute(conn)
            .db()?;
            // Its sessions go (a token naming a missing session is refused), with their
            // refresh tokens.
            let ended: Vec<String> = sessions::table
                .filter(sessions::account_id.eq(&account_id))
                .select(sessions::id)
                .load::<String>(conn)
                .db()?;
            diesel::delete(refresh_tokens::table.filter(refresh_tokens::session_id.eq_any(&ended)))
                .execute(conn)
                .db()?;
            diesel::delete(sessions::table.filter(sessions::account_id.eq(&account_id)))
                .execute(conn)
                .db()?;
            // And its personal access tokens (their tickets went with the account's above).
            diesel::delete(
                personal_tokens::table.filter(personal_tokens::account_id.eq(&account_id)),
            )
            .execute(conn)
            .db()?;

            let mut done = AccountDeletion {
                ended_sessions: ended
                    .iter()
                    .map(|id| parse_uuid(id, "session id"))
                    .collect::<Result<_, _>>()?,
                ..AccountDeletion::default()
            };
            let created_open: Vec<String> = games::table
                .filter(games::created_by.eq(&account_id))
                .filter(games::status.eq(GameStatus::Open.as_str()))
                .select(games::id)
                .load(conn)
                .db()?;
            for game in created_open {
                // Seats, bot seats and claims go with the game (ON DELETE CASCADE).
                let deleted = diesel::delete(
                    games::table
                        .filter(games::id.eq(&game))
                        .filter(games::status.eq(GameStatus::Open.as_str())),
                )
                .execute(conn)
                .db()?;
                if deleted == 1 {
                    done.cancelled
                        .push(crate::models::parse_uuid(&game, "game id")?);
                }
            }

            let mut stand_ins: HashMap<String, String> = HashMap::new();
            let seated: Vec<(String, i32)> = seats::table
                .filter(seats::account_id.eq(&account_id))
                .select((seats::game_id, seats::seat))
                .load(conn)
                .db()?;
            for (game, seat) in seated {
                let game_id = crate::models::parse_uuid(&game, "game id")?;
                match lock_game(conn, &game)? {
                    GameStatus::Open => {
                        free_seat(conn, &game, &account_id)?;
                        done.left.push(game_id);
                    }
                    GameStatus::Active => {
                        free_seat(conn, &game, &account_id)?;
                        diesel::insert_into(bot_seats::table)
                            .values(&BotSeatRow {
                                game_id: game.clone(),
                                seat,
                                level: bot_level.to_owned(),
                            })
                            .execute(conn)
                            .db()?;
                        done.handed_to_bots.push(game_id);
                    }
                    GameStatus::Finished => {
                        let stand_in = stand_in_for(conn, &mut stand_ins, &game, now)?;
                        diesel::update(
                            seats::table
                                .filter(seats::game_id.eq(&game))
                                .filter(seats::account_id.eq(&account_id)),
                        )
                        .set(seats::account_id.eq(&stand_in))
                        .execute(conn)
                        .db()?;
                        done.anonymised.push(game_id);
                    }
                }
            }

            // Games it created that have started keep a creator: a stand-in of their own.
            let created_rest: Vec<String> = games::table
                .filter(games::created_by.eq(&account_id))
                .select(games::id)
                .load(conn)
                .db()?;
            for game in created_rest {
                let stand_in = stand_in_for(conn, &mut stand_ins, &game, now)?;
                diesel::update(games::table.find(&game))
                    .set(games::created_by.eq(&stand_in))
                    .execute(conn)
                    .db()?;
            }

            // What its rated games did to its rating passes to each game's stand-in, so a replay
            // of every rating (`Database::replay_ratings`) still gives the stored numbers.
            for (game, stand_in) in &stand_ins {
                diesel::update(
                    rating_changes::table
                        .filter(rating_changes::game_id.eq(game))
                        .filter(rating_changes::account_id.eq(&account_id)),
                )
                .set(rating_changes::account_id.eq(stand_in))
                .execute(conn)
                .db()?;
            }

            diesel::delete(accounts::table.find(&account_id))
                .execute(conn)
                .db()?;
            Ok(done)
        })
    }
}

/// Takes the game's row lock (a no-op update; SQLite holds the database's write lock already),
/// so the game cannot start or finish under the deletion, and reads its status.
fn lock_game(conn: &mut AnyConnection, game: &str) -> Result<GameStatus, Error> {
    diesel::update(games::table.find(game))
        .set(games::status.eq(games::status))
        .execute(conn)
        .db()?;
    let status: String = games::table
        .find(game)
        .select(games::status)
        .first(conn)
        .db()?;
    GameStatus::parse(&status).ok_or_else(|| crate::error::corrupt("game status"))
}

fn free_seat(conn: &mut AnyConnection, game: &str, account: &str) -> Result<(), Error> {
    diesel::delete(
        seats::table
            .filter(seats::game_id.eq(game))
            .filter(seats::account_id.eq(account)),
    )
    .execute(conn)
    .db()
    .map(drop)
}

/// The stand-in of the deleted account in `game`, made on first use: a fresh id, a name no
/// person can register (longer than any username), no password, no canonical form.
fn stand_in_for(
    conn: &mut AnyConnection,
    made: &mut HashMap<String, String>,
    game: &str,
    now: i64,
) -> Result<String, Error> {
    if let Some(id) = made.get(game) {
        return Ok(id.clone());
    }
    let id = Uuid::new_v4();
    diesel::insert_into(accounts::table)
        .values(&AccountRow {
            id: id.to_string(),
            username: format!("deleted-{}", id.simple()),
            password_hash: String::new(),
            created_at: now,
            canonical_username: None,
            username_skeleton: None,
            deleted: true,
        })
        .execute(conn)
        .db()?;
    made.insert(game.to_owned(), id.to_string());
    Ok(id.to_string())
}
