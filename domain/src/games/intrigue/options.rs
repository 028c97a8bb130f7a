//! Creation options and their checks.

use serde::{Deserialize, Serialize};

use crate::{
    GameKind, KindInfo, OptionInfo, OptionMap, OptionValue, OptionValues, Seat, SetupError,
};

pub const PLAYERS: u8 = 3;
const DEFAULT_HAND_SIZE: i64 = 5;
const DEFAULT_ROUNDS: i64 = 3;
const DEFAULT_STARTING_POINTS: i64 = 3;
const KEYS: [&str; 5] = [
    "hand_size",
    "rounds",
    "starting_points",
    "deadline_secs",
    "first_player",
];

/// Validated options of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    hand_size: usize,
    rounds: u32,
    starting_points: i64,
    deadline_secs: Option<i64>,
    first_player: Option<Seat>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            hand_size: DEFAULT_HAND_SIZE as usize,
            rounds: DEFAULT_ROUNDS as u32,
            starting_points: DEFAULT_STARTING_POINTS,
            deadline_secs: None,
            first_player: None,
        }
    }
}

impl Options {
    pub fn hand_size(&self) -> usize {
        self.hand_size
    }

    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    pub fn starting_points(&self) -> i64 {
        self.starting_points
    }

    pub fn deadline_secs(&self) -> Option<i64> {
        self.deadline_secs
    }

    /// The seat chosen to start round 1, if the option fixed one.
    pub fn first_player(&self) -> Option<Seat> {
        self.first_player
    }

    /// The options behind what viewers see of them. `first_player` is not shown: it only
    /// decides the setup, which a game rebuilt from a view has already passed.
    pub(super) fn from_view(view: &super::OptionsView) -> Self {
        Self {
            hand_size: view.hand_size,
            rounds: view.rounds,
            starting_points: view.starting_points,
            deadline_secs: view.deadline_secs,
            first_player: None,
        }
    }

    #[cfg(test)]
    pub(super) fn with(
        hand_size: usize,
        rounds: u32,
        deadline_secs: Option<i64>,
        first_player: Option<Seat>,
    ) -> Self {
        Self {
            hand_size,
            rounds,
            deadline_secs,
            first_player,
            ..Self::default()
        }
    }

    #[cfg(test)]
    pub(super) fn starting_at(self, starting_points: i64) -> Self {
        Self {
            starting_points,
            ..self
        }
    }
}

/// Checks the options: unknown keys, the player count, then each option in table order.
pub fn parse_options(players: i64, options: &OptionMap) -> Result<Options, SetupError> {
    options.reject_unknown(&KEYS)?;
    if players != i64::from(PLAYERS) {
        return Err(SetupError::for_option(
            "invalid_players",
            "players",
            "Intrigue is played by exactly 3 players",
        ));
    }
    let hand_size = options.int_in("hand_size", 3..=7, DEFAULT_HAND_SIZE, "invalid_option")?;
    let rounds = options.int_in("rounds", 1..=10, DEFAULT_ROUNDS, "invalid_option")?;
    let starting_points = options.int_in(
        "starting_points",
        1..=20,
        DEFAULT_STARTING_POINTS,
        "invalid_option",
    )?;
    let deadline_secs = options.nullable_int_in("deadline_secs", 10..=86_400, "invalid_option")?;
    // The option counts players from 1, as the rules file does; seats count from 0.
    let first_player = options
        .nullable_int_in("first_player", 1..=3, "invalid_option")?
        .and_then(|player| u8::try_from(player - 1).ok())
        .map(Seat);
    Ok(Options {
        hand_size: usize::try_from(hand_size).unwrap_or(5),
        rounds: u32::try_from(rounds).unwrap_or(3),
        starting_points,
        deadline_secs,
        first_player,
    })
}

/// What a client needs to create a game of Intrigue.
pub fn kind_info() -> KindInfo {
    KindInfo {
        kind: GameKind::Intrigue,
        name: "Intrigue",
        min_players: PLAYERS,
        max_players: PLAYERS,
        options: vec![
            OptionInfo {
                key: "hand_size",
                value_type: "integer",
                default: OptionValue::Int(DEFAULT_HAND_SIZE),
                allowed: "3..7",
                description: "Cards each player holds after the draw at the start of every round.",
                accepts: OptionValues::Int { min: 3, max: 7 },
                nullable: false,
            },
            OptionInfo {
                key: "rounds",
                value_type: "integer",
                default: OptionValue::Int(DEFAULT_ROUNDS),
                allowed: "1..10",
                description: "The game ends after this many rounds, or earlier when a player reaches 0 points.",
                accepts: OptionValues::Int { min: 1, max: 10 },
                nullable: false,
            },
            OptionInfo {
                key: "starting_points",
                value_type: "integer",
                default: OptionValue::Int(DEFAULT_STARTING_POINTS),
                allowed: "1..20",
                description: "Each player's points at setup.",
                accepts: OptionValues::Int { min: 1, max: 20 },
                nullable: false,
            },
            OptionInfo {
                key: "deadline_secs",
                value_type: "integer or null",
                default: OptionValue::Null,
                allowed: "null or 10..86400",
                description: "Seconds the player to act has for each decision; null means no deadline.",
                accepts: OptionValues::Int {
                    min: 10,
                    max: 86_400,
                },
                nullable: true,
            },
            OptionInfo {
                key: "first_player",
                value_type: "integer or null",
                default: OptionValue::Null,
                allowed: "null, 1, 2 or 3",
                description: "Player (1-3, i.e. seat 0-2) who acts first in round 1; null draws one at random.",
                accepts: OptionValues::Int { min: 1, max: 3 },
                nullable: true,
            },
        ],
    }
}
