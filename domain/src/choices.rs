//! Concrete moves from a game's description of its legal moves: the list, or one drawn
//! uniformly. Every game's `LegalMoves` implements [`MoveChoices`]; the `Any*` enums dispatch to
//! it (see `any.rs`).

use rand_chacha::rand_core::Rng;

use crate::rng::index_below;

/// Concrete moves from one seat's legal moves.
pub trait MoveChoices {
    type Move;

    /// Every legal move, each once, or `None` where they are too many to list (Tribute's
    /// selections: every ten-card multiset with the right total).
    fn list(&self) -> Option<Vec<Self::Move>>;

    /// A legal move drawn uniformly among every legal move; `None` when there is none.
    fn random(&self, rng: &mut impl Rng) -> Option<Self::Move>;
}

/// A move drawn uniformly from a list; `None` from an empty one.
pub(crate) fn pick<M: Clone>(moves: &[M], rng: &mut impl Rng) -> Option<M> {
    (!moves.is_empty()).then(|| moves[index_below(rng, moves.len())].clone())
}

/// `MoveChoices` for a game whose legal moves are a plain list (`LegalMoves(Vec<Move>)`).
macro_rules! listed_choices {
    ($legal:ty, $move:ty) => {
        impl $crate::MoveChoices for $legal {
            type Move = $move;

            fn list(&self) -> Option<Vec<$move>> {
                Some(self.0.clone())
            }

            fn random(&self, rng: &mut impl rand_chacha::rand_core::Rng) -> Option<$move> {
                $crate::choices::pick(&self.0, rng)
            }
        }
    };
}
pub(crate) use listed_choices;
