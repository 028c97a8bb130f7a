//! The round cycle: deal, exchange or trim, tricks with automatic dummy plays and judgement,
//! scoring, and the next deal or the end of the game.

use super::card::{Card, full_deck};
use super::events::Event;
use super::judge::{Face, TrickKind, judge};
use super::options::EndCondition;
use super::participant::Participant;
use super::terms::{Play, RoundSummary, TrickRecord, UnitRound};
use super::{Phase, TrickyTribes};
use crate::{Seat, Timestamp};

impl TrickyTribes {
    /// Starts the decision clock of a new decision point.
    pub(super) fn restart_clock(&mut self, now: Timestamp) {
        self.deadline = self
            .options
            .deadline_secs()
            .map(|secs| now.saturating_add(secs));
    }

    fn left_of(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.n())
    }

    /// The seat whose exchange turn it is after `turn` seats have finished.
    pub(super) fn exchange_seat(&self, turn: u8) -> Seat {
        Seat((self.dealer.0 + 1 + turn) % self.n())
    }

    /// Whether an exchange draw is possible: the dummy keeps a full hand in reserve.
    pub(super) fn stock_available(&self) -> bool {
        let reserve = if self.options.dummy() {
            usize::from(self.options.hand_size())
        } else {
            0
        };
        self.stock.len() > reserve
    }

    fn ring_size(&self) -> usize {
        usize::from(self.n()) + usize::from(self.options.dummy())
    }

    fn next_in_ring(&self, participant: Participant) -> Participant {
        match participant {
            Participant::Dummy => Participant::Seat(self.left_of(self.dealer)),
            Participant::Seat(seat) if self.options.dummy() && seat == self.dealer => {
                Participant::Dummy
            }
            Participant::Seat(seat) => Participant::Seat(self.left_of(seat)),
        }
    }

    /// Who plays the next card of the current trick.
    pub(super) fn next_to_play(&self) -> Option<Participant> {
        match &self.phase {
            Phase::Trick { leader, plays, .. } if plays.len() < self.ring_size() => {
                Some((0..plays.len()).fold(*leader, |p, _| self.next_in_ring(p)))
            }
            _ => None,
        }
    }

    fn next_deck(&mut self) -> Vec<Card> {
        if self.preset_decks.is_empty() {
            let mut deck = full_deck(self.options.jokers(), self.options.cut_deck());
            self.rng.shuffle(&mut deck);
            deck
        } else {
            self.preset_decks.remove(0)
        }
    }

    /// R1-R3: a fresh deck, the deal, and the exchange or trim phase.
    pub(super) fn start_round(&mut self, round: u32, now: Timestamp, events: &mut Vec<Event>) {
        let n = self.n();
        self.round = round;
        self.dealer = Seat(u8::try_from((round.saturating_sub(1)) % u32::from(n)).unwrap_or(0));
        let deck = self.next_deck();
        let whole = self.options.whole_deck_deal();
        let dealt = if whole {
            deck.len()
        } else {
            usize::from(n) * usize::from(self.options.hand_size())
        };
        self.hands = vec![Vec::new(); usize::from(n)];
        for (i, card) in deck.iter().take(dealt).enumerate() {
            let seat = (usize::from(self.dealer.0) + 1 + i) % usize::from(n);
            self.hands[seat].push(*card);
        }
        for hand in &mut self.hands {
            hand.sort();
        }
        self.stock = deck.into_iter().skip(dealt).collect();
        self.discard.clear();
        self.stacks = vec![Vec::new(); usize::from(n)];
        self.dummy_stack.clear();
        self.exchanges.clear();
        self.trims.clear();
        self.tricks.clear();
        self.trick = 0;
        self.obligation = None;
        let hand_size = usize::from(self.options.hand_size());
        let must_trim: Vec<Seat> = (0..n)
            .map(Seat)
            .filter(|seat| self.hands[seat.index()].len() > hand_size)
            .collect();
        events.push(Event::RoundStarted {
            round,
            dealer: self.dealer,
            whole_deck: whole,
            hands: self.hands.clone(),
            stock_size: self.stock.len(),
            must_trim: must_trim.clone(),
        });
        self.phase = if whole {
            Phase::Trim { pending: must_trim }
        } else {
            Phase::Exchange {
                turn: 0,
                drawn: None,
            }
        };
        self.restart_clock(now);
        self.settle(now, events);
    }

    pub(super) fn start_trick(&mut self, leader: Participant, events: &mut Vec<Event>) {
        self.trick += 1;
        self.phase = Phase::Trick {
            leader,
            lead_face: None,
            plays: Vec::new(),
        };
        events.push(Event::TrickStarted {
            round: self.round,
            number: self.trick,
            leader,
            open_lead_required: self.obligation == Some(leader),
        });
    }

    /// Plays `card` for `participant` (lead or response); the card must be in hand or on the
    /// stock top for the dummy.
    pub(super) fn play(
        &mut self,
        participant: Participant,
        card: Card,
        face: Face,
        timeout: bool,
        events: &mut Vec<Event>,
    ) {
        match participant {
            Participant::Seat(seat) => self.hands[seat.index()].retain(|held| *held != card),
            Participant::Dummy => {
                if self.stock.first() == Some(&card) {
                    self.stock.remove(0);
                }
            }
        }
        let trick = self.trick;
        if let Phase::Trick {
            lead_face, plays, ..
        } = &mut self.phase
        {
            let position = u8::try_from(plays.len()).unwrap_or(u8::MAX);
            if plays.is_empty() {
                *lead_face = Some(face);
                self.obligation = None;
            }
            plays.push(Play {
                participant,
                card,
                position,
                timeout,
            });
            events.push(Event::CardPlayed {
                trick,
                participant,
                position,
                face,
                card,
                timeout,
            });
        }
    }

    /// Runs everything that needs no human decision, up to the next decision or the end.
    pub(super) fn settle(&mut self, now: Timestamp, events: &mut Vec<Event>) {
        loop {
            match &self.phase {
                Phase::Exchange { turn, .. } if *turn >= self.n() => self.begin_tricks(events),
                Phase::Trim { pending } if pending.is_empty() => self.begin_tricks(events),
                Phase::Trick { plays, .. } if plays.len() >= self.ring_size() => {
                    self.judge_trick(now, events);
                }
                Phase::Trick { plays, .. } => match self.next_to_play() {
                    Some(Participant::Dummy) => {
                        // The dummy always plays the stock top; valid options keep it stocked.
                        let Some(card) = self.stock.first().copied() else {
                            return;
                        };
                        let face =
                            if plays.is_empty() && self.obligation == Some(Participant::Dummy) {
                                Face::Open
                            } else {
                                Face::Closed
                            };
                        self.play(Participant::Dummy, card, face, false, events);
                    }
                    _ => {
                        self.restart_clock(now);
                        return;
                    }
                },
                _ => return,
            }
        }
    }

    fn begin_tricks(&mut self, events: &mut Vec<Event>) {
        let leader = if self.options.dummy() {
            Participant::Dummy
        } else {
            Participant::Seat(self.left_of(self.dealer))
        };
        self.start_trick(leader, events);
    }

    fn judge_trick(&mut self, now: Timestamp, events: &mut Vec<Event>) {
        let (leader, face, plays) = match &self.phase {
            Phase::Trick {
                leader,
                lead_face,
                plays,
            } if !plays.is_empty() => (*leader, lead_face.unwrap_or(Face::Closed), plays.clone()),
            _ => return,
        };
        let cards: Vec<Card> = plays.iter().map(|play| play.card).collect();
        let lead = cards[0];
        let kind = TrickKind::of_lead(lead, face);
        let result = judge(kind, &cards);
        let taker = plays[result.taker].participant;
        let collected: Vec<Card> = result.collected.iter().map(|&p| cards[p]).collect();
        let discarded: Vec<Card> = result.discarded.iter().map(|&p| cards[p]).collect();
        match taker {
            Participant::Seat(seat) => self.stacks[seat.index()].extend(&collected),
            Participant::Dummy => self.dummy_stack.extend(&collected),
        }
        self.discard.extend(&discarded);
        let last = self.trick >= self.options.hand_size();
        let obliged = !last && kind == TrickKind::Dark && taker == leader;
        let record = TrickRecord {
            round: self.round,
            number: self.trick,
            kind,
            lead_face: face,
            mode: result.mode,
            winner: result.winner.map(|p| plays[p].participant),
            loser: result.loser.map(|p| plays[p].participant),
            taker,
            collected,
            discarded,
            next_leader: (!last).then_some(taker),
            open_lead_required: obliged,
            plays,
        };
        self.tricks.push(record.clone());
        events.push(Event::TrickJudged { record });
        self.obligation = obliged.then_some(taker);
        if last {
            self.end_round(now, events);
        } else {
            self.start_trick(taker, events);
        }
    }

    /// R5-R6: scoring, the round summary, and the next round or the end of the game.
    pub(super) fn end_round(&mut self, now: Timestamp, events: &mut Vec<Event>) {
        self.obligation = None;
        let seat_scores: Vec<i64> = self
            .stacks
            .iter()
            .map(|stack| stack.iter().map(|card| card.value()).sum())
            .collect();
        let united = self.options.united();
        let mut units = Vec::new();
        for (index, seats) in self.options.units().into_iter().enumerate() {
            let sum: i64 = seats.iter().map(|seat| seat_scores[seat.index()]).sum();
            let round_score = if united && seats.len() == 1 {
                2 * sum
            } else {
                sum
            };
            if let Some(score) = self.scores.get_mut(index) {
                *score += round_score;
            }
            units.push(UnitRound {
                seats,
                round_score,
                cumulative: self.scores.get(index).copied().unwrap_or(0),
            });
        }
        let summary = RoundSummary {
            round: self.round,
            dealer: self.dealer,
            stacks: self.stacks.clone(),
            dummy_stack: self.options.dummy().then(|| self.dummy_stack.clone()),
            seat_scores,
            units,
        };
        self.summaries = vec![summary.clone()];
        events.push(Event::RoundScored { summary });
        let unit_scores = self.unit_scores();
        let winning: Vec<&super::UnitScore> = match self.options.end_condition() {
            EndCondition::TargetScore(target) => unit_scores
                .iter()
                .filter(|unit| unit.score >= target)
                .collect(),
            EndCondition::FixedRounds(rounds) if self.round >= rounds => {
                let best = unit_scores.iter().map(|unit| unit.score).max();
                unit_scores
                    .iter()
                    .filter(|unit| Some(unit.score) == best)
                    .collect()
            }
            EndCondition::FixedRounds(_) => Vec::new(),
        };
        if winning.is_empty() {
            self.start_round(self.round + 1, now, events);
            return;
        }
        let mut winners: Vec<Seat> = winning
            .iter()
            .flat_map(|unit| unit.seats.iter().copied())
            .collect();
        winners.sort();
        self.winners = winners.clone();
        self.phase = Phase::Over;
        self.deadline = None;
        events.push(Event::GameEnded {
            winners,
            scores: unit_scores,
        });
    }
}
