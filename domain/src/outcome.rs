use crate::Seat;

/// How a finished game ended: every seat's place (competition ranking, 1 is best; ties share a
/// place) and the winners (empty when nobody won).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub ranking: Vec<Placement>,
    pub winners: Vec<Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub seat: Seat,
    pub place: u8,
}
