use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::json::decode;
use crate::schema::moves;
use crate::{Database, Error, InputRecord};

impl Database {
    /// The whole input log of a game, ascending. An unknown game has none.
    #[tracing::instrument(skip(self))]
    pub fn inputs(&self, id: Uuid) -> Result<Vec<InputRecord>, Error> {
        self.inputs_after(id, 0)
    }

    /// The inputs with seq > `after_seq`, ascending.
    #[tracing::instrument(skip(self))]
    pub fn inputs_after(&self, id: Uuid, after_seq: i64) -> Result<Vec<InputRecord>, Error> {
        moves::table
            .filter(moves::game_id.eq(id.to_string()))
            .filter(moves::seq.gt(after_seq))
            .order(moves::seq.asc())
            .select((moves::seq, moves::input, moves::applied_at))
            .load::<(i64, String, i64)>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(|(seq, input, now)| {
                Ok(InputRecord {
                    seq,
                    input: decode(&input, "input")?,
                    now,
                })
            })
            .collect()
    }
}
