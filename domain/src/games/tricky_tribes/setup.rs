//! The explicit setup of a fixed-setup game: the deck order of each round.

use serde::{Deserialize, Serialize};

use super::card::{Card, full_deck, sorted};
use super::options::Options;
use crate::SetupError;

/// Deck orders for rounds 1, 2, … (each top first, in card codes). Each must be a permutation
/// of the game's complete deck; rounds beyond the list are shuffled from the seed.
///
/// A client may give round 1's deck as `deck` (see [`SetupRequest`]); it is read as the first
/// of `decks`, so a setup is always written with `decks` alone.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SetupRequest")]
pub struct Setup {
    pub decks: Vec<Vec<String>>,
}

/// Explicit setup of a fixed-setup game (automated tests only): `deck` for one round, or
/// `decks` for several (`deck` counts as the first of them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesSetup))]
pub struct SetupRequest {
    /// The deck order of round 1, top first, in card codes (e.g. `"9H"`, `"10S"`, `"X1"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<String>>,
    /// Deck orders for rounds 1, 2, …, each top first in card codes; each must hold every card of
    /// the game's deck exactly once (else `invalid_setup`). Later rounds are shuffled from the seed.
    #[serde(default)]
    pub decks: Vec<Vec<String>>,
}

impl From<SetupRequest> for Setup {
    fn from(request: SetupRequest) -> Self {
        Setup {
            decks: request.deck.into_iter().chain(request.decks).collect(),
        }
    }
}

// A setup is posted in the shape of `SetupRequest`, so that is its schema.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Setup {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <SetupRequest as utoipa::PartialSchema>::schema()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Setup {
    fn name() -> std::borrow::Cow<'static, str> {
        <SetupRequest as utoipa::ToSchema>::name()
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <SetupRequest as utoipa::ToSchema>::schemas(schemas);
    }
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
