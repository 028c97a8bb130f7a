//! The name this process's leases (bot seats, webhook deliveries) bear:
//! `{host}/{listening address}/{life}`. Its first two parts, the lineage, are shared by every
//! life of a server that listens on one address of one host, and by nothing else alive: two
//! live processes cannot listen on one address of one host. So a process that has bound its
//! address knows that every lease of its lineage under another name belongs to a dead
//! predecessor, and takes those back at once ([`persistence::Database::take_back_leases`]):
//! after a crash and a restart, the bots move and the claimed webhooks go out without waiting
//! for the dead process's leases to run out. Leases of other lineages (another host, a process
//! that moved to another port) still wait for theirs. Two live processes on different machines
//! given one host name and one address would take each other's leases: the cost is a webhook
//! sent twice under one `webhook-id` or a bot's lost race (its move is a compare-and-swap),
//! never a move made twice; give each process its own host name.

use std::net::SocketAddr;
use std::sync::Arc;

pub struct LeaseHolder {
    lineage: String,
    name: Arc<str>,
}

impl LeaseHolder {
    /// The holder of a process listening on `address`, named anew for this life.
    pub fn listening_on(address: SocketAddr) -> Self {
        let lineage = format!("{}/{address}/", host_name());
        let name = Arc::from(format!("{lineage}{}", uuid::Uuid::new_v4().simple()));
        Self { lineage, name }
    }

    /// What every life of this server shares.
    pub fn lineage(&self) -> &str {
        &self.lineage
    }

    /// This life's name.
    pub fn name(&self) -> Arc<str> {
        Arc::clone(&self.name)
    }
}

/// The machine's (or container's) host name; empty where it cannot be read, which leaves the
/// address alone to tell lineages apart.
fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|name| name.trim().to_owned())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::LeaseHolder;

    #[test]
    fn each_life_has_its_own_name_within_one_lineage() {
        let address = "127.0.0.1:8080".parse().unwrap_or_else(|_| unreachable!());
        let (first, second) = (
            LeaseHolder::listening_on(address),
            LeaseHolder::listening_on(address),
        );
        assert_eq!(first.lineage(), second.lineage());
        assert!(
            first.lineage().ends_with("/127.0.0.1:8080/"),
            "{}",
            first.lineage()
        );
        assert_ne!(first.name(), second.name());
        assert!(first.name().starts_with(first.lineage()));
        let elsewhere =
            LeaseHolder::listening_on("127.0.0.1:8081".parse().unwrap_or_else(|_| unreachable!()));
        assert!(!first.name().starts_with(elsewhere.lineage()));
    }
}
