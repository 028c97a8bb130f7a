//! What one viewer may see of the current state, built field by field.

use serde::Serialize;

use super::events::SubmittedOrders;
use super::options::Options;
use super::records::{GameResult, SelectionRecord, TurnRecord};
use super::state::Tribute;
use super::terms::{Phase, PhaseName, PlayRecord, Value, all_seats};
use crate::{Seat, Timestamp, Viewer};

/// Everything one viewer may see of a game of Tribute.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeView))]
pub struct View {
    /// The seat this view was built for; null for a spectator.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub viewer: Option<Seat>,
    /// The game's options.
    pub options: Options,
    /// The current phase.
    pub phase: PhaseName,
    /// The current turn number during a turn; null otherwise.
    pub turn: Option<u8>,
    /// When the current phase started; null once finished.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub started_at: Option<Timestamp>,
    /// When the current phase expires; null without a deadline or once finished.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub deadline_at: Option<Timestamp>,
    /// Seats 0, 1, 2 in order.
    pub seats: Vec<SeatView>,
    /// The viewer's own pending submission, if any.
    pub pending: Option<PendingView>,
    /// Every resolved turn, in order.
    pub turns: Vec<TurnRecord>,
    /// The result, once finished.
    pub result: Option<GameResult>,
}

/// What the viewer may see of one seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeSeatView))]
pub struct SeatView {
    /// The seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// Whether the seat has a pending submission in the current phase (never its content).
    pub submitted: bool,
    /// The seat's score.
    pub score: i64,
    /// Standard game: the revealed selection, from the close of Selection on.
    pub selection: Option<SelectionRecord>,
    /// Standard game: the cards not yet played (ascending), from the close of Selection on.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
    pub hand: Option<Vec<Value>>,
    /// Doubles the seat can still play (standard: from the close of Selection; Blind: always).
    pub doubles_left: Option<u32>,
    /// Blind only: the remaining total and this turn's charge range.
    pub blind: Option<BlindStatus>,
}

/// A Blind seat's progress towards its prescribed total (public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeBlindStatus))]
pub struct BlindStatus {
    /// The remaining total `R`.
    pub remaining: i64,
    /// Values still to play, counting the current turn.
    pub plays_left: i64,
    /// This turn's allowed charge range; null once the game is finished.
    pub charge: Option<ChargeRange>,
}

/// The allowed range of a Blind seat's charge `x + y + double_cost × doubles` this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeChargeRange))]
pub struct ChargeRange {
    /// Smallest allowed charge.
    pub min: i64,
    /// Largest allowed charge (the remaining total).
    pub max: i64,
}

/// The viewer's own pending submission in the current phase, which it may still replace.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributePending))]
pub enum PendingView {
    /// A pending selection.
    #[cfg_attr(feature = "openapi", schema(title = "TributePendingSelection"))]
    Selection {
        /// The ten cards, ascending.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        cards: Vec<Value>,
        /// Doubles bought.
        doubles: u32,
    },
    /// Pending orders for the current turn.
    #[cfg_attr(feature = "openapi", schema(title = "TributePendingOrders"))]
    Orders {
        /// The turn number.
        turn: u8,
        /// Against the lower opponent first.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<PlayRecord>))]
        plays: [PlayRecord; 2],
        /// Doubles played.
        doubles: u32,
    },
}

impl Tribute {
    pub(super) fn build_view(&self, viewer: Viewer) -> View {
        View {
            viewer: viewer.seat(),
            options: self.options.clone(),
            phase: self.phase.name(),
            turn: self.phase.turn(),
            started_at: self.started_at(),
            deadline_at: self.deadline_at(),
            seats: all_seats()
                .into_iter()
                .map(|seat| self.seat_view(seat))
                .collect(),
            pending: viewer.seat().and_then(|seat| self.pending_view(seat)),
            turns: self.turns.clone(),
            result: self.result.clone(),
        }
    }

    fn seat_view(&self, seat: Seat) -> SeatView {
        let i = seat.index();
        let blind = self.options.blind();
        // Everything about a seat except its pending submission is public once it exists.
        let revealed = !blind && self.phase != Phase::Selection;
        SeatView {
            seat,
            submitted: self.submitted(seat),
            score: self.scores[i],
            selection: if revealed {
                self.selections.get(i).cloned()
            } else {
                None
            },
            hand: revealed.then(|| self.hands[i].clone()),
            doubles_left: (blind || revealed).then_some(self.doubles_left[i]),
            blind: blind.then(|| BlindStatus {
                remaining: self.remaining[i],
                plays_left: self.plays_left(),
                charge: self.is_open().then(|| {
                    let (min, max) = self.charge_range(seat);
                    ChargeRange { min, max }
                }),
            }),
        }
    }

    fn pending_view(&self, seat: Seat) -> Option<PendingView> {
        let i = seat.index();
        match self.phase {
            Phase::Selection => {
                self.pending_selections
                    .get(i)?
                    .clone()
                    .map(|selection| PendingView::Selection {
                        cards: selection.cards,
                        doubles: selection.doubles,
                    })
            }
            Phase::Turn(turn) => self.pending_orders.get(i)?.map(|orders| {
                let orders = SubmittedOrders::new(seat, &orders);
                PendingView::Orders {
                    turn,
                    plays: orders.plays,
                    doubles: orders.doubles,
                }
            }),
            Phase::Finished => None,
        }
    }
}
