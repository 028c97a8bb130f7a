//! The log: events with all their fields, and what one viewer may see of each.

use serde::{Deserialize, Serialize};

use super::result_view::{PlacingView, ranking_view};
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

// Restricted fields are null for viewers not entitled.
/// One log event as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelEvent))]
pub enum EventView {
    /// A seat starts its turn.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelTurnStarted"))]
    TurnStarted {
        /// The round, from 1.
        round: u32,
        /// The round is an extra round.
        extra: bool,
        /// The active seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
    },
    /// The active player declared an interaction.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelDeclared"))]
    Declared {
        /// The active player's seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        active: Seat,
        /// The target's seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        target: Seat,
        /// Trade or duel.
        action: Action,
        /// Made by the server because the deadline passed.
        by_default: bool,
    },
    /// The count of the interaction is set.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelCountSet"))]
    CountSet {
        /// The target's seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        target: Seat,
        /// One (1) or Two (2).
        count: u8,
        /// Answered, forced or defaulted.
        how: CountHow,
    },
    /// A party committed its card(s).
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelCommitted"))]
    Committed {
        /// The committing seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// Chosen, forced or defaulted.
        how: CommitHow,
        /// The committed cards; only for the committing seat, null for everyone else.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
        cards: Option<Vec<Card>>,
    },
    /// A trade took place.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelTradeResolved"))]
    TradeResolved {
        /// The active player's seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        active: Seat,
        /// The target's seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        target: Seat,
        /// How many cards each gave.
        count: u8,
        /// The cards the active player gave; only for the two parties, null for everyone else.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
        active_gave: Option<Vec<Card>>,
        /// The cards the target gave; only for the two parties, null for everyone else.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
        target_gave: Option<Vec<Card>>,
    },
    /// A duel took place; everything about it is public.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelDuelResolved"))]
    DuelResolved {
        /// The active player's seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        active: Seat,
        /// The target's seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        target: Seat,
        /// How many cards each played.
        count: u8,
        /// The active player's cards.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        active_cards: Vec<Card>,
        /// The target's cards.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        target_cards: Vec<Card>,
        /// The sum of the active player's cards.
        active_total: u32,
        /// The sum of the target's cards.
        target_total: u32,
        /// Who won.
        outcome: DuelOutcome,
        /// The cards the loser(s) discarded, ascending.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        discarded: Vec<Card>,
    },
    /// Players lost their last card and are out.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelEliminated"))]
    Eliminated {
        /// The eliminated seats, ascending.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        seats: Vec<Seat>,
        /// Their shared elimination index.
        elimination_index: u32,
    },
    /// The survivors' hands were compared at the end of a round.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelHandsCompared"))]
    HandsCompared {
        /// The round that ended.
        round: u32,
        /// Every survivor's hand and total, by seat.
        hands: Vec<SeatHand>,
        /// Two or more survivors share the lowest total, so an extra round follows.
        lowest_tied: bool,
    },
    /// The game is over.
    #[cfg_attr(feature = "openapi", schema(title = "TradeOrDuelGameEnded"))]
    GameEnded {
        /// The winner's seat; null when no survivor remains.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
        winner: Option<Seat>,
        /// Every player, by place then seat.
        ranking: Vec<PlacingView>,
        /// Every survivor's final hand, by seat.
        final_hands: Vec<SeatHand>,
        /// The cards that were never dealt, ascending.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
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
            ranking: ranking_view(&ranking),
            final_hands,
            set_aside,
        },
    };
    Some(view)
}
