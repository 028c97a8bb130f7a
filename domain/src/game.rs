use serde::Serialize;
use serde::de::DeserializeOwned;

use rand_chacha::rand_core::Rng;

use crate::{
    Actor, GameRng, IllegalMove, MoveChoices, OptionMap, Outcome, Seat, SetupError, Viewer,
};

/// Seconds since the Unix epoch, as passed by the server. The domain never reads a clock.
pub type Timestamp = i64;

/// One entry of a game's input log: what was applied, in order, to reach the current state.
/// Replaying the log on a fresh game built from the same seed reproduces the state exactly.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
#[serde(bound(serialize = "M: Serialize", deserialize = "M: DeserializeOwned"))]
pub enum Input<M> {
    /// A move submitted by a seat (or refused for an outsider; refused moves are never logged).
    Move { seat: Seat, mv: M },
    /// The deadline of the pending decision(s) passed: the game applies its default moves.
    Expire,
}

/// The interface every game implements ("ask, then act").
///
/// A game is a value: it keeps its state, including its seeded RNG, in private fields and
/// serializes whole for storage. Everything a viewer may learn comes out through `view`,
/// `event_view`, `legal_moves` and the errors of `apply`, each built for one viewer.
pub trait Game: Sized + Clone + Serialize + DeserializeOwned {
    /// Validated options.
    type Options;
    /// An explicit deal or deck order for fixed-setup games (automated testing).
    type Setup;
    /// A move as a seat submits it (already parsed from the wire shape).
    type Move: Clone + Serialize + DeserializeOwned;
    /// Everything one viewer may see of the current state.
    type View;
    /// A log event as the game records it, with all restricted fields.
    type Event: Clone + Serialize + DeserializeOwned;
    /// A log event as one viewer may see it.
    type EventView;
    /// The legal moves of one seat: a list, or a typed description where a list is too long;
    /// either way it gives concrete moves.
    type LegalMoves: MoveChoices<Move = Self::Move>;

    /// Validates the options object for `players` seats, in the rules file's check order.
    fn parse_options(players: i64, options: &OptionMap) -> Result<Self::Options, SetupError>;

    /// Sets the game up at time `now`: from `rng`, or from `setup` when one is given.
    /// Returns the events of the start of play.
    fn new(
        options: Self::Options,
        rng: GameRng,
        setup: Option<Self::Setup>,
        now: Timestamp,
    ) -> Result<(Self, Vec<Self::Event>), SetupError>;

    /// The number of seats.
    fn players(&self) -> usize;

    /// The seats whose decision is pending now. More than one means a simultaneous decision:
    /// each choice stays hidden until all required choices are in.
    fn to_act(&self) -> Vec<Seat>;

    /// The moment the pending decision(s) expire, if the game has a deadline.
    fn deadline(&self) -> Option<Timestamp>;

    /// The legal moves of `seat` now.
    fn legal_moves(&self, seat: Seat) -> Self::LegalMoves;

    /// One of `seat`'s legal moves drawn uniformly, exactly as `legal_moves(seat).random(rng)`
    /// draws it from the same `rng`. A game may override it to skip writing out the moves it
    /// does not draw (random playouts call it for every move).
    fn random_legal_move(&self, seat: Seat, rng: &mut impl Rng) -> Option<Self::Move> {
        self.legal_moves(seat).random(rng)
    }

    /// Whether `seat`'s move `mv`, if accepted now, would be a secret submission to a
    /// simultaneous decision: a choice that stays hidden and leaves the decision open, so that
    /// others learn at most that `seat` has submitted. A move that completes the decision (the
    /// last submission, or anything in a phase where one seat acts) is not one.
    ///
    /// The server does not advance the public `version` for such a move, so seats deciding at
    /// the same time do not make each other's reads stale, and nobody can count submissions.
    fn is_secret_submission(&self, seat: Seat, mv: &Self::Move) -> bool;

    /// Applies a move, or refuses it leaving the state unchanged. A replaced secret submission
    /// records no event: others must not be able to tell how often a seat submitted.
    fn apply(
        &mut self,
        actor: Actor,
        mv: Self::Move,
        now: Timestamp,
    ) -> Result<Vec<Self::Event>, IllegalMove>;

    /// The move the rules make for `seat` when it misses a deadline, if it has a pending decision.
    fn default_move(&self, seat: Seat) -> Option<Self::Move>;

    /// Handles an expired deadline at `now` as the rules file says: applies the default move for
    /// every pending seat of the expired decision point. Refuses with `game_over`, `no_deadline`
    /// or `deadline_not_reached`.
    fn expire(&mut self, now: Timestamp) -> Result<Vec<Self::Event>, IllegalMove>;

    /// What `viewer` may see now (everything once the game is over).
    fn view(&self, viewer: Viewer) -> Self::View;

    /// What `viewer` may see of a recorded event, or nothing.
    fn event_view(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::EventView>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The sides that win and lose together (teams), each a list of seats; a seat in none
    /// plays for itself. Empty in a game without teams.
    fn teams(&self) -> Vec<Vec<Seat>> {
        Vec::new()
    }

    /// Whether `viewer` may see the content of `seat`'s move `mv`, made in this state, in the
    /// input log published once the game is over. Otherwise the log shows only that `seat`
    /// moved.
    fn logged_move_visible(&self, seat: Seat, mv: &Self::Move, viewer: Viewer) -> bool;

    /// Whether `viewer` may be given the seed (and an explicit setup) of this finished game:
    /// the seed rebuilds the deal, so a game withholds it from a viewer it would tell something
    /// the rules keep hidden even after the end.
    fn seed_visible(&self, viewer: Viewer) -> bool;
}

/// The one deadline mechanism for every game: while a deadline has passed, expire it.
/// Returns the inputs applied (each an [`Input::Expire`] at `now`) with their events.
pub fn advance<G: Game>(game: &mut G, now: Timestamp) -> Vec<Vec<G::Event>> {
    let mut applied = Vec::new();
    // A game's expiry always moves it on; the bound only guards against a rules bug looping.
    for _ in 0..10_000 {
        match game.deadline() {
            Some(deadline) if deadline <= now && game.outcome().is_none() => {
                match game.expire(now) {
                    Ok(events) => applied.push(events),
                    Err(_) => break,
                }
            }
            _ => break,
        }
    }
    applied
}

/// Test support for every game's random play: after `seat`'s accepted move that `before` called
/// a secret submission, the decision must still be open as it was, waiting for the same seats
/// less `seat`, with the same deadline.
#[cfg(test)]
pub(crate) fn assert_secret_submission_kept_the_decision<G: Game + std::fmt::Debug>(
    before: &G,
    after: &G,
    seat: Seat,
) {
    let waiting: Vec<Seat> = before
        .to_act()
        .into_iter()
        .filter(|other| *other != seat)
        .collect();
    assert!(
        !waiting.is_empty(),
        "a secret submission by {seat} closed the decision: {before:?}"
    );
    assert_eq!(after.to_act(), waiting, "after {seat}'s secret submission");
    assert_eq!(after.deadline(), before.deadline(), "the deadline moved");
    assert!(after.outcome().is_none(), "the game ended");
}
