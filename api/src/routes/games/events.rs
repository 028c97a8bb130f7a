use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::games::{EventEntry, EventPage, EventQuery};
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Read the event log as the caller may see it.
///
/// Restricted details appear only for those entitled to them. Pass the page's `last_seq` as
/// `after` to continue.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    params(("id" = Uuid, Path, description = "The game id"), EventQuery),
    responses(
        (status = 200, description = "Events after `after`, oldest first", body = EventPage),
        (status = 404, description = "`game_not_found`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_page`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}/events")]
#[tracing::instrument(skip_all, fields(game_id = %id, account = %account.id))]
pub async fn get_events(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    id: web::Path<Uuid>,
    query: web::Query<EventQuery>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let id = id.into_inner();
    let after = query.after.unwrap_or(0);
    let limit = query.limit.unwrap_or(1000);
    if !(1..=1000).contains(&limit) || after < 0 {
        return Err(ApiError::Unprocessable {
            code: "invalid_page",
            detail: "limit is 1 to 1000 and after is not negative".to_owned(),
            option: None,
        });
    }
    let (game, events, last_seq) =
        blocking(move || service.events(account.id, id, after, limit, service.now())).await?;
    Ok(crate::routes::private_ok().json(EventPage {
        kind: game.kind.id().to_owned(),
        events: events
            .into_iter()
            .map(|event| EventEntry {
                seq: event.seq,
                version: event.version,
                event: event.event.into(),
            })
            .collect(),
        last_seq,
    }))
}
