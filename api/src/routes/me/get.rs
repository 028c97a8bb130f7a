use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::sessions::{CredentialInfo, Me};

use crate::auth::{AuthenticatedAccount, Credential, Scope};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// The signed-in account, the credential the request used, and what it may do.
///
/// A token-test for integrators too: with a personal access token it names that token and its
/// scopes; with a login session, the session and every scope.
#[utoipa::path(
    tag = "accounts",
    security(("bearer" = ["account:read"])),
    responses(
        (status = 200, description = "The account behind the token", body = Me),
        (status = 401, description = "No or bad token", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me")]
#[tracing::instrument(skip_all, fields(account = %account.id))]
pub async fn get_me(
    service: web::Data<GameService>,
    account: AuthenticatedAccount,
) -> Result<HttpResponse, ApiError> {
    account.require(Scope::AccountRead)?;
    let service = service.into_inner();
    let id = account.id;
    let stored = blocking(move || service.account(id))
        .await?
        .ok_or(ApiError::Unauthorized(
            "the access token is invalid or expired",
        ))?;
    let credential = match account.credential {
        Credential::Session { id } => CredentialInfo::Session { id },
        Credential::PersonalToken { id } => CredentialInfo::PersonalToken { id },
    };
    Ok(HttpResponse::Ok().json(Me {
        id: stored.id,
        username: stored.username,
        created_at: stored.created_at,
        credential,
        scopes: account
            .scopes
            .iter()
            .map(|scope| scope.name().to_owned())
            .collect(),
    }))
}
