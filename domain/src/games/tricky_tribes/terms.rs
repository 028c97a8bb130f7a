//! The vocabulary shared by the state, the log and the views.

use serde::{Deserialize, Serialize};

use super::card::Card;
use super::judge::{Face, Mode, TrickKind};
use super::participant::Participant;
use crate::Seat;

/// What a player did in the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesExchangeAction))]
pub enum ExchangeAction {
    Pass,
    DrawThenDiscard,
    DiscardThenDraw,
}

/// One player's exchange this round. The cards are known only to that player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeRecord {
    pub seat: Seat,
    pub action: ExchangeAction,
    pub drawn: Option<Card>,
    pub discarded: Option<Card>,
    pub timeout: bool,
}

/// One player's trim this round. The card is known only to that player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrimRecord {
    pub seat: Seat,
    pub card: Card,
    pub timeout: bool,
}

/// A card played to a judged trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesPlay))]
pub struct Play {
    pub participant: Participant,
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub card: Card,
    /// Play position: 0 for the lead.
    pub position: u8,
    /// The seat missed its deadline and the card is its default move (the rules' "timeout
    /// move"). Never set for the dummy, which has no deadline.
    #[serde(default)]
    pub timeout: bool,
}

/// A judged trick, public from judgement on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesTrickRecord))]
pub struct TrickRecord {
    pub round: u32,
    pub number: u8,
    pub kind: TrickKind,
    pub lead_face: Face,
    pub plays: Vec<Play>,
    pub mode: Mode,
    /// Null in penalty mode.
    pub winner: Option<Participant>,
    /// Set in penalty mode only.
    pub loser: Option<Participant>,
    /// Who collected and leads next.
    pub taker: Participant,
    /// Cards moved to the taker's stack, in play order.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub collected: Vec<Card>,
    /// Cards moved to the discard pile, in play order.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub discarded: Vec<Card>,
    /// The leader of the next trick; null after the round's last trick.
    pub next_leader: Option<Participant>,
    /// Whether the next leader must lead open.
    pub open_lead_required: bool,
}

/// A scoring unit (team or solo player) and its cumulative score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesUnitScore))]
pub struct UnitScore {
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub seats: Vec<Seat>,
    pub score: i64,
}

/// A unit's result in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesUnitRound))]
pub struct UnitRound {
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub seats: Vec<Seat>,
    /// Sum of the members' round scores (doubled for a solo player with teams).
    pub round_score: i64,
    /// Cumulative score after the round.
    pub cumulative: i64,
}

/// The public summary of a finished round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesRoundSummary))]
pub struct RoundSummary {
    pub round: u32,
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub dealer: Seat,
    /// Every seat's stack, by seat.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<String>>))]
    pub stacks: Vec<Vec<Card>>,
    /// The dummy's stack (never scored); null without a dummy.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<String>>))]
    pub dummy_stack: Option<Vec<Card>>,
    /// Every seat's round score, by seat.
    pub seat_scores: Vec<i64>,
    pub units: Vec<UnitRound>,
}
