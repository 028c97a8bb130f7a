//! The accounts this process has seen exist, with their names. Accounts are never deleted or
//! renamed, so once an account is known a valid token naming it needs no database read.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use uuid::Uuid;

/// At most this many names are kept; past it the map starts over (each costs one read again).
const CAPACITY: usize = 65_536;

#[derive(Default)]
pub struct KnownAccounts {
    names: Mutex<HashMap<Uuid, String>>,
}

impl KnownAccounts {
    pub fn name(&self, id: Uuid) -> Option<String> {
        self.names
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .cloned()
    }

    pub fn learn(&self, id: Uuid, name: &str) {
        let mut names = self.names.lock().unwrap_or_else(PoisonError::into_inner);
        if names.len() >= CAPACITY {
            names.clear();
        }
        names.insert(id, name.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_learned_account_is_known_and_the_map_stays_bounded() {
        let known = KnownAccounts::default();
        let id = Uuid::new_v4();
        assert_eq!(known.name(id), None);
        known.learn(id, "ann");
        assert_eq!(known.name(id).as_deref(), Some("ann"));
        for _ in 0..CAPACITY {
            known.learn(Uuid::new_v4(), "x");
        }
        assert!(known.names.lock().map(|names| names.len()).unwrap_or(0) <= CAPACITY);
    }
}
