//! Personal access tokens: what an integration authenticates with instead of a login session,
//! limited to the scopes it was given.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A scope a personal access token may be given. Login sessions hold every scope, and also
/// `account:manage` (creating and revoking tokens), which no personal token can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize, ToSchema)]
pub enum TokenScope {
    /// Read games: listings, views, events, legal moves, the move log, game kinds, streams
    /// and stream tickets.
    #[serde(rename = "games:read")]
    GamesRead,
    /// Play: create, join, leave and cancel games, add bots, move.
    #[serde(rename = "games:play")]
    GamesPlay,
    /// Read the account itself, e.g. its personal tokens.
    #[serde(rename = "account:read")]
    AccountRead,
}

/// A request for a personal access token.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatePersonalToken {
    /// What the token is for, to tell tokens apart: 1 to 64 characters, no control characters.
    #[schema(example = "scoreboard bot", min_length = 1, max_length = 64)]
    pub name: String,
    /// What the token may do; may be empty (a token that only identifies its account).
    pub scopes: Vec<TokenScope>,
    /// Seconds until the token expires: 60 to 31 536 000 (365 days); 2 592 000 (30 days)
    /// when absent.
    #[serde(default)]
    #[schema(example = 2_592_000, minimum = 60, maximum = 31_536_000)]
    pub expires_in: Option<i64>,
}

/// A personal access token, without its secret.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PersonalToken {
    pub id: Uuid,
    #[schema(example = "scoreboard bot")]
    pub name: String,
    pub scopes: Vec<TokenScope>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds after which the token is refused.
    pub expires_at: i64,
    /// Unix seconds of its latest use (to within a minute); null if it was never used.
    pub last_used_at: Option<i64>,
}

/// A new personal access token, with its secret: shown this once, never again.
#[derive(Clone, Serialize, ToSchema)]
pub struct CreatedPersonalToken {
    /// Send as `Authorization: Bearer <token>`. Only its hash is stored: keep it now.
    #[schema(example = "ctp_6b1f0c3e9a4d27f85e0b13c6d9a2f47e8c5b0d1a3f6e9c2b7d4a0e8f1c3b5d79")]
    pub token: String,
    pub id: Uuid,
    #[schema(example = "scoreboard bot")]
    pub name: String,
    pub scopes: Vec<TokenScope>,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds after which the token is refused.
    pub expires_at: i64,
}

// The secret never reaches a log line or a panic message.
impl std::fmt::Debug for CreatedPersonalToken {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("CreatedPersonalToken")
            .field("token", &"[redacted]")
            .field("id", &self.id)
            .field("name", &self.name)
            .field("scopes", &self.scopes)
            .field("created_at", &self.created_at)
            .field("expires_at", &self.expires_at)
            .finish()
    }
}

/// An account's personal access tokens, oldest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PersonalTokenList {
    pub tokens: Vec<PersonalToken>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_never_shows_the_secret() {
        let created = CreatedPersonalToken {
            token: "ctp_0123456789abcdef".to_owned(),
            id: Uuid::nil(),
            name: "bot".to_owned(),
            scopes: vec![TokenScope::GamesRead],
            created_at: 0,
            expires_at: 60,
        };
        let printed = format!("{created:?}");
        assert!(printed.contains("bot"), "{printed}");
        assert!(!printed.contains("0123456789abcdef"), "{printed}");
    }

    #[test]
    fn scopes_have_their_wire_names_and_unknown_ones_are_refused() {
        let request: Result<CreatePersonalToken, _> =
            serde_json::from_str(r#"{"name": "x", "scopes": ["games:read", "games:play"]}"#);
        assert!(request.is_ok_and(|request| request.scopes
            == [TokenScope::GamesRead, TokenScope::GamesPlay]
            && request.expires_in.is_none()));
        let manage: Result<CreatePersonalToken, _> =
            serde_json::from_str(r#"{"name": "x", "scopes": ["account:manage"]}"#);
        assert!(manage.is_err());
    }
}
