//! The game service: the one path from a request to the rules and the database.
//! Its functions block (Diesel is synchronous); handlers call them through `web::block`.

mod accounts;
mod bot_seats;
mod games;
mod inbox;
mod invites;
mod known_accounts;
mod lobby;
mod notices;
mod rematch;
mod render;
mod stored_responses;
mod stream_tickets;
mod test_clock;
mod views;

pub use bot_seats::{BotDecision, BotTurn};
pub use games::{VisibleEvent, listing_cursor, seat_of};
pub use notices::{AccountGame, Following, Notice, invitation_in, notices};
pub use render::{options_json, render_game, render_summary, seed_commitment, viewer_of};

use std::sync::Arc;

use persistence::{Backend, Database};

use crate::cache::revisions::RevisionReader;
use crate::clock::Clock;
use crate::metrics::Metrics;
use crate::push::Hub;

/// Shared by every worker; cloning is cheap (a pool handle, a clock handle, a shared recorder
/// and the hub).
#[derive(Clone)]
pub struct GameService {
    db: Database,
    clock: Clock,
    metrics: Arc<Metrics>,
    hub: Hub,
    known: Arc<known_accounts::KnownAccounts>,
    /// PostgreSQL only: reads revisions for the async workers (on SQLite they read at once).
    revisions: Option<Arc<RevisionReader>>,
}

impl GameService {
    pub fn new(db: Database, clock: Clock, hub: Hub) -> Self {
        let revisions = match db.backend() {
            Backend::Postgres => RevisionReader::start(db.clone())
                .inspect_err(|error| {
                    tracing::warn!(%error, "no revision reader: views check on the blocking pool")
                })
                .ok()
                .map(Arc::new),
            Backend::Sqlite => None,
        };
        Self {
            revisions,
            db,
            clock,
            metrics: Arc::new(Metrics::new()),
            hub,
            known: Arc::default(),
        }
    }

    /// The live layer every commit feeds.
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Unix seconds now: the server's only clock reading; the domain receives it as an argument.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }
}

/// Runs blocking service work on the blocking pool, inside the request's tracing span.
pub async fn blocking<T, F>(work: F) -> Result<T, crate::error::ApiError>
where
    F: FnOnce() -> Result<T, crate::error::ApiError> + Send + 'static,
    T: Send + 'static,
{
    let span = tracing::Span::current();
    actix_web::web::block(move || span.in_scope(work)).await?
}
