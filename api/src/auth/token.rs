use std::path::Path;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::refresh::RefreshKey;

/// The claims of an access token.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The account id.
    pub sub: Uuid,
    /// The session the token belongs to: ending it refuses the token.
    pub sid: Uuid,
    pub iat: i64,
    pub exp: i64,
    /// Not before: absent from the tokens this server issues, honoured when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nbf: Option<i64>,
}

/// HS256 signing and verification keys. The algorithm is pinned: a token signed any other way
/// (including `none`) is refused.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl_secs: i64,
    /// Derives each refresh token's successor (see [`super::refresh`]).
    refresh: RefreshKey,
    /// How long a refresh token stays usable without being used.
    refresh_ttl_secs: i64,
    /// Tokens whose signature has been checked, with their claims: a client sends the same
    /// token with every request, and looking it up costs a fraction of checking its HMAC and
    /// decoding it again. Only tokens signed with these keys get in; the times in the claims
    /// are judged at every use. Bounded, least recently used first out; clones share it.
    verified: moka::sync::Cache<String, Claims>,
}

/// A refresh token unused this long is refused (30 days), unless the settings say otherwise.
pub const DEFAULT_REFRESH_TTL_SECS: i64 = 30 * 24 * 3600;

/// Verified tokens remembered at most.
const MOST_VERIFIED: u64 = 8_192;

const SECRET_FILE: &str = "jwt_secret";

/// HS256 needs a key at least as long as its hash output: a shorter one can be brute-forced.
pub const MIN_SECRET_BYTES: usize = 32;

impl TokenKeys {
    pub fn new(secret: &[u8], ttl_secs: i64) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            ttl_secs,
            refresh: RefreshKey::new(secret),
            refresh_ttl_secs: DEFAULT_REFRESH_TTL_SECS,
            verified: moka::sync::Cache::new(MOST_VERIFIED),
        }
    }

    /// Uses `secret` when given (refusing one shorter than [`MIN_SECRET_BYTES`]); otherwise the
    /// secret kept in `data_dir`, generating it on first start so tokens survive a restart.
    pub fn load(
        secret: Option<&SecretString>,
        data_dir: &Path,
        ttl_secs: i64,
    ) -> std::io::Result<Self> {
        let secret = match secret {
            Some(secret) => secret.clone(),
            None => stored_secret(data_dir)?,
        };
        let secret = secret.expose_secret();
        if secret.len() < MIN_SECRET_BYTES {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "JWT_SECRET must be at least {MIN_SECRET_BYTES} bytes, got {}",
                    secret.len()
                ),
            ));
        }
        Ok(Self::new(secret.as_bytes(), ttl_secs))
    }

    pub fn ttl_secs(&self) -> i64 {
        self.ttl_secs
    }

    /// The same keys, with refresh tokens that expire after `secs` of disuse.
    #[must_use]
    pub fn with_refresh_ttl(mut self, secs: i64) -> Self {
        self.refresh_ttl_secs = secs;
        self
    }

    pub fn refresh_ttl_secs(&self) -> i64 {
        self.refresh_ttl_secs
    }

    /// The key that derives refresh tokens' successors.
    pub fn refresh_key(&self) -> &RefreshKey {
        &self.refresh
    }

    /// An access token of `session` issued at `now`. The same arguments give the same token,
    /// which lets a refresh repeated within its grace window hand back the same pair.
    pub fn issue(&self, account: Uuid, session: Uuid, now: i64) -> Result<(String, i64), String> {
        let claims = Claims {
            sub: account,
            sid: session,
            iat: now,
            exp: now + self.ttl_secs,
            nbf: None,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map(|token| (token, claims.exp))
            .map_err(|error| error.to_string())
    }

    /// The claims of a token signed with these keys, whatever its times.
    fn check_signature(&self, token: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.validate_exp = false;
        validation.set_required_spec_claims(&["exp", "sub", "sid"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims)
    }

    /// The claims of a token signed with these keys that has not expired at `now`. Expiry is
    /// judged here, on the server's clock, rather than by the library on the system clock.
    pub fn verify(&self, token: &str, now: i64) -> Option<Claims> {
        let claims = match self.verified.get(token) {
            Some(claims) => claims,
            None => {
                let claims = self.check_signature(token)?;
                self.verified.insert(token.to_owned(), claims);
                claims
            }
        };
        Some(claims)
            .filter(|claims| claims.exp >= now)
            // A token that says it is not valid yet is refused, like an expired one.
            .filter(|claims| claims.nbf.is_none_or(|nbf| nbf <= now))
    }
}

/// The secret in `data_dir`, generated on first start. It is written to a temporary file that
/// only the owner can read from its creation on, synced, and linked into place, which fails if
/// the file exists: a reader never sees a half-written secret, and two servers starting at
/// once agree on the first one written.
fn stored_secret(data_dir: &Path) -> std::io::Result<SecretString> {
    let path = data_dir.join(SECRET_FILE);
    if let Some(secret) = read_secret(&path)? {
        return Ok(secret);
    }
    std::fs::create_dir_all(data_dir)?;
    let bytes: [u8; 32] = rand::random();
    let secret = SecretString::from(hex::encode(bytes));
    let temporary = data_dir.join(format!(".{SECRET_FILE}.{}", Uuid::new_v4().simple()));
    let written = write_owner_only(&temporary, secret.expose_secret())
        .and_then(|()| std::fs::hard_link(&temporary, &path));
    let _ = std::fs::remove_file(&temporary);
    match written {
        Ok(()) => Ok(secret),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => read_secret(&path)?
            .ok_or_else(|| std::io::Error::other(format!("{} is empty", path.display()))),
        Err(error) => Err(error),
    }
}

fn read_secret(path: &Path) -> std::io::Result<Option<SecretString>> {
    match std::fs::read_to_string(path) {
        Ok(secret) if !secret.trim().is_empty() => Ok(Some(secret.trim().into())),
        Ok(_) => Ok(None),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// The secret signs every token: only the server's own user may read it, from the first byte.
fn write_owner_only(path: &Path, secret: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(secret.as_bytes())?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issued_tokens_verify_until_they_expire() {
        let keys = TokenKeys::new(b"a-test-secret-of-at-least-32-bytes", 60);
        let account = Uuid::new_v4();
        let now = chrono::Utc::now().timestamp();
        let (token, expires_at) = keys
            .issue(account, Uuid::new_v4(), now)
            .expect("a token is issued");
        assert_eq!(expires_at, now + 60);
        assert_eq!(
            keys.verify(&token, now).map(|claims| claims.sub),
            Some(account)
        );
        assert!(
            keys.verify(&token, now + 60).is_some(),
            "valid through its last second"
        );
        assert!(keys.verify(&token, now + 61).is_none(), "expired after it");

        let (expired, _) = keys
            .issue(account, Uuid::new_v4(), now - 120)
            .expect("a token is issued");
        assert!(keys.verify(&expired, now).is_none());
    }

    #[test]
    fn a_remembered_token_is_still_judged_and_a_tampered_copy_is_refused() {
        let keys = TokenKeys::new(b"a-test-secret-of-at-least-32-bytes", 60);
        let now = chrono::Utc::now().timestamp();
        let (token, _) = keys
            .issue(Uuid::new_v4(), Uuid::new_v4(), now)
            .expect("a token is issued");
        assert!(keys.verify(&token, now).is_some());
        // Remembered now: its times are judged all the same.
        assert!(keys.verify(&token, now + 61).is_none());
        assert!(keys.verify(&token, now + 1).is_some());
        // The same token with its signature changed is checked, and refused.
        // (The signature's first character: every one of its bits counts.)
        let at = token.rfind('.').expect("a token has three parts") + 1;
        let mut tampered = token.clone();
        let first = if token[at..].starts_with('A') {
            "B"
        } else {
            "A"
        };
        tampered.replace_range(at..=at, first);
        assert!(keys.verify(&tampered, now).is_none());
        // A clone of the keys shares what they remember, and the memory stays bounded.
        let copy = keys.clone();
        for offset in 0..(MOST_VERIFIED as i64 + 10) {
            let (other, _) = copy
                .issue(Uuid::new_v4(), Uuid::new_v4(), now + offset)
                .expect("issued");
            assert!(copy.verify(&other, now + offset).is_some());
        }
        keys.verified.run_pending_tasks();
        assert!(keys.verified.entry_count() <= MOST_VERIFIED);
    }

    #[test]
    fn a_generated_secret_is_kept_so_tokens_survive_a_restart() {
        let dir = std::env::temp_dir().join(format!("cardtable-keys-{}", Uuid::new_v4()));
        let now = chrono::Utc::now().timestamp();
        let before = TokenKeys::load(None, &dir, 60).expect("a secret is generated");
        let (token, _) = before
            .issue(Uuid::new_v4(), Uuid::new_v4(), now)
            .expect("a token is issued");
        let after = TokenKeys::load(None, &dir, 60).expect("the secret is read back");
        assert!(after.verify(&token, now).is_some());
        let other_dir = dir.join("elsewhere");
        let elsewhere = TokenKeys::load(None, &other_dir, 60).expect("another secret");
        assert!(elsewhere.verify(&token, now).is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_short_secret_refuses_to_start() {
        let dir = std::env::temp_dir();
        let secret = |text: String| SecretString::from(text);
        assert!(TokenKeys::load(Some(&secret("short".to_owned())), &dir, 60).is_err());
        assert!(TokenKeys::load(Some(&secret("x".repeat(31))), &dir, 60).is_err());
        assert!(TokenKeys::load(Some(&secret("x".repeat(32))), &dir, 60).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn the_generated_secret_file_is_owner_only_and_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("cardtable-keys-{}", Uuid::new_v4()));
        assert!(TokenKeys::load(None, &dir, 60).is_ok());
        let mode = std::fs::metadata(dir.join(SECRET_FILE)).map(|m| m.permissions().mode() & 0o777);
        assert_eq!(mode.ok(), Some(0o600));
        let files = std::fs::read_dir(&dir)
            .map(|entries| entries.count())
            .unwrap_or(0);
        assert_eq!(files, 1, "no temporary file is left behind");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn tokens_signed_with_another_secret_are_refused() {
        let ours = TokenKeys::new(b"ours", 60);
        let theirs = TokenKeys::new(b"theirs", 60);
        let now = chrono::Utc::now().timestamp();
        let (token, _) = theirs
            .issue(Uuid::new_v4(), Uuid::new_v4(), now)
            .expect("a token is issued");
        assert!(ours.verify(&token, now).is_none());
    }

    #[test]
    fn unsigned_tokens_are_refused() {
        let keys = TokenKeys::new(b"ours", 60);
        let now = chrono::Utc::now().timestamp();
        // {"alg":"none","typ":"JWT"} . {"sub":...,"iat":...,"exp":...} . (no signature)
        let header = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0";
        let payload = format!(
            r#"{{"sub":"{}","iat":{now},"exp":{}}}"#,
            Uuid::new_v4(),
            now + 60
        );
        let token = format!("{header}.{}.", base64url(payload.as_bytes()));
        assert!(keys.verify(&token, now).is_none());
    }

    fn base64url(bytes: &[u8]) -> String {
        const ALPHABET: &[u8; 64] =
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let mut out = String::new();
        for chunk in bytes.chunks(3) {
            let b = [
                chunk[0],
                chunk.get(1).copied().unwrap_or(0),
                chunk.get(2).copied().unwrap_or(0),
            ];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            for i in 0..=chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            }
        }
        out
    }
}
