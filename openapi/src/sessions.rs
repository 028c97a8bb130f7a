//! Sessions and the signed-in account: refreshing, listing, `GET /v1/me`, changing the
//! password.

use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize, Serializer};
use utoipa::ToSchema;
use uuid::Uuid;

/// Writes a secret into a response body, the one place it is meant to go.
pub(crate) fn expose<S: Serializer>(
    secret: &SecretString,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(secret.expose_secret())
}

/// A refresh token to exchange for a new pair.
// The token is a secret in memory: no `Debug` output shows it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RefreshRequest {
    /// The `refresh_token` of the last login or refresh.
    #[schema(value_type = String, example = "ctr_4f1c…")]
    pub refresh_token: SecretString,
}

/// One live session of the account.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SessionSummary {
    pub id: Uuid,
    /// Unix seconds of the login.
    pub created_at: i64,
    /// Unix seconds of the login or the last refresh.
    pub last_used_at: i64,
    /// The `User-Agent` the login came with, if any.
    #[schema(example = "cardtable-playground/1")]
    pub user_agent: Option<String>,
    /// Whether this is the session of the token that asked.
    pub current: bool,
}

/// The account's live sessions, newest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SessionList {
    pub sessions: Vec<SessionSummary>,
}

/// What a request authenticated with.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CredentialInfo {
    /// An access token of a login session.
    #[schema(title = "SessionCredential")]
    Session { id: Uuid },
    /// A personal access token (`ctp_…`).
    #[schema(title = "PersonalTokenCredential")]
    PersonalToken { id: Uuid },
}

/// The signed-in account, and what the request may do.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Me {
    pub id: Uuid,
    #[schema(example = "alice")]
    pub username: String,
    /// Unix seconds.
    pub created_at: i64,
    pub credential: CredentialInfo,
    /// What the credential allows; a session allows everything.
    #[schema(example = json!(["games:read", "games:play", "account:read"]))]
    pub scopes: Vec<String>,
}

/// A password change: the current password proves it is the owner asking.
// Both passwords are secrets in memory: no `Debug` output shows them.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    #[schema(value_type = String, example = "correct horse battery")]
    pub current_password: SecretString,
    /// 8 to 128 characters.
    #[schema(
        value_type = String,
        example = "a new and longer passphrase",
        min_length = 8,
        max_length = 128
    )]
    pub new_password: SecretString,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_a_secret() {
        let change: PasswordChange = serde_json::from_str(
            r#"{"current_password": "hunter2-hunter2", "new_password": "swordfish-swordfish"}"#,
        )
        .unwrap_or_else(|error| panic!("{error}"));
        let printed = format!("{change:?}");
        assert!(
            !printed.contains("hunter2") && !printed.contains("swordfish"),
            "{printed}"
        );
        let refresh: RefreshRequest = serde_json::from_str(r#"{"refresh_token": "ctr_secret"}"#)
            .unwrap_or_else(|error| panic!("{error}"));
        assert!(!format!("{refresh:?}").contains("ctr_secret"));
    }
}
