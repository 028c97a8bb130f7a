//! Issuing and checking stream tickets; what a ticket is and why is told in `push::tickets`.

use persistence::StreamTicket;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::GameService;
use crate::error::ApiError;

fn hash(ticket: &str) -> String {
    hex::encode(Sha256::digest(ticket.as_bytes()))
}

impl GameService {
    /// Issues a ticket for `scope` valid until `expires_at` (the expiry of the access token that
    /// asks for it, never later); returns its text. A ticket asked for with a personal access
    /// token names it, and is void once the token is revoked.
    pub fn issue_stream_ticket(
        &self,
        account: Uuid,
        session: Option<Uuid>,
        personal_token: Option<Uuid>,
        scope: String,
        expires_at: i64,
        now: i64,
    ) -> Result<String, ApiError> {
        let bytes: [u8; 32] = rand::random();
        let ticket = hex::encode(bytes);
        self.database().store_stream_ticket(
            &StreamTicket {
                hash: hash(&ticket),
                account,
                scope,
                expires_at,
                session,
                personal_token,
            },
            now,
        )?;
        Ok(ticket)
    }

    /// The account a ticket was issued to and the session that asked for it, if it is valid
    /// for `scope` now. The ticket stays valid until it expires or its session ends: every
    /// reconnect of its stream uses it again.
    pub fn check_stream_ticket(
        &self,
        ticket: &str,
        scope: &str,
        now: i64,
    ) -> Result<(Uuid, Option<Uuid>), ApiError> {
        let refused = ApiError::Unauthorized("the stream ticket is invalid or expired");
        match self.database().stream_ticket(&hash(ticket), now) {
            Ok(stored) if stored.scope == scope => {
                // Its session's end deleted it; a ticket stored as the session ended is
                // caught here.
                if let Some(session) = stored.session
                    && !self.session_alive(session, stored.account)?
                {
                    return Err(refused);
                }
                Ok((stored.account, stored.session))
            }
            Ok(_) | Err(persistence::Error::NotFound) => Err(refused),
            Err(error) => Err(error.into()),
        }
    }
}
