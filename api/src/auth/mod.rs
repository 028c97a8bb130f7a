//! Accounts prove who they are with a password once, then with a signed bearer token.

mod credential;
mod extractor;
mod password;
pub mod personal_token;
pub mod refresh;
mod scopes;
mod token;

pub use credential::Credential;
pub use extractor::AuthenticatedAccount;
pub use password::{hash_password, verify_password};
pub use scopes::{Scope, Scopes};
pub use token::{Claims, DEFAULT_REFRESH_TTL_SECS, TokenKeys};
