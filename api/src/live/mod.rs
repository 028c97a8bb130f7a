//! The live layer: one hub per process with the game cache, the change feed, the cross-process notifier and
//! listener, event streams per game and per account, and their tickets.

pub mod account_stream;
pub mod bots;
pub mod cache;
pub mod feed;
pub mod hub;
pub mod notify;
pub mod revisions;
pub mod stream;
pub mod tickets;

pub use hub::{Hub, LiveSettings};
