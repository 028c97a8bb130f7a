//! The wire contract of Cardtable: request and response envelopes with their OpenAPI schemas,
//! the unions across game kinds and the problem type. Each game's own wire types (moves, views,
//! event views, setups, options, legal moves) are the domain's types, whose schemas the domain's
//! `openapi` feature provides. The committed `openapi.json` beside this crate is generated from
//! these types and the api's routes.

pub mod accounts;
pub mod create_game;
pub mod games;
pub mod inbox;
pub mod invites;
pub mod kinds;
pub mod legal_moves;
pub mod live;
pub mod matchmaking;
pub mod me;
pub mod options;
pub mod problem;
pub mod ratings;
pub mod sessions;
pub mod sse;
pub mod test_clock;
pub mod tokens;
pub mod unions;
pub mod webhooks;

pub use problem::Problem;
