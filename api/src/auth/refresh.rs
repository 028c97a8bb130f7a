//! Refresh tokens: opaque strings of 256 bits, stored only as their SHA-256.
//!
//! A login's first token is random. Each later one is derived from the token it replaces,
//! `HMAC-SHA256(key, parent)`, with a key derived from the server's signing secret: the
//! database never holds a usable token, yet a refresh repeated within the grace window (two
//! threads of one client refreshing at once) can recompute the very child the first refresh
//! handed out, instead of storing it. Without the secret a child cannot be guessed from its
//! parent.

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// Every refresh token starts with this, so that one found in a log or a paste is recognisable.
pub const PREFIX: &str = "ctr_";

/// What keys the derivation of children; deliberately without `Debug`.
#[derive(Clone)]
pub struct RefreshKey {
    mac: Hmac<Sha256>,
}

impl RefreshKey {
    /// Derives the key from the signing secret, under a label of its own, so that neither key
    /// can stand in for the other.
    pub fn new(signing_secret: &[u8]) -> Self {
        let derived = keyed(signing_secret, b"cardtable refresh-token derivation v1");
        // HMAC pads a short key with zeros to its block size: the padded key is the same key.
        let mut block = [0u8; 64];
        block[..derived.len().min(64)].copy_from_slice(&derived[..derived.len().min(64)]);
        Self {
            mac: <Hmac<Sha256> as hmac::digest::KeyInit>::new(&block.into()),
        }
    }

    /// The token that replaces `parent`.
    pub fn child(&self, parent: &str) -> String {
        let mut mac = self.mac.clone();
        mac.update(parent.as_bytes());
        format!("{PREFIX}{}", hex::encode(mac.finalize().into_bytes()))
    }
}

/// HMAC-SHA256 of `message` under `key` (which HMAC accepts at any length; the fallback
/// only satisfies the types).
fn keyed(key: &[u8], message: &[u8]) -> Vec<u8> {
    match Hmac::<Sha256>::new_from_slice(key) {
        Ok(mut mac) => {
            mac.update(message);
            mac.finalize().into_bytes().to_vec()
        }
        Err(_) => Sha256::digest([key, message].concat()).to_vec(),
    }
}

/// A login's first refresh token: 256 random bits.
pub fn fresh() -> String {
    let bytes: [u8; 32] = rand::random();
    format!("{PREFIX}{}", hex::encode(bytes))
}

/// What is stored of a token: its SHA-256, in hex.
pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_is_fixed_by_its_parent_and_the_secret() {
        let key = RefreshKey::new(b"a-test-secret-of-at-least-32-bytes");
        let parent = fresh();
        assert_eq!(key.child(&parent), key.child(&parent));
        assert_ne!(key.child(&parent), key.child(&fresh()));
        let other = RefreshKey::new(b"another-secret-of-at-least-32-bytes");
        assert_ne!(key.child(&parent), other.child(&parent));
        assert!(key.child(&parent).starts_with(PREFIX));
        assert_eq!(key.child(&parent).len(), PREFIX.len() + 64);
        assert_ne!(fresh(), fresh());
        assert_eq!(hash(&parent).len(), 64);
    }
}
