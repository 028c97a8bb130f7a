//! The checks of `apply` and `expire`, in the rules' order. They only read the state.

use super::moves::Move;
use super::state::{Party, Phase, TradeOrDuel};
use super::terms::{Action, Card, DECK_SIZE};
use crate::{Actor, IllegalMove, Seat, Timestamp};

/// A move that passed every check, in validated form.
pub(super) enum Command {
    Declare { target: Seat, action: Action },
    Answer { count: u8 },
    Choose { party: Party, cards: Vec<Card> },
}

fn refuse(code: &'static str, detail: &str) -> IllegalMove {
    IllegalMove::new(code, detail)
}

impl TradeOrDuel {
    pub(super) fn check_move(&self, actor: Actor, mv: &Move) -> Result<Command, IllegalMove> {
        if self.is_over() {
            return Err(refuse("game_over", "the game has ended"));
        }
        let seat = actor
            .seat()
            .filter(|seat| self.is_seat(*seat))
            .ok_or_else(|| refuse("not_a_player", "you do not have a seat in this game"))?;
        if !self.is_survivor(seat) {
            return Err(refuse("player_eliminated", "you are out of the game"));
        }
        match (mv, &self.phase) {
            (Move::Declare { target, action }, Phase::Declaration) => {
                if seat != self.active() {
                    return Err(not_your_decision());
                }
                self.check_declare(seat, *target, action)
            }
            (Move::Answer { count }, Phase::Answer { target, .. }) => {
                if seat != *target {
                    return Err(not_your_decision());
                }
                match u8::try_from(*count) {
                    Ok(count @ 1..=2) => Ok(Command::Answer { count }),
                    _ => Err(refuse(
                        "invalid_count",
                        "the answer must be One (1) or Two (2)",
                    )),
                }
            }
            (Move::ChooseCards { cards }, Phase::Cards(step)) => {
                let party = self.party_of(seat).ok_or_else(not_your_decision)?;
                if step.commit_of(party).is_some() {
                    return Err(refuse(
                        "already_committed",
                        "your card(s) for this interaction are already fixed",
                    ));
                }
                let cards = self.check_cards(seat, cards, step.count)?;
                Ok(Command::Choose { party, cards })
            }
            _ => Err(refuse(
                "wrong_phase",
                "this move does not belong to the current phase",
            )),
        }
    }

    fn check_declare(&self, seat: Seat, target: i64, action: &str) -> Result<Command, IllegalMove> {
        let action = Action::from_id(action)
            .ok_or_else(|| refuse("invalid_action", "the action must be trade or duel"))?;
        let target = u8::try_from(target)
            .ok()
            .map(Seat)
            .filter(|target| self.is_seat(*target))
            .ok_or_else(|| refuse("invalid_target", "no such seat in this game"))?;
        if target == seat {
            return Err(refuse(
                "target_is_self",
                "you cannot interact with yourself",
            ));
        }
        if !self.is_survivor(target) {
            return Err(refuse(
                "target_eliminated",
                "that player is out of the game",
            ));
        }
        Ok(Command::Declare { target, action })
    }

    fn check_cards(&self, seat: Seat, cards: &[i64], count: u8) -> Result<Vec<Card>, IllegalMove> {
        let mut valid = Vec::with_capacity(cards.len());
        for value in cards {
            let card = Card::try_from(*value)
                .ok()
                .filter(|card| (1..=DECK_SIZE).contains(card))
                .ok_or_else(|| refuse("invalid_card", "cards are the values 1 to 18"))?;
            valid.push(card);
        }
        let mut sorted = valid.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != valid.len() {
            return Err(refuse(
                "duplicate_card",
                "the same card is listed more than once",
            ));
        }
        if valid.len() != usize::from(count) {
            return Err(refuse(
                "wrong_card_count",
                &format!("you must commit exactly {count} card(s)"),
            ));
        }
        if !valid.iter().all(|card| self.hand(seat).contains(card)) {
            return Err(refuse("card_not_in_hand", "you do not hold that card"));
        }
        Ok(sorted)
    }

    pub(super) fn check_expire(&self, now: Timestamp) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(refuse("game_over", "the game has ended"));
        }
        if self.options.deadline_secs().is_none() {
            return Err(refuse("no_deadline", "this game has no deadline"));
        }
        match self.deadline {
            Some(deadline) if now < deadline => Err(refuse(
                "deadline_not_reached",
                "the current deadline has not passed yet",
            )),
            _ => Ok(()),
        }
    }
}

fn not_your_decision() -> IllegalMove {
    refuse(
        "not_your_decision",
        "the current phase does not wait for you",
    )
}
