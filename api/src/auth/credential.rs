//! What a request authenticated with.

use uuid::Uuid;

/// The credential behind an authenticated request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    /// An access token of a login session.
    Session { id: Uuid },
}

impl Credential {
    /// The session, when the credential belongs to one.
    pub fn session(&self) -> Option<Uuid> {
        match self {
            Credential::Session { id } => Some(*id),
        }
    }
}
