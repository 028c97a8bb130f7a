//! What one viewer may see, built field by field per the visibility table.

use serde::Serialize;

use super::card::Card;
use super::judge::{Face, TrickKind};
use super::options_view::OptionsView;
use super::participant::Participant;
use super::terms::{ExchangeAction, RoundSummary, TrickRecord, UnitScore};
use super::{Phase, TrickyTribes};
use crate::{Game, Seat, Timestamp, Viewer};

/// Everything one viewer may see now (everything once the game is over).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesView))]
pub struct View {
    /// The viewer's seat; null for a spectator.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub viewer: Option<Seat>,
    pub options: OptionsView,
    /// Current round, from 1.
    pub round: u32,
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub dealer: Seat,
    pub phase: PhaseView,
    /// Every seat's hand: sizes for all, cards for the viewer's own seat.
    pub hands: Vec<HandView>,
    pub stock_size: usize,
    /// The stock, top first: only once the game is over.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<String>>))]
    pub stock: Option<Vec<Card>>,
    pub discard_size: usize,
    /// This round's exchange decisions so far.
    pub exchanges: Vec<ExchangeView>,
    /// This round's trims so far.
    pub trims: Vec<TrimView>,
    /// The trick in progress, during trick play.
    pub trick: Option<TrickView>,
    /// Who must lead the next trick open.
    pub open_lead_obligation: Option<Participant>,
    /// This round's stacks, by seat.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<String>>))]
    pub stacks: Vec<Vec<Card>>,
    /// The dummy's stack this round; null without a dummy.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<String>>))]
    pub dummy_stack: Option<Vec<Card>>,
    /// The judged tricks of the current round (of the last round once the game is over).
    /// Earlier rounds' tricks are the `trick_judged` events of `GET /v1/games/{id}/events`:
    /// the view stays the same size however long the game runs, and every round is dealt
    /// afresh, so nothing before this round bears on where its cards are.
    pub tricks: Vec<TrickRecord>,
    /// The most recently finished round; null before the first one ends. Earlier rounds are the
    /// `round_scored` events of `GET /v1/games/{id}/events`; `scores` carries their sum.
    pub last_round: Option<RoundSummary>,
    /// Cumulative score of each unit.
    pub scores: Vec<UnitScore>,
    /// Seats with a pending decision.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub to_act: Vec<Seat>,
    /// When the pending decision expires (seconds since the epoch).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub deadline: Option<Timestamp>,
    /// The winners, once the game is over.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>))]
    pub winners: Option<Vec<Seat>>,
}

/// The phase of the current round.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesPhase))]
pub enum PhaseView {
    /// The exchange: one seat decides at a time.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesPhaseExchange"))]
    Exchange {
        /// The deciding seat.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// Whether it has drawn and must now discard.
        has_drawn: bool,
        /// The drawn card, shown to the deciding seat only.
        #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
        drawn: Option<Card>,
    },
    /// The trim of a whole-deck deal: simultaneous.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesPhaseTrim"))]
    Trim {
        /// Seats dealt one card too many.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        must_trim: Vec<Seat>,
        /// Those of them still to trim.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
        pending: Vec<Seat>,
    },
    /// Trick play.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesPhaseTricks"))]
    Tricks,
    /// The game is over.
    #[cfg_attr(feature = "openapi", schema(title = "TrickyTribesPhaseOver"))]
    Over,
}

/// One seat's hand.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesHand))]
pub struct HandView {
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// Number of cards held (public).
    pub size: usize,
    /// The cards, in canonical order: only for the viewer's own seat (all once the game is over).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<String>>))]
    pub cards: Option<Vec<Card>>,
}

/// One exchange decision of this round.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesExchange))]
pub struct ExchangeView {
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// What the player did (public).
    pub action: ExchangeAction,
    /// The card drawn: shown to that player only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub drawn: Option<Card>,
    /// The card discarded: shown to that player only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub discarded: Option<Card>,
    /// Whether the default move was applied at the deadline.
    pub timeout: bool,
}

/// One trim of this round.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesTrim))]
pub struct TrimView {
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// The card discarded: shown to that player only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub card: Option<Card>,
    /// Whether the default move was applied at the deadline.
    pub timeout: bool,
}

/// The trick in progress, before judgement.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesTrickInProgress))]
pub struct TrickView {
    /// Trick number within the round, from 1.
    pub number: u8,
    pub leader: Participant,
    /// Known once the lead is played.
    pub kind: Option<TrickKind>,
    pub lead_face: Option<Face>,
    pub plays: Vec<PlayView>,
    /// Who plays next.
    pub next: Option<Participant>,
}

/// A card played to the trick in progress.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesPlayInProgress))]
pub struct PlayView {
    pub participant: Participant,
    /// Play position: 0 for the lead.
    pub position: u8,
    /// The card: shown if led open or played by the viewer.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub card: Option<Card>,
}

impl TrickyTribes {
    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let over = self.is_over();
        let seat_sees = |seat: Seat| self.sees(viewer, Participant::Seat(seat));
        let hands = self
            .hands
            .iter()
            .zip(0u8..)
            .map(|(hand, seat)| HandView {
                seat: Seat(seat),
                size: hand.len(),
                cards: seat_sees(Seat(seat)).then(|| hand.clone()),
            })
            .collect();
        let phase = match &self.phase {
            Phase::Exchange { turn, drawn } => {
                let seat = self.exchange_seat(*turn);
                PhaseView::Exchange {
                    seat,
                    has_drawn: drawn.is_some(),
                    drawn: drawn.filter(|_| seat_sees(seat)),
                }
            }
            Phase::Trim { pending } => {
                let mut must_trim: Vec<Seat> = self.trims.iter().map(|trim| trim.seat).collect();
                must_trim.extend(pending);
                must_trim.sort();
                PhaseView::Trim {
                    must_trim,
                    pending: pending.clone(),
                }
            }
            Phase::Trick { .. } => PhaseView::Tricks,
            Phase::Over => PhaseView::Over,
        };
        let exchanges = self
            .exchanges
            .iter()
            .map(|record| ExchangeView {
                seat: record.seat,
                action: record.action,
                drawn: record.drawn.filter(|_| seat_sees(record.seat)),
                discarded: record.discarded.filter(|_| seat_sees(record.seat)),
                timeout: record.timeout,
            })
            .collect();
        let trims = self
            .trims
            .iter()
            .map(|trim| TrimView {
                seat: trim.seat,
                card: seat_sees(trim.seat).then_some(trim.card),
                timeout: trim.timeout,
            })
            .collect();
        View {
            viewer: viewer.seat(),
            options: OptionsView::from(&self.options),
            round: self.round,
            dealer: self.dealer,
            phase,
            hands,
            stock_size: self.stock.len(),
            stock: over.then(|| self.stock.clone()),
            discard_size: self.discard.len(),
            exchanges,
            trims,
            trick: self.trick_view(viewer),
            open_lead_obligation: self.obligation,
            stacks: self.stacks.clone(),
            dummy_stack: self.options.dummy().then(|| self.dummy_stack.clone()),
            tricks: self.round_tricks().to_vec(),
            last_round: self.summaries.last().cloned(),
            scores: self.unit_scores(),
            to_act: self.to_act(),
            deadline: self.deadline(),
            winners: over.then(|| self.winners.clone()),
        }
    }

    /// The judged tricks of the current round: the tail of `tricks`, which is in round order
    /// (a state stored when every round's tricks were kept holds earlier ones before it).
    pub(super) fn round_tricks(&self) -> &[TrickRecord] {
        let start = self
            .tricks
            .partition_point(|trick| trick.round < self.round);
        &self.tricks[start..]
    }

    fn trick_view(&self, viewer: Viewer) -> Option<TrickView> {
        let Phase::Trick {
            leader,
            lead_face,
            plays,
        } = &self.phase
        else {
            return None;
        };
        let kind = plays
            .first()
            .zip(*lead_face)
            .map(|(lead, face)| TrickKind::of_lead(lead.card, face));
        let plays = plays
            .iter()
            .map(|play| {
                let open = play.position == 0 && *lead_face == Some(Face::Open);
                PlayView {
                    participant: play.participant,
                    position: play.position,
                    card: (open || self.sees(viewer, play.participant)).then_some(play.card),
                }
            })
            .collect();
        Some(TrickView {
            number: self.trick,
            leader: *leader,
            kind,
            lead_face: *lead_face,
            plays,
            next: self.next_to_play(),
        })
    }
}
