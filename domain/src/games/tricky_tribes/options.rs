//! Creation options, their checks in the rules' order, and the kind description.

use serde::{Deserialize, Serialize};

use super::options_view::OptionsView;
use super::teams::{self, Teams};
use crate::{
    GameKind, KindInfo, OptionInfo, OptionMap, OptionValue, OptionValues, Seat, SetupError,
};

pub const MIN_PLAYERS: u8 = 2;
pub const MAX_PLAYERS: u8 = 6;

const KEYS: [&str; 10] = [
    "players",
    "jokers",
    "cut_deck",
    "hand_size",
    "dummy",
    "teams",
    "end_condition",
    "target_score",
    "rounds",
    "deadline_secs",
];

/// How the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndCondition {
    /// After a round in which some unit reached this cumulative score.
    TargetScore(i64),
    /// After this many rounds.
    FixedRounds(u32),
}

/// Validated options of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    players: u8,
    jokers: u8,
    cut_deck: bool,
    hand_size: u8,
    dummy: bool,
    teams: Teams,
    end: EndCondition,
    deadline_secs: Option<i64>,
}

impl Options {
    pub fn players(&self) -> u8 {
        self.players
    }

    pub fn jokers(&self) -> u8 {
        self.jokers
    }

    pub fn cut_deck(&self) -> bool {
        self.cut_deck
    }

    /// Cards per hand and tricks per round.
    pub fn hand_size(&self) -> u8 {
        self.hand_size
    }

    pub fn dummy(&self) -> bool {
        self.dummy
    }

    /// The united tribes, each sorted, ordered by lowest seat; empty without teams.
    pub fn teams(&self) -> &[Vec<Seat>] {
        self.teams.list()
    }

    pub fn end_condition(&self) -> EndCondition {
        self.end
    }

    pub fn deadline_secs(&self) -> Option<i64> {
        self.deadline_secs
    }

    /// Six players with fewer than two jokers deal the whole deck and trim instead of exchanging.
    pub fn whole_deck_deal(&self) -> bool {
        self.players == 6 && self.jokers < 2
    }

    /// The scoring units (teams and solo players), each sorted, ordered by lowest seat.
    pub fn units(&self) -> Vec<Vec<Seat>> {
        self.teams.units(self.players)
    }

    /// Whether solo players' round scores are doubled (united tribes mode).
    pub fn united(&self) -> bool {
        !self.teams.list().is_empty()
    }

    /// The options behind what viewers see of them (the view shows every option), or `None`
    /// when the end condition is unknown or lacks its value.
    pub(super) fn from_view(view: &OptionsView) -> Option<Self> {
        let end = match view.end_condition {
            "target_score" => EndCondition::TargetScore(view.target_score?),
            "fixed_rounds" => EndCondition::FixedRounds(view.rounds?),
            _ => return None,
        };
        Some(Self {
            players: view.players,
            jokers: view.jokers,
            cut_deck: view.cut_deck,
            hand_size: view.hand_size,
            dummy: view.dummy,
            teams: Teams::from_list(view.teams.clone()),
            end,
            deadline_secs: view.deadline_secs,
        })
    }
}

/// A present, non-null option value.
fn given<'a>(options: &'a OptionMap, key: &str) -> Option<&'a OptionValue> {
    options
        .get(key)
        .filter(|value| **value != OptionValue::Null)
}

fn int_or(
    options: &OptionMap,
    key: &str,
    allowed: impl Fn(i64) -> bool,
    default: i64,
    code: &'static str,
    detail: &str,
) -> Result<i64, SetupError> {
    match given(options, key) {
        None => Ok(default),
        Some(OptionValue::Int(value)) if allowed(*value) => Ok(*value),
        Some(_) => Err(SetupError::for_option(code, key, detail)),
    }
}

fn bool_or(
    options: &OptionMap,
    key: &str,
    default: bool,
    code: &'static str,
) -> Result<bool, SetupError> {
    match given(options, key) {
        None => Ok(default),
        Some(OptionValue::Bool(value)) => Ok(*value),
        Some(_) => Err(SetupError::for_option(
            code,
            key,
            format!("`{key}` must be true or false"),
        )),
    }
}

/// Checks the options in the rules' order: unknown keys, then the keys in table order.
pub fn parse_options(players: i64, options: &OptionMap) -> Result<Options, SetupError> {
    options.reject_unknown(&KEYS)?;
    let players = parse_players(players, options)?;
    let jokers = int_or(
        options,
        "jokers",
        |v| (0..=2).contains(&v),
        0,
        "invalid_jokers",
        "`jokers` must be 0, 1 or 2",
    )?;
    let cut_deck = bool_or(options, "cut_deck", players <= 3, "invalid_cut_deck")?;
    if cut_deck && players >= 4 {
        return Err(SetupError::for_option(
            "cut_deck_not_allowed",
            "cut_deck",
            "the cut deck is only for 2 or 3 players",
        ));
    }
    let hand_size = parse_hand_size(players, options)?;
    let dummy = parse_dummy(players, options)?;
    let teams = teams::parse(players, given(options, "teams"))?;
    let end = parse_end(options, &teams)?;
    let deadline_secs =
        options.nullable_int_in("deadline_secs", 10..=86_400, "invalid_deadline")?;
    Ok(Options {
        players,
        jokers: u8::try_from(jokers).unwrap_or(0),
        cut_deck,
        hand_size,
        dummy,
        teams,
        end,
        deadline_secs,
    })
}

fn parse_players(players: i64, options: &OptionMap) -> Result<u8, SetupError> {
    let invalid = |detail: &str| SetupError::for_option("invalid_players", "players", detail);
    let count = u8::try_from(players)
        .ok()
        .filter(|count| (MIN_PLAYERS..=MAX_PLAYERS).contains(count))
        .ok_or_else(|| invalid("`players` must be an integer from 2 to 6"))?;
    // The rules list `players` as an option; a copy inside the options object must agree.
    match given(options, "players") {
        None => Ok(count),
        Some(OptionValue::Int(value)) if *value == players => Ok(count),
        Some(_) => Err(invalid(
            "`players` in the options must equal the number of players",
        )),
    }
}

fn parse_hand_size(players: u8, options: &OptionMap) -> Result<u8, SetupError> {
    let (default, allowed, detail): (i64, &[i64], &str) = match players {
        2 | 3 => (
            9,
            &[9, 10],
            "`hand_size` must be 9 or 10 with 2 or 3 players",
        ),
        6 => (8, &[8], "`hand_size` must be 8 with 6 players"),
        _ => (9, &[9], "`hand_size` must be 9 with 4 or 5 players"),
    };
    let size = int_or(
        options,
        "hand_size",
        |v| allowed.contains(&v),
        default,
        "invalid_hand_size",
        detail,
    )?;
    Ok(u8::try_from(size).unwrap_or(9))
}

fn parse_dummy(players: u8, options: &OptionMap) -> Result<bool, SetupError> {
    let dummy = bool_or(options, "dummy", players == 2, "invalid_dummy")?;
    if !dummy && players == 2 {
        return Err(SetupError::for_option(
            "dummy_required",
            "dummy",
            "a 2-player game needs the dummy tribe",
        ));
    }
    if dummy && players >= 4 {
        return Err(SetupError::for_option(
            "dummy_not_allowed",
            "dummy",
            "the dummy tribe is only for 2 or 3 players",
        ));
    }
    Ok(dummy)
}

fn parse_end(options: &OptionMap, teams: &Teams) -> Result<EndCondition, SetupError> {
    let fixed = match given(options, "end_condition") {
        None => false,
        Some(OptionValue::Str(text)) if text == "target_score" => false,
        Some(OptionValue::Str(text)) if text == "fixed_rounds" => true,
        Some(_) => {
            return Err(SetupError::for_option(
                "invalid_end_condition",
                "end_condition",
                "`end_condition` must be \"target_score\" or \"fixed_rounds\"",
            ));
        }
    };
    let target = int_or(
        options,
        "target_score",
        |v| (1..=1000).contains(&v),
        teams.default_target(),
        "invalid_target_score",
        "`target_score` must be an integer from 1 to 1000",
    )?;
    if fixed && given(options, "target_score").is_some() {
        return Err(SetupError::for_option(
            "target_score_not_applicable",
            "target_score",
            "`target_score` is not used with \"fixed_rounds\"",
        ));
    }
    let rounds = given(options, "rounds");
    if fixed && rounds.is_none() {
        return Err(SetupError::for_option(
            "rounds_required",
            "rounds",
            "\"fixed_rounds\" needs `rounds`",
        ));
    }
    let count = int_or(
        options,
        "rounds",
        |v| (1..=100).contains(&v),
        1,
        "invalid_rounds",
        "`rounds` must be an integer from 1 to 100",
    )?;
    if !fixed && rounds.is_some() {
        return Err(SetupError::for_option(
            "rounds_not_applicable",
            "rounds",
            "`rounds` is only used with \"fixed_rounds\"",
        ));
    }
    Ok(if fixed {
        EndCondition::FixedRounds(u32::try_from(count).unwrap_or(1))
    } else {
        EndCondition::TargetScore(target)
    })
}

/// What a client needs to create a game of Tricky Tribes.
pub fn kind_info() -> KindInfo {
    // Every option also accepts `null`, which means its default (see `given`).
    let option = |key, value_type, default, allowed, description, accepts| OptionInfo {
        key,
        value_type,
        default,
        allowed,
        description,
        accepts,
        nullable: true,
    };
    KindInfo {
        kind: GameKind::TrickyTribes,
        name: "Tricky Tribes",
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        options: vec![
            option(
                "jokers",
                "integer",
                OptionValue::Int(0),
                "0, 1 or 2",
                "Jokers added to the deck (X1, then X2).",
                OptionValues::Int { min: 0, max: 2 },
            ),
            option(
                "cut_deck",
                "boolean",
                OptionValue::Null,
                "true only with 2-3 players; default true for 2-3 players, else false",
                "Remove all 2s and 3s (44 cards plus jokers).",
                OptionValues::Bool,
            ),
            option(
                "hand_size",
                "integer",
                OptionValue::Null,
                "2-3 players: 9 or 10; 4-5 players: 9; 6 players: 8 (the default for the count)",
                "Cards per hand and tricks per round.",
                OptionValues::Int { min: 8, max: 10 },
            ),
            option(
                "dummy",
                "boolean",
                OptionValue::Null,
                "2 players: true (default); 3 players: either (default false); 4-6 players: false",
                "Include the dummy tribe, an automatic participant that plays the top stock card.",
                OptionValues::Bool,
            ),
            option(
                "teams",
                "array of arrays of seats",
                OptionValue::List(Vec::new()),
                "default [] (no teams); 4-6 players: teams of 2 with any solos, or with 6 players two teams of 3; no teammates side by side",
                "United tribes: teammates join their stacks, solo scores are doubled.",
                OptionValues::SeatGroups {
                    seats: i64::from(MAX_PLAYERS),
                    min_size: 2,
                    max_size: 3,
                    max_groups: 3,
                },
            ),
            option(
                "end_condition",
                "string",
                OptionValue::Str("target_score".to_owned()),
                "\"target_score\" or \"fixed_rounds\"",
                "How the game ends.",
                OptionValues::Text(&["target_score", "fixed_rounds"]),
            ),
            option(
                "target_score",
                "integer",
                OptionValue::Null,
                "1..1000; default 15, 30 with teams of two, 50 with two teams of three; not with fixed_rounds",
                "Cumulative score that ends the game after a round.",
                OptionValues::Int { min: 1, max: 1000 },
            ),
            option(
                "rounds",
                "integer",
                OptionValue::Null,
                "1..100; required with fixed_rounds, not allowed otherwise",
                "Number of rounds of a fixed_rounds game.",
                OptionValues::Int { min: 1, max: 100 },
            ),
            option(
                "deadline_secs",
                "integer or null",
                OptionValue::Null,
                "null or 10..86400",
                "Seconds allowed for each decision; null means no deadline.",
                OptionValues::Int {
                    min: 10,
                    max: 86_400,
                },
            ),
        ],
    }
}
