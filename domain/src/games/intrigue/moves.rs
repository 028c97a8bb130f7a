//! The moves as submitted (raw values, checked in `apply`) and as validated.

use serde::{Deserialize, Serialize};

use super::state::Relationship;
use super::terms::{Card, Direction, Pair, Pos, Token};
use crate::Seat;

/// A move of Intrigue. Ids and positions are plain strings: a value outside its domain is
/// refused by the rules (422 `malformed_move`, after the turn checks); a missing required field
/// or a field the type does not allow is malformed (400).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueMove))]
pub enum Move {
    /// Take an available support token (any color).
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueTakeToken"))]
    TakeToken {
        /// A token id: a_plus3, a_plus1, b_plus3, b_plus1, c_plus3 or c_plus1.
        token: String,
    },
    /// Play any card from hand face down onto a position's stack.
    #[cfg_attr(feature = "openapi", schema(title = "IntriguePlayFaceDown"))]
    PlayFaceDown {
        /// A card id from the player's hand.
        card: String,
        /// The position: A, B or C.
        character: String,
    },
    /// Play a support card face up onto a position's stack; its face-up effect happens.
    #[cfg_attr(feature = "openapi", schema(title = "IntriguePlayFaceUp"))]
    PlayFaceUp {
        /// A support card id from the player's hand.
        card: String,
        /// The position: A, B or C.
        character: String,
        /// Defiance only, and required when the player holds another card: the card of the
        /// player's hand to discard. Absent for every other support.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<String>,
    },
    /// Play an action card. Parameters by card: oracle none; assassination, virtue and spy
    /// `character`; manipulate `give` and `take`; misinformation `pair` and `direction`; lies
    /// `pair`. Any other parameter is refused.
    #[cfg_attr(feature = "openapi", schema(title = "IntriguePlayAction"))]
    PlayAction {
        /// An action card id from the player's hand.
        card: String,
        /// The target position: A, B or C.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        character: Option<String>,
        /// Manipulate: a token id the player holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        give: Option<String>,
        /// Manipulate: a token id an opponent holds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        take: Option<String>,
        /// The pair holding the relationship: ab, bc or ca.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pair: Option<String>,
        /// Misinformation: clockwise or counterclockwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<String>,
    },
    /// Place a relationship card between two positions, possibly replacing one of opposite sign.
    #[cfg_attr(feature = "openapi", schema(title = "IntriguePlayRelationship"))]
    PlayRelationship {
        /// A relationship card id from the player's hand.
        card: String,
        /// The first end (friendship/feud: either; advantage +1; debt debtor; blackmail
        /// blackmailer): A, B or C.
        first: String,
        /// The second end, different from the first: A, B or C.
        second: String,
    },
    /// Put one of the player's unplayed favor cards on top of the favor pile, face down.
    #[cfg_attr(feature = "openapi", schema(title = "IntriguePlayFavor"))]
    PlayFavor {
        /// The favor's color: A, B or C.
        color: String,
    },
    /// Answer a pending Oracle discard with a card of the player's hand.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueDiscard"))]
    Discard {
        /// A card id from the player's hand.
        card: String,
    },
}

impl Move {
    pub fn take_token(token: Token) -> Self {
        Move::TakeToken {
            token: token.id().to_owned(),
        }
    }

    pub fn face_down(card: Card, pos: Pos) -> Self {
        Move::PlayFaceDown {
            card: card.id().to_owned(),
            character: pos.id().to_owned(),
        }
    }

    pub fn face_up(card: Card, pos: Pos, discard: Option<Card>) -> Self {
        Move::PlayFaceUp {
            card: card.id().to_owned(),
            character: pos.id().to_owned(),
            discard: discard.map(|card| card.id().to_owned()),
        }
    }

    pub fn action(card: Card, params: ActionParams) -> Self {
        Move::PlayAction {
            card: card.id().to_owned(),
            character: params.character.map(|pos| pos.id().to_owned()),
            give: params.give.map(|token| token.id().to_owned()),
            take: params.take.map(|token| token.id().to_owned()),
            pair: params.pair.map(|pair| pair.id().to_owned()),
            direction: params.direction.map(|dir| dir.id().to_owned()),
        }
    }

    pub fn relationship(card: Card, first: Pos, second: Pos) -> Self {
        Move::PlayRelationship {
            card: card.id().to_owned(),
            first: first.id().to_owned(),
            second: second.id().to_owned(),
        }
    }

    pub fn favor(color: Pos) -> Self {
        Move::PlayFavor {
            color: color.id().to_owned(),
        }
    }

    pub fn discard(card: Card) -> Self {
        Move::Discard {
            card: card.id().to_owned(),
        }
    }
}

/// The optional parameters of `play_action`, parsed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionParams {
    pub character: Option<Pos>,
    pub give: Option<Token>,
    pub take: Option<Token>,
    pub pair: Option<Pair>,
    pub direction: Option<Direction>,
}

/// A move whose values are all in their domains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parsed {
    TakeToken(Token),
    FaceDown(Card, Pos),
    FaceUp(Card, Pos, Option<Card>),
    Action(Card, ActionParams),
    Relationship(Card, Pos, Pos),
    Favor(Pos),
    Discard(Card),
}

impl From<Parsed> for Move {
    fn from(parsed: Parsed) -> Self {
        match parsed {
            Parsed::TakeToken(token) => Move::take_token(token),
            Parsed::FaceDown(card, pos) => Move::face_down(card, pos),
            Parsed::FaceUp(card, pos, discard) => Move::face_up(card, pos, discard),
            Parsed::Action(card, params) => Move::action(card, params),
            Parsed::Relationship(card, first, second) => Move::relationship(card, first, second),
            Parsed::Favor(color) => Move::favor(color),
            Parsed::Discard(card) => Move::discard(card),
        }
    }
}

/// A fully checked move, ready to resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    TakeToken(Token),
    FaceDown(Card, Pos),
    FaceUp(Card, Pos, Option<Card>),
    Oracle,
    Assassination(Pos),
    Virtue(Pos),
    Spy(Pos),
    Manipulate {
        give: Token,
        take: Token,
        opponent: Seat,
    },
    Misinformation(Relationship, Direction),
    Lies(Relationship),
    Relationship(Card, Pos, Pos),
    Favor(Pos),
    Discard(Card),
}
