//! How a turn moves on: declaration, count, card step, then the resolution.
//! Every function here runs only after the checks passed, so none of them can fail.

use super::events::Event;
use super::state::{CardStep, Commit, Party, Phase, TradeOrDuel};
use super::terms::{Action, Card, CommitHow, CountHow};
use crate::{Seat, Timestamp};

impl TradeOrDuel {
    /// Opens a decision point at `now`.
    pub(super) fn open_decision(&mut self, now: Timestamp) {
        self.deadline = self
            .options
            .deadline_secs()
            .map(|secs| now.saturating_add(secs));
    }

    pub(super) fn begin_turn(&mut self, now: Timestamp, events: &mut Vec<Event>) {
        self.phase = Phase::Declaration;
        events.push(Event::TurnStarted {
            round: self.round,
            extra: self.extra_round(),
            seat: self.active(),
        });
        self.open_decision(now);
    }

    pub(super) fn declare(
        &mut self,
        target: Seat,
        action: Action,
        by_default: bool,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) {
        let active = self.active();
        events.push(Event::Declared {
            active,
            target,
            action,
            by_default,
        });
        if self.hand(active).len() == 1 || self.hand(target).len() == 1 {
            self.set_count(target, action, 1, CountHow::Forced, now, events);
        } else {
            self.phase = Phase::Answer { target, action };
            self.open_decision(now);
        }
    }

    pub(super) fn answer(
        &mut self,
        count: u8,
        how: CountHow,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) {
        if let Phase::Answer { target, action } = self.phase {
            self.set_count(target, action, count, how, now, events);
        }
    }

    /// Records the count, commits every hand whose size equals it, and waits for the rest.
    fn set_count(
        &mut self,
        target: Seat,
        action: Action,
        count: u8,
        count_how: CountHow,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) {
        events.push(Event::CountSet {
            target,
            count,
            how: count_how,
        });
        let mut step = CardStep {
            target,
            action,
            count,
            count_how,
            active_commit: None,
            target_commit: None,
        };
        for (party, seat) in [(Party::Active, self.active()), (Party::Target, target)] {
            let hand = self.hand(seat).to_vec();
            if hand.len() == usize::from(count) {
                events.push(Event::Committed {
                    seat,
                    how: CommitHow::Forced,
                    cards: hand.clone(),
                });
                let commit = Some(Commit {
                    cards: hand,
                    how: CommitHow::Forced,
                });
                match party {
                    Party::Active => step.active_commit = commit,
                    Party::Target => step.target_commit = commit,
                }
            }
        }
        let ready = step.active_commit.is_some() && step.target_commit.is_some();
        self.phase = Phase::Cards(step);
        if ready {
            self.resolve(now, events);
        } else {
            self.open_decision(now);
        }
    }

    /// Commits one party's cards; the second commit resolves the interaction.
    /// The deadline of the card step is shared, so a first commit leaves it alone.
    pub(super) fn commit(
        &mut self,
        party: Party,
        cards: Vec<Card>,
        how: CommitHow,
        now: Timestamp,
        events: &mut Vec<Event>,
    ) {
        let active = self.active();
        let Phase::Cards(step) = &mut self.phase else {
            return;
        };
        let seat = match party {
            Party::Active => active,
            Party::Target => step.target,
        };
        events.push(Event::Committed {
            seat,
            how,
            cards: cards.clone(),
        });
        let commit = Some(Commit { cards, how });
        match party {
            Party::Active => step.active_commit = commit,
            Party::Target => step.target_commit = commit,
        }
        if step.active_commit.is_some() && step.target_commit.is_some() {
            self.resolve(now, events);
        }
    }

    /// After a resolution that left two or more survivors: the next turn, or the end of the
    /// round with its comparison.
    pub(super) fn advance_turn(&mut self, now: Timestamp, events: &mut Vec<Event>) {
        if let Some(visit) = self.next_visit_from(usize::from(self.visit) + 1) {
            self.visit = visit;
            self.begin_turn(now, events);
            return;
        }
        if self.round >= self.options.turns_each() {
            let lowest_tied = self.compare_hands(events);
            if !lowest_tied {
                self.end_game(events);
                return;
            }
        }
        self.round += 1;
        self.visit = self.next_visit_from(0).unwrap_or(0);
        self.begin_turn(now, events);
    }

    /// The smallest visit index ≥ `from` whose seat holds a survivor.
    pub(super) fn next_visit_from(&self, from: usize) -> Option<u8> {
        (from..self.seat_count())
            .find(|visit| self.is_survivor(self.seat_at_visit(*visit)))
            .and_then(|visit| u8::try_from(visit).ok())
    }

    /// Applies the default of every decision pending at the current decision point.
    pub(super) fn apply_defaults(&mut self, now: Timestamp, events: &mut Vec<Event>) {
        match &self.phase {
            Phase::Declaration => {
                if let Some(target) = self.next_survivor_after(self.active()) {
                    self.declare(target, Action::Duel, true, now, events);
                }
            }
            Phase::Answer { .. } => self.answer(1, CountHow::Default, now, events),
            Phase::Cards(_) => {
                // Both pending parties are defaulted, the active player first.
                for party in [Party::Active, Party::Target] {
                    let Phase::Cards(step) = &self.phase else {
                        break;
                    };
                    if step.commit_of(party).is_some() {
                        continue;
                    }
                    let seat = match party {
                        Party::Active => self.active(),
                        Party::Target => step.target,
                    };
                    let lowest = self.hand(seat).iter().take(1).copied().collect();
                    self.commit(party, lowest, CommitHow::Default, now, events);
                }
            }
            Phase::Over(_) => {}
        }
    }
}
