//! Judging a complete trick: ordering the active cards and settling reward, penalty or loot.

use serde::{Deserialize, Serialize};

use super::card::{Card, Colour};

/// How a lead card is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesFace))]
pub enum Face {
    Open,
    Closed,
}

impl Face {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "open" => Some(Face::Open),
            "closed" => Some(Face::Closed),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Face::Open => "open",
            Face::Closed => "closed",
        }
    }
}

/// The kind of a trick, fixed by its lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesTrickKind))]
pub enum TrickKind {
    OpenRed,
    OpenBlack,
    OpenJoker,
    Dark,
}

impl TrickKind {
    pub fn of_lead(card: Card, face: Face) -> Self {
        match (face, card.colour()) {
            (Face::Closed, _) => TrickKind::Dark,
            (Face::Open, None) => TrickKind::OpenJoker,
            (Face::Open, Some(Colour::Red)) => TrickKind::OpenRed,
            (Face::Open, Some(Colour::Black)) => TrickKind::OpenBlack,
        }
    }

    fn colour(self) -> Option<Colour> {
        match self {
            TrickKind::OpenRed => Some(Colour::Red),
            TrickKind::OpenBlack => Some(Colour::Black),
            TrickKind::OpenJoker | TrickKind::Dark => None,
        }
    }
}

/// How a trick was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesMode))]
pub enum Mode {
    Reward,
    Penalty,
    Loot,
}

/// A trick's result in play positions (0 = the lead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub mode: Mode,
    pub winner: Option<usize>,
    pub loser: Option<usize>,
    pub taker: usize,
    /// Positions of the collected cards, ascending.
    pub collected: Vec<usize>,
    /// Positions of every other card, ascending.
    pub discarded: Vec<usize>,
}

/// Judges a complete trick; `cards[p]` is the card at play position `p`.
pub fn judge(kind: TrickKind, cards: &[Card]) -> Judgement {
    let first_active = if kind == TrickKind::Dark { 0 } else { 1 };
    let key = |p: usize| {
        let card = cards[p];
        let in_colour = match kind.colour() {
            Some(colour) => card.is_joker() || card.colour() == Some(colour),
            None => false,
        };
        (in_colour, card.rank(), p)
    };
    let mut order: Vec<usize> = (first_active..cards.len()).collect();
    order.sort_by_key(|&p| key(p));
    let lowest = order.first().copied().unwrap_or(0);
    let highest = order.last().copied().unwrap_or(0);
    let penalty = kind == TrickKind::OpenBlack && !order.iter().any(|&p| cards[p].is_natural_red());
    let (mode, winner, loser, collected) = match kind {
        TrickKind::OpenRed | TrickKind::OpenJoker => (Mode::Reward, Some(highest), None, vec![0]),
        TrickKind::OpenBlack if penalty => (Mode::Penalty, None, Some(lowest), vec![0]),
        TrickKind::OpenBlack | TrickKind::Dark => (
            Mode::Loot,
            Some(highest),
            None,
            loot(cards, &order, highest),
        ),
    };
    let taker = winner.or(loser).unwrap_or(0);
    let discarded = (0..cards.len())
        .filter(|p| !collected.contains(p))
        .collect();
    Judgement {
        mode,
        winner,
        loser,
        taker,
        collected,
        discarded,
    }
}

/// The collectable active cards other than the winner's, limited to the best one when the
/// winning card is high and there are several.
fn loot(cards: &[Card], active: &[usize], winner: usize) -> Vec<usize> {
    let mut candidates: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&p| p != winner && cards[p].is_collectable())
        .collect();
    candidates.sort_unstable();
    if cards[winner].is_high() && candidates.len() >= 2 {
        let best = candidates
            .iter()
            .copied()
            .max_by_key(|&p| (cards[p].rank(), p));
        candidates = best.into_iter().collect();
    }
    candidates
}
