//! Storage of accounts, games, seats, the input log and the event log.
//!
//! The only crate that names Diesel: everything public takes and returns domain types, plain
//! records and [`Error`]. One schema serves PostgreSQL and SQLite through a multi-backend
//! connection; every call blocks, so async callers run it on a blocking pool.

mod account_deletion;
mod account_export;
mod accounts;
mod bots;
mod changes;
mod commit_postgres;
mod connection;
mod database;
mod durability;
mod error;
mod events;
mod games;
mod group_commit;
mod idempotency;
mod inbox;
mod invites;
mod json;
mod leases;
mod listen;
mod lobby;
mod matchmaking;
mod models;
mod moves;
mod notices;
mod outbox;
mod personal_tokens;
mod play;
mod quick_read;
mod ratings;
mod records;
mod rematch;
mod schema;
mod seats;
pub mod seeding;
mod sessions;
mod snapshot;
pub mod testing;
mod tickets;
mod webhooks;

pub use account_deletion::AccountDeletion;
pub use account_export::{ExportedGame, ExportedTicket};
pub use accounts::UnfilledUsername;
pub use changes::{Announcement, CHANGES_CHANNEL, GameChange, LISTENER_APPLICATION_NAME};
pub use database::{Backend, Database, PoolState};
pub use error::Error;
pub use group_commit::WriterTurn;
pub use idempotency::{IdempotencyRecord, NewIdempotencyKey, StoredResponse};
pub use inbox::{InboxCursor, InboxEntry, InboxPage};
pub use invites::Invitation;
pub use leases::UnplayedBotSeat;
pub use listen::ChangeListener;
pub use matchmaking::{
    MatchPass, MatchedGame, NewTicket, PlannedGame, TicketRecord, TicketStatus, WaitingTicket,
};
pub use models::DELETED_ACCOUNT_NAME;
pub use notices::{
    GAME_CANCELLED, GAME_FINISHED, GAME_STARTED, NOTICE_TYPES, NoticeRecord, YOUR_TURN,
};
pub use outbox::{
    Attempt, AttemptResult, ClaimedDelivery, DeliveryRecord, OutboxTurn, TurnDone, rfc3339,
};
pub use personal_tokens::{NewPersonalToken, PersonalTokenRecord};
pub use ratings::{
    BOT_PASSWORD_HASH, BOT_USERNAME_PREFIX, LeaderboardEntry, LeaderboardKey, LeaderboardPage,
    RatedAccount, RatingDifference, RatingRecord, RatingsReplay,
};
pub use records::{
    AccountRecord, BotSeat, Commit, CommittedInput, EventRecord, GameFilter, GamePage, GameRecord,
    GameStart, GameStatus, InputRecord, ListingKey, NewAccount, NewGame, NewInvitation, SeatRecord,
    Summary, UsernameForms, Versions,
};
pub use sessions::{NewSession, Rotation, SessionRecord, StoredRefreshToken};
pub use snapshot::{SNAPSHOT_FORMAT, replay};
pub use tickets::StreamTicket;
pub use webhooks::{EndpointRecord, NewEndpoint};
