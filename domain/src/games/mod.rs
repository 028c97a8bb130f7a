//! One module per game.

pub mod intrigue;
pub mod trade_or_duel;
pub mod tribute;
pub mod tricky_tribes;
