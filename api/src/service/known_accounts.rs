//! The accounts this process has seen exist, with their names. Accounts are never renamed, so
//! once an account is known a valid token naming it needs no database read. A deleted account
//! is forgotten here by the process that deletes it; other processes refuse its tokens once
//! its sessions are revoked (their revocation reaches every process through the change feed).

use uuid::Uuid;

/// At most this many names are kept; the least recently used go first (each costs one read
/// again).
const CAPACITY: u64 = 65_536;

pub struct KnownAccounts {
    names: moka::sync::Cache<Uuid, String>,
}

impl Default for KnownAccounts {
    fn default() -> Self {
        Self {
            names: moka::sync::Cache::new(CAPACITY),
        }
    }
}

impl KnownAccounts {
    pub fn name(&self, id: Uuid) -> Option<String> {
        self.names.get(&id)
    }

    pub fn learn(&self, id: Uuid, name: &str) {
        self.names.insert(id, name.to_owned());
    }

    /// The account was deleted: the next token naming it is checked against the database.
    pub fn forget(&self, id: Uuid) {
        self.names.invalidate(&id);
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
        known.forget(id);
        assert_eq!(known.name(id), None);
        known.learn(id, "ann");
        for _ in 0..CAPACITY + 100 {
            known.learn(Uuid::new_v4(), "x");
        }
        known.names.run_pending_tasks();
        assert!(known.names.entry_count() <= CAPACITY);
    }
}
