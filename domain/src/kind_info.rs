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
    /// The values the option's parser accepts, as far as they can be told without the other
    /// options and the player count (the contract states them as the option's schema).
    pub accepts: OptionValues,
    /// Whether `null` is accepted too (it then means the default, or no value).
    pub nullable: bool,
}

/// The values an option accepts, before the rules relate it to the other options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValues {
    /// An integer in `min..=max`.
    Int { min: i64, max: i64 },
    /// `true` or `false`.
    Bool,
    /// One of these strings.
    Text(&'static [&'static str]),
    /// One of these strings, or an integer in `min..=max`.
    TextOrInt(&'static [&'static str], i64, i64),
    /// At most `max_groups` groups of `min_size..=max_size` different seats below `seats`.
    SeatGroups {
        seats: i64,
        min_size: usize,
        max_size: usize,
        max_groups: usize,
    },
}
