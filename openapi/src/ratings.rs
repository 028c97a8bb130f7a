//! Ratings on the wire: an account's public profile and the leaderboards.
//!
//! The scale is Weng-Lin's own: `rating` is the estimated skill (mu), starting at 25, and
//! `uncertainty` its standard deviation (sigma), starting at 25/3 and shrinking with every
//! rated game. A rating is `provisional` until its player has finished enough rated games;
//! leaderboards list only ratings that are not.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// An account's rating in one game kind (the initial one until it plays a rated game).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct KindRating {
    #[schema(value_type = crate::kinds::GameKindId, example = "intrigue")]
    pub kind: String,
    /// The estimated skill (Weng-Lin's mu); a newcomer starts at 25.
    #[schema(example = 27.41)]
    pub rating: f64,
    /// How unsure the estimate is (Weng-Lin's sigma, a standard deviation); a newcomer starts
    /// at 25/3 ≈ 8.33, and it shrinks as rated games are played.
    #[schema(example = 6.02)]
    pub uncertainty: f64,
    /// Rated games finished in this kind.
    #[schema(example = 4)]
    pub games: u32,
    /// True while fewer rated games are finished than a leaderboard requires.
    pub provisional: bool,
}

/// An account as everyone may see it: its name and its ratings, one per game kind.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AccountProfile {
    pub id: Uuid,
    #[schema(example = "alice")]
    pub username: String,
    /// True for the account of a server-side bot level (`bot-random`, `bot-search`): it plays
    /// every bot seat of that level and cannot log in.
    pub bot: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// Every game kind, in the order of `GET /v1/game-kinds`.
    pub ratings: Vec<KindRating>,
}

/// One ranked player.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct LeaderboardEntry {
    pub account_id: Uuid,
    #[schema(example = "alice")]
    pub username: String,
    /// True for a bot level's account.
    pub bot: bool,
    #[schema(example = 31.7)]
    pub rating: f64,
    #[schema(example = 2.9)]
    pub uncertainty: f64,
    #[schema(example = 42)]
    pub games: u32,
}

/// One page of a game kind's leaderboard: best rating first, ties by account id.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Leaderboard {
    #[schema(value_type = crate::kinds::GameKindId, example = "intrigue")]
    pub kind: String,
    pub entries: Vec<LeaderboardEntry>,
    pub limit: i64,
    /// Pass as `cursor` for the next page; null on the last page.
    pub next_cursor: Option<String>,
}

/// Pagination of a leaderboard.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardQuery {
    /// Page size, 1 to 100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Where the previous page ended: its `next_cursor` (opaque). Absent for the first page.
    #[param(pattern = r"^[0-9a-f]{16}\.[0-9a-f]{32}$")]
    pub cursor: Option<String>,
}
