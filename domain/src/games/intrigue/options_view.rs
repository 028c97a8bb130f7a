//! The options as viewers see them: everything but `first_player`, which only decides the
//! setup (the view shows the resulting first player).

use serde::Serialize;

use super::options::Options;

/// The options the game was created with; everyone sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueOptions))]
pub struct OptionsView {
    /// Cards each player holds after the draw at the start of every round.
    pub hand_size: usize,
    /// The game ends after this many rounds (or when a player reaches 0 points).
    pub rounds: u32,
    /// Each player's points at setup.
    pub starting_points: i64,
    /// Seconds the player to act has for each decision; null means no deadline.
    pub deadline_secs: Option<i64>,
}

impl From<&Options> for OptionsView {
    fn from(options: &Options) -> Self {
        OptionsView {
            hand_size: options.hand_size(),
            rounds: options.rounds(),
            starting_points: options.starting_points(),
            deadline_secs: options.deadline_secs(),
        }
    }
}
