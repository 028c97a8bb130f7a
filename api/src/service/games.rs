use std::sync::Arc;

use domain::{
    Actor, AnyEventView, AnyGame, AnyMove, GameKind, Input, OptionMap, Seat, Seed, Viewer,
};
use openapi::games::{CreateGame, GameQuery};
use openapi::kinds::option_value_from_json;
use openapi::unions::{parse_move, parse_setup};
use persistence::{
    Commit, CommittedInput, EventRecord, GameFilter, GamePage, GameRecord, GameStart, GameStatus,
    ListingKey, NewGame, NewIdempotencyKey,
};
use uuid::Uuid;

use super::GameService;
use crate::cache::Cached;
use crate::error::ApiError;
use crate::push::change::Decided;

/// How often a request retries after losing a race with another writer of the same game.
const RACE_RETRIES: usize = 8;

pub(super) fn unprocessable(code: &'static str, detail: impl Into<String>) -> ApiError {
    ApiError::Unprocessable {
        code,
        detail: detail.into(),
        option: None,
    }
}

pub(super) fn not_started() -> ApiError {
    ApiError::Conflict {
        code: "game_not_started",
        detail: "the game starts when every seat is taken".to_owned(),
    }
}

/// The game kind a request names, or 422 `unknown_kind`.
pub(super) fn kind_of(id: &str) -> Result<GameKind, ApiError> {
    GameKind::from_id(id).ok_or_else(|| {
        unprocessable(
            "unknown_kind",
            format!("`{id}` is not a game kind; see GET /v1/game-kinds"),
        )
    })
}

/// A request's options as the rules read them (the rules check them).
pub(super) fn options_of(options: serde_json::Map<String, serde_json::Value>) -> OptionMap {
    OptionMap(
        options
            .iter()
            .map(|(key, value)| (key.clone(), option_value_from_json(value)))
            .collect(),
    )
}

/// The seat `account` holds in `game`, if any.
pub fn seat_of(game: &GameRecord, account: Uuid) -> Option<Seat> {
    game.seats
        .iter()
        .find(|seat| seat.account_id == account)
        .map(|seat| seat.seat)
}

fn status_of(state: &AnyGame) -> GameStatus {
    if state.is_over() {
        GameStatus::Finished
    } else {
        GameStatus::Active
    }
}

/// One event for one viewer.
pub struct VisibleEvent {
    pub seq: i64,
    /// The public version after the input that produced the event.
    pub version: i64,
    pub event: AnyEventView,
}

impl VisibleEvent {
    /// A logged event as `viewer` may see it, or nothing: the one filter every reader of the
    /// log (the events page, the streams) goes through.
    pub fn of(state: &AnyGame, entry: &EventRecord, viewer: Viewer) -> Option<Self> {
        state
            .event_view(&entry.event, viewer)
            .map(|event| VisibleEvent {
                seq: entry.seq,
                version: entry.version,
                event,
            })
    }
}

/// The published record of a finished game as one viewer may see it.
pub struct PublishedLog {
    pub game: Arc<GameRecord>,
    /// Each input, and whether the viewer may see its content.
    pub inputs: Vec<(persistence::InputRecord, bool)>,
    /// Whether the viewer may be given the seed and the explicit setup.
    pub seed_visible: bool,
}

impl GameService {
    pub fn create_game(
        &self,
        creator: Uuid,
        request: CreateGame,
        now: i64,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<GameRecord, ApiError> {
        let kind = kind_of(&request.kind)?;
        let options = options_of(request.options.unwrap_or_default());
        let setup = request
            .setup
            .map(|setup| parse_setup(kind, setup))
            .transpose()
            .map_err(|error| ApiError::Malformed(format!("setup: {error}")))?;
        let fixed_setup = request.seed.is_some() || setup.is_some();
        let rated = super::ratings::rated_at_creation(request.rated, fixed_setup)?;
        let seed = match request.seed {
            Some(text) => client_seed(text).ok_or_else(|| {
                unprocessable(
                    "invalid_seed",
                    "a seed has 1 to 256 printable ASCII characters",
                )
            })?,
            None => Seed::from_bytes(rand::random()),
        };
        // Setting the game up once validates options, player count and setup in the rules'
        // order; the game is set up for real when its last seat is taken.
        AnyGame::create(kind, request.players, &options, &seed, setup.clone(), now)?;
        let players = u8::try_from(request.players)
            .map_err(|_| unprocessable("invalid_players", "unsupported number of players"))?;
        let bots = super::bot_seats::bots_at_creation(players, request.bots.unwrap_or_default())?;
        let invitations = self.invitations_at_creation(
            creator,
            (players, &bots),
            request.invite.unwrap_or_default(),
            request.invite_expires_in,
            now,
        )?;
        let game = NewGame {
            creator_seat: Seat(0),
            unlisted: request.visibility == Some(openapi::invites::Visibility::Unlisted),
            invite_code: super::invites::new_invite_code(),
            invitations,
            bots,
            id: Uuid::new_v4(),
            kind,
            players,
            options,
            seed,
            // The server's own randomness in the commitment: a seed the client chose may be
            // guessable, and while the nonce is secret no guess can be checked against it.
            seed_nonce: Some(hex::encode(rand::random::<[u8; 32]>())),
            setup,
            fixed_setup,
            rated,
            created_by: creator,
            created_at: now,
        };
        self.db.create_game(&game, key)?;
        self.hub.committed(game.id, 0);
        let record = self.db.game(game.id)?;
        self.start_if_full(record, now)
    }

    /// Takes the next seat; the join that takes the last seat starts the game in the same
    /// transaction (so its response, kept under an idempotency key, shows the started game).
    pub fn join_game(
        &self,
        account: Uuid,
        id: Uuid,
        now: i64,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<GameRecord, ApiError> {
        let before = self.db.game(id)?;
        // Bot seats count: the join that takes the last seat beside them starts the game.
        let taken = before.seats.len() + before.bots.len();
        let start = if before.status == GameStatus::Open && taken + 1 == usize::from(before.players)
        {
            Some(Self::start_of(&before, now)?)
        } else {
            None
        };
        let record = self.db.join_game(id, account, now, start.as_ref(), key)?;
        self.hub.committed(id, record.version);
        self.start_if_full(record, now)
    }

    /// The start of play of a game whose seats are all taken, at `now`.
    fn start_of(record: &GameRecord, now: i64) -> Result<GameStart, ApiError> {
        let (state, events) = AnyGame::create(
            record.kind,
            i64::from(record.players),
            &record.options,
            &record.seed,
            record.setup.clone(),
            now,
        )
        .map_err(|error| ApiError::Internal(format!("stored game does not set up: {error}")))?;
        Ok(GameStart {
            deadline_at: state.deadline(),
            state,
            events,
            started_at: now,
        })
    }

    /// The game brought up to date: started if every seat is taken, passed deadlines expired.
    /// Shared with the cache: a caller that changes it works on its own copy.
    pub fn current(&self, id: Uuid, now: i64) -> Result<Arc<GameRecord>, ApiError> {
        for _ in 0..RACE_RETRIES {
            let mut record = self.load(id)?;
            if ready_to_start(&record) {
                record = Arc::new(self.start_if_full(Arc::unwrap_or_clone(record), now)?);
            }
            if !deadline_passed(&record, now) {
                return Ok(record);
            }
            if let Some(record) = self.expire_due(Arc::unwrap_or_clone(record), now)? {
                return Ok(record);
            }
        }
        Err(ApiError::Unavailable(
            "the game kept changing under this request".to_owned(),
        ))
    }

    /// The stored game: from the cache when its revision is still the stored one (one indexed
    /// read), else read and decoded, and kept.
    fn load(&self, id: Uuid) -> Result<Arc<GameRecord>, ApiError> {
        let cache = self.hub.cache();
        if cache.holds(id) {
            let revision = self.db.revision(id).inspect_err(|error| {
                if matches!(error, persistence::Error::NotFound) {
                    cache.forget(id);
                }
            })?;
            if let Cached::Fresh(record) = cache.at_revision(id, revision) {
                self.metrics.cache_hit();
                return Ok(record);
            }
        }
        self.metrics.cache_miss();
        let record = Arc::new(self.db.game(id)?);
        cache.keep(&record);
        Ok(record)
    }

    /// The cached game if it is at `revision` (read just now by the caller) and nothing is to
    /// be done to bring it up to date; `None` sends the caller down the blocking path
    /// ([`GameService::current`]), which answers every other case.
    pub(super) fn cached_at(&self, id: Uuid, revision: i64, now: i64) -> Option<Arc<GameRecord>> {
        let Cached::Fresh(record) = self.hub.cache().at_revision(id, revision) else {
            return None;
        };
        if ready_to_start(&record) || deadline_passed(&record, now) {
            return None;
        }
        self.metrics.cache_hit();
        Some(record)
    }

    pub(super) fn start_if_full(
        &self,
        record: GameRecord,
        now: i64,
    ) -> Result<GameRecord, ApiError> {
        if !ready_to_start(&record) {
            return Ok(record);
        }
        let start = Self::start_of(&record, now)?;
        match self.db.start_game(record.id, &start) {
            Ok(()) => {
                self.hub.committed(record.id, 0);
                Ok(self.db.game(record.id)?)
            }
            // Another request started it first: same seed, same game.
            Err(persistence::Error::Conflict(_)) => Ok(self.db.game(record.id)?),
            Err(error) => Err(error.into()),
        }
    }

    /// Expires passed deadlines and commits them; `None` when another writer got there first.
    fn expire_due(
        &self,
        mut record: GameRecord,
        now: i64,
    ) -> Result<Option<Arc<GameRecord>>, ApiError> {
        if !deadline_passed(&record, now) {
            return Ok(Some(Arc::new(record)));
        }
        let Some(state) = record.state.as_mut() else {
            return Ok(Some(Arc::new(record)));
        };
        let lag = state.deadline().map_or(0, |deadline| now - deadline);
        let batches = state.advance(now);
        if batches.is_empty() {
            return Ok(Some(Arc::new(record)));
        }
        let expiries = batches.len();
        let inputs = batches
            .into_iter()
            .map(|events| CommittedInput {
                input: Input::Expire,
                now,
                events,
                // A passed deadline closes a decision: everyone sees that.
                secret: false,
            })
            .collect();
        let committed = self.commit(record, inputs, now, None)?;
        if committed.is_some() {
            for _ in 0..expiries {
                self.metrics.expiry_committed(lag);
            }
        }
        Ok(committed)
    }

    /// Writes the state in `record` with `inputs` on top of the revision `record` was loaded at;
    /// `None` when another writer committed first. The committed game is kept in the cache.
    pub(super) fn commit(
        &self,
        mut record: GameRecord,
        inputs: Vec<CommittedInput>,
        now: i64,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<Option<Arc<GameRecord>>, ApiError> {
        let Some(state) = record.state.take() else {
            return Err(not_started());
        };
        let commit = Commit {
            status: status_of(&state),
            deadline_at: state.deadline(),
            state,
            inputs,
            now,
            before: record.summary(),
        };
        let public_change = commit.inputs.iter().any(|input| !input.secret);
        let decided = decided(&record, &commit.inputs);
        match self.db.commit(record.id, record.versions(), &commit, key) {
            Ok(versions) => {
                record.revision = versions.revision;
                record.version = versions.version;
                if public_change {
                    record.updated_at = now;
                }
                let after = commit.after();
                record.status = after.status;
                record.deadline_at = after.deadline_at;
                record.to_act = after.to_act;
                if record.status == GameStatus::Finished && record.finished_at.is_none() {
                    record.finished_at = Some(now);
                }
                record.state = Some(commit.state);
                let record = Arc::new(record);
                self.hub.cache().keep(&record);
                self.hub.committed_inputs(&record, decided);
                Ok(Some(record))
            }
            Err(persistence::Error::Conflict("stale_version")) => {
                self.metrics.version_conflict();
                Ok(None)
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Applies `account`'s move made on `version` (the public version the caller read).
    ///
    /// The commit is a compare-and-swap on the revision. Losing it means another input was
    /// committed meanwhile: the game is read again and, if its public version is still the one
    /// the move was made on (the other input was a secret submission, which changed nothing the
    /// caller could see), the move is applied again. A public change makes the move stale.
    ///
    /// A cached game is tried first without reading its revision: if the move goes through
    /// on it, the swap proves the copy was current. Anything else (no cached game, one to
    /// bring up to date, a refusal, a lost swap) is decided again on the game read as usual,
    /// so no answer rests on a copy that may be stale.
    pub fn submit_move(
        &self,
        account: Uuid,
        id: Uuid,
        version: i64,
        body: serde_json::Value,
        now: i64,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<Arc<GameRecord>, ApiError> {
        // A copy at another version is stale, or the move is: the stored game decides which.
        if let Some(cached) = self.cached_unchecked(id, now)
            && cached.version == version
            && let Ok(Some(record)) = self.move_on(cached, account, version, &body, now, key)
        {
            return Ok(record);
        }
        for _ in 0..RACE_RETRIES {
            let current = self.current(id, now)?;
            if let Some(record) = self.move_on(current, account, version, &body, now, key)? {
                return Ok(record);
            }
        }
        Err(ApiError::Unavailable(
            "the game kept changing under this request".to_owned(),
        ))
    }

    /// The cached game at whatever revision it holds, unchecked; `None` when there is none or
    /// it needs bringing up to date (a start, a passed deadline).
    fn cached_unchecked(&self, id: Uuid, now: i64) -> Option<Arc<GameRecord>> {
        let record = self.hub.cache().latest(id)?;
        (!ready_to_start(&record) && !deadline_passed(&record, now)).then_some(record)
    }

    /// The move tried on `current` and committed on top of it; `None` when the swap was lost.
    fn move_on(
        &self,
        current: Arc<GameRecord>,
        account: Uuid,
        version: i64,
        body: &serde_json::Value,
        now: i64,
        key: Option<&NewIdempotencyKey>,
    ) -> Result<Option<Arc<GameRecord>>, ApiError> {
        let mv = parse_move(current.kind, body.clone())
            .map_err(|error| move_not_parsed(current.kind, body, &error))?;
        let seat = seat_of(&current, account);
        let Some(state) = current.state.as_ref() else {
            return Err(not_started());
        };
        let Some(seat) = seat else {
            // The rules decide what an outsider is told (`game_over` or `not_a_player`).
            let refusal = state.clone().apply(Actor::Outsider, mv, now).err();
            return Err(refusal.map_or_else(
                || ApiError::Internal("a move without a seat was accepted".to_owned()),
                ApiError::from,
            ));
        };
        if version != current.version {
            self.metrics.version_conflict();
            return Err(ApiError::StaleVersion {
                made_on: version,
                current: current.version,
            });
        }
        // The cached game stays as it was: the move is tried on a copy.
        let mut record = Arc::unwrap_or_clone(current);
        let state = record.state.as_mut().ok_or_else(not_started)?;
        let input = seat_move(state, seat, mv, now)?;
        let committed = self.commit(record, vec![input], now, key)?;
        if committed.is_some() {
            self.metrics.move_committed();
        }
        Ok(committed)
    }

    /// The event log after `after`, as `account` may see it, and the last sequence number read.
    pub fn events(
        &self,
        account: Uuid,
        id: Uuid,
        after: i64,
        limit: i64,
        now: i64,
    ) -> Result<(Arc<GameRecord>, Vec<VisibleEvent>, i64), ApiError> {
        let record = self.current(id, now)?;
        let Some(state) = record.state.as_ref() else {
            return Ok((record, Vec::new(), after));
        };
        let viewer = super::render::viewer_of(&record, account);
        let entries = self.db.events(id, after, limit)?;
        // Continue after the last event read, even when the viewer may not see it.
        let last_seq = entries.last().map_or(after, |entry| entry.seq);
        let events = entries
            .iter()
            .filter_map(|entry| VisibleEvent::of(state, entry, viewer))
            .collect();
        Ok((record, events, last_seq))
    }

    /// The move log of a finished game as `account` may see it, with its seed unless the rules
    /// keep what the seed would reveal from this viewer. The log is replayed from the start to
    /// ask the rules, input by input, what the viewer may see of it.
    pub fn move_log(&self, account: Uuid, id: Uuid, now: i64) -> Result<PublishedLog, ApiError> {
        let game = self.current(id, now)?;
        let (GameStatus::Finished, Some(state)) = (game.status, game.state.as_ref()) else {
            return Err(ApiError::Conflict {
                code: "game_not_over",
                detail: "the move log and the seed are revealed when the game is over".to_owned(),
            });
        };
        let viewer = super::render::viewer_of(&game, account);
        let seed_visible = state.seed_visible(viewer);
        let inputs = self.db.inputs(id)?;
        let (start, _) = AnyGame::create(
            game.kind,
            i64::from(game.players),
            &game.options,
            &game.seed,
            game.setup.clone(),
            game.started_at.unwrap_or(game.created_at),
        )
        .map_err(|error| ApiError::Internal(format!("stored game does not set up: {error}")))?;
        let visible = start
            .published_log_visibility(inputs.iter().map(|entry| (&entry.input, entry.now)), viewer)
            .map_err(|error| ApiError::Internal(format!("stored log does not replay: {error}")))?;
        Ok(PublishedLog {
            game,
            inputs: inputs.into_iter().zip(visible).collect(),
            seed_visible,
        })
    }

    pub fn list_games(&self, account: Uuid, query: GameQuery) -> Result<GamePage, ApiError> {
        let kind = query
            .kind
            .map(|kind| {
                GameKind::from_id(&kind).ok_or_else(|| {
                    unprocessable("unknown_kind", format!("`{kind}` is not a game kind"))
                })
            })
            .transpose()?;
        let limit = query.limit.unwrap_or(20);
        if !(1..=100).contains(&limit) {
            return Err(unprocessable("invalid_page", "limit is 1 to 100"));
        }
        let after = query
            .cursor
            .as_deref()
            .map(|cursor| {
                parse_cursor(cursor).ok_or_else(|| {
                    unprocessable(
                        "invalid_page",
                        "the cursor is not one a listing gave as `next_cursor`",
                    )
                })
            })
            .transpose()?;
        let mine = query.mine.unwrap_or(false);
        let status = query.status.map(|status| match status {
            openapi::games::GameStatus::Open => GameStatus::Open,
            openapi::games::GameStatus::Active => GameStatus::Active,
            openapi::games::GameStatus::Finished => GameStatus::Finished,
        });
        let filter = GameFilter {
            kind,
            status,
            member: mine.then_some(account),
            // Open games are listed for joining: those the caller already sits in are under `mine`.
            not_member: (!mine && status == Some(GameStatus::Open)).then_some(account),
            limit,
            after,
            listed_only: true,
        };
        Ok(self.db.list_games(&filter)?)
    }

    /// Expires every passed deadline; returns how many games were brought up to date.
    ///
    /// Safe with several server processes: each pass first claims the due games it will expire
    /// (until `claim_until_ms`, by the system clock `now_ms`, or until the pass is done with
    /// them), and no other process's pass takes a claimed game meanwhile, so each due game is
    /// expired by one process (and each commit is a compare-and-swap besides). A game that fails for a reason retrying will not cure
    /// (its state cannot be read or rebuilt, its expiry cannot be stored, the rules refuse to
    /// expire its passed deadline) is set aside with the cause, so that it does not come first
    /// in every pass and hold up the deadlines of the others.
    pub fn tick(&self, now: i64, now_ms: i64, claim_until_ms: i64) -> Result<usize, ApiError> {
        let due = self
            .db
            .claim_due_games(now, now_ms, claim_until_ms, DUE_PER_PASS)?;
        let mut advanced = 0;
        for &id in &due {
            let cause = match self.current(id, now) {
                Ok(game) if still_due(&game, now) => {
                    "the rules refuse to expire its passed deadline".to_owned()
                }
                Ok(_) => {
                    advanced += 1;
                    continue;
                }
                Err(ApiError::Internal(cause)) => cause,
                Err(error) => {
                    tracing::warn!(%id, code = error.code(), %error, "tick could not advance a game");
                    continue;
                }
            };
            tracing::error!(%id, %cause, "game set aside: its deadline cannot be expired");
            self.metrics.game_set_aside();
            if let Err(error) = self.db.set_aside(id, now, &cause) {
                tracing::warn!(%id, %error, "could not set a failing game aside");
            }
        }
        // Unreleased claims run out by themselves.
        if let Err(error) = self.db.release_due_games(&due) {
            tracing::warn!(%error, "could not release the claims on due games");
        }
        Ok(advanced)
    }
}

/// The most due games one tick pass claims.
const DUE_PER_PASS: i64 = 100;

/// Whether `game`, just brought up to date, would still be listed as due: its stored deadline
/// (what the due list reads) or its rules' deadline has passed.
fn still_due(game: &GameRecord, now: i64) -> bool {
    game.status == GameStatus::Active
        && (game.deadline_at.is_some_and(|at| at <= now) || deadline_passed(game, now))
}

/// The `next_cursor` of a listing page: where it ended.
pub fn listing_cursor(key: ListingKey) -> String {
    format!("{}.{}", key.created_at, key.id.simple())
}

fn parse_cursor(cursor: &str) -> Option<ListingKey> {
    let (created_at, id) = cursor.split_once('.')?;
    Some(ListingKey {
        created_at: created_at.parse().ok()?,
        id: Uuid::try_parse(id).ok()?,
    })
}

/// `seat`'s move applied to `state`, as the input to commit (secret if the rules keep it so).
pub(super) fn seat_move(
    state: &mut AnyGame,
    seat: Seat,
    mv: AnyMove,
    now: i64,
) -> Result<CommittedInput, ApiError> {
    let secret = state.is_secret_submission(seat, &mv);
    let events = state.apply(Actor::Seat(seat), mv.clone(), now)?;
    Ok(CommittedInput {
        input: Input::Move { seat, mv },
        now,
        events,
        secret,
    })
}

/// Who decided in `inputs`, committed on top of `record`: what account streams need to tell a
/// new decision from the one a seat already had.
fn decided(record: &GameRecord, inputs: &[CommittedInput]) -> Decided {
    let mut decided = Decided {
        after_revision: record.revision,
        ..Decided::default()
    };
    for committed in inputs {
        match &committed.input {
            Input::Move { seat, .. } => decided.seats.push(*seat),
            Input::Expire => decided.expired = true,
        }
    }
    decided
}

/// Whether every seat of an open game is taken, so that it starts.
fn ready_to_start(record: &GameRecord) -> bool {
    let taken = record.seats.len() + record.bots.len();
    record.status == GameStatus::Open && taken >= usize::from(record.players)
}

/// Whether an active game has a deadline at or before `now`.
fn deadline_passed(record: &GameRecord, now: i64) -> bool {
    record.status == GameStatus::Active
        && record
            .state
            .as_ref()
            .and_then(AnyGame::deadline)
            .is_some_and(|at| at <= now)
}

/// A seed chosen by a client: printable ASCII (as the contract's pattern says, so that its
/// length in characters is its length in bytes), 1 to 256 of them.
fn client_seed(text: String) -> Option<Seed> {
    let printable = text.bytes().all(|byte| (b' '..=b'~').contains(&byte));
    printable.then(|| Seed::new(text)).flatten()
}

/// A move that is not one of `kind`'s. One that is exactly a move of another game is
/// well-formed (the contract admits it): 422 `move_kind_mismatch`, saying which game it belongs
/// to. Anything else does not parse: 400 `malformed`. "Exactly": it reads back as the same JSON,
/// since a game may parse loosely so that its rules can name what is wrong (Tricky Tribes reads
/// any object, an unknown `type` as its `unknown` move).
fn move_not_parsed(kind: GameKind, body: &serde_json::Value, error: &str) -> ApiError {
    let is_move_of = |other: GameKind| {
        parse_move(other, body.clone()).is_ok_and(|mv| {
            serde_json::to_value(openapi::unions::MoveBody::from(mv))
                .is_ok_and(|back| back == *body)
        })
    };
    let other = GameKind::ALL
        .iter()
        .copied()
        .filter(|other| *other != kind)
        .find(|other| is_move_of(*other));
    match other {
        Some(other) => ApiError::Unprocessable {
            code: "move_kind_mismatch",
            detail: format!(
                "this is a move of {}, and this game is {}",
                other.id(),
                kind.id()
            ),
            option: None,
        },
        None => ApiError::Malformed(format!("move: {error}")),
    }
}
