//! Concrete moves from any game's legal moves: the list, or a uniformly random one.

use rand_chacha::rand_core::Rng;

use crate::games::tribute;
use crate::rng::index_below;
use crate::{AnyLegalMoves, AnyMove};

impl AnyLegalMoves {
    /// Every legal move, or `None` where they are too many to list (Tribute's selections: every
    /// ten-card multiset with the right total).
    pub fn list(&self) -> Option<Vec<AnyMove>> {
        fn wrap<M: Clone>(moves: &[M], variant: fn(M) -> AnyMove) -> Vec<AnyMove> {
            moves.iter().cloned().map(variant).collect()
        }
        match self {
            AnyLegalMoves::Tribute(tribute::LegalMoves::Select { .. }) => None,
            AnyLegalMoves::Tribute(legal) => Some(wrap(&legal.orders(), AnyMove::Tribute)),
            AnyLegalMoves::TrickyTribes(moves) => Some(wrap(moves, AnyMove::TrickyTribes)),
            AnyLegalMoves::Intrigue(moves) => Some(wrap(moves, AnyMove::Intrigue)),
            AnyLegalMoves::TradeOrDuel(moves) => Some(wrap(moves, AnyMove::TradeOrDuel)),
        }
    }

    /// A legal move drawn uniformly among every legal move; `None` when there is none.
    pub fn random(&self, rng: &mut impl Rng) -> Option<AnyMove> {
        fn one<M: Clone>(moves: &[M], rng: &mut impl Rng) -> Option<M> {
            (!moves.is_empty()).then(|| moves[index_below(rng, moves.len())].clone())
        }
        match self {
            AnyLegalMoves::Tribute(legal) => legal.random(rng).map(AnyMove::Tribute),
            AnyLegalMoves::TrickyTribes(moves) => one(moves, rng).map(AnyMove::TrickyTribes),
            AnyLegalMoves::Intrigue(moves) => one(moves, rng).map(AnyMove::Intrigue),
            AnyLegalMoves::TradeOrDuel(moves) => one(moves, rng).map(AnyMove::TradeOrDuel),
        }
    }
}
