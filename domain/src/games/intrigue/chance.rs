//! The rules' two random primitives, so tests can script every outcome.

use crate::GameRng;

/// `shuffle(list)` and `choose(n)` of the rules file.
pub trait Chance {
    /// A uniform integer in `0..n` (`n` > 0).
    fn choose(&mut self, n: usize) -> usize;
    /// A uniform permutation.
    fn shuffle<T>(&mut self, items: &mut [T]);
}

impl Chance for GameRng {
    fn choose(&mut self, n: usize) -> usize {
        let bound = u32::try_from(n).unwrap_or(u32::MAX).max(1);
        usize::try_from(self.below(bound)).unwrap_or(0)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        GameRng::shuffle(self, items);
    }
}
