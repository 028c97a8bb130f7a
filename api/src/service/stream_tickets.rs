//! Issuing and redeeming stream tickets; what a ticket is and why is told in `push::tickets`.

use persistence::StreamTicket;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::GameService;
use crate::error::ApiError;

fn hash(ticket: &str) -> String {
    Sha256::digest(ticket.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

impl GameService {
    /// Issues a ticket for `scope`; returns its text and expiry.
    pub fn issue_stream_ticket(
        &self,
        account: Uuid,
        scope: String,
        now: i64,
    ) -> Result<(String, i64), ApiError> {
        let bytes: [u8; 32] = rand::random();
        let ticket: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
        let expires_at = now + self.hub().settings().ticket_ttl_secs;
        self.database().store_stream_ticket(
            &StreamTicket {
                hash: hash(&ticket),
                account,
                scope,
                expires_at,
            },
            now,
        )?;
        Ok((ticket, expires_at))
    }

    /// The account a ticket was issued to, if it is valid for `scope`; it is used up either way.
    pub fn redeem_stream_ticket(
        &self,
        ticket: &str,
        scope: &str,
        now: i64,
    ) -> Result<Uuid, ApiError> {
        let refused = ApiError::Unauthorized("the stream ticket is invalid, used or expired");
        match self.database().redeem_stream_ticket(&hash(ticket), now) {
            Ok(stored) if stored.scope == scope => Ok(stored.account),
            Ok(_) | Err(persistence::Error::NotFound) => Err(refused),
            Err(error) => Err(error.into()),
        }
    }
}
