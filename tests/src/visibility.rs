//! Collecting everything one viewer is told about a game, to compare it across games that
//! differ only in what that viewer cannot see.

use serde_json::{Value, json};

use crate::json::{int, seats};
use crate::{Player, TestApp};

/// Fields that differ between any two games whatever their cards.
const GAME_SPECIFIC: &[&str] = &[
    "id",
    "seed_commitment",
    "seed_nonce",
    "created_at",
    "started_at",
];

/// `game` without the fields that differ between any two games.
fn without_game_specific(mut game: Value) -> Value {
    if let Some(object) = game.as_object_mut() {
        for key in GAME_SPECIFIC {
            object.remove(*key);
        }
    }
    game
}

/// A move sent only to see how it is refused.
pub enum Probe {
    /// On the version just read.
    Current(Value),
    /// On a version the game has not reached.
    Stale(Value),
}

impl TestApp {
    /// Everything `viewer` (seated at `seat`, or a spectator) is told about game `id`: the game
    /// (without its game-specific fields), its events, a seat's legal moves and, while the viewer
    /// has no decision to make (so that none can be accepted), the refusals of `probes`.
    pub async fn everything_seen(
        &self,
        viewer: &Player,
        seat: Option<usize>,
        id: &str,
        probes: &[Probe],
    ) -> Vec<Value> {
        let game = self.game(viewer, id).await;
        let version = game["version"].clone();
        let deciding = seat.is_some_and(|seat| seats(&game["to_act"]).contains(&seat));
        let mut seen = vec![without_game_specific(game), self.events(viewer, id).await];
        if seat.is_some() {
            seen.push(self.legal_moves(viewer, id).await);
        }
        if deciding {
            return seen;
        }
        let stale = json!(int(&version) + 1);
        for probe in probes {
            let (mv, version) = match probe {
                Probe::Current(mv) => (mv, &version),
                Probe::Stale(mv) => (mv, &stale),
            };
            let reply = self.post_move(viewer, id, version, mv).await;
            assert!(
                reply.status >= 400,
                "probe {mv} was accepted: {}",
                reply.text
            );
            seen.push(json!({"status": reply.status, "body": reply.body}));
        }
        seen
    }

    /// Asserts that `viewer` (seated at `seat`, or a spectator) is told the same about the two
    /// games `ids`, which differ only in what it cannot see; `probes` as in
    /// [`TestApp::everything_seen`].
    pub async fn assert_told_the_same(
        &self,
        viewer: &Player,
        seat: Option<usize>,
        ids: [&str; 2],
        probes: &[Probe],
        context: &str,
    ) {
        let first = self.everything_seen(viewer, seat, ids[0], probes).await;
        let second = self.everything_seen(viewer, seat, ids[1], probes).await;
        assert_eq!(
            first, second,
            "{context}: {} sees a difference it should not",
            viewer.username
        );
    }
}
