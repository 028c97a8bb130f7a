//! Weng-Lin ratings of finished games: a free-for-all by finishing place, or sides (teams)
//! ranked against each other, with shared places counted as ties.

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

/// A rating stays provisional until its player has finished this many rated games: before
/// that its uncertainty is too wide to rank it on a leaderboard.
pub const PROVISIONAL_GAMES: u32 = 10;

/// One player's skill in one game kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    pub rating: f64,
    pub uncertainty: f64,
    /// Rated games finished.
    pub games: u32,
}

impl Default for Skill {
    /// A newcomer: Weng-Lin's starting rating and uncertainty.
    fn default() -> Self {
        let start = WengLinRating::new();
        Self {
            rating: start.rating,
            uncertainty: start.uncertainty,
            games: 0,
        }
    }
}

impl Skill {
    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }
}

/// A player of a finished game, as the rating sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finisher {
    /// The skill before the game.
    pub skill: Skill,
    /// Which side the player was on: a team's index, or in a free-for-all an index of the
    /// player's own. Players with the same side win and lose together.
    pub side: usize,
    /// The finishing place, 1 the best; equal places are ties.
    pub place: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RatingError {
    #[error("a rated game needs at least two sides")]
    TooFewSides,
    #[error("the players of side {side} finished in different places")]
    SplitSide { side: usize },
    #[error("a rated game needs at least two different players")]
    TooFewPlayers,
}

/// The skills after a finished game, in the order of `finishers`; each player's `games`
/// grows by one.
pub fn rate(finishers: &[Finisher]) -> Result<Vec<Skill>, RatingError> {
    // Sides in the order they first appear, each with its members and its place.
    let mut sides: Vec<(usize, u8, Vec<usize>)> = Vec::new();
    for (index, finisher) in finishers.iter().enumerate() {
        match sides.iter_mut().find(|(side, ..)| *side == finisher.side) {
            Some((side, place, members)) => {
                if *place != finisher.place {
                    return Err(RatingError::SplitSide { side: *side });
                }
                members.push(index);
            }
            None => sides.push((finisher.side, finisher.place, vec![index])),
        }
    }
    if sides.len() < 2 {
        return Err(RatingError::TooFewSides);
    }
    let teams: Vec<Vec<WengLinRating>> = sides
        .iter()
        .map(|(_, _, members)| {
            members
                .iter()
                .map(|&index| WengLinRating {
                    rating: finishers[index].skill.rating,
                    uncertainty: finishers[index].skill.uncertainty,
                })
                .collect()
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&sides)
        .map(|(team, (_, place, _))| (team.as_slice(), MultiTeamOutcome::new(usize::from(*place))))
        .collect();
    let rated = weng_lin_multi_team(&ranked, &WengLinConfig::new());
    let mut after: Vec<Skill> = finishers.iter().map(|finisher| finisher.skill).collect();
    for ((_, _, members), team) in sides.iter().zip(rated) {
        for (&index, rating) in members.iter().zip(team) {
            after[index] = Skill {
                rating: rating.rating,
                uncertainty: rating.uncertainty,
                games: finishers[index].skill.games.saturating_add(1),
            };
        }
    }
    Ok(after)
}

#[cfg(test)]
mod tests;
