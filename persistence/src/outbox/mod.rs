//! The webhook outbox. The commits write notices ([`crate::notices`]); the delivery worker's
//! turns make one delivery row per notice per subscribed endpoint ([`queue`]), claim due rows
//! under a lease (wall-clock milliseconds, like the bot and tick leases; `FOR UPDATE SKIP
//! LOCKED` on PostgreSQL so processes never take the same row), and record each attempt only
//! while its lease is held ([`record`]): one attempt is made by one process, once.

mod queue;
mod record;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::OrDb;
use crate::models::parse_uuid;
use crate::schema::{webhook_deliveries, webhook_endpoints};
use crate::{Database, Error};

pub const PENDING: &str = "pending";
pub const DELIVERED: &str = "delivered";
pub const FAILED: &str = "failed";

/// One delivery as its endpoint's owner sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryRecord {
    pub id: Uuid,
    pub endpoint: Uuid,
    /// The `webhook-id`: the same for a redelivery of one message.
    pub message_id: String,
    pub event_type: String,
    pub payload: String,
    /// `pending`, `delivered` or `failed`.
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: Option<i64>,
    pub last_status: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
}

/// A delivery the caller holds the lease of, with where to send it and the signing secret.
pub struct ClaimedDelivery {
    pub delivery: DeliveryRecord,
    pub account: Uuid,
    pub url: String,
    /// The whole `whsec_…` text; the caller wraps it at once so it reaches no log.
    pub secret: String,
}

impl std::fmt::Debug for ClaimedDelivery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClaimedDelivery")
            .field("delivery", &self.delivery.id)
            .field("url", &self.url)
            .field("secret", &"[redacted]")
            .finish()
    }
}

/// How an attempt ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttemptResult {
    /// 2xx.
    Delivered,
    /// Failed; tried again at this game-clock time.
    RetryAt(i64),
    /// Failed for the last time: the message is given up and the endpoint disabled.
    GiveUp,
    /// 410 Gone: the receiver asks for no more; the endpoint is disabled.
    Gone,
}

/// An attempt's outcome, recorded at the worker's next [`Database::outbox_turn`].
#[derive(Clone, Debug)]
pub struct Attempt {
    pub now: i64,
    pub status_code: Option<i32>,
    pub error: Option<String>,
    pub result: AttemptResult,
}

#[derive(Insertable)]
#[diesel(table_name = webhook_deliveries)]
struct DeliveryRow<'a> {
    id: String,
    endpoint_id: &'a str,
    message_id: &'a str,
    event_type: &'a str,
    payload: &'a str,
    status: &'a str,
    attempts: i32,
    next_attempt_at: Option<i64>,
    created_at: i64,
}

type DeliveryColumns = (
    String,
    String,
    String,
    String,
    String,
    String,
    i32,
    Option<i64>,
    Option<i32>,
    Option<String>,
    i64,
    Option<i64>,
);

const DELIVERY_COLUMNS: (
    webhook_deliveries::id,
    webhook_deliveries::endpoint_id,
    webhook_deliveries::message_id,
    webhook_deliveries::event_type,
    webhook_deliveries::payload,
    webhook_deliveries::status,
    webhook_deliveries::attempts,
    webhook_deliveries::next_attempt_at,
    webhook_deliveries::last_status,
    webhook_deliveries::last_error,
    webhook_deliveries::created_at,
    webhook_deliveries::delivered_at,
) = (
    webhook_deliveries::id,
    webhook_deliveries::endpoint_id,
    webhook_deliveries::message_id,
    webhook_deliveries::event_type,
    webhook_deliveries::payload,
    webhook_deliveries::status,
    webhook_deliveries::attempts,
    webhook_deliveries::next_attempt_at,
    webhook_deliveries::last_status,
    webhook_deliveries::last_error,
    webhook_deliveries::created_at,
    webhook_deliveries::delivered_at,
);

fn delivery_of(row: DeliveryColumns) -> Result<DeliveryRecord, Error> {
    let (
        id,
        endpoint,
        message_id,
        event_type,
        payload,
        status,
        attempts,
        next_attempt_at,
        last_status,
        last_error,
        created_at,
        delivered_at,
    ) = row;
    Ok(DeliveryRecord {
        id: parse_uuid(&id, "delivery id")?,
        endpoint: parse_uuid(&endpoint, "endpoint id")?,
        message_id,
        event_type,
        payload,
        status,
        attempts,
        next_attempt_at,
        last_status,
        last_error,
        created_at,
        delivered_at,
    })
}

/// A new message id: what `webhook-id` carries.
fn message_id() -> String {
    format!("msg_{}", Uuid::new_v4().simple())
}

/// Unix seconds as RFC 3339 UTC.
pub fn rfc3339(secs: i64) -> String {
    chrono::DateTime::from_timestamp(secs, 0)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

fn insert(
    conn: &mut AnyConnection,
    endpoint: &str,
    message: &str,
    event_type: &str,
    payload: &str,
    now: i64,
) -> Result<Uuid, Error> {
    let id = Uuid::new_v4();
    diesel::insert_into(webhook_deliveries::table)
        .values(&DeliveryRow {
            id: id.to_string(),
            endpoint_id: endpoint,
            message_id: message,
            event_type,
            payload,
            status: PENDING,
            attempts: 0,
            next_attempt_at: Some(now),
            created_at: now,
        })
        .execute(conn)
        .db()?;
    Ok(id)
}

const CLAIM_POSTGRES: &str = "\
WITH busy AS (
    SELECT endpoint_id, COUNT(*) AS n FROM webhook_deliveries
    WHERE status = 'pending' AND lease_until >= $2
    GROUP BY endpoint_id
), ranked AS (
    SELECT d.id, d.endpoint_id, d.next_attempt_at,
        ROW_NUMBER() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id) AS r
    FROM webhook_deliveries d
    JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.disabled_at IS NULL
    WHERE d.status = 'pending' AND d.next_attempt_at <= $1
      AND (d.lease_until IS NULL OR d.lease_until < $2)
), picked AS (
    SELECT d.id FROM webhook_deliveries d
    WHERE d.id IN (
        SELECT ranked.id FROM ranked LEFT JOIN busy ON busy.endpoint_id = ranked.endpoint_id
        WHERE ranked.r + COALESCE(busy.n, 0) <= $3
        ORDER BY ranked.next_attempt_at, ranked.id
        LIMIT $4
    )
    FOR UPDATE SKIP LOCKED
)
UPDATE webhook_deliveries SET lease_holder = $5, lease_until = $6
FROM picked
WHERE webhook_deliveries.id = picked.id
  AND webhook_deliveries.status = 'pending'
  AND (webhook_deliveries.lease_until IS NULL OR webhook_deliveries.lease_until < $2)
RETURNING webhook_deliveries.id";

/// SQLite serves one process, and its write transaction already excludes every other writer.
const CLAIM_SQLITE: &str = "\
WITH busy AS (
    SELECT endpoint_id, COUNT(*) AS n FROM webhook_deliveries
    WHERE status = 'pending' AND lease_until >= ?2
    GROUP BY endpoint_id
), ranked AS (
    SELECT d.id, d.endpoint_id, d.next_attempt_at,
        ROW_NUMBER() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id) AS r
    FROM webhook_deliveries d
    JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.disabled_at IS NULL
    WHERE d.status = 'pending' AND d.next_attempt_at <= ?1
      AND (d.lease_until IS NULL OR d.lease_until < ?2)
)
UPDATE webhook_deliveries SET lease_holder = ?5, lease_until = ?6
WHERE id IN (
    SELECT ranked.id FROM ranked LEFT JOIN busy ON busy.endpoint_id = ranked.endpoint_id
    WHERE ranked.r + COALESCE(busy.n, 0) <= ?3
    ORDER BY ranked.next_attempt_at, ranked.id
    LIMIT ?4
)
RETURNING id";

/// A row's id, from a query written in SQL.
#[derive(QueryableByName)]
struct RowId {
    #[diesel(sql_type = Text)]
    id: String,
}

/// A worker's turn at the outbox: the attempts it finished since its last turn, to record,
/// and the claim of the next deliveries.
#[derive(Debug)]
pub struct OutboxTurn<'a> {
    /// The worker: its leases bear this name.
    pub holder: &'a str,
    /// `(delivery, endpoint, outcome)` of each attempt that ended.
    pub finished: &'a [(Uuid, Uuid, Attempt)],
    /// The game clock: deliveries due at or before it are claimed.
    pub now: i64,
    /// Wall-clock milliseconds: leases that ran out before it are taken over.
    pub now_ms: i64,
    /// Until when (wall-clock milliseconds) the new claims hold.
    pub until: i64,
    /// Deliveries in flight per endpoint at most, counting those other holders have out.
    pub per_endpoint: i64,
    /// Deliveries claimed at most.
    pub limit: i64,
}

/// What a turn did: each finished attempt's outcome in order (`None`: the lease was lost
/// meanwhile and nothing was written; `Some(Some(account))`: the attempt disabled the
/// endpoint of that account), the deliveries now claimed, and whether notices were left to
/// queue (the worker then turns again at once).
#[derive(Debug, Default)]
pub struct TurnDone {
    pub recorded: Vec<Option<Option<Uuid>>>,
    pub claimed: Vec<ClaimedDelivery>,
    pub more_to_queue: bool,
}

impl Database {
    /// Records the finished attempts, queues the notices the endpoints have not queued yet
    /// (taking at once the new rows whose endpoint has room), then claims due deliveries, up
    /// to `limit` in all, in one transaction: a busy outbox costs the database one commit per
    /// turn, not one per message. On PostgreSQL that commit does not wait for the disk, and on
    /// SQLite it shares the moves' group commit ([`Database::write_unsynced`]): a power loss
    /// may undo a PostgreSQL turn, and its messages are then queued and sent again under the
    /// same `webhook-id`, as at-least-once delivery allows (the notices themselves were
    /// written, synced, by the commits that made them).
    #[tracing::instrument(skip(self, turn), fields(finished = turn.finished.len()))]
    pub fn outbox_turn(&self, turn: &OutboxTurn<'_>) -> Result<TurnDone, Error> {
        let OutboxTurn {
            holder,
            finished,
            now,
            now_ms,
            until,
            per_endpoint,
            limit,
        } = *turn;
        // A turn with nothing to record looks before it writes: an idle outbox then costs a
        // read, not a write transaction beside the moves'.
        if finished.is_empty() && !self.anything_due(now, now_ms)? && !self.anything_to_queue()? {
            return Ok(TurnDone::default());
        }
        let (recorded, queued, ids) = self.write_unsynced(|conn| {
            let recorded = record::attempts(conn, holder, finished)?;
            let taker = queue::Taker {
                holder,
                now_ms,
                until,
                per_endpoint,
                limit,
            };
            let queued = queue::notices(conn, &taker)?;
            let left = limit.max(0) - i64::try_from(queued.taken.len()).unwrap_or(i64::MAX);
            if left <= 0 {
                return Ok((recorded, queued, Vec::new()));
            }
            let query = match conn {
                AnyConnection::Postgresql(_) => CLAIM_POSTGRES,
                AnyConnection::Sqlite(_) => CLAIM_SQLITE,
            };
            diesel::sql_query(query)
                .bind::<BigInt, _>(now)
                .bind::<BigInt, _>(now_ms)
                .bind::<BigInt, _>(per_endpoint)
                .bind::<BigInt, _>(left)
                .bind::<Text, _>(holder)
                .bind::<BigInt, _>(until)
                .load::<RowId>(conn)
                .db()
                .map(|ids| (recorded, queued, ids))
        })?;
        let queue::Queued {
            more: more_to_queue,
            taken,
        } = queued;
        if ids.is_empty() {
            return Ok(TurnDone {
                recorded,
                claimed: taken,
                more_to_queue,
            });
        }
        let ids: Vec<String> = ids.into_iter().map(|row| row.id).collect();
        let rows = webhook_deliveries::table
            .inner_join(webhook_endpoints::table)
            .filter(webhook_deliveries::id.eq_any(&ids))
            .order((
                webhook_deliveries::next_attempt_at.asc(),
                webhook_deliveries::id.asc(),
            ))
            .select((
                DELIVERY_COLUMNS,
                webhook_endpoints::account_id,
                webhook_endpoints::url,
                webhook_endpoints::secret,
            ))
            .load::<(DeliveryColumns, String, String, String)>(&mut self.conn()?)
            .db()?;
        // The older rows claimed first, then the new ones taken as they were queued.
        let claimed = rows
            .into_iter()
            .map(|(delivery, account, url, secret)| {
                Ok(ClaimedDelivery {
                    delivery: delivery_of(delivery)?,
                    account: parse_uuid(&account, "account id")?,
                    url,
                    secret,
                })
            })
            .chain(taken.into_iter().map(Ok))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(TurnDone {
            recorded,
            claimed,
            more_to_queue,
        })
    }

    /// Whether an active endpoint has a notice to queue.
    fn anything_to_queue(&self) -> Result<bool, Error> {
        let behind = diesel::sql_query(queue::ANY_BEHIND)
            .load::<RowId>(&mut self.conn()?)
            .db()?;
        Ok(!behind.is_empty())
    }

    /// Whether a delivery is due and unclaimed (its endpoint may be disabled: the claim judges).
    fn anything_due(&self, now: i64, now_ms: i64) -> Result<bool, Error> {
        let due = webhook_deliveries::table
            .filter(webhook_deliveries::status.eq(PENDING))
            .filter(webhook_deliveries::next_attempt_at.le(now))
            .filter(
                webhook_deliveries::lease_until
                    .is_null()
                    .or(webhook_deliveries::lease_until.lt(now_ms)),
            )
            .select(webhook_deliveries::id)
            .first::<String>(&mut self.conn()?)
            .optional()
            .db()?;
        Ok(due.is_some())
    }

    /// The endpoint's deliveries, newest first, at most `limit`.
    #[tracing::instrument(skip(self))]
    pub fn deliveries(&self, endpoint: Uuid, limit: i64) -> Result<Vec<DeliveryRecord>, Error> {
        webhook_deliveries::table
            .filter(webhook_deliveries::endpoint_id.eq(endpoint.to_string()))
            .order((
                webhook_deliveries::created_at.desc(),
                webhook_deliveries::id.desc(),
            ))
            .limit(limit.max(0))
            .select(DELIVERY_COLUMNS)
            .load::<DeliveryColumns>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(delivery_of)
            .collect()
    }

    /// One delivery of the endpoint.
    #[tracing::instrument(skip(self))]
    pub fn delivery(&self, endpoint: Uuid, id: Uuid) -> Result<DeliveryRecord, Error> {
        webhook_deliveries::table
            .filter(webhook_deliveries::endpoint_id.eq(endpoint.to_string()))
            .filter(webhook_deliveries::id.eq(id.to_string()))
            .select(DELIVERY_COLUMNS)
            .get_result::<DeliveryColumns>(&mut self.conn()?)
            .optional()
            .db()?
            .ok_or(Error::NotFound)
            .and_then(delivery_of)
    }

    /// Queues a message of `event_type` with `payload` for an endpoint, due at `now`; with
    /// `message`, under that message id (a redelivery), else under a new one.
    #[tracing::instrument(skip(self, payload))]
    pub fn enqueue_delivery(
        &self,
        endpoint: Uuid,
        message: Option<&str>,
        event_type: &str,
        payload: &str,
        now: i64,
    ) -> Result<DeliveryRecord, Error> {
        let endpoint_id = endpoint.to_string();
        let message = message.map_or_else(message_id, str::to_owned);
        let id =
            self.write(|conn| insert(conn, &endpoint_id, &message, event_type, payload, now))?;
        self.delivery(endpoint, id)
    }
}
