use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

pub use crate::create_game::CreateGame;
use crate::kinds::GameKindId;
use crate::unions::{GameEvent, GameView, LegalMoves, MoveBody, SetupBody};

/// The levels a server-side bot can be given; every level plays every game kind, seeing only
/// its seat's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Uniform over the legal moves.
    Random,
    /// Information Set Monte Carlo Tree Search over deals consistent with the seat's view; a
    /// decision takes at most about 150 ms of one core.
    Search,
}

/// A seat for a server-side bot, added to an open game by its creator.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotRequest {
    /// The seat; left out, the lowest free seat.
    #[schema(example = 2, minimum = 1, maximum = 8)]
    pub seat: Option<u8>,
    /// The bot's level.
    #[schema(value_type = BotLevel, example = "random")]
    pub level: String,
}

/// A seat played by a server-side bot. A bot sees only its seat's view.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct BotSeatInfo {
    #[schema(example = 2)]
    pub seat: u8,
    #[schema(value_type = BotLevel, example = "random")]
    pub level: String,
}

/// The lifecycle of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Waiting for seats to fill.
    Open,
    /// Being played.
    Active,
    /// Over: everything is revealed.
    Finished,
}

/// A seat and the account in it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SeatInfo {
    #[schema(example = 0)]
    pub seat: u8,
    /// A deleted account's seat shows an id of this game alone, which links it to nothing
    /// else.
    pub account_id: Uuid,
    /// `[deleted]` for a deleted account's seat.
    #[schema(example = "alice")]
    pub username: String,
    /// True when the account that held this seat was deleted.
    pub deleted: bool,
}

/// One seat's place in a finished game.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Placement {
    pub seat: u8,
    /// Competition ranking: 1 is best, ties share a place.
    pub place: u8,
}

/// How a finished game ended.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GameOutcome {
    pub ranking: Vec<Placement>,
    /// Empty when nobody won.
    pub winners: Vec<u8>,
}

impl From<domain::Outcome> for GameOutcome {
    fn from(outcome: domain::Outcome) -> Self {
        Self {
            ranking: outcome
                .ranking
                .into_iter()
                .map(|placement| Placement {
                    seat: placement.seat.0,
                    place: placement.place,
                })
                .collect(),
            winners: outcome.winners.into_iter().map(|seat| seat.0).collect(),
        }
    }
}

/// A game as the caller may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Game {
    pub id: Uuid,
    #[schema(value_type = GameKindId, example = "trade_or_duel")]
    pub kind: String,
    pub status: GameStatus,
    /// Advances with every change others can see: a move must name the version it was made
    /// on. A seat's secret submission in a simultaneous decision (submitting or replacing its
    /// choice while others still decide) does not advance it, so deciding seats do not make
    /// each other's reads stale and nobody can count submissions.
    pub version: i64,
    pub players: u8,
    /// The options as given at creation.
    #[schema(value_type = Object)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// True when the game was created with a fixed seed or an explicit setup: not a fair deal.
    pub fixed_setup: bool,
    /// True when the game counts for the players' ratings once it finishes.
    pub rated: bool,
    pub seats: Vec<SeatInfo>,
    /// The seats played by server-side bots.
    pub bots: Vec<BotSeatInfo>,
    /// The caller's seat, if the caller plays in this game.
    pub your_seat: Option<u8>,
    /// The seats whose decision is pending.
    pub to_act: Vec<u8>,
    /// Unix seconds at which the pending decision(s) expire, if the game has a deadline.
    pub deadline_at: Option<i64>,
    /// Published from creation so the deal can be checked at the end: SHA-256 (hex) of
    /// `seed_nonce` followed by the seed, as `commitment_scheme` says (games created before
    /// nonces: of the seed alone).
    pub seed_commitment: String,
    /// How `seed_commitment` was computed.
    pub commitment_scheme: CommitmentScheme,
    /// The seed, revealed once the game is finished, unless it would show the caller something
    /// the rules keep hidden from it (see `GET /v1/games/{id}/moves`).
    pub seed: Option<String>,
    /// The server's nonce in `seed_commitment`, revealed with the seed (null before, and for
    /// a game whose `commitment_scheme` is `sha256(seed)`).
    pub seed_nonce: Option<String>,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub outcome: Option<GameOutcome>,
    /// The game-specific view for the caller; absent until the game starts.
    pub view: Option<GameView>,
    /// Whether the game is listed (`GET /v1/games`) or reached only by its id or invite code.
    pub visibility: crate::invites::Visibility,
    /// The next game, once a player of this finished one asked for a rematch.
    pub rematch_id: Option<Uuid>,
}

/// How `seed_commitment` was computed from the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum CommitmentScheme {
    /// SHA-256 of the server's `seed_nonce` (64 lowercase hex digits) followed by the seed
    /// text, as lowercase hex. The nonce is revealed with the seed.
    #[serde(rename = "sha256(nonce||seed)")]
    Sha256NonceSeed,
    /// SHA-256 of the seed text, as lowercase hex: games created before nonces.
    #[serde(rename = "sha256(seed)")]
    Sha256Seed,
}

/// A game in a listing.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GameSummary {
    pub id: Uuid,
    #[schema(value_type = GameKindId)]
    pub kind: String,
    pub status: GameStatus,
    pub players: u8,
    pub fixed_setup: bool,
    /// True when the game counts for the players' ratings once it finishes.
    pub rated: bool,
    pub seats: Vec<SeatInfo>,
    /// The seats played by server-side bots.
    pub bots: Vec<BotSeatInfo>,
    pub created_at: i64,
    /// The seats whose decision is pending (what every viewer of the game sees).
    pub to_act: Vec<u8>,
    /// Unix seconds at which the pending decision(s) expire, if the game has a deadline.
    pub deadline_at: Option<i64>,
    /// The next game, once a player of this finished one asked for a rematch.
    pub rematch_id: Option<Uuid>,
}

/// One page of games.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct GamePage {
    pub games: Vec<GameSummary>,
    pub limit: i64,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// Filters and pagination for `GET /v1/games`.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct GameQuery {
    /// Only games of this kind (an id from `GET /v1/game-kinds`).
    #[param(value_type = Option<GameKindId>)]
    pub kind: Option<String>,
    /// Only games in this status.
    pub status: Option<GameStatus>,
    /// Only games the caller has a seat in.
    pub mine: Option<bool>,
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Where the previous page ended: its `next_cursor` (opaque). Absent for the first page.
    /// A page is read from there on, so paging stays as cheap on the last page as on the first
    /// and no game is skipped or repeated when new ones are created meanwhile.
    #[param(pattern = r"^-?[0-9]{1,18}\.[0-9a-f]{32}$")]
    pub cursor: Option<String>,
}

/// A move, made on a given version of the game.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The `version` of the game the move was made on.
    #[schema(example = 0)]
    pub version: i64,
    /// The move, in the game's JSON shape.
    #[serde(rename = "move")]
    #[schema(value_type = MoveBody)]
    pub body: serde_json::Value,
}

/// The caller's legal moves now. Its schema is one variant per game kind, told apart by `kind`
/// (`crate::legal_moves`): most games list their moves, where no field can say the game.
#[derive(Clone, Debug, Serialize)]
pub struct LegalMovesResponse {
    pub kind: String,
    pub version: i64,
    pub seat: u8,
    pub legal_moves: LegalMoves,
}

/// Query of `GET /v1/games/{id}/events`.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct EventQuery {
    /// Only events with a larger sequence number (default 0: from the start).
    #[param(minimum = 0)]
    pub after: Option<i64>,
    /// At most this many events, 1 to 1000 (default 1000).
    #[param(minimum = 1, maximum = 1000)]
    pub limit: Option<i64>,
}

/// One log event as the caller may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EventEntry {
    pub seq: i64,
    /// The game's `version` once the input that produced this event was applied (0: the start
    /// of play).
    pub version: i64,
    pub event: GameEvent,
}

/// The event log as the caller may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct EventPage {
    #[schema(value_type = GameKindId)]
    pub kind: String,
    pub events: Vec<EventEntry>,
    /// Pass as `after` to continue.
    pub last_seq: i64,
}

/// One accepted input of the move log.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LoggedInput {
    /// The input's place in the log, from 1: every input counts, secret submissions included.
    pub seq: i64,
    /// The game's `version` once this input was applied (a secret submission leaves it as it
    /// was).
    pub version: i64,
    /// The seat that moved; absent for a deadline expiry.
    pub seat: Option<u8>,
    /// The move; absent for a deadline expiry and when `hidden`.
    #[serde(rename = "move")]
    pub body: Option<MoveBody>,
    /// True when the rules keep this move's content from the caller even after the end
    /// (Trade or Duel: a card choice in a trade the caller was not a party to).
    pub hidden: bool,
    /// True when this input is the expiry of a deadline (the game applied its default moves).
    pub expired: bool,
    /// Unix seconds the server passed with this input.
    pub now: i64,
}

/// Everything needed to replay a finished game and check its deal.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MoveLog {
    #[schema(value_type = GameKindId)]
    pub kind: String,
    pub players: u8,
    #[schema(value_type = Object)]
    pub options: serde_json::Map<String, serde_json::Value>,
    /// The seed, which with `seed_nonce` gives `seed_commitment` as `commitment_scheme` says;
    /// null when it would show the caller something the rules keep hidden from it (Trade or
    /// Duel: the deal of a game with a trade the caller was not a party to).
    pub seed: Option<String>,
    pub seed_commitment: String,
    /// How `seed_commitment` was computed.
    pub commitment_scheme: CommitmentScheme,
    /// The server's nonce in `seed_commitment`; withheld whenever the seed is (and null for a
    /// game whose `commitment_scheme` is `sha256(seed)`).
    pub seed_nonce: Option<String>,
    /// The explicit setup of a fixed-setup game; withheld whenever the seed is.
    #[schema(value_type = Option<SetupBody>)]
    pub setup: Option<serde_json::Value>,
    /// The `now` the game was set up with.
    pub started_at: i64,
    pub inputs: Vec<LoggedInput>,
}

/// Liveness and database reachability.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Health {
    #[schema(example = "ok")]
    pub status: String,
    #[schema(example = "sqlite")]
    pub database: String,
}
