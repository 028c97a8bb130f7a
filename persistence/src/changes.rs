//! Telling other server processes that a game changed, that a game's seats changed without a
//! commit, or that an account's webhook endpoint was disabled: PostgreSQL `NOTIFY` after the
//! commit, `LISTEN` on a connection of its own (see `listen`). A notification names only a game and a version (or an account and an endpoint);
//! every process reads and filters what changed itself. SQLite has no such channel: its feed
//! stays inside the process.

use diesel::prelude::*;
use diesel::sql_types::{Array, Text};
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::{Database, Error};

/// The channel every process listens on.
pub const CHANGES_CHANNEL: &str = "cardtable_changes";

/// A game moved to a version. `origin` names the process that committed it, so a process can
/// skip its own notifications (it has delivered them already).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameChange {
    pub game: Uuid,
    pub version: i64,
    pub origin: u64,
}

impl GameChange {
    pub(crate) fn payload(&self) -> String {
        format!("{}:{}:{:x}", self.game, self.version, self.origin)
    }

    pub(crate) fn parse(payload: &str) -> Option<Self> {
        let mut parts = payload.split(':');
        let game = Uuid::parse_str(parts.next()?).ok()?;
        let version = parts.next()?.parse().ok()?;
        let origin = u64::from_str_radix(parts.next()?, 16).ok()?;
        Some(Self {
            game,
            version,
            origin,
        })
    }
}

/// Prefix of an endpoint-disabled payload (a game change's starts with the game's id).
const ENDPOINT_DISABLED: &str = "endpoint_disabled:";
/// Prefix of a forget payload.
const FORGET: &str = "forget:";

/// What one process tells the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Announcement {
    Game(GameChange),
    /// The delivery worker of process `origin` disabled `endpoint`, one of `account`'s webhook
    /// endpoints: that account's streams in every process say so.
    EndpointDisabled {
        account: Uuid,
        endpoint: Uuid,
        origin: u64,
    },
    /// `game`'s seats changed without a commit, so its revision did not move (an account was
    /// deleted: its seat went to a bot, or now shows a deleted account): every process drops
    /// what it keeps of the game, since a check of the revision would still pass it.
    Forget {
        game: Uuid,
        origin: u64,
    },
}

impl Announcement {
    /// The process that announced it.
    pub fn origin(&self) -> u64 {
        match self {
            Announcement::Game(change) => change.origin,
            Announcement::EndpointDisabled { origin, .. } | Announcement::Forget { origin, .. } => {
                *origin
            }
        }
    }

    pub(crate) fn payload(&self) -> String {
        match self {
            Announcement::Game(change) => change.payload(),
            Announcement::EndpointDisabled {
                account,
                endpoint,
                origin,
            } => format!("{ENDPOINT_DISABLED}{account}:{endpoint}:{origin:x}"),
            Announcement::Forget { game, origin } => format!("{FORGET}{game}:{origin:x}"),
        }
    }

    pub(crate) fn parse(payload: &str) -> Option<Self> {
        if let Some(rest) = payload.strip_prefix(FORGET) {
            let mut parts = rest.split(':');
            let game = Uuid::parse_str(parts.next()?).ok()?;
            let origin = u64::from_str_radix(parts.next()?, 16).ok()?;
            return parts
                .next()
                .is_none()
                .then_some(Announcement::Forget { game, origin });
        }
        let Some(rest) = payload.strip_prefix(ENDPOINT_DISABLED) else {
            return GameChange::parse(payload).map(Announcement::Game);
        };
        let mut parts = rest.split(':');
        let account = Uuid::parse_str(parts.next()?).ok()?;
        let endpoint = Uuid::parse_str(parts.next()?).ok()?;
        let origin = u64::from_str_radix(parts.next()?, 16).ok()?;
        parts
            .next()
            .is_none()
            .then_some(Announcement::EndpointDisabled {
                account,
                endpoint,
                origin,
            })
    }
}

impl Database {
    /// Sends one notification per announcement in one statement, outside any game transaction: a
    /// transaction that notified takes a global lock at commit, so notifying inside each move's
    /// transaction would serialize every commit. Does nothing on SQLite.
    #[tracing::instrument(skip(self, changes), fields(changes = changes.len()))]
    pub fn notify_changes(&self, changes: &[Announcement]) -> Result<(), Error> {
        if changes.is_empty() {
            return Ok(());
        }
        let mut conn = self.conn()?;
        let AnyConnection::Postgresql(pg) = &mut *conn else {
            return Ok(());
        };
        let payloads: Vec<String> = changes.iter().map(Announcement::payload).collect();
        diesel::sql_query(format!(
            "SELECT pg_notify('{CHANGES_CHANNEL}', payload) FROM unnest($1) AS payload"
        ))
        .bind::<Array<Text>, _>(payloads)
        .execute(pg)
        .map(drop)
        .map_err(crate::error::from_diesel)
    }
}

/// Names the listener's session in `pg_stat_activity`, so an operator (or a test) can find it.
pub const LISTENER_APPLICATION_NAME: &str = "cardtable-listener";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_round_trips_and_garbage_is_refused() {
        let change = GameChange {
            game: Uuid::new_v4(),
            version: 42,
            origin: 0xdead_beef,
        };
        assert_eq!(GameChange::parse(&change.payload()), Some(change));
        assert_eq!(GameChange::parse("not a change"), None);
        assert_eq!(GameChange::parse(&format!("{}:x:1", change.game)), None);
    }

    #[test]
    fn announcements_round_trip_and_tell_their_kind_apart() {
        let game = Announcement::Game(GameChange {
            game: Uuid::new_v4(),
            version: 7,
            origin: 3,
        });
        let disabled = Announcement::EndpointDisabled {
            account: Uuid::new_v4(),
            endpoint: Uuid::new_v4(),
            origin: 0xabc,
        };
        let forget = Announcement::Forget {
            game: Uuid::new_v4(),
            origin: 0x5eed,
        };
        for announcement in [game, disabled, forget] {
            assert_eq!(
                Announcement::parse(&announcement.payload()),
                Some(announcement)
            );
        }
        assert_eq!(disabled.origin(), 0xabc);
        assert_eq!(forget.origin(), 0x5eed);
        assert_eq!(Announcement::parse("endpoint_disabled:nonsense"), None);
        assert_eq!(Announcement::parse("forget:nonsense:1"), None);
        assert_eq!(
            Announcement::parse(&format!("{}:x", forget.payload())),
            None,
            "a trailing field is refused"
        );
        assert_eq!(
            Announcement::parse(&format!("{}:x", disabled.payload())),
            None,
            "a trailing field is refused"
        );
    }
}
