//! `GET /v1/me/export`: what is stored about the caller's account, secrets left out.

use domain::Input;
use openapi::accounts::Account;
use openapi::games::LoggedInput;
use openapi::me::{AccountExport, ExportedGame, ExportedStreamTicket};
use persistence::GameStatus;
use uuid::Uuid;

use super::GameService;
use super::render::{render_game, wire_status};
use crate::error::ApiError;

impl GameService {
    /// The account's export; `Unauthorized` when the account is gone.
    pub fn export_account(&self, account: Uuid) -> Result<AccountExport, ApiError> {
        let now = self.now();
        let profile = self
            .db
            .account(account)?
            .ok_or(ApiError::Unauthorized("the account no longer exists"))?;
        let stream_tickets = self
            .db
            .tickets_of(account, now)?
            .into_iter()
            .map(|ticket| ExportedStreamTicket {
                scope: ticket.scope,
                expires_at: ticket.expires_at,
            })
            .collect();
        let mut games = Vec::new();
        for held in self.db.seats_of_account(account)? {
            // Brought up to date first (a passed deadline expired, a full game started), as
            // every read of a game is.
            let record = self.current(held.game, now)?;
            let finished = record.status == GameStatus::Finished;
            let rendered = render_game(&record, account);
            let moves = if record.status == GameStatus::Open {
                Vec::new()
            } else {
                self.db
                    .inputs(held.game)?
                    .into_iter()
                    .filter_map(|entry| match entry.input {
                        // Its own moves: nothing in them is hidden from their author.
                        Input::Move { seat, mv } if seat == held.seat => Some(LoggedInput {
                            seq: entry.seq,
                            version: entry.version,
                            seat: Some(seat.0),
                            body: Some(mv.into()),
                            hidden: false,
                            expired: false,
                            now: entry.now,
                        }),
                        _ => None,
                    })
                    .collect()
            };
            games.push(ExportedGame {
                id: record.id,
                kind: record.kind.id().to_owned(),
                status: wire_status(record.status),
                players: record.players,
                seat: held.seat.0,
                created_by_you: record.created_by == account,
                joined_at: held.joined_at,
                created_at: record.created_at,
                started_at: record.started_at,
                finished_at: record.finished_at,
                outcome: rendered.outcome,
                final_view: rendered.view.filter(|_| finished),
                moves,
            });
        }
        Ok(AccountExport {
            account: Account {
                id: profile.id,
                username: profile.username,
                created_at: profile.created_at,
            },
            stream_tickets,
            games,
        })
    }
}
