use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0 on the wire in every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// Who is looking at a game. A spectator sees only public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        }
    }

    /// Whether this viewer is the given seat.
    pub fn is(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}

/// Who submits a move: a seat of the game, or someone without a seat (rules answer `not_a_player`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Actor {
    Seat(Seat),
    Outsider,
}

impl Actor {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(seat) => Some(seat),
            Actor::Outsider => None,
        }
    }
}
