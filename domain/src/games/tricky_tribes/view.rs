//! What one viewer may see, built field by field per the visibility table.

use super::card::Card;
use super::judge::{Face, TrickKind};
use super::options::Options;
use super::terms::{ExchangeAction, Participant, RoundSummary, TrickRecord, UnitScore};
use super::{Phase, TrickyTribes};
use crate::{Game, Seat, Timestamp, Viewer};

/// Everything one viewer may see now (everything once the game is over).
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub viewer: Viewer,
    pub options: Options,
    pub round: u32,
    pub dealer: Seat,
    pub phase: PhaseView,
    /// By seat: sizes for everyone, cards for the viewer's own seat.
    pub hands: Vec<HandView>,
    pub stock_size: usize,
    /// The stock's cards, top first: only once the game is over.
    pub stock: Option<Vec<Card>>,
    pub discard_size: usize,
    /// This round's exchange decisions so far.
    pub exchanges: Vec<ExchangeView>,
    /// This round's trims so far.
    pub trims: Vec<TrimView>,
    /// The trick in progress.
    pub trick: Option<TrickView>,
    /// Who must lead the next trick open.
    pub open_lead_obligation: Option<Participant>,
    /// This round's stacks, by seat.
    pub stacks: Vec<Vec<Card>>,
    /// The dummy's stack this round; `None` without a dummy.
    pub dummy_stack: Option<Vec<Card>>,
    /// Every judged trick of the game.
    pub tricks: Vec<TrickRecord>,
    /// Every finished round.
    pub rounds: Vec<RoundSummary>,
    /// Cumulative score of each unit.
    pub scores: Vec<UnitScore>,
    pub to_act: Vec<Seat>,
    pub deadline: Option<Timestamp>,
    /// The winners, once the game is over.
    pub winners: Option<Vec<Seat>>,
}

/// The phase of the round.
#[derive(Clone, Debug, PartialEq)]
pub enum PhaseView {
    /// `seat` is deciding; `drawn` is its drawn card, shown to that seat only.
    Exchange {
        seat: Seat,
        has_drawn: bool,
        drawn: Option<Card>,
    },
    /// The seats dealt 9 cards, and those of them still to trim.
    Trim {
        must_trim: Vec<Seat>,
        pending: Vec<Seat>,
    },
    Tricks,
    Over,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HandView {
    pub seat: Seat,
    pub size: usize,
    pub cards: Option<Vec<Card>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ExchangeView {
    pub seat: Seat,
    pub action: ExchangeAction,
    pub drawn: Option<Card>,
    pub discarded: Option<Card>,
    pub timeout: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TrimView {
    pub seat: Seat,
    pub card: Option<Card>,
    pub timeout: bool,
}

/// The trick in progress, before judgement.
#[derive(Clone, Debug, PartialEq)]
pub struct TrickView {
    pub number: u8,
    pub leader: Participant,
    /// Known to everyone once the lead is played.
    pub kind: Option<TrickKind>,
    pub lead_face: Option<Face>,
    pub plays: Vec<PlayView>,
    /// Who plays next.
    pub next: Option<Participant>,
}

/// A card played to the trick in progress: the card only if open or the viewer's own.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayView {
    pub participant: Participant,
    pub position: u8,
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
            viewer,
            options: self.options.clone(),
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
            tricks: self.tricks.clone(),
            rounds: self.summaries.clone(),
            scores: self.unit_scores(),
            to_act: self.to_act(),
            deadline: self.deadline(),
            winners: over.then(|| self.winners.clone()),
        }
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
