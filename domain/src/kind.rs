//! Looking a game kind up by its id. The `GameKind` enum itself, its ids and its listing order
//! are generated from the list of registered games (`for_each_game!` in `any.rs`).

use crate::GameKind;

impl GameKind {
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|kind| kind.id() == id)
    }
}
