//! The full state of a game and the queries every other part builds on.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::options::Options;
use super::records::{GameResult, SelectionRecord, TurnRecord};
use super::terms::{Orders, Phase, SEATS, Selection, Value, plays_left};
use crate::{GameRng, Seat, Timestamp};

/// A game of Tribute: everything, hidden parts included. Leaves only through views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tribute {
    pub(super) options: Options,
    // Tribute draws nothing at random; the RNG is kept so the stored state has the same shape
    // as every other game's and a future special could use it.
    pub(super) rng: GameRng,
    pub(super) phase: Phase,
    pub(super) started_at: Timestamp,
    pub(super) pending_selections: [Option<Selection>; SEATS],
    pub(super) pending_orders: [Option<Orders>; SEATS],
    /// Empty until the Selection phase closes (and always in Blind).
    pub(super) selections: Vec<SelectionRecord>,
    /// Standard game: the cards not yet played, sorted ascending.
    pub(super) hands: [Vec<Value>; SEATS],
    /// Blind: the remaining total `R`.
    pub(super) remaining: [i64; SEATS],
    pub(super) doubles_left: [u32; SEATS],
    pub(super) scores: [i64; SEATS],
    pub(super) turns: Vec<TurnRecord>,
    pub(super) result: Option<GameResult>,
}

impl Tribute {
    pub(super) fn start(options: Options, rng: GameRng, now: Timestamp) -> (Self, Vec<Event>) {
        let blind = options.blind();
        let doubles = if blind && options.specials() {
            options.max_doubles()
        } else {
            0
        };
        let game = Tribute {
            phase: if blind {
                Phase::Turn(1)
            } else {
                Phase::Selection
            },
            started_at: now,
            pending_selections: Default::default(),
            pending_orders: Default::default(),
            selections: Vec::new(),
            hands: Default::default(),
            remaining: [options.card_total(); SEATS],
            doubles_left: [doubles; SEATS],
            scores: [0; SEATS],
            turns: Vec::new(),
            result: None,
            rng,
            options,
        };
        let events = vec![game.phase_started()];
        (game, events)
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn scores(&self) -> [i64; SEATS] {
        self.scores
    }

    pub fn turns(&self) -> &[TurnRecord] {
        &self.turns
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub(super) fn is_open(&self) -> bool {
        self.phase != Phase::Finished
    }

    /// When the current phase expires, if it has a deadline and is not Finished.
    pub fn deadline_at(&self) -> Option<Timestamp> {
        if !self.is_open() {
            return None;
        }
        self.options
            .deadline_secs()
            .map(|secs| self.started_at.saturating_add(secs))
    }

    /// When the current phase started; `None` once Finished.
    pub fn started_at(&self) -> Option<Timestamp> {
        self.is_open().then_some(self.started_at)
    }

    /// Whether `seat` has a pending submission in the current phase.
    pub fn submitted(&self, seat: Seat) -> bool {
        let i = seat.index();
        match self.phase {
            Phase::Selection => self.pending_selections.get(i).is_some_and(Option::is_some),
            Phase::Turn(_) => self.pending_orders.get(i).is_some_and(Option::is_some),
            Phase::Finished => false,
        }
    }

    /// Blind: values still to play in the current turn and after it (`P`); 0 once Finished.
    pub fn plays_left(&self) -> i64 {
        match self.phase {
            Phase::Selection => 10,
            Phase::Turn(turn) => plays_left(turn),
            Phase::Finished => 0,
        }
    }

    /// Blind: the charge range `[max(0, R − 9(P−2)), R]` of `seat`'s orders this turn.
    pub(super) fn charge_range(&self, seat: Seat) -> (i64, i64) {
        let r = self.remaining[seat.index()];
        let after = (self.plays_left() - 2).max(0);
        ((r - 9 * after).max(0), r)
    }

    pub(super) fn phase_started(&self) -> Event {
        Event::PhaseStarted {
            phase: self.phase,
            started_at: self.started_at,
            deadline_at: self.deadline_at(),
        }
    }
}
