//! The moves the search considers at its root.

use domain::{AnyLegalMoves, AnyMove};
use rand_chacha::ChaCha8Rng;

/// Every legal move; where they are too many to list (Tribute's selections), up to `limit`
/// distinct ones drawn uniformly.
pub(super) fn root_moves(
    legal: &AnyLegalMoves,
    limit: usize,
    rng: &mut ChaCha8Rng,
) -> Vec<AnyMove> {
    if let Some(moves) = legal.list() {
        return moves;
    }
    let mut moves: Vec<AnyMove> = Vec::with_capacity(limit);
    for _ in 0..limit.saturating_mul(4) {
        if moves.len() >= limit {
            break;
        }
        match legal.random(rng) {
            Some(mv) if !moves.contains(&mv) => moves.push(mv),
            Some(_) => {}
            None => break,
        }
    }
    moves
}
