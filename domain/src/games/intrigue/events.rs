//! The log: full events, and what one viewer may see of each.

use serde::{Deserialize, Serialize};

use super::score::{FinalResult, RoundScore};
use super::terms::{Card, Character, Direction, Pair, Pos, Token};
use crate::{Seat, Viewer};

/// Cards one player drew at a round start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draw {
    pub seat: Seat,
    pub cards: Vec<Card>,
}

/// A stack card turned up by Virtue, at its position in the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flip {
    pub index: usize,
    pub card: Card,
}

/// A log event with every restricted field filled in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    GameStarted {
        characters: [Character; 3],
        unused: Vec<Character>,
        first_player: Seat,
    },
    /// Each player's draw is private to that player.
    RoundStarted {
        round: u32,
        starting_player: Seat,
        draws: Vec<Draw>,
    },
    DeadlineMissed {
        seat: Seat,
    },
    TokenTaken {
        seat: Seat,
        token: Token,
    },
    /// The card is private to the player who placed it.
    PlayedFaceDown {
        seat: Seat,
        card: Card,
        position: Pos,
        index: usize,
    },
    /// The drawn card is private to the player.
    PlayedFaceUp {
        seat: Seat,
        card: Card,
        position: Pos,
        index: usize,
        drew: Vec<Card>,
        discarded: Option<Card>,
    },
    /// The drawn cards are private to the player.
    OraclePlayed {
        seat: Seat,
        drew: Vec<Card>,
        discard_pending: bool,
    },
    OracleDiscarded {
        seat: Seat,
        card: Card,
    },
    AssassinationPlayed {
        seat: Seat,
        position: Pos,
        victim: Character,
        successor: Character,
        discarded: Vec<Card>,
    },
    /// `turned_up` in walk order, top down; a negative card ends the walk and is discarded.
    VirtuePlayed {
        seat: Seat,
        position: Pos,
        turned_up: Vec<Flip>,
        discarded: Option<Card>,
    },
    /// The seen position and card are private to the player.
    SpyPlayed {
        seat: Seat,
        position: Pos,
        index: usize,
        card: Card,
    },
    ManipulatePlayed {
        seat: Seat,
        gave: Token,
        took: Token,
        opponent: Seat,
    },
    MisinformationPlayed {
        seat: Seat,
        relationship: Card,
        from: Pair,
        to: Pair,
        direction: Direction,
        first: Pos,
        second: Pos,
    },
    LiesPlayed {
        seat: Seat,
        relationship: Card,
        pair: Pair,
        first: Pos,
        second: Pos,
    },
    RelationshipPlayed {
        seat: Seat,
        card: Card,
        pair: Pair,
        first: Pos,
        second: Pos,
        replaced: Option<Card>,
    },
    /// The color is private to the player until the game ends.
    FavorPlayed {
        seat: Seat,
        color: Pos,
    },
    RoundScored(RoundScore),
    GameEnded(FinalResult),
}

/// What one player drew, as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawView {
    pub seat: Seat,
    pub count: usize,
    /// Known to the drawer only (everyone once the game is over).
    pub cards: Option<Vec<Card>>,
}

/// A Spy's private result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpyResult {
    pub index: usize,
    pub card: Card,
}

/// A log event as one viewer may see it.
#[derive(Clone, Debug, PartialEq)]
pub enum EventView {
    GameStarted {
        characters: [Character; 3],
        unused: Vec<Character>,
        first_player: Seat,
    },
    RoundStarted {
        round: u32,
        starting_player: Seat,
        draws: Vec<DrawView>,
    },
    DeadlineMissed {
        seat: Seat,
    },
    TokenTaken {
        seat: Seat,
        token: Token,
    },
    PlayedFaceDown {
        seat: Seat,
        card: Option<Card>,
        position: Pos,
        index: usize,
    },
    PlayedFaceUp {
        seat: Seat,
        card: Card,
        position: Pos,
        index: usize,
        drew: DrawView,
        discarded: Option<Card>,
    },
    OraclePlayed {
        seat: Seat,
        drew: DrawView,
        discard_pending: bool,
    },
    OracleDiscarded {
        seat: Seat,
        card: Card,
    },
    AssassinationPlayed {
        seat: Seat,
        position: Pos,
        victim: Character,
        successor: Character,
        discarded: Vec<Card>,
    },
    VirtuePlayed {
        seat: Seat,
        position: Pos,
        turned_up: Vec<Flip>,
        discarded: Option<Card>,
    },
    SpyPlayed {
        seat: Seat,
        position: Pos,
        result: Option<SpyResult>,
    },
    ManipulatePlayed {
        seat: Seat,
        gave: Token,
        took: Token,
        opponent: Seat,
    },
    MisinformationPlayed {
        seat: Seat,
        relationship: Card,
        from: Pair,
        to: Pair,
        direction: Direction,
        first: Pos,
        second: Pos,
    },
    LiesPlayed {
        seat: Seat,
        relationship: Card,
        pair: Pair,
        first: Pos,
        second: Pos,
    },
    RelationshipPlayed {
        seat: Seat,
        card: Card,
        pair: Pair,
        first: Pos,
        second: Pos,
        replaced: Option<Card>,
    },
    FavorPlayed {
        seat: Seat,
        color: Option<Pos>,
    },
    RoundScored(RoundScore),
    GameEnded(FinalResult),
}

/// Filters an event for `viewer`; `all` is set once the game is over and everything is public.
pub fn event_view(event: &Event, viewer: Viewer, all: bool) -> EventView {
    let knows = |seat: Seat| all || viewer.is(seat);
    let draw = |seat: Seat, cards: &[Card]| DrawView {
        seat,
        count: cards.len(),
        cards: knows(seat).then(|| cards.to_vec()),
    };
    match event.clone() {
        Event::GameStarted {
            characters,
            unused,
            first_player,
        } => EventView::GameStarted {
            characters,
            unused,
            first_player,
        },
        Event::RoundStarted {
            round,
            starting_player,
            draws,
        } => EventView::RoundStarted {
            round,
            starting_player,
            draws: draws.iter().map(|d| draw(d.seat, &d.cards)).collect(),
        },
        Event::DeadlineMissed { seat } => EventView::DeadlineMissed { seat },
        Event::TokenTaken { seat, token } => EventView::TokenTaken { seat, token },
        Event::PlayedFaceDown {
            seat,
            card,
            position,
            index,
        } => EventView::PlayedFaceDown {
            seat,
            card: knows(seat).then_some(card),
            position,
            index,
        },
        Event::PlayedFaceUp {
            seat,
            card,
            position,
            index,
            drew,
            discarded,
        } => EventView::PlayedFaceUp {
            seat,
            card,
            position,
            index,
            drew: draw(seat, &drew),
            discarded,
        },
        Event::OraclePlayed {
            seat,
            drew,
            discard_pending,
        } => EventView::OraclePlayed {
            seat,
            drew: draw(seat, &drew),
            discard_pending,
        },
        Event::OracleDiscarded { seat, card } => EventView::OracleDiscarded { seat, card },
        Event::AssassinationPlayed {
            seat,
            position,
            victim,
            successor,
            discarded,
        } => EventView::AssassinationPlayed {
            seat,
            position,
            victim,
            successor,
            discarded,
        },
        Event::VirtuePlayed {
            seat,
            position,
            turned_up,
            discarded,
        } => EventView::VirtuePlayed {
            seat,
            position,
            turned_up,
            discarded,
        },
        Event::SpyPlayed {
            seat,
            position,
            index,
            card,
        } => EventView::SpyPlayed {
            seat,
            position,
            result: knows(seat).then_some(SpyResult { index, card }),
        },
        Event::ManipulatePlayed {
            seat,
            gave,
            took,
            opponent,
        } => EventView::ManipulatePlayed {
            seat,
            gave,
            took,
            opponent,
        },
        Event::MisinformationPlayed {
            seat,
            relationship,
            from,
            to,
            direction,
            first,
            second,
        } => EventView::MisinformationPlayed {
            seat,
            relationship,
            from,
            to,
            direction,
            first,
            second,
        },
        Event::LiesPlayed {
            seat,
            relationship,
            pair,
            first,
            second,
        } => EventView::LiesPlayed {
            seat,
            relationship,
            pair,
            first,
            second,
        },
        Event::RelationshipPlayed {
            seat,
            card,
            pair,
            first,
            second,
            replaced,
        } => EventView::RelationshipPlayed {
            seat,
            card,
            pair,
            first,
            second,
            replaced,
        },
        Event::FavorPlayed { seat, color } => EventView::FavorPlayed {
            seat,
            color: knows(seat).then_some(color),
        },
        Event::RoundScored(score) => EventView::RoundScored(score),
        Event::GameEnded(result) => EventView::GameEnded(result),
    }
}
