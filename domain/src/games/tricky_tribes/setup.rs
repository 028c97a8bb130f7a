//! The explicit setup of a fixed-setup game: the deck order of each round.

use serde::{Deserialize, Serialize};

use super::card::{Card, full_deck, sorted};
use super::options::Options;
use crate::SetupError;

/// Deck orders for rounds 1, 2, … (each top first, in card codes). Each must be a permutation
/// of the game's complete deck; rounds beyond the list are shuffled from the seed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub decks: Vec<Vec<String>>,
}

impl Setup {
    /// The decks as cards, or `invalid_setup` when one is not exactly the game's deck.
    pub(super) fn decks_for(&self, options: &Options) -> Result<Vec<Vec<Card>>, SetupError> {
        let expected = full_deck(options.jokers(), options.cut_deck());
        self.decks
            .iter()
            .enumerate()
            .map(|(index, codes)| {
                let round = index + 1;
                let deck = codes
                    .iter()
                    .map(|code| Card::parse(code))
                    .collect::<Option<Vec<Card>>>()
                    .ok_or_else(|| {
                        SetupError::new(
                            "invalid_setup",
                            format!("the deck of round {round} holds a string that is not a card"),
                        )
                    })?;
                if sorted(deck.clone()) != expected {
                    return Err(SetupError::new(
                        "invalid_setup",
                        format!(
                            "the deck of round {round} must hold each of the game's {} cards once",
                            expected.len()
                        ),
                    ));
                }
                Ok(deck)
            })
            .collect()
    }
}
