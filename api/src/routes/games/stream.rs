use actix_web::{HttpRequest, HttpResponse, get, web};
use openapi::Problem;
use openapi::live::GameStreamQuery;
use openapi::sse::GameStreamEvent;
use persistence::GameStatus;
use uuid::Uuid;

use crate::auth::Scope;
use crate::error::ApiError;
use crate::push::game_stream;
use crate::push::tickets::StreamCaller;
use crate::service::{GameService, blocking};

/// The game's events as they happen (server-sent events).
///
/// Each message is exactly an entry of `GET /v1/games/{id}/events` for the same caller (`id:` its `seq`, `event:` its type). The
/// events after `Last-Event-ID` (or `after`) are replayed first, then it goes live without gap
/// or duplicate. A keep-alive comment comes at least every 10 s; the stream ends after the
/// game's last event, and answers 204 (which stops `EventSource` for good, with no error on the
/// page's console) once there is nothing left. A client that stops reading is disconnected once
/// its buffer stays full; it resumes by reconnecting. Authenticate with a bearer token, or with
/// `?ticket=` from `POST /v1/games/{id}/stream-tickets` (browsers: the ticket's `url` keeps
/// working across every reconnect until the token that asked for it expires).
#[utoipa::path(
    tag = "live",
    security(("bearer" = ["games:read"]), ()),
    params(
        ("id" = Uuid, Path, description = "The game id"),
        ("Last-Event-ID" = Option<i64>, Header, description = "The `seq` of the last event received; replay resumes after it"),
        GameStreamQuery,
    ),
    responses(
        (status = 200, description = "A `text/event-stream`; each message's data is one event entry", body = GameStreamEvent, content_type = "text/event-stream"),
        (status = 204, description = "The game is over and every event was sent: nothing more will come"),
        (status = 400, description = "Malformed query or `Last-Event-ID`", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token, or an invalid or expired ticket (one for another stream is invalid here)", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_page`: a negative position", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: the account has as many streams open as it may; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[get("/games/{id}/stream")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %caller.id))]
pub async fn get_game_stream(
    request: HttpRequest,
    service: web::Data<GameService>,
    caller: StreamCaller,
    id: web::Path<Uuid>,
    query: web::Query<GameStreamQuery>,
) -> Result<HttpResponse, ApiError> {
    caller.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let query_after = query.after.unwrap_or(0);
    let after = last_event_id(&request)?.unwrap_or(query_after);
    // A negative `after` is refused even where `Last-Event-ID` takes precedence over it.
    if after < 0 || query_after < 0 {
        return Err(ApiError::Unprocessable {
            code: "invalid_page",
            detail: "after is not negative".to_owned(),
            option: None,
        });
    }
    // Access and existence are checked before the stream opens, so errors are plain problems.
    let (game, _, last_seq) = {
        let service = service.clone();
        blocking(move || service.events(caller.id, id, after, 1, service.now())).await?
    };
    if game.status == GameStatus::Finished && last_seq == after {
        return Ok(HttpResponse::NoContent().finish());
    }
    Ok(game_stream::open(
        &request,
        GameService::clone(&service),
        caller.id,
        caller.session,
        id,
        after,
    ))
}

fn last_event_id(request: &HttpRequest) -> Result<Option<i64>, ApiError> {
    request
        .headers()
        .get("last-event-id")
        .map(|value| {
            value
                .to_str()
                .ok()
                .and_then(|text| text.trim().parse::<i64>().ok())
                .ok_or_else(|| {
                    ApiError::Malformed("Last-Event-ID must be an event's seq".to_owned())
                })
        })
        .transpose()
}
