//! Accounts prove who they are with a password once, then with a signed bearer token.

mod extractor;
mod password;
mod token;

pub use extractor::AuthenticatedAccount;
pub use password::{hash_password, verify_password};
pub use token::{Claims, TokenKeys};
