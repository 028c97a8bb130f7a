//! Creation options and their checks.

use serde::{Deserialize, Serialize};

use super::options_view::{FirstPlayerOption, OptionsView};
use crate::{
    GameKind, KindInfo, OptionInfo, OptionMap, OptionValue, OptionValues, Seat, SetupError,
};

pub const MIN_PLAYERS: u8 = 4;
pub const MAX_PLAYERS: u8 = 9;
const DEFAULT_TURNS_EACH: i64 = 3;

/// Who takes the first turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstPlayer {
    Random,
    Seat(Seat),
}

/// Validated options of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    players: u8,
    turns_each: u32,
    first_player: FirstPlayer,
    deadline_secs: Option<i64>,
}

impl Options {
    pub fn players(&self) -> u8 {
        self.players
    }

    pub fn turns_each(&self) -> u32 {
        self.turns_each
    }

    pub fn first_player(&self) -> FirstPlayer {
        self.first_player
    }

    pub fn deadline_secs(&self) -> Option<i64> {
        self.deadline_secs
    }

    /// The options behind what viewers see of them (the view shows every option).
    pub(super) fn from_view(view: &OptionsView) -> Self {
        Self {
            players: view.players,
            turns_each: view.turns_each,
            first_player: match view.first_player {
                FirstPlayerOption::Random(_) => FirstPlayer::Random,
                FirstPlayerOption::Seat(seat) => FirstPlayer::Seat(Seat(seat)),
            },
            deadline_secs: view.deadline_secs,
        }
    }
}

/// Checks the options in the rules' order: unknown_option, invalid_players,
/// invalid_turns_each, invalid_first_player, invalid_deadline.
pub fn parse_options(players: i64, options: &OptionMap) -> Result<Options, SetupError> {
    options.reject_unknown(&["players", "turns_each", "first_player", "deadline_secs"])?;
    let players = parse_players(players, options)?;
    let turns_each = options.int_in(
        "turns_each",
        1..=10,
        DEFAULT_TURNS_EACH,
        "invalid_turns_each",
    )?;
    let first_player = parse_first_player(players, options)?;
    let deadline_secs =
        options.nullable_int_in("deadline_secs", 10..=86_400, "invalid_deadline")?;
    Ok(Options {
        players,
        turns_each: u32::try_from(turns_each).unwrap_or(1),
        first_player,
        deadline_secs,
    })
}

fn parse_players(players: i64, options: &OptionMap) -> Result<u8, SetupError> {
    let invalid = || {
        SetupError::for_option(
            "invalid_players",
            "players",
            format!("`players` must be an integer from {MIN_PLAYERS} to {MAX_PLAYERS}"),
        )
    };
    let count = u8::try_from(players)
        .ok()
        .filter(|count| (MIN_PLAYERS..=MAX_PLAYERS).contains(count))
        .ok_or_else(invalid)?;
    // The rules list `players` as an option; a copy inside the options object must agree.
    match options.get("players") {
        None => Ok(count),
        Some(OptionValue::Int(value)) if *value == players => Ok(count),
        Some(_) => Err(SetupError::for_option(
            "invalid_players",
            "players",
            "`players` in the options must equal the number of players",
        )),
    }
}

fn parse_first_player(players: u8, options: &OptionMap) -> Result<FirstPlayer, SetupError> {
    match options.get("first_player") {
        None => Ok(FirstPlayer::Random),
        Some(OptionValue::Str(text)) if text == "random" => Ok(FirstPlayer::Random),
        Some(OptionValue::Int(seat)) if (0..i64::from(players)).contains(seat) => {
            Ok(FirstPlayer::Seat(Seat(u8::try_from(*seat).unwrap_or(0))))
        }
        Some(_) => Err(SetupError::for_option(
            "invalid_first_player",
            "first_player",
            format!(
                "`first_player` must be \"random\" or a seat from 0 to {}",
                players - 1
            ),
        )),
    }
}

/// What a client needs to create a game of Trade or Duel.
pub fn kind_info() -> KindInfo {
    KindInfo {
        kind: GameKind::TradeOrDuel,
        name: "Trade or Duel",
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        options: vec![
            OptionInfo {
                key: "turns_each",
                value_type: "integer",
                default: OptionValue::Int(DEFAULT_TURNS_EACH),
                allowed: "1..10",
                description: "Regular rounds, i.e. turns each survivor takes before the first comparison.",
                accepts: OptionValues::Int { min: 1, max: 10 },
                nullable: false,
            },
            OptionInfo {
                key: "first_player",
                value_type: "string or integer",
                default: OptionValue::Str("random".to_owned()),
                allowed: "\"random\" or a seat 0..players-1",
                description: "Who takes the first turn; \"random\" draws a seat with the game's RNG.",
                accepts: OptionValues::TextOrInt(&["random"], 0, i64::from(MAX_PLAYERS) - 1),
                nullable: false,
            },
            OptionInfo {
                key: "deadline_secs",
                value_type: "integer or null",
                default: OptionValue::Null,
                allowed: "null or 10..86400",
                description: "Seconds allowed for each decision point; null means no deadline.",
                accepts: OptionValues::Int {
                    min: 10,
                    max: 86_400,
                },
                nullable: true,
            },
        ],
    }
}
