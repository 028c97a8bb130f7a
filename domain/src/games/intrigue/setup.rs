//! The start of the game: from the RNG, or from an explicit setup.

use serde::{Deserialize, Serialize};

use super::chance::Chance;
use super::options::Options;
use super::state::Table;
use super::terms::{Card, Character};
use crate::{Seat, SetupError, Timestamp};

/// An explicit setup for fixed-setup games (automated tests): replaces both setup shuffles.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = IntrigueSetup))]
pub struct Setup {
    /// The deck, top first: each of the 24 cards exactly once.
    pub deck: Vec<Card>,
    /// The characters at A, B and C, all different; the fourth is unused.
    #[cfg_attr(
        feature = "openapi",
        schema(value_type = Vec<Character>, min_items = 3, max_items = 3)
    )]
    pub characters: [Character; 3],
}

fn invalid(detail: &str) -> SetupError {
    SetupError::new("invalid_setup", detail)
}

/// Setup steps 1-5, before round 1 starts.
pub fn table(
    options: Options,
    chance: &mut impl Chance,
    setup: Option<Setup>,
    now: Timestamp,
) -> Result<Table, SetupError> {
    let (characters, deck) = match setup {
        Some(setup) => checked(setup)?,
        None => {
            let mut characters = Character::ALL;
            chance.shuffle(&mut characters);
            let mut deck = Card::ALL.to_vec();
            chance.shuffle(&mut deck);
            (characters, deck)
        }
    };
    let first_player = match options.first_player() {
        Some(seat) => seat,
        None => Seat(u8::try_from(chance.choose(3)).unwrap_or(0)),
    };
    Ok(Table::new(options, characters, deck, first_player, now))
}

fn checked(setup: Setup) -> Result<([Character; 4], Vec<Card>), SetupError> {
    let mut sorted = setup.deck.clone();
    sorted.sort_unstable();
    if sorted != Card::ALL {
        return Err(invalid(
            "the deck must hold each of the 24 cards exactly once",
        ));
    }
    let [a, b, c] = setup.characters;
    if a == b || b == c || a == c {
        return Err(invalid("the three characters in play must differ"));
    }
    let unused = Character::ALL
        .into_iter()
        .find(|character| !setup.characters.contains(character))
        .unwrap_or(Character::Prophet);
    Ok(([a, b, c, unused], setup.deck))
}
