//! The log: events with every restricted field, and what one viewer may see of them.

use serde::{Deserialize, Serialize};

use super::TrickyTribes;
use super::card::Card;
use super::judge::Face;
use super::participant::Participant;
use super::terms::{RoundSummary, TrickRecord, UnitScore};
use crate::{Seat, Viewer};

/// A log event as the game records it, hidden cards included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A round was dealt. `hands` by seat (each known to its owner only).
    RoundStarted {
        round: u32,
        dealer: Seat,
        whole_deck: bool,
        hands: Vec<Vec<Card>>,
        stock_size: usize,
        must_trim: Vec<Seat>,
    },
    ExchangePassed {
        seat: Seat,
        timeout: bool,
    },
    /// `card` is known to the drawer only.
    ExchangeDrew {
        seat: Seat,
        card: Card,
    },
    /// `card`, and `drawn` when the draw followed the discard, are known to the player only.
    ExchangeDiscarded {
        seat: Seat,
        card: Card,
        drawn: Option<Card>,
        timeout: bool,
    },
    /// `card` is known to the player only.
    Trimmed {
        seat: Seat,
        card: Card,
        timeout: bool,
    },
    TrickStarted {
        round: u32,
        number: u8,
        leader: Participant,
        open_lead_required: bool,
    },
    /// `card` is public when played open, otherwise known to its owner until judgement.
    CardPlayed {
        trick: u8,
        participant: Participant,
        position: u8,
        face: Face,
        card: Card,
        timeout: bool,
    },
    TrickJudged {
        record: TrickRecord,
    },
    RoundScored {
        summary: RoundSummary,
    },
    GameEnded {
        winners: Vec<Seat>,
        scores: Vec<UnitScore>,
    },
}

/// A log event as one viewer may see it; hidden cards are null.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesEvent))]
pub enum EventView {
    /// A round was dealt.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesRoundStarted"))]
    RoundStarted {
        round: u32,
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        dealer: Seat,
        /// Six players with fewer than two jokers: all cards dealt, trim instead of exchange.
        whole_deck: bool,
        /// Cards dealt to each seat.
        hand_sizes: Vec<usize>,
        /// By seat: the cards for the viewer's own seat only (all once the game is over).
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Option<Vec<String>>>))]
        hands: Vec<Option<Vec<Card>>>,
        stock_size: usize,
        /// Seats that must trim one card.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        must_trim: Vec<Seat>,
    },
    /// A player kept the hand.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesExchangePassed"))]
    ExchangePassed {
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        timeout: bool,
    },
    /// A player drew the top stock card.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesExchangeDrew"))]
    ExchangeDrew {
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// Shown to the drawer only.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        card: Option<Card>,
    },
    /// A player discarded a card (and, if it had not drawn, received the top stock card).
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesExchangeDiscarded"))]
    ExchangeDiscarded {
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// Shown to that player only.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        card: Option<Card>,
        /// Whether a card was drawn after the discard.
        drew: bool,
        /// The card drawn after the discard: shown to that player only.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        drawn: Option<Card>,
        timeout: bool,
    },
    /// A player trimmed a card.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesTrimmed"))]
    Trimmed {
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// Shown to that player only.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        card: Option<Card>,
        timeout: bool,
    },
    /// A trick began.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesTrickStarted"))]
    TrickStarted {
        round: u32,
        number: u8,
        leader: Participant,
        /// Whether the leader must lead open.
        open_lead_required: bool,
    },
    /// A card was played to the trick.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesCardPlayed"))]
    CardPlayed {
        trick: u8,
        participant: Participant,
        /// Play position: 0 for the lead.
        position: u8,
        face: Face,
        /// Shown if played open or by the viewer; otherwise revealed by the judgement.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        card: Option<Card>,
        timeout: bool,
    },
    /// A trick was judged; every card is public from now on.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesTrickJudged"))]
    TrickJudged { record: TrickRecord },
    /// A round was scored.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesRoundScored"))]
    RoundScored { summary: RoundSummary },
    /// The game ended.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesGameEnded"))]
    GameEnded {
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        winners: Vec<Seat>,
        scores: Vec<UnitScore>,
    },
}

impl TrickyTribes {
    /// Whether `viewer` may know a card held or played by `owner` (the dummy's: nobody).
    pub(super) fn sees(&self, viewer: Viewer, owner: Participant) -> bool {
        self.is_over() || owner.seat().is_some_and(|seat| viewer.is(seat))
    }

    pub(super) fn filter_event(&self, event: &Event, viewer: Viewer) -> EventView {
        let own =
            |seat: Seat, card: Card| self.sees(viewer, Participant::Seat(seat)).then_some(card);
        match event {
            Event::RoundStarted {
                round,
                dealer,
                whole_deck,
                hands,
                stock_size,
                must_trim,
            } => EventView::RoundStarted {
                round: *round,
                dealer: *dealer,
                whole_deck: *whole_deck,
                hand_sizes: hands.iter().map(Vec::len).collect(),
                hands: hands
                    .iter()
                    .zip(0u8..)
                    .map(|(hand, seat)| {
                        self.sees(viewer, Participant::Seat(Seat(seat)))
                            .then(|| hand.clone())
                    })
                    .collect(),
                stock_size: *stock_size,
                must_trim: must_trim.clone(),
            },
            Event::ExchangePassed { seat, timeout } => EventView::ExchangePassed {
                seat: *seat,
                timeout: *timeout,
            },
            Event::ExchangeDrew { seat, card } => EventView::ExchangeDrew {
                seat: *seat,
                card: own(*seat, *card),
            },
            Event::ExchangeDiscarded {
                seat,
                card,
                drawn,
                timeout,
            } => EventView::ExchangeDiscarded {
                seat: *seat,
                card: own(*seat, *card),
                drew: drawn.is_some(),
                drawn: drawn.and_then(|drawn| own(*seat, drawn)),
                timeout: *timeout,
            },
            Event::Trimmed {
                seat,
                card,
                timeout,
            } => EventView::Trimmed {
                seat: *seat,
                card: own(*seat, *card),
                timeout: *timeout,
            },
            Event::TrickStarted {
                round,
                number,
                leader,
                open_lead_required,
            } => EventView::TrickStarted {
                round: *round,
                number: *number,
                leader: *leader,
                open_lead_required: *open_lead_required,
            },
            Event::CardPlayed {
                trick,
                participant,
                position,
                face,
                card,
                timeout,
            } => EventView::CardPlayed {
                trick: *trick,
                participant: *participant,
                position: *position,
                face: *face,
                card: (*face == Face::Open || self.sees(viewer, *participant)).then_some(*card),
                timeout: *timeout,
            },
            Event::TrickJudged { record } => EventView::TrickJudged {
                record: record.clone(),
            },
            Event::RoundScored { summary } => EventView::RoundScored {
                summary: summary.clone(),
            },
            Event::GameEnded { winners, scores } => EventView::GameEnded {
                winners: winners.clone(),
                scores: scores.clone(),
            },
        }
    }
}
