//! Trade or Duel, for 4 to 9 players (rules: `shared/rules/trade-or-duel.md`).
//!
//! Each seat holds at most two secret cards. On a turn the active player trades or duels with
//! another survivor; duel losers discard, empty hands are out. After the regular rounds the
//! lowest hand total wins, with extra rounds while the lowest total is tied.

mod check;
mod events;
mod flow;
mod moves;
mod options;
mod options_view;
mod resolve;
mod result_view;
mod sample;
mod setup;
mod state;
mod terms;
mod view;

#[cfg(test)]
mod tests;

pub use events::{Event, EventView, event_view};
pub use moves::{LegalMoves, Move};
pub use options::{FirstPlayer, MAX_PLAYERS, MIN_PLAYERS, Options, kind_info, parse_options};
pub use options_view::{FirstPlayerOption, OptionsView, RandomFirstPlayer};
pub use result_view::{PlacingView, ResultView, Status};
pub use setup::Setup;
pub use state::TradeOrDuel;
pub use terms::{
    Action, Card, CommitHow, Comparison, CountHow, DECK_SIZE, DuelOutcome, GameResult, PhaseName,
    Placing, SeatHand, Standing,
};
pub use view::{InteractionView, SeatView, View};

use check::Command;
use state::Phase;

use crate::{
    Actor, Game, GameRng, IllegalMove, OptionMap, Outcome, Placement, Seat, SetupError, Timestamp,
    Viewer,
};

impl Game for TradeOrDuel {
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
        let deal = setup::deal(&options, &mut rng, setup)?;
        let seats = deal.hands.len();
        let mut game = TradeOrDuel {
            options,
            rng,
            hands: deal.hands,
            set_aside: deal.set_aside,
            discard: Vec::new(),
            elimination: vec![None; seats],
            last_elimination: 0,
            first_player: deal.first_player,
            round: 1,
            visit: 0,
            phase: Phase::Declaration,
            deadline: None,
            last_comparison: None,
            trade_parties: Vec::new(),
        };
        let mut events = Vec::new();
        game.begin_turn(now, &mut events);
        Ok((game, events))
    }

    fn players(&self) -> usize {
        self.seat_count()
    }

    fn to_act(&self) -> Vec<Seat> {
        self.pending()
    }

    fn deadline(&self) -> Option<Timestamp> {
        self.deadline
    }

    fn legal_moves(&self, seat: Seat) -> LegalMoves {
        self.legal_moves_of(seat)
    }

    /// A card choice while the other party has not committed either: the card step stays open.
    fn is_secret_submission(&self, seat: Seat, mv: &Move) -> bool {
        let pending = self.pending();
        matches!(mv, Move::ChooseCards { .. })
            && matches!(self.phase, Phase::Cards(_))
            && pending.len() == 2
            && pending.contains(&seat)
    }

    fn apply(&mut self, actor: Actor, mv: Move, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        let command = self.check_move(actor, &mv)?;
        let mut events = Vec::new();
        match command {
            Command::Declare { target, action } => {
                self.declare(target, action, false, now, &mut events);
            }
            Command::Answer { count } => self.answer(count, CountHow::Answered, now, &mut events),
            Command::Choose { party, cards } => {
                self.commit(party, cards, CommitHow::Chosen, now, &mut events);
            }
        }
        Ok(events)
    }

    fn default_move(&self, seat: Seat) -> Option<Move> {
        self.default_move_of(seat)
    }

    fn expire(&mut self, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        self.check_expire(now)?;
        let mut events = Vec::new();
        self.apply_defaults(now, &mut events);
        Ok(events)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.build_view(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<EventView> {
        event_view(event, viewer)
    }

    /// Rule D6: a card choice in a trade is shown only to the two parties of that trade, even
    /// in the published log; everyone else sees that the choice was made.
    fn logged_move_visible(&self, _seat: Seat, mv: &Move, viewer: Viewer) -> bool {
        let Phase::Cards(step) = &self.phase else {
            return true;
        };
        let in_trade = step.action == Action::Trade && matches!(mv, Move::ChooseCards { .. });
        let party = viewer
            .seat()
            .is_some_and(|seat| self.party_of(seat).is_some());
        !in_trade || party
    }

    /// The seed rebuilds every initial hand, and with them the cards of trades (a Trade 2
    /// swaps whole hands). Only a viewer that was a party to every trade learns nothing hidden
    /// from it; a spectator only when the game had no trade.
    fn seed_visible(&self, viewer: Viewer) -> bool {
        self.party_to_every_trade(viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over(result) = &self.phase else {
            return None;
        };
        Some(Outcome {
            ranking: result
                .ranking
                .iter()
                .map(|placing| Placement {
                    seat: placing.seat,
                    place: placing.place,
                })
                .collect(),
            winners: result.winner.into_iter().collect(),
        })
    }
}
