//! One change of one game as account streams hear it: what the change left the game as, read
//! at most once per process however many streams need it, and, for a commit of this process,
//! who decided in it.

use std::sync::Arc;

use domain::Seat;
use persistence::GameRecord;
use tokio::sync::OnceCell;
use uuid::Uuid;

use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// What a reading of the game found.
#[derive(Clone)]
pub enum Reading {
    Game(Arc<GameRecord>),
    /// The game is gone (an open game cancelled).
    Gone,
}

/// The inputs a commit of this process made, from the revision it started at to the
/// revision of its record: whose decision each closed.
#[derive(Clone, Debug, Default)]
pub struct Decided {
    /// The revision the commit was made on.
    pub after_revision: i64,
    /// The seats that moved, secretly or not.
    pub seats: Vec<Seat>,
    /// Whether a passed deadline was expired (it closes every pending decision).
    pub expired: bool,
}

pub struct Change {
    pub game: Uuid,
    pub version: i64,
    /// Set for a commit made in this process: the game as it left it, and who decided.
    committed: Option<(Arc<GameRecord>, Decided)>,
    read: OnceCell<Reading>,
}

impl Change {
    /// A change known by its game and version only: read on first need.
    pub fn announced(game: Uuid, version: i64) -> Self {
        Self {
            game,
            version,
            committed: None,
            read: OnceCell::new(),
        }
    }

    /// A commit of this process: nothing is read.
    pub fn committed(record: Arc<GameRecord>, decided: Decided) -> Self {
        Self {
            game: record.id,
            version: record.version,
            committed: Some((record, decided)),
            read: OnceCell::new(),
        }
    }

    /// Who decided in this change, when it is a commit of this process.
    pub fn decided(&self) -> Option<&Decided> {
        self.committed.as_ref().map(|(_, decided)| decided)
    }

    /// The game as this change left it (or later): from the commit, or read once for every
    /// stream that asks.
    pub async fn reading(&self, service: &GameService) -> Result<Reading, ApiError> {
        if let Some((record, _)) = &self.committed {
            return Ok(Reading::Game(Arc::clone(record)));
        }
        let game = self.game;
        self.read
            .get_or_try_init(|| {
                let service = service.clone();
                // Straight from the database: seats change before the start at one revision,
                // which a cached copy cannot tell apart.
                blocking(move || match service.database().game(game) {
                    Ok(record) => Ok(Reading::Game(Arc::new(record))),
                    Err(persistence::Error::NotFound) => Ok(Reading::Gone),
                    Err(error) => Err(error.into()),
                })
            })
            .await
            .cloned()
    }
}
