//! United tribes: the `teams` option (an array of arrays of seats), its checks and the scoring
//! units.

use serde::{Deserialize, Serialize};

use crate::{OptionValue, Seat, SetupError};

/// The validated teams: each sorted, ordered by lowest seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Teams(Vec<Vec<Seat>>);

impl Teams {
    /// Teams already validated (as a view lists them).
    pub(super) fn from_list(teams: Vec<Vec<Seat>>) -> Self {
        Self(teams)
    }

    pub fn list(&self) -> &[Vec<Seat>] {
        &self.0
    }

    /// 15 without teams, 50 for two teams of three, 30 for teams of two.
    pub fn default_target(&self) -> i64 {
        match self.0.first().map(Vec::len) {
            None => 15,
            Some(3) => 50,
            Some(_) => 30,
        }
    }

    /// Teams and solo players, each sorted, ordered by lowest seat.
    pub fn units(&self, players: u8) -> Vec<Vec<Seat>> {
        let mut units = self.0.clone();
        for seat in (0..players).map(Seat) {
            if !self.0.iter().any(|team| team.contains(&seat)) {
                units.push(vec![seat]);
            }
        }
        units.sort();
        units
    }
}

fn invalid(detail: &str) -> SetupError {
    SetupError::for_option("invalid_teams", "teams", detail)
}

/// Checks `teams` in the rules' order: teams_not_allowed, invalid_teams, teammates_adjacent.
pub fn parse(players: u8, value: Option<&OptionValue>) -> Result<Teams, SetupError> {
    let parsed = match value {
        None => Some(Vec::new()),
        Some(OptionValue::List(teams)) => parse_list(teams),
        Some(_) => None,
    };
    if parsed.as_ref().is_some_and(Vec::is_empty) {
        return Ok(Teams::default());
    }
    if players <= 3 {
        return Err(SetupError::for_option(
            "teams_not_allowed",
            "teams",
            "teams are only for 4 to 6 players",
        ));
    }
    let raw = parsed.ok_or_else(|| invalid("`teams` must be an array of arrays of seats"))?;
    let mut teams = Vec::with_capacity(raw.len());
    let mut seen = Vec::new();
    for team in &raw {
        let mut seats = Vec::with_capacity(team.len());
        for &seat in team {
            let seat = u8::try_from(seat)
                .ok()
                .filter(|seat| *seat < players)
                .ok_or_else(|| invalid("a team member is not a seat of this game"))?;
            if seen.contains(&seat) {
                return Err(invalid("a seat appears twice in `teams`"));
            }
            seen.push(seat);
            seats.push(Seat(seat));
        }
        seats.sort();
        teams.push(seats);
    }
    let pairs = teams.iter().all(|team| team.len() == 2);
    let two_triples = players == 6 && teams.len() == 2 && teams.iter().all(|team| team.len() == 3);
    if !pairs && !two_triples {
        return Err(invalid(
            "teams must all have 2 seats, or with 6 players be two teams of 3",
        ));
    }
    let n = i16::from(players);
    for team in &teams {
        for a in team {
            for b in team {
                let gap = (i16::from(a.0) - i16::from(b.0)).rem_euclid(n);
                if gap == 1 || gap == n - 1 {
                    return Err(SetupError::for_option(
                        "teammates_adjacent",
                        "teams",
                        format!("teammates {a} and {b} sit next to each other"),
                    ));
                }
            }
        }
    }
    teams.sort();
    Ok(Teams(teams))
}

/// An array of arrays of integers, or nothing when the value has any other shape.
fn parse_list(value: &[OptionValue]) -> Option<Vec<Vec<i64>>> {
    value
        .iter()
        .map(|team| match team {
            OptionValue::List(seats) => seats
                .iter()
                .map(|seat| match seat {
                    OptionValue::Int(seat) => Some(*seat),
                    _ => None,
                })
                .collect(),
            _ => None,
        })
        .collect()
}
