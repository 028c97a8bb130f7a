//! Creation options, their checks and the kind's description.

use serde::{Deserialize, Serialize};

use super::terms::SEATS;
use crate::{GameKind, KindInfo, OptionInfo, OptionMap, OptionValue, OptionValues, SetupError};

const INVALID: &str = "invalid_option";
const KEYS: [&str; 6] = [
    "card_total",
    "blind",
    "specials",
    "double_cost",
    "max_doubles",
    "deadline_secs",
];
const DEFAULT_CARD_TOTAL: i64 = 50;
const DEFAULT_DOUBLE_COST: i64 = 3;
const DEFAULT_MAX_DOUBLES: i64 = 2;
const MAX_DEADLINE_SECS: i64 = 2_592_000;

/// The options the game was created with; everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeOptions))]
pub struct Options {
    /// The prescribed total `T` of each seat's ten values (less the cost of its doubles).
    card_total: i64,
    /// Blind Tribute: no selection; values are chosen turn by turn within the total.
    blind: bool,
    /// Whether doubles exist.
    specials: bool,
    /// How much each double reduces the seat's card total.
    double_cost: i64,
    /// Standard: the most doubles a seat may buy. Blind: the doubles each seat starts with.
    max_doubles: u32,
    /// Seconds allowed for each phase; null means no deadline.
    deadline_secs: Option<i64>,
}

impl Options {
    /// The prescribed total `T`.
    pub fn card_total(&self) -> i64 {
        self.card_total
    }

    pub fn blind(&self) -> bool {
        self.blind
    }

    pub fn specials(&self) -> bool {
        self.specials
    }

    pub fn double_cost(&self) -> i64 {
        self.double_cost
    }

    pub fn max_doubles(&self) -> u32 {
        self.max_doubles
    }

    pub fn deadline_secs(&self) -> Option<i64> {
        self.deadline_secs
    }
}

/// Checks in this order: unknown keys, the player count, then each option in the rules' table
/// order (`card_total`, `blind`, `specials`, `double_cost`, `max_doubles`, `deadline_secs`).
pub fn parse_options(players: i64, options: &OptionMap) -> Result<Options, SetupError> {
    options.reject_unknown(&KEYS)?;
    if usize::try_from(players).ok() != Some(SEATS) {
        return Err(SetupError::for_option(
            "invalid_players",
            "players",
            "Tribute is played by exactly 3 players",
        ));
    }
    let card_total = options.int_in("card_total", 0..=90, DEFAULT_CARD_TOTAL, INVALID)?;
    let blind = options.bool_or("blind", false, INVALID)?;
    let specials = options.bool_or("specials", !blind, INVALID)?;
    let double_cost = options.int_in("double_cost", 0..=10, DEFAULT_DOUBLE_COST, INVALID)?;
    let max_doubles = options.int_in("max_doubles", 1..=5, DEFAULT_MAX_DOUBLES, INVALID)?;
    let deadline_secs = options.nullable_int_in("deadline_secs", 1..=MAX_DEADLINE_SECS, INVALID)?;
    Ok(Options {
        card_total,
        blind,
        specials,
        double_cost,
        max_doubles: u32::try_from(max_doubles).unwrap_or(1),
        deadline_secs,
    })
}

/// What a client needs to create a game of Tribute.
pub fn kind_info() -> KindInfo {
    KindInfo {
        kind: GameKind::Tribute,
        name: "Tribute",
        min_players: 3,
        max_players: 3,
        options: vec![
            OptionInfo {
                key: "card_total",
                value_type: "integer",
                default: OptionValue::Int(DEFAULT_CARD_TOTAL),
                allowed: "0..90",
                description: "The prescribed total of each seat's ten values, less the cost of its doubles.",
                accepts: OptionValues::Int { min: 0, max: 90 },
                nullable: false,
            },
            OptionInfo {
                key: "blind",
                value_type: "boolean",
                default: OptionValue::Bool(false),
                allowed: "true or false",
                description: "Blind Tribute: no selection up front; values are chosen turn by turn within the total.",
                accepts: OptionValues::Bool,
                nullable: false,
            },
            OptionInfo {
                key: "specials",
                value_type: "boolean",
                default: OptionValue::Bool(true),
                allowed: "true or false (the default is the opposite of blind)",
                description: "Whether double cards exist.",
                accepts: OptionValues::Bool,
                nullable: false,
            },
            OptionInfo {
                key: "double_cost",
                value_type: "integer",
                default: OptionValue::Int(DEFAULT_DOUBLE_COST),
                allowed: "0..10",
                description: "How much each double reduces the seat's card total.",
                accepts: OptionValues::Int { min: 0, max: 10 },
                nullable: false,
            },
            OptionInfo {
                key: "max_doubles",
                value_type: "integer",
                default: OptionValue::Int(DEFAULT_MAX_DOUBLES),
                allowed: "1..5",
                description: "Standard: the most doubles a seat may buy. Blind: the doubles each seat starts with.",
                accepts: OptionValues::Int { min: 1, max: 5 },
                nullable: false,
            },
            OptionInfo {
                key: "deadline_secs",
                value_type: "integer or null",
                default: OptionValue::Null,
                allowed: "null or 1..2592000",
                description: "Seconds allowed for each phase; null means no deadline.",
                accepts: OptionValues::Int {
                    min: 1,
                    max: MAX_DEADLINE_SECS,
                },
                nullable: true,
            },
        ],
    }
}
