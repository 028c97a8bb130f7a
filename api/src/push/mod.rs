//! Push: one hub per process with the change feed and the cross-process notifier and listener,
//! the event streams per game and per account, and their tickets.

pub mod account_stream;
pub mod change;
pub mod feed;
pub mod game_stream;
pub mod game_tail;
pub mod hub;
pub mod notify;
pub mod session_sweep;
pub mod stream_caps;
pub mod tickets;

pub use hub::{Hub, LiveSettings};
