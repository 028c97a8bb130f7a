//! The moves as submitted (raw values, checked in `apply`) and as validated.

use serde::{Deserialize, Serialize};

use super::state::Relationship;
use super::terms::{Card, Direction, Pair, Pos, Token};
use crate::Seat;

/// A move in the rules file's JSON shape. Ids stay raw strings so that an unknown value is
/// refused by the rules (`malformed_move`, after the turn checks) rather than by the parser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    TakeToken {
        token: String,
    },
    PlayFaceDown {
        card: String,
        character: String,
    },
    PlayFaceUp {
        card: String,
        character: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<String>,
    },
    PlayAction {
        card: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        character: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        give: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        take: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pair: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<String>,
    },
    PlayRelationship {
        card: String,
        first: String,
        second: String,
    },
    PlayFavor {
        color: String,
    },
    Discard {
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
