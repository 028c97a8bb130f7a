//! Computer players for the Cardtable games.
//!
//! A bot decides from exactly what its seat may see. [`Bot::decide`] takes the seat's own
//! [`AnyView`](domain::AnyView), never a game state, so a bot cannot read a hidden card: the
//! state it reasons about is one it deals itself from the view
//! ([`AnyGame::sample_from_view`](domain::AnyGame::sample_from_view)), with randomness drawn
//! from the `rng` it is given, never from the game's seed. Its legal moves come from that deal
//! too; they are the seat's real legal moves, because they depend only on what the seat sees.
//!
//! The whole API:
//!
//! - [`Level`]: `Random` (a legal move drawn uniformly) or `Search` (Information Set Monte
//!   Carlo Tree Search: deals sampled from the view, a search on each, a vote over the deals).
//!   [`Level::id`] / [`Level::from_id`] give the names clients use: `"random"`, `"search"`.
//! - [`Bot::new`]`(level)`: a bot with the calibrated budget of its level; a `search` decision
//!   stays under 200 ms on one core (a playout budget per game kind, and a time cap as the
//!   safety net). [`Bot::with_search`]`(config)`: a `search` bot with another budget, e.g.
//!   [`SearchConfig::without_time_cap`] for decisions that repeat exactly given the `rng`.
//! - [`Bot::decide`]`(&self, view, seat, rng) -> Result<AnyMove, BotError>`: the move `seat`
//!   makes now. The move is legal; the caller applies it as the seat's move, as for a human.
//!   [`Bot::decide_with_stats`] also returns what the decision cost ([`SearchStats`]).
//!
//! A `Bot` holds no state between decisions (it is `Copy`, `Send` and `Sync`), so one value
//! can serve every seat and game; all randomness comes through `rng`, any generator of
//! `rand_core` 0.10 (`rand::Rng`, e.g. `rand::rngs::StdRng` or `rand_chacha::ChaCha8Rng`).
//! The crate depends on `domain` and `rand_chacha` only: no IO, no clock but the time cap.
//!
//! ```
//! use bots::{Bot, Level};
//! use domain::{AnyGame, GameKind, OptionMap, Seat, Seed, Viewer};
//! use rand_chacha::{ChaCha8Rng, rand_core::SeedableRng};
//!
//! let seed = Seed::new("example").unwrap();
//! let (mut game, _) =
//!     AnyGame::create(GameKind::Intrigue, 3, &OptionMap::default(), &seed, None, 0).unwrap();
//! let seat = game.to_act()[0];
//! // The server hands the bot what it would send the seat's client: its view.
//! let view = game.view(Viewer::Seat(seat));
//! let mv = Bot::new(Level::Search)
//!     .decide(&view, seat, &mut ChaCha8Rng::seed_from_u64(7))
//!     .unwrap();
//! game.apply(domain::Actor::Seat(seat), mv, 1).unwrap();
//! ```
//!
//! A game state is not a view, so it cannot be handed to a bot:
//!
//! ```compile_fail
//! # use bots::{Bot, Level};
//! # use domain::{AnyGame, GameKind, OptionMap, Seat, Seed};
//! # use rand_chacha::{ChaCha8Rng, rand_core::SeedableRng};
//! # let seed = Seed::new("example").unwrap();
//! # let (game, _) =
//! #     AnyGame::create(GameKind::Intrigue, 3, &OptionMap::default(), &seed, None, 0).unwrap();
//! Bot::new(Level::Search).decide(&game, Seat(0), &mut ChaCha8Rng::seed_from_u64(7));
//! ```
//!
//! [`table`] is a referee for tests and benchmarks: it holds a game, gives each seat to act its
//! view and applies the move it returns.

mod bot;
mod search;
pub mod table;

pub use bot::{Bot, BotError, Level};
pub use search::{SearchConfig, SearchStats};
