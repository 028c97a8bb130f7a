use crate::KindInfo;

/// The games Cardtable plays. The id is what clients send and what the database stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    TradeOrDuel,
}

impl GameKind {
    /// Every kind that can be created, in listing order.
    pub const ALL: &'static [GameKind] = &[GameKind::TradeOrDuel];

    pub fn id(self) -> &'static str {
        match self {
            GameKind::TradeOrDuel => "trade_or_duel",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|kind| kind.id() == id)
    }

    pub fn info(self) -> KindInfo {
        match self {
            GameKind::TradeOrDuel => crate::games::trade_or_duel::kind_info(),
        }
    }
}
