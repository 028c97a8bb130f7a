//! What one viewer may see of the state, built field by field.

use super::options::Options;
use super::state::{Phase, TradeOrDuel};
use super::terms::{Action, Card, Comparison, CountHow, GameResult, PhaseName};
use crate::{Seat, Timestamp, Viewer};

/// Everything one viewer may see now.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The viewer's seat; `None` for a spectator.
    pub viewer: Option<Seat>,
    pub phase: PhaseName,
    pub round: u32,
    /// The current round comes after the regular rounds.
    pub extra_round: bool,
    pub first_player: Seat,
    /// The seat whose turn it is; `None` once the game is over.
    pub active: Option<Seat>,
    /// The current interaction, from its declaration to its resolution.
    pub interaction: Option<InteractionView>,
    /// Public facts about every seat, by seat.
    pub seats: Vec<SeatView>,
    pub set_aside_count: u8,
    /// Ascending.
    pub discard: Vec<Card>,
    pub deadline: Option<Timestamp>,
    pub options: Options,
    /// The viewer's own hand, ascending; `None` for a spectator.
    pub hand: Option<Vec<Card>>,
    /// The viewer's own committed card(s) while the interaction is unresolved.
    pub committed_cards: Option<Vec<Card>>,
    /// The hands revealed by the latest comparison, if one happened.
    pub last_comparison: Option<Comparison>,
    /// The result, once the game is over.
    pub result: Option<GameResult>,
}

/// The public part of the current interaction.
#[derive(Clone, Debug, PartialEq)]
pub struct InteractionView {
    pub active: Seat,
    pub target: Seat,
    pub action: Action,
    /// Known from the card step on.
    pub count: Option<u8>,
    pub count_how: Option<CountHow>,
    pub active_committed: bool,
    pub target_committed: bool,
}

/// The public facts about one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView {
    pub seat: Seat,
    pub hand_size: u8,
    /// `Some` once the seat is eliminated.
    pub elimination_index: Option<u32>,
}

impl TradeOrDuel {
    pub(super) fn build_view(&self, viewer: Viewer) -> View {
        let seat = viewer.seat().filter(|seat| self.is_seat(*seat));
        let over = self.is_over();
        View {
            viewer: seat,
            phase: self.phase_name(),
            round: self.round,
            extra_round: self.extra_round(),
            first_player: self.first_player,
            active: (!over).then(|| self.active()),
            interaction: self.interaction_view(),
            seats: self.seat_views(),
            set_aside_count: u8::try_from(self.set_aside.len()).unwrap_or(u8::MAX),
            discard: self.discard.clone(),
            deadline: self.deadline,
            options: self.options.clone(),
            hand: seat.map(|seat| self.hand(seat).to_vec()),
            committed_cards: seat.and_then(|seat| self.own_commit(seat)),
            last_comparison: self.last_comparison.clone(),
            result: match &self.phase {
                Phase::Over(result) => Some(result.clone()),
                _ => None,
            },
        }
    }

    fn interaction_view(&self) -> Option<InteractionView> {
        match &self.phase {
            Phase::Declaration | Phase::Over(_) => None,
            Phase::Answer { target, action } => Some(InteractionView {
                active: self.active(),
                target: *target,
                action: *action,
                count: None,
                count_how: None,
                active_committed: false,
                target_committed: false,
            }),
            Phase::Cards(step) => Some(InteractionView {
                active: self.active(),
                target: step.target,
                action: step.action,
                count: Some(step.count),
                count_how: Some(step.count_how),
                active_committed: step.active_commit.is_some(),
                target_committed: step.target_commit.is_some(),
            }),
        }
    }

    fn seat_views(&self) -> Vec<SeatView> {
        self.hands
            .iter()
            .zip(&self.elimination)
            .enumerate()
            .map(|(index, (hand, elimination))| SeatView {
                seat: Seat(u8::try_from(index).unwrap_or(0)),
                hand_size: u8::try_from(hand.len()).unwrap_or(u8::MAX),
                elimination_index: *elimination,
            })
            .collect()
    }

    fn own_commit(&self, seat: Seat) -> Option<Vec<Card>> {
        let Phase::Cards(step) = &self.phase else {
            return None;
        };
        let party = self.party_of(seat)?;
        step.commit_of(party).map(|commit| commit.cards.clone())
    }
}
