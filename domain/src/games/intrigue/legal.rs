//! Every legal move of a seat, with each card's legal targets and parameters.

use serde::Serialize;

use rand_chacha::rand_core::Rng;

use super::moves::{ActionParams, Move, Parsed};
use super::state::Table;
use super::terms::{Card, CardType, Direction, Pair, Pos, Token};
use crate::Seat;
use crate::rng::index_below;

/// A seat's legal moves, each exactly as it can be posted back; empty when it is not to act.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueLegalMoves))]
pub struct LegalMoves(pub Vec<Move>);

crate::choices::listed_choices!(LegalMoves, Move);

impl std::ops::Deref for LegalMoves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.0
    }
}

impl Table {
    pub fn legal_moves(&self, seat: Seat) -> LegalMoves {
        LegalMoves(self.choices(seat).into_iter().map(Move::from).collect())
    }

    /// One legal move drawn uniformly, as from [`Table::legal_moves`]; only the drawn one is
    /// written out as a wire move, which is what makes a random playout affordable.
    pub fn random_legal_move(&self, seat: Seat, rng: &mut impl Rng) -> Option<Move> {
        let choices = self.choices(seat);
        (!choices.is_empty()).then(|| Move::from(choices[index_below(rng, choices.len())]))
    }

    /// Every legal move, in the order of the list a client receives.
    fn choices(&self, seat: Seat) -> Vec<Parsed> {
        if self.is_over() || seat != self.to_act {
            return Vec::new();
        }
        let hand = self.hand(seat);
        if self.resolving.is_some() {
            return hand.iter().map(|card| Parsed::Discard(*card)).collect();
        }
        let mut moves: Vec<Parsed> = Token::ALL
            .into_iter()
            .filter(|token| self.holder(*token).is_none())
            .map(Parsed::TakeToken)
            .collect();
        for card in hand {
            moves.extend(Pos::ALL.map(|pos| Parsed::FaceDown(*card, pos)));
            match card.card_type() {
                CardType::Support => moves.extend(self.face_up_moves(seat, *card)),
                CardType::Action => moves.extend(self.action_moves(seat, *card)),
                CardType::Relationship => moves.extend(self.relationship_moves(*card)),
            }
        }
        moves.extend(
            self.unplayed_favors[seat.index()]
                .iter()
                .map(|color| Parsed::Favor(*color)),
        );
        moves
    }

    fn face_up_moves(&self, seat: Seat, card: Card) -> Vec<Parsed> {
        let others: Vec<Card> = self
            .hand(seat)
            .iter()
            .copied()
            .filter(|other| *other != card)
            .collect();
        let discards: Vec<Option<Card>> = if card.is_defiance() && !others.is_empty() {
            others.into_iter().map(Some).collect()
        } else {
            vec![None]
        };
        Pos::ALL
            .into_iter()
            .flat_map(|pos| {
                discards
                    .iter()
                    .map(move |discard| Parsed::FaceUp(card, pos, *discard))
            })
            .collect()
    }

    fn action_moves(&self, seat: Seat, card: Card) -> Vec<Parsed> {
        let at = |pos: Pos| ActionParams {
            character: Some(pos),
            ..ActionParams::default()
        };
        let on = |pair: Pair, direction: Option<Direction>| ActionParams {
            pair: Some(pair),
            direction,
            ..ActionParams::default()
        };
        let params: Vec<ActionParams> = match card {
            Card::Oracle => vec![ActionParams::default()],
            Card::Assassination if !self.unused.is_empty() => Pos::ALL.map(at).to_vec(),
            Card::Virtue | Card::Spy => Pos::ALL
                .into_iter()
                .filter(|pos| self.has_face_down(*pos))
                .map(at)
                .collect(),
            Card::Manipulate => self.manipulations(seat),
            Card::Lies => Pair::ALL
                .into_iter()
                .filter(|pair| self.relationship(*pair).is_some())
                .map(|pair| on(pair, None))
                .collect(),
            Card::Misinformation => Pair::ALL
                .into_iter()
                .filter_map(|pair| self.relationship(pair).map(|rel| (pair, rel)))
                .flat_map(|(pair, rel)| {
                    Direction::ALL.into_iter().filter_map(move |dir| {
                        Pair::of(dir.step(rel.first), dir.step(rel.second))
                            .map(|to| (pair, dir, to))
                    })
                })
                .filter(|(_, _, to)| self.relationship(*to).is_none())
                .map(|(pair, dir, _)| on(pair, Some(dir)))
                .collect(),
            _ => Vec::new(),
        };
        params
            .into_iter()
            .map(|params| Parsed::Action(card, params))
            .collect()
    }

    fn manipulations(&self, seat: Seat) -> Vec<ActionParams> {
        let mine = Token::ALL
            .into_iter()
            .filter(|token| self.holder(*token) == Some(seat));
        let theirs: Vec<Token> = Token::ALL
            .into_iter()
            .filter(|token| matches!(self.holder(*token), Some(holder) if holder != seat))
            .collect();
        mine.flat_map(|give| {
            theirs.iter().map(move |take| ActionParams {
                give: Some(give),
                take: Some(*take),
                ..ActionParams::default()
            })
        })
        .collect()
    }

    fn relationship_moves(&self, card: Card) -> Vec<Parsed> {
        let mut moves = Vec::new();
        for first in Pos::ALL {
            for second in Pos::ALL {
                let Some(pair) = Pair::of(first, second) else {
                    continue;
                };
                let allowed = self
                    .relationship(pair)
                    .is_none_or(|existing| card.sign() * existing.card.sign() == -1);
                if allowed {
                    moves.push(Parsed::Relationship(card, first, second));
                }
            }
        }
        moves
    }
}
