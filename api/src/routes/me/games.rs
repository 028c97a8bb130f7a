use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::inbox::{Inbox, InboxQuery};

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// The caller's inbox: its games in play, most urgent first.
///
/// The games the caller sits in that are not over (listed or not): those where its seat is to
/// act by the earliest deadline first, then those where it is to act without a deadline, then
/// the rest. `your_turn_count` counts the games waiting on the caller. Paged like
/// `GET /v1/games`: pass a page's `next_cursor` as `cursor` for the next.
#[utoipa::path(
    tag = "games",
    security(("bearer" = ["games:read"])),
    params(InboxQuery),
    responses(
        (status = 200, description = "One page of the caller's games in play", body = Inbox),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_page`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/games")]
pub async fn get_my_games(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
    query: web::Query<InboxQuery>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::GamesRead)?;
    let service = service.into_inner();
    let query = query.into_inner();
    let inbox = blocking(move || service.inbox(account.id, &query)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("cache-control", "private, no-cache"))
        .json(inbox))
}
