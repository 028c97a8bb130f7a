//! What a request authenticated with.

use uuid::Uuid;

/// What a request authenticated with: a route's scope check does not care, but what the
/// caller is shown about itself (and what revoking one voids) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    /// An access token of a login session: it carries every scope.
    Session { id: Uuid },
    /// A personal access token (`ctp_…`), limited to the scopes it was given.
    PersonalToken { id: Uuid },
}

impl Credential {
    /// The session, when the credential belongs to one.
    pub fn session(&self) -> Option<Uuid> {
        match self {
            Credential::Session { id } => Some(*id),
            Credential::PersonalToken { .. } => None,
        }
    }

    /// The personal access token's id, if this is one.
    pub fn personal_token(&self) -> Option<Uuid> {
        match self {
            Credential::PersonalToken { id } => Some(*id),
            Credential::Session { .. } => None,
        }
    }
}
