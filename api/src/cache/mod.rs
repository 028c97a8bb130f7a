//! The read cache: decoded games and the views rendered from them, and the cheap revision reads
//! that prove a cached copy current before it is served.

pub mod game_cache;
pub mod revisions;

pub use game_cache::{Cached, GameCache, RenderedView, ViewKey};
