//! An account's stream: what needs it across all its games. It starts with a `your_turn` for
//! every game waiting on the account now, so a client that reconnects misses nothing to do;
//! then it follows the feed and tells starts, turns, ends and cancellations as they happen.
//! Each change comes with what it left the game as (from the commit, or read once for every
//! stream in the process), so following costs no reading of its own.

use std::collections::{HashMap, HashSet};

use actix_web::{HttpRequest, HttpResponse, Responder};
use actix_web_lab::sse;
use openapi::live::AccountEvent;
use persistence::GameStatus;
use tokio::sync::{broadcast, mpsc};
use uuid::Uuid;

use super::change::{Change, Reading};
use super::feed::AccountMessage;
use super::game_stream::{say_reconnect, send};
use super::hub::OpenStream;
use crate::error::ApiError;
use crate::service::session_liveness::SessionWatch;
use crate::service::{
    AccountGame, Following, GameService, Notice, blocking, invitation_in, notices,
};

/// Without any change, the account's games are re-read this many keep-alives apart.
const RECHECK_EVERY_KEEP_ALIVES: u32 = 6;

/// Opens the stream once the account's games have been read: a change the caller makes after
/// the response has started (a join, a cancel) is then always told. A 429 when the account
/// has as many streams open as it may.
pub async fn open(
    request: &HttpRequest,
    service: GameService,
    account: Uuid,
    session: Option<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let open = service.hub().stream_opened(account)?;
    let settings = service.hub().settings().clone();
    let (sender, receiver) = mpsc::channel(settings.stream_buffer);
    // Subscribed before the first reading, so no change falls between the two.
    let changes = service.hub().feed().subscribe_accounts();
    // The stream ends with its session (a sign-out, on this process or another).
    let session = service.watch_session(session);
    let mut follower = Follower {
        service,
        account,
        known: HashMap::new(),
        invited: HashSet::new(),
    };
    let told = follower.start().await?;
    tokio::spawn(run(follower, told, (changes, session), sender, open));
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
    /// The games whose invitation was told, each once.
    invited: HashSet<Uuid>,
}

async fn run(
    mut follower: Follower,
    mut told: Vec<Notice>,
    (mut changes, session): (broadcast::Receiver<AccountMessage>, SessionWatch),
    sender: mpsc::Sender<sse::Event>,
    _open: OpenStream,
) {
    let hub = follower.service.hub().clone();
    let grace = hub.settings().slow_reader_grace;
    let recheck = hub.settings().keep_alive * RECHECK_EVERY_KEEP_ALIVES;
    let mut shutting_down = std::pin::pin!(hub.shutting_down());
    loop {
        for notice in told.drain(..) {
            let number = follower.number(&notice).await;
            if send(&sender, message(notice, number), grace).await.is_err() {
                return;
            }
        }
        let reading = tokio::select! {
            change = changes.recv() => match change {
                Ok(AccountMessage::Changed(change)) => follower.changed(&change).await,
                Ok(AccountMessage::WebhookDisabled { account, endpoint }) => {
                    Ok(if account == follower.account {
                        vec![Notice::WebhookDisabled { endpoint }]
                    } else {
                        Vec::new()
                    })
                }
                Ok(AccountMessage::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
                    follower.resync().await
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            () = tokio::time::sleep(recheck) => follower.resync().await,
            () = sender.closed() => return,
            () = session.ended() => return,
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

/// Orders two readings of one game: a later input, or the start at the same revision.
fn rank(game: &AccountGame) -> (i64, u8) {
    let status = match game.status {
        GameStatus::Open => 0,
        GameStatus::Active => 1,
        GameStatus::Finished => 2,
    };
    (game.revision, status)
}

impl Follower {
    /// The stored notice number of what the stream is about to tell; `None` when there is
    /// none or it cannot be read (the message still goes out).
    async fn number(&self, notice: &Notice) -> Option<i64> {
        let (service, account, notice) = (self.service.clone(), self.account, notice.clone());
        blocking(move || service.notice_number(account, &notice))
            .await
            .ok()
            .flatten()
    }

    /// Reads the account's games; tells the turns waiting now.
    async fn start(&mut self) -> Result<Vec<Notice>, ApiError> {
        let (service, account) = (self.service.clone(), self.account);
        let games = blocking(move || service.account_games(account)).await?;
        let mut waiting: Vec<Notice> = games
            .iter()
            .filter(|game| game.to_act)
            .cloned()
            .map(Notice::YourTurn)
            .collect();
        let service = self.service.clone();
        let invitations =
            blocking(move || service.pending_invitations(account, service.now())).await?;
        for invitation in invitations {
            if let Notice::Invited { id, .. } = &invitation {
                self.invited.insert(*id);
            }
            waiting.push(invitation);
        }
        self.known = games.into_iter().map(|game| (game.id, game)).collect();
        Ok(waiting)
    }

    async fn changed(&mut self, change: &Change) -> Result<Vec<Notice>, ApiError> {
        // Seats change only before the start, at version 0: a later change of a game the
        // account is not known to sit in cannot concern it, and costs nothing.
        if !self.known.contains_key(&change.game) && change.version != 0 {
            return Ok(Vec::new());
        }
        let reading = change.reading(&self.service).await?;
        let mut told = Vec::new();
        // An invitation is made with its game, before the start (version 0).
        if let Reading::Game(record) = &reading
            && !self.invited.contains(&record.id)
            && let Some(invited) = invitation_in(record, self.account, self.service.now())
        {
            self.invited.insert(record.id);
            told.push(invited);
        }
        let now = match reading {
            Reading::Game(record) => AccountGame::of(&record, self.account)
                .map_or(Following::NotSeated, Following::Seated),
            Reading::Gone => Following::Gone,
        };
        told.extend(self.apply(change.game, now, change).await?);
        Ok(told)
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
            let (service, account) = (self.service.clone(), self.account);
            let now = blocking(move || service.account_game(account, id)).await?;
            told.extend(self.apply(id, now, &Change::announced(id, 0)).await?);
        }
        Ok(told)
    }

    /// What a reading `now` of `game` tells, made by `change`; the reading becomes the known
    /// one. A reading older than the known one (read by another stream before a later change)
    /// tells nothing.
    async fn apply(
        &mut self,
        game: Uuid,
        now: Following,
        change: &Change,
    ) -> Result<Vec<Notice>, ApiError> {
        let before = self.known.get(&game).cloned();
        if let (Some(before), Following::Seated(now)) = (&before, &now)
            && rank(now) < rank(before)
        {
            return Ok(Vec::new());
        }
        let new_decision = match (&before, &now) {
            (Some(before), Following::Seated(now))
                if before.to_act && now.to_act && now.revision > before.revision =>
            {
                self.decided(change, before, now).await?
            }
            _ => false,
        };
        let mut told = notices(before.as_ref(), &now, new_decision);
        if before.is_none()
            && let Following::Seated(seated) = &now
            && let Some(ticket) = self.matched_by(seated.id).await?
        {
            told.insert(
                0,
                Notice::MatchFound {
                    ticket,
                    game: seated.id,
                    kind: seated.kind,
                },
            );
        }
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

    /// The account's quick-match ticket that `game`, newly seen, was made for, if any.
    async fn matched_by(&self, game: Uuid) -> Result<Option<Uuid>, ApiError> {
        let (service, account) = (self.service.clone(), self.account);
        blocking(move || service.ticket_of_game(account, game)).await
    }

    /// Whether the seat decided (or a deadline expired) between the two readings: from the
    /// commit when it made exactly that step, else from the inputs in between.
    async fn decided(
        &self,
        change: &Change,
        before: &AccountGame,
        now: &AccountGame,
    ) -> Result<bool, ApiError> {
        if let Some(decided) = change.decided()
            && decided.after_revision == before.revision
        {
            return Ok(decided.expired || decided.seats.contains(&now.seat));
        }
        let service = self.service.clone();
        let (game, seat, after, until) = (now.id, now.seat, before.revision, now.revision);
        blocking(move || service.decided_between(game, seat, after, until)).await
    }
}

fn message(notice: Notice, number: Option<i64>) -> sse::Event {
    let event = numbered(AccountEvent::from(notice), number);
    let json = serde_json::to_value(&event).unwrap_or_default();
    let kind = json["type"].as_str().unwrap_or("notice").to_owned();
    sse::Data::new(json.to_string()).event(kind).into()
}

/// Sets the notice number of a message that carries one.
fn numbered(mut event: AccountEvent, number: Option<i64>) -> AccountEvent {
    match &mut event {
        AccountEvent::GameStarted { notice, .. }
        | AccountEvent::YourTurn { notice, .. }
        | AccountEvent::GameFinished { notice, .. }
        | AccountEvent::GameCancelled { notice, .. } => *notice = number,
        AccountEvent::MatchFound { .. }
        | AccountEvent::WebhookDisabled { .. }
        | AccountEvent::Invited { .. } => {}
    }
    event
}

impl From<Notice> for AccountEvent {
    fn from(notice: Notice) -> Self {
        match notice {
            Notice::GameStarted(game) => AccountEvent::GameStarted {
                game_id: game.id,
                kind: game.kind.id().to_owned(),
                your_seat: game.seat.0,
                version: game.version,
                notice: None,
            },
            Notice::YourTurn(game) => AccountEvent::YourTurn {
                game_id: game.id,
                kind: game.kind.id().to_owned(),
                your_seat: game.seat.0,
                version: game.version,
                deadline_at: game.deadline_at,
                notice: None,
            },
            Notice::GameFinished(game) => AccountEvent::GameFinished {
                game_id: game.id,
                kind: game.kind.id().to_owned(),
                your_seat: game.seat.0,
                outcome: game.outcome.map(Into::into),
                notice: None,
            },
            Notice::GameCancelled { id, kind } => AccountEvent::GameCancelled {
                game_id: id,
                kind: kind.id().to_owned(),
                notice: None,
            },
            Notice::WebhookDisabled { endpoint } => AccountEvent::WebhookDisabled {
                endpoint_id: endpoint,
            },
            Notice::MatchFound { ticket, game, kind } => AccountEvent::MatchFound {
                ticket_id: ticket,
                game_id: game,
                kind: kind.id().to_owned(),
            },
            Notice::Invited {
                id,
                kind,
                seat,
                invited_by,
                expires_at,
            } => AccountEvent::Invited {
                game_id: id,
                kind: kind.id().to_owned(),
                seat: seat.0,
                invited_by,
                expires_at,
            },
        }
    }
}

#[cfg(test)]
#[path = "account_stream_tests.rs"]
mod tests;
