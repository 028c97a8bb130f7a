//! The options as viewers see them. The stored `FirstPlayer` is tagged (`{"seat": 2}`); the
//! public shape gives the option as a client sends it: `"random"` or a seat number.

use serde::Serialize;

use super::options::{FirstPlayer, Options};

/// The `first_player` option as given: `"random"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelRandom))]
pub enum RandomFirstPlayer {
    Random,
}

/// The `first_player` option: `"random"` or a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema),
    schema(as = TradeOrDuelFirstPlayerOption)
)]
pub enum FirstPlayerOption {
    /// Drawn with the game's RNG at creation.
    Random(RandomFirstPlayer),
    /// A fixed seat.
    Seat(u8),
}

/// The validated options of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelOptions))]
pub struct OptionsView {
    /// Number of seats (4..9).
    pub players: u8,
    /// Number of regular rounds before the first comparison (1..10).
    pub turns_each: u32,
    /// Who takes the first turn, as the option was given.
    pub first_player: FirstPlayerOption,
    /// Seconds allowed for each decision point; null means no deadline.
    pub deadline_secs: Option<i64>,
}

impl From<&Options> for OptionsView {
    fn from(options: &Options) -> Self {
        OptionsView {
            players: options.players(),
            turns_each: options.turns_each(),
            first_player: match options.first_player() {
                FirstPlayer::Random => FirstPlayerOption::Random(RandomFirstPlayer::Random),
                FirstPlayer::Seat(seat) => FirstPlayerOption::Seat(seat.0),
            },
            deadline_secs: options.deadline_secs(),
        }
    }
}
