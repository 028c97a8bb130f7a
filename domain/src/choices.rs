//! Concrete moves from any game's legal moves: the list, or a uniformly random one.

use rand_chacha::rand_core::Rng;

use crate::games::tribute;
use crate::rng::index_below;
use crate::{AnyGame, AnyLegalMoves, AnyMove, Seat};

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

impl AnyGame {
    /// One of `seat`'s legal moves drawn uniformly: the same choice as
    /// `legal_moves(seat).random(rng)`, without writing out every move where a game can avoid
    /// it. `None` when the seat has no legal move.
    pub fn random_legal_move(&self, seat: Seat, rng: &mut impl Rng) -> Option<AnyMove> {
        match self {
            AnyGame::Intrigue(game) => game.random_legal_move(seat, rng).map(AnyMove::Intrigue),
            _ => self.legal_moves(seat).random(rng),
        }
    }
}
