//! Before a game starts: its creator may cancel it, a seated player may leave it.

use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::games::{game_exists, load_game};
use crate::schema::{games, seats};
use crate::seats::claim_open_game;
use crate::{Database, Error, GameRecord, GameStatus};

impl Database {
    /// Deletes a game that has not started, with its seats. `Conflict("not_open")` once it has
    /// started (a start and a cancel racing: whichever commits first wins), `NotFound` if gone.
    #[tracing::instrument(skip(self))]
    pub fn delete_open_game(&self, id: Uuid, now: i64) -> Result<(), Error> {
        let game_id = id.to_string();
        self.write(|conn| {
            // Told before the seats go; rolled back with the rest if the game is not open.
            crate::notices::on_cancel_if_open(conn, &game_id, now)?;
            let deleted = diesel::delete(
                games::table
                    .filter(games::id.eq(&game_id))
                    .filter(games::status.eq(GameStatus::Open.as_str())),
            )
            .execute(conn)
            .db()?;
            match (deleted, game_exists(conn, &game_id)?) {
                (0, true) => Err(Error::Conflict("not_open")),
                (0, false) => Err(Error::NotFound),
                _ => Ok(()),
            }
        })
    }

    /// Frees `account`'s seat in a game that has not started. `Conflict("not_open")` once it has
    /// started, `Conflict("not_seated")` without a seat. Returns the game after the leave.
    #[tracing::instrument(skip(self))]
    pub fn leave_game(&self, id: Uuid, account: Uuid, now: i64) -> Result<GameRecord, Error> {
        self.write(|conn| {
            // The row lock orders the leave with joins and the start of the same game.
            claim_open_game(conn, id, now)?;
            let left = diesel::delete(
                seats::table
                    .filter(seats::game_id.eq(id.to_string()))
                    .filter(seats::account_id.eq(account.to_string())),
            )
            .execute(conn)
            .db()?;
            if left == 0 {
                return Err(Error::Conflict("not_seated"));
            }
            load_game(conn, id)
        })
    }
}
