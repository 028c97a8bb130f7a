//! Pure rules of the Cardtable games.
//!
//! No IO, no clock, no global randomness: every game is a deterministic function of its options,
//! its seed (or explicit setup), the inputs it receives and the `now` the server passes with each.
//! Hidden information leaves a game only through [`Game::view`] and [`Game::event_view`].

mod any;
mod choices;
mod error;
mod game;
mod kind;
mod kind_info;
mod options;
mod outcome;
mod rng;
mod sample;
mod seat;

pub mod games;

pub use any::{
    AnyEvent, AnyEventView, AnyGame, AnyLegalMoves, AnyMove, AnySetup, AnyView, GameKind,
};
pub use choices::MoveChoices;
pub use error::{IllegalMove, SetupError};
pub use game::{Game, Input, Timestamp, advance};
pub use kind_info::{KindInfo, OptionInfo, OptionValues};
pub use options::{OptionMap, OptionValue};
pub use outcome::{Outcome, Placement};
pub use rng::{GameRng, Seed};
pub use sample::{SampleError, SampleFromView};
pub use seat::{Actor, Seat, Viewer};
