use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::games::{CreateGame, Game};

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::idempotency::{self, IdempotencyKey};
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::GameService;

/// Create a game; the creator takes seat 0.
///
/// The game starts when every seat is taken. Options, player count, seed and setup are
/// checked by setting the game up once, so a request the rules refuse gets 422 here and not
/// later.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:play"])),
    params(
        ("Idempotency-Key" = Option<String>, Header, description = "Makes a retry safe: the same key and body within 24 hours replay the first response (1 to 255 visible ASCII characters)"),
    ),
    request_body = CreateGame,
    responses(
        (status = 201, description = "The game, as its creator sees it", body = Game,
            headers(("Idempotent-Replayed" = String, description = "`true` when this is the kept response of an earlier request with the same Idempotency-Key"), ("ETag" = String, description = "The tag a `GET` of this view carries: revalidate with `If-None-Match`"))),
        (status = 400, description = "Malformed body, setup or Idempotency-Key", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`idempotency_in_flight`: a request with this key is still running", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "Unknown kind, or refused options, player count, seed or setup (`unknown_option`, `invalid_players`, `invalid_setup`, …; `option` names the option); `idempotency_key_reused` for a key sent with another request", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many games created; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/games")]
#[tracing::instrument(skip_all, fields(account = %account.id, kind = %body.kind))]
pub async fn post_games(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    key: IdempotencyKey,
    body: JsonBody<CreateGame>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesPlay)?;
    limits.check_create_game(account.id)?;
    let body = body.into_inner();
    idempotency::respond(
        service.into_inner(),
        account.id,
        key,
        body,
        StatusCode::CREATED,
        move |service, body, key| {
            service
                .create_game(account.id, body, service.now(), key)
                .map(Arc::new)
        },
    )
    .await
}
