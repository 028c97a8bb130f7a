//! What one viewer may see of the state, built field by field.

use serde::Serialize;

use super::options_view::OptionsView;
use super::result_view::ResultView;
use super::state::{Phase, TradeOrDuel};
use super::terms::{Action, Card, Comparison, CountHow, PhaseName};
use crate::{Seat, Timestamp, Viewer};

/// Everything one viewer may see of a game of Trade or Duel.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelView))]
pub struct View {
    /// The viewer's seat; null for a spectator.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub viewer: Option<Seat>,
    /// The current phase.
    pub phase: PhaseName,
    /// The current round, from 1.
    pub round: u32,
    /// The current round is an extra round (after the regular ones).
    pub extra_round: bool,
    /// The first player's seat; every round starts from it.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub first_player: Seat,
    /// The seat whose turn it is; null once the game is over.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub active: Option<Seat>,
    /// The current interaction, from its declaration until its resolution.
    pub interaction: Option<InteractionView>,
    /// Every seat, by seat.
    pub seats: Vec<SeatView>,
    /// How many cards were set aside unseen.
    pub set_aside_count: u8,
    /// The discard pile, ascending.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub discard: Vec<Card>,
    /// When the pending decision(s) expire (seconds since the epoch); null without a deadline.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub deadline: Option<Timestamp>,
    /// The game's options.
    pub options: OptionsView,
    /// The viewer's own hand, ascending; null for a spectator.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
    pub hand: Option<Vec<Card>>,
    /// The viewer's own committed card(s) while the interaction is unresolved.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
    pub committed_cards: Option<Vec<Card>>,
    /// The hands revealed by the latest comparison, if any.
    pub last_comparison: Option<Comparison>,
    /// The result; null until the game is over.
    pub result: Option<ResultView>,
}

/// The public part of the current interaction.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelInteraction))]
pub struct InteractionView {
    /// The active player's seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub active: Seat,
    /// The target's seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub target: Seat,
    /// What was declared.
    pub action: Action,
    /// One (1) or Two (2); null until set.
    pub count: Option<u8>,
    /// How the count was set; null until set.
    pub count_how: Option<CountHow>,
    /// The active player has committed its card(s).
    pub active_committed: bool,
    /// The target has committed its card(s).
    pub target_committed: bool,
}

/// The public facts about one seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelSeat))]
pub struct SeatView {
    /// The seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// How many cards the seat holds (0..2).
    pub hand_size: u8,
    /// The seat is out of the game.
    pub eliminated: bool,
    /// The elimination index; null for a survivor.
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
            options: OptionsView::from(&self.options),
            hand: seat.map(|seat| self.hand(seat).to_vec()),
            committed_cards: seat.and_then(|seat| self.own_commit(seat)),
            last_comparison: self.last_comparison.clone(),
            result: match &self.phase {
                Phase::Over(result) => Some(ResultView::from(result)),
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
                eliminated: elimination.is_some(),
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
