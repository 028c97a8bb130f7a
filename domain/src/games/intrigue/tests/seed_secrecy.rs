//! The seed commitment is public from creation; it must not be enough to rebuild the deal.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::SeedableRng;

use super::*;

/// The random source an onlooker builds from `seed_commitment` alone, if it is the RNG key.
fn rng_from_commitment(commitment: &str) -> GameRng {
    let key: Vec<u8> = (0..commitment.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&commitment[at..at + 2], 16).unwrap())
        .collect();
    let rng = ChaCha20Rng::from_seed(key.try_into().unwrap());
    serde_json::from_value(serde_json::to_value(rng).unwrap()).unwrap()
}

#[test]
fn intrigue_hands_cannot_be_derived_from_the_seed_commitment() {
    let seed = Seed::new("known to the server only").unwrap();
    let real = Intrigue::new(Options::default(), seed.rng(), None, 0)
        .unwrap()
        .0;
    let guess = Intrigue::new(
        Options::default(),
        rng_from_commitment(&seed.commitment()),
        None,
        0,
    )
    .unwrap()
    .0;
    assert_ne!(
        real.table.hands, guess.table.hands,
        "every hand and the deck follow from the public seed_commitment"
    );
}
