//! Personal access tokens on the wire: `ctp_` and 64 hex digits (256 random bits), so that a
//! token is told from a login's JWT by its prefix (and a secret scanner can spot a leaked
//! one). Only its SHA-256 is stored: a token is random enough that no salt or slow hash is
//! needed, and a fast hash lets every request look it up.

use actix_web::web;
use sha2::{Digest, Sha256};

use crate::auth::{AuthenticatedAccount, Credential, Scopes};
use crate::error::ApiError;
use crate::service::GameService;

pub const PREFIX: &str = "ctp_";
const RANDOM_BYTES: usize = 32;

/// Whether a bearer token is meant as a personal access token (valid or not).
pub fn is_personal_token(token: &str) -> bool {
    token.starts_with(PREFIX)
}

/// A new token's text.
pub fn generate() -> String {
    let bytes: [u8; RANDOM_BYTES] = rand::random();
    format!("{PREFIX}{}", hex::encode(bytes))
}

/// The SHA-256 (hex) a token is stored and looked up by.
pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Whether `token` has the shape of a token this server makes; anything else is refused
/// without a lookup.
fn well_formed(token: &str) -> bool {
    token.strip_prefix(PREFIX).is_some_and(|digits| {
        digits.len() == 2 * RANDOM_BYTES
            && digits
                .bytes()
                .all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
    })
}

/// The account a personal access token authenticates, with the token's scopes. Refused with
/// the same 401 as a bad JWT when it is malformed, unknown (revoked) or expired.
pub(super) async fn authenticate(
    token: String,
    service: web::Data<GameService>,
) -> Result<AuthenticatedAccount, ApiError> {
    let refused = || ApiError::Unauthorized("the access token is invalid or expired");
    if !well_formed(&token) {
        return Err(refused());
    }
    let hash = hash(&token);
    drop(token);
    let now = service.now();
    let record = match service.remembered_personal_token(&hash) {
        Some(record) => record,
        None => {
            let service = service.clone();
            web::block(move || service.look_up_personal_token(&hash, now)).await??
        }
    }
    .filter(|record| record.expires_at >= now)
    .ok_or_else(refused)?;
    let account = record.account;
    let username = match service.known_account_name(account) {
        Some(name) => name,
        None => web::block(move || service.account_name(account))
            .await??
            .ok_or_else(refused)?,
    };
    Ok(AuthenticatedAccount {
        id: account,
        username,
        expires_at: record.expires_at,
        credential: Credential::PersonalToken { id: record.id },
        // Whatever the row says, a personal token never holds a session-only scope.
        scopes: Scopes::from_stored(&record.scopes)
            .iter()
            .filter(|scope| scope.as_token_scope().is_some())
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_tokens_are_prefixed_well_formed_and_distinct() {
        let token = generate();
        assert!(is_personal_token(&token));
        assert!(well_formed(&token), "{token}");
        assert_eq!(token.len(), PREFIX.len() + 64);
        assert_ne!(token, generate());
        assert_eq!(hash(&token).len(), 64);
        assert_ne!(hash(&token), token.trim_start_matches(PREFIX));
    }

    #[test]
    fn malformed_tokens_are_told_apart() {
        let good = format!("{PREFIX}{}", "a1".repeat(32));
        assert!(well_formed(&good));
        for bad in [
            "ctp_".to_owned(),
            format!("{PREFIX}{}", "A1".repeat(32)),
            format!("{PREFIX}{}", "a1".repeat(31)),
            format!("{PREFIX}{}z", "a1".repeat(32)),
            format!("ctx_{}", "a1".repeat(32)),
        ] {
            assert!(!well_formed(&bad), "{bad}");
        }
        assert!(!is_personal_token("eyJhbGciOiJIUzI1NiJ9.e30.sig"));
    }
}
