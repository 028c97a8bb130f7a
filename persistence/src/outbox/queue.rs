//! Queueing notices, inside a worker's turn: a delivery row for each notice an active endpoint
//! subscribed to and has not queued yet, and each endpoint's mark (`notices_through`) moved past
//! every notice read. A commit writes only its notices, so what a move costs does not grow with
//! its accounts' endpoints; the worker makes the rows of many commits in a few statements.
//!
//! A new row whose endpoint has room for another attempt in flight is inserted leased to the
//! worker and handed to it from what the turn already read: the claim that follows neither
//! updates it nor reads it back (that update and read were about half a busy turn's work).
//!
//! Notices are numbered per account in commit order (the counter row stays locked to the end of
//! the transaction that bumps it), so a number above an endpoint's mark is one not yet queued,
//! never one skipped by a commit still under way.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text};
use serde_json::json;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::record::json_list;
use super::{ClaimedDelivery, DeliveryRecord, PENDING, rfc3339};
use crate::Error;
use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::models::parse_uuid;
use crate::webhooks::split_events;

/// Endpoints caught up in one turn at most, and notice rows read in one turn at most.
const QUEUE_ENDPOINTS: usize = 256;
const QUEUE_ROWS: usize = 1024;

/// Whether any active endpoint has a notice to queue: a read, so an idle turn writes nothing.
pub(super) const ANY_BEHIND: &str = "\
SELECT e.id FROM webhook_endpoints e
WHERE e.disabled_at IS NULL
  AND EXISTS (SELECT 1 FROM notices n WHERE n.account_id = e.account_id AND n.notice > e.notices_through)
LIMIT 1";

/// The endpoints with notices to queue. On PostgreSQL each is locked to the end of the turn and
/// one that another process holds is passed over: two processes never queue one notice for one
/// endpoint twice.
const BEHIND_POSTGRES: &str = "\
SELECT e.id FROM webhook_endpoints e
WHERE e.disabled_at IS NULL
  AND EXISTS (SELECT 1 FROM notices n WHERE n.account_id = e.account_id AND n.notice > e.notices_through)
ORDER BY e.id
LIMIT $1
FOR UPDATE SKIP LOCKED";

/// SQLite serves one process, and its write transaction already excludes every other writer.
const BEHIND_SQLITE: &str = "\
SELECT e.id FROM webhook_endpoints e
WHERE e.disabled_at IS NULL
  AND EXISTS (SELECT 1 FROM notices n WHERE n.account_id = e.account_id AND n.notice > e.notices_through)
ORDER BY e.id
LIMIT ?1";

/// The notices above the marks of the endpoints listed (a JSON array of ids), endpoint by
/// endpoint, oldest first.
const UNQUEUED_POSTGRES: &str = "\
SELECT e.id AS endpoint_id, e.events, e.url, e.secret, n.account_id, n.notice,
    n.type AS notice_type, n.game_id, n.kind, n.version, n.seat, n.deadline_at, n.created_at
FROM webhook_endpoints e
JOIN notices n ON n.account_id = e.account_id AND n.notice > e.notices_through
WHERE e.id IN (SELECT jsonb_array_elements_text($1::jsonb))
ORDER BY e.id, n.notice
LIMIT $2";

const UNQUEUED_SQLITE: &str = "\
SELECT e.id AS endpoint_id, e.events, e.url, e.secret, n.account_id, n.notice,
    n.type AS notice_type, n.game_id, n.kind, n.version, n.seat, n.deadline_at, n.created_at
FROM webhook_endpoints e
JOIN notices n ON n.account_id = e.account_id AND n.notice > e.notices_through
WHERE e.id IN (SELECT value FROM json_each(?1))
ORDER BY e.id, n.notice
LIMIT ?2";

/// Deliveries in flight (leased, by any process) per endpoint listed (a JSON array of ids).
const IN_FLIGHT_POSTGRES: &str = "\
SELECT endpoint_id AS id, COUNT(*) AS n FROM webhook_deliveries
WHERE status = 'pending' AND lease_until >= $1
  AND endpoint_id IN (SELECT jsonb_array_elements_text($2::jsonb))
GROUP BY endpoint_id";

const IN_FLIGHT_SQLITE: &str = "\
SELECT endpoint_id AS id, COUNT(*) AS n FROM webhook_deliveries
WHERE status = 'pending' AND lease_until >= ?1
  AND endpoint_id IN (SELECT value FROM json_each(?2))
GROUP BY endpoint_id";

/// The new delivery rows, from a JSON array of
/// `[id, endpoint, message, type, payload, due, lease holder, lease until]`, each due when its
/// notice was made (the lease is null for a row left to a later claim).
const INSERT_POSTGRES: &str = "\
INSERT INTO webhook_deliveries
    (id, endpoint_id, message_id, type, payload, status, attempts, next_attempt_at, created_at,
     lease_holder, lease_until)
SELECT r ->> 0, r ->> 1, r ->> 2, r ->> 3, r ->> 4, 'pending', 0, (r ->> 5)::bigint, (r ->> 5)::bigint,
    r ->> 6, (r ->> 7)::bigint
FROM jsonb_array_elements($1::jsonb) AS r";

const INSERT_SQLITE: &str = "\
INSERT INTO webhook_deliveries
    (id, endpoint_id, message_id, type, payload, status, attempts, next_attempt_at, created_at,
     lease_holder, lease_until)
SELECT json_extract(r.value, '$[0]'), json_extract(r.value, '$[1]'), json_extract(r.value, '$[2]'),
    json_extract(r.value, '$[3]'), json_extract(r.value, '$[4]'), 'pending', 0,
    json_extract(r.value, '$[5]'), json_extract(r.value, '$[5]'),
    json_extract(r.value, '$[6]'), json_extract(r.value, '$[7]')
FROM json_each(?1) AS r";

/// Each endpoint's new mark, from a JSON array of `[id, mark]` pairs.
const MARKS_POSTGRES: &str = "\
UPDATE webhook_endpoints SET notices_through = (pair ->> 1)::bigint
FROM jsonb_array_elements($1::jsonb) AS pair
WHERE webhook_endpoints.id = pair ->> 0";

const MARKS_SQLITE: &str = "\
UPDATE webhook_endpoints SET notices_through = json_extract(pair.value, '$[1]')
FROM json_each(?1) AS pair
WHERE webhook_endpoints.id = json_extract(pair.value, '$[0]')";

#[derive(QueryableByName)]
struct Unqueued {
    #[diesel(sql_type = Text)]
    endpoint_id: String,
    #[diesel(sql_type = Text)]
    events: String,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret: String,
    #[diesel(sql_type = Text)]
    account_id: String,
    #[diesel(sql_type = BigInt)]
    notice: i64,
    #[diesel(sql_type = Text)]
    notice_type: String,
    #[diesel(sql_type = Text)]
    game_id: String,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    version: i64,
    #[diesel(sql_type = Integer)]
    seat: i32,
    #[diesel(sql_type = Nullable<BigInt>)]
    deadline_at: Option<i64>,
    #[diesel(sql_type = BigInt)]
    created_at: i64,
}

#[derive(QueryableByName)]
struct InFlight {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Who takes the new rows that have room, as the claim would: the worker's name, the
/// wall-clock milliseconds its lease is judged at and runs to, the bound per endpoint and how
/// many rows it takes in all.
pub(super) struct Taker<'a> {
    pub holder: &'a str,
    pub now_ms: i64,
    pub until: i64,
    pub per_endpoint: i64,
    pub limit: i64,
}

/// What a turn's queueing did: whether notices were left for the next turn, and the new rows
/// leased to the worker.
pub(super) struct Queued {
    pub more: bool,
    pub taken: Vec<ClaimedDelivery>,
}

/// A count as SQL binds it.
fn sql_count(count: usize) -> i64 {
    i64::try_from(count).unwrap_or(i64::MAX)
}

/// The `webhook-id` of a notice: the same for every endpoint and every time the notice is
/// queued (a turn undone by a power loss queues it again), so a receiver that saw it can drop it.
fn message_id(account: &str, notice: i64) -> String {
    let digest = Sha256::new()
        .chain_update(b"cardtable notice ")
        .chain_update(account.as_bytes())
        .chain_update(b" ")
        .chain_update(notice.to_string().as_bytes())
        .finalize();
    format!("msg_{}", hex::encode(&digest[..16]))
}

/// What a notice's delivery says: only what the notice says.
fn payload(row: &Unqueued) -> String {
    json!({
        "type": row.notice_type,
        "timestamp": rfc3339(row.created_at),
        "data": {
            "notice": row.notice,
            "game_id": row.game_id,
            "kind": row.kind,
            "version": row.version,
            "seat": row.seat,
            "deadline_at": row.deadline_at,
        },
    })
    .to_string()
}

/// Queues what is waiting, at most a turn's worth, leasing to `taker` the new rows whose
/// endpoint has room.
pub(super) fn notices(conn: &mut AnyConnection, taker: &Taker<'_>) -> Result<Queued, Error> {
    let postgres = matches!(conn, AnyConnection::Postgresql(_));
    let pick = |postgres_sql, sqlite_sql| if postgres { postgres_sql } else { sqlite_sql };
    let behind = pick(BEHIND_POSTGRES, BEHIND_SQLITE);
    let unqueued = pick(UNQUEUED_POSTGRES, UNQUEUED_SQLITE);
    // One more than a turn takes, to know whether any is left.
    let mut endpoints: Vec<String> = diesel::sql_query(behind)
        .bind::<BigInt, _>(sql_count(QUEUE_ENDPOINTS + 1))
        .load::<super::RowId>(conn)
        .db()?
        .into_iter()
        .map(|row| row.id)
        .collect();
    if endpoints.is_empty() {
        return Ok(Queued {
            more: false,
            taken: Vec::new(),
        });
    }
    let mut more = endpoints.len() > QUEUE_ENDPOINTS;
    endpoints.truncate(QUEUE_ENDPOINTS);
    let listed = json_list(&endpoints);
    let mut rows = diesel::sql_query(unqueued)
        .bind::<Text, _>(&listed)
        .bind::<BigInt, _>(sql_count(QUEUE_ROWS + 1))
        .load::<Unqueued>(conn)
        .db()?;
    // The rows come endpoint by endpoint, oldest first: a cut leaves each endpoint a prefix
    // read, and its mark moves to the last notice of that prefix.
    more |= rows.len() > QUEUE_ROWS;
    rows.truncate(QUEUE_ROWS);
    // Room per endpoint: the bound less what is in flight already, by any process.
    let mut room: HashMap<String, i64> =
        diesel::sql_query(pick(IN_FLIGHT_POSTGRES, IN_FLIGHT_SQLITE))
            .bind::<BigInt, _>(taker.now_ms)
            .bind::<Text, _>(&listed)
            .load::<InFlight>(conn)
            .db()?
            .into_iter()
            .map(|row| (row.id, taker.per_endpoint - row.n))
            .collect();
    let mut left_to_take = taker.limit.max(0);
    let mut new_marks: Vec<(String, i64)> = Vec::new();
    let mut subscribed: HashMap<&str, Vec<String>> = HashMap::new();
    let mut queued = Vec::new();
    let mut taken = Vec::new();
    for row in &rows {
        match new_marks.last_mut() {
            Some((endpoint, mark)) if *endpoint == row.endpoint_id => *mark = row.notice,
            _ => new_marks.push((row.endpoint_id.clone(), row.notice)),
        }
        let events = subscribed
            .entry(&row.endpoint_id)
            .or_insert_with(|| split_events(&row.events));
        if !events.contains(&row.notice_type) {
            continue;
        }
        // Time-ordered: a turn's rows land side by side in the id index, not on as many
        // pages as there are rows.
        let id = Uuid::now_v7();
        let delivery = DeliveryRecord {
            id,
            endpoint: parse_uuid(&row.endpoint_id, "endpoint id")?,
            message_id: message_id(&row.account_id, row.notice),
            event_type: row.notice_type.clone(),
            payload: payload(row),
            status: PENDING.to_owned(),
            attempts: 0,
            next_attempt_at: Some(row.created_at),
            last_status: None,
            last_error: None,
            created_at: row.created_at,
            delivered_at: None,
        };
        let room = room
            .entry(row.endpoint_id.clone())
            .or_insert(taker.per_endpoint);
        let take = *room > 0 && left_to_take > 0;
        if take {
            *room -= 1;
            left_to_take -= 1;
        }
        let (lease_holder, lease_until) = take.then_some((taker.holder, taker.until)).unzip();
        queued.push(json!([
            id.to_string(),
            row.endpoint_id,
            delivery.message_id,
            row.notice_type,
            delivery.payload,
            row.created_at,
            lease_holder,
            lease_until,
        ]));
        if take {
            taken.push(ClaimedDelivery {
                delivery,
                account: parse_uuid(&row.account_id, "account id")?,
                url: row.url.clone(),
                secret: row.secret.clone(),
            });
        }
    }
    if !queued.is_empty() {
        diesel::sql_query(pick(INSERT_POSTGRES, INSERT_SQLITE))
            .bind::<Text, _>(serde_json::Value::from(queued).to_string())
            .execute(conn)
            .db()?;
    }
    let pairs = serde_json::Value::from(
        new_marks
            .into_iter()
            .map(|(endpoint, mark)| json!([endpoint, mark]))
            .collect::<Vec<_>>(),
    )
    .to_string();
    diesel::sql_query(pick(MARKS_POSTGRES, MARKS_SQLITE))
        .bind::<Text, _>(pairs)
        .execute(conn)
        .db()?;
    Ok(Queued { more, taken })
}

#[cfg(test)]
mod tests {
    use super::message_id;

    #[test]
    fn a_notice_keeps_its_message_id_and_no_two_notices_share_one() {
        let account = "6f1c2a0e-8d1b-4c55-9a7e-0d5b2f6c9e11";
        let first = message_id(account, 7);
        assert_eq!(first, message_id(account, 7));
        assert_ne!(first, message_id(account, 8));
        assert_ne!(first, message_id("0c7e1d55-2b9a-4f0e-8e3d-6a1b9c2d4e77", 7));
        let hex = first.strip_prefix("msg_").unwrap_or_default();
        assert_eq!(hex.len(), 32, "{first}");
        assert!(hex.bytes().all(|byte| byte.is_ascii_hexdigit()), "{first}");
    }
}
