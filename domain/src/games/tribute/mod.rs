//! Tribute by Alan Parr, with John Walker's Blind Tribute variant (kind id `tribute`).
//!
//! Three seats play five turns of simultaneous secret orders: one value against each opponent
//! and optionally doubles. See `shared/rules/tribute.md` for the rules as implemented.

mod check;
mod choices;
mod events;
mod legal;
mod moves;
mod nmr;
mod options;
mod records;
mod resolve;
mod sample;
mod state;
mod terms;
mod view;

#[cfg(test)]
#[expect(clippy::unwrap_used, reason = "tests fail loudly")]
mod tests;

use serde::{Deserialize, Serialize};

pub use events::{Event, EventView, SubmittedOrders};
pub use legal::{BlindSums, LegalMoves, OrderValues, SelectTotal};
pub use moves::{DoubleCount, Move, Play};
pub use options::{Options, kind_info, parse_options};
pub use records::{GameResult, MatchRecord, SeatOrders, SelectionRecord, TurnRecord};
pub use state::Tribute;
pub use terms::{Orders, Phase, PhaseName, PlayRecord, Selection, Value};
pub use view::{BlindStatus, ChargeRange, PendingView, SeatView, View};

use crate::{
    Actor, Game, GameRng, IllegalMove, OptionMap, Outcome, Placement, Seat, SetupError, Timestamp,
    Viewer,
};
use terms::{SEATS, all_seats, opponents};

// No hidden starting state either, so any game is already a fixed-setup game.
/// Tribute has no random deal, so its explicit setup is empty: every game is already fixed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TributeSetup))]
pub struct Setup {}

impl Game for Tribute {
    type Options = Options;
    type Setup = Setup;
    type Move = Move;
    type View = View;
    type Event = Event;
    type EventView = EventView;
    type LegalMoves = LegalMoves;

    fn parse_options(players: i64, options: &OptionMap) -> Result<Options, SetupError> {
        options::parse_options(players, options)
    }

    fn new(
        options: Options,
        rng: GameRng,
        _setup: Option<Setup>,
        now: Timestamp,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        Ok(Tribute::start(options, rng, now))
    }

    fn players(&self) -> usize {
        SEATS
    }

    /// The seats the open phase still waits for. Seats that have submitted may still replace
    /// their submission until the phase closes.
    fn to_act(&self) -> Vec<Seat> {
        if !self.is_open() {
            return Vec::new();
        }
        all_seats()
            .into_iter()
            .filter(|seat| !self.submitted(*seat))
            .collect()
    }

    fn deadline(&self) -> Option<Timestamp> {
        self.deadline_at()
    }

    fn legal_moves(&self, seat: Seat) -> LegalMoves {
        self.legal(seat)
    }

    /// Every move is a submission to the open phase; it is secret unless it is the last one in,
    /// which closes the phase.
    fn is_secret_submission(&self, seat: Seat, _mv: &Move) -> bool {
        self.is_open()
            && seat.index() < SEATS
            && all_seats()
                .into_iter()
                .any(|other| other != seat && !self.submitted(other))
    }

    fn apply(&mut self, actor: Actor, mv: Move, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        let seat = check::seat_of(actor)?;
        let i = seat.index();
        // Only a seat's first submission in a phase is an event: a replacement must leave no
        // trace that others could count (the owner sees its pending choice in its view).
        let first = !self.submitted(seat);
        let submitted = match mv {
            Move::Select { cards, doubles } => {
                let selection = check::select(self, &cards, doubles)?;
                self.pending_selections[i] = Some(selection);
                Event::SelectionSubmitted { seat }
            }
            Move::Orders {
                turn,
                plays,
                doubles,
            } => {
                let orders = check::orders(self, seat, turn, &plays, doubles)?;
                self.pending_orders[i] = Some(orders);
                let turn = self.phase.turn().unwrap_or_default();
                Event::OrdersSubmitted { seat, turn }
            }
        };
        let mut events = if first { vec![submitted] } else { Vec::new() };
        if all_seats().into_iter().all(|seat| self.submitted(seat)) {
            events.extend(self.close_phase(now));
        }
        Ok(events)
    }

    fn default_move(&self, seat: Seat) -> Option<Move> {
        if seat.index() >= SEATS || !self.is_open() || self.submitted(seat) {
            return None;
        }
        match self.phase {
            Phase::Selection => {
                let selection = nmr::default_selection(self.options.card_total());
                Some(Move::Select {
                    cards: selection.cards.into_iter().map(i64::from).collect(),
                    doubles: DoubleCount::from(selection.doubles),
                })
            }
            Phase::Turn(turn) => {
                let orders = nmr::default_orders(self, seat);
                let [low, high] = opponents(seat);
                Some(Move::Orders {
                    turn: i64::from(turn),
                    plays: vec![
                        Play {
                            opponent: i64::from(low.0),
                            value: i64::from(orders.lower),
                        },
                        Play {
                            opponent: i64::from(high.0),
                            value: i64::from(orders.higher),
                        },
                    ],
                    doubles: DoubleCount::from(orders.doubles),
                })
            }
            Phase::Finished => None,
        }
    }

    /// Closes the current phase at its deadline (not at `now`), with NMR submissions for the
    /// seats that have none. One phase per call.
    fn expire(&mut self, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        if !self.is_open() {
            return Err(IllegalMove::new("game_over", "the game is finished"));
        }
        let Some(deadline) = self.deadline_at() else {
            return Err(IllegalMove::new("no_deadline", "this game has no deadline"));
        };
        if now < deadline {
            return Err(IllegalMove::new(
                "deadline_not_reached",
                format!("the current phase expires at {deadline}"),
            ));
        }
        Ok(self.close_phase(deadline))
    }

    fn view(&self, viewer: Viewer) -> View {
        self.build_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<EventView> {
        Some(self.view_event(event, viewer))
    }

    /// Nothing is hidden once the game is over, replaced submissions included.
    fn logged_move_visible(&self, _seat: Seat, _mv: &Move, _viewer: Viewer) -> bool {
        true
    }

    /// Tribute deals nothing: the seed hides nothing.
    fn seed_visible(&self, _viewer: Viewer) -> bool {
        true
    }

    fn outcome(&self) -> Option<Outcome> {
        let result = self.result.as_ref()?;
        Some(Outcome {
            ranking: all_seats()
                .into_iter()
                .map(|seat| Placement {
                    seat,
                    place: result.ranks[seat.index()],
                })
                .collect(),
            winners: result.winners.clone(),
        })
    }
}
