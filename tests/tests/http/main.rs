//! Black-box tests over HTTP: each scenario is a test per backend that starts the real server
//! on a random port with a fresh database, on SQLite and (when configured) on PostgreSQL.

// Scenarios and helpers are plain functions, which `allow-expect-in-tests` does not cover.
#![expect(
    clippy::expect_used,
    reason = "a test states what it expects; a default would hide the failure"
)]

/// One test per scenario, each running the scenario (an `async fn(&Backend)` of the module) on
/// every backend.
macro_rules! on_every_backend {
    ($($scenario:ident),+ $(,)?) => {
        mod on_every_backend {
            $(
                #[tokio::test]
                async fn $scenario() {
                    for backend in blackbox::backends() {
                        super::$scenario(&backend).await;
                    }
                }
            )+
        }
    };
}

mod accounts;
mod authorization;
mod errors;
mod games;
mod idempotency;
mod intrigue;
mod intrigue_visibility;
mod limits;
mod operations;
mod service;
mod shutdown;
mod snapshots;
mod tls;
mod tokens;
mod trade_or_duel;
mod trade_or_duel_leaks;
mod tribute;
mod tribute_visibility;
mod tricky_tribes;
mod tricky_tribes_visibility;
