//! Argon2id password hashes as PHC strings, computed in working memory this module allocates.

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};

/// Bytes of fresh random salt per hash.
const SALT_LEN: usize = 16;

/// The size in which a hash's working memory (19 MiB with the default parameters) is reserved.
///
/// glibc serves an allocation above its mmap threshold from a mapping of its own and unmaps it
/// when it is freed. But freeing such a block raises the threshold to the block's size (up to
/// 32 MiB), so every later 19 MiB block comes from the hashing thread's heap arena instead,
/// which keeps it after the hash: a few hashes left the server ~80 MiB larger for good.
/// Reserved in more than 32 MiB, the block is always mapped and unmapped; only the part the
/// hash uses is ever touched, so only that part is ever resident.
const RESERVED_BYTES: usize = 33 << 20;

/// An argon2id PHC string with a fresh random salt.
pub fn hash_password(password: &str) -> Result<String, String> {
    let params = Params::default();
    let salt = Salt::new(&rand::random::<[u8; SALT_LEN]>()).map_err(|error| error.to_string())?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    compute(&argon, password.as_bytes(), &salt, &mut out).map_err(|error| error.to_string())?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|error| error.to_string())?,
        salt: Some(salt),
        hash: Some(Output::new(&out).map_err(|error| error.to_string())?),
    };
    Ok(hash.to_string())
}

/// Whether `password` matches the PHC string `hash` (any Argon2 variant, version and
/// parameters it names). A malformed hash never matches.
pub fn verify_password(password: &str, hash: &str) -> bool {
    let Ok(hash) = PasswordHash::new(hash) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (&hash.salt, &hash.hash) else {
        return false;
    };
    let Ok(algorithm) = Algorithm::try_from(hash.algorithm.as_str()) else {
        return false;
    };
    let version = match hash.version.map(Version::try_from) {
        None => Version::default(),
        Some(Ok(version)) => version,
        Some(Err(_)) => return false,
    };
    let Ok(params) = Params::try_from(&hash) else {
        return false;
    };
    let mut out = vec![0u8; expected.len()];
    if compute(
        &Argon2::new(algorithm, version, params),
        password.as_bytes(),
        salt,
        &mut out,
    )
    .is_err()
    {
        return false;
    }
    // `Output` compares in constant time.
    Output::new(&out).is_ok_and(|computed| &computed == expected)
}

fn compute(argon: &Argon2, password: &[u8], salt: &Salt, out: &mut [u8]) -> argon2::Result<()> {
    let used = argon.params().block_count();
    let mut blocks = Vec::with_capacity(used.max(RESERVED_BYTES / size_of::<Block>()));
    blocks.resize(used, Block::new());
    argon.hash_password_into_with_memory(password, salt.as_ref(), out, &mut blocks[..])
}

#[cfg(test)]
mod tests {
    use argon2::{PasswordHasher, PasswordVerifier};

    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let hash = hash_password("correct horse").expect("a password hashes");
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
        // Two hashes of one password differ by their salt.
        assert_ne!(
            hash,
            hash_password("correct horse").expect("a password hashes")
        );
    }

    #[test]
    fn hashes_agree_with_the_argon2_crates_own() {
        // Accounts stored before hold hashes made by the crate's own hasher.
        let stored = Argon2::default()
            .hash_password(b"battery staple")
            .expect("hashes")
            .to_string();
        assert!(verify_password("battery staple", &stored));
        assert!(!verify_password("battery stapler", &stored));
        let ours = hash_password("battery staple").expect("hashes");
        assert!(
            Argon2::default()
                .verify_password(b"battery staple", ours.as_str())
                .is_ok()
        );
        // Other parameters, as a stored hash names them, are honoured.
        let lighter = Argon2::new(
            Algorithm::Argon2i,
            Version::V0x10,
            Params::new(1024, 1, 1, None).expect("valid parameters"),
        )
        .hash_password(b"battery staple")
        .expect("hashes")
        .to_string();
        assert!(verify_password("battery staple", &lighter));
        assert!(!verify_password("battery", &lighter));
    }
}
