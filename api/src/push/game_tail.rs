//! The reading a game's streams share in one process: the game and its recent events, read once
//! per change (events after the last seq read) whatever the number of streams; each stream
//! filters the events for its own viewer, exactly as `GET /v1/games/{id}/events` does.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_web_lab::sse;
use domain::Viewer;
use persistence::{EventRecord, GameRecord, GameStatus};
use uuid::Uuid;

use super::feed::GameChannel;
use super::game_stream::message;
use crate::error::ApiError;
use crate::service::{GameService, VisibleEvent, blocking, viewer_of};

/// Events read from the database at a time.
const PAGE: i64 = 500;
/// Recent events kept: a stream further behind reads its own backlog from the database.
const KEPT_EVENTS: usize = 1024;

/// The last shared reading of one game.
#[derive(Default)]
pub struct Tail {
    /// The wake-ups announced before the last reading started (`None`: never read).
    read_generation: Option<u64>,
    read_at: Option<Instant>,
    /// `None` once the game is gone.
    record: Option<Arc<GameRecord>>,
    /// Every event after this seq is in `events`.
    covers_after: i64,
    events: VecDeque<EventRecord>,
    /// The messages already made from this reading, per viewer and position: the streams of
    /// one viewer at one position (after a change, nearly all of them) share one rendering.
    rendered: HashMap<(Viewer, i64), Rendered>,
}

/// Messages ready to send, shared by every stream they are for.
#[derive(Clone)]
struct Rendered {
    messages: Arc<Vec<sse::Event>>,
    last_seq: i64,
    finished: bool,
}

/// What a stream at some seq gets from the shared reading.
pub enum Batch {
    /// The events after its seq that its viewer may see, the last seq read, and whether the
    /// game is over (then nothing follows).
    Events {
        messages: Arc<Vec<sse::Event>>,
        last_seq: i64,
        finished: bool,
    },
    /// The stream is behind what is kept: it reads its backlog itself.
    Behind,
    /// The game is gone.
    Gone,
}

/// How recent the reading must be.
#[derive(Clone, Copy)]
pub struct Freshness {
    /// It must show every change announced up to this wake-up.
    pub generation: u64,
    /// And, when set, have started at most this long ago (a periodic re-check, which covers a
    /// notification lost between a commit and its announcement).
    pub max_age: Option<Duration>,
}

impl GameChannel {
    /// The events after `after` for `account`, from a reading of the game at least as fresh as
    /// asked; the first stream to ask reads, the others wait for its reading and share it.
    pub async fn events_after(
        &self,
        service: &GameService,
        game: Uuid,
        account: Uuid,
        after: i64,
        fresh: Freshness,
    ) -> Result<Batch, ApiError> {
        let mut tail = self.tail.lock().await;
        if tail.is_stale(fresh) {
            let generation = self.generation();
            let started = Instant::now();
            // The first reading starts where the first stream is.
            let from = if tail.read_generation.is_some() {
                tail.events
                    .back()
                    .map_or(tail.covers_after, |last| last.seq)
            } else {
                tail.covers_after = after;
                after
            };
            let service = service.clone();
            let (record, events) = blocking(move || read(&service, game, from)).await?;
            tail.record = record;
            tail.events.extend(events);
            while tail.events.len() > KEPT_EVENTS {
                if let Some(dropped) = tail.events.pop_front() {
                    tail.covers_after = dropped.seq;
                }
            }
            tail.read_generation = Some(generation);
            tail.read_at = Some(started);
            tail.rendered.clear();
        }
        Ok(tail.batch(account, after))
    }
}

impl Tail {
    fn is_stale(&self, fresh: Freshness) -> bool {
        let Some(generation) = self.read_generation else {
            return true;
        };
        generation < fresh.generation
            || fresh
                .max_age
                .zip(self.read_at)
                .is_some_and(|(max_age, at)| at.elapsed() > max_age)
    }

    fn batch(&mut self, account: Uuid, after: i64) -> Batch {
        let Some(record) = &self.record else {
            return Batch::Gone;
        };
        if after < self.covers_after {
            return Batch::Behind;
        }
        let viewer = viewer_of(record, account);
        if let Some(rendered) = self.rendered.get(&(viewer, after)) {
            return rendered.batch();
        }
        let last_seq = self.events.back().map_or(after, |last| last.seq).max(after);
        let messages = match record.state.as_ref() {
            Some(state) => self
                .events
                .iter()
                .filter(|entry| entry.seq > after)
                .filter_map(|entry| VisibleEvent::of(state, entry, viewer))
                .map(message)
                .collect(),
            None => Vec::new(),
        };
        let rendered = Rendered {
            messages: Arc::new(messages),
            last_seq,
            finished: record.status == GameStatus::Finished,
        };
        let batch = rendered.batch();
        self.rendered.insert((viewer, after), rendered);
        batch
    }
}

impl Rendered {
    fn batch(&self) -> Batch {
        Batch::Events {
            messages: Arc::clone(&self.messages),
            last_seq: self.last_seq,
            finished: self.finished,
        }
    }
}

/// The game, then every event after `from`: a game read as finished has all its events.
type Read = (Option<Arc<GameRecord>>, Vec<EventRecord>);

fn read(service: &GameService, game: Uuid, from: i64) -> Result<Read, ApiError> {
    let record = match service.current(game, service.now()) {
        Ok(record) => record,
        Err(ApiError::NotFound { .. }) => return Ok((None, Vec::new())),
        Err(error) => return Err(error),
    };
    let mut events: Vec<EventRecord> = Vec::new();
    if record.state.is_some() {
        let mut after = from;
        loop {
            let page = service.database().events(game, after, PAGE)?;
            let full = page.len() == usize::try_from(PAGE).unwrap_or(usize::MAX);
            after = page.last().map_or(after, |entry| entry.seq);
            events.extend(page);
            if !full {
                break;
            }
        }
    }
    Ok((Some(record), events))
}
