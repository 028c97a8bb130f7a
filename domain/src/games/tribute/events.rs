//! The log, and what one viewer may see of each event. Tribute's events hold nothing secret:
//! a pending submission lives in the state until its phase closes.

use serde::{Deserialize, Serialize};

use super::records::{GameResult, SelectionRecord, TurnRecord};
use super::state::Tribute;
use super::terms::{Orders, Phase, PhaseName, PlayRecord};
use crate::{Seat, Timestamp, Viewer};

/// A log event as the game records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A phase (Selection or a turn) started.
    PhaseStarted {
        phase: Phase,
        started_at: Timestamp,
        deadline_at: Option<Timestamp>,
    },
    /// A seat submitted its selection for the first time in the phase. The content is in the
    /// state (the owner's view) until the phase closes; a replacement is no event.
    SelectionSubmitted { seat: Seat },
    /// A seat submitted its orders for the first time in the turn; as above.
    OrdersSubmitted { seat: Seat, turn: u8 },
    /// The Selection phase closed and every selection became public.
    SelectionClosed {
        closed_at: Timestamp,
        selections: Vec<SelectionRecord>,
    },
    /// A turn was resolved.
    TurnResolved(TurnRecord),
    /// Turn 5 was resolved: the result is fixed.
    GameFinished(GameResult),
}

/// Orders as shown to a viewer allowed to see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeSubmittedOrders))]
pub struct SubmittedOrders {
    /// Against the lower opponent first.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<PlayRecord>))]
    pub plays: [PlayRecord; 2],
    /// Doubles played.
    pub doubles: u32,
}

impl SubmittedOrders {
    pub(super) fn new(seat: Seat, orders: &Orders) -> Self {
        Self {
            plays: orders.plays(seat),
            doubles: orders.doubles,
        }
    }
}

/// A log event as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeEvent))]
pub enum EventView {
    /// A phase started.
    #[cfg_attr(feature = "openapi", schema(title = "TributePhaseStarted"))]
    PhaseStarted {
        /// The phase.
        phase: PhaseName,
        /// The turn number when the phase is a turn.
        turn: Option<u8>,
        /// When it started (Unix seconds).
        #[cfg_attr(feature = "openapi", schema(value_type = i64))]
        started_at: Timestamp,
        /// When it expires; null without a deadline.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
        deadline_at: Option<Timestamp>,
    },
    /// A seat submitted its selection. Only the first submission of each seat in a phase is an
    /// event; the content stays in the owner's view (`pending`) until the phase closes.
    #[cfg_attr(feature = "openapi", schema(title = "TributeSelectionSubmitted"))]
    SelectionSubmitted {
        /// The seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
    },
    /// A seat submitted its orders for the turn; as for the selection, a replacement is no
    /// event.
    #[cfg_attr(feature = "openapi", schema(title = "TributeOrdersSubmitted"))]
    OrdersSubmitted {
        /// The seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The turn.
        turn: u8,
    },
    /// The Selection phase closed and every selection became public.
    #[cfg_attr(feature = "openapi", schema(title = "TributeSelectionClosed"))]
    SelectionClosed {
        /// When it closed (Unix seconds).
        #[cfg_attr(feature = "openapi", schema(value_type = i64))]
        closed_at: Timestamp,
        /// Seats 0, 1, 2 in order.
        selections: Vec<SelectionRecord>,
    },
    /// A turn was resolved.
    #[cfg_attr(feature = "openapi", schema(title = "TributeTurnResolved"))]
    TurnResolved {
        /// The turn's public record.
        record: TurnRecord,
    },
    /// The game finished.
    #[cfg_attr(feature = "openapi", schema(title = "TributeGameFinished"))]
    GameFinished {
        /// The fixed result.
        result: GameResult,
    },
}

impl Tribute {
    /// Every event is known to everyone: submission events carry no content.
    pub(super) fn view_event(&self, event: &Event, _viewer: Viewer) -> EventView {
        match event {
            Event::PhaseStarted {
                phase,
                started_at,
                deadline_at,
            } => EventView::PhaseStarted {
                phase: phase.name(),
                turn: phase.turn(),
                started_at: *started_at,
                deadline_at: *deadline_at,
            },
            Event::SelectionSubmitted { seat } => EventView::SelectionSubmitted { seat: *seat },
            Event::OrdersSubmitted { seat, turn } => EventView::OrdersSubmitted {
                seat: *seat,
                turn: *turn,
            },
            Event::SelectionClosed {
                closed_at,
                selections,
            } => EventView::SelectionClosed {
                closed_at: *closed_at,
                selections: selections.clone(),
            },
            Event::TurnResolved(record) => EventView::TurnResolved {
                record: record.clone(),
            },
            Event::GameFinished(result) => EventView::GameFinished {
                result: result.clone(),
            },
        }
    }
}
