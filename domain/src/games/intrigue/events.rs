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

/// A stack card turned up by Virtue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueFlip))]
pub struct Flip {
    /// Its place in the stack, from 0 at the bottom, before any discard.
    pub index: usize,
    /// The card.
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

/// Cards a player drew, as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueDraw))]
pub struct DrawView {
    /// The drawing seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// How many cards were drawn (public).
    pub count: usize,
    /// The cards: for the drawer only (everyone once the game is over); null otherwise.
    pub cards: Option<Vec<Card>>,
}

/// A Spy's private result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueSpyResult))]
pub struct SpyResult {
    /// The spied card's place in the stack, from 0 at the bottom.
    pub index: usize,
    /// The spied card.
    pub card: Card,
}

/// A log event as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueEvent))]
pub enum EventView {
    /// The characters were placed and the first player chosen.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueGameStarted"))]
    GameStarted {
        /// The characters at A, B and C.
        #[cfg_attr(feature = "openapi", schema(value_type = Vec<Character>))]
        characters: [Character; 3],
        /// The character left unused.
        unused: Vec<Character>,
        /// The seat that starts round 1.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        first_player: Seat,
    },
    /// A round began: each player drew up to the hand size, from the starting player on.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueRoundStarted"))]
    RoundStarted {
        /// The round, from 1.
        round: u32,
        /// The seat that starts this round.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        starting_player: Seat,
        /// The draws in order.
        draws: Vec<DrawView>,
    },
    /// The player to act missed the deadline; the default move that follows was applied.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueDeadlineMissed"))]
    DeadlineMissed {
        /// The seat that missed it.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
    },
    /// A player took an available support token.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueTokenTaken"))]
    TokenTaken {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The token.
        token: Token,
    },
    /// A card was played face down.
    #[cfg_attr(feature = "openapi", schema(title = "IntriguePlayedFaceDown"))]
    PlayedFaceDown {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The card: for its owner only (everyone once the game is over).
        card: Option<Card>,
        /// The position.
        position: Pos,
        /// Its place in the stack, from 0 at the bottom.
        index: usize,
    },
    /// A support card was played face up.
    #[cfg_attr(feature = "openapi", schema(title = "IntriguePlayedFaceUp"))]
    PlayedFaceUp {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The card.
        card: Card,
        /// The position.
        position: Pos,
        /// Its place in the stack, from 0 at the bottom.
        index: usize,
        /// The card drawn by its effect (none for Defiance or from an empty deck).
        drew: DrawView,
        /// The card Defiance discarded from the player's hand.
        discarded: Option<Card>,
    },
    /// Oracle was played: the player drew up to two cards.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueOraclePlayed"))]
    OraclePlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The cards drawn.
        drew: DrawView,
        /// Whether the player must now discard a card.
        discard_pending: bool,
    },
    /// The Oracle discard was made.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueOracleDiscarded"))]
    OracleDiscarded {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The card discarded.
        card: Card,
    },
    /// Assassination replaced a position's character.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueAssassinationPlayed"))]
    AssassinationPlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The position.
        position: Pos,
        /// The character removed for good.
        victim: Character,
        /// The new character at the position.
        successor: Character,
        /// The position's stack, discarded bottom first.
        discarded: Vec<Card>,
    },
    /// Virtue turned up face-down cards from the top until a negative one.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueVirtuePlayed"))]
    VirtuePlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The position.
        position: Pos,
        /// The cards turned up, top down.
        turned_up: Vec<Flip>,
        /// The negative card found and discarded, if any (the last turned up).
        discarded: Option<Card>,
    },
    /// Spy was played on a position.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueSpyPlayed"))]
    SpyPlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The position.
        position: Pos,
        /// What was seen: for the Spy player only (everyone once the game is over).
        result: Option<SpyResult>,
    },
    /// Manipulate exchanged support tokens.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueManipulatePlayed"))]
    ManipulatePlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The token the player gave.
        gave: Token,
        /// The token the player took.
        took: Token,
        /// The opponent who held `took` and now holds `gave`.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        opponent: Seat,
    },
    /// Misinformation shifted a relationship one step around the circle.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueMisinformationPlayed"))]
    MisinformationPlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The relationship card moved.
        relationship: Card,
        /// The pair it left.
        from: Pair,
        /// The pair it now lies on.
        to: Pair,
        /// The direction of the step.
        direction: Direction,
        /// Its new first end.
        first: Pos,
        /// Its new second end.
        second: Pos,
    },
    /// Lies swapped the ends of a relationship.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueLiesPlayed"))]
    LiesPlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The relationship card.
        relationship: Card,
        /// Its pair.
        pair: Pair,
        /// Its new first end.
        first: Pos,
        /// Its new second end.
        second: Pos,
    },
    /// A relationship card was placed.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueRelationshipPlayed"))]
    RelationshipPlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The card.
        card: Card,
        /// Its pair.
        pair: Pair,
        /// Its first end.
        first: Pos,
        /// Its second end.
        second: Pos,
        /// The relationship it replaced, now discarded.
        replaced: Option<Card>,
    },
    /// A favor card was played onto the pile.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueFavorPlayed"))]
    FavorPlayed {
        /// The player.
        #[cfg_attr(feature = "openapi", schema(value_type = u8))]
        seat: Seat,
        /// The color: for its owner only (everyone once the game is over).
        color: Option<Pos>,
    },
    /// A round was scored.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueRoundScored"))]
    RoundScored {
        /// The scoring.
        score: RoundScore,
    },
    /// The game ended.
    #[cfg_attr(feature = "openapi", schema(title = "IntrigueGameEnded"))]
    GameEnded {
        /// Monarch, favors and final standing.
        result: FinalResult,
    },
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
        Event::RoundScored(score) => EventView::RoundScored { score },
        Event::GameEnded(result) => EventView::GameEnded { result },
    }
}
