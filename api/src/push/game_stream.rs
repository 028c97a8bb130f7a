//! A game's event stream for one caller: exactly the events `GET /v1/games/{id}/events` gives
//! the same caller, replayed from the database after the last one the client has, then live.

use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, Responder};
use actix_web_lab::sse;
use tokio::sync::mpsc;
use uuid::Uuid;

use super::feed::GameWatch;
use crate::error::ApiError;
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

/// Opens the stream of `game` for `account`, from the events after `after`.
pub fn open(
    request: &HttpRequest,
    service: GameService,
    account: Uuid,
    game: Uuid,
    after: i64,
) -> HttpResponse {
    let hub = service.hub().clone();
    let settings = hub.settings().clone();
    let (sender, receiver) = mpsc::channel(settings.stream_buffer);
    // Subscribed before the backlog is read: a commit in between wakes the stream, not lost.
    let watch = hub.feed().watch(game);
    tokio::spawn(run(service, account, game, after, watch, sender));
    sse::Sse::from_infallible_receiver(receiver)
        .with_keep_alive(settings.keep_alive)
        .with_retry_duration(settings.reconnect_after)
        .respond_to(request)
        .map_into_boxed_body()
}

async fn run(
    service: GameService,
    account: Uuid,
    game: Uuid,
    mut after: i64,
    mut watch: GameWatch,
    sender: mpsc::Sender<sse::Event>,
) {
    let hub = service.hub().clone();
    let _open = hub.stream_opened();
    let grace = hub.settings().slow_reader_grace;
    let recheck = hub.settings().keep_alive;
    let mut shutting_down = std::pin::pin!(hub.shutting_down());
    loop {
        match catch_up(&service, &sender, account, game, &mut after, grace).await {
            Ok(()) => {}
            Err(End::Failed(error)) => {
                tracing::warn!(%game, code = error.code(), "a game stream stopped");
                return;
            }
            Err(End::Client | End::Game) => return,
        }
        tokio::select! {
            () = watch.changed() => {}
            // Now and then without a wake-up: covers a notification lost in a crash.
            () = tokio::time::sleep(recheck) => {}
            () = sender.closed() => return,
            () = &mut shutting_down => {
                say_reconnect(&sender);
                return;
            }
        }
    }
}

/// Sends everything after `after`; `Err(End::Game)` once a finished game's last event is sent.
async fn catch_up(
    service: &GameService,
    sender: &mpsc::Sender<sse::Event>,
    account: Uuid,
    game: Uuid,
    after: &mut i64,
    grace: Duration,
) -> Result<(), End> {
    loop {
        let (service, from) = (service.clone(), *after);
        let read = blocking(move || service.events(account, game, from, PAGE, service.now())).await;
        let (record, events, last_seq) = match read {
            Ok(read) => read,
            // Cancelled while open: nothing more will come.
            Err(ApiError::NotFound { .. }) => return Err(End::Game),
            Err(error) => return Err(End::Failed(error)),
        };
        if last_seq == *after {
            return match record.status {
                persistence::GameStatus::Finished => Err(End::Game),
                _ => Ok(()),
            };
        }
        for event in events {
            send(sender, message(event), grace).await?;
        }
        *after = last_seq;
    }
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
fn message(event: VisibleEvent) -> sse::Event {
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
