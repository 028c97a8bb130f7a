//! Storage of accounts, games, seats, the input log and the event log.
//!
//! The only crate that names Diesel: everything public takes and returns domain types, plain
//! records and [`Error`]. One schema serves PostgreSQL and SQLite through a multi-backend
//! connection; every call blocks, so async callers run it on a blocking pool.

mod accounts;
mod bots;
mod changes;
mod connection;
mod database;
mod durability;
mod error;
mod events;
mod games;
mod idempotency;
mod inbox;
mod invites;
mod json;
mod leases;
mod listen;
mod lobby;
mod models;
mod moves;
mod play;
mod quick_read;
mod records;
mod rematch;
mod schema;
mod seats;
pub mod seeding;
mod snapshot;
pub mod testing;
mod tickets;

pub use changes::{CHANGES_CHANNEL, GameChange, LISTENER_APPLICATION_NAME};
pub use database::{Backend, Database, PoolState};
pub use error::Error;
pub use idempotency::{IdempotencyRecord, NewIdempotencyKey, StoredResponse};
pub use inbox::{InboxCursor, InboxEntry, InboxPage};
pub use invites::Invitation;
pub use leases::UnplayedBotSeat;
pub use listen::ChangeListener;
pub use records::{
    AccountRecord, BotSeat, Commit, CommittedInput, EventRecord, GameFilter, GamePage, GameRecord,
    GameStart, GameStatus, InputRecord, ListingKey, NewAccount, NewGame, NewInvitation, SeatRecord,
    Versions,
};
pub use snapshot::{SNAPSHOT_FORMAT, replay};
pub use tickets::StreamTicket;
