//! Black-box tests over HTTP: each test starts the real server on a random port with a fresh
//! database, on SQLite and (when configured) on PostgreSQL.

mod accounts;
mod errors;
mod games;
mod intrigue;
mod intrigue_visibility;
mod service;
mod trade_or_duel;
mod trade_or_duel_leaks;
mod tribute;
mod tribute_visibility;
mod tricky_tribes;
mod tricky_tribes_visibility;
