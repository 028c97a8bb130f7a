//! The search tree over the bot's own decisions. Other seats' moves are not branched on: in a
//! playout they are drawn at random, so a node is reached by the bot's own moves alone
//! ("open loop"). This keeps a simultaneous secret choice of another seat from being made with
//! knowledge of the bot's own, and keeps hidden cards of the deal from steering other seats.

use domain::AnyMove;

/// One decision of the bot: the moves tried from here and how they fared.
#[derive(Default)]
pub(super) struct Node {
    pub children: Vec<Child>,
}

pub(super) struct Child {
    pub mv: AnyMove,
    pub visits: u32,
    pub reward: f64,
    pub node: Node,
}

impl Child {
    pub fn new(mv: AnyMove) -> Self {
        Self {
            mv,
            visits: 0,
            reward: 0.0,
            node: Node::default(),
        }
    }

    pub fn record(&mut self, reward: f64) {
        self.visits += 1;
        self.reward += reward;
    }

    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}

impl Node {
    pub fn child(&self, mv: &AnyMove) -> Option<usize> {
        self.children.iter().position(|child| child.mv == *mv)
    }

    /// The child with the best upper confidence bound among those whose move is legal now
    /// (counting only the visits of those children: a move is not always available).
    pub fn select(&self, legal: &[AnyMove], exploration: f64) -> Option<usize> {
        let available: Vec<usize> = legal.iter().filter_map(|mv| self.child(mv)).collect();
        let visits: u32 = available.iter().map(|&i| self.children[i].visits).sum();
        let log_visits = f64::from(visits.max(1)).ln();
        available.into_iter().max_by(|&a, &b| {
            let bound = |i: usize| {
                let child = &self.children[i];
                let n = f64::from(child.visits.max(1));
                child.mean() + exploration * (log_visits / n).sqrt()
            };
            bound(a).total_cmp(&bound(b))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Child, Node};
    use domain::AnyMove;
    use domain::games::trade_or_duel::Move;

    fn answer(count: i64) -> AnyMove {
        AnyMove::TradeOrDuel(Move::Answer { count })
    }

    fn child(mv: AnyMove, visits: u32, reward: f64) -> Child {
        let mut child = Child::new(mv);
        for _ in 0..visits {
            child.record(reward / f64::from(visits));
        }
        child
    }

    #[test]
    fn selection_prefers_the_better_mean_among_legal_moves() {
        let node = Node {
            children: vec![child(answer(1), 10, 2.0), child(answer(2), 10, 8.0)],
        };
        assert_eq!(node.select(&[answer(1), answer(2)], 0.7), Some(1));
        // A move that is not legal now is never selected.
        assert_eq!(node.select(&[answer(1)], 0.7), Some(0));
        assert_eq!(node.select(&[], 0.7), None);
    }

    #[test]
    fn selection_explores_a_rarely_tried_move() {
        let node = Node {
            children: vec![child(answer(1), 1, 0.4), child(answer(2), 400, 200.0)],
        };
        assert_eq!(node.select(&[answer(1), answer(2)], 0.7), Some(0));
        assert_eq!(node.select(&[answer(1), answer(2)], 0.0), Some(1));
    }
}
