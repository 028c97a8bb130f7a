//! Personal access tokens: making, listing and revoking them, and finding the one a request
//! presents. Why they exist and how they are bounded is told in docs/decisions.md ("Personal
//! access tokens and scopes").

use std::sync::Arc;
use std::time::Duration;

use openapi::tokens::{
    CreatePersonalToken, CreatedPersonalToken, PersonalToken, PersonalTokenList, TokenScope,
};
use persistence::{NewPersonalToken, PersonalTokenRecord};
use uuid::Uuid;

use super::GameService;
use crate::auth::{Scope, Scopes, personal_token};
use crate::error::ApiError;

/// Tokens one account may hold at once (expired ones do not count).
pub const MOST_TOKENS_PER_ACCOUNT: usize = 20;
/// The longest name, in characters.
pub const MOST_NAME_CHARS: usize = 64;
/// Lifetimes a token may be given, in seconds: a minute to a year; 30 days unless asked.
pub const SHORTEST_LIFETIME_SECS: i64 = 60;
pub const LONGEST_LIFETIME_SECS: i64 = 365 * 24 * 60 * 60;
pub const DEFAULT_LIFETIME_SECS: i64 = 30 * 24 * 60 * 60;
/// How precisely `last_used_at` is kept: a token used with every request is written at most
/// once a minute, not once a request.
const LAST_USED_PRECISION_SECS: i64 = 60;

/// How long a lookup is remembered. Revoking a token deletes its row, and every process sees
/// that within this time: the only thing remembered is the row, never a verdict beyond it.
const REMEMBERED_FOR: Duration = Duration::from_secs(1);
const MOST_REMEMBERED: u64 = 10_000;

/// Recent lookups by the token's hash: `None` for a hash no token has (so a client repeating a
/// bad token costs one query a second, not one a request). Bounded; clones share it.
#[derive(Clone)]
pub struct TokenLookups(moka::sync::Cache<String, Option<Arc<PersonalTokenRecord>>>);

impl Default for TokenLookups {
    fn default() -> Self {
        Self(
            moka::sync::Cache::builder()
                .max_capacity(MOST_REMEMBERED)
                .time_to_live(REMEMBERED_FOR)
                .build(),
        )
    }
}

impl GameService {
    /// Makes a token for `account`; its secret is in the answer and nowhere else.
    pub fn create_personal_token(
        &self,
        account: Uuid,
        request: CreatePersonalToken,
        now: i64,
    ) -> Result<CreatedPersonalToken, ApiError> {
        let name = valid_name(&request.name)?;
        let lifetime = valid_lifetime(request.expires_in)?;
        let scopes: Scopes = request
            .scopes
            .iter()
            .copied()
            .map(Scope::of_token)
            .collect();
        let secret = personal_token::generate();
        let record = PersonalTokenRecord {
            id: Uuid::new_v4(),
            account,
            name,
            scopes: scopes.to_stored(),
            created_at: now,
            expires_at: now + lifetime,
            last_used_at: None,
        };
        let stored = NewPersonalToken {
            record: record.clone(),
            hash: personal_token::hash(&secret),
        };
        match self
            .database()
            .create_personal_token(&stored, MOST_TOKENS_PER_ACCOUNT, now)
        {
            Err(persistence::Error::Conflict("too_many_tokens")) => {
                return Err(ApiError::Conflict {
                    code: "too_many_tokens",
                    detail: format!(
                        "an account holds at most {MOST_TOKENS_PER_ACCOUNT} unexpired tokens; revoke one first"
                    ),
                });
            }
            other => other?,
        }
        Ok(CreatedPersonalToken {
            token: secret,
            id: record.id,
            name: record.name,
            scopes: wire_scopes(scopes),
            created_at: record.created_at,
            expires_at: record.expires_at,
        })
    }

    /// The tokens of `account`, without their secrets.
    pub fn personal_tokens(&self, account: Uuid) -> Result<PersonalTokenList, ApiError> {
        let tokens = self
            .database()
            .personal_tokens_of(account)?
            .into_iter()
            .map(|record| PersonalToken {
                id: record.id,
                scopes: wire_scopes(Scopes::from_stored(&record.scopes)),
                name: record.name,
                created_at: record.created_at,
                expires_at: record.expires_at,
                last_used_at: record.last_used_at,
            })
            .collect();
        Ok(PersonalTokenList { tokens })
    }

    /// Revokes the token `id` of `account` (and the stream tickets it asked for). This
    /// process forgets it at once; the others within [`REMEMBERED_FOR`].
    pub fn revoke_personal_token(&self, account: Uuid, id: Uuid) -> Result<(), ApiError> {
        match self.database().delete_personal_token(account, id) {
            Err(persistence::Error::NotFound) => Err(ApiError::NotFound {
                code: "token_not_found",
                detail: "you have no personal access token with this id".to_owned(),
            }),
            other => other.map_err(ApiError::from),
        }?;
        let lookups = &self.personal_token_lookups().0;
        let revoked = lookups
            .iter()
            .filter(|(_, record)| record.as_ref().is_some_and(|record| record.id == id))
            .map(|(hash, _)| hash)
            .collect::<Vec<_>>();
        for hash in revoked {
            lookups.invalidate(hash.as_str());
        }
        Ok(())
    }

    /// The token with this hash as looked up within the last second, if it was; `Some(None)`
    /// if no token had it. Never blocks.
    pub fn remembered_personal_token(
        &self,
        hash: &str,
    ) -> Option<Option<Arc<PersonalTokenRecord>>> {
        self.personal_token_lookups().0.get(hash)
    }

    /// The token with this hash, from the database, noting its use at `now` (to within
    /// [`LAST_USED_PRECISION_SECS`]). Blocks.
    pub fn look_up_personal_token(
        &self,
        hash: &str,
        now: i64,
    ) -> Result<Option<Arc<PersonalTokenRecord>>, ApiError> {
        let mut found = self.database().personal_token_by_hash(hash)?;
        if let Some(record) = found.as_mut().filter(|record| {
            record.expires_at >= now
                && record
                    .last_used_at
                    .is_none_or(|last| last <= now - LAST_USED_PRECISION_SECS)
        }) {
            self.database()
                .note_personal_token_use(record.id, now, LAST_USED_PRECISION_SECS)?;
            record.last_used_at = Some(now);
        }
        let found = found.map(Arc::new);
        self.personal_token_lookups()
            .0
            .insert(hash.to_owned(), found.clone());
        Ok(found)
    }
}

fn wire_scopes(scopes: Scopes) -> Vec<TokenScope> {
    scopes.iter().filter_map(Scope::as_token_scope).collect()
}

/// The name without surrounding spaces: 1 to [`MOST_NAME_CHARS`] characters, none a control.
fn valid_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    let chars = name.chars().count();
    if chars == 0 || chars > MOST_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ApiError::Unprocessable {
            code: "invalid_token_name",
            detail: format!(
                "a token's name is 1 to {MOST_NAME_CHARS} characters, none of them a control character"
            ),
            option: Some("name".to_owned()),
        });
    }
    Ok(name.to_owned())
}

fn valid_lifetime(expires_in: Option<i64>) -> Result<i64, ApiError> {
    let lifetime = expires_in.unwrap_or(DEFAULT_LIFETIME_SECS);
    if !(SHORTEST_LIFETIME_SECS..=LONGEST_LIFETIME_SECS).contains(&lifetime) {
        return Err(ApiError::Unprocessable {
            code: "invalid_expires_in",
            detail: format!(
                "`expires_in` is {SHORTEST_LIFETIME_SECS} to {LONGEST_LIFETIME_SECS} seconds"
            ),
            option: Some("expires_in".to_owned()),
        });
    }
    Ok(lifetime)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(valid_name("  bot  ").ok().as_deref(), Some("bot"));
        assert!(valid_name(&"é".repeat(MOST_NAME_CHARS)).is_ok());
        for bad in ["", "   ", "a\nb", "tab\there"] {
            assert!(valid_name(bad).is_err(), "{bad:?}");
        }
        assert!(valid_name(&"x".repeat(MOST_NAME_CHARS + 1)).is_err());
    }

    #[test]
    fn lifetimes_are_bounded_with_a_default() {
        assert_eq!(valid_lifetime(None).ok(), Some(DEFAULT_LIFETIME_SECS));
        assert_eq!(valid_lifetime(Some(60)).ok(), Some(60));
        assert!(valid_lifetime(Some(59)).is_err());
        assert!(valid_lifetime(Some(-1)).is_err());
        assert!(valid_lifetime(Some(LONGEST_LIFETIME_SECS + 1)).is_err());
        assert!(valid_lifetime(Some(i64::MAX)).is_err());
    }
}
