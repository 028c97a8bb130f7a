//! The tracing span of every request, as `tracing-actix-web` makes it, except that the logged
//! target has its secrets scrubbed: a stream ticket travels in the query string (`?ticket=`),
//! and a log line must not carry one. No header is logged, `Authorization` included.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

/// Query parameters whose values are credentials.
const SECRET_PARAMETERS: [&str; 3] = ["ticket", "token", "access_token"];

const REDACTED: &str = "[redacted]";

/// The request's span, with the same fields as `tracing-actix-web`'s default one.
pub struct ScrubbedSpan;

impl RootSpanBuilder for ScrubbedSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let connection = request.connection_info();
        let route = request
            .match_pattern()
            .unwrap_or_else(|| "default".to_owned());
        let method = request.method().as_str().to_owned();
        let request_id = request.extensions().get::<RequestId>().copied();
        let user_agent = request
            .headers()
            .get(actix_web::http::header::USER_AGENT)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        tracing::info_span!(
            "HTTP request",
            http.method = %method,
            http.route = %route,
            http.flavor = ?request.version(),
            http.scheme = %connection.scheme(),
            http.host = %connection.host(),
            http.client_ip = %connection.realip_remote_addr().unwrap_or(""),
            http.user_agent = %user_agent,
            http.target = %scrub_target(request.path(), request.query_string()),
            http.status_code = tracing::field::Empty,
            otel.name = %format!("{method} {route}"),
            otel.kind = "server",
            otel.status_code = tracing::field::Empty,
            trace_id = tracing::field::Empty,
            request_id = %request_id.map(|id| id.to_string()).unwrap_or_default(),
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

/// `path?query` with the value of every secret parameter replaced by `[redacted]`.
pub fn scrub_target(path: &str, query: &str) -> String {
    if query.is_empty() {
        return path.to_owned();
    }
    let query: Vec<String> = query
        .split('&')
        .map(|pair| {
            let name = pair.split_once('=').map_or(pair, |(name, _)| name);
            if SECRET_PARAMETERS
                .iter()
                .any(|secret| name.eq_ignore_ascii_case(secret))
            {
                format!("{name}={REDACTED}")
            } else {
                pair.to_owned()
            }
        })
        .collect();
    format!("{path}?{}", query.join("&"))
}

#[cfg(test)]
mod tests {
    use super::scrub_target;

    #[test]
    fn tickets_and_tokens_never_reach_the_target() {
        assert_eq!(
            scrub_target("/v1/me/stream", "ticket=abc123"),
            "/v1/me/stream?ticket=[redacted]"
        );
        assert_eq!(
            scrub_target("/v1/games/x/stream", "after=3&TICKET=abc123&token=t"),
            "/v1/games/x/stream?after=3&TICKET=[redacted]&token=[redacted]"
        );
        // A bare name, or one repeated, is scrubbed as well.
        assert_eq!(
            scrub_target("/p", "ticket&ticket=a&ticket=b"),
            "/p?ticket=[redacted]&ticket=[redacted]&ticket=[redacted]"
        );
        assert_eq!(scrub_target("/v1/games", "limit=5"), "/v1/games?limit=5");
        assert_eq!(scrub_target("/v1/games", ""), "/v1/games");
    }
}
