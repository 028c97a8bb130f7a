//! An account's webhook endpoints: where its notices are sent, which types, and the secret
//! they are signed with. The secret is stored as given (it must be usable to sign) and is read
//! back only by the delivery worker; listings never carry it.

use diesel::prelude::*;
use uuid::Uuid;

use crate::error::OrDb;
use crate::models::parse_uuid;
use crate::schema::webhook_endpoints;
use crate::{Database, Error};

/// An endpoint as its owner sees it (no secret).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndpointRecord {
    pub id: Uuid,
    pub account: Uuid,
    pub url: String,
    pub events: Vec<String>,
    pub created_at: i64,
    pub disabled_at: Option<i64>,
    pub disabled_reason: Option<String>,
    /// Attempts failed in a row since the last success.
    pub failures: i32,
}

/// A new endpoint; `secret` is the whole `whsec_…` text.
pub struct NewEndpoint<'a> {
    pub id: Uuid,
    pub account: Uuid,
    pub url: &'a str,
    pub events: &'a [String],
    pub secret: &'a str,
    pub now: i64,
}

#[derive(Insertable)]
#[diesel(table_name = webhook_endpoints)]
struct EndpointRow<'a> {
    id: String,
    account_id: String,
    url: &'a str,
    events: String,
    secret: &'a str,
    created_at: i64,
    failures: i32,
    notices_through: i64,
}

type EndpointColumns = (
    String,
    String,
    String,
    String,
    i64,
    Option<i64>,
    Option<String>,
    i32,
);

pub(crate) type EndpointSelection = (
    webhook_endpoints::id,
    webhook_endpoints::account_id,
    webhook_endpoints::url,
    webhook_endpoints::events,
    webhook_endpoints::created_at,
    webhook_endpoints::disabled_at,
    webhook_endpoints::disabled_reason,
    webhook_endpoints::failures,
);

pub(crate) const ENDPOINT_COLUMNS: EndpointSelection = (
    webhook_endpoints::id,
    webhook_endpoints::account_id,
    webhook_endpoints::url,
    webhook_endpoints::events,
    webhook_endpoints::created_at,
    webhook_endpoints::disabled_at,
    webhook_endpoints::disabled_reason,
    webhook_endpoints::failures,
);

/// Stored as one comma-separated text (the portable schema has no arrays).
pub(crate) fn split_events(events: &str) -> Vec<String> {
    events
        .split(',')
        .filter(|event| !event.is_empty())
        .map(str::to_owned)
        .collect()
}

fn endpoint_of(row: EndpointColumns) -> Result<EndpointRecord, Error> {
    let (id, account, url, events, created_at, disabled_at, disabled_reason, failures) = row;
    Ok(EndpointRecord {
        id: parse_uuid(&id, "endpoint id")?,
        account: parse_uuid(&account, "account id")?,
        url,
        events: split_events(&events),
        created_at,
        disabled_at,
        disabled_reason,
        failures,
    })
}

impl Database {
    /// Stores a new endpoint unless the account has `max` already (`Conflict("too_many_webhooks")`).
    #[tracing::instrument(skip_all, fields(account = %endpoint.account))]
    pub fn create_endpoint(
        &self,
        endpoint: &NewEndpoint<'_>,
        max: i64,
    ) -> Result<EndpointRecord, Error> {
        let account = endpoint.account.to_string();
        self.write(|conn| {
            let count: i64 = webhook_endpoints::table
                .filter(webhook_endpoints::account_id.eq(&account))
                .count()
                .get_result(conn)
                .db()?;
            if count >= max {
                return Err(Error::Conflict("too_many_webhooks"));
            }
            // The endpoint hears of what happens from now on: the worker queues the notices
            // numbered above this mark.
            let notices_through = crate::notices::last_number(conn, &account)?;
            diesel::insert_into(webhook_endpoints::table)
                .values(&EndpointRow {
                    id: endpoint.id.to_string(),
                    account_id: account.clone(),
                    url: endpoint.url,
                    events: endpoint.events.join(","),
                    secret: endpoint.secret,
                    created_at: endpoint.now,
                    failures: 0,
                    notices_through,
                })
                .execute(conn)
                .db()?;
            Ok(())
        })?;
        self.endpoint(endpoint.account, endpoint.id)
    }

    /// The account's endpoints, oldest first.
    #[tracing::instrument(skip(self))]
    pub fn endpoints(&self, account: Uuid) -> Result<Vec<EndpointRecord>, Error> {
        webhook_endpoints::table
            .filter(webhook_endpoints::account_id.eq(account.to_string()))
            .order((
                webhook_endpoints::created_at.asc(),
                webhook_endpoints::id.asc(),
            ))
            .select(ENDPOINT_COLUMNS)
            .load::<EndpointColumns>(&mut self.conn()?)
            .db()?
            .into_iter()
            .map(endpoint_of)
            .collect()
    }

    /// One of the account's endpoints; `NotFound` for another account's.
    #[tracing::instrument(skip(self))]
    pub fn endpoint(&self, account: Uuid, id: Uuid) -> Result<EndpointRecord, Error> {
        webhook_endpoints::table
            .filter(webhook_endpoints::id.eq(id.to_string()))
            .filter(webhook_endpoints::account_id.eq(account.to_string()))
            .select(ENDPOINT_COLUMNS)
            .get_result::<EndpointColumns>(&mut self.conn()?)
            .optional()
            .db()?
            .ok_or(Error::NotFound)
            .and_then(endpoint_of)
    }

    /// Deletes one of the account's endpoints and its deliveries.
    #[tracing::instrument(skip(self))]
    pub fn delete_endpoint(&self, account: Uuid, id: Uuid) -> Result<(), Error> {
        let deleted = self.write(|conn| {
            diesel::delete(
                crate::schema::webhook_deliveries::table
                    .filter(crate::schema::webhook_deliveries::endpoint_id.eq(id.to_string())),
            )
            .filter(
                crate::schema::webhook_deliveries::endpoint_id.eq_any(
                    webhook_endpoints::table
                        .filter(webhook_endpoints::account_id.eq(account.to_string()))
                        .select(webhook_endpoints::id),
                ),
            )
            .execute(conn)
            .db()?;
            diesel::delete(
                webhook_endpoints::table
                    .filter(webhook_endpoints::id.eq(id.to_string()))
                    .filter(webhook_endpoints::account_id.eq(account.to_string())),
            )
            .execute(conn)
            .db()
        })?;
        if deleted == 0 {
            return Err(Error::NotFound);
        }
        Ok(())
    }
}
