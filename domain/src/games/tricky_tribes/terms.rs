//! The vocabulary shared by the state, the log and the views.

use serde::{Deserialize, Serialize};

use super::card::Card;
use super::judge::{Face, Mode, TrickKind};
use crate::Seat;

/// A participant of a trick: a seat, or the dummy tribe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Participant {
    Seat(Seat),
    Dummy,
}

impl Participant {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Participant::Seat(seat) => Some(seat),
            Participant::Dummy => None,
        }
    }
}

/// What a player did in the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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

/// A card played to a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub participant: Participant,
    pub card: Card,
    pub position: u8,
}

/// A judged trick as everyone sees it from judgement on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickRecord {
    pub round: u32,
    pub number: u8,
    pub kind: TrickKind,
    pub lead_face: Face,
    pub plays: Vec<Play>,
    pub mode: Mode,
    pub winner: Option<Participant>,
    pub loser: Option<Participant>,
    pub taker: Participant,
    pub collected: Vec<Card>,
    pub discarded: Vec<Card>,
    /// The leader of the next trick of this round; `None` after the last trick.
    pub next_leader: Option<Participant>,
    /// Whether the next leader must lead open.
    pub open_lead_required: bool,
}

/// A scoring unit (team or solo player) and its cumulative score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitScore {
    pub seats: Vec<Seat>,
    pub score: i64,
}

/// A unit's result in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitRound {
    pub seats: Vec<Seat>,
    pub round_score: i64,
    pub cumulative: i64,
}

/// The public summary recorded at the end of each round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub round: u32,
    pub dealer: Seat,
    /// Every seat's stack, by seat.
    pub stacks: Vec<Vec<Card>>,
    /// The dummy's stack (never scored); `None` without a dummy.
    pub dummy_stack: Option<Vec<Card>>,
    /// Every seat's round score, by seat.
    pub seat_scores: Vec<i64>,
    pub units: Vec<UnitRound>,
}
