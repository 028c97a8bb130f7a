//! One playout on a sampled deal: down the tree along the bot's own decisions, then random
//! moves for everyone to the end of the game (or the horizon).

use domain::{Actor, AnyGame, AnyMove, Outcome, Seat};
use rand_chacha::ChaCha8Rng;

use super::horizon::Horizon;
use super::index_below;
use super::tree::{Child, Node};

/// A simulated game is never timed: deadlines are left to the server.
const SIMULATED_NOW: i64 = 0;
/// Guards against a rules bug looping a rollout; every game ends long before.
const MAX_STEPS: usize = 100_000;

/// What stays the same through every playout of one decision.
#[derive(Clone, Copy)]
pub(super) struct Search {
    pub seat: Seat,
    pub horizon: Horizon,
    pub exploration: f64,
}

/// Plays from `game` (where the tree's `node` is the bot's next decision) to the end or the
/// horizon and returns the bot's reward, recording it along the tree path. `root_moves` replaces
/// the legal moves at the first decision (a fixed candidate list shared by every deal).
pub(super) fn playout(
    node: &mut Node,
    game: &mut AnyGame,
    search: Search,
    root_moves: Option<&[AnyMove]>,
    rng: &mut ChaCha8Rng,
) -> f64 {
    let Search {
        seat,
        horizon,
        exploration,
    } = search;
    if !others_until_seat(game, seat, horizon, rng) {
        return reward(game, seat, horizon);
    }
    let listed;
    let legal = match root_moves {
        Some(moves) => moves,
        None => match game.legal_moves(seat).list() {
            Some(moves) => {
                listed = moves;
                &listed
            }
            // Too many moves to branch on (a selection): no tree below here.
            None => return rollout(game, seat, horizon, rng),
        },
    };
    let untried: Vec<&AnyMove> = legal.iter().filter(|mv| node.child(mv).is_none()).collect();
    if !untried.is_empty() {
        let mv = untried[index_below(rng, untried.len())].clone();
        if game
            .apply(Actor::Seat(seat), mv.clone(), SIMULATED_NOW)
            .is_err()
        {
            return rollout(game, seat, horizon, rng);
        }
        let reward = rollout(game, seat, horizon, rng);
        let mut child = Child::new(mv);
        child.record(reward);
        node.children.push(child);
        return reward;
    }
    let Some(index) = node.select(legal, exploration) else {
        return rollout(game, seat, horizon, rng);
    };
    let child = &mut node.children[index];
    if game
        .apply(Actor::Seat(seat), child.mv.clone(), SIMULATED_NOW)
        .is_err()
    {
        return rollout(game, seat, horizon, rng);
    }
    let reward = playout(&mut child.node, game, search, None, rng);
    child.record(reward);
    reward
}

/// Random moves for the other seats until `seat` must act; `false` when the game ended (or
/// reached the horizon) first.
fn others_until_seat(
    game: &mut AnyGame,
    seat: Seat,
    horizon: Horizon,
    rng: &mut ChaCha8Rng,
) -> bool {
    for _ in 0..MAX_STEPS {
        if game.is_over() || horizon.reached(game) {
            return false;
        }
        let to_act = game.to_act();
        if to_act.contains(&seat) {
            return true;
        }
        if !random_step(game, &to_act, rng) {
            return false;
        }
    }
    false
}

/// Random moves for everyone to the end (or the horizon); the bot's reward.
fn rollout(game: &mut AnyGame, seat: Seat, horizon: Horizon, rng: &mut ChaCha8Rng) -> f64 {
    for _ in 0..MAX_STEPS {
        if game.is_over() || horizon.reached(game) {
            break;
        }
        let to_act = game.to_act();
        if !random_step(game, &to_act, rng) {
            break;
        }
    }
    reward(game, seat, horizon)
}

/// One random legal move of one of the seats to act; `false` when none can move.
fn random_step(game: &mut AnyGame, to_act: &[Seat], rng: &mut ChaCha8Rng) -> bool {
    if to_act.is_empty() {
        return false;
    }
    let mover = to_act[index_below(rng, to_act.len())];
    let Some(mv) = game.random_legal_move(mover, rng) else {
        return false;
    };
    game.apply(Actor::Seat(mover), mv, SIMULATED_NOW).is_ok()
}

/// The bot's reward for a finished game, or for an unfinished one at the horizon. A game that
/// is neither (only after a rules bug) is worth the middle.
fn reward(game: &AnyGame, seat: Seat, horizon: Horizon) -> f64 {
    match game.outcome() {
        Some(outcome) => outcome_reward(&outcome, seat),
        None => horizon.value(game, seat).unwrap_or(0.5),
    }
}

fn outcome_reward(outcome: &Outcome, seat: Seat) -> f64 {
    let players = outcome.ranking.len();
    let place = outcome
        .ranking
        .iter()
        .find(|placement| placement.seat == seat)
        .map_or(players, |placement| usize::from(placement.place));
    standing_reward(players, place, outcome.winners.contains(&seat))
}

/// Half for winning (a shared win counts), half for the place among `places` competitors:
/// 1 for first, 0 for last.
pub(super) fn standing_reward(places: usize, place: usize, won: bool) -> f64 {
    let standing = if places > 1 {
        places.saturating_sub(place) as f64 / (places - 1) as f64
    } else {
        1.0
    };
    0.5 * f64::from(u8::from(won)) + 0.5 * standing
}

#[cfg(test)]
mod tests {
    use super::standing_reward;

    #[test]
    fn the_reward_is_half_for_winning_and_half_for_the_place() {
        assert_eq!(standing_reward(3, 1, true), 1.0);
        assert_eq!(standing_reward(3, 2, false), 0.25);
        assert_eq!(standing_reward(3, 3, false), 0.0);
        // Two seats sharing first place both win.
        assert_eq!(standing_reward(4, 1, true), 1.0);
        assert_eq!(standing_reward(4, 3, false), 1.0 / 6.0);
        assert_eq!(standing_reward(1, 1, true), 1.0);
    }
}
