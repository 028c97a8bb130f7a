use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::accounts::{Account, Credentials};

use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::service::{GameService, blocking};

/// Register an account.
///
/// Usernames are unique. Log in with `POST /v1/sessions` to get a bearer token; the password
/// is stored only as an Argon2 hash.
#[utoipa::path(
    tag = "accounts",
    request_body = Credentials,
    responses(
        (status = 201, description = "The account was created", body = Account),
        (status = 409, description = "`username_taken`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_username` or `invalid_password`", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/accounts")]
#[tracing::instrument(skip_all, fields(username = %body.username))]
pub async fn post_accounts(
    service: web::Data<GameService>,
    body: JsonBody<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { username, password } = body.into_inner();
    let service = service.into_inner();
    let account = blocking(move || service.register(&username, &password, service.now())).await?;
    Ok(HttpResponse::Created().json(Account {
        id: account.id,
        username: account.username,
        created_at: account.created_at,
    }))
}
