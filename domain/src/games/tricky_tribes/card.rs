//! Cards, their codes, colours, values and the canonical order.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

/// A natural card's suit, in canonical order (clubs, spades, diamonds, hearts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    C,
    S,
    D,
    H,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::C, Suit::S, Suit::D, Suit::H];

    fn letter(self) -> char {
        match self {
            Suit::C => 'C',
            Suit::S => 'S',
            Suit::D => 'D',
            Suit::H => 'H',
        }
    }

    fn index(self) -> u8 {
        match self {
            Suit::C => 0,
            Suit::S => 1,
            Suit::D => 2,
            Suit::H => 3,
        }
    }

    pub fn colour(self) -> Colour {
        match self {
            Suit::C | Suit::S => Colour::Black,
            Suit::D | Suit::H => Colour::Red,
        }
    }
}

/// A natural card's colour; jokers have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Black,
}

/// A card. On the wire and in storage it is its code (`10H`, `QS`, `X1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Card {
    /// Rank 2..=14 (J = 11, Q = 12, K = 13, A = 14).
    Natural { rank: u8, suit: Suit },
    /// `X1` or `X2`.
    Joker(u8),
}

impl Card {
    pub const fn natural(rank: u8, suit: Suit) -> Self {
        Card::Natural { rank, suit }
    }

    /// Parses a case-sensitive card code; anything else is not a card.
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "X1" => return Some(Card::Joker(1)),
            "X2" => return Some(Card::Joker(2)),
            _ => {}
        }
        let split = code.len().checked_sub(1)?;
        let (rank_text, suit_text) = (code.get(..split)?, code.get(split..)?);
        let suit = match suit_text {
            "C" => Suit::C,
            "S" => Suit::S,
            "D" => Suit::D,
            "H" => Suit::H,
            _ => return None,
        };
        let rank = match rank_text {
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            "A" => 14,
            // Only the plain tokens 2..10: no signs, no leading zeros.
            "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" => rank_text.parse().ok()?,
            _ => return None,
        };
        Some(Card::natural(rank, suit))
    }

    /// The rank used in every trick: a joker is a 10.
    pub fn rank(self) -> u8 {
        match self {
            Card::Natural { rank, .. } => rank,
            Card::Joker(_) => 10,
        }
    }

    pub fn colour(self) -> Option<Colour> {
        match self {
            Card::Natural { suit, .. } => Some(suit.colour()),
            Card::Joker(_) => None,
        }
    }

    pub fn is_joker(self) -> bool {
        matches!(self, Card::Joker(_))
    }

    pub fn is_natural_red(self) -> bool {
        self.colour() == Some(Colour::Red)
    }

    pub fn is_natural_black(self) -> bool {
        self.colour() == Some(Colour::Black)
    }

    /// J, Q, K or A; a joker never is.
    pub fn is_high(self) -> bool {
        matches!(self, Card::Natural { rank, .. } if rank >= 11)
    }

    /// Natural red cards and jokers: the only cards that can be rewards or loot.
    pub fn is_collectable(self) -> bool {
        self.is_joker() || self.is_natural_red()
    }

    /// The card's worth in a stack.
    pub fn value(self) -> i64 {
        match self {
            Card::Joker(_) => 1,
            Card::Natural { rank, suit } => {
                let worth = if rank >= 11 { 2 } else { 1 };
                match suit.colour() {
                    Colour::Red => worth,
                    Colour::Black => -worth,
                }
            }
        }
    }

    fn canonical_key(self) -> (u8, u8) {
        match self {
            Card::Natural { rank, suit } => (rank, suit.index()),
            Card::Joker(n) => (10, 3 + n),
        }
    }

    pub fn code(self) -> String {
        self.to_string()
    }
}

/// The canonical order: (rank, suit index) with jokers as rank 10 after hearts.
impl Ord for Card {
    fn cmp(&self, other: &Self) -> Ordering {
        self.canonical_key().cmp(&other.canonical_key())
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Card::Joker(n) => write!(f, "X{n}"),
            Card::Natural { rank, suit } => {
                match rank {
                    11 => f.write_str("J")?,
                    12 => f.write_str("Q")?,
                    13 => f.write_str("K")?,
                    14 => f.write_str("A")?,
                    _ => write!(f, "{rank}")?,
                }
                write!(f, "{}", suit.letter())
            }
        }
    }
}

impl From<Card> for String {
    fn from(card: Card) -> Self {
        card.to_string()
    }
}

impl TryFrom<String> for Card {
    type Error = String;

    fn try_from(code: String) -> Result<Self, Self::Error> {
        Card::parse(&code).ok_or_else(|| format!("`{code}` is not a card code"))
    }
}

/// The complete deck of a round, in canonical order.
pub fn full_deck(jokers: u8, cut_deck: bool) -> Vec<Card> {
    let lowest = if cut_deck { 4 } else { 2 };
    let mut deck: Vec<Card> = (lowest..=14)
        .flat_map(|rank| Suit::ALL.map(|suit| Card::natural(rank, suit)))
        .collect();
    deck.extend((1..=jokers).map(Card::Joker));
    deck.sort();
    deck
}

/// Sorts cards for display and for hands: canonical order.
pub fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
    cards.sort();
    cards
}
