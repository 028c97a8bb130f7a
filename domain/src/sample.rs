//! Dealing a whole game from what one seat sees: the determinization a searching bot needs.

use rand_chacha::rand_core::Rng;

use crate::{Game, Seat};

/// A game that can be rebuilt from one seat's view.
///
/// The result is a complete state whose view for `seat` equals the given view: every card the
/// seat cannot see is dealt at random from the cards it cannot account for, and every secret
/// submission of another seat is replaced by a random legal one. The state's own random source
/// is keyed from `rng`, so nothing of the real game's seed (or of its future deals) carries over.
/// Only the view goes in, so a sample cannot depend on anything the seat does not see.
pub trait SampleFromView: Game {
    fn sample_from_view(
        view: &Self::View,
        seat: Seat,
        rng: &mut impl Rng,
    ) -> Result<Self, SampleError>;
}

/// A view that cannot be dealt from: it is not `seat`'s own, or its counts do not add up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SampleError(pub String);

impl SampleError {
    pub(crate) fn new(detail: impl Into<String>) -> Self {
        Self(detail.into())
    }

    /// The error for a view built for another viewer.
    pub(crate) fn not_own_view(seat: Seat) -> Self {
        Self::new(format!("the view is not {seat}'s own view"))
    }
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot sample from this view: {}", self.0)
    }
}

impl std::error::Error for SampleError {}

/// Takes `count` cards from the front of a shuffled pool, or fails when the pool runs short.
pub(crate) fn deal<T>(pool: &mut Vec<T>, count: usize) -> Result<Vec<T>, SampleError> {
    if pool.len() < count {
        return Err(SampleError::new(
            "the view needs more unseen cards than remain",
        ));
    }
    Ok(pool.drain(..count).collect())
}
