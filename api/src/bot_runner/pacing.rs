//! A bot's decision, answered after a time that does not depend on what it decided from.
//!
//! A `search` bot that answered at once when it had one legal move, and after its search
//! otherwise, would tell everyone watching the clock how many moves its hidden hand allowed.
//! Every decision of a level is therefore answered when the same budget has passed since it
//! began: the search's time cap and a margin for the deal and the vote, so that a decision
//! finishes within it unless the machine is overloaded. The `bots` crate stays free of clocks
//! and runtimes; the padding is done here.

use std::sync::Arc;
use std::time::Duration;

use bots::{Bot, BotError, Level, SearchConfig};
use domain::{AnyMove, GameKind, Seat};
use rand::rngs::StdRng;
use tokio::sync::Semaphore;
use tokio::time::Instant;

use crate::service::BotDecision;

/// Beyond the search's own time cap: dealing from the view and the vote after the search.
const MARGIN: Duration = Duration::from_millis(50);

/// How long after it began every decision of a `level` bot in a game of `kind` is answered.
/// A `random` bot's decision costs the same whatever the position, so it is not padded.
pub fn decision_time(level: Level, kind: GameKind) -> Duration {
    match level {
        Level::Random => Duration::ZERO,
        Level::Search => {
            SearchConfig::for_kind(kind)
                .time_cap
                .unwrap_or(Duration::from_millis(150))
                + MARGIN
        }
    }
}

/// What a decision came to, and the bot's randomness back.
pub struct Decided {
    pub mv: Result<AnyMove, BotError>,
    pub rng: StdRng,
}

/// Decides `seat`'s move from its view on a blocking thread (a search takes CPU time), holding
/// one of `slots` meanwhile, and answers when [`decision_time`] has passed since the call,
/// whatever the decision was. `None` if the process is stopping (the slots were closed or
/// the thread was lost).
pub async fn decide(
    bot: Bot,
    decision: BotDecision,
    seat: Seat,
    mut rng: StdRng,
    slots: &Arc<Semaphore>,
) -> Option<Decided> {
    let answer_at = Instant::now() + decision_time(bot.level(), decision.view.kind());
    let decided = {
        let _slot = slots.acquire().await.ok()?;
        tokio::task::spawn_blocking(move || {
            let mv = bot.decide(&decision.view, seat, &mut rng);
            Decided { mv, rng }
        })
        .await
        .ok()?
    };
    // The slot is free again: waiting takes no core.
    tokio::time::sleep_until(answer_at).await;
    Some(decided)
}

#[cfg(test)]
mod tests {
    use domain::{AnyGame, OptionMap, Seed, Viewer};
    use rand::{RngExt, SeedableRng};

    use super::*;

    /// A seat's view, from seeded random play of `kind`, where the seat to act has exactly one
    /// legal move (`one`) or many.
    fn view_with(kind: GameKind, players: i64, one: bool) -> Option<(BotDecision, Seat)> {
        let mut rng = StdRng::seed_from_u64(7);
        for game in 0..20 {
            let seed = Seed::new(format!("pacing {game}")).expect("a seed");
            let (mut state, _) =
                AnyGame::create(kind, players, &OptionMap::default(), &seed, None, 0)
                    .expect("a game");
            while !state.is_over() {
                let seat = state.to_act()[0];
                let legal = state.legal_moves(seat);
                let count = legal.list().map_or(usize::MAX, |moves| moves.len());
                if (count == 1) == one {
                    let view = state.view(Viewer::Seat(seat));
                    return Some((BotDecision { version: 0, view }, seat));
                }
                let mv = match legal.list() {
                    Some(moves) => moves[rng.random_range(0..moves.len())].clone(),
                    None => legal.random(&mut rng).expect("a move"),
                };
                state
                    .apply(domain::Actor::Seat(seat), mv, 0)
                    .expect("a legal move");
            }
        }
        None
    }

    /// Under Tokio's paused clock, time moves only when every task waits on a timer: how long
    /// `decide` took on that clock is exactly how long it waited, whatever the search cost.
    #[tokio::test(start_paused = true)]
    async fn a_search_decision_is_answered_after_the_same_time_with_one_legal_move_or_many() {
        let slots = Arc::new(Semaphore::new(1));
        let (kind, players) = (GameKind::TrickyTribes, 4);
        let budget = decision_time(Level::Search, kind);
        assert!(budget >= Duration::from_millis(150));
        for one in [true, false] {
            let (decision, seat) = view_with(kind, players, one).expect("such a position");
            let began = Instant::now();
            let decided = decide(
                Bot::new(Level::Search),
                decision,
                seat,
                StdRng::seed_from_u64(1),
                &slots,
            )
            .await
            .expect("decided");
            assert!(decided.mv.is_ok());
            assert_eq!(began.elapsed(), budget, "one legal move: {one}");
        }
    }

    #[test]
    fn random_bots_are_not_padded_and_search_bots_are_for_every_kind() {
        for kind in GameKind::ALL {
            assert_eq!(decision_time(Level::Random, *kind), Duration::ZERO);
            assert!(decision_time(Level::Search, *kind) > Duration::from_millis(150));
        }
    }
}
