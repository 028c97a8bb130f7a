use actix_web::{HttpResponse, get, web};
use openapi::Problem;
use openapi::test_clock::TestClock;

use crate::error::ApiError;
use crate::service::GameService;

/// The test clock: the server's time (servers run with `TEST_CLOCK=true` only).
///
/// For automated testers: a server started with `TEST_CLOCK=true` runs on a clock that starts
/// at the system time and moves only with `POST /v1/test/clock`. Without it, 404.
#[utoipa::path(
    tag = "testing",
    responses(
        (status = 200, description = "The server's time", body = TestClock),
        (status = 404, description = "`not_found`: the test clock is off", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/test/clock")]
pub async fn get_test_clock(service: web::Data<GameService>) -> Result<HttpResponse, ApiError> {
    let now = service.test_clock()?.now();
    Ok(HttpResponse::Ok()
        .insert_header(("cache-control", "no-store"))
        .json(TestClock { now, expired: 0 }))
}
