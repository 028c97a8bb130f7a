//! Rematches: the next game of a finished one, made once however many players ask at once.

use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::games::insert_game;
use crate::models::parse_uuid;
use crate::schema::games;
use crate::{Database, Error, GameStatus, NewGame};

impl Database {
    /// Links the finished game `finished` to `next` and inserts `next`, in one transaction, unless
    /// a rematch was made already: then `next` is not stored and the existing next game's id is
    /// returned. The link is a guarded update of the finished game's row (its row lock orders
    /// concurrent callers on PostgreSQL; SQLite writes one at a time), so two callers at the same
    /// moment make one next game. `Conflict("game_not_over")` before the end; `NotFound`.
    #[tracing::instrument(skip(self, next), fields(next = %next.id))]
    pub fn create_rematch(&self, finished: Uuid, next: &NewGame) -> Result<Option<Uuid>, Error> {
        let game_id = finished.to_string();
        self.write(|conn| {
            let linked = diesel::update(
                games::table
                    .filter(games::id.eq(&game_id))
                    .filter(games::status.eq(GameStatus::Finished.as_str()))
                    .filter(games::rematch_id.is_null()),
            )
            .set(games::rematch_id.eq(Some(next.id.to_string())))
            .execute(conn)
            .db()?;
            if linked == 1 {
                insert_game(conn, next)?;
                return Ok(None);
            }
            let found = games::table
                .find(&game_id)
                .select((games::status, games::rematch_id))
                .get_result::<(String, Option<String>)>(conn)
                .optional()
                .db()?;
            match found {
                None => Err(Error::NotFound),
                Some((_, Some(existing))) => Ok(Some(parse_uuid(&existing, "rematch id")?)),
                Some((_, None)) => Err(Error::Conflict("game_not_over")),
            }
        })
    }
}
