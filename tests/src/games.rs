//! Typed helpers for games over HTTP: create, read, move.

use rand::RngExt;
use rand::rngs::StdRng;
use serde_json::{Value, json};

use crate::json::{array, text};
use crate::{Player, Reply, TestApp};

impl TestApp {
    /// Creates a game as `creator` and has `others` join in order; returns the game id.
    pub async fn start_game(&self, creator: &Player, others: &[&Player], request: Value) -> String {
        let created = self
            .post(creator, "/v1/games", request)
            .await
            .expect_status(201);
        let id = text(&created.body["id"]);
        for player in others {
            self.post(player, &format!("/v1/games/{id}/join"), json!({}))
                .await
                .expect_status(200);
        }
        id
    }

    pub async fn game(&self, player: &Player, id: &str) -> Value {
        self.get(player, &format!("/v1/games/{id}"))
            .await
            .expect_status(200)
            .body
    }

    pub async fn legal_moves(&self, player: &Player, id: &str) -> Value {
        self.get(player, &format!("/v1/games/{id}/legal-moves"))
            .await
            .expect_status(200)
            .body
    }

    pub async fn events(&self, player: &Player, id: &str) -> Value {
        self.get(player, &format!("/v1/games/{id}/events"))
            .await
            .expect_status(200)
            .body
    }

    /// The game kind `kind` as `GET /v1/game-kinds` describes it.
    pub async fn game_kind(&self, player: &Player, kind: &str) -> Value {
        let kinds = self.get(player, "/v1/game-kinds").await.expect_status(200);
        array(&kinds.body)
            .into_iter()
            .find(|listed| listed["id"] == kind)
            .unwrap_or_else(|| panic!("{kind} is not listed: {}", kinds.text))
    }

    /// The seed and input log of a finished game (`GET /v1/games/{id}/moves`).
    pub async fn move_log(&self, player: &Player, id: &str) -> Value {
        self.get(player, &format!("/v1/games/{id}/moves"))
            .await
            .expect_status(200)
            .body
    }

    /// Posts `mv` on `version`.
    pub async fn post_move(&self, player: &Player, id: &str, version: &Value, mv: &Value) -> Reply {
        self.post(
            player,
            &format!("/v1/games/{id}/moves"),
            json!({"version": version, "move": mv}),
        )
        .await
    }

    /// Posts `mv` on the game's current version as seen by `player`.
    pub async fn play(&self, player: &Player, id: &str, mv: Value) -> Reply {
        let version = self.game(player, id).await["version"].clone();
        self.post_move(player, id, &version, &mv).await
    }

    /// `player`, who must act, makes one of its legal moves at random, which must be accepted.
    /// Returns the move and the game as `player` then sees it.
    pub async fn play_random(&self, player: &Player, id: &str, rng: &mut StdRng) -> (Value, Value) {
        let legal = self.legal_moves(player, id).await;
        let moves = array(&legal["legal_moves"]);
        assert!(
            !moves.is_empty(),
            "{} must act but has no legal move",
            player.username
        );
        let mv = moves[rng.random_range(0..moves.len())].clone();
        let reply = self.post_move(player, id, &legal["version"], &mv).await;
        assert_eq!(reply.status, 200, "legal move {mv} refused: {}", reply.text);
        (mv, reply.body)
    }

    /// Plays `mv` and insists it is accepted; returns the game as `player` then sees it.
    pub async fn accept(&self, player: &Player, id: &str, mv: Value) -> Value {
        let text = mv.to_string();
        let reply = self.play(player, id, mv).await;
        assert_eq!(reply.status, 200, "move {text} refused: {}", reply.text);
        reply.body
    }

    /// Plays `mv` and insists it is refused as the problem `status` `code`, and that the refusal
    /// changed nothing `player` can see.
    pub async fn refuse(&self, player: &Player, id: &str, mv: Value, status: u16, code: &str) {
        let before = self.game(player, id).await;
        let text = mv.to_string();
        let reply = self.post_move(player, id, &before["version"], &mv).await;
        assert_eq!(reply.code(), code, "{text}: {}", reply.text);
        reply.assert_problem(status, code);
        let after = self.game(player, id).await;
        assert_eq!(before, after, "the refused move {text} changed the game");
    }
}
