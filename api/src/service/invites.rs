//! Invitations: unlisted games, invite codes and seats reserved for named accounts.

use domain::Seat;
use openapi::invites::{
    DEFAULT_INVITE_EXPIRES_IN, InviteCode, MAX_DECLINE_REASON, MAX_INVITE_EXPIRES_IN, MAX_INVITES,
};
use persistence::{BotSeat, GameRecord, NewIdempotencyKey, NewInvitation};
use uuid::Uuid;

use super::GameService;
use super::games::unprocessable;
use crate::error::ApiError;

/// Random bytes in an invite code: 80 bits, far beyond guessing.
const CODE_BYTES: usize = 10;
/// The code alphabet: lowercase base32 (RFC 4648), easy to read out and type.
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// A fresh invite code: 10 random bytes as 16 base32 characters.
pub fn new_invite_code() -> String {
    encode_base32(&rand::random::<[u8; CODE_BYTES]>())
}

/// Base32 without padding (the code's length is a multiple of 5 bytes, so none is needed).
fn encode_base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut buffer, mut bits) = (0_u32, 0_u32);
    for byte in bytes {
        buffer = (buffer << 8) | u32::from(*byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// Whether `code` could be an invite code at all (checked before any database read).
fn plausible_code(code: &str) -> bool {
    code.len() == 16 && code.bytes().all(|byte| ALPHABET.contains(&byte))
}

fn invite_not_found() -> ApiError {
    ApiError::NotFound {
        code: "invite_not_found",
        detail: "no game has this invite code (it may have been revoked)".to_owned(),
    }
}

fn not_creator() -> ApiError {
    ApiError::Forbidden {
        code: "not_creator",
        detail: "only the game's creator can read or change its invite code".to_owned(),
    }
}

/// The invite code as its creator reads it.
pub fn invite_code_body(id: Uuid, code: Option<String>) -> InviteCode {
    InviteCode {
        game_id: id,
        join_path: code.as_ref().map(|code| format!("/v1/invites/{code}/join")),
        code,
    }
}

impl GameService {
    /// The invitations a creation asks for: each username's account gets the lowest seat left
    /// free by the creator's and the bots', in order, until `now + expires_in`.
    pub(super) fn invitations_at_creation(
        &self,
        creator: Uuid,
        (players, bots): (u8, &[BotSeat]),
        usernames: Vec<String>,
        expires_in: Option<i64>,
        now: i64,
    ) -> Result<Vec<NewInvitation>, ApiError> {
        let expires_in = expires_in.unwrap_or(DEFAULT_INVITE_EXPIRES_IN);
        if !(60..=MAX_INVITE_EXPIRES_IN).contains(&expires_in) {
            return Err(unprocessable(
                "invalid_invite_expiry",
                format!("invite_expires_in is 60 to {MAX_INVITE_EXPIRES_IN} seconds"),
            ));
        }
        if usernames.len() > MAX_INVITES {
            return Err(unprocessable(
                "too_many_invites",
                format!("at most {MAX_INVITES} invitations"),
            ));
        }
        let mut free = (1..players).filter(|seat| !bots.iter().any(|bot| bot.seat.0 == *seat));
        let mut invitations: Vec<NewInvitation> = Vec::new();
        for username in usernames {
            let canonical = super::usernames::canonical(&username);
            let found = self.db.account_for_login(&canonical, &username)?;
            let account = found.ok_or_else(|| {
                unprocessable(
                    "unknown_invitee",
                    format!("no account is named `{username}`"),
                )
            })?;
            if account.id == creator || invitations.iter().any(|at| at.account_id == account.id) {
                return Err(unprocessable(
                    "invalid_invitee",
                    format!("`{username}` is invited twice, or is the creator"),
                ));
            }
            let seat = free.next().ok_or_else(|| {
                unprocessable("too_many_invites", "more invitations than free seats")
            })?;
            invitations.push(NewInvitation {
                seat: Seat(seat),
                account_id: account.id,
                expires_at: now.saturating_add(expires_in),
            });
        }
        Ok(invitations)
    }

    /// The game `id` if `account` created it.
    fn created_by(&self, account: Uuid, id: Uuid) -> Result<GameRecord, ApiError> {
        let record = self.db.game(id)?;
        if record.created_by != account {
            return Err(not_creator());
        }
        Ok(record)
    }

    /// The game's invite code, for its creator.
    pub fn invite_code(&self, account: Uuid, id: Uuid) -> Result<InviteCode, ApiError> {
        self.created_by(account, id)?;
        Ok(invite_code_body(id, self.db.invite_code(id)?))
    }

    /// Replaces the game's invite code (`rotate`) or revokes it; the old code stops working.
    pub fn change_invite_code(
        &self,
        account: Uuid,
        id: Uuid,
        rotate: bool,
    ) -> Result<InviteCode, ApiError> {
        self.created_by(account, id)?;
        let code = rotate.then(new_invite_code);
        self.db.set_invite_code(id, code.as_deref())?;
        Ok(invite_code_body(id, code))
    }

    /// Takes a seat in the game whose invite code is `code`.
    pub fn join_by_invite(
        &self,
        account: Uuid,
        code: &str,
        now: i64,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<GameRecord, ApiError> {
        if !plausible_code(code) {
            return Err(invite_not_found());
        }
        let id = match self.db.game_by_invite_code(code) {
            Err(persistence::Error::NotFound) => return Err(invite_not_found()),
            other => other?,
        };
        self.join_game(account, id, now, key)
    }

    /// Declines `account`'s invitation to `id`: its seat is free for anyone again.
    pub fn decline_invitation(
        &self,
        account: Uuid,
        id: Uuid,
        reason: Option<&str>,
    ) -> Result<(), ApiError> {
        if reason.is_some_and(|reason| reason.chars().count() > MAX_DECLINE_REASON) {
            return Err(unprocessable(
                "invalid_reason",
                format!("a reason has at most {MAX_DECLINE_REASON} characters"),
            ));
        }
        let record = self.db.game(id)?;
        self.db
            .decline_invitation(id, account)
            .map_err(|error| match error {
                persistence::Error::Conflict(code) => ApiError::Conflict {
                    code,
                    detail: "you have no invitation to this game".to_owned(),
                },
                other => other.into(),
            })?;
        // The freed seat is news to anyone following the game (the lobby, the creator).
        self.hub.committed(id, record.version);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_16_base32_characters_and_differ() {
        let (a, b) = (new_invite_code(), new_invite_code());
        assert!(plausible_code(&a) && plausible_code(&b), "{a} {b}");
        assert_ne!(a, b);
        assert_eq!(encode_base32(b"\0\0\0\0\0"), "aaaaaaaa");
        assert_eq!(encode_base32(b"foobar"), "mzxw6ytboi");
    }
}
