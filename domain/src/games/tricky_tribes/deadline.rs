//! Missed deadlines: the default move of each decision point, and one expiry step.

use super::card::Card;
use super::events::Event;
use super::judge::Face;
use super::moves::Move;
use super::participant::Participant;
use super::{Phase, TrickyTribes};
use crate::{Actor, IllegalMove, Seat, Timestamp};

impl TrickyTribes {
    fn lowest(&self, seat: Seat) -> Option<Card> {
        self.hands.get(seat.index())?.iter().min().copied()
    }

    pub(super) fn default_for(&self, seat: Seat) -> Option<Move> {
        if !self.to_act_contains(seat) {
            return None;
        }
        match &self.phase {
            Phase::Exchange { drawn: None, .. } => Some(Move::ExchangePass),
            // Discarding the drawn card keeps the hand as dealt.
            Phase::Exchange {
                drawn: Some(card), ..
            } => Some(Move::exchange_discard(*card)),
            Phase::Trim { .. } => self.lowest(seat).map(Move::trim_discard),
            Phase::Trick { plays, .. } if plays.is_empty() => {
                let hand = self.hands.get(seat.index())?;
                let card = hand
                    .iter()
                    .copied()
                    .filter(|card| card.is_natural_black())
                    .min()
                    .or_else(|| hand.iter().min().copied())?;
                Some(Move::lead(card, Face::Open))
            }
            Phase::Trick { .. } => self.lowest(seat).map(Move::respond),
            Phase::Over => None,
        }
    }

    fn to_act_contains(&self, seat: Seat) -> bool {
        match &self.phase {
            Phase::Exchange { turn, .. } => self.exchange_seat(*turn) == seat,
            Phase::Trim { pending } => pending.contains(&seat),
            Phase::Trick { .. } => self.next_to_play() == Some(Participant::Seat(seat)),
            Phase::Over => false,
        }
    }

    /// Applies the default move of every seat pending at the expired decision point.
    pub(super) fn expire_now(&mut self, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::new("game_over", "the game has finished"));
        }
        let Some(deadline) = self
            .deadline
            .filter(|_| self.options.deadline_secs().is_some())
        else {
            return Err(IllegalMove::new("no_deadline", "this game has no deadline"));
        };
        if now < deadline {
            return Err(IllegalMove::new(
                "deadline_not_reached",
                "the deadline has not passed yet",
            ));
        }
        let pending: Vec<Seat> = match &self.phase {
            Phase::Exchange { turn, .. } => vec![self.exchange_seat(*turn)],
            Phase::Trim { pending } => pending.clone(),
            Phase::Trick { .. } => self
                .next_to_play()
                .and_then(Participant::seat)
                .into_iter()
                .collect(),
            Phase::Over => Vec::new(),
        };
        if pending.is_empty() {
            // Only the dummy can be due with no seat pending, and it waits only when the stock
            // is empty (impossible with valid options). An expiry would change nothing and
            // repeat for ever, so it is refused.
            return Err(IllegalMove::new(
                "stock_empty",
                "the dummy must play but the stock is empty",
            ));
        }
        // Every default is checked before any takes effect, so a refusal changes nothing.
        let mut actions = Vec::with_capacity(pending.len());
        for seat in pending {
            let mv = self
                .default_for(seat)
                .ok_or_else(|| IllegalMove::new("no_default", "no default move is available"))?;
            actions.push(self.check(Actor::Seat(seat), &mv)?);
        }
        let mut events = Vec::new();
        for action in actions {
            self.perform(action, true, now, &mut events);
        }
        Ok(events)
    }
}
