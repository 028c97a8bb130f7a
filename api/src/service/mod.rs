//! The game service: the one path from a request to the rules and the database.
//! Its functions block (Diesel is synchronous); handlers call them through `web::block`.

mod account_deletion;
mod account_export;
mod accounts;
mod bot_seats;
mod games;
mod inbox;
mod invites;
mod known_accounts;
mod lobby;
mod matchmaking;
mod notices;
pub mod personal_tokens;
mod ratings;
mod rematch;
mod render;
pub mod session_liveness;
pub mod sessions;
mod stored_responses;
mod stream_tickets;
mod test_clock;
mod usernames;
mod views;
mod webhooks;

pub use bot_seats::{BotDecision, BotTurn};
pub use games::{VisibleEvent, listing_cursor, seat_of};
pub use matchmaking::TICKET_EXPIRY_SECS;
pub use notices::{AccountGame, Following, Notice, invitation_in, notices};
pub use ratings::{leaderboard_cursor, rating_of};
pub use render::{options_json, render_game, render_summary, seed_commitment, viewer_of};
pub use usernames::canonical as canonical_username;

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
    /// Wakes this process's bot runner when seats were handed to bots outside a game's start
    /// (an account's deletion), so it takes them up at once rather than at its next scan.
    bot_seats_added: Arc<tokio::sync::Notify>,
    /// PostgreSQL only: reads revisions for the async workers (on SQLite they read at once).
    revisions: Option<Arc<RevisionReader>>,
    /// Rated games before a rating stops being provisional (see [`ladder::PROVISIONAL_GAMES`]).
    provisional_games: u32,
    /// Which sessions are alive, and the streams to end when one ends.
    session_liveness: Arc<session_liveness::SessionLiveness>,
    /// Personal access tokens looked up within the last second.
    personal_tokens: personal_tokens::TokenLookups,
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
            bot_seats_added: Arc::default(),
            provisional_games: ladder::PROVISIONAL_GAMES,
            session_liveness: Arc::default(),
            personal_tokens: personal_tokens::TokenLookups::default(),
        }
    }

    /// The same service trusting a reading of a session's liveness for `alive_for` (a setting:
    /// how soon a sign-out in another process reaches this one).
    #[must_use]
    pub fn with_session_recheck(mut self, alive_for: std::time::Duration) -> Self {
        self.session_liveness = Arc::new(session_liveness::SessionLiveness::new(alive_for));
        self
    }

    /// The same service with another provisional threshold (a setting; tests lower it).
    #[must_use]
    pub fn with_provisional_games(mut self, games: u32) -> Self {
        self.provisional_games = games;
        self
    }

    /// The live layer every commit feeds.
    pub fn hub(&self) -> &Hub {
        &self.hub
    }

    pub fn personal_token_lookups(&self) -> &personal_tokens::TokenLookups {
        &self.personal_tokens
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    pub fn session_liveness(&self) -> &Arc<session_liveness::SessionLiveness> {
        &self.session_liveness
    }

    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// Notified when bot seats were added to games in play (see `bot_runner`).
    pub fn bot_seats_added(&self) -> &tokio::sync::Notify {
        &self.bot_seats_added
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
