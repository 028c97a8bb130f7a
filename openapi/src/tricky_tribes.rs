//! Wire DTOs of Tricky Tribes: moves, setup, views, events and legal moves.
//!
//! Cards travel as their codes: rank `2`…`10`, `J`, `Q`, `K`, `A` followed by the suit letter
//! `C`, `S`, `D` or `H` (e.g. `10H`, `QS`), and the jokers `X1`, `X2`. Seats are numbers from 0;
//! the dummy tribe is the string `"dummy"`.

use domain::games::tricky_tribes as tt;
use domain::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

fn codes(cards: Vec<tt::Card>) -> Vec<String> {
    cards.into_iter().map(|card| card.code()).collect()
}

fn seats(list: Vec<Seat>) -> Vec<u8> {
    list.into_iter().map(|seat| seat.0).collect()
}

/// The dummy tribe's marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TrickyTribesDummy)]
pub enum DummyDto {
    /// The automatic participant that plays the top stock card.
    Dummy,
}

/// A participant of a trick: a seat number, or `"dummy"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
#[schema(as = TrickyTribesParticipant)]
pub enum ParticipantDto {
    /// A seat, numbered from 0.
    Seat(u8),
    /// The dummy tribe.
    Dummy(DummyDto),
}

impl From<tt::Participant> for ParticipantDto {
    fn from(participant: tt::Participant) -> Self {
        match participant {
            tt::Participant::Seat(seat) => ParticipantDto::Seat(seat.0),
            tt::Participant::Dummy => ParticipantDto::Dummy(DummyDto::Dummy),
        }
    }
}

/// How a lead card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TrickyTribesFace)]
pub enum FaceDto {
    /// Face up: the offered card, visible to everyone at once.
    Open,
    /// Face down: a dark trick.
    Closed,
}

impl From<tt::Face> for FaceDto {
    fn from(face: tt::Face) -> Self {
        match face {
            tt::Face::Open => FaceDto::Open,
            tt::Face::Closed => FaceDto::Closed,
        }
    }
}

/// The kind of a trick, fixed by its lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TrickyTribesTrickKind)]
pub enum TrickKindDto {
    /// Open lead of a natural red card.
    OpenRed,
    /// Open lead of a natural black card.
    OpenBlack,
    /// Open lead of a joker.
    OpenJoker,
    /// Closed lead.
    Dark,
}

impl From<tt::TrickKind> for TrickKindDto {
    fn from(kind: tt::TrickKind) -> Self {
        match kind {
            tt::TrickKind::OpenRed => TrickKindDto::OpenRed,
            tt::TrickKind::OpenBlack => TrickKindDto::OpenBlack,
            tt::TrickKind::OpenJoker => TrickKindDto::OpenJoker,
            tt::TrickKind::Dark => TrickKindDto::Dark,
        }
    }
}

/// How a trick was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TrickyTribesMode)]
pub enum ModeDto {
    /// The winner takes the offered card.
    Reward,
    /// The loser takes the offered black card.
    Penalty,
    /// The winner takes collectable active cards.
    Loot,
}

impl From<tt::Mode> for ModeDto {
    fn from(mode: tt::Mode) -> Self {
        match mode {
            tt::Mode::Reward => ModeDto::Reward,
            tt::Mode::Penalty => ModeDto::Penalty,
            tt::Mode::Loot => ModeDto::Loot,
        }
    }
}

/// What a player did in the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = TrickyTribesExchangeAction)]
pub enum ExchangeActionDto {
    /// Kept the hand.
    Pass,
    /// Drew the top stock card, then discarded a card.
    DrawThenDiscard,
    /// Discarded a card, then received the top stock card.
    DiscardThenDraw,
}

impl From<tt::ExchangeAction> for ExchangeActionDto {
    fn from(action: tt::ExchangeAction) -> Self {
        match action {
            tt::ExchangeAction::Pass => ExchangeActionDto::Pass,
            tt::ExchangeAction::DrawThenDiscard => ExchangeActionDto::DrawThenDiscard,
            tt::ExchangeAction::DiscardThenDraw => ExchangeActionDto::DiscardThenDraw,
        }
    }
}

/// A move. A missing or unknown `type` is refused with `unknown_move`; bad `card` or `face`
/// values are refused with `invalid_card` / `invalid_face` in the rules' check order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case", from = "tt::Move")]
#[schema(as = TrickyTribesMove)]
pub enum MoveDto {
    /// Exchange: keep your hand.
    ExchangePass,
    /// Exchange: take the top stock card; you must then discard.
    ExchangeDraw,
    /// Exchange: discard a card face down (before drawing, the top stock card is drawn after).
    ExchangeDiscard {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Trim phase: discard one card face down.
    TrimDiscard {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Lead a trick.
    Lead {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        /// `open` or `closed`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[schema(value_type = Option<FaceDto>)]
        face: Option<String>,
    },
    /// Respond to the trick, face down.
    Respond {
        /// Card code, e.g. `10H`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
    },
    /// Stands for any missing or unknown `type`; always refused with `unknown_move`.
    Unknown,
}

impl From<MoveDto> for tt::Move {
    fn from(dto: MoveDto) -> Self {
        match dto {
            MoveDto::ExchangePass => tt::Move::ExchangePass,
            MoveDto::ExchangeDraw => tt::Move::ExchangeDraw,
            MoveDto::ExchangeDiscard { card } => tt::Move::ExchangeDiscard { card },
            MoveDto::TrimDiscard { card } => tt::Move::TrimDiscard { card },
            MoveDto::Lead { card, face } => tt::Move::Lead { card, face },
            MoveDto::Respond { card } => tt::Move::Respond { card },
            MoveDto::Unknown => tt::Move::Unknown,
        }
    }
}

impl From<tt::Move> for MoveDto {
    fn from(mv: tt::Move) -> Self {
        match mv {
            tt::Move::ExchangePass => MoveDto::ExchangePass,
            tt::Move::ExchangeDraw => MoveDto::ExchangeDraw,
            tt::Move::ExchangeDiscard { card } => MoveDto::ExchangeDiscard { card },
            tt::Move::TrimDiscard { card } => MoveDto::TrimDiscard { card },
            tt::Move::Lead { card, face } => MoveDto::Lead { card, face },
            tt::Move::Respond { card } => MoveDto::Respond { card },
            tt::Move::Unknown => MoveDto::Unknown,
        }
    }
}

/// Every legal move of one seat now (empty when it has nothing to decide).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(as = TrickyTribesLegalMoves)]
pub struct LegalMovesDto(pub Vec<MoveDto>);

impl From<tt::LegalMoves> for LegalMovesDto {
    fn from(moves: tt::LegalMoves) -> Self {
        LegalMovesDto(moves.into_iter().map(MoveDto::from).collect())
    }
}

/// Explicit setup of a fixed-setup game (automated tests only): `deck` for one round, or
/// `decks` for several (`deck` counts as the first of them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesSetup)]
pub struct SetupDto {
    /// The deck order of round 1, top first, in card codes (e.g. `"9H"`, `"10S"`, `"X1"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<String>>,
    /// Deck orders for rounds 1, 2, …, each top first in card codes; each must hold every card of
    /// the game's deck exactly once (else `invalid_setup`). Later rounds are shuffled from the seed.
    #[serde(default)]
    pub decks: Vec<Vec<String>>,
}

impl From<SetupDto> for tt::Setup {
    fn from(dto: SetupDto) -> Self {
        tt::Setup {
            decks: dto.deck.into_iter().chain(dto.decks).collect(),
        }
    }
}

/// The game's validated options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesOptions)]
pub struct OptionsDto {
    /// Number of human players (2–6).
    pub players: u8,
    /// Jokers in the deck (0–2).
    pub jokers: u8,
    /// Whether all 2s and 3s are removed.
    pub cut_deck: bool,
    /// Cards per hand and tricks per round.
    pub hand_size: u8,
    /// Whether the dummy tribe takes part.
    pub dummy: bool,
    /// United tribes, each a list of seats; empty without teams.
    pub teams: Vec<Vec<u8>>,
    /// `target_score` or `fixed_rounds`.
    pub end_condition: String,
    /// The target (with `target_score`).
    pub target_score: Option<i64>,
    /// The number of rounds (with `fixed_rounds`).
    pub rounds: Option<u32>,
    /// Seconds per decision, or null for none.
    pub deadline_secs: Option<i64>,
}

impl From<tt::Options> for OptionsDto {
    fn from(options: tt::Options) -> Self {
        let (end_condition, target_score, rounds) = match options.end_condition() {
            tt::EndCondition::TargetScore(target) => ("target_score", Some(target), None),
            tt::EndCondition::FixedRounds(rounds) => ("fixed_rounds", None, Some(rounds)),
        };
        OptionsDto {
            players: options.players(),
            jokers: options.jokers(),
            cut_deck: options.cut_deck(),
            hand_size: options.hand_size(),
            dummy: options.dummy(),
            teams: options
                .teams()
                .iter()
                .map(|team| seats(team.clone()))
                .collect(),
            end_condition: end_condition.to_owned(),
            target_score,
            rounds,
            deadline_secs: options.deadline_secs(),
        }
    }
}

/// The phase of the current round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TrickyTribesPhase)]
pub enum PhaseDto {
    /// The exchange: one seat decides at a time.
    Exchange {
        /// The deciding seat.
        seat: u8,
        /// Whether it has drawn and must now discard.
        has_drawn: bool,
        /// The drawn card, shown to the deciding seat only.
        drawn: Option<String>,
    },
    /// The trim of a whole-deck deal: simultaneous.
    Trim {
        /// Seats dealt one card too many.
        must_trim: Vec<u8>,
        /// Those of them still to trim.
        pending: Vec<u8>,
    },
    /// Trick play.
    Tricks,
    /// The game is over.
    Over,
}

impl From<tt::PhaseView> for PhaseDto {
    fn from(phase: tt::PhaseView) -> Self {
        match phase {
            tt::PhaseView::Exchange {
                seat,
                has_drawn,
                drawn,
            } => PhaseDto::Exchange {
                seat: seat.0,
                has_drawn,
                drawn: drawn.map(tt::Card::code),
            },
            tt::PhaseView::Trim { must_trim, pending } => PhaseDto::Trim {
                must_trim: seats(must_trim),
                pending: seats(pending),
            },
            tt::PhaseView::Tricks => PhaseDto::Tricks,
            tt::PhaseView::Over => PhaseDto::Over,
        }
    }
}

/// One seat's hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesHand)]
pub struct HandDto {
    pub seat: u8,
    /// Number of cards held (public).
    pub size: usize,
    /// The cards, in canonical order: only for the viewer's own seat (all once the game is over).
    pub cards: Option<Vec<String>>,
}

/// One exchange decision of this round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesExchange)]
pub struct ExchangeDto {
    pub seat: u8,
    /// What the player did (public).
    pub action: ExchangeActionDto,
    /// The card drawn: shown to that player only.
    pub drawn: Option<String>,
    /// The card discarded: shown to that player only.
    pub discarded: Option<String>,
    /// Whether the default move was applied at the deadline.
    pub timeout: bool,
}

/// One trim of this round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesTrim)]
pub struct TrimDto {
    pub seat: u8,
    /// The card discarded: shown to that player only.
    pub card: Option<String>,
    /// Whether the default move was applied at the deadline.
    pub timeout: bool,
}

/// A card played to the trick in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesPlayInProgress)]
pub struct PlayInProgressDto {
    pub participant: ParticipantDto,
    /// Play position: 0 for the lead.
    pub position: u8,
    /// The card: shown if led open or played by the viewer.
    pub card: Option<String>,
}

/// The trick in progress, before judgement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesTrickInProgress)]
pub struct TrickInProgressDto {
    /// Trick number within the round, from 1.
    pub number: u8,
    pub leader: ParticipantDto,
    /// Known once the lead is played.
    pub kind: Option<TrickKindDto>,
    pub lead_face: Option<FaceDto>,
    pub plays: Vec<PlayInProgressDto>,
    /// Who plays next.
    pub next: Option<ParticipantDto>,
}

impl From<tt::TrickView> for TrickInProgressDto {
    fn from(trick: tt::TrickView) -> Self {
        TrickInProgressDto {
            number: trick.number,
            leader: trick.leader.into(),
            kind: trick.kind.map(Into::into),
            lead_face: trick.lead_face.map(Into::into),
            plays: trick
                .plays
                .into_iter()
                .map(|play| PlayInProgressDto {
                    participant: play.participant.into(),
                    position: play.position,
                    card: play.card.map(tt::Card::code),
                })
                .collect(),
            next: trick.next.map(Into::into),
        }
    }
}

/// A card played to a judged trick.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesPlay)]
pub struct PlayDto {
    pub participant: ParticipantDto,
    pub card: String,
    /// Play position: 0 for the lead.
    pub position: u8,
}

/// A judged trick, public from judgement on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesTrickRecord)]
pub struct TrickRecordDto {
    pub round: u32,
    pub number: u8,
    pub kind: TrickKindDto,
    pub lead_face: FaceDto,
    pub plays: Vec<PlayDto>,
    pub mode: ModeDto,
    /// Null in penalty mode.
    pub winner: Option<ParticipantDto>,
    /// Set in penalty mode only.
    pub loser: Option<ParticipantDto>,
    /// Who collected and leads next.
    pub taker: ParticipantDto,
    /// Cards moved to the taker's stack, in play order.
    pub collected: Vec<String>,
    /// Cards moved to the discard pile, in play order.
    pub discarded: Vec<String>,
    /// The leader of the next trick; null after the round's last trick.
    pub next_leader: Option<ParticipantDto>,
    /// Whether the next leader must lead open.
    pub open_lead_required: bool,
}

impl From<tt::TrickRecord> for TrickRecordDto {
    fn from(record: tt::TrickRecord) -> Self {
        TrickRecordDto {
            round: record.round,
            number: record.number,
            kind: record.kind.into(),
            lead_face: record.lead_face.into(),
            plays: record
                .plays
                .into_iter()
                .map(|play| PlayDto {
                    participant: play.participant.into(),
                    card: play.card.code(),
                    position: play.position,
                })
                .collect(),
            mode: record.mode.into(),
            winner: record.winner.map(Into::into),
            loser: record.loser.map(Into::into),
            taker: record.taker.into(),
            collected: codes(record.collected),
            discarded: codes(record.discarded),
            next_leader: record.next_leader.map(Into::into),
            open_lead_required: record.open_lead_required,
        }
    }
}

/// A scoring unit (team or solo player) and its cumulative score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesUnitScore)]
pub struct UnitScoreDto {
    pub seats: Vec<u8>,
    pub score: i64,
}

impl From<tt::UnitScore> for UnitScoreDto {
    fn from(unit: tt::UnitScore) -> Self {
        UnitScoreDto {
            seats: seats(unit.seats),
            score: unit.score,
        }
    }
}

/// A unit's result in one round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesUnitRound)]
pub struct UnitRoundDto {
    pub seats: Vec<u8>,
    /// Sum of the members' round scores (doubled for a solo player with teams).
    pub round_score: i64,
    /// Cumulative score after the round.
    pub cumulative: i64,
}

/// The public summary of a finished round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesRoundSummary)]
pub struct RoundSummaryDto {
    pub round: u32,
    pub dealer: u8,
    /// Every seat's stack, by seat.
    pub stacks: Vec<Vec<String>>,
    /// The dummy's stack (never scored); null without a dummy.
    pub dummy_stack: Option<Vec<String>>,
    /// Every seat's round score, by seat.
    pub seat_scores: Vec<i64>,
    pub units: Vec<UnitRoundDto>,
}

impl From<tt::RoundSummary> for RoundSummaryDto {
    fn from(summary: tt::RoundSummary) -> Self {
        RoundSummaryDto {
            round: summary.round,
            dealer: summary.dealer.0,
            stacks: summary.stacks.into_iter().map(codes).collect(),
            dummy_stack: summary.dummy_stack.map(codes),
            seat_scores: summary.seat_scores,
            units: summary
                .units
                .into_iter()
                .map(|unit| UnitRoundDto {
                    seats: seats(unit.seats),
                    round_score: unit.round_score,
                    cumulative: unit.cumulative,
                })
                .collect(),
        }
    }
}

/// Everything one viewer may see now (everything once the game is over).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = TrickyTribesView)]
pub struct ViewDto {
    /// The viewer's seat; null for a spectator.
    pub viewer: Option<u8>,
    pub options: OptionsDto,
    /// Current round, from 1.
    pub round: u32,
    pub dealer: u8,
    pub phase: PhaseDto,
    /// Every seat's hand: sizes for all, cards for the viewer's own seat.
    pub hands: Vec<HandDto>,
    pub stock_size: usize,
    /// The stock, top first: only once the game is over.
    pub stock: Option<Vec<String>>,
    pub discard_size: usize,
    /// This round's exchange decisions so far.
    pub exchanges: Vec<ExchangeDto>,
    /// This round's trims so far.
    pub trims: Vec<TrimDto>,
    /// The trick in progress, during trick play.
    pub trick: Option<TrickInProgressDto>,
    /// Who must lead the next trick open.
    pub open_lead_obligation: Option<ParticipantDto>,
    /// This round's stacks, by seat.
    pub stacks: Vec<Vec<String>>,
    /// The dummy's stack this round; null without a dummy.
    pub dummy_stack: Option<Vec<String>>,
    /// Every judged trick of the game.
    pub tricks: Vec<TrickRecordDto>,
    /// Every finished round.
    pub rounds: Vec<RoundSummaryDto>,
    /// Cumulative score of each unit.
    pub scores: Vec<UnitScoreDto>,
    /// Seats with a pending decision.
    pub to_act: Vec<u8>,
    /// When the pending decision expires (seconds since the epoch).
    pub deadline: Option<i64>,
    /// The winners, once the game is over.
    pub winners: Option<Vec<u8>>,
}

impl From<tt::View> for ViewDto {
    fn from(view: tt::View) -> Self {
        ViewDto {
            viewer: match view.viewer {
                Viewer::Seat(seat) => Some(seat.0),
                Viewer::Spectator => None,
            },
            options: view.options.into(),
            round: view.round,
            dealer: view.dealer.0,
            phase: view.phase.into(),
            hands: view
                .hands
                .into_iter()
                .map(|hand| HandDto {
                    seat: hand.seat.0,
                    size: hand.size,
                    cards: hand.cards.map(codes),
                })
                .collect(),
            stock_size: view.stock_size,
            stock: view.stock.map(codes),
            discard_size: view.discard_size,
            exchanges: view
                .exchanges
                .into_iter()
                .map(|exchange| ExchangeDto {
                    seat: exchange.seat.0,
                    action: exchange.action.into(),
                    drawn: exchange.drawn.map(tt::Card::code),
                    discarded: exchange.discarded.map(tt::Card::code),
                    timeout: exchange.timeout,
                })
                .collect(),
            trims: view
                .trims
                .into_iter()
                .map(|trim| TrimDto {
                    seat: trim.seat.0,
                    card: trim.card.map(tt::Card::code),
                    timeout: trim.timeout,
                })
                .collect(),
            trick: view.trick.map(Into::into),
            open_lead_obligation: view.open_lead_obligation.map(Into::into),
            stacks: view.stacks.into_iter().map(codes).collect(),
            dummy_stack: view.dummy_stack.map(codes),
            tricks: view.tricks.into_iter().map(Into::into).collect(),
            rounds: view.rounds.into_iter().map(Into::into).collect(),
            scores: view.scores.into_iter().map(Into::into).collect(),
            to_act: seats(view.to_act),
            deadline: view.deadline,
            winners: view.winners.map(seats),
        }
    }
}

/// A log event as one viewer may see it; hidden cards are null.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = TrickyTribesEvent)]
pub enum EventDto {
    /// A round was dealt.
    RoundStarted {
        round: u32,
        dealer: u8,
        /// Six players with fewer than two jokers: all cards dealt, trim instead of exchange.
        whole_deck: bool,
        /// Cards dealt to each seat.
        hand_sizes: Vec<usize>,
        /// By seat: the cards for the viewer's own seat only (all once the game is over).
        hands: Vec<Option<Vec<String>>>,
        stock_size: usize,
        /// Seats that must trim one card.
        must_trim: Vec<u8>,
    },
    /// A player kept the hand.
    ExchangePassed { seat: u8, timeout: bool },
    /// A player drew the top stock card.
    ExchangeDrew {
        seat: u8,
        /// Shown to the drawer only.
        card: Option<String>,
    },
    /// A player discarded a card (and, if it had not drawn, received the top stock card).
    ExchangeDiscarded {
        seat: u8,
        /// Shown to that player only.
        card: Option<String>,
        /// Whether a card was drawn after the discard.
        drew: bool,
        /// The card drawn after the discard: shown to that player only.
        drawn: Option<String>,
        timeout: bool,
    },
    /// A player trimmed a card.
    Trimmed {
        seat: u8,
        /// Shown to that player only.
        card: Option<String>,
        timeout: bool,
    },
    /// A trick began.
    TrickStarted {
        round: u32,
        number: u8,
        leader: ParticipantDto,
        /// Whether the leader must lead open.
        open_lead_required: bool,
    },
    /// A card was played to the trick.
    CardPlayed {
        trick: u8,
        participant: ParticipantDto,
        /// Play position: 0 for the lead.
        position: u8,
        face: FaceDto,
        /// Shown if played open or by the viewer; otherwise revealed by the judgement.
        card: Option<String>,
        timeout: bool,
    },
    /// A trick was judged; every card is public from now on.
    TrickJudged { record: TrickRecordDto },
    /// A round was scored.
    RoundScored { summary: RoundSummaryDto },
    /// The game ended.
    GameEnded {
        winners: Vec<u8>,
        scores: Vec<UnitScoreDto>,
    },
}

impl From<tt::EventView> for EventDto {
    fn from(event: tt::EventView) -> Self {
        match event {
            tt::EventView::RoundStarted {
                round,
                dealer,
                whole_deck,
                hand_sizes,
                hands,
                stock_size,
                must_trim,
            } => EventDto::RoundStarted {
                round,
                dealer: dealer.0,
                whole_deck,
                hand_sizes,
                hands: hands.into_iter().map(|hand| hand.map(codes)).collect(),
                stock_size,
                must_trim: seats(must_trim),
            },
            tt::EventView::ExchangePassed { seat, timeout } => EventDto::ExchangePassed {
                seat: seat.0,
                timeout,
            },
            tt::EventView::ExchangeDrew { seat, card } => EventDto::ExchangeDrew {
                seat: seat.0,
                card: card.map(tt::Card::code),
            },
            tt::EventView::ExchangeDiscarded {
                seat,
                card,
                drew,
                drawn,
                timeout,
            } => EventDto::ExchangeDiscarded {
                seat: seat.0,
                card: card.map(tt::Card::code),
                drew,
                drawn: drawn.map(tt::Card::code),
                timeout,
            },
            tt::EventView::Trimmed {
                seat,
                card,
                timeout,
            } => EventDto::Trimmed {
                seat: seat.0,
                card: card.map(tt::Card::code),
                timeout,
            },
            tt::EventView::TrickStarted {
                round,
                number,
                leader,
                open_lead_required,
            } => EventDto::TrickStarted {
                round,
                number,
                leader: leader.into(),
                open_lead_required,
            },
            tt::EventView::CardPlayed {
                trick,
                participant,
                position,
                face,
                card,
                timeout,
            } => EventDto::CardPlayed {
                trick,
                participant: participant.into(),
                position,
                face: face.into(),
                card: card.map(tt::Card::code),
                timeout,
            },
            tt::EventView::TrickJudged { record } => EventDto::TrickJudged {
                record: record.into(),
            },
            tt::EventView::RoundScored { summary } => EventDto::RoundScored {
                summary: summary.into(),
            },
            tt::EventView::GameEnded { winners, scores } => EventDto::GameEnded {
                winners: seats(winners),
                scores: scores.into_iter().map(Into::into).collect(),
            },
        }
    }
}
