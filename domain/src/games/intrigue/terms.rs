//! The vocabulary of the game: cards, characters, positions, pairs and tokens.

use serde::{Deserialize, Serialize};

/// The three kinds of deck card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    Action,
    Support,
    Relationship,
}

// Each of the 24 deck cards is unique.
/// A deck card id. Actions: oracle … lies; supports: defiance_1 … enthusiastic_support_2;
/// relationships: friendship … blackmail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueCard))]
pub enum Card {
    #[serde(rename = "oracle")]
    Oracle,
    #[serde(rename = "assassination")]
    Assassination,
    #[serde(rename = "virtue")]
    Virtue,
    #[serde(rename = "spy")]
    Spy,
    #[serde(rename = "manipulate")]
    Manipulate,
    #[serde(rename = "misinformation")]
    Misinformation,
    #[serde(rename = "lies")]
    Lies,
    #[serde(rename = "defiance_1")]
    Defiance1,
    #[serde(rename = "defiance_2")]
    Defiance2,
    #[serde(rename = "military_support")]
    MilitarySupport,
    #[serde(rename = "loyalists")]
    Loyalists,
    #[serde(rename = "zealots")]
    Zealots,
    #[serde(rename = "guilds")]
    Guilds,
    #[serde(rename = "public_support_1")]
    PublicSupport1,
    #[serde(rename = "public_support_2")]
    PublicSupport2,
    #[serde(rename = "public_support_3")]
    PublicSupport3,
    #[serde(rename = "public_support_4")]
    PublicSupport4,
    #[serde(rename = "enthusiastic_support_1")]
    EnthusiasticSupport1,
    #[serde(rename = "enthusiastic_support_2")]
    EnthusiasticSupport2,
    #[serde(rename = "friendship")]
    Friendship,
    #[serde(rename = "feud")]
    Feud,
    #[serde(rename = "advantage")]
    Advantage,
    #[serde(rename = "debt")]
    Debt,
    #[serde(rename = "blackmail")]
    Blackmail,
}

impl Card {
    /// Every card in table order, the order of the deck before the setup shuffle.
    pub const ALL: [Card; 24] = [
        Card::Oracle,
        Card::Assassination,
        Card::Virtue,
        Card::Spy,
        Card::Manipulate,
        Card::Misinformation,
        Card::Lies,
        Card::Defiance1,
        Card::Defiance2,
        Card::MilitarySupport,
        Card::Loyalists,
        Card::Zealots,
        Card::Guilds,
        Card::PublicSupport1,
        Card::PublicSupport2,
        Card::PublicSupport3,
        Card::PublicSupport4,
        Card::EnthusiasticSupport1,
        Card::EnthusiasticSupport2,
        Card::Friendship,
        Card::Feud,
        Card::Advantage,
        Card::Debt,
        Card::Blackmail,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Card::Oracle => "oracle",
            Card::Assassination => "assassination",
            Card::Virtue => "virtue",
            Card::Spy => "spy",
            Card::Manipulate => "manipulate",
            Card::Misinformation => "misinformation",
            Card::Lies => "lies",
            Card::Defiance1 => "defiance_1",
            Card::Defiance2 => "defiance_2",
            Card::MilitarySupport => "military_support",
            Card::Loyalists => "loyalists",
            Card::Zealots => "zealots",
            Card::Guilds => "guilds",
            Card::PublicSupport1 => "public_support_1",
            Card::PublicSupport2 => "public_support_2",
            Card::PublicSupport3 => "public_support_3",
            Card::PublicSupport4 => "public_support_4",
            Card::EnthusiasticSupport1 => "enthusiastic_support_1",
            Card::EnthusiasticSupport2 => "enthusiastic_support_2",
            Card::Friendship => "friendship",
            Card::Feud => "feud",
            Card::Advantage => "advantage",
            Card::Debt => "debt",
            Card::Blackmail => "blackmail",
        }
    }

    pub fn from_id(id: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|card| card.id() == id)
    }

    pub fn card_type(self) -> CardType {
        match self {
            Card::Oracle
            | Card::Assassination
            | Card::Virtue
            | Card::Spy
            | Card::Manipulate
            | Card::Misinformation
            | Card::Lies => CardType::Action,
            Card::Friendship | Card::Feud | Card::Advantage | Card::Debt | Card::Blackmail => {
                CardType::Relationship
            }
            _ => CardType::Support,
        }
    }

    pub fn is_defiance(self) -> bool {
        matches!(self, Card::Defiance1 | Card::Defiance2)
    }

    /// The card's support value when it lies in the stack of `character`.
    pub fn value(self, character: Character) -> i32 {
        let trait_bonus = |has: bool| if has { 2 } else { 0 };
        match self {
            Card::Assassination | Card::Manipulate | Card::Lies => -1,
            Card::Feud | Card::Debt | Card::Blackmail => -1,
            Card::Virtue | Card::Friendship => 1,
            Card::PublicSupport1
            | Card::PublicSupport2
            | Card::PublicSupport3
            | Card::PublicSupport4 => 1,
            Card::EnthusiasticSupport1 | Card::EnthusiasticSupport2 => 2,
            Card::MilitarySupport => trait_bonus(character.has(Trait::Military)),
            Card::Loyalists => trait_bonus(character.has(Trait::Royalty)),
            Card::Zealots => trait_bonus(character.has(Trait::Religion)),
            Card::Guilds => trait_bonus(character.has(Trait::Nobility)),
            Card::Oracle
            | Card::Spy
            | Card::Misinformation
            | Card::Defiance1
            | Card::Defiance2
            | Card::Advantage => 0,
        }
    }

    /// The sign the replacement rule compares: that of the card's own support value.
    pub fn sign(self) -> i32 {
        // Relationship values do not depend on the character.
        self.value(Character::Princess).signum()
    }
}

/// A character trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trait {
    Military,
    Nobility,
    Royalty,
    Religion,
}

/// A character; priorities princess 4, duke 3, bishop 2, prophet 1 break ties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueCharacter))]
pub enum Character {
    Princess,
    Duke,
    Bishop,
    Prophet,
}

impl Character {
    /// The canonical order.
    pub const ALL: [Character; 4] = [
        Character::Princess,
        Character::Duke,
        Character::Bishop,
        Character::Prophet,
    ];

    pub fn priority(self) -> u8 {
        match self {
            Character::Princess => 4,
            Character::Duke => 3,
            Character::Bishop => 2,
            Character::Prophet => 1,
        }
    }

    pub fn has(self, t: Trait) -> bool {
        matches!(
            (self, t),
            (Character::Princess, Trait::Nobility | Trait::Royalty)
                | (Character::Duke, Trait::Military | Trait::Nobility)
                | (Character::Bishop, Trait::Nobility | Trait::Religion)
                | (Character::Prophet, Trait::Military | Trait::Religion)
        )
    }
}

// The color is that of tokens, favors and point tokens.
/// A position on the circle (clockwise A → B → C → A), which is also a color.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntriguePosition))]
pub enum Pos {
    A,
    B,
    C,
}

impl Pos {
    pub const ALL: [Pos; 3] = [Pos::A, Pos::B, Pos::C];

    pub fn index(self) -> usize {
        match self {
            Pos::A => 0,
            Pos::B => 1,
            Pos::C => 2,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Pos::A => "A",
            Pos::B => "B",
            Pos::C => "C",
        }
    }

    pub fn from_id(id: &str) -> Option<Pos> {
        Pos::ALL.into_iter().find(|pos| pos.id() == id)
    }

    pub fn cw(self) -> Pos {
        match self {
            Pos::A => Pos::B,
            Pos::B => Pos::C,
            Pos::C => Pos::A,
        }
    }

    pub fn ccw(self) -> Pos {
        match self {
            Pos::A => Pos::C,
            Pos::B => Pos::A,
            Pos::C => Pos::B,
        }
    }
}

/// An unordered pair of positions, the place of a relationship.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntriguePair))]
pub enum Pair {
    Ab,
    Bc,
    Ca,
}

impl Pair {
    pub const ALL: [Pair; 3] = [Pair::Ab, Pair::Bc, Pair::Ca];

    pub fn index(self) -> usize {
        match self {
            Pair::Ab => 0,
            Pair::Bc => 1,
            Pair::Ca => 2,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Pair::Ab => "ab",
            Pair::Bc => "bc",
            Pair::Ca => "ca",
        }
    }

    pub fn from_id(id: &str) -> Option<Pair> {
        Pair::ALL.into_iter().find(|pair| pair.id() == id)
    }

    /// The pair of two different positions.
    pub fn of(x: Pos, y: Pos) -> Option<Pair> {
        match (x, y) {
            (Pos::A, Pos::B) | (Pos::B, Pos::A) => Some(Pair::Ab),
            (Pos::B, Pos::C) | (Pos::C, Pos::B) => Some(Pair::Bc),
            (Pos::C, Pos::A) | (Pos::A, Pos::C) => Some(Pair::Ca),
            _ => None,
        }
    }
}

/// A step around the circle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueDirection))]
pub enum Direction {
    Clockwise,
    Counterclockwise,
}

impl Direction {
    pub const ALL: [Direction; 2] = [Direction::Clockwise, Direction::Counterclockwise];

    pub fn id(self) -> &'static str {
        match self {
            Direction::Clockwise => "clockwise",
            Direction::Counterclockwise => "counterclockwise",
        }
    }

    pub fn from_id(id: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|dir| dir.id() == id)
    }

    pub fn step(self, pos: Pos) -> Pos {
        match self {
            Direction::Clockwise => pos.cw(),
            Direction::Counterclockwise => pos.ccw(),
        }
    }
}

// One of the six.
/// A support token: its color and value (3 or 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueToken))]
pub enum Token {
    APlus3,
    APlus1,
    BPlus3,
    BPlus1,
    CPlus3,
    CPlus1,
}

impl Token {
    pub const ALL: [Token; 6] = [
        Token::APlus3,
        Token::APlus1,
        Token::BPlus3,
        Token::BPlus1,
        Token::CPlus3,
        Token::CPlus1,
    ];

    pub fn index(self) -> usize {
        match self {
            Token::APlus3 => 0,
            Token::APlus1 => 1,
            Token::BPlus3 => 2,
            Token::BPlus1 => 3,
            Token::CPlus3 => 4,
            Token::CPlus1 => 5,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Token::APlus3 => "a_plus3",
            Token::APlus1 => "a_plus1",
            Token::BPlus3 => "b_plus3",
            Token::BPlus1 => "b_plus1",
            Token::CPlus3 => "c_plus3",
            Token::CPlus1 => "c_plus1",
        }
    }

    pub fn from_id(id: &str) -> Option<Token> {
        Token::ALL.into_iter().find(|token| token.id() == id)
    }

    pub fn color(self) -> Pos {
        match self {
            Token::APlus3 | Token::APlus1 => Pos::A,
            Token::BPlus3 | Token::BPlus1 => Pos::B,
            Token::CPlus3 | Token::CPlus1 => Pos::C,
        }
    }

    pub fn value(self) -> i64 {
        match self {
            Token::APlus3 | Token::BPlus3 | Token::CPlus3 => 3,
            Token::APlus1 | Token::BPlus1 | Token::CPlus1 => 1,
        }
    }
}

/// Whether a stack card shows its face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueFace))]
pub enum Face {
    Down,
    Up,
}
