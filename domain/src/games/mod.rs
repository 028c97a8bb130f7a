//! One module per game.

pub mod trade_or_duel;
