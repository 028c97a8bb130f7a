use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Separates the RNG key from the commitment; changing it changes every deal of every seed.
const RNG_KEY_LABEL: &[u8] = b"cardtable rng key v1\0";

/// The secret a game's randomness grows from. It never reaches a viewer before the game ends;
/// until then everyone sees only its commitment: [`Seed::salted_commitment`] with a nonce the
/// server draws for each game (games stored before nonces keep [`Seed::commitment`]).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seed(String);

impl Seed {
    /// Any non-empty text is a seed; the server makes 64 random hex digits.
    pub fn new(text: impl Into<String>) -> Option<Self> {
        let text = text.into();
        (!text.is_empty() && text.len() <= 256).then_some(Self(text))
    }

    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(hex::encode(bytes))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// SHA-256 of the seed text, as lowercase hex: the commitment of games stored before
    /// nonces. A guessable seed (one a client chose) can be found from it by trying candidates.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }

    /// SHA-256 of `nonce` followed by the seed text, as lowercase hex: published at creation,
    /// checkable at the end, when the nonce is revealed with the seed. The nonce is the
    /// server's own fresh randomness for each game (lowercase hex of a fixed length, so the
    /// concatenation is unambiguous): while it is secret, no guess of the seed can be checked
    /// against the commitment.
    pub fn salted_commitment(&self, nonce: &str) -> String {
        hex::encode(
            Sha256::new()
                .chain_update(nonce.as_bytes())
                .chain_update(self.0.as_bytes())
                .finalize(),
        )
    }

    /// The game's random number generator. Its key is SHA-256 of a label and the seed text, so
    /// it cannot be computed from the public commitment (SHA-256 of the seed text alone).
    pub fn rng(&self) -> GameRng {
        let key: [u8; 32] = Sha256::new()
            .chain_update(RNG_KEY_LABEL)
            .chain_update(self.0.as_bytes())
            .finalize()
            .into();
        GameRng(ChaCha20Rng::from_seed(key))
    }
}

impl std::fmt::Debug for Seed {
    // Keeps the secret out of logs and panic messages; not even its unsalted digest, which a
    // guessable seed can be found from.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seed(<hidden>)")
    }
}

/// A game's only source of randomness. It lives in the game state and serializes with it, so a
/// stored game continues the same sequence after loading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(ChaCha20Rng);

impl GameRng {
    /// A fresh generator keyed from `rng`: for states a bot deals itself from a view, so their
    /// future draws owe nothing to the real game's seed.
    pub fn from_rng(rng: &mut impl Rng) -> Self {
        let mut key = [0u8; 32];
        rng.fill_bytes(&mut key);
        GameRng(ChaCha20Rng::from_seed(key))
    }

    /// A uniform integer in `0..bound` (`bound` > 0), without modulo bias.
    pub fn below(&mut self, bound: u32) -> u32 {
        below(&mut self.0, bound)
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        shuffle(&mut self.0, items);
    }
}

/// A uniform integer in `0..bound` (`bound` > 0) from any generator, without modulo bias.
pub(crate) fn below(rng: &mut impl Rng, bound: u32) -> u32 {
    debug_assert!(bound > 0);
    let bound = bound.max(1);
    let zone = u32::MAX - (u32::MAX - bound + 1) % bound;
    loop {
        let value = rng.next_u32();
        if value <= zone {
            return value % bound;
        }
    }
}

/// A uniform index into a non-empty list of `len` items.
pub(crate) fn index_below(rng: &mut impl Rng, len: usize) -> usize {
    below(rng, u32::try_from(len).unwrap_or(u32::MAX)) as usize
}

/// Fisher–Yates shuffle with any generator.
pub(crate) fn shuffle<T>(rng: &mut impl Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = index_below(rng, i + 1);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_sequence() {
        let seed = Seed::new("table-1").unwrap_or_else(|| Seed::from_bytes([0; 32]));
        let mut a = seed.rng();
        let mut b = seed.rng();
        let xs: Vec<u32> = (0..32).map(|_| a.below(1000)).collect();
        let ys: Vec<u32> = (0..32).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|x| *x < 1000));
    }

    #[test]
    fn commitment_is_sha256_of_the_seed_text() {
        let seed = Seed::new("abc").unwrap_or_else(|| Seed::from_bytes([0; 32]));
        assert_eq!(
            seed.commitment(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn the_salted_commitment_is_sha256_of_the_nonce_then_the_seed() {
        let seed = Seed::new("c").unwrap_or_else(|| Seed::from_bytes([0; 32]));
        // SHA-256("abc"): the nonce "ab" followed by the seed "c".
        assert_eq!(
            seed.salted_commitment("ab"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(seed.salted_commitment("ab"), seed.salted_commitment("ac"));
        assert_ne!(seed.salted_commitment("ab"), seed.commitment());
    }

    #[test]
    fn the_rng_cannot_be_rebuilt_from_the_commitment() {
        let seed = Seed::new("table-2").unwrap_or_else(|| Seed::from_bytes([0; 32]));
        let commitment: Vec<u8> = (0..32)
            .map(|i| u8::from_str_radix(&seed.commitment()[2 * i..2 * i + 2], 16).unwrap_or(0))
            .collect();
        let mut from_commitment = GameRng(ChaCha20Rng::from_seed(
            commitment.try_into().unwrap_or([0; 32]),
        ));
        let mut real = seed.rng();
        let guessed: Vec<u32> = (0..16).map(|_| from_commitment.below(1 << 20)).collect();
        let drawn: Vec<u32> = (0..16).map(|_| real.below(1 << 20)).collect();
        assert_ne!(guessed, drawn);
    }

    #[test]
    fn debug_output_hides_the_seed() {
        let seed = Seed::new("very-secret").unwrap_or_else(|| Seed::from_bytes([0; 32]));
        assert!(!format!("{seed:?}").contains("very-secret"));
    }
}
