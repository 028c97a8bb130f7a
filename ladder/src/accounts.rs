//! Rating a finished game by player rather than by seat. One player may hold several seats of
//! a game (two bots of one level are one bot account): each seat is rated as a finisher of its
//! own from the player's rating before the game, and the player then takes the mean of its
//! seats' results and counts the game once.

use crate::rating::{Finisher, RatingError, Skill, rate};

/// One seat of a finished game, as the ladder sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult<P> {
    /// Who held the seat.
    pub player: P,
    /// The seat's side: a team's index, or an index of the seat's own.
    pub side: usize,
    /// The finishing place, 1 the best; equal places are ties.
    pub place: u8,
}

/// The ratings after a finished game: each player once, in the order of first appearance in
/// `seats`, with its skill after the game. `before` gives each player's skill before it.
/// `TooFewPlayers` unless at least two different players took part: a game against oneself
/// says nothing about skill.
pub fn rate_players<P: PartialEq + Clone>(
    seats: &[SeatResult<P>],
    before: impl Fn(&P) -> Skill,
) -> Result<Vec<(P, Skill)>, RatingError> {
    let mut players: Vec<P> = Vec::new();
    for seat in seats {
        if !players.contains(&seat.player) {
            players.push(seat.player.clone());
        }
    }
    if players.len() < 2 {
        return Err(RatingError::TooFewPlayers);
    }
    let finishers: Vec<Finisher> = seats
        .iter()
        .map(|seat| Finisher {
            skill: before(&seat.player),
            side: seat.side,
            place: seat.place,
        })
        .collect();
    let after = rate(&finishers)?;
    Ok(players
        .into_iter()
        .map(|player| {
            let start = before(&player);
            let mine: Vec<&Skill> = seats
                .iter()
                .zip(&after)
                .filter(|(seat, _)| seat.player == player)
                .map(|(_, skill)| skill)
                .collect();
            // Summed in seat order and divided once: the same inputs give the same bits.
            let count = mine.len() as f64;
            let rating = mine.iter().map(|skill| skill.rating).sum::<f64>() / count;
            let uncertainty = mine.iter().map(|skill| skill.uncertainty).sum::<f64>() / count;
            let skill = Skill {
                rating,
                uncertainty,
                games: start.games.saturating_add(1),
            };
            (player, skill)
        })
        .collect())
}

#[cfg(test)]
mod tests;
