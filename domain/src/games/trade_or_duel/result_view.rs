//! The result as viewers see it. The stored `Placing` nests its standing; the public ranking
//! lists the status with both totals, one of them null.

use serde::Serialize;

use super::terms::{Card, GameResult, Placing, SeatHand, Standing};
use crate::Seat;

/// Whether a player was still in the game at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelStatus))]
pub enum Status {
    Survivor,
    Eliminated,
}

/// One line of the final ranking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelPlacing))]
pub struct PlacingView {
    /// The player's seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// Competition place: 1 + the number of players strictly ahead (ties share a place).
    pub place: u8,
    /// Survivors rank ahead of every eliminated player.
    pub status: Status,
    /// The final hand total; only for survivors.
    pub hand_total: Option<u32>,
    /// The elimination index (later is better); only for eliminated players.
    pub elimination_index: Option<u32>,
}

impl From<Placing> for PlacingView {
    fn from(placing: Placing) -> Self {
        let (status, hand_total, elimination_index) = match placing.standing {
            Standing::Survivor { hand_total } => (Status::Survivor, Some(hand_total), None),
            Standing::Eliminated { elimination_index } => {
                (Status::Eliminated, None, Some(elimination_index))
            }
        };
        PlacingView {
            seat: placing.seat,
            place: placing.place,
            status,
            hand_total,
            elimination_index,
        }
    }
}

pub(super) fn ranking_view(ranking: &[Placing]) -> Vec<PlacingView> {
    ranking.iter().copied().map(PlacingView::from).collect()
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelResult))]
pub struct ResultView {
    /// The winner's seat; null when no survivor remains.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub winner: Option<Seat>,
    /// Every player, by place then seat.
    pub ranking: Vec<PlacingView>,
    /// Every survivor's final hand, by seat.
    pub final_hands: Vec<SeatHand>,
    /// The cards that were never dealt, ascending.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub set_aside: Vec<Card>,
}

impl From<&GameResult> for ResultView {
    fn from(result: &GameResult) -> Self {
        ResultView {
            winner: result.winner,
            ranking: ranking_view(&result.ranking),
            final_hands: result.final_hands.clone(),
            set_aside: result.set_aside.clone(),
        }
    }
}

impl PlacingView {
    /// The stored placing behind this line, or `None` when the status lacks its total.
    fn placing(&self) -> Option<Placing> {
        let standing = match self.status {
            Status::Survivor => Standing::Survivor {
                hand_total: self.hand_total?,
            },
            Status::Eliminated => Standing::Eliminated {
                elimination_index: self.elimination_index?,
            },
        };
        Some(Placing {
            seat: self.seat,
            place: self.place,
            standing,
        })
    }
}

impl ResultView {
    /// The stored result behind this view (a game rebuilt from a view needs it), or `None`
    /// when a ranking line lacks the total its status requires.
    pub(super) fn result(&self) -> Option<GameResult> {
        Some(GameResult {
            winner: self.winner,
            ranking: self
                .ranking
                .iter()
                .map(PlacingView::placing)
                .collect::<Option<_>>()?,
            final_hands: self.final_hands.clone(),
            set_aside: self.set_aside.clone(),
        })
    }
}
