//! Recording the attempts that ended, inside a worker's turn. Most attempts were delivered: those
//! are recorded a batch per statement (one per outcome time and status code), since a round trip
//! per attempt made a busy turn on PostgreSQL last hundreds of milliseconds. The rest (a retry,
//! a 410, the last failure) go one by one: each may disable its endpoint.

use std::collections::BTreeMap;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text};
use uuid::Uuid;

use super::{Attempt, AttemptResult, DELIVERED, FAILED, PENDING};
use crate::Error;
use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::models::parse_uuid;
use crate::schema::{webhook_deliveries, webhook_endpoints};

const DELIVERED_POSTGRES: &str = "\
UPDATE webhook_deliveries SET attempts = attempts + 1, status = 'delivered',
    next_attempt_at = NULL, delivered_at = $1, last_status = $2, last_error = NULL,
    lease_holder = NULL, lease_until = NULL
WHERE id IN (SELECT jsonb_array_elements_text($3::jsonb)) AND lease_holder = $4
RETURNING id";

const DELIVERED_SQLITE: &str = "\
UPDATE webhook_deliveries SET attempts = attempts + 1, status = 'delivered',
    next_attempt_at = NULL, delivered_at = ?1, last_status = ?2, last_error = NULL,
    lease_holder = NULL, lease_until = NULL
WHERE id IN (SELECT value FROM json_each(?3)) AND lease_holder = ?4
RETURNING id";

/// A success ends a run of failures; most endpoints have none, so most batches write nothing here.
const SUCCEEDED_POSTGRES: &str = "\
UPDATE webhook_endpoints SET failures = 0
WHERE failures <> 0 AND id IN (SELECT jsonb_array_elements_text($1::jsonb))";

const SUCCEEDED_SQLITE: &str = "\
UPDATE webhook_endpoints SET failures = 0
WHERE failures <> 0 AND id IN (SELECT value FROM json_each(?1))";

/// Inside a turn's transaction: the outcome of each attempt in `finished`, in its order.
pub(super) fn attempts(
    conn: &mut AnyConnection,
    holder: &str,
    finished: &[(Uuid, Uuid, Attempt)],
) -> Result<Vec<Option<Option<Uuid>>>, Error> {
    let mut recorded = vec![None; finished.len()];
    // Delivered attempts, by what their rows are set to: the time and the status code.
    let mut delivered: BTreeMap<(i64, Option<i32>), Vec<usize>> = BTreeMap::new();
    for (index, (delivery, endpoint, attempt)) in finished.iter().enumerate() {
        if attempt.result == AttemptResult::Delivered {
            delivered
                .entry((attempt.now, attempt.status_code))
                .or_default()
                .push(index);
        } else {
            recorded[index] = one(conn, *delivery, *endpoint, holder, attempt)?;
        }
    }
    for ((now, status_code), indexes) in delivered {
        let ids: Vec<String> = indexes
            .iter()
            .map(|index| finished[*index].0.to_string())
            .collect();
        let (update, reset) = match conn {
            AnyConnection::Postgresql(_) => (DELIVERED_POSTGRES, SUCCEEDED_POSTGRES),
            AnyConnection::Sqlite(_) => (DELIVERED_SQLITE, SUCCEEDED_SQLITE),
        };
        let held: Vec<String> = diesel::sql_query(update)
            .bind::<BigInt, _>(now)
            .bind::<Nullable<Integer>, _>(status_code)
            .bind::<Text, _>(json_list(&ids))
            .bind::<Text, _>(holder)
            .load::<super::RowId>(conn)
            .db()?
            .into_iter()
            .map(|row| row.id)
            .collect();
        let mut endpoints: Vec<String> = Vec::new();
        for index in indexes {
            let (delivery, endpoint, _) = &finished[index];
            if held.contains(&delivery.to_string()) {
                recorded[index] = Some(None);
                endpoints.push(endpoint.to_string());
            }
        }
        endpoints.sort_unstable();
        endpoints.dedup();
        if !endpoints.is_empty() {
            diesel::sql_query(reset)
                .bind::<Text, _>(json_list(&endpoints))
                .execute(conn)
                .db()?;
        }
    }
    Ok(recorded)
}

/// A list of ids as the JSON array the statements above take as one parameter.
pub(super) fn json_list(ids: &[String]) -> String {
    serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_owned())
}

/// One attempt's outcome (see [`super::TurnDone::recorded`]).
fn one(
    conn: &mut AnyConnection,
    delivery: Uuid,
    endpoint: Uuid,
    holder: &str,
    attempt: &Attempt,
) -> Result<Option<Option<Uuid>>, Error> {
    let delivery_id = delivery.to_string();
    let endpoint_id = endpoint.to_string();
    let (status, next, delivered_at) = match attempt.result {
        AttemptResult::Delivered => (DELIVERED, None, Some(attempt.now)),
        AttemptResult::RetryAt(at) => (PENDING, Some(at), None),
        AttemptResult::GiveUp | AttemptResult::Gone => (FAILED, None, None),
    };
    let updated = diesel::update(
        webhook_deliveries::table
            .filter(webhook_deliveries::id.eq(&delivery_id))
            .filter(webhook_deliveries::lease_holder.eq(holder)),
    )
    .set((
        webhook_deliveries::attempts.eq(webhook_deliveries::attempts + 1),
        webhook_deliveries::status.eq(status),
        webhook_deliveries::next_attempt_at.eq(next),
        webhook_deliveries::delivered_at.eq(delivered_at),
        webhook_deliveries::last_status.eq(attempt.status_code),
        webhook_deliveries::last_error.eq(attempt.error.as_deref()),
        webhook_deliveries::lease_holder.eq(None::<String>),
        webhook_deliveries::lease_until.eq(None::<i64>),
    ))
    .execute(conn)
    .db()?;
    if updated == 0 {
        return Ok(None);
    }
    let endpoint_row = webhook_endpoints::table.filter(webhook_endpoints::id.eq(&endpoint_id));
    if attempt.result == AttemptResult::Delivered {
        diesel::update(endpoint_row.filter(webhook_endpoints::failures.ne(0)))
            .set(webhook_endpoints::failures.eq(0))
            .execute(conn)
            .db()?;
        return Ok(Some(None));
    }
    diesel::update(endpoint_row)
        .set(webhook_endpoints::failures.eq(webhook_endpoints::failures + 1))
        .execute(conn)
        .db()?;
    let reason = match attempt.result {
        AttemptResult::Gone => "gone",
        AttemptResult::GiveUp => "failing",
        _ => return Ok(Some(None)),
    };
    let disabled = diesel::update(endpoint_row.filter(webhook_endpoints::disabled_at.is_null()))
        .set((
            webhook_endpoints::disabled_at.eq(Some(attempt.now)),
            webhook_endpoints::disabled_reason.eq(Some(reason)),
        ))
        .execute(conn)
        .db()?;
    // Nothing more goes to a disabled endpoint: its waiting messages end here.
    diesel::update(
        webhook_deliveries::table
            .filter(webhook_deliveries::endpoint_id.eq(&endpoint_id))
            .filter(webhook_deliveries::status.eq(PENDING)),
    )
    .set((
        webhook_deliveries::status.eq(FAILED),
        webhook_deliveries::next_attempt_at.eq(None::<i64>),
        webhook_deliveries::last_error.eq(Some("endpoint disabled")),
    ))
    .execute(conn)
    .db()?;
    if disabled == 0 {
        return Ok(Some(None));
    }
    let account = webhook_endpoints::table
        .find(&endpoint_id)
        .select(webhook_endpoints::account_id)
        .get_result::<String>(conn)
        .db()?;
    Ok(Some(Some(parse_uuid(&account, "account id")?)))
}
