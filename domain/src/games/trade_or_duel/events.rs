//! The log: events with all their fields, and what one viewer may see of each.

use serde::{Deserialize, Serialize};

use super::terms::{Action, Card, CommitHow, CountHow, DuelOutcome, Placing, SeatHand};
use crate::{Seat, Viewer};

/// A log event as recorded, restricted fields included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    TurnStarted {
        round: u32,
        extra: bool,
        seat: Seat,
    },
    Declared {
        active: Seat,
        target: Seat,
        action: Action,
        by_default: bool,
    },
    CountSet {
        target: Seat,
        count: u8,
        how: CountHow,
    },
    Committed {
        seat: Seat,
        how: CommitHow,
        /// Restricted to the committing seat.
        cards: Vec<Card>,
    },
    TradeResolved {
        active: Seat,
        target: Seat,
        count: u8,
        /// Restricted to the two parties.
        active_gave: Vec<Card>,
        /// Restricted to the two parties.
        target_gave: Vec<Card>,
    },
    DuelResolved {
        active: Seat,
        target: Seat,
        count: u8,
        active_cards: Vec<Card>,
        target_cards: Vec<Card>,
        active_total: u32,
        target_total: u32,
        outcome: DuelOutcome,
        discarded: Vec<Card>,
    },
    Eliminated {
        seats: Vec<Seat>,
        elimination_index: u32,
    },
    HandsCompared {
        round: u32,
        /// Every survivor's hand and total, by seat.
        hands: Vec<SeatHand>,
        lowest_tied: bool,
    },
    GameEnded {
        winner: Option<Seat>,
        ranking: Vec<Placing>,
        final_hands: Vec<SeatHand>,
        set_aside: Vec<Card>,
    },
}

/// A log event as one viewer sees it: restricted fields are `None` for viewers not entitled.
#[derive(Clone, Debug, PartialEq)]
pub enum EventView {
    TurnStarted {
        round: u32,
        extra: bool,
        seat: Seat,
    },
    Declared {
        active: Seat,
        target: Seat,
        action: Action,
        by_default: bool,
    },
    CountSet {
        target: Seat,
        count: u8,
        how: CountHow,
    },
    Committed {
        seat: Seat,
        how: CommitHow,
        cards: Option<Vec<Card>>,
    },
    TradeResolved {
        active: Seat,
        target: Seat,
        count: u8,
        active_gave: Option<Vec<Card>>,
        target_gave: Option<Vec<Card>>,
    },
    DuelResolved {
        active: Seat,
        target: Seat,
        count: u8,
        active_cards: Vec<Card>,
        target_cards: Vec<Card>,
        active_total: u32,
        target_total: u32,
        outcome: DuelOutcome,
        discarded: Vec<Card>,
    },
    Eliminated {
        seats: Vec<Seat>,
        elimination_index: u32,
    },
    HandsCompared {
        round: u32,
        hands: Vec<SeatHand>,
        lowest_tied: bool,
    },
    GameEnded {
        winner: Option<Seat>,
        ranking: Vec<Placing>,
        final_hands: Vec<SeatHand>,
        set_aside: Vec<Card>,
    },
}

/// What `viewer` sees of `event`. Every event has a public part, so this is always `Some`;
/// the trade's cards stay hidden from onlookers even after the game (rule D6).
pub fn event_view(event: &Event, viewer: Viewer) -> Option<EventView> {
    let view = match event.clone() {
        Event::TurnStarted { round, extra, seat } => EventView::TurnStarted { round, extra, seat },
        Event::Declared {
            active,
            target,
            action,
            by_default,
        } => EventView::Declared {
            active,
            target,
            action,
            by_default,
        },
        Event::CountSet { target, count, how } => EventView::CountSet { target, count, how },
        Event::Committed { seat, how, cards } => EventView::Committed {
            seat,
            how,
            cards: viewer.is(seat).then_some(cards),
        },
        Event::TradeResolved {
            active,
            target,
            count,
            active_gave,
            target_gave,
        } => {
            let party = viewer.is(active) || viewer.is(target);
            EventView::TradeResolved {
                active,
                target,
                count,
                active_gave: party.then_some(active_gave),
                target_gave: party.then_some(target_gave),
            }
        }
        Event::DuelResolved {
            active,
            target,
            count,
            active_cards,
            target_cards,
            active_total,
            target_total,
            outcome,
            discarded,
        } => EventView::DuelResolved {
            active,
            target,
            count,
            active_cards,
            target_cards,
            active_total,
            target_total,
            outcome,
            discarded,
        },
        Event::Eliminated {
            seats,
            elimination_index,
        } => EventView::Eliminated {
            seats,
            elimination_index,
        },
        Event::HandsCompared {
            round,
            hands,
            lowest_tied,
        } => EventView::HandsCompared {
            round,
            hands,
            lowest_tied,
        },
        Event::GameEnded {
            winner,
            ranking,
            final_hands,
            set_aside,
        } => EventView::GameEnded {
            winner,
            ranking,
            final_hands,
            set_aside,
        },
    };
    Some(view)
}
