use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::tokens::PersonalTokenList;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// List the caller's personal access tokens, without their secrets.
///
/// Oldest first; expired tokens stay listed until the next token is made.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:read"])),
    responses(
        (status = 200, description = "The account's tokens", body = PersonalTokenList),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/tokens")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn list_personal_tokens(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountRead)?;
    let service = service.into_inner();
    let tokens = blocking(move || service.personal_tokens(account.id)).await?;
    Ok(HttpResponse::Ok().json(tokens))
}
