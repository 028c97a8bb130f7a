//! A whole game rebuilt from one seat's view: the cards the seat cannot place (other hands, the
//! deck, face-down stack cards it has not seen) are dealt at random from the 24 cards minus
//! every card the view shows, and the colors of other players' favors are drawn at random.

use rand_chacha::rand_core::Rng;

use super::Intrigue;
use super::options::Options;
use super::state::{Favor, Phase, Relationship, SEATS, StackEntry, Table};
use super::terms::{Card, Face, Pos, Token};
use super::view::View;
use crate::sample::{SampleError, SampleFromView, deal};
use crate::{GameRng, Seat};

impl SampleFromView for Intrigue {
    fn sample_from_view(view: &View, seat: Seat, rng: &mut impl Rng) -> Result<Self, SampleError> {
        let shape_ok = view.positions.len() == Pos::ALL.len()
            && view.players.len() == SEATS.len()
            && view.tokens.len() == Token::ALL.len();
        if view.viewer != Some(seat) || !shape_ok {
            return Err(SampleError::not_own_view(seat));
        }
        let mut dealer = GameRng::from_rng(rng);
        let mut pool = unseen_cards(view)?;
        dealer.shuffle(&mut pool);

        let mut hands: [Vec<Card>; 3] = Default::default();
        for (hand, player) in hands.iter_mut().zip(&view.players) {
            *hand = match &player.hand {
                Some(cards) => cards.clone(),
                None => deal(&mut pool, player.hand_size)?,
            };
        }
        let deck = match &view.deck {
            Some(deck) => deck.clone(),
            None => deal(&mut pool, view.deck_size)?,
        };
        let mut stacks: [Vec<StackEntry>; 3] = Default::default();
        for (stack, position) in stacks.iter_mut().zip(&view.positions) {
            for entry in &position.stack {
                let (card, spied) = match entry.card {
                    Some(card) => (card, entry.face == Face::Down && entry.owner != seat),
                    None => (
                        deal(&mut pool, 1)?
                            .first()
                            .copied()
                            .ok_or_else(|| SampleError::new("a stack card is missing"))?,
                        false,
                    ),
                };
                let mut sampled = StackEntry::new(card, entry.owner, entry.face);
                // A face-down card of another owner that the seat knows is one it spied.
                if spied {
                    sampled.seen_by.push(seat);
                }
                stack.push(sampled);
            }
        }
        if !pool.is_empty() {
            return Err(SampleError::new("the view leaves cards unaccounted for"));
        }

        let (favor_pile, unplayed_favors) = favors(view, &mut dealer)?;
        let mut relationships = [None; 3];
        for shown in &view.relationships {
            relationships[shown.pair.index()] = Some(Relationship {
                card: shown.card,
                first: shown.first,
                second: shown.second,
            });
        }
        let deadline_secs = view.options.deadline_secs;
        let table = Table {
            options: Options::from_view(&view.options),
            deck,
            discard: view.discard.clone(),
            hands,
            stacks,
            relationships,
            token_holder: std::array::from_fn(|i| view.tokens[i].holder),
            favor_pile,
            unplayed_favors,
            character_at: std::array::from_fn(|i| view.positions[i].character),
            unused: view.unused.clone(),
            dead: view.dead.clone(),
            point_tokens: std::array::from_fn(|i| view.positions[i].point_tokens),
            points: std::array::from_fn(|i| view.players[i].points),
            round: view.round,
            first_player: view.first_player,
            to_act: view.to_act.unwrap_or(view.round_starter),
            resolving: view.pending.map(|pending| pending.card),
            phase: if view.game_over {
                Phase::GameOver
            } else {
                Phase::Playing
            },
            // The deadline is the decision's start plus the option, so the start follows.
            decision_since: view
                .deadline
                .zip(deadline_secs)
                .map_or(0, |(deadline, secs)| deadline - secs),
            last_round: view.last_round.clone(),
            result: view.result.clone(),
        };
        Ok(Intrigue {
            table,
            rng: GameRng::from_rng(rng),
        })
    }
}

/// The 24 cards minus every card whose place the view shows.
fn unseen_cards(view: &View) -> Result<Vec<Card>, SampleError> {
    let mut known: Vec<Card> = Vec::new();
    for player in &view.players {
        known.extend(player.hand.iter().flatten());
    }
    known.extend(view.deck.iter().flatten());
    known.extend(&view.discard);
    for position in &view.positions {
        known.extend(position.stack.iter().filter_map(|entry| entry.card));
    }
    known.extend(
        view.relationships
            .iter()
            .map(|relationship| relationship.card),
    );
    known.extend(view.pending.map(|pending| pending.card));
    let mut pool = Card::ALL.to_vec();
    for card in known {
        let at = pool
            .iter()
            .position(|unseen| *unseen == card)
            .ok_or_else(|| SampleError::new(format!("{} is shown in two places", card.id())))?;
        pool.swap_remove(at);
    }
    Ok(pool)
}

/// The favor pile with every hidden color drawn: each player's hidden cards take a random
/// ordering of its colors, and the colors left over stay unplayed.
fn favors(view: &View, rng: &mut GameRng) -> Result<(Vec<Favor>, [Vec<Pos>; 3]), SampleError> {
    let mut unplayed: [Vec<Pos>; 3] = Default::default();
    let mut hidden: [Vec<Pos>; 3] = Default::default();
    for (player, shown) in view.players.iter().enumerate() {
        match &shown.unplayed_favors {
            Some(colors) => unplayed[player] = colors.clone(),
            None => {
                let mut colors = Pos::ALL.to_vec();
                // Colors shown in the pile are the player's own; none are for another seat.
                rng.shuffle(&mut colors);
                let played = Pos::ALL.len().saturating_sub(shown.unplayed_favor_count);
                let rest = colors.split_off(played.min(colors.len()));
                hidden[player] = colors;
                unplayed[player] = Pos::ALL
                    .into_iter()
                    .filter(|color| rest.contains(color))
                    .collect();
            }
        }
    }
    let mut pile = Vec::with_capacity(view.favor_pile.len());
    for favor in &view.favor_pile {
        let color = match favor.color {
            Some(color) => color,
            None => {
                let colors = hidden
                    .get_mut(favor.player.index())
                    .ok_or_else(|| SampleError::new("a favor of an unknown player"))?;
                if colors.is_empty() {
                    return Err(SampleError::new("more favors in the pile than played"));
                }
                colors.remove(0)
            }
        };
        pile.push(Favor {
            player: favor.player,
            color,
        });
    }
    if hidden.iter().any(|colors| !colors.is_empty()) {
        return Err(SampleError::new("fewer favors in the pile than played"));
    }
    Ok((pile, unplayed))
}
