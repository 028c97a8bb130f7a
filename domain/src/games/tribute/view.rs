//! What one viewer may see of the current state, built field by field.

use super::events::SubmittedOrders;
use super::options::Options;
use super::records::{GameResult, SelectionRecord, TurnRecord};
use super::state::Tribute;
use super::terms::{Phase, Selection, Value, all_seats};
use crate::{Seat, Timestamp, Viewer};

/// Everything one viewer may see now.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// The seat this view was built for; `None` for a spectator.
    pub viewer: Option<Seat>,
    pub options: Options,
    /// The current phase, with the turn number during a turn.
    pub phase: Phase,
    /// When the current phase started; `None` once Finished.
    pub started_at: Option<Timestamp>,
    pub deadline_at: Option<Timestamp>,
    /// Seats 0, 1, 2 in order.
    pub seats: Vec<SeatView>,
    /// The viewer's own pending submission in the current phase.
    pub pending: Option<PendingView>,
    /// Every resolved turn, in order.
    pub turns: Vec<TurnRecord>,
    /// The result, once Finished.
    pub result: Option<GameResult>,
}

/// What the viewer may see of one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatView {
    pub seat: Seat,
    /// Whether the seat has a pending submission in the current phase (never its content).
    pub submitted: bool,
    pub score: i64,
    /// Standard game: the revealed selection, from the close of Selection on.
    pub selection: Option<SelectionRecord>,
    /// Standard game: the cards not yet played (ascending), from the close of Selection on.
    pub hand: Option<Vec<Value>>,
    /// Standard: from the close of Selection on. Blind: always.
    pub doubles_left: Option<u32>,
    /// Blind only: the remaining total and what the current orders may charge.
    pub blind: Option<BlindStatus>,
}

/// A Blind seat's progress towards its prescribed total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlindStatus {
    /// `R`.
    pub remaining: i64,
    /// `P`, counting the current turn.
    pub plays_left: i64,
    /// The allowed charge range of this turn's orders; `None` once Finished.
    pub charge: Option<ChargeRange>,
}

/// Inclusive bounds of the charge `x + y + double_cost × d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChargeRange {
    pub min: i64,
    pub max: i64,
}

/// The viewer's own pending submission, which it may still replace.
#[derive(Clone, Debug, PartialEq)]
pub enum PendingView {
    Selection(Selection),
    Orders { turn: u8, orders: SubmittedOrders },
}

impl Tribute {
    pub(super) fn build_view(&self, viewer: Viewer) -> View {
        View {
            viewer: viewer.seat(),
            options: self.options.clone(),
            phase: self.phase,
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
            Phase::Selection => self
                .pending_selections
                .get(i)?
                .clone()
                .map(PendingView::Selection),
            Phase::Turn(turn) => self
                .pending_orders
                .get(i)?
                .map(|orders| PendingView::Orders {
                    turn,
                    orders: SubmittedOrders::new(seat, &orders),
                }),
            Phase::Finished => None,
        }
    }
}
