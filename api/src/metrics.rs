//! Operational metrics in Prometheus text format (`GET /metrics`).
//!
//! Each server owns its recorder instead of installing a process-wide one, so servers started
//! side by side (as the tests do) count separately. Labels are route patterns, methods and
//! statuses, never a raw path, a game id or anything a game hides. Even so, counts tell what
//! happens on a quiet server (a secret submission is a request), so `/metrics` is served only
//! to whoever holds `METRICS_TOKEN`, or on a listener of its own (`METRICS_ADDR`); with
//! neither it is not served at all.

use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpRequest, HttpResponse, get, web};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusRecorder};
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::ApiError;
use crate::service::GameService;

/// Request latencies, in seconds: from a cached read to a slow write under contention.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// How late deadlines are expired, in seconds (the tick runs every second by default).
const LAG_BUCKETS: &[f64] = &[0.0, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 300.0];

pub struct Metrics {
    recorder: PrometheusRecorder,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(
                Matcher::Full("cardtable_http_request_duration_seconds".to_owned()),
                LATENCY_BUCKETS,
            )
            .and_then(|builder| {
                builder.set_buckets_for_metric(
                    Matcher::Full("cardtable_deadline_lag_seconds".to_owned()),
                    LAG_BUCKETS,
                )
            })
            // Only an empty bucket list is refused, and these are constants.
            .unwrap_or_else(|_| PrometheusBuilder::new())
            .build_recorder();
        let metrics = Self { recorder };
        // Present from the start, so dashboards see zeros rather than gaps.
        metrics.record(|| {
            metrics::counter!("cardtable_move_commits_total").absolute(0);
            metrics::counter!("cardtable_expiry_commits_total").absolute(0);
            metrics::counter!("cardtable_version_conflicts_total").absolute(0);
            metrics::counter!("cardtable_idempotent_replays_total").absolute(0);
            metrics::counter!("cardtable_games_set_aside_total").absolute(0);
            metrics::counter!("cardtable_cache_hits_total").absolute(0);
            metrics::counter!("cardtable_cache_misses_total").absolute(0);
            metrics::gauge!("cardtable_open_streams").set(0.0);
            metrics::gauge!("cardtable_http_requests_in_flight").set(0.0);
        });
        metrics
    }

    /// Runs `record` with this server's recorder as the current one.
    pub fn record<T>(&self, record: impl FnOnce() -> T) -> T {
        metrics::with_local_recorder(&self.recorder, record)
    }

    pub fn move_committed(&self) {
        self.record(|| metrics::counter!("cardtable_move_commits_total").increment(1));
    }

    pub fn expiry_committed(&self, lag_secs: i64) {
        self.record(|| {
            metrics::counter!("cardtable_expiry_commits_total").increment(1);
            metrics::histogram!("cardtable_deadline_lag_seconds").record(lag_secs.max(0) as f64);
        });
    }

    pub fn cache_hit(&self) {
        self.record(|| metrics::counter!("cardtable_cache_hits_total").increment(1));
    }

    pub fn cache_miss(&self) {
        self.record(|| metrics::counter!("cardtable_cache_misses_total").increment(1));
    }

    pub fn version_conflict(&self) {
        self.record(|| metrics::counter!("cardtable_version_conflicts_total").increment(1));
    }

    pub fn idempotent_replay(&self) {
        self.record(|| metrics::counter!("cardtable_idempotent_replays_total").increment(1));
    }

    pub fn game_set_aside(&self) {
        self.record(|| metrics::counter!("cardtable_games_set_aside_total").increment(1));
    }

    fn request(&self, method: &str, route: String, status: u16, elapsed: Duration) {
        let labels = [
            ("method", method.to_owned()),
            ("route", route),
            ("status", status.to_string()),
        ];
        self.record(|| {
            metrics::counter!("cardtable_http_requests_total", &labels).increment(1);
            metrics::histogram!("cardtable_http_request_duration_seconds", &labels)
                .record(elapsed.as_secs_f64());
        });
    }

    fn render(&self, pool: persistence::PoolState, open_streams: usize) -> String {
        self.record(|| {
            // Read at render time: the hub counts its streams itself.
            #[allow(clippy::cast_precision_loss, reason = "a count of streams fits an f64")]
            metrics::gauge!("cardtable_open_streams").set(open_streams as f64);
            metrics::gauge!("cardtable_db_pool_connections").set(f64::from(pool.connections));
            metrics::gauge!("cardtable_db_pool_idle_connections")
                .set(f64::from(pool.idle_connections));
            metrics::gauge!("cardtable_db_pool_max_connections")
                .set(f64::from(pool.max_connections));
        });
        let handle = self.recorder.handle();
        handle.run_upkeep();
        handle.render()
    }
}

/// Counts a request in `cardtable_http_requests_in_flight` until it is answered or dropped.
struct InFlightRequest(web::Data<GameService>);

impl InFlightRequest {
    fn new(service: web::Data<GameService>) -> Self {
        service
            .metrics()
            .record(|| metrics::gauge!("cardtable_http_requests_in_flight").increment(1.0));
        Self(service)
    }
}

impl Drop for InFlightRequest {
    fn drop(&mut self) {
        self.0
            .metrics()
            .record(|| metrics::gauge!("cardtable_http_requests_in_flight").decrement(1.0));
    }
}

/// Counts every request by route pattern (`/v1/games/{id}`), method and status, and times it.
pub async fn count_requests(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let service = request.app_data::<web::Data<GameService>>().cloned();
    let method = request.method().as_str().to_owned();
    let _in_flight = service.clone().map(InFlightRequest::new);
    let response = next.call(request).await?;
    if let Some(service) = service {
        // A path that matched no route is counted under one label, so scanners cannot blow up
        // the number of series.
        let route = response
            .request()
            .match_pattern()
            .unwrap_or_else(|| "unmatched".to_owned());
        service.metrics().request(
            &method,
            route,
            response.status().as_u16(),
            started.elapsed(),
        );
    }
    Ok(response)
}

/// Who a listener serves `/metrics` to.
#[derive(Clone)]
pub enum MetricsAccess {
    /// Nobody: the path does not exist here.
    Closed,
    /// Whoever sends this bearer token.
    Token(SecretString),
    /// Everyone who can reach the listener (one of its own, on an operator's network).
    Open,
}

impl MetricsAccess {
    /// What the public listener allows: the token when one is set, otherwise nothing.
    pub fn public(token: Option<&SecretString>) -> Self {
        token.map_or(Self::Closed, |token| Self::Token(token.clone()))
    }

    /// What the listener of its own allows: the token when one is set, otherwise everyone.
    pub fn own_listener(token: Option<&SecretString>) -> Self {
        token.map_or(Self::Open, |token| Self::Token(token.clone()))
    }

    fn check(&self, request: &HttpRequest) -> Result<(), ApiError> {
        match self {
            Self::Open => Ok(()),
            Self::Closed => Err(ApiError::NotFound {
                code: "not_found",
                detail: "no such route".to_owned(),
            }),
            Self::Token(expected) => {
                let sent = request
                    .headers()
                    .get(actix_web::http::header::AUTHORIZATION)
                    .and_then(|value| value.to_str().ok())
                    .and_then(|value| value.split_once(' '))
                    .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
                    .map(|(_, token)| token.trim());
                match sent {
                    Some(sent) if same_secret(sent, expected.expose_secret()) => Ok(()),
                    _ => Err(ApiError::Unauthorized(
                        "send the metrics token as a bearer token",
                    )),
                }
            }
        }
    }
}

/// Compares digests of both, in constant time: neither the token's bytes nor its length show
/// in how long a refusal takes.
fn same_secret(sent: &str, expected: &str) -> bool {
    let sent = Sha256::digest(sent.as_bytes());
    let expected = Sha256::digest(expected.as_bytes());
    sent.ct_eq(&expected).into()
}

/// Operational metrics in Prometheus text format.
///
/// Request counts and latencies by route pattern and status, commits, version conflicts,
/// deadline lag, database pool use and open streams. No metric names a game, an account or
/// anything a game hides. Served only with the operator's metrics token (`METRICS_TOKEN`, sent
/// as a bearer token; not an account's access token), or on the operator's own metrics
/// listener; otherwise `404`.
#[utoipa::path(
    tag = "meta",
    security(("metrics_token" = [])),
    responses(
        (status = 200, description = "Prometheus text exposition format 0.0.4", body = String, content_type = "text/plain"),
        (status = 401, description = "`unauthorized`: no or wrong metrics token", body = openapi::Problem, content_type = "application/problem+json"),
        (status = 404, description = "`not_found`: this server serves no metrics here", body = openapi::Problem, content_type = "application/problem+json"),
    )
)]
#[get("/metrics")]
pub async fn get_metrics(
    service: web::Data<GameService>,
    access: web::Data<MetricsAccess>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    access.check(&request)?;
    let body = service.metrics().render(
        service.database().pool_state(),
        service.hub().open_streams(),
    );
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_token_is_the_same_secret() {
        assert!(same_secret("metrics-token", "metrics-token"));
        assert!(!same_secret("metrics-toke", "metrics-token"));
        assert!(!same_secret("", "metrics-token"));
    }
}
