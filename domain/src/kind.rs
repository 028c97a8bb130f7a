use crate::OptionValue;

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

/// What a client needs to create a game of one kind.
#[derive(Clone, Debug, PartialEq)]
pub struct KindInfo {
    pub kind: GameKind,
    pub name: &'static str,
    pub min_players: u8,
    pub max_players: u8,
    pub options: Vec<OptionInfo>,
}

/// One option of a kind: its key, its value type, its default, and which values are allowed.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionInfo {
    pub key: &'static str,
    pub value_type: &'static str,
    pub default: OptionValue,
    pub allowed: &'static str,
    pub description: &'static str,
}
