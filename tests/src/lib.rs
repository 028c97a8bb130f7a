//! Black-box test support: a real server on a random port with a fresh database, and typed
//! helpers over HTTP. Every scenario is a test per backend ([`per_backend!`]): on SQLite, and
//! on PostgreSQL when `CARDTABLE_TEST_POSTGRES_URL` names a server (an admin URL such as
//! `postgres://postgres@127.0.0.1:5432/postgres`; each test gets a fresh database there).
//! Under `CI=true` a missing PostgreSQL URL fails the tests instead of skipping them.
//! Each server runs on a manual clock that the test advances.

#![expect(
    clippy::expect_used,
    reason = "test support: a failed expectation is a failed test"
)]

mod client;
pub mod crash_driver;
mod games;
pub mod json;
mod per_backend;
mod play;
mod process;
mod replay;
mod server;
mod stream;
mod visibility;
pub mod webhook_receiver;

pub use client::{Player, Reply, header};
pub use play::{choose_move, play_random_move};
pub use process::ServerProcess;
pub use replay::{commitment_of, replay, sha256_hex, spectator_view_json, view_json};
pub use server::{Backend, SHARED_TEST_SECRET, TEST_METRICS_TOKEN, TestApp, postgres_backend};
pub use stream::{EventStream, Read, SseMessage, assert_streamed_within, shows_no_more};
pub use visibility::Probe;
