use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::games::Health;

use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Check that the server answers and its database is reachable.
///
/// Needs no token; meant for load balancers and start-up scripts.
#[utoipa::path(
    tag = "meta",
    responses(
        (status = 200, description = "Healthy", body = Health),
        (status = 503, description = "The database is unreachable", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/healthz")]
pub async fn get_healthz(service: web::Data<GameService>) -> Result<HttpResponse, ApiError> {
    let service = service.into_inner();
    let database = blocking(move || {
        service.database().ping()?;
        Ok(match service.database().backend() {
            persistence::Backend::Sqlite => "sqlite",
            persistence::Backend::Postgres => "postgres",
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ok".to_owned(),
        database: database.to_owned(),
    }))
}
