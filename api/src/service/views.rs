//! Views ready to send, rendered once per game revision and viewer: fetching a view again, or
//! fetching the one a move has just answered with, costs no rendering, serializing or hashing.

use std::sync::Arc;

use openapi::games::LegalMovesResponse;
use persistence::GameRecord;
use serde::Serialize;
use uuid::Uuid;

use super::GameService;
use super::games::seat_of;
use super::render::{render_game_as, viewer_of};
use crate::cache::{RenderedView, ViewKey};
use crate::error::ApiError;

impl GameService {
    /// The game now, as `account` may see it.
    pub fn game_view(
        &self,
        account: Uuid,
        id: Uuid,
        now: i64,
    ) -> Result<Arc<RenderedView>, ApiError> {
        let game = self.current(id, now)?;
        self.rendered_game(&game, account)
    }

    /// As [`GameService::game_view`], without blocking the caller's thread: `None` when that
    /// cannot be done (the blocking path then answers).
    pub async fn game_view_now(
        &self,
        account: Uuid,
        id: Uuid,
        now: i64,
    ) -> Option<Arc<RenderedView>> {
        let game = self.cached_now(id, now).await?;
        self.rendered_game(&game, account).ok()
    }

    /// The cached game, if its revision, read without blocking the caller's thread (on SQLite
    /// at once, [`persistence::Database::revision_now`]; on PostgreSQL by the revision reader),
    /// is the cached one and nothing is to be done to bring it up to date.
    async fn cached_now(&self, id: Uuid, now: i64) -> Option<Arc<GameRecord>> {
        if !self.hub.cache().holds(id) {
            return None;
        }
        let revision = match &self.revisions {
            Some(reader) => reader.revision(id).await,
            None => self.db.revision_now(id),
        }?;
        self.cached_at(id, revision, now)
    }

    /// `game` as `account` may see it.
    pub fn rendered_game(
        &self,
        game: &GameRecord,
        account: Uuid,
    ) -> Result<Arc<RenderedView>, ApiError> {
        let viewer = viewer_of(game, account);
        self.rendered(game, ViewKey::Game(viewer), || render_game_as(game, viewer))
    }

    /// `account`'s legal moves now, as its seat may see them.
    pub fn legal_moves_view(
        &self,
        account: Uuid,
        id: Uuid,
        now: i64,
    ) -> Result<Arc<RenderedView>, ApiError> {
        let game = self.current(id, now)?;
        self.rendered_legal_moves(&game, account)
    }

    /// As [`GameService::legal_moves_view`], without blocking: `None` when that cannot be done
    /// now (or the caller is to be refused: the blocking path says why).
    pub async fn legal_moves_view_now(
        &self,
        account: Uuid,
        id: Uuid,
        now: i64,
    ) -> Option<Arc<RenderedView>> {
        let game = self.cached_now(id, now).await?;
        self.rendered_legal_moves(&game, account).ok()
    }

    fn rendered_legal_moves(
        &self,
        game: &GameRecord,
        account: Uuid,
    ) -> Result<Arc<RenderedView>, ApiError> {
        let seat = seat_of(game, account).ok_or_else(|| ApiError::Forbidden {
            code: "not_a_player",
            detail: "you have no seat in this game".to_owned(),
        })?;
        let state = game.state.as_ref().ok_or_else(super::games::not_started)?;
        self.rendered(game, ViewKey::LegalMoves(seat), || LegalMovesResponse {
            kind: game.kind.id().to_owned(),
            version: game.version,
            seat: seat.0,
            legal_moves: state.legal_moves(seat).into(),
        })
    }

    /// The rendering of `game` for `key`: the one kept for this state of the game, or made now
    /// and kept (while the game is cached in that state; see the cache's `same_state`).
    fn rendered<T: Serialize>(
        &self,
        game: &GameRecord,
        key: ViewKey,
        render: impl FnOnce() -> T,
    ) -> Result<Arc<RenderedView>, ApiError> {
        let cache = self.hub.cache();
        if let Some(view) = cache.rendered(game, key) {
            return Ok(view);
        }
        let view = Arc::new(RenderedView::of(&render())?);
        cache.keep_rendered(game, key, &view);
        Ok(view)
    }
}
