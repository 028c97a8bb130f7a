use actix_web::{HttpRequest, HttpResponse, get, web};
use openapi::Problem;
use openapi::live::AccountStreamQuery;
use openapi::sse::AccountStreamEvent;

use crate::auth::Scope;
use crate::error::ApiError;
use crate::push::account_stream;
use crate::push::tickets::StreamCaller;
use crate::service::GameService;

/// What needs the caller across all its games (server-sent events).
///
/// The SSE `event:` is the message's `type`: a game it sits in started, it is to act (with the deadline), a game
/// finished, an open game was cancelled, a seat was reserved for it (`invited`). It starts with
/// a `your_turn` for every game waiting on the caller now and an `invited` for every pending
/// invitation, so a reconnecting client misses nothing it must do. Keep-alive comments come
/// at least every 10 s. Authenticate with a bearer token, or with `?ticket=` from
/// `POST /v1/me/stream-tickets` (browsers).
#[utoipa::path(
    tag = "live",
    security(("bearer" = ["games:read"]), ()),
    params(AccountStreamQuery),
    responses(
        (status = 200, description = "A `text/event-stream` of account messages", body = AccountStreamEvent, content_type = "text/event-stream"),
        (status = 400, description = "Malformed query", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token, or an invalid or expired ticket (one for another stream is invalid here)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: the account has as many streams open as it may; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[get("/me/stream")]
#[tracing::instrument(skip_all, fields(account = %caller.id))]
pub async fn get_account_stream(
    request: HttpRequest,
    service: web::Data<GameService>,
    caller: StreamCaller,
    _query: web::Query<AccountStreamQuery>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let service = GameService::clone(&service.into_inner());
    account_stream::open(&request, service, caller.id, caller.session).await
}
