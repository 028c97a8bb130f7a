use uuid::Uuid;

/// What a request authenticated with: a routes' scope check does not care, but what the
/// caller is shown about itself (and what revoking one voids) does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    /// A personal access token (`ctp_…`), limited to the scopes it was given.
    PersonalToken { id: Uuid },
    /// An access token from a login: it carries every scope.
    Session,
}

impl Credential {
    /// The personal access token's id, if this is one.
    pub fn personal_token(&self) -> Option<Uuid> {
        match self {
            Credential::PersonalToken { id } => Some(*id),
            Credential::Session => None,
        }
    }
}
