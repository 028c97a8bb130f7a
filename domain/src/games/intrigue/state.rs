//! The table: every zone of the game state, without the random source.

use serde::{Deserialize, Serialize};

use super::options::Options;
use super::score::{FinalResult, RoundScore};
use super::terms::{Card, Character, Face, Pair, Pos, Token};
use crate::{Seat, Timestamp};

/// One card in a support stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackEntry {
    pub card: Card,
    pub owner: Seat,
    pub face: Face,
    /// Players who know the card: the owner, and anyone who spied it this round.
    pub seen_by: Vec<Seat>,
}

impl StackEntry {
    pub fn new(card: Card, owner: Seat, face: Face) -> Self {
        Self {
            card,
            owner,
            face,
            seen_by: vec![owner],
        }
    }

    pub fn known_to(&self, seat: Seat) -> bool {
        self.face == Face::Up || self.seen_by.contains(&seat)
    }
}

/// A relationship in play: its card and its oriented ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relationship {
    pub card: Card,
    pub first: Pos,
    pub second: Pos,
}

impl Relationship {
    pub fn pair(&self) -> Pair {
        Pair::of(self.first, self.second).unwrap_or(Pair::Ab)
    }
}

/// A played favor card: its owner (public) and color (private until the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Favor {
    pub player: Seat,
    pub color: Pos,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Playing,
    GameOver,
}

/// Every zone of the game, as the rules file's state section lists them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub options: Options,
    pub deck: Vec<Card>,
    pub discard: Vec<Card>,
    pub hands: [Vec<Card>; 3],
    pub stacks: [Vec<StackEntry>; 3],
    /// Indexed by pair: ab, bc, ca.
    pub relationships: [Option<Relationship>; 3],
    /// Indexed by token, in `Token::ALL` order; `None` while available.
    pub token_holder: [Option<Seat>; 6],
    pub favor_pile: Vec<Favor>,
    /// Indexed by player; each in A, B, C order.
    pub unplayed_favors: [Vec<Pos>; 3],
    pub character_at: [Character; 3],
    pub unused: Vec<Character>,
    pub dead: Vec<Character>,
    pub point_tokens: [u32; 3],
    pub points: [i64; 3],
    pub round: u32,
    pub first_player: Seat,
    pub to_act: Seat,
    /// The Oracle whose discard is pending: it lies in no zone until the discard.
    pub resolving: Option<Card>,
    pub phase: Phase,
    /// When the current decision started, for the deadline.
    pub decision_since: Timestamp,
    pub last_round: Option<RoundScore>,
    pub result: Option<FinalResult>,
}

/// The next player clockwise.
pub fn next_seat(seat: Seat) -> Seat {
    Seat((seat.0 + 1) % 3)
}

pub const SEATS: [Seat; 3] = [Seat(0), Seat(1), Seat(2)];

impl Table {
    /// A table with the characters and the deck given, before round 1 starts.
    pub fn new(
        options: Options,
        characters: [Character; 4],
        deck: Vec<Card>,
        first_player: Seat,
        now: Timestamp,
    ) -> Self {
        let starting = options.starting_points();
        Self {
            options,
            deck,
            discard: Vec::new(),
            hands: Default::default(),
            stacks: Default::default(),
            relationships: [None; 3],
            token_holder: [None; 6],
            favor_pile: Vec::new(),
            unplayed_favors: std::array::from_fn(|_| Pos::ALL.to_vec()),
            character_at: [characters[0], characters[1], characters[2]],
            unused: vec![characters[3]],
            dead: Vec::new(),
            point_tokens: [0; 3],
            points: [starting; 3],
            round: 1,
            first_player,
            to_act: first_player,
            resolving: None,
            phase: Phase::Playing,
            decision_since: now,
            last_round: None,
            result: None,
        }
    }

    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat.index()]
    }

    pub fn holds(&self, seat: Seat, card: Card) -> bool {
        self.hand(seat).contains(&card)
    }

    pub fn holder(&self, token: Token) -> Option<Seat> {
        self.token_holder[token.index()]
    }

    pub fn stack(&self, pos: Pos) -> &[StackEntry] {
        &self.stacks[pos.index()]
    }

    pub fn relationship(&self, pair: Pair) -> Option<Relationship> {
        self.relationships[pair.index()]
    }

    pub fn has_face_down(&self, pos: Pos) -> bool {
        self.stack(pos).iter().any(|entry| entry.face == Face::Down)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// The starting player of the current round: the start rotates clockwise each round.
    pub fn round_starter(&self) -> Seat {
        let offset = u8::try_from((self.round.saturating_sub(1)) % 3).unwrap_or(0);
        Seat((self.first_player.0 + offset) % 3)
    }

    /// Removes one card from a hand; the caller has checked it is there.
    pub fn take_from_hand(&mut self, seat: Seat, card: Card) {
        self.hands[seat.index()].retain(|held| *held != card);
    }

    /// Draws up to `count` cards from the top of the deck; an empty deck stops the draw.
    pub fn draw(&mut self, seat: Seat, count: usize) -> Vec<Card> {
        let count = count.min(self.deck.len());
        let drawn: Vec<Card> = self.deck.drain(..count).collect();
        self.hands[seat.index()].extend(drawn.iter().copied());
        drawn
    }
}
