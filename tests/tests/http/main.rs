//! Black-box tests over HTTP: each scenario is a test per backend that starts the real server
//! on a random port with a fresh database, on SQLite and (when configured) on PostgreSQL.

// Scenarios and helpers are plain functions, which `allow-expect-in-tests` does not cover.
#![expect(
    clippy::expect_used,
    reason = "a test states what it expects; a default would hide the failure"
)]

/// For the scenarios that start their own server (`async fn name(backend: &Backend)`): one
/// test per backend, `name::sqlite` and `name::postgres`, as [`blackbox::per_backend!`] makes
/// for scenarios that take a ready server.
macro_rules! on_every_backend {
    ($($scenario:ident),+ $(,)?) => {$(
        mod $scenario {
            #[tokio::test]
            async fn sqlite() {
                super::$scenario(&blackbox::Backend::Sqlite).await;
            }

            #[tokio::test]
            async fn postgres() {
                if let Some(backend) = blackbox::postgres_backend() {
                    super::$scenario(&backend).await;
                }
            }
        }
    )+};
}

mod account_deletion;
mod accounts;
mod authorization;
mod errors;
mod export;
mod games;
mod hot_path;
mod idempotency;
mod inbox;
mod intrigue;
mod intrigue_private_parts;
mod intrigue_visibility;
mod invites;
mod limits;
mod live_account;
mod live_bots;
mod live_cache;
mod live_limits;
mod live_lobby;
mod live_processes;
mod live_streams;
mod live_tickets;
mod login_budget;
mod matchmaking;
mod operations;
mod personal_tokens;
mod playground;
mod ratings;
mod rematch;
mod scopes;
mod secret_submissions;
mod seed_commitments;
mod service;
mod sessions;
mod shutdown;
mod slow_clients;
mod snapshots;
mod test_clock;
mod tls;
mod tokens;
mod trade_or_duel;
mod trade_or_duel_leaks;
mod tribute;
mod tribute_visibility;
mod tricky_tribes;
mod tricky_tribes_visibility;
mod usernames;
mod webhooks;
