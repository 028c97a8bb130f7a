//! Black-box test support: a real server on a random port with a fresh database, and typed
//! helpers over HTTP. Every test runs on SQLite, and on PostgreSQL when
//! `CARDTABLE_TEST_POSTGRES_URL` names a server (an admin URL such as
//! `postgres://postgres@127.0.0.1:5432/postgres`; each test gets a fresh database there).
//! Under `CI=true` a missing PostgreSQL URL fails the tests instead of skipping them.

mod client;
mod replay;
mod server;

pub use client::{Player, Reply};
pub use replay::{replay, sha256_hex, spectator_view_json};
pub use server::{Backend, TestApp, backends};
