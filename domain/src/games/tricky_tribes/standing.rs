//! Public progress of a game, read without building a whole view.

use super::TrickyTribes;
use super::terms::UnitScore;

impl TrickyTribes {
    /// The current round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Every scoring unit's cumulative score, in the order of the options' units.
    pub fn scores(&self) -> Vec<UnitScore> {
        self.unit_scores()
    }
}
