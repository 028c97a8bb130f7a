//! Closing a phase: revealing selections, resolving a turn, finishing the game.

use super::events::Event;
use super::nmr;
use super::records::{GameResult, MatchRecord, SeatOrders, SelectionRecord, TurnRecord};
use super::state::Tribute;
use super::terms::{Orders, Phase, SEATS, TURNS, all_seats};
use crate::{Seat, Timestamp};

/// Matches in the order they are processed and listed.
const MATCHES: [(Seat, Seat); SEATS] = [(Seat(0), Seat(1)), (Seat(0), Seat(2)), (Seat(1), Seat(2))];

impl Tribute {
    /// Fills in NMR submissions for the seats without one and closes the phase at `at`.
    pub(super) fn close_phase(&mut self, at: Timestamp) -> Vec<Event> {
        match self.phase {
            Phase::Selection => self.close_selection(at),
            Phase::Turn(turn) => self.resolve_turn(turn, at),
            Phase::Finished => Vec::new(),
        }
    }

    fn close_selection(&mut self, at: Timestamp) -> Vec<Event> {
        let pending = std::mem::take(&mut self.pending_selections);
        let records: Vec<SelectionRecord> = all_seats()
            .into_iter()
            .zip(pending)
            .map(|(seat, selection)| {
                let nmr = selection.is_none();
                let selection =
                    selection.unwrap_or_else(|| nmr::default_selection(self.options.card_total()));
                SelectionRecord {
                    seat,
                    cards: selection.cards,
                    doubles: selection.doubles,
                    nmr,
                }
            })
            .collect();
        for record in &records {
            let i = record.seat.index();
            self.hands[i] = record.cards.clone();
            self.doubles_left[i] = record.doubles;
        }
        self.selections = records.clone();
        self.phase = Phase::Turn(1);
        self.started_at = at;
        vec![
            Event::SelectionClosed {
                closed_at: at,
                selections: records,
            },
            self.phase_started(),
        ]
    }

    fn resolve_turn(&mut self, turn: u8, at: Timestamp) -> Vec<Event> {
        let used: [(Orders, bool); SEATS] =
            all_seats().map(|seat| match self.pending_orders[seat.index()] {
                Some(orders) => (orders, false),
                None => (nmr::default_orders(self, seat), true),
            });
        self.pending_orders = Default::default();
        let total_doubles: u32 = used.iter().map(|(orders, _)| orders.doubles).sum();
        let multiplier = 2i64.checked_pow(total_doubles).unwrap_or(i64::MAX);
        let mut deltas = [0i64; SEATS];
        let matches = MATCHES.map(|(i, j)| {
            let a = used[i.index()].0.against(i, j);
            let b = used[j.index()].0.against(j, i);
            let winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some((i, j)),
                std::cmp::Ordering::Less => Some((j, i)),
                std::cmp::Ordering::Equal => None,
            };
            if let Some((won, lost)) = winner {
                deltas[won.index()] += multiplier;
                deltas[lost.index()] -= multiplier;
            }
            MatchRecord {
                seats: [i, j],
                values: [a, b],
                winner: winner.map(|(won, _)| won),
            }
        });
        for seat in all_seats() {
            let i = seat.index();
            let (orders, _) = used[i];
            self.scores[i] += deltas[i];
            self.doubles_left[i] = self.doubles_left[i].saturating_sub(orders.doubles);
            if self.options.blind() {
                self.remaining[i] -= orders.charge(self.options.double_cost());
            } else {
                for value in [orders.lower, orders.higher] {
                    if let Some(at) = self.hands[i].iter().position(|card| *card == value) {
                        self.hands[i].remove(at);
                    }
                }
            }
        }
        let record = TurnRecord {
            turn,
            closed_at: at,
            orders: all_seats().map(|seat| {
                let (orders, nmr) = used[seat.index()];
                SeatOrders {
                    seat,
                    plays: orders.plays(seat),
                    doubles: orders.doubles,
                    nmr,
                }
            }),
            multiplier,
            matches,
            deltas,
            scores_after: self.scores,
        };
        self.turns.push(record.clone());
        let mut events = vec![Event::TurnResolved(record)];
        if turn < TURNS {
            self.phase = Phase::Turn(turn + 1);
            self.started_at = at;
            events.push(self.phase_started());
        } else {
            self.phase = Phase::Finished;
            self.started_at = at;
            let result = GameResult::from_scores(self.scores);
            self.result = Some(result.clone());
            events.push(Event::GameFinished(result));
        }
        events
    }
}
