//! Black-box tests over HTTP: each scenario is a test per backend that starts the real server
//! on a random port with a fresh database, on SQLite and (when configured) on PostgreSQL.

// Scenarios and helpers are plain functions, which `allow-expect-in-tests` does not cover.
#![expect(
    clippy::expect_used,
    reason = "a test states what it expects; a default would hide the failure"
)]

mod accounts;
mod errors;
mod games;
mod intrigue;
mod intrigue_visibility;
mod live_account;
mod live_bots;
mod live_lobby;
mod live_processes;
mod live_streams;
mod live_tickets;
mod service;
mod trade_or_duel;
mod trade_or_duel_leaks;
mod tribute;
mod tribute_visibility;
mod tricky_tribes;
mod tricky_tribes_visibility;
