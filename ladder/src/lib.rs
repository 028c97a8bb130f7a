//! The ladder's pure decisions: how a finished game moves its players' ratings, and which
//! waiting quick-match tickets make a game. Nothing here reads a clock, a database or the
//! network: the time is an argument, so every decision can be replayed and property-tested.

pub mod accounts;
pub mod pairing;
pub mod rating;

pub use accounts::{SeatResult, rate_players};
pub use pairing::{Match, PairingSettings, Ticket, pair, window};
pub use rating::{Finisher, PROVISIONAL_GAMES, RatingError, Skill, rate};
