//! Resolution of an interaction, eliminations, comparisons and the end of the game.

use super::events::Event;
use super::state::{CardStep, Phase, TradeOrDuel};
use super::terms::{
    Action, Card, Comparison, DuelOutcome, GameResult, Placing, SeatHand, Standing, total,
};
use crate::{Seat, Timestamp};

impl TradeOrDuel {
    /// Resolves the interaction once both parties are committed.
    pub(super) fn resolve(&mut self, now: Timestamp, events: &mut Vec<Event>) {
        let Phase::Cards(step) = &self.phase else {
            return;
        };
        let (Some(active_commit), Some(target_commit)) = (&step.active_commit, &step.target_commit)
        else {
            return;
        };
        let (active_cards, target_cards) =
            (active_commit.cards.clone(), target_commit.cards.clone());
        // The next turn or the end replaces the card step as the phase.
        let step = step.clone();
        let active = self.active();
        let losers = match step.action {
            Action::Trade => {
                self.trade(active, &step, &active_cards, &target_cards, events);
                Vec::new()
            }
            Action::Duel => self.duel(active, &step, active_cards, target_cards, events),
        };
        self.eliminate_emptied(&losers, events);
        if self.survivors().len() <= 1 {
            self.end_game(events);
        } else {
            self.advance_turn(now, events);
        }
    }

    fn trade(
        &mut self,
        active: Seat,
        step: &CardStep,
        active_gave: &[Card],
        target_gave: &[Card],
        events: &mut Vec<Event>,
    ) {
        self.take_from_hand(active, active_gave);
        self.take_from_hand(step.target, target_gave);
        self.add_to_hand(active, target_gave);
        self.add_to_hand(step.target, active_gave);
        let mut pair = [active, step.target];
        pair.sort_unstable();
        if !self.trade_parties.contains(&pair) {
            self.trade_parties.push(pair);
        }
        events.push(Event::TradeResolved {
            active,
            target: step.target,
            count: step.count,
            active_gave: active_gave.to_vec(),
            target_gave: target_gave.to_vec(),
        });
    }

    /// Returns the losers, who discarded their committed cards.
    fn duel(
        &mut self,
        active: Seat,
        step: &CardStep,
        active_cards: Vec<Card>,
        target_cards: Vec<Card>,
        events: &mut Vec<Event>,
    ) -> Vec<Seat> {
        let (active_total, target_total) = (total(&active_cards), total(&target_cards));
        let (outcome, losers) = match active_total.cmp(&target_total) {
            std::cmp::Ordering::Greater => (DuelOutcome::ActiveWon, vec![step.target]),
            std::cmp::Ordering::Less => (DuelOutcome::TargetWon, vec![active]),
            std::cmp::Ordering::Equal => (DuelOutcome::Tie, vec![active, step.target]),
        };
        let mut discarded = Vec::new();
        for loser in &losers {
            let cards = if *loser == active {
                &active_cards
            } else {
                &target_cards
            };
            self.take_from_hand(*loser, cards);
            discarded.extend_from_slice(cards);
        }
        discarded.sort_unstable();
        self.discard.extend_from_slice(&discarded);
        self.discard.sort_unstable();
        events.push(Event::DuelResolved {
            active,
            target: step.target,
            count: step.count,
            active_cards,
            target_cards,
            active_total,
            target_total,
            outcome,
            discarded,
        });
        losers
    }

    fn take_from_hand(&mut self, seat: Seat, cards: &[Card]) {
        if let Some(hand) = self.hands.get_mut(seat.index()) {
            hand.retain(|card| !cards.contains(card));
        }
    }

    fn add_to_hand(&mut self, seat: Seat, cards: &[Card]) {
        if let Some(hand) = self.hands.get_mut(seat.index()) {
            hand.extend_from_slice(cards);
            hand.sort_unstable();
        }
    }

    /// Eliminates every party left without cards; they share the next elimination index.
    fn eliminate_emptied(&mut self, candidates: &[Seat], events: &mut Vec<Event>) {
        let mut seats: Vec<Seat> = candidates
            .iter()
            .copied()
            .filter(|seat| self.hand(*seat).is_empty())
            .collect();
        if seats.is_empty() {
            return;
        }
        seats.sort_unstable();
        self.last_elimination += 1;
        for seat in &seats {
            if let Some(slot) = self.elimination.get_mut(seat.index()) {
                *slot = Some(self.last_elimination);
            }
        }
        events.push(Event::Eliminated {
            seats,
            elimination_index: self.last_elimination,
        });
    }

    fn survivor_hands(&self) -> Vec<SeatHand> {
        self.survivors()
            .into_iter()
            .map(|seat| SeatHand {
                seat,
                cards: self.hand(seat).to_vec(),
                total: total(self.hand(seat)),
            })
            .collect()
    }

    /// Lays every survivor's hand open; returns whether two or more share the lowest total.
    pub(super) fn compare_hands(&mut self, events: &mut Vec<Event>) -> bool {
        let hands = self.survivor_hands();
        let lowest = hands.iter().map(|hand| hand.total).min();
        let lowest_tied = hands
            .iter()
            .filter(|hand| Some(hand.total) == lowest)
            .count()
            > 1;
        events.push(Event::HandsCompared {
            round: self.round,
            hands: hands.clone(),
            lowest_tied,
        });
        self.last_comparison = Some(Comparison {
            round: self.round,
            hands,
            lowest_tied,
        });
        lowest_tied
    }

    /// Ends the game; it is only called when the winner (if any) is unique.
    pub(super) fn end_game(&mut self, events: &mut Vec<Event>) {
        let ranking = self.ranking();
        let winner = ranking
            .iter()
            .find(|placing| {
                placing.place == 1 && matches!(placing.standing, Standing::Survivor { .. })
            })
            .map(|placing| placing.seat);
        let result = GameResult {
            winner,
            ranking,
            final_hands: self.survivor_hands(),
            set_aside: self.set_aside.clone(),
        };
        events.push(Event::GameEnded {
            winner: result.winner,
            ranking: result.ranking.clone(),
            final_hands: result.final_hands.clone(),
            set_aside: result.set_aside.clone(),
        });
        self.phase = Phase::Over(result);
        self.deadline = None;
    }

    /// Survivors by total ascending, then the eliminated by index descending; competition places.
    fn ranking(&self) -> Vec<Placing> {
        // Lower keys rank better: survivors (0, total), eliminated (1, u32::MAX - index).
        let key = |seat: usize| match self.elimination.get(seat).copied().flatten() {
            None => (0u8, total(self.hand(Seat(u8::try_from(seat).unwrap_or(0))))),
            Some(index) => (1u8, u32::MAX - index),
        };
        let n = self.seat_count();
        let mut ranking: Vec<Placing> = (0..n)
            .map(|seat| {
                let ahead = (0..n).filter(|other| key(*other) < key(seat)).count();
                let seat_id = Seat(u8::try_from(seat).unwrap_or(0));
                Placing {
                    seat: seat_id,
                    place: u8::try_from(ahead + 1).unwrap_or(u8::MAX),
                    standing: match self.elimination.get(seat).copied().flatten() {
                        None => Standing::Survivor {
                            hand_total: total(self.hand(seat_id)),
                        },
                        Some(elimination_index) => Standing::Eliminated { elimination_index },
                    },
                }
            })
            .collect();
        ranking.sort_by_key(|placing| (placing.place, placing.seat));
        ranking
    }
}
