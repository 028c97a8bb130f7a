use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::tokens::{CreatePersonalToken, CreatedPersonalToken};

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::limits::Limits;
use crate::service::{GameService, blocking};

/// Make a personal access token for an integration.
///
/// The token (`ctp_…`) is in this answer only: the server keeps its hash. Send it as
/// `Authorization: Bearer <token>`; it may do what its `scopes` allow and nothing else, until
/// `expires_at` or until it is revoked. Only a login session can make one (`account:manage`);
/// an account holds at most 20 unexpired tokens.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:manage"])),
    request_body = CreatePersonalToken,
    responses(
        (status = 201, description = "The new token, with its secret: shown this once", body = CreatedPersonalToken),
        (status = 400, description = "`malformed`: the body does not parse (an unknown scope included)", body = Problem, content_type = "application/problem+json"),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "`too_many_tokens`: the account holds 20 unexpired tokens already", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_token_name` or `invalid_expires_in` (`option` names the field)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "`rate_limited`: too many tokens made a minute; `Retry-After` says when to retry", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/me/tokens")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn post_personal_tokens(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    account: AuthenticatedAccount,
    body: JsonBody<CreatePersonalToken>,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountManage)?;
    limits.check_create_personal_token(account.id)?;
    let service = service.into_inner();
    let body = body.into_inner();
    let created =
        blocking(move || service.create_personal_token(account.id, body, service.now())).await?;
    tracing::info!(token_id = %created.id, "personal access token made");
    Ok(HttpResponse::Created().json(created))
}
