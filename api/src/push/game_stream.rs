//! A game's event stream for one caller: exactly the events `GET /v1/games/{id}/events` gives
//! the same caller, replayed from the database after the last one the client has, then live.

use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, Responder, ResponseError};
use actix_web_lab::sse;
use tokio::sync::mpsc;
use uuid::Uuid;

use super::feed::GameWatch;
use super::game_tail::{Batch, Freshness};
use super::hub::OpenStream;
use crate::error::ApiError;
use crate::service::session_liveness::SessionWatch;
use crate::service::{GameService, VisibleEvent, blocking};

/// Events read from the database at a time.
const PAGE: i64 = 500;

/// Why a stream stops sending.
pub(crate) enum End {
    /// The client went away, or fell too far behind (it reconnects and catches up).
    Client,
    /// The game's last event was sent, or the game is gone.
    Game,
    /// The database failed; the client reconnects and resumes.
    Failed(ApiError),
}

/// Opens the stream of `game` for `account`, from the events after `after`; a 429 when the
/// account has as many streams open as it may.
pub fn open(
    request: &HttpRequest,
    service: GameService,
    account: Uuid,
    session: Option<Uuid>,
    game: Uuid,
    after: i64,
) -> HttpResponse {
    let hub = service.hub().clone();
    let open = match hub.stream_opened(account) {
        Ok(open) => open,
        Err(error) => return error.error_response(),
    };
    let settings = hub.settings().clone();
    let (sender, receiver) = mpsc::channel(settings.stream_buffer);
    // Subscribed before the backlog is read: a commit in between wakes the stream, not lost.
    let watch = hub.feed().watch(game);
    // The stream ends with its session (a sign-out, on this process or another).
    let session = service.watch_session(session);
    tokio::spawn(run(
        service,
        account,
        game,
        after,
        (watch, session),
        sender,
        open,
    ));
    sse::Sse::from_infallible_receiver(receiver)
        .with_keep_alive(settings.keep_alive)
        .with_retry_duration(settings.reconnect_after)
        .respond_to(request)
        .map_into_boxed_body()
}

/// Where a stream is: its game and caller, and the last seq it sent.
struct Position {
    account: Uuid,
    game: Uuid,
    after: i64,
}

async fn run(
    service: GameService,
    account: Uuid,
    game: Uuid,
    after: i64,
    (mut watch, session): (GameWatch, SessionWatch),
    sender: mpsc::Sender<sse::Event>,
    _open: OpenStream,
) {
    let hub = service.hub().clone();
    let grace = hub.settings().slow_reader_grace;
    let recheck = hub.settings().keep_alive;
    let mut shutting_down = std::pin::pin!(hub.shutting_down());
    let mut position = Position {
        account,
        game,
        after,
    };
    let mut max_age = None;
    loop {
        let fresh = Freshness {
            generation: watch.seen(),
            max_age,
        };
        match catch_up(&service, &sender, &watch, &mut position, fresh, grace).await {
            Ok(()) => {}
            Err(End::Failed(error)) => {
                tracing::warn!(%game, code = error.code(), "a game stream stopped");
                return;
            }
            Err(End::Client | End::Game) => return,
        }
        tokio::select! {
            () = watch.changed() => max_age = None,
            // Now and then without a wake-up: covers a notification lost in a crash. The
            // game's streams share one such reading per period.
            () = tokio::time::sleep(recheck) => max_age = Some(recheck),
            () = sender.closed() => return,
            () = session.ended() => return,
            () = &mut shutting_down => {
                say_reconnect(&sender);
                return;
            }
        }
    }
}

/// Sends everything after the position: from the reading the game's streams share, or, for a
/// stream behind it, from its own reading of the backlog. `Err(End::Game)` once a finished
/// game's last event is sent.
async fn catch_up(
    service: &GameService,
    sender: &mpsc::Sender<sse::Event>,
    watch: &GameWatch,
    at: &mut Position,
    fresh: Freshness,
    grace: Duration,
) -> Result<(), End> {
    loop {
        let shared = watch
            .channel()
            .events_after(service, at.game, at.account, at.after, fresh)
            .await
            .map_err(End::Failed)?;
        match shared {
            Batch::Gone => return Err(End::Game),
            Batch::Events {
                messages,
                last_seq,
                finished,
            } => {
                for message in messages.iter() {
                    send(sender, message.clone(), grace).await?;
                }
                at.after = last_seq;
                return if finished { Err(End::Game) } else { Ok(()) };
            }
            Batch::Behind => {
                if !backlog_page(service, sender, at, grace).await? {
                    // Nothing after it after all: wait for the next wake-up.
                    return Ok(());
                }
            }
        }
    }
}

/// One page of a stream's own backlog, read from the database; whether it moved the stream on.
async fn backlog_page(
    service: &GameService,
    sender: &mpsc::Sender<sse::Event>,
    at: &mut Position,
    grace: Duration,
) -> Result<bool, End> {
    let (service, account, game, from) = (service.clone(), at.account, at.game, at.after);
    let read = blocking(move || service.events(account, game, from, PAGE, service.now())).await;
    let (_, events, last_seq) = match read {
        Ok(read) => read,
        // Cancelled while open: nothing more will come.
        Err(ApiError::NotFound { .. }) => return Err(End::Game),
        Err(error) => return Err(End::Failed(error)),
    };
    if last_seq == at.after {
        return Ok(false);
    }
    for event in events {
        send(sender, message(event), grace).await?;
    }
    at.after = last_seq;
    Ok(true)
}

/// Queues a message, waiting at most `grace` for room: a client whose buffer stays full that
/// long is disconnected, and catches up by reconnecting with `Last-Event-ID`. With no grace at
/// all, the buffer must have room at once (a test's way to cut a reader that is fast, but
/// not fast enough).
pub(crate) async fn send(
    sender: &mpsc::Sender<sse::Event>,
    message: sse::Event,
    grace: Duration,
) -> Result<(), End> {
    if grace.is_zero() {
        return sender.try_send(message).map_err(|error| {
            if matches!(error, mpsc::error::TrySendError::Full(_)) {
                tracing::info!("a stream client fell behind; disconnected");
            }
            End::Client
        });
    }
    match tokio::time::timeout(grace, sender.send(message)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(_)) => Err(End::Client),
        Err(_) => {
            tracing::info!("a stream client fell behind; disconnected");
            Err(End::Client)
        }
    }
}

/// The shutdown hint: the client reconnects (after the `retry:` sent at the start).
pub(crate) fn say_reconnect(sender: &mpsc::Sender<sse::Event>) {
    let _ = sender.try_send(sse::Event::Comment(
        "the server is shutting down; reconnect".into(),
    ));
}

/// One event as an SSE message: `id:` its seq, `event:` its type, data as in `/events`.
pub(crate) fn message(event: VisibleEvent) -> sse::Event {
    let entry = openapi::games::EventEntry {
        seq: event.seq,
        version: event.version,
        event: event.event.into(),
    };
    let json = serde_json::to_value(&entry).unwrap_or_default();
    let kind = json["event"]["type"].as_str().unwrap_or("event").to_owned();
    sse::Data::new(json.to_string())
        .id(entry.seq.to_string())
        .event(kind)
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_reader_whose_buffer_stays_full_is_disconnected() {
        let (sender, mut receiver) = mpsc::channel(2);
        let grace = Duration::from_millis(20);
        for _ in 0..2 {
            assert!(
                send(&sender, sse::Event::Comment("x".into()), grace)
                    .await
                    .is_ok()
            );
        }
        // Nobody reads: the third message finds the buffer full past the grace.
        assert!(matches!(
            send(&sender, sse::Event::Comment("x".into()), grace).await,
            Err(End::Client)
        ));
        // A reader that makes room in time is kept.
        // (It keeps the receiver: a dropped receiver would fail the send for another reason.)
        let reader = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(5)).await;
            let read = receiver.recv().await.is_some();
            tokio::time::sleep(Duration::from_millis(50)).await;
            (read, receiver)
        });
        let grace = Duration::from_millis(500);
        assert!(
            send(&sender, sse::Event::Comment("x".into()), grace)
                .await
                .is_ok()
        );
        assert!(reader.await.is_ok_and(|(read, _)| read));
    }

    #[tokio::test]
    async fn with_no_grace_a_full_buffer_is_a_cut_at_once() {
        let (sender, _receiver) = mpsc::channel(1);
        assert!(
            send(&sender, sse::Event::Comment("x".into()), Duration::ZERO)
                .await
                .is_ok()
        );
        assert!(matches!(
            send(&sender, sse::Event::Comment("x".into()), Duration::ZERO).await,
            Err(End::Client)
        ));
    }
}
