//! An account's stream: what needs it across all its games. It starts with a `your_turn` for
//! every game waiting on the account now, so a client that reconnects misses nothing to do;
//! then it follows the feed and tells starts, turns, ends and cancellations as they happen.

use std::collections::HashMap;

use actix_web::{HttpRequest, HttpResponse, Responder};
use actix_web_lab::sse;
use openapi::live::AccountEvent;
use persistence::GameStatus;
use tokio::sync::{broadcast, mpsc};
use uuid::Uuid;

use super::feed::FeedMessage;
use super::game_stream::{say_reconnect, send};
use crate::error::ApiError;
use crate::service::{AccountGame, Following, GameService, Notice, blocking, notices};

/// Without any change, the account's games are re-read this many keep-alives apart.
const RECHECK_EVERY_KEEP_ALIVES: u32 = 6;

/// Opens the stream once the account's games have been read: a change the caller makes after
/// the response has started (a join, a cancel) is then always told.
pub async fn open(
    request: &HttpRequest,
    service: GameService,
    account: Uuid,
) -> Result<HttpResponse, ApiError> {
    let settings = service.hub().settings().clone();
    let (sender, receiver) = mpsc::channel(settings.stream_buffer);
    // Subscribed before the first reading, so no change falls between the two.
    let changes = service.hub().feed().subscribe();
    let mut follower = Follower {
        service,
        account,
        known: HashMap::new(),
    };
    let told = follower.start().await?;
    tokio::spawn(run(follower, told, changes, sender));
    Ok(sse::Sse::from_infallible_receiver(receiver)
        .with_keep_alive(settings.keep_alive)
        .with_retry_duration(settings.reconnect_after)
        .respond_to(request)
        .map_into_boxed_body())
}

/// The account's games as last read, and what to tell about them.
struct Follower {
    service: GameService,
    account: Uuid,
    known: HashMap<Uuid, AccountGame>,
}

async fn run(
    mut follower: Follower,
    mut told: Vec<Notice>,
    mut changes: broadcast::Receiver<FeedMessage>,
    sender: mpsc::Sender<sse::Event>,
) {
    let hub = follower.service.hub().clone();
    let _open = hub.stream_opened();
    let grace = hub.settings().slow_reader_grace;
    let recheck = hub.settings().keep_alive * RECHECK_EVERY_KEEP_ALIVES;
    let mut shutting_down = std::pin::pin!(hub.shutting_down());
    loop {
        for notice in told.drain(..) {
            if send(&sender, message(notice), grace).await.is_err() {
                return;
            }
        }
        let reading = tokio::select! {
            change = changes.recv() => match change {
                Ok(FeedMessage::Changed { game, version }) => follower.changed(game, version).await,
                Ok(FeedMessage::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    follower.resync().await
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            () = tokio::time::sleep(recheck) => follower.resync().await,
            () = sender.closed() => return,
            () = &mut shutting_down => return say_reconnect(&sender),
        };
        match reading {
            Ok(notices) => told = notices,
            Err(error) => return stopped(&error),
        }
    }
}

fn stopped(error: &ApiError) {
    tracing::warn!(code = error.code(), "an account stream stopped");
}

impl Follower {
    /// Reads the account's games; tells the turns waiting now.
    async fn start(&mut self) -> Result<Vec<Notice>, ApiError> {
        let (service, account) = (self.service.clone(), self.account);
        let games = blocking(move || service.account_games(account)).await?;
        let waiting = games
            .iter()
            .filter(|game| game.to_act)
            .cloned()
            .map(Notice::YourTurn)
            .collect();
        self.known = games.into_iter().map(|game| (game.id, game)).collect();
        Ok(waiting)
    }

    async fn changed(&mut self, game: Uuid, version: i64) -> Result<Vec<Notice>, ApiError> {
        // Seats change only before the start, at version 0: a later change of a game the
        // account is not known to sit in cannot concern it, and costs no reading.
        if !self.known.contains_key(&game) && version != 0 {
            return Ok(Vec::new());
        }
        self.reread(game).await
    }

    /// After missed changes: every known game again, and any game joined meanwhile.
    async fn resync(&mut self) -> Result<Vec<Notice>, ApiError> {
        let (service, account) = (self.service.clone(), self.account);
        let current = blocking(move || service.account_games(account)).await?;
        let mut told = Vec::new();
        let mut ids: Vec<Uuid> = self.known.keys().copied().collect();
        ids.extend(current.iter().map(|game| game.id));
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            told.extend(self.reread(id).await?);
        }
        Ok(told)
    }

    async fn reread(&mut self, game: Uuid) -> Result<Vec<Notice>, ApiError> {
        let (service, account) = (self.service.clone(), self.account);
        let before = self.known.get(&game).cloned();
        let reading = blocking(move || {
            let now = service.account_game(account, game)?;
            let new_decision = match (&before, &now) {
                (Some(before), Following::Seated(now))
                    if before.to_act && now.to_act && now.version > before.version =>
                {
                    service.decided_since(game, now.seat, before.version)?
                }
                _ => false,
            };
            Ok((notices(before.as_ref(), &now, new_decision), now))
        })
        .await?;
        let (told, now) = reading;
        match now {
            Following::Seated(now) if now.status != GameStatus::Finished => {
                self.known.insert(game, now);
            }
            _ => {
                self.known.remove(&game);
            }
        }
        Ok(told)
    }
}

fn message(notice: Notice) -> sse::Event {
    let event = AccountEvent::from(notice);
    let json = serde_json::to_value(&event).unwrap_or_default();
    let kind = json["type"].as_str().unwrap_or("notice").to_owned();
    sse::Data::new(json.to_string()).event(kind).into()
}

impl From<Notice> for AccountEvent {
    fn from(notice: Notice) -> Self {
        match notice {
            Notice::GameStarted(game) => AccountEvent::GameStarted {
                game_id: game.id,
                kind: game.kind.id().to_owned(),
                your_seat: game.seat.0,
                version: game.version,
            },
            Notice::YourTurn(game) => AccountEvent::YourTurn {
                game_id: game.id,
                kind: game.kind.id().to_owned(),
                your_seat: game.seat.0,
                version: game.version,
                deadline_at: game.deadline_at,
            },
            Notice::GameFinished(game) => AccountEvent::GameFinished {
                game_id: game.id,
                kind: game.kind.id().to_owned(),
                your_seat: game.seat.0,
                outcome: game.outcome.map(Into::into),
            },
            Notice::GameCancelled { id, kind } => AccountEvent::GameCancelled {
                game_id: id,
                kind: kind.id().to_owned(),
            },
        }
    }
}
