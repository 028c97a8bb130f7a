//! The options as viewers see them: the end condition spelled out as the options a client
//! sends (`end_condition` with `target_score` or `rounds`), teams as lists of seat numbers.

use serde::Serialize;

use super::options::{EndCondition, Options};
use crate::Seat;

/// The game's validated options.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesOptions))]
pub struct OptionsView {
    /// Number of human players (2–6).
    pub players: u8,
    /// Jokers in the deck (0–2).
    pub jokers: u8,
    /// Whether all 2s and 3s are removed.
    pub cut_deck: bool,
    /// Cards per hand and tricks per round.
    pub hand_size: u8,
    /// Whether the dummy tribe takes part.
    pub dummy: bool,
    /// United tribes, each a list of seats; empty without teams.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<u8>>))]
    pub teams: Vec<Vec<Seat>>,
    /// `target_score` or `fixed_rounds`.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub end_condition: &'static str,
    /// The target (with `target_score`).
    pub target_score: Option<i64>,
    /// The number of rounds (with `fixed_rounds`).
    pub rounds: Option<u32>,
    /// Seconds per decision, or null for none.
    pub deadline_secs: Option<i64>,
}

impl From<&Options> for OptionsView {
    fn from(options: &Options) -> Self {
        let (end_condition, target_score, rounds) = match options.end_condition() {
            EndCondition::TargetScore(target) => ("target_score", Some(target), None),
            EndCondition::FixedRounds(rounds) => ("fixed_rounds", None, Some(rounds)),
        };
        OptionsView {
            players: options.players(),
            jokers: options.jokers(),
            cut_deck: options.cut_deck(),
            hand_size: options.hand_size(),
            dummy: options.dummy(),
            teams: options.teams().to_vec(),
            end_condition,
            target_score,
            rounds,
            deadline_secs: options.deadline_secs(),
        }
    }
}
