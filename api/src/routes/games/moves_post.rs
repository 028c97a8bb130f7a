use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::{Game, MoveRequest};
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::idempotency::{self, IdempotencyKey};
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::GameService;

/// Submit a move made on `version`.
///
/// A move made on another version than the game's current one gets 409 `stale_version`: read
/// the game again and decide again. An illegal move gets 422 with the rules' error code.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    params(
        ("id" = Uuid, Path, description = "The game id"),
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same key and body within 24 hours replay the first response and apply nothing (1 to 255 visible ASCII characters)"),
    ),
    request_body = MoveRequest,
    responses(
        (status = 200, description = "The move was applied; the game as the caller now sees it", body = Game,
            headers(("Idempotent-Replayed" = String, description = "`true` when this is the kept response of an earlier request with the same Idempotency-Key"), ("ETag" = String, description = "The tag a `GET` of this view carries: revalidate with `If-None-Match`"))),
        (status = 400, description = "`malformed`: the body, the move or the Idempotency-Key does not parse", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "`not_a_player`: the caller has no seat in this game", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`stale_version` (fetch the game and retry), `game_not_started`, or `idempotency_in_flight`", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "An illegal move (`code` is the rules' error code), `move_kind_mismatch` (a move of another game kind), or `idempotency_key_reused`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many moves; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/games/{id}/moves")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id, version = body.version))]
pub async fn post_moves(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    key: IdempotencyKey,
    id: web::Path<Uuid>,
    body: JsonBody<MoveRequest>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    limits.check_move(account.id)?;
    let id = id.into_inner();
    let body = body.into_inner();
    idempotency::respond(
        service.into_inner(),
        account.id,
        key,
        body,
        StatusCode::OK,
        move |service, body, key| {
            let MoveRequest { version, body } = body;
            service.submit_move(account.id, id, version, body, service.now(), key)
        },
    )
    .await
}
