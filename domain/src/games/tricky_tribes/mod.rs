//! Tricky Tribes v3.2 with every variant: jokers, cut deck, 10-card hands, the dummy tribe,
//! the six-player whole-deck deal and united tribes.
//!
//! The state is one value; every change that needs no human decision (dummy plays, judgement,
//! scoring, the next deal) happens inside the move or expiry that triggers it.

mod card;
mod deadline;
mod events;
mod judge;
mod moves;
mod options;
mod options_view;
mod participant;
mod round;
mod sample;
mod setup;
mod standing;
mod teams;
mod terms;
mod view;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::{
    Actor, Game, GameRng, IllegalMove, OptionMap, Outcome, Placement, Seat, SetupError, Timestamp,
    Viewer,
};

pub use card::{Card, Colour, Suit};
pub use events::{Event, EventView};
pub use judge::{Face, Mode, TrickKind};
pub use moves::{LegalMoves, Move};
pub use options::{EndCondition, Options, kind_info, parse_options};
pub use options_view::OptionsView;
pub use participant::{DummyMarker, Participant};
pub use setup::{Setup, SetupRequest};
pub use terms::{ExchangeAction, Play, RoundSummary, TrickRecord, UnitRound, UnitScore};
pub use view::{ExchangeView, HandView, PhaseView, PlayView, TrickView, TrimView, View};

/// The full state of one game, hidden cards and the RNG included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrickyTribes {
    options: Options,
    rng: GameRng,
    /// Injected deck orders for the coming rounds (top first); later rounds are shuffled.
    preset_decks: Vec<Vec<Card>>,
    round: u32,
    dealer: Seat,
    /// By seat, in canonical order.
    hands: Vec<Vec<Card>>,
    /// Top first.
    stock: Vec<Card>,
    discard: Vec<Card>,
    stacks: Vec<Vec<Card>>,
    dummy_stack: Vec<Card>,
    phase: Phase,
    exchanges: Vec<terms::ExchangeRecord>,
    trims: Vec<terms::TrimRecord>,
    /// The number of the current trick; 0 before the first trick of a round.
    trick: u8,
    /// The participant who must lead the next trick open.
    obligation: Option<Participant>,
    /// The judged tricks of the current round, in order. Earlier rounds' are in the event log:
    /// the state is stored at every input, so it must not grow with the game. (A state stored
    /// before this held every round's; the view shows the current round's all the same.)
    tricks: Vec<TrickRecord>,
    /// Cumulative scores, in the order of `Options::units`.
    scores: Vec<i64>,
    /// The summary of the most recently finished round, if any: at most one, for the same
    /// reason (a state stored before this held every round's, the last one last). Kept a list
    /// so that stored states keep their shape.
    summaries: Vec<RoundSummary>,
    deadline: Option<Timestamp>,
    winners: Vec<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Phase {
    /// `turn` seats have finished; `drawn` is the current seat's drawn card, if any.
    Exchange {
        turn: u8,
        drawn: Option<Card>,
    },
    /// The seats that still hold one card too many.
    Trim {
        pending: Vec<Seat>,
    },
    Trick {
        leader: Participant,
        lead_face: Option<Face>,
        plays: Vec<Play>,
    },
    Over,
}

impl TrickyTribes {
    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn n(&self) -> u8 {
        self.options.players()
    }

    fn unit_scores(&self) -> Vec<UnitScore> {
        self.options
            .units()
            .into_iter()
            .zip(&self.scores)
            .map(|(seats, score)| UnitScore {
                seats,
                score: *score,
            })
            .collect()
    }
}

impl Game for TrickyTribes {
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
        setup: Option<Setup>,
        now: Timestamp,
    ) -> Result<(Self, Vec<Event>), SetupError> {
        let preset_decks = match setup {
            Some(setup) => setup.decks_for(&options)?,
            None => Vec::new(),
        };
        let players = usize::from(options.players());
        let units = options.units().len();
        let mut game = TrickyTribes {
            options,
            rng,
            preset_decks,
            round: 0,
            dealer: Seat(0),
            hands: vec![Vec::new(); players],
            stock: Vec::new(),
            discard: Vec::new(),
            stacks: vec![Vec::new(); players],
            dummy_stack: Vec::new(),
            phase: Phase::Over,
            exchanges: Vec::new(),
            trims: Vec::new(),
            trick: 0,
            obligation: None,
            tricks: Vec::new(),
            scores: vec![0; units],
            summaries: Vec::new(),
            deadline: None,
            winners: Vec::new(),
        };
        let mut events = Vec::new();
        game.start_round(1, now, &mut events);
        Ok((game, events))
    }

    fn players(&self) -> usize {
        usize::from(self.n())
    }

    fn to_act(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Exchange { turn, .. } => vec![self.exchange_seat(*turn)],
            Phase::Trim { pending } => pending.clone(),
            Phase::Trick { .. } => self
                .next_to_play()
                .and_then(Participant::seat)
                .into_iter()
                .collect(),
            Phase::Over => Vec::new(),
        }
    }

    fn deadline(&self) -> Option<Timestamp> {
        if self.is_over() { None } else { self.deadline }
    }

    fn legal_moves(&self, seat: Seat) -> LegalMoves {
        self.legal(seat)
    }

    /// The trim is the one simultaneous decision: a trim while another seat still has to trim
    /// leaves the phase open.
    fn is_secret_submission(&self, seat: Seat, mv: &Move) -> bool {
        let Phase::Trim { pending } = &self.phase else {
            return false;
        };
        matches!(mv, Move::TrimDiscard { .. })
            && pending.contains(&seat)
            && pending.iter().any(|other| *other != seat)
    }

    fn apply(&mut self, actor: Actor, mv: Move, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        let action = self.check(actor, &mv)?;
        let mut events = Vec::new();
        self.perform(action, false, now, &mut events);
        Ok(events)
    }

    fn default_move(&self, seat: Seat) -> Option<Move> {
        self.default_for(seat)
    }

    fn expire(&mut self, now: Timestamp) -> Result<Vec<Event>, IllegalMove> {
        self.expire_now(now)
    }

    fn view(&self, viewer: Viewer) -> View {
        self.view_for(viewer)
    }

    fn event_view(&self, event: &Event, viewer: Viewer) -> Option<EventView> {
        Some(self.filter_event(event, viewer))
    }

    /// The finished game shows everything, and the seed rebuilds every deal anyway.
    fn logged_move_visible(&self, _seat: Seat, _mv: &Move, _viewer: Viewer) -> bool {
        true
    }

    fn seed_visible(&self, _viewer: Viewer) -> bool {
        true
    }

    fn teams(&self) -> Vec<Vec<Seat>> {
        self.options.teams().to_vec()
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let units = self.unit_scores();
        let winner = |seat: &Seat| self.winners.contains(seat);
        let mut ranking = Vec::new();
        for unit in &units {
            for seat in &unit.seats {
                // Winners share first place; everyone else is ranked behind them by score.
                let ahead = units
                    .iter()
                    .flat_map(|other| other.seats.iter().map(move |s| (s, other.score)))
                    .filter(|(other, score)| {
                        if winner(seat) {
                            false
                        } else {
                            winner(other) || *score > unit.score
                        }
                    })
                    .count();
                ranking.push(Placement {
                    seat: *seat,
                    place: u8::try_from(ahead + 1).unwrap_or(u8::MAX),
                });
            }
        }
        ranking.sort_by_key(|placement| placement.seat);
        Some(Outcome {
            ranking,
            winners: self.winners.clone(),
        })
    }
}
