//! Rematches: the players of a finished game play again, seats rotated by one.

use domain::{Seat, Seed};
use openapi::invites::DEFAULT_INVITE_EXPIRES_IN;
use persistence::{BotSeat, GameRecord, GameStatus, NewGame, NewInvitation};
use uuid::Uuid;

use super::GameService;
use super::games::seat_of;
use super::invites::new_invite_code;
use crate::error::ApiError;

/// Seat `seat` of a game of `players` in its rematch: one on, the last seat first.
fn rotated(seat: Seat, players: u8) -> Seat {
    Seat(if players == 0 {
        0
    } else {
        (seat.0 + 1) % players
    })
}

/// The next game of `finished`, made by `account` (who sits in it): the same kind, options and
/// players, every seat one on, the bots at their rotated seats with their levels, and the
/// other players' seats reserved for them by invitations.
fn next_game(finished: &GameRecord, account: Uuid, own: Seat, now: i64) -> NewGame {
    let players = finished.players;
    NewGame {
        bots: finished
            .bots
            .iter()
            .map(|bot| BotSeat {
                seat: rotated(bot.seat, players),
                level: bot.level.clone(),
            })
            .collect(),
        id: Uuid::new_v4(),
        kind: finished.kind,
        players,
        options: finished.options.clone(),
        // A fresh deal: a fixed seed or setup would replay the finished game.
        seed: Seed::from_bytes(rand::random()),
        seed_nonce: Some(hex::encode(rand::random::<[u8; 32]>())),
        setup: None,
        fixed_setup: false,
        // As the finished game was (a fixed setup's rematch is dealt afresh, yet stays unrated).
        rated: finished.rated,
        created_by: account,
        created_at: now,
        creator_seat: rotated(own, players),
        unlisted: finished.unlisted,
        invite_code: new_invite_code(),
        invitations: finished
            .seats
            .iter()
            .filter(|seat| seat.account_id != account)
            .map(|seat| NewInvitation {
                seat: rotated(seat.seat, players),
                account_id: seat.account_id,
                expires_at: now.saturating_add(DEFAULT_INVITE_EXPIRES_IN),
            })
            .collect(),
    }
}

impl GameService {
    /// The rematch of finished game `id` with `account` seated in it: made by the first player
    /// who asks, joined (on the seat reserved for them) by every later one.
    pub fn rematch(&self, account: Uuid, id: Uuid, now: i64) -> Result<GameRecord, ApiError> {
        let finished = self.current(id, now)?;
        let own = seat_of(&finished, account).ok_or_else(|| ApiError::Forbidden {
            code: "not_a_player",
            detail: "only the players of a game can ask for its rematch".to_owned(),
        })?;
        if finished.status != GameStatus::Finished {
            return Err(ApiError::Conflict {
                code: "game_not_over",
                detail: "a rematch can be asked for once the game is over".to_owned(),
            });
        }
        let next = next_game(&finished, account, own, now);
        let existing = self.db.create_rematch(id, &next)?;
        // The finished game now links to its rematch: its cached copy and renderings are stale.
        self.hub.cache().forget(id);
        self.hub.committed(id, finished.revision);
        match existing {
            None => {
                self.hub.committed(next.id, 0);
                let record = self.db.game(next.id)?;
                self.start_if_full(record, now)
            }
            Some(existing) => {
                let record = self.db.game(existing)?;
                if seat_of(&record, account).is_some() {
                    return Ok(record);
                }
                self.join_game(account, existing, now, None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_move_one_on() {
        assert_eq!(rotated(Seat(0), 3), Seat(1));
        assert_eq!(rotated(Seat(2), 3), Seat(0));
        assert_eq!(rotated(Seat(3), 4), Seat(0));
    }
}
