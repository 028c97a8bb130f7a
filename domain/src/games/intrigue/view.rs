//! What one viewer may see, built field by field per the visibility table.

use super::options::Options;
use super::score::{FinalResult, RoundScore};
use super::state::{Phase, SEATS, Table};
use super::terms::{Card, Character, Face, Pair, Pos, Token};
use crate::{Seat, Timestamp, Viewer};

/// One stack entry; `card` is `None` when the viewer may not know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryView {
    pub card: Option<Card>,
    pub owner: Seat,
    pub face: Face,
}

/// A position: its character, point tokens and support stack (bottom first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionView {
    pub position: Pos,
    pub character: Character,
    pub point_tokens: u32,
    pub stack: Vec<EntryView>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelationshipView {
    pub pair: Pair,
    pub card: Card,
    pub first: Pos,
    pub second: Pos,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TokenView {
    pub token: Token,
    /// `None` while the token is available.
    pub holder: Option<Seat>,
}

/// One player's public standing, with the private parts only for that player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    pub seat: Seat,
    pub points: i64,
    pub hand_size: usize,
    pub hand: Option<Vec<Card>>,
    pub unplayed_favor_count: usize,
    pub unplayed_favors: Option<Vec<Pos>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FavorView {
    pub player: Seat,
    pub color: Option<Pos>,
}

/// Who must answer a pending Oracle discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingView {
    pub seat: Seat,
    pub card: Card,
}

/// Everything one viewer may see now.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub viewer: Option<Seat>,
    pub options: Options,
    pub game_over: bool,
    pub round: u32,
    pub first_player: Seat,
    pub round_starter: Seat,
    pub to_act: Option<Seat>,
    pub pending: Option<PendingView>,
    pub deadline: Option<Timestamp>,
    pub positions: Vec<PositionView>,
    pub unused: Vec<Character>,
    pub dead: Vec<Character>,
    pub relationships: Vec<RelationshipView>,
    pub tokens: Vec<TokenView>,
    pub players: Vec<PlayerView>,
    pub deck_size: usize,
    /// Top first; only once the game is over.
    pub deck: Option<Vec<Card>>,
    pub discard: Vec<Card>,
    pub favor_pile: Vec<FavorView>,
    pub last_round: Option<RoundScore>,
    pub result: Option<FinalResult>,
}

impl Table {
    pub fn view(&self, viewer: Viewer, deadline: Option<Timestamp>) -> View {
        let all = self.phase == Phase::GameOver;
        let knows = |seat: Seat| all || viewer.is(seat);
        let playing = !all;
        View {
            viewer: viewer.seat(),
            options: self.options.clone(),
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
