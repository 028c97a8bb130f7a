//! The full game state and the queries on it.

use serde::{Deserialize, Serialize};

use super::options::Options;
use super::terms::{Action, Card, CommitHow, Comparison, CountHow, GameResult, PhaseName};
use crate::{GameRng, Seat, Timestamp, Viewer};

/// The whole state of one game of Trade or Duel, hidden cards included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TradeOrDuel {
    pub(super) options: Options,
    pub(super) rng: GameRng,
    /// Every seat's hand, ascending. A committed card stays here until the resolution.
    pub(super) hands: Vec<Vec<Card>>,
    /// Ascending.
    pub(super) set_aside: Vec<Card>,
    /// Ascending; the log keeps the order of discards.
    pub(super) discard: Vec<Card>,
    /// Per seat: the elimination index, once eliminated.
    pub(super) elimination: Vec<Option<u32>>,
    /// The last elimination index given out (0 = nobody eliminated yet).
    pub(super) last_elimination: u32,
    pub(super) first_player: Seat,
    pub(super) round: u32,
    /// Index k of the current turn within the round: the active seat is (F + k) mod n.
    pub(super) visit: u8,
    pub(super) phase: Phase,
    pub(super) deadline: Option<Timestamp>,
    pub(super) last_comparison: Option<Comparison>,
    /// The two parties of every trade so far, each pair ascending, without repeats. Their
    /// cards stay hidden from everyone else for good (rule D6), and the seed would reveal them.
    #[serde(default)]
    pub(super) trade_parties: Vec<[Seat; 2]>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) enum Phase {
    Declaration,
    Answer { target: Seat, action: Action },
    Cards(CardStep),
    Over(GameResult),
}

/// The interaction of the current turn once its count is known.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct CardStep {
    pub target: Seat,
    pub action: Action,
    pub count: u8,
    pub count_how: CountHow,
    pub active_commit: Option<Commit>,
    pub target_commit: Option<Commit>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Commit {
    pub cards: Vec<Card>,
    pub how: CommitHow,
}

impl CardStep {
    pub fn commit_of(&self, party: Party) -> Option<&Commit> {
        match party {
            Party::Active => self.active_commit.as_ref(),
            Party::Target => self.target_commit.as_ref(),
        }
    }
}

/// Which side of the current interaction a seat is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Party {
    Active,
    Target,
}

impl TradeOrDuel {
    pub(super) fn seat_count(&self) -> usize {
        self.hands.len()
    }

    /// The seat whose turn it is (meaningless once the game is over).
    pub(super) fn active(&self) -> Seat {
        self.seat_at_visit(usize::from(self.visit))
    }

    pub(super) fn seat_at_visit(&self, visit: usize) -> Seat {
        let index = (self.first_player.index() + visit) % self.seat_count();
        Seat(u8::try_from(index).unwrap_or(0))
    }

    pub(super) fn is_seat(&self, seat: Seat) -> bool {
        seat.index() < self.seat_count()
    }

    pub(super) fn is_survivor(&self, seat: Seat) -> bool {
        self.elimination
            .get(seat.index())
            .is_some_and(Option::is_none)
    }

    pub(super) fn survivors(&self) -> Vec<Seat> {
        (0..self.seat_count())
            .map(|index| Seat(u8::try_from(index).unwrap_or(0)))
            .filter(|seat| self.is_survivor(*seat))
            .collect()
    }

    pub(super) fn hand(&self, seat: Seat) -> &[Card] {
        self.hands.get(seat.index()).map_or(&[], Vec::as_slice)
    }

    pub(super) fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    pub(super) fn extra_round(&self) -> bool {
        self.round > self.options.turns_each()
    }

    pub(super) fn phase_name(&self) -> PhaseName {
        match self.phase {
            Phase::Declaration => PhaseName::AwaitingDeclaration,
            Phase::Answer { .. } => PhaseName::AwaitingAnswer,
            Phase::Cards(_) => PhaseName::AwaitingCards,
            Phase::Over(_) => PhaseName::GameOver,
        }
    }

    /// The side `seat` is on in the current interaction, if it is a party.
    pub(super) fn party_of(&self, seat: Seat) -> Option<Party> {
        let target = match &self.phase {
            Phase::Answer { target, .. } => *target,
            Phase::Cards(step) => step.target,
            Phase::Declaration | Phase::Over(_) => return None,
        };
        if seat == self.active() {
            Some(Party::Active)
        } else if seat == target {
            Some(Party::Target)
        } else {
            None
        }
    }

    /// The first survivor clockwise after `seat`: the default target.
    pub(super) fn next_survivor_after(&self, seat: Seat) -> Option<Seat> {
        let n = self.seat_count();
        (1..n)
            .map(|step| Seat(u8::try_from((seat.index() + step) % n).unwrap_or(0)))
            .find(|candidate| self.is_survivor(*candidate))
    }

    /// Whether `viewer` was a party to every trade of the game so far: nothing about a trade
    /// is then hidden from it.
    pub(super) fn party_to_every_trade(&self, viewer: Viewer) -> bool {
        self.trade_parties
            .iter()
            .all(|pair| viewer.seat().is_some_and(|seat| pair.contains(&seat)))
    }

    /// Seats whose decision is pending, ascending.
    pub(super) fn pending(&self) -> Vec<Seat> {
        let mut seats = match &self.phase {
            Phase::Declaration => vec![self.active()],
            Phase::Answer { target, .. } => vec![*target],
            Phase::Cards(step) => {
                let mut seats = Vec::new();
                if step.active_commit.is_none() {
                    seats.push(self.active());
                }
                if step.target_commit.is_none() {
                    seats.push(step.target);
                }
                seats
            }
            Phase::Over(_) => Vec::new(),
        };
        seats.sort_unstable();
        seats
    }
}
