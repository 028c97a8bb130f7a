/// The games Cardtable plays. The id is what clients send and what the database stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    TradeOrDuel,
    Tribute,
    Intrigue,
    TrickyTribes,
}

impl GameKind {
    /// Every kind that can be created, in listing order.
    pub const ALL: &'static [GameKind] = &[
        GameKind::Tribute,
        GameKind::TrickyTribes,
        GameKind::Intrigue,
        GameKind::TradeOrDuel,
    ];

    pub fn id(self) -> &'static str {
        match self {
            GameKind::TradeOrDuel => "trade_or_duel",
            GameKind::Tribute => "tribute",
            GameKind::Intrigue => "intrigue",
            GameKind::TrickyTribes => "tricky_tribes",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|kind| kind.id() == id)
    }
}
