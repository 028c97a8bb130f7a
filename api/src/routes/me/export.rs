use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::me::AccountExport;

use crate::auth::{AuthenticatedAccount, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Everything stored about the caller's account, as JSON.
///
/// The profile, the stream tickets that have not expired (which stream and until when: the
/// ticket itself is never stored), and every game the account holds a seat in with its kind,
/// seat, status, result and the moves its seat made. No secret is in it: no password hash, no
/// ticket hash.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:read"])),
    responses(
        (status = 200, description = "The export", body = AccountExport),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/export")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn export_me(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountRead)?;
    let service = service.into_inner();
    let export = blocking(move || service.export_account(account.id)).await?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "private, no-store"))
        .json(export))
}
