//! Intrigue v0.1.1: three royal advisors back characters for the throne.

mod chance;
mod check;
mod events;
mod legal;
mod moves;
mod options;
mod options_view;
mod resolve;
mod sample;
mod score;
mod setup;
mod state;
mod terms;
mod view;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use events::{Draw, DrawView, Event, EventView, Flip, SpyResult};
pub use legal::LegalMoves;
pub use moves::Move;
pub use options::{Options, kind_info, parse_options};
pub use options_view::OptionsView;
pub use score::{DebtTransfer, FavorScore, FinalResult, RoundScore, ScoredEntry};
pub use setup::Setup;
pub use terms::{Card, CardType, Character, Direction, Face, Pair, Pos, Token};
pub use view::{
    EntryView, FavorView, PendingView, PlayerView, PositionView, RelationshipView, TokenView, View,
};

use crate::{
    Actor, Game, GameRng, IllegalMove, OptionMap, Outcome, Placement, Seat, SetupError, Timestamp,
    Viewer,
};
use state::{SEATS, Table};

/// A game of Intrigue: the table and the seeded random source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Intrigue {
    table: Table,
    rng: GameRng,
}

impl Game for Intrigue {
    type Options = Options;
    type Setup = Setup;
    type Move = Move;
    type View = View;
    type Event = Event;
    type EventView = EventView;
    type LegalMoves = LegalMoves;

    fn parse_options(players: i64, options: &OptionMap) -> Result<Options, SetupError> {
        parse_options(players, options)
    }

    fn new(
        options: Options,
        mut rng: GameRng,
        setup: Option<Setup>,
        now: Timestamp,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        let mut table = setup::table(options, &mut rng, setup, now)?;
        let started = Event::GameStarted {
            characters: table.character_at,
            unused: table.unused.clone(),
            first_player: table.first_player,
        };
        let round = table.start_round(now);
        Ok((Self { table, rng }, vec![started, round]))
    }

    fn players(&self) -> usize {
        SEATS.len()
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.table.is_over() {
            Vec::new()
        } else {
            vec![self.table.to_act]
        }
    }

    fn deadline(&self) -> Option<Timestamp> {
        if self.table.is_over() {
            return None;
        }
        let secs = self.table.options.deadline_secs()?;
        Some(self.table.decision_since.saturating_add(secs))
    }

    fn legal_moves(&self, seat: Seat) -> LegalMoves {
        self.table.legal_moves(seat)
    }

    /// Draws among typed choices and writes out only the drawn move.
    fn random_legal_move(
        &self,
        seat: Seat,
        rng: &mut impl rand_chacha::rand_core::Rng,
    ) -> Option<Move> {
        self.table.random_legal_move(seat, rng)
    }

    /// One seat acts at a time: no decision is simultaneous, so no move is a secret submission.
    fn is_secret_submission(&self, _seat: Seat, _mv: &Move) -> bool {
        false
    }

    fn apply(&mut self, actor: Actor, mv: Move, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        let (seat, command) = check::check(&self.table, actor, &mv)?;
        Ok(self.table.resolve(seat, command, &mut self.rng, now))
    }

    fn default_move(&self, seat: Seat) -> Option<Move> {
        if self.table.is_over() || seat != self.table.to_act {
            return None;
        }
        let first = *self.table.hand(seat).first()?;
        Some(if self.table.resolving.is_some() {
            Move::discard(first)
        } else {
            Move::face_down(first, Pos::A)
        })
    }

    fn expire(&mut self, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        if self.table.is_over() {
            return Err(IllegalMove::new("game_over", "the game has ended"));
        }
        let Some(deadline) = self.deadline() else {
            return Err(IllegalMove::new("no_deadline", "this game has no deadline"));
        };
        if now < deadline {
            return Err(IllegalMove::new(
                "deadline_not_reached",
                "the deadline has not passed yet",
            ));
        }
        let seat = self.table.to_act;
        let mv = self.default_move(seat).ok_or_else(|| {
            IllegalMove::new("no_decision_pending", "nobody has a decision pending")
        })?;
        let (seat, command) = check::check(&self.table, Actor::Seat(seat), &mv)?;
        // The next decision starts when this one expired, however late the expiry is handled.
        let mut events = vec![Event::DeadlineMissed { seat }];
        events.extend(self.table.resolve(seat, command, &mut self.rng, deadline));
        Ok(events)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.table.view(viewer, self.deadline())
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<EventView> {
        Some(events::event_view(event, viewer, self.table.is_over()))
    }

    /// Once the game is over everything is shown, so the whole log is too.
    fn logged_move_visible(&self, _seat: Seat, _mv: &Move, _viewer: Viewer) -> bool {
        true
    }

    fn seed_visible(&self, _viewer: Viewer) -> bool {
        true
    }

    fn outcome(&self) -> Option<Outcome> {
        let result = self.table.result.as_ref()?;
        Some(Outcome {
            ranking: SEATS
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
