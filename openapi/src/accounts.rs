use secrecy::SecretString;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// Registration or login credentials.
// The password is a secret in memory: no `Debug` output (a log line, a panic message) shows it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 3 to 32 characters once normalized (Unicode NFKC, then case folding): letters and
    /// digits of any script, `_`, `-` and `.`. Kept as typed for display; `Alice`, `alice` and
    /// `ａｌｉｃｅ` are one name (registering a second is `409 username_unavailable`, and any of
    /// them logs in), and so are names that look alike (`аlice` with a Cyrillic `а`).
    #[schema(example = "alice")]
    pub username: String,
    /// 8 to 128 characters.
    #[schema(
        value_type = String,
        example = "correct horse battery",
        min_length = 8,
        max_length = 128
    )]
    pub password: SecretString,
}

/// A registered account.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Account {
    pub id: Uuid,
    #[schema(example = "alice")]
    pub username: String,
    /// Unix seconds.
    pub created_at: i64,
}

/// A login session's tokens: a short-lived bearer access token and the refresh token that
/// renews it (`POST /v1/sessions/refresh`).
// The refresh token is a secret in memory: `Debug` output never shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Session {
    /// Send as `Authorization: Bearer <access_token>`.
    pub access_token: String,
    #[schema(example = "Bearer")]
    pub token_type: String,
    /// Unix seconds after which the access token is refused.
    pub expires_at: i64,
    /// Seconds from now until `expires_at`.
    #[schema(example = 900)]
    pub expires_in: i64,
    /// Opaque; exchange it once for a new pair before it expires from disuse. Keep it secret:
    /// a spent refresh token used again ends the session.
    #[schema(value_type = String, example = "ctr_4f1c…")]
    #[serde(serialize_with = "crate::sessions::expose")]
    pub refresh_token: SecretString,
    /// The session these tokens belong to.
    pub session_id: Uuid,
    pub account: Account,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_the_password() {
        let credentials: Credentials =
            serde_json::from_str(r#"{"username": "alice", "password": "hunter2-hunter2"}"#)
                .unwrap_or_else(|error| panic!("{error}"));
        let printed = format!("{credentials:?}");
        assert!(printed.contains("alice"));
        assert!(!printed.contains("hunter2"), "{printed}");
    }
}
