//! Ratings as clients see them: a profile per account, a leaderboard per game kind, and the
//! `rated` choice at creation. The numbers are written where games finish (persistence's
//! ratings module) and computed by the pure `ladder` crate.

use domain::GameKind;
use ladder::Skill;
use openapi::ratings::{
    AccountProfile, KindRating, Leaderboard, LeaderboardEntry, LeaderboardQuery,
};
use persistence::LeaderboardKey;
use uuid::Uuid;

use super::GameService;
use super::games::unprocessable;
use crate::error::ApiError;

/// Whether a game being created is rated: as asked, by default yes; a fixed seed or setup is
/// not a fair deal, so such a game is never rated, and asking for both is refused.
pub(super) fn rated_at_creation(
    requested: Option<bool>,
    fixed_setup: bool,
) -> Result<bool, ApiError> {
    match (requested, fixed_setup) {
        (Some(true), true) => Err(unprocessable(
            "rated_fixed_setup",
            "a game with a fixed seed or setup cannot be rated",
        )),
        (_, true) => Ok(false),
        (requested, false) => Ok(requested.unwrap_or(true)),
    }
}

/// Names starting with `bot-` (in any case) belong to the bots' accounts: a person may not
/// register one, so that nobody passes for a bot or takes a future level's name.
pub(super) fn check_not_reserved(username: &str) -> Result<(), ApiError> {
    let reserved = username
        .get(..persistence::BOT_USERNAME_PREFIX.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(persistence::BOT_USERNAME_PREFIX));
    if reserved {
        return Err(unprocessable(
            "username_reserved",
            "usernames starting with `bot-` belong to the server's bots",
        ));
    }
    Ok(())
}

/// A rating on the wire; provisional below `provisional_games` rated games.
pub fn rating_of(kind: GameKind, skill: Skill, provisional_games: u32) -> KindRating {
    KindRating {
        kind: kind.id().to_owned(),
        rating: skill.rating,
        uncertainty: skill.uncertainty,
        games: skill.games,
        provisional: skill.games < provisional_games,
    }
}

/// The `next_cursor` of a leaderboard page: the exact bits of the last rating, and its
/// account.
pub fn leaderboard_cursor(key: LeaderboardKey) -> String {
    format!("{:016x}.{}", key.rating.to_bits(), key.account_id.simple())
}

fn parse_cursor(cursor: &str) -> Option<LeaderboardKey> {
    let (bits, id) = cursor.split_once('.')?;
    if bits.len() != 16 {
        return None;
    }
    let rating = f64::from_bits(u64::from_str_radix(bits, 16).ok()?);
    Some(LeaderboardKey {
        rating: Some(rating).filter(|rating| rating.is_finite())?,
        account_id: Uuid::try_parse(id).ok()?,
    })
}

impl GameService {
    /// Rated games a player must finish before its rating stops being provisional and it is
    /// listed on the leaderboards.
    pub fn provisional_games(&self) -> u32 {
        self.provisional_games
    }

    /// The public profile of `username`: its ratings in every kind. `account_not_found` if
    /// there is no such account.
    pub fn profile(&self, username: &str) -> Result<AccountProfile, ApiError> {
        let account = self
            .db
            .rated_account(username)?
            .ok_or_else(|| ApiError::NotFound {
                code: "account_not_found",
                detail: "no account has this username".to_owned(),
            })?;
        let ratings = GameKind::ALL
            .iter()
            .map(|&kind| {
                let skill = account
                    .ratings
                    .iter()
                    .find(|(rated, _)| *rated == kind)
                    .map_or_else(Skill::default, |(_, skill)| *skill);
                rating_of(kind, skill, self.provisional_games)
            })
            .collect();
        Ok(AccountProfile {
            id: account.id,
            username: account.username,
            bot: account.bot,
            created_at: account.created_at,
            ratings,
        })
    }

    /// One page of the leaderboard of `kind`: players past their provisional games, best
    /// first, ties by account id.
    pub fn leaderboard(
        &self,
        kind: &str,
        query: &LeaderboardQuery,
    ) -> Result<Leaderboard, ApiError> {
        let kind = GameKind::from_id(kind).ok_or_else(|| ApiError::NotFound {
            code: "unknown_kind",
            detail: format!("`{kind}` is not a game kind; see GET /v1/game-kinds"),
        })?;
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
                        "the cursor is not one a leaderboard gave as `next_cursor`",
                    )
                })
            })
            .transpose()?;
        let page = self
            .db
            .leaderboard(kind, self.provisional_games, limit, after)?;
        Ok(Leaderboard {
            kind: kind.id().to_owned(),
            entries: page
                .entries
                .into_iter()
                .map(|entry| LeaderboardEntry {
                    account_id: entry.account_id,
                    username: entry.username,
                    bot: entry.bot,
                    rating: entry.skill.rating,
                    uncertainty: entry.skill.uncertainty,
                    games: entry.skill.games,
                })
                .collect(),
            limit,
            next_cursor: page.next.map(leaderboard_cursor),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_to_the_same_bits() {
        let key = LeaderboardKey {
            rating: 25.0 / 3.0 + 1e-12,
            account_id: Uuid::new_v4(),
        };
        let back = parse_cursor(&leaderboard_cursor(key)).expect("a cursor it made");
        assert_eq!(back.rating.to_bits(), key.rating.to_bits());
        assert_eq!(back.account_id, key.account_id);
        assert!(parse_cursor("7ff8000000000000.00000000000000000000000000000000").is_none());
        assert!(parse_cursor("zz.1").is_none());
    }

    #[test]
    fn a_fixed_setup_is_never_rated() {
        assert!(matches!(rated_at_creation(None, false), Ok(true)));
        assert!(matches!(rated_at_creation(Some(false), false), Ok(false)));
        assert!(matches!(rated_at_creation(None, true), Ok(false)));
        assert!(matches!(rated_at_creation(Some(false), true), Ok(false)));
        assert!(rated_at_creation(Some(true), true).is_err());
    }
}
