use persistence::{AccountRecord, NewAccount, UsernameForms};
use uuid::Uuid;

use super::GameService;
use super::usernames;
use crate::auth;
use crate::error::ApiError;

fn invalid(code: &'static str, detail: &str) -> ApiError {
    ApiError::Unprocessable {
        code,
        detail: detail.to_owned(),
        option: None,
    }
}

fn check_username(username: &str) -> Result<UsernameForms, ApiError> {
    usernames::forms(username).ok_or_else(|| invalid("invalid_username", usernames::RULES))
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
        let forms = check_username(username)?;
        // On the canonical form, so no look-alike of a bot's name gets through.
        super::ratings::check_not_reserved(&forms.canonical)?;
        check_password(password)?;
        let password_hash = auth::hash_password(password).map_err(ApiError::Internal)?;
        let account = NewAccount {
            id: Uuid::new_v4(),
            username: username.to_owned(),
            forms,
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

    /// Logs in by any form of the name that has the account's canonical form.
    pub fn login(&self, username: &str, password: &str) -> Result<AccountRecord, ApiError> {
        let account = self
            .db
            .account_for_login(&usernames::canonical(username), username)?;
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

    /// Whether `password` is the account's, at the cost of a full hash (run it in a hashing
    /// slot). A deleted or unknown account has no password.
    pub fn password_matches(&self, id: Uuid, password: &str) -> Result<bool, ApiError> {
        let account = self.db.account(id)?;
        let hash = account.as_ref().map_or(DUMMY_HASH.as_str(), |account| {
            account.password_hash.as_str()
        });
        Ok(auth::verify_password(password, hash) && account.is_some())
    }

    /// Fills the canonical form and skeleton of accounts stored without them, oldest first;
    /// an account whose form an older one holds keeps none and is reported (it still logs in
    /// by its exact name). Returns the clashes found.
    pub fn fill_username_forms(&self) -> Result<Vec<String>, ApiError> {
        let mut clashes = Vec::new();
        for account in self.db.unfilled_usernames()? {
            let forms = usernames::forms_of_existing(&account.username);
            let (canonical, skeleton) = self.db.fill_username_forms(account.id, &forms)?;
            for (stored, what) in [(canonical, "canonical form"), (skeleton, "skeleton")] {
                if !stored {
                    tracing::warn!(
                        account_id = %account.id,
                        what,
                        "username clash: an older account holds this username's {what}; this \
                         account keeps its name, logs in by its exact name and is left out of \
                         the uniqueness check until renamed"
                    );
                    clashes.push(format!("{} ({what})", account.id));
                }
            }
        }
        Ok(clashes)
    }

    /// Whether the account's name is known without a database read.
    pub fn known_account_name(&self, id: Uuid) -> Option<String> {
        self.known.name(id)
    }
}
