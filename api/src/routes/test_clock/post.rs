use actix_web::{HttpResponse, post, web};
use openapi::Problem;
use openapi::test_clock::{AdvanceClock, TestClock};

use crate::error::ApiError;
use crate::json_body::JsonBody;
use crate::service::{GameService, blocking};

/// Move the test clock on (servers run with `TEST_CLOCK=true` only).
///
/// Every deadline passed on the way is expired before the answer, earliest first and each at
/// its own time, exactly as the background tick would have: the default moves are applied,
/// their events logged and streamed (bots then answer as usual, shortly after). Without
/// `TEST_CLOCK=true`, 404.
#[utoipa::path(
    tag = "testing",
    request_body = AdvanceClock,
    responses(
        (status = 200, description = "The server's time after the move, and the deadlines expired", body = TestClock),
        (status = 400, description = "`malformed` body", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "`not_found`: the test clock is off", body = Problem, content_type = "application/problem+json"),
        (status = 413, description = "`payload_too_large`", body = Problem, content_type = "application/problem+json"),
        (status = 415, description = "`unsupported_media_type`: the body is not `application/json`", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "`invalid_advance`: negative, or more than a year", body = Problem, content_type = "application/problem+json"),
    )
)]
#[post("/test/clock")]
pub async fn post_test_clock(
    service: web::Data<GameService>,
    body: JsonBody<AdvanceClock>,
) -> Result<HttpResponse, ApiError> {
    // 404 before anything else when the clock is off.
    service.test_clock()?;
    let secs = body.into_inner().advance_secs;
    let service = service.into_inner();
    let (now, expired) = blocking(move || {
        let expired = service.advance_test_clock(secs)?;
        Ok((service.now(), expired))
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(("cache-control", "no-store"))
        .json(TestClock { now, expired }))
}
