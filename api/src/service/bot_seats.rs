//! Bot seats: given at creation or by the creator while the game is open; their moves go
//! through the same path as people's.

use std::sync::Arc;

use domain::{AnyMove, AnyView, Seat, Viewer};
use openapi::games::BotRequest;
use persistence::{BotSeat, GameRecord, GameStatus};
use uuid::Uuid;

use super::GameService;
use super::games::{seat_move, unprocessable};
use crate::bot_runner::check_level;
use crate::error::ApiError;

/// What a bot seat has to do now.
pub enum BotTurn {
    /// Decide on this version, from this view.
    Decide(Box<BotDecision>),
    /// Nothing to decide until the game changes.
    Wait,
    /// The game is over (or gone).
    Over,
}

/// What a bot decides from: its seat's view on one version, nothing else.
pub struct BotDecision {
    pub version: i64,
    pub view: AnyView,
}

/// Validates the bots asked for at creation: levels, and seats other than the creator's 0.
pub fn bots_at_creation(players: u8, requests: Vec<BotRequest>) -> Result<Vec<BotSeat>, ApiError> {
    let mut bots: Vec<BotSeat> = Vec::new();
    for request in requests {
        check_level(&request.level)?;
        let seat = request
            .seat
            .ok_or_else(|| unprocessable("invalid_bot_seat", "each bot names its seat"))?;
        if seat == 0 || seat >= players || bots.iter().any(|bot| bot.seat.0 == seat) {
            return Err(unprocessable(
                "invalid_bot_seat",
                format!(
                    "seat {seat} cannot be a bot's: seats 1 to {} once each",
                    players - 1
                ),
            ));
        }
        bots.push(BotSeat {
            seat: Seat(seat),
            level: request.level,
        });
    }
    Ok(bots)
}

impl GameService {
    /// The creator gives a free seat of an open game (or the lowest free one) to a bot.
    pub fn add_bot(
        &self,
        account: Uuid,
        id: Uuid,
        request: BotRequest,
        now: i64,
    ) -> Result<GameRecord, ApiError> {
        let record = self.db.game(id)?;
        if record.created_by != account {
            return Err(ApiError::Forbidden {
                code: "not_creator",
                detail: "only the game's creator can seat a bot".to_owned(),
            });
        }
        if record.status != GameStatus::Open {
            return Err(persistence::Error::Conflict("not_open").into());
        }
        check_level(&request.level)?;
        let record = self
            .db
            .add_bot(id, request.seat.map(Seat), &request.level, now)?;
        self.hub.committed(id, record.version);
        self.start_if_full(record, now)
    }

    /// What the bot in `seat` has to do now, from its seat's view only.
    pub fn bot_turn(&self, id: Uuid, seat: Seat, now: i64) -> Result<BotTurn, ApiError> {
        let record = match self.current(id, now) {
            Ok(record) => record,
            Err(ApiError::NotFound { .. }) => return Ok(BotTurn::Over),
            Err(error) => return Err(error),
        };
        let Some(state) = record.state.as_ref() else {
            return Ok(BotTurn::Wait);
        };
        if record.status == GameStatus::Finished {
            return Ok(BotTurn::Over);
        }
        if !state.to_act().contains(&seat) {
            return Ok(BotTurn::Wait);
        }
        Ok(BotTurn::Decide(Box::new(BotDecision {
            version: record.version,
            view: state.view(Viewer::Seat(seat)),
        })))
    }

    /// A bot's move, made on `version`: checked and committed like a person's.
    pub fn submit_bot_move(
        &self,
        id: Uuid,
        seat: Seat,
        version: i64,
        mv: AnyMove,
        now: i64,
    ) -> Result<(), ApiError> {
        let mut record = Arc::unwrap_or_clone(self.current(id, now)?);
        if !record.bots.iter().any(|bot| bot.seat == seat) {
            // A seat handed to a bot when its account was deleted does not advance the
            // revision, so this process may hold the game from before: read it again.
            self.hub.cache().forget(id);
            record = Arc::unwrap_or_clone(self.current(id, now)?);
        }
        if !record.bots.iter().any(|bot| bot.seat == seat) {
            return Err(ApiError::Internal(format!("{seat} is no bot's seat")));
        }
        if version != record.version {
            return Err(persistence::Error::Conflict("stale_version").into());
        }
        let state = record.state.as_mut().ok_or_else(|| {
            ApiError::Internal("a bot moved in a game that has not started".to_owned())
        })?;
        let input = seat_move(state, seat, mv, now)?;
        self.commit(record, vec![input], now, None)?
            .map(drop)
            .ok_or_else(|| persistence::Error::Conflict("stale_version").into())
    }
}
