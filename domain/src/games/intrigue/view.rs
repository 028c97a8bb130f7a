//! What one viewer may see, built field by field per the visibility table.

use serde::Serialize;

use super::options_view::OptionsView;
use super::score::{FinalResult, RoundScore};
use super::state::{Phase, SEATS, Table};
use super::terms::{Card, Character, Face, Pair, Pos, Token};
use crate::{Seat, Timestamp, Viewer};

/// One stack card as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueStackEntry))]
pub struct EntryView {
    /// The card, or null when the viewer may not know it (face down, not placed or spied by
    /// the viewer).
    pub card: Option<Card>,
    /// The seat that placed the card.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub owner: Seat,
    /// Face up or down.
    pub face: Face,
}

/// One position: its character, point tokens and support stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntriguePositionView))]
pub struct PositionView {
    /// The position (color).
    pub position: Pos,
    /// The character at this position.
    pub character: Character,
    /// Rounds this position has won with its current character.
    pub point_tokens: u32,
    /// The support stack, bottom first.
    pub stack: Vec<EntryView>,
}

/// A relationship in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueRelationship))]
pub struct RelationshipView {
    /// The pair it lies on.
    pub pair: Pair,
    /// The relationship card.
    pub card: Card,
    /// The first end (advantage +1, debtor, blackmailer).
    pub first: Pos,
    /// The second end (advantage −1, lender, victim).
    pub second: Pos,
}

/// Who holds one support token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueTokenHolder))]
pub struct TokenView {
    /// The token.
    pub token: Token,
    /// The holding seat, or null while the token is available.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub holder: Option<Seat>,
}

/// One player as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntriguePlayer))]
pub struct PlayerView {
    /// The seat.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// Current points (no lower bound).
    pub points: i64,
    /// Number of cards in hand.
    pub hand_size: usize,
    /// The hand in the order received: the viewer's own, or everyone's once the game is over.
    pub hand: Option<Vec<Card>>,
    /// Number of favor cards not yet played.
    pub unplayed_favor_count: usize,
    /// The unplayed favor colors: the viewer's own, or everyone's once the game is over.
    pub unplayed_favors: Option<Vec<Pos>>,
}

/// A favor card in the pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueFavor))]
pub struct FavorView {
    /// The owner (printed on the back).
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub player: Seat,
    /// The color: the owner's own cards, or all once the game is over; null otherwise.
    pub color: Option<Pos>,
}

/// A pending Oracle discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntriguePending))]
pub struct PendingView {
    /// The seat that must discard.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub seat: Seat,
    /// The action card being resolved (oracle).
    pub card: Card,
}

/// Everything one viewer may see of a game of Intrigue.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueView))]
pub struct View {
    /// The seat this view was built for; null for a spectator.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub viewer: Option<Seat>,
    /// The game's options.
    pub options: OptionsView,
    /// Whether the game has ended; then everything is public.
    pub game_over: bool,
    /// The current round, from 1.
    pub round: u32,
    /// The seat that started round 1.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub first_player: Seat,
    /// The seat that started the current round.
    #[cfg_attr(feature = "openapi", schema(value_type = u8))]
    pub round_starter: Seat,
    /// The seat to act; null once the game is over.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>))]
    pub to_act: Option<Seat>,
    /// A pending Oracle discard, if any.
    pub pending: Option<PendingView>,
    /// When the current decision expires; null without a deadline or once over.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<i64>))]
    pub deadline: Option<Timestamp>,
    /// Positions A, B and C.
    pub positions: Vec<PositionView>,
    /// Characters not yet in play, in canonical order.
    pub unused: Vec<Character>,
    /// Assassinated characters.
    pub dead: Vec<Character>,
    /// The relationships in play.
    pub relationships: Vec<RelationshipView>,
    /// The six support tokens and their holders.
    pub tokens: Vec<TokenView>,
    /// Seats 0, 1 and 2.
    pub players: Vec<PlayerView>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// The deck, top first, once the game is over; null before.
    pub deck: Option<Vec<Card>>,
    /// The discard pile in the order the cards arrived.
    pub discard: Vec<Card>,
    /// The favor pile in play order.
    pub favor_pile: Vec<FavorView>,
    /// The latest round's scoring, if a round has been scored.
    pub last_round: Option<RoundScore>,
    /// The end of game, once over.
    pub result: Option<FinalResult>,
}

impl Table {
    pub fn view(&self, viewer: Viewer, deadline: Option<Timestamp>) -> View {
        let all = self.phase == Phase::GameOver;
        let knows = |seat: Seat| all || viewer.is(seat);
        let playing = !all;
        View {
            viewer: viewer.seat(),
            options: OptionsView::from(&self.options),
            game_over: all,
            round: self.round,
            first_player: self.first_player,
            round_starter: self.round_starter(),
            to_act: playing.then_some(self.to_act),
            pending: self.resolving.filter(|_| playing).map(|card| PendingView {
                seat: self.to_act,
                card,
            }),
            deadline,
            positions: Pos::ALL
                .into_iter()
                .map(|position| PositionView {
                    position,
                    character: self.character_at[position.index()],
                    point_tokens: self.point_tokens[position.index()],
                    stack: self
                        .stack(position)
                        .iter()
                        .map(|entry| EntryView {
                            card: (all
                                || viewer.seat().is_some_and(|seat| entry.known_to(seat))
                                || entry.face == Face::Up)
                                .then_some(entry.card),
                            owner: entry.owner,
                            face: entry.face,
                        })
                        .collect(),
                })
                .collect(),
            unused: self.unused.clone(),
            dead: self.dead.clone(),
            relationships: self
                .relationships
                .iter()
                .flatten()
                .map(|rel| RelationshipView {
                    pair: rel.pair(),
                    card: rel.card,
                    first: rel.first,
                    second: rel.second,
                })
                .collect(),
            tokens: Token::ALL
                .into_iter()
                .map(|token| TokenView {
                    token,
                    holder: self.holder(token),
                })
                .collect(),
            players: SEATS
                .into_iter()
                .map(|seat| PlayerView {
                    seat,
                    points: self.points[seat.index()],
                    hand_size: self.hand(seat).len(),
                    hand: knows(seat).then(|| self.hand(seat).to_vec()),
                    unplayed_favor_count: self.unplayed_favors[seat.index()].len(),
                    unplayed_favors: knows(seat)
                        .then(|| self.unplayed_favors[seat.index()].clone()),
                })
                .collect(),
            deck_size: self.deck.len(),
            deck: all.then(|| self.deck.clone()),
            discard: self.discard.clone(),
            favor_pile: self
                .favor_pile
                .iter()
                .map(|favor| FavorView {
                    player: favor.player,
                    color: knows(favor.player).then_some(favor.color),
                })
                .collect(),
            last_round: self.last_round.clone(),
            result: self.result.clone(),
        }
    }
}
