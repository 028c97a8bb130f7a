use crate::{GameKind, OptionValue};

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
