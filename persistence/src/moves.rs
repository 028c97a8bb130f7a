use diesel::prelude::*;
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::json::decode;
use crate::schema::moves;
use crate::{Database, Error, InputRecord};

impl Database {
    /// The whole input log of a game, ascending. An unknown game has none.
    #[tracing::instrument(skip(self))]
    pub fn inputs(&self, id: Uuid) -> Result<Vec<InputRecord>, Error> {
        load_inputs(&mut *self.conn()?, id)
    }

    /// The inputs after revision `revision` (an input's seq is the revision it made), ascending.
    #[tracing::instrument(skip(self))]
    pub fn inputs_after_revision(
        &self,
        id: Uuid,
        revision: i64,
    ) -> Result<Vec<InputRecord>, Error> {
        load_inputs_after(&mut *self.conn()?, id, revision)
    }
}

pub(crate) fn load_inputs(conn: &mut AnyConnection, id: Uuid) -> Result<Vec<InputRecord>, Error> {
    load_inputs_after(conn, id, 0)
}

fn load_inputs_after(
    conn: &mut AnyConnection,
    id: Uuid,
    after_seq: i64,
) -> Result<Vec<InputRecord>, Error> {
    moves::table
        .filter(moves::game_id.eq(id.to_string()))
        .filter(moves::seq.gt(after_seq))
        .order(moves::seq.asc())
        .select((
            moves::seq,
            moves::public_version,
            moves::input,
            moves::applied_at,
        ))
        .load::<(i64, i64, String, i64)>(conn)
        .db()?
        .into_iter()
        .map(|(seq, version, input, now)| {
            Ok(InputRecord {
                seq,
                version,
                input: decode(&input, "input")?,
                now,
            })
        })
        .collect()
}
