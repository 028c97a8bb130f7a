use persistence::{AccountRecord, NewAccount};
use uuid::Uuid;

use super::GameService;
use crate::auth;
use crate::error::ApiError;

fn invalid(code: &'static str, detail: &str) -> ApiError {
    ApiError::Unprocessable {
        code,
        detail: detail.to_owned(),
        option: None,
    }
}

fn check_username(username: &str) -> Result<(), ApiError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if (3..=32).contains(&username.len()) && username.chars().all(allowed) {
        Ok(())
    } else {
        Err(invalid(
            "invalid_username",
            "a username has 3 to 32 characters: letters, digits, `_`, `-` and `.`",
        ))
    }
}

pub(super) fn check_password(password: &str) -> Result<(), ApiError> {
    if (8..=128).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(invalid(
            "invalid_password",
            "a password has 8 to 128 characters",
        ))
    }
}

// Verifying against this when the username is unknown costs the same as a real check, so the
// response time does not reveal which usernames exist.
static DUMMY_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    auth::hash_password("no account has this password").unwrap_or_default()
});

impl GameService {
    pub fn register(
        &self,
        username: &str,
        password: &str,
        now: i64,
    ) -> Result<AccountRecord, ApiError> {
        check_username(username)?;
        check_password(password)?;
        let password_hash = auth::hash_password(password).map_err(ApiError::Internal)?;
        let account = NewAccount {
            id: Uuid::new_v4(),
            username: username.to_owned(),
            password_hash,
            created_at: now,
        };
        self.db.create_account(&account)?;
        Ok(AccountRecord {
            id: account.id,
            username: account.username,
            password_hash: account.password_hash,
            created_at: account.created_at,
        })
    }

    pub fn login(&self, username: &str, password: &str) -> Result<AccountRecord, ApiError> {
        let account = self.db.account_by_username(username)?;
        let hash = account.as_ref().map_or(DUMMY_HASH.as_str(), |account| {
            account.password_hash.as_str()
        });
        let matches = auth::verify_password(password, hash);
        match account {
            Some(account) if matches => Ok(account),
            _ => Err(ApiError::Unauthorized("wrong username or password")),
        }
    }

    pub fn account(&self, id: Uuid) -> Result<Option<AccountRecord>, ApiError> {
        Ok(self.db.account(id)?)
    }

    /// The name of an existing account, read once per process (see [`KnownAccounts`]).
    ///
    /// [`KnownAccounts`]: super::known_accounts::KnownAccounts
    pub fn account_name(&self, id: Uuid) -> Result<Option<String>, ApiError> {
        if let Some(name) = self.known.name(id) {
            return Ok(Some(name));
        }
        let Some(account) = self.db.account(id)? else {
            return Ok(None);
        };
        self.known.learn(account.id, &account.username);
        Ok(Some(account.username))
    }

    /// Whether the account's name is known without a database read.
    pub fn known_account_name(&self, id: Uuid) -> Option<String> {
        self.known.name(id)
    }
}
