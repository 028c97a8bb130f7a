//! Dynamic dispatch over the concrete games, as stored and served. `GameKind` and the `Any*`
//! enums are generated from the list of games in `games/mod.rs` ([`crate::for_each_game!`]).

use rand_chacha::rand_core::Rng;
use serde::{Deserialize, Serialize};

use crate::{
    Actor, Game, IllegalMove, Input, MoveChoices, OptionMap, Outcome, SampleError, SampleFromView,
    Seat, Seed, SetupError, Timestamp, Viewer,
};

fn kind_mismatch() -> IllegalMove {
    IllegalMove::new("malformed", "the move belongs to another game")
}

macro_rules! games {
    ($($variant:ident => $module:ident :: $game:ident),+ $(,)?) => {
        /// The games Cardtable plays. The id is what clients send and what the database stores.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind { $($variant),+ }

        impl GameKind {
            /// Every kind that can be created, in listing order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            pub fn id(self) -> &'static str {
                match self { $(GameKind::$variant => stringify!($module),)+ }
            }

            pub fn info(self) -> crate::KindInfo {
                match self { $(GameKind::$variant => crate::games::$module::kind_info(),)+ }
            }
        }

        /// Any game, tagged by kind. Boxed: the games' states differ a lot in size.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind", content = "state", rename_all = "snake_case")]
        pub enum AnyGame { $($variant(Box<crate::games::$module::$game>)),+ }

        /// A move of any game.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind", content = "move", rename_all = "snake_case")]
        pub enum AnyMove { $($variant(crate::games::$module::Move)),+ }

        /// An explicit setup of any game.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind", content = "setup", rename_all = "snake_case")]
        pub enum AnySetup { $($variant(crate::games::$module::Setup)),+ }

        /// A view of any game. Serialized untagged: exactly the game's own view.
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnyView { $($variant(crate::games::$module::View)),+ }

        impl AnyView {
            pub fn kind(&self) -> GameKind {
                match self { $(AnyView::$variant(_) => GameKind::$variant,)+ }
            }

            /// The seat the view was built for; `None` for a spectator's.
            pub fn viewer(&self) -> Option<Seat> {
                match self { $(AnyView::$variant(view) => view.viewer,)+ }
            }
        }

        /// A recorded event of any game.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(tag = "kind", content = "event", rename_all = "snake_case")]
        pub enum AnyEvent { $($variant(crate::games::$module::Event)),+ }

        /// An event as one viewer sees it.
        #[derive(Clone, Debug)]
        pub enum AnyEventView { $($variant(crate::games::$module::EventView)),+ }

        /// One seat's legal moves.
        #[derive(Clone, Debug)]
        pub enum AnyLegalMoves { $($variant(crate::games::$module::LegalMoves)),+ }

        impl AnyLegalMoves {
            /// Every legal move, or `None` where they are too many to list (Tribute's
            /// selections).
            pub fn list(&self) -> Option<Vec<AnyMove>> {
                match self {
                    $(AnyLegalMoves::$variant(legal) => legal
                        .list()
                        .map(|moves| moves.into_iter().map(AnyMove::$variant).collect()),)+
                }
            }

            /// A legal move drawn uniformly among every legal move; `None` when there is none.
            pub fn random(&self, rng: &mut impl Rng) -> Option<AnyMove> {
                match self {
                    $(AnyLegalMoves::$variant(legal) => legal.random(rng).map(AnyMove::$variant),)+
                }
            }
        }

        impl AnyGame {
            /// Sets a game up from its options and seed, or from an explicit setup.
            pub fn create(
                kind: GameKind,
                players: i64,
                options: &OptionMap,
                seed: &Seed,
                setup: Option<AnySetup>,
                now: Timestamp,
            ) -> Result<(Self, Vec<AnyEvent>), SetupError> {
                match kind {
                    $(GameKind::$variant => {
                        let options = crate::games::$module::$game::parse_options(players, options)?;
                        let setup = match setup {
                            None => None,
                            Some(AnySetup::$variant(setup)) => Some(setup),
                            Some(_) => {
                                return Err(SetupError::new("invalid_setup", "the setup belongs to another game"));
                            }
                        };
                        let (game, events) = crate::games::$module::$game::new(options, seed.rng(), setup, now)?;
                        Ok((
                            AnyGame::$variant(Box::new(game)),
                            events.into_iter().map(AnyEvent::$variant).collect(),
                        ))
                    })+
                }
            }

            pub fn kind(&self) -> GameKind {
                match self { $(AnyGame::$variant(_) => GameKind::$variant,)+ }
            }

            pub fn to_act(&self) -> Vec<Seat> {
                match self { $(AnyGame::$variant(game) => game.to_act(),)+ }
            }

            pub fn deadline(&self) -> Option<Timestamp> {
                match self { $(AnyGame::$variant(game) => game.deadline(),)+ }
            }

            pub fn outcome(&self) -> Option<Outcome> {
                match self { $(AnyGame::$variant(game) => game.outcome(),)+ }
            }

            /// The teams of the game, if it has any (see [`crate::Game::teams`]).
            pub fn teams(&self) -> Vec<Vec<Seat>> {
                match self { $(AnyGame::$variant(game) => game.teams(),)+ }
            }

            pub fn legal_moves(&self, seat: Seat) -> AnyLegalMoves {
                match self {
                    $(AnyGame::$variant(game) => AnyLegalMoves::$variant(game.legal_moves(seat)),)+
                }
            }

            /// One of `seat`'s legal moves drawn uniformly: what `legal_moves(seat).random(rng)`
            /// draws, without writing out every move where the game can avoid it.
            pub fn random_legal_move(&self, seat: Seat, rng: &mut impl Rng) -> Option<AnyMove> {
                match self {
                    $(AnyGame::$variant(game) => {
                        game.random_legal_move(seat, rng).map(AnyMove::$variant)
                    })+
                }
            }

            pub fn view(&self, viewer: Viewer) -> AnyView {
                match self { $(AnyGame::$variant(game) => AnyView::$variant(game.view(viewer)),)+ }
            }

            pub fn event_view(&self, event: &AnyEvent, viewer: Viewer) -> Option<AnyEventView> {
                match (self, event) {
                    $((AnyGame::$variant(game), AnyEvent::$variant(event)) => {
                        game.event_view(event, viewer).map(AnyEventView::$variant)
                    })+
                    _ => None,
                }
            }

            pub fn apply(
                &mut self,
                actor: Actor,
                mv: AnyMove,
                now: Timestamp,
            ) -> Result<Vec<AnyEvent>, IllegalMove> {
                match (self, mv) {
                    $((AnyGame::$variant(game), AnyMove::$variant(mv)) => Ok(game
                        .apply(actor, mv, now)?
                        .into_iter()
                        .map(AnyEvent::$variant)
                        .collect()),)+
                    _ => Err(kind_mismatch()),
                }
            }

            pub fn is_secret_submission(&self, seat: Seat, mv: &AnyMove) -> bool {
                match (self, mv) {
                    $((AnyGame::$variant(game), AnyMove::$variant(mv)) => {
                        game.is_secret_submission(seat, mv)
                    })+
                    _ => false,
                }
            }

            /// A move of another game is refused before this is asked; hide it all the same.
            pub fn logged_move_visible(&self, seat: Seat, mv: &AnyMove, viewer: Viewer) -> bool {
                match (self, mv) {
                    $((AnyGame::$variant(game), AnyMove::$variant(mv)) => {
                        game.logged_move_visible(seat, mv, viewer)
                    })+
                    _ => false,
                }
            }

            pub fn seed_visible(&self, viewer: Viewer) -> bool {
                match self { $(AnyGame::$variant(game) => game.seed_visible(viewer),)+ }
            }

            pub fn default_move(&self, seat: Seat) -> Option<AnyMove> {
                match self {
                    $(AnyGame::$variant(game) => game.default_move(seat).map(AnyMove::$variant),)+
                }
            }

            pub fn expire(&mut self, now: Timestamp) -> Result<Vec<AnyEvent>, IllegalMove> {
                match self {
                    $(AnyGame::$variant(game) => Ok(game
                        .expire(now)?
                        .into_iter()
                        .map(AnyEvent::$variant)
                        .collect()),)+
                }
            }

            /// A whole game dealt from `seat`'s own view with fresh randomness from `rng`; its
            /// view for `seat` is the given one (see [`SampleFromView`]).
            pub fn sample_from_view(
                view: &AnyView,
                seat: Seat,
                rng: &mut impl Rng,
            ) -> Result<Self, SampleError> {
                match view {
                    $(AnyView::$variant(view) => Ok(AnyGame::$variant(Box::new(
                        <crate::games::$module::$game as SampleFromView>::sample_from_view(view, seat, rng)?,
                    ))),)+
                }
            }

            /// The shared deadline mechanism: expires every passed deadline at `now`, returning
            /// one batch of events per expiry (each is logged as an [`Input::Expire`]).
            pub fn advance(&mut self, now: Timestamp) -> Vec<Vec<AnyEvent>> {
                match self {
                    $(AnyGame::$variant(game) => crate::advance(game.as_mut(), now)
                        .into_iter()
                        .map(|batch| batch.into_iter().map(AnyEvent::$variant).collect())
                        .collect(),)+
                }
            }
        }
    };
}

crate::for_each_game!(games);

impl AnyGame {
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Replays `inputs` (each with its `now`) from this freshly set-up game and says, for each,
    /// whether `viewer` may see its content in the published log. A deadline expiry has no
    /// content to hide. Fails if the log does not replay.
    pub fn published_log_visibility<'a>(
        mut self,
        inputs: impl IntoIterator<Item = (&'a Input<AnyMove>, Timestamp)>,
        viewer: Viewer,
    ) -> Result<Vec<bool>, IllegalMove> {
        let mut visible = Vec::new();
        for (input, now) in inputs {
            visible.push(match input {
                Input::Move { seat, mv } => self.logged_move_visible(*seat, mv, viewer),
                Input::Expire => true,
            });
            self.apply_input(input, now)?;
        }
        Ok(visible)
    }

    /// Applies one logged input.
    pub fn apply_input(
        &mut self,
        input: &Input<AnyMove>,
        now: Timestamp,
    ) -> Result<Vec<AnyEvent>, IllegalMove> {
        match input {
            Input::Move { seat, mv } => self.apply(Actor::Seat(*seat), mv.clone(), now),
            Input::Expire => self.expire(now),
        }
    }
}
