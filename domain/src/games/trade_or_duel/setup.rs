//! The deal: from the RNG, or from an explicit setup.

use serde::{Deserialize, Serialize};

use super::options::{FirstPlayer, Options};
use super::terms::{Card, DECK_SIZE};
use crate::{GameRng, Seat, SetupError};

/// An explicit deal, for automated tests: the set-aside cards are the values not dealt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TradeOrDuelSetup))]
pub struct Setup {
    /// Every seat's two cards (values 1..18, all different), by seat.
    pub hands: Vec<Vec<i64>>,
    /// The seat that takes the first turn.
    pub first_player: i64,
}

/// A validated deal.
#[derive(Debug)]
pub(super) struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub set_aside: Vec<Card>,
    pub first_player: Seat,
}

fn invalid(detail: &str) -> SetupError {
    SetupError::new("invalid_setup", detail)
}

pub(super) fn deal(
    options: &Options,
    rng: &mut GameRng,
    setup: Option<Setup>,
) -> Result<Deal, SetupError> {
    match setup {
        Some(setup) => from_setup(options.players(), &setup),
        None => Ok(shuffled(options, rng)),
    }
}

fn shuffled(options: &Options, rng: &mut GameRng) -> Deal {
    let mut deck: Vec<Card> = (1..=DECK_SIZE).collect();
    rng.shuffle(&mut deck);
    let players = usize::from(options.players());
    let mut hands: Vec<Vec<Card>> = deck.chunks(2).take(players).map(<[Card]>::to_vec).collect();
    for hand in &mut hands {
        hand.sort_unstable();
    }
    let mut set_aside = deck[2 * players..].to_vec();
    set_aside.sort_unstable();
    // The rules draw a random first player only after the shuffle.
    let first_player = match options.first_player() {
        FirstPlayer::Seat(seat) => seat,
        FirstPlayer::Random => {
            let drawn = rng.below(u32::from(options.players()));
            Seat(u8::try_from(drawn).unwrap_or(0))
        }
    };
    Deal {
        hands,
        set_aside,
        first_player,
    }
}

fn from_setup(players: u8, setup: &Setup) -> Result<Deal, SetupError> {
    if setup.hands.len() != usize::from(players) {
        return Err(invalid("the setup must give a hand to every seat"));
    }
    let mut used = [false; DECK_SIZE as usize + 1];
    let mut hands = Vec::with_capacity(setup.hands.len());
    for hand in &setup.hands {
        if hand.len() != 2 {
            return Err(invalid("every hand must hold exactly two cards"));
        }
        let mut cards = Vec::with_capacity(2);
        for value in hand {
            let card = Card::try_from(*value)
                .ok()
                .filter(|card| (1..=DECK_SIZE).contains(card))
                .ok_or_else(|| invalid("cards are the values 1 to 18"))?;
            if std::mem::replace(&mut used[usize::from(card)], true) {
                return Err(invalid("a card is dealt twice"));
            }
            cards.push(card);
        }
        cards.sort_unstable();
        hands.push(cards);
    }
    let first_player = u8::try_from(setup.first_player)
        .ok()
        .filter(|seat| *seat < players)
        .ok_or_else(|| invalid("the first player must be a seat of this game"))?;
    let set_aside = (1..=DECK_SIZE)
        .filter(|card| !used[usize::from(*card)])
        .collect();
    Ok(Deal {
        hands,
        set_aside,
        first_player: Seat(first_player),
    })
}
