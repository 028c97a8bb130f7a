use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::Game;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::idempotency::{self, IdempotencyKey};
use crate::limits::Limits;
use crate::service::GameService;

/// Take a seat in the game of an invite code.
///
/// The same as `POST /v1/games/{id}/join` on the game whose creator handed out the code
/// (listed or unlisted): the seat reserved for the caller by an invitation, else the lowest
/// free seat nobody's invitation reserves.
#[utoipa::path(
    tag = "invites",
    security(("bearer" = ["games:play"])),
    params(
        ("code" = String, Path, description = "The invite code"),
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same key within 24 hours replays the first response"),
    ),
    responses(
        (status = 200, description = "The game, as the new seat sees it", body = Game,
            headers(("Idempotent-Replayed" = String, description = "`true` when this is the kept response of an earlier request with the same Idempotency-Key"), ("ETag" = String, description = "The tag a `GET` of this view carries: revalidate with `If-None-Match`"))),
        (status = 400, description = "`malformed`: a bad Idempotency-Key", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`invite_not_found`: no game has this code (or it was revoked)", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`already_seated`, `game_full`, `seat_reserved` (the free seats are reserved for invited accounts), `not_open`, or `idempotency_in_flight`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`idempotency_key_reused`: the key was sent with another request", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many joins a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/invites/{code}/join")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn join_by_invite(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    key: IdempotencyKey,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    limits.live().check_join(account.id)?;
    let code = code.into_inner();
    idempotency::respond(
        service.into_inner(),
        account.id,
        key,
        (),
        StatusCode::OK,
        move |service, (), key| {
            service
                .join_by_invite(account.id, &code, service.now(), key)
                .map(Arc::new)
        },
    )
    .await
}
