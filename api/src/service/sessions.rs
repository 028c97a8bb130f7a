//! Login sessions: starting one, rotating its refresh token, ending it, listing them, and
//! changing the password (which ends the others). Lifetimes and the grace window are told in
//! `docs/decisions.md` ("Sessions").

use persistence::{NewSession, Rotation, SessionRecord, StoredRefreshToken};
use secrecy::SecretString;
use uuid::Uuid;

use super::GameService;
use super::session_liveness::SessionWatch;
use crate::auth::{self, TokenKeys, refresh};
use crate::error::ApiError;

/// How long after a refresh the same (spent) refresh token still gets the same new pair: two
/// threads of one client refreshing at once both succeed, and neither is logged out.
pub const GRACE_SECS: i64 = 5;

/// A login lives at most this long, however often it is refreshed.
pub const MAX_LIFE_SECS: i64 = 365 * 24 * 3600;

/// The longest user agent kept with a session.
const USER_AGENT_CHARS: usize = 256;

/// What a login or a refresh hands out.
pub struct IssuedSession {
    pub session: Uuid,
    pub account: Uuid,
    pub access_token: String,
    pub access_expires_at: i64,
    pub refresh_token: SecretString,
}

fn invalid_refresh_token() -> ApiError {
    ApiError::Unauthenticated {
        code: "invalid_refresh_token",
        detail: "the refresh token is not one this server issued",
    }
}

fn session_revoked() -> ApiError {
    ApiError::Unauthenticated {
        code: "session_revoked",
        detail: "the session has ended; log in again",
    }
}

fn session_expired() -> ApiError {
    ApiError::Unauthenticated {
        code: "session_expired",
        detail: "the session expired; log in again",
    }
}

impl GameService {
    /// Starts a session for an account whose password was just checked.
    pub fn start_session(
        &self,
        keys: &TokenKeys,
        account: Uuid,
        user_agent: Option<&str>,
        now: i64,
    ) -> Result<IssuedSession, ApiError> {
        let id = Uuid::new_v4();
        let refresh_token = refresh::fresh();
        self.database().create_session(&NewSession {
            id,
            account,
            user_agent: user_agent.map(|agent| agent.chars().take(USER_AGENT_CHARS).collect()),
            created_at: now,
            expires_at: now.saturating_add(keys.refresh_ttl_secs().min(MAX_LIFE_SECS)),
            refresh_hash: refresh::hash(&refresh_token),
        })?;
        self.session_liveness().learn(id, account, true);
        issued(keys, account, id, now, refresh_token)
    }

    /// Spends `token` for a new pair. A token spent within [`GRACE_SECS`] gets the pair its
    /// first use got; one spent before that ends its session (it was copied, or the client is
    /// broken: either way every token of that login is refused from now on).
    pub fn refresh_session(
        &self,
        keys: &TokenKeys,
        token: &str,
        now: i64,
    ) -> Result<IssuedSession, ApiError> {
        let hash = refresh::hash(token);
        let stored = self
            .database()
            .refresh_token(&hash)?
            .ok_or_else(invalid_refresh_token)?;
        if stored.spent_at.is_none()
            && let Some(issued) = self.rotate(keys, token, &hash, &stored.session, now)?
        {
            return Ok(issued);
        }
        // Spent, by now: by an earlier refresh or by one that just won the race.
        let stored = self
            .database()
            .refresh_token(&hash)?
            .ok_or_else(invalid_refresh_token)?;
        self.spent(keys, token, stored, now)
    }

    /// The rotation of an unspent token; `None` when another refresh spent it first.
    fn rotate(
        &self,
        keys: &TokenKeys,
        token: &str,
        hash: &str,
        session: &SessionRecord,
        now: i64,
    ) -> Result<Option<IssuedSession>, ApiError> {
        if session.revoked_at.is_some() {
            return Err(session_revoked());
        }
        if now > session.expires_at {
            return Err(session_expired());
        }
        let child = keys.refresh_key().child(token);
        let expires_at = now
            .saturating_add(keys.refresh_ttl_secs())
            .min(session.created_at.saturating_add(MAX_LIFE_SECS));
        let rotated = self.database().rotate_refresh_token(&Rotation {
            session: session.id,
            spent: hash,
            child: &refresh::hash(&child),
            now,
            expires_at,
        })?;
        if !rotated {
            return Ok(None);
        }
        issued(keys, session.account, session.id, now, child).map(Some)
    }

    fn spent(
        &self,
        keys: &TokenKeys,
        token: &str,
        stored: StoredRefreshToken,
        now: i64,
    ) -> Result<IssuedSession, ApiError> {
        let session = stored.session;
        if session.revoked_at.is_some() {
            return Err(session_revoked());
        }
        let Some(spent_at) = stored.spent_at else {
            // Unspent yet not rotated: the session ended in between.
            return Err(session_revoked());
        };
        if now.saturating_sub(spent_at) <= GRACE_SECS {
            // The same child and the same access token (issued at the same second) as the
            // refresh that spent it: nothing new is stored.
            let child = keys.refresh_key().child(token);
            return issued(keys, session.account, session.id, spent_at, child);
        }
        tracing::warn!(session_id = %session.id, "a spent refresh token was used again; the session is ended");
        self.end_session(session.account, session.id, now)?;
        Err(session_revoked())
    }

    /// Ends one session of `account`; ending one already ended does nothing.
    pub fn end_session(&self, account: Uuid, session: Uuid, now: i64) -> Result<(), ApiError> {
        self.database().revoke_session(session, now)?;
        self.session_liveness().ended(account, &[session]);
        Ok(())
    }

    /// Ends every session of `account`.
    pub fn end_all_sessions(&self, account: Uuid, now: i64) -> Result<(), ApiError> {
        let ended = self.database().revoke_all_sessions(account, now)?;
        self.session_liveness().ended(account, &ended);
        // Tickets stored before sessions named none: void them too.
        self.database().revoke_stream_tickets(account)?;
        Ok(())
    }

    /// The live sessions of `account`, newest first.
    pub fn sessions(&self, account: Uuid, now: i64) -> Result<Vec<SessionRecord>, ApiError> {
        Ok(self.database().live_sessions(account, now)?)
    }

    /// Replaces the password once `current` is proven, and ends every other session.
    pub fn change_password(
        &self,
        account: Uuid,
        keep: Option<Uuid>,
        current: &str,
        new: &str,
        now: i64,
    ) -> Result<(), ApiError> {
        let stored = self.account(account)?.ok_or(ApiError::Unauthorized(
            "the access token is invalid or expired",
        ))?;
        if !auth::verify_password(current, &stored.password_hash) {
            return Err(ApiError::Forbidden {
                code: "password_incorrect",
                detail: "the current password is wrong".to_owned(),
            });
        }
        super::accounts::check_password(new)?;
        let hash = auth::hash_password(new).map_err(ApiError::Internal)?;
        let ended = self
            .database()
            .change_password(account, &hash, keep, now)
            .map_err(|error| match error {
                persistence::Error::NotFound => {
                    ApiError::Unauthorized("the access token is invalid or expired")
                }
                other => other.into(),
            })?;
        self.session_liveness().ended(account, &ended);
        Ok(())
    }

    /// Whether `session` is alive and `account`'s, if this process knows without a read.
    pub fn session_alive_cached(&self, session: Uuid, account: Uuid) -> Option<bool> {
        self.session_liveness().cached(session, account)
    }

    /// Whether `session` is alive and `account`'s, read from the database (and remembered for
    /// a moment).
    pub fn session_alive(&self, session: Uuid, account: Uuid) -> Result<bool, ApiError> {
        let stored = self.database().session(session)?;
        let (owner, alive) = match stored {
            Some(stored) => (stored.account, stored.revoked_at.is_none()),
            None => (account, false),
        };
        self.session_liveness().learn(session, owner, alive);
        Ok(alive && owner == account)
    }

    /// A watch for a stream of `session` (none: a watch that never ends).
    pub fn watch_session(&self, session: Option<Uuid>) -> SessionWatch {
        match session {
            Some(session) => self.session_liveness().watch(session),
            None => SessionWatch::none(),
        }
    }

    /// Reads the sessions in use here (by requests since the last sweep, or by open streams)
    /// in one query per thousand: those another process ended are refused here from now on
    /// and their streams end; the others' readings are renewed.
    pub fn sweep_ended_sessions(&self) -> Result<(), ApiError> {
        let liveness = self.session_liveness();
        let in_use = liveness.take_in_use();
        let mut sessions = liveness.watched();
        sessions.extend(&in_use);
        sessions.sort_unstable();
        sessions.dedup();
        let mut ended = std::collections::HashSet::new();
        for chunk in sessions.chunks(1000) {
            ended.extend(self.database().ended_sessions(chunk)?);
        }
        // Refused here at once.
        liveness.ended(Uuid::nil(), &ended.iter().copied().collect::<Vec<_>>());
        let alive: Vec<Uuid> = in_use
            .into_iter()
            .filter(|session| !ended.contains(session))
            .collect();
        liveness.renew(&alive);
        Ok(())
    }
}

fn issued(
    keys: &TokenKeys,
    account: Uuid,
    session: Uuid,
    issued_at: i64,
    refresh_token: String,
) -> Result<IssuedSession, ApiError> {
    let (access_token, access_expires_at) = keys
        .issue(account, session, issued_at)
        .map_err(ApiError::Internal)?;
    Ok(IssuedSession {
        session,
        account,
        access_token,
        access_expires_at,
        refresh_token: SecretString::from(refresh_token),
    })
}
