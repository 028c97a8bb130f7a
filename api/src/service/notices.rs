//! What an account is told across its games: a game it sits in started, it is now to act, a
//! game finished, a game it waited in was cancelled. Worked out by comparing two readings of a
//! game, so a reader that missed intermediate versions still tells the right thing.

use domain::{GameKind, Input, Outcome, Seat};
use persistence::{GameFilter, GameRecord, GameStatus};
use uuid::Uuid;

use super::GameService;
use super::games::seat_of;
use crate::error::ApiError;

/// One game as an account that sits in it follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct AccountGame {
    pub id: Uuid,
    pub kind: GameKind,
    pub status: GameStatus,
    pub version: i64,
    /// Counts every input, secret ones too: what tells two readings apart.
    pub revision: i64,
    pub seat: Seat,
    /// The account's seat has a decision pending.
    pub to_act: bool,
    pub deadline_at: Option<i64>,
    pub outcome: Option<Outcome>,
}

/// What a reading of a game says to one account.
#[derive(Clone, Debug, PartialEq)]
pub enum Following {
    Seated(AccountGame),
    /// The game exists; the account has no seat (it left, or never sat).
    NotSeated,
    /// The game is gone (cancelled).
    Gone,
}

/// A message for an account.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    GameStarted(AccountGame),
    YourTurn(AccountGame),
    GameFinished(AccountGame),
    GameCancelled {
        id: Uuid,
        kind: GameKind,
    },
    /// A quick-match ticket of the account was matched into this game.
    MatchFound {
        ticket: Uuid,
        game: Uuid,
        kind: GameKind,
    },
    /// One of the account's webhook endpoints was disabled.
    WebhookDisabled {
        endpoint: Uuid,
    },
    /// A seat of an open game is reserved for the account.
    Invited {
        id: Uuid,
        kind: GameKind,
        seat: Seat,
        invited_by: String,
        expires_at: i64,
    },
}

impl AccountGame {
    pub fn of(record: &GameRecord, account: Uuid) -> Option<Self> {
        let seat = seat_of(record, account)?;
        let state = record.state.as_ref();
        Some(Self {
            id: record.id,
            kind: record.kind,
            status: record.status,
            version: record.version,
            revision: record.revision,
            seat,
            to_act: record.status == GameStatus::Active
                && state.is_some_and(|state| state.to_act().contains(&seat)),
            deadline_at: state.and_then(|state| state.deadline()),
            outcome: state.and_then(|state| state.outcome()),
        })
    }
}

impl GameService {
    /// The open and active games `account` sits in.
    pub fn account_games(&self, account: Uuid) -> Result<Vec<AccountGame>, ApiError> {
        let mut games = Vec::new();
        for status in [GameStatus::Open, GameStatus::Active] {
            let page = self.db.list_games(&GameFilter {
                status: Some(status),
                member: Some(account),
                limit: i64::MAX,
                ..GameFilter::default()
            })?;
            for listed in page.games {
                // Listings carry no state: who is to act needs the game itself.
                let record = match status {
                    GameStatus::Open => listed,
                    _ => match self.db.game(listed.id) {
                        Ok(record) => record,
                        Err(persistence::Error::NotFound) => continue,
                        Err(error) => return Err(error.into()),
                    },
                };
                games.extend(AccountGame::of(&record, account));
            }
        }
        Ok(games)
    }

    /// `account`'s invitations to open games, not expired at `now`.
    pub fn pending_invitations(&self, account: Uuid, now: i64) -> Result<Vec<Notice>, ApiError> {
        Ok(self
            .db
            .invitations_of(account, now)?
            .into_iter()
            .map(|invitation| Notice::Invited {
                id: invitation.game_id,
                kind: invitation.kind,
                seat: invitation.seat,
                invited_by: invitation.invited_by_username,
                expires_at: invitation.expires_at,
            })
            .collect())
    }

    /// One game as `account` follows it now.
    pub fn account_game(&self, account: Uuid, id: Uuid) -> Result<Following, ApiError> {
        match self.db.game(id) {
            Ok(record) => {
                Ok(AccountGame::of(&record, account)
                    .map_or(Following::NotSeated, Following::Seated))
            }
            Err(persistence::Error::NotFound) => Ok(Following::Gone),
            Err(error) => Err(error.into()),
        }
    }

    /// Whether `seat` moved (secretly or not), or a deadline expired, in the inputs after
    /// revision `after` up to revision `until`: then a pending decision of `seat` at `until` is
    /// a new one, not the one it had at `after`. Only the seat's own inputs and public expiries
    /// count, so its account learns nothing of others' secret submissions.
    pub fn decided_between(
        &self,
        id: Uuid,
        seat: Seat,
        after: i64,
        until: i64,
    ) -> Result<bool, ApiError> {
        Ok(self
            .db
            .inputs_after_revision(id, after)?
            .iter()
            .filter(|entry| entry.seq <= until)
            .any(|entry| match &entry.input {
                Input::Move { seat: mover, .. } => *mover == seat,
                Input::Expire => true,
            }))
    }
}

impl GameService {
    /// The number of the stored notice a stream message tells, so the stream and the webhook
    /// carry the same one.
    pub fn notice_number(&self, account: Uuid, notice: &Notice) -> Result<Option<i64>, ApiError> {
        let (game, notice_type, version) = match notice {
            Notice::GameStarted(game) => (game.id, persistence::GAME_STARTED, game.version),
            Notice::YourTurn(game) => (game.id, persistence::YOUR_TURN, game.version),
            Notice::GameFinished(game) => (game.id, persistence::GAME_FINISHED, game.version),
            Notice::GameCancelled { id, .. } => (*id, persistence::GAME_CANCELLED, i64::MAX),
            // Told on the stream only (webhooks carry game notices).
            Notice::MatchFound { .. } | Notice::WebhookDisabled { .. } | Notice::Invited { .. } => {
                return Ok(None);
            }
        };
        Ok(self.db.notice_number(account, game, notice_type, version)?)
    }
}

/// The invitation `record` (an open game) holds for `account` at `now`, as a notice.
pub fn invitation_in(record: &GameRecord, account: Uuid, now: i64) -> Option<Notice> {
    if record.status != GameStatus::Open {
        return None;
    }
    let invitation = record
        .invitations
        .iter()
        .find(|invitation| invitation.account_id == account && invitation.expires_at > now)?;
    let invited_by = record
        .seats
        .iter()
        .find(|seat| seat.account_id == record.created_by)
        .map(|seat| seat.username.clone())
        .unwrap_or_default();
    Some(Notice::Invited {
        id: record.id,
        kind: record.kind,
        seat: invitation.seat,
        invited_by,
        expires_at: invitation.expires_at,
    })
}

/// The notices between reading `before` and reading `now` of one game. `new_decision` says
/// whether the account's seat decided (or a deadline expired) in between; it matters only when
/// the seat is to act in both readings.
pub fn notices(before: Option<&AccountGame>, now: &Following, new_decision: bool) -> Vec<Notice> {
    let game = match now {
        Following::Seated(game) => game,
        Following::Gone => {
            return before
                .filter(|game| game.status == GameStatus::Open)
                .map(|game| Notice::GameCancelled {
                    id: game.id,
                    kind: game.kind,
                })
                .into_iter()
                .collect();
        }
        Following::NotSeated => return Vec::new(),
    };
    let was = before.map(|game| game.status);
    let mut notices = Vec::new();
    if game.status != GameStatus::Open && matches!(was, None | Some(GameStatus::Open)) {
        notices.push(Notice::GameStarted(game.clone()));
    }
    match game.status {
        GameStatus::Finished if was != Some(GameStatus::Finished) => {
            notices.push(Notice::GameFinished(game.clone()));
        }
        GameStatus::Active if game.to_act => {
            let had_it = before.is_some_and(|before| before.to_act) && !new_decision;
            if !had_it || was != Some(GameStatus::Active) {
                notices.push(Notice::YourTurn(game.clone()));
            }
        }
        _ => {}
    }
    notices
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(status: GameStatus, version: i64, to_act: bool) -> AccountGame {
        AccountGame {
            id: Uuid::nil(),
            kind: GameKind::TradeOrDuel,
            status,
            version,
            revision: version,
            seat: Seat(1),
            to_act,
            deadline_at: None,
            outcome: None,
        }
    }

    fn names(notices: &[Notice]) -> Vec<&'static str> {
        notices
            .iter()
            .map(|notice| match notice {
                Notice::GameStarted(_) => "started",
                Notice::YourTurn(_) => "turn",
                Notice::GameFinished(_) => "finished",
                Notice::GameCancelled { .. } => "cancelled",
                Notice::MatchFound { .. } => "match_found",
                Notice::WebhookDisabled { .. } => "disabled",
                Notice::Invited { .. } => "invited",
            })
            .collect()
    }

    #[test]
    fn a_start_is_told_with_the_turn_when_the_seat_acts_first() {
        let open = game(GameStatus::Open, 0, false);
        let started = Following::Seated(game(GameStatus::Active, 0, true));
        assert_eq!(
            names(&notices(Some(&open), &started, false)),
            ["started", "turn"]
        );
        let started = Following::Seated(game(GameStatus::Active, 0, false));
        assert_eq!(names(&notices(Some(&open), &started, false)), ["started"]);
    }

    #[test]
    fn a_turn_is_told_once_per_decision() {
        let waiting = game(GameStatus::Active, 3, false);
        let to_act = game(GameStatus::Active, 4, true);
        let now = Following::Seated(to_act.clone());
        assert_eq!(names(&notices(Some(&waiting), &now, false)), ["turn"]);
        // Others submitted in a simultaneous phase: still the same decision.
        let later = Following::Seated(game(GameStatus::Active, 5, true));
        assert!(notices(Some(&to_act), &later, false).is_empty());
        // The seat decided and is to act again (versions in between were missed): a new turn.
        assert_eq!(names(&notices(Some(&to_act), &later, true)), ["turn"]);
    }

    #[test]
    fn the_end_and_a_cancel_are_told_once() {
        let active = game(GameStatus::Active, 7, true);
        let finished = game(GameStatus::Finished, 8, false);
        let now = Following::Seated(finished.clone());
        assert_eq!(names(&notices(Some(&active), &now, true)), ["finished"]);
        assert!(notices(Some(&finished), &now, false).is_empty());
        let open = game(GameStatus::Open, 0, false);
        assert_eq!(
            names(&notices(Some(&open), &Following::Gone, false)),
            ["cancelled"]
        );
        assert!(notices(Some(&open), &Following::NotSeated, false).is_empty());
        assert!(notices(Some(&active), &Following::Gone, false).is_empty());
    }
}
