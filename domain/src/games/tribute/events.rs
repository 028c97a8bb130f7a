//! The log: events with every restricted field, and what one viewer may see of each.

use serde::{Deserialize, Serialize};

use super::records::{GameResult, SelectionRecord, TurnRecord};
use super::state::Tribute;
use super::terms::{Orders, Phase, PhaseName, PlayRecord, Selection};
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
    /// A seat's selection was accepted (it replaces any earlier one). Content is secret.
    SelectionSubmitted { seat: Seat, selection: Selection },
    /// A seat's orders were accepted (they replace any earlier ones). Content is secret.
    OrdersSubmitted {
        seat: Seat,
        turn: u8,
        orders: Orders,
    },
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
    /// A seat submitted (or replaced) its selection.
    #[cfg_attr(feature = "openapi", schema(title = "TributeSelectionSubmitted"))]
    SelectionSubmitted {
        /// The seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The content: shown to its owner, and to everyone once the game is over.
        selection: Option<Selection>,
    },
    /// A seat submitted (or replaced) its orders.
    #[cfg_attr(feature = "openapi", schema(title = "TributeOrdersSubmitted"))]
    OrdersSubmitted {
        /// The seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The turn.
        turn: u8,
        /// The content: shown to its owner, and to everyone once the game is over.
        orders: Option<SubmittedOrders>,
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
    /// Every event is known to everyone; only the content of a submission is restricted.
    pub(super) fn view_event(&self, event: &Event, viewer: Viewer) -> EventView {
        let reveal = |seat: Seat| viewer.is(seat) || !self.is_open();
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
            Event::SelectionSubmitted { seat, selection } => EventView::SelectionSubmitted {
                seat: *seat,
                selection: reveal(*seat).then(|| selection.clone()),
            },
            Event::OrdersSubmitted { seat, turn, orders } => EventView::OrdersSubmitted {
                seat: *seat,
                turn: *turn,
                orders: reveal(*seat).then(|| SubmittedOrders::new(*seat, orders)),
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
