//! The `search` level: Information Set Monte Carlo Tree Search by determinization and vote.
//!
//! For each of several deals sampled from the bot's view (`sample_from_view`, with the bot's
//! own randomness), a UCT search over the bot's own decisions runs playouts that end in random
//! moves for everyone; the root visit counts of all deals are added up and the most visited
//! move wins the vote. A decision spends a fixed playout budget, calibrated per game kind to stay
//! well under 200 ms on one core, and stops early at a time cap should the machine be slow.

mod candidates;
mod horizon;
mod playout;
mod tree;

use std::time::{Duration, Instant};

use domain::{AnyGame, AnyLegalMoves, AnyMove, AnyView, GameKind, Seat};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use horizon::Horizon;
use playout::{Search, playout};
use tree::Node;

/// The budget and tuning of one decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Playouts per decision, shared out over the deals.
    pub playouts: u32,
    /// Deals sampled from the view per decision.
    pub determinizations: u32,
    /// The most a decision may take (wall time): the search stops early when it is reached.
    /// `None` lets every decision spend its whole budget, so that it repeats exactly.
    pub time_cap: Option<Duration>,
    /// UCT's exploration constant (rewards lie in 0..=1).
    pub exploration: f64,
    /// Tribute's selections are too many to branch on: the root considers this many.
    pub selection_candidates: usize,
}

/// The time cap of the calibrated budgets: the playout budgets take far less on the machine
/// they were measured on, so the cap only acts on a slower or overloaded one.
const TIME_CAP: Duration = Duration::from_millis(150);

impl SearchConfig {
    /// The calibrated budget for a game kind (measured in `docs/bots.md`).
    pub fn for_kind(kind: GameKind) -> Self {
        let playouts = match kind {
            GameKind::Tribute => 2_000,
            GameKind::TrickyTribes => 600,
            GameKind::Intrigue => 500,
            GameKind::TradeOrDuel => 3_000,
        };
        Self {
            playouts,
            determinizations: 8,
            time_cap: Some(TIME_CAP),
            exploration: 0.7,
            selection_candidates: 24,
        }
    }

    /// The same search with a different playout budget.
    pub fn with_playouts(mut self, playouts: u32) -> Self {
        self.playouts = playouts;
        self
    }

    /// The same search, always spending its whole budget: decisions repeat exactly for the
    /// same view and randomness, however long they take.
    pub fn without_time_cap(mut self) -> Self {
        self.time_cap = None;
        self
    }
}

/// What one decision cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    pub playouts: u32,
    pub determinizations: u32,
    pub elapsed: Duration,
    /// The decision stopped at the time cap before spending its budget.
    pub capped: bool,
}

/// The move the search picks for `seat`, whose legal moves are `legal`; `first` is a deal
/// already sampled from `view` and serves as the first determinization.
pub(crate) fn decide(
    config: &SearchConfig,
    view: &AnyView,
    seat: Seat,
    first: AnyGame,
    legal: &AnyLegalMoves,
    rng: &mut ChaCha8Rng,
) -> Option<(AnyMove, SearchStats)> {
    let started = Instant::now();
    let mut stats = SearchStats::default();
    let moves = candidates::root_moves(legal, config.selection_candidates, rng);
    if moves.len() <= 1 {
        stats.elapsed = started.elapsed();
        return moves.into_iter().next().map(|mv| (mv, stats));
    }
    let mut visits = vec![0u64; moves.len()];
    let mut rewards = vec![0f64; moves.len()];
    let deals = config.determinizations.max(1);
    let per_deal = config.playouts.div_ceil(deals);
    let mut next = Some(first);
    'deals: for _ in 0..deals {
        let deal = match next.take() {
            Some(deal) => deal,
            None => match AnyGame::sample_from_view(view, seat, rng) {
                Ok(deal) => deal,
                Err(_) => continue,
            },
        };
        stats.determinizations += 1;
        let search = Search {
            seat,
            horizon: Horizon::of(&deal),
            exploration: config.exploration,
        };
        let mut root = Node::default();
        for _ in 0..per_deal {
            if config.time_cap.is_some_and(|cap| started.elapsed() >= cap) {
                stats.capped = true;
                break 'deals;
            }
            let mut game = deal.clone();
            playout(&mut root, &mut game, search, Some(&moves), rng);
            stats.playouts += 1;
        }
        for child in &root.children {
            if let Some(i) = moves.iter().position(|mv| *mv == child.mv) {
                visits[i] += u64::from(child.visits);
                rewards[i] += child.reward;
            }
        }
    }
    stats.elapsed = started.elapsed();
    // The vote: most visits over all deals, then the better mean reward.
    let best = (0..moves.len()).max_by(|&a, &b| {
        let mean = |i: usize| rewards[i] / visits[i].max(1) as f64;
        visits[a].cmp(&visits[b]).then(mean(a).total_cmp(&mean(b)))
    })?;
    let pick = if visits[best] == 0 {
        // Nothing was searched (the cap came first): any legal move beats none.
        index_below(rng, moves.len())
    } else {
        best
    };
    moves.into_iter().nth(pick).map(|mv| (mv, stats))
}

/// A uniform index into a list of `len` items (`len` > 0); the bias, below `len` / 2^64, is
/// far beneath anything a search could notice.
pub(crate) fn index_below(rng: &mut ChaCha8Rng, len: usize) -> usize {
    let wide = u128::from(rng.next_u64()) * len as u128;
    usize::try_from(wide >> 64).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;

    use super::index_below;

    #[test]
    fn an_index_below_covers_the_whole_range_and_nothing_more() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut seen = [0u32; 7];
        for _ in 0..7_000 {
            seen[index_below(&mut rng, 7)] += 1;
        }
        assert!(
            seen.iter().all(|count| (800..1_200).contains(count)),
            "{seen:?}"
        );
        assert_eq!(index_below(&mut rng, 1), 0);
    }
}
