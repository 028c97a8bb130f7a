use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::json::decode;
use crate::schema::events;
use crate::{Database, Error, EventRecord};

impl Database {
    /// Up to `limit` events with seq > `after_seq`, ascending. An unknown game has none.
    #[tracing::instrument(skip(self))]
    pub fn events(&self, id: Uuid, after_seq: i64, limit: i64) -> Result<Vec<EventRecord>, Error> {
        events::table
            .filter(events::game_id.eq(id.to_string()))
            .filter(events::seq.gt(after_seq))
            .order(events::seq.asc())
            .limit(limit.max(0))
            .select((
                events::seq,
                events::move_seq,
                events::public_version,
                events::event,
            ))
            .load::<(i64, i64, i64, String)>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(|(seq, move_seq, version, event)| {
                Ok(EventRecord {
                    seq,
                    move_seq,
                    version,
                    event: decode(&event, "event")?,
                })
            })
            .collect()
    }
}
