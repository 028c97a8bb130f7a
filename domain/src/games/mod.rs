//! One module per game, and the list of games. A game is registered here: its `pub mod` line
//! and its line in `for_each_game!`. `GameKind`, the `Any*` enums and the contract's unions
//! across game kinds are all generated from that list.

// Declared by hand, not from the list: rustfmt only follows `mod` items it can see.
pub mod intrigue;
pub mod trade_or_duel;
pub mod tribute;
pub mod tricky_tribes;

/// The registered games, in listing order: `Variant => module::Game`, where `module` (a folder
/// beside this file) is also the kind's id. Calls `$callback!` with the list, so that every
/// table over the games, in this crate or another, is generated from this one place.
///
/// Each game module exports its `Game` type, its wire types `Move`, `Setup`, `View`,
/// `EventView` and `LegalMoves`, and `kind_info()`.
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            Tribute => tribute::Tribute,
            TrickyTribes => tricky_tribes::TrickyTribes,
            Intrigue => intrigue::Intrigue,
            TradeOrDuel => trade_or_duel::TradeOrDuel,
        }
    };
}
