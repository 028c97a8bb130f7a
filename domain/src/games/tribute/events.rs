//! The log: events with every restricted field, and what one viewer may see of each.

use serde::{Deserialize, Serialize};

use super::records::{GameResult, SelectionRecord, TurnRecord};
use super::state::Tribute;
use super::terms::{Orders, Phase, PlayRecord, Selection};
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

/// Orders as shown to a viewer: one play against each opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubmittedOrders {
    pub plays: [PlayRecord; 2],
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
#[derive(Clone, Debug, PartialEq)]
pub enum EventView {
    PhaseStarted {
        phase: Phase,
        started_at: Timestamp,
        deadline_at: Option<Timestamp>,
    },
    /// `selection` is shown to its owner, and to everyone once the game is over.
    SelectionSubmitted {
        seat: Seat,
        selection: Option<Selection>,
    },
    /// `orders` are shown to their owner, and to everyone once the game is over.
    OrdersSubmitted {
        seat: Seat,
        turn: u8,
        orders: Option<SubmittedOrders>,
    },
    SelectionClosed {
        closed_at: Timestamp,
        selections: Vec<SelectionRecord>,
    },
    TurnResolved(TurnRecord),
    GameFinished(GameResult),
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
                phase: *phase,
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
            Event::TurnResolved(record) => EventView::TurnResolved(record.clone()),
            Event::GameFinished(result) => EventView::GameFinished(result.clone()),
        }
    }
}
