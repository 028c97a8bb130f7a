use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::sessions::{SessionList, SessionSummary};

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// The account's live sessions, newest first; `current` marks the caller's own.
///
/// Each with when it was made and last used and the user agent that made it; never a token.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:read"])),
    responses(
        (status = 200, description = "Every session neither ended nor expired", body = SessionList),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/sessions")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn list_sessions(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountRead)?;
    let service = service.into_inner();
    let id = account.id;
    let sessions = blocking(move || service.sessions(id, service.now())).await?;
    let current = account.credential.session();
    Ok(HttpResponse::Ok().json(SessionList {
        sessions: sessions
            .into_iter()
            .map(|session| SessionSummary {
                current: Some(session.id) == current,
                id: session.id,
                created_at: session.created_at,
                last_used_at: session.last_used_at,
                user_agent: session.user_agent,
            })
            .collect(),
    }))
}
