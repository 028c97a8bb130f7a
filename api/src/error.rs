//! The only place errors become HTTP: `application/problem+json` (RFC 9457) with a stable code.
//! Causes are logged here and never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use openapi::Problem;

use crate::auth::Scope;

/// Everything a request can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the request could not be parsed.
    #[error("malformed request: {0}")]
    Malformed(String),
    /// 401: no token, or a bad or expired one.
    #[error("unauthorized: {0}")]
    Unauthorized(&'static str),
    /// 401 with a code of its own: a refresh token or session that can no longer be used.
    #[error("unauthenticated: {code}")]
    Unauthenticated {
        code: &'static str,
        detail: &'static str,
    },
    /// 403: authenticated but not allowed (e.g. not a seat of the game).
    #[error("forbidden: {code}")]
    Forbidden { code: &'static str, detail: String },
    /// 403 `insufficient_scope`: the credential lacks the scope the route needs.
    #[error("forbidden: insufficient_scope")]
    InsufficientScope(Scope),
    /// 405: the path exists, the method does not; holds the allowed methods.
    #[error("method not allowed")]
    MethodNotAllowed(String),
    /// 404.
    #[error("not found: {code}")]
    NotFound { code: &'static str, detail: String },
    /// 409: the request conflicts with the current state (stale version, seat taken, …).
    #[error("conflict: {code}")]
    Conflict { code: &'static str, detail: String },
    /// 409 `stale_version`: a move made on version `made_on` of a game now at `current`.
    #[error("conflict: stale_version")]
    StaleVersion { made_on: i64, current: i64 },
    /// 422: well-formed, but refused by the rules or by validation.
    #[error("unprocessable: {code}")]
    Unprocessable {
        code: &'static str,
        detail: String,
        option: Option<String>,
    },
    /// 413: the body is larger than the configured limit (in bytes).
    #[error("payload too large")]
    PayloadTooLarge(usize),
    /// 415: the body is not declared as JSON.
    #[error("unsupported media type")]
    UnsupportedMediaType,
    /// 429: a rate limit; the client may retry after this many seconds.
    #[error("rate limited")]
    RateLimited { retry_after_secs: u64 },
    /// 408: the request body did not arrive in time; the connection is closed.
    #[error("request body timed out")]
    BodyTimeout,
    /// 503: the database cannot be reached.
    #[error("unavailable: {0}")]
    Unavailable(String),
    /// 503: the server is at capacity for this kind of work; retry after this many seconds.
    #[error("overloaded")]
    Overloaded { retry_after_secs: u64 },
    /// 500: a bug or an unexpected backend failure.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    pub fn code(&self) -> &str {
        match self {
            ApiError::Malformed(_) => "malformed",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::MethodNotAllowed(_) => "method_not_allowed",
            ApiError::InsufficientScope(_) => "insufficient_scope",
            ApiError::Unauthenticated { code, .. }
            | ApiError::Forbidden { code, .. }
            | ApiError::NotFound { code, .. }
            | ApiError::Conflict { code, .. }
            | ApiError::Unprocessable { code, .. } => code,
            ApiError::StaleVersion { .. } => "stale_version",
            ApiError::PayloadTooLarge(_) => "payload_too_large",
            ApiError::UnsupportedMediaType => "unsupported_media_type",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::BodyTimeout => "body_timeout",
            ApiError::Unavailable(_) => "unavailable",
            ApiError::Overloaded { .. } => "overloaded",
            ApiError::Internal(_) => "internal",
        }
    }

    /// Seconds after which a retry may succeed, sent as `Retry-After`.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            ApiError::RateLimited { retry_after_secs }
            | ApiError::Overloaded { retry_after_secs } => Some(*retry_after_secs),
            _ => None,
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::Malformed(_) => "Malformed request",
            ApiError::Unauthorized(_) | ApiError::Unauthenticated { .. } => "Unauthorized",
            ApiError::Forbidden { .. } | ApiError::InsufficientScope(_) => "Forbidden",
            ApiError::MethodNotAllowed(_) => "Method not allowed",
            ApiError::NotFound { .. } => "Not found",
            ApiError::Conflict { .. } | ApiError::StaleVersion { .. } => "Conflict",
            ApiError::Unprocessable { .. } => "Unprocessable request",
            ApiError::PayloadTooLarge(_) => "Payload too large",
            ApiError::UnsupportedMediaType => "Unsupported media type",
            ApiError::RateLimited { .. } => "Too many requests",
            ApiError::BodyTimeout => "Request timeout",
            ApiError::Unavailable(_) | ApiError::Overloaded { .. } => "Service unavailable",
            ApiError::Internal(_) => "Internal server error",
        }
    }

    fn detail(&self) -> String {
        match self {
            ApiError::Malformed(detail) => detail.clone(),
            ApiError::Unauthorized(detail) | ApiError::Unauthenticated { detail, .. } => {
                (*detail).to_owned()
            }
            ApiError::MethodNotAllowed(allow) => format!("this path answers {allow}"),
            ApiError::InsufficientScope(Scope::AccountManage) => format!(
                "this request needs the `{}` scope, which only a login session holds: personal access tokens cannot use it",
                Scope::AccountManage.name()
            ),
            ApiError::InsufficientScope(scope) => format!(
                "this request needs the `{}` scope, which this token was not given",
                scope.name()
            ),
            ApiError::Forbidden { detail, .. }
            | ApiError::NotFound { detail, .. }
            | ApiError::Conflict { detail, .. }
            | ApiError::Unprocessable { detail, .. } => detail.clone(),
            ApiError::StaleVersion { made_on, current } => format!(
                "the move was made on version {made_on}, the game is at version {current}; fetch it again"
            ),
            ApiError::PayloadTooLarge(limit) => {
                format!("the request body is larger than {limit} bytes")
            }
            ApiError::UnsupportedMediaType => {
                "send the body as JSON with `Content-Type: application/json`".to_owned()
            }
            ApiError::RateLimited { retry_after_secs } => {
                format!("too many requests; retry in {retry_after_secs} s")
            }
            ApiError::BodyTimeout => "the request body did not arrive in time".to_owned(),
            ApiError::Unavailable(_) => "the database is unavailable; try again".to_owned(),
            ApiError::Overloaded { retry_after_secs } => {
                format!("the server is busy; retry in {retry_after_secs} s")
            }
            ApiError::Internal(_) => "an unexpected error occurred".to_owned(),
        }
    }

    pub fn problem(&self) -> Problem {
        Problem {
            problem_type: format!("urn:cardtable:problem:{}", self.code()),
            title: self.title().to_owned(),
            status: self.status_code().as_u16(),
            detail: self.detail(),
            code: self.code().to_owned(),
            option: match self {
                ApiError::Unprocessable { option, .. } => option.clone(),
                _ => None,
            },
            version: match self {
                ApiError::StaleVersion { current, .. } => Some(*current),
                _ => None,
            },
            scope: match self {
                ApiError::InsufficientScope(scope) => Some(scope.name().to_owned()),
                _ => None,
            },
            instance: None,
        }
    }

    pub fn game_not_found() -> Self {
        ApiError::NotFound {
            code: "game_not_found",
            detail: "no game has this id".to_owned(),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Malformed(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) | ApiError::Unauthenticated { .. } => {
                StatusCode::UNAUTHORIZED
            }
            ApiError::Forbidden { .. } | ApiError::InsufficientScope(_) => StatusCode::FORBIDDEN,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::NotFound { .. } => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. } | ApiError::StaleVersion { .. } => StatusCode::CONFLICT,
            ApiError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::BodyTimeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::Unavailable(_) | ApiError::Overloaded { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            ApiError::Internal(cause) => tracing::error!(%cause, "request failed"),
            ApiError::Unavailable(cause) => tracing::warn!(%cause, "database unavailable"),
            _ => tracing::debug!(code = self.code(), "request refused"),
        }
        let mut response = HttpResponse::build(self.status_code());
        response.content_type("application/problem+json");
        if let ApiError::Unauthorized(_) | ApiError::Unauthenticated { .. } = self {
            response.insert_header(("WWW-Authenticate", "Bearer"));
        }
        if let ApiError::InsufficientScope(scope) = self {
            // RFC 6750 section 3: the challenge names the error and the scope needed.
            response.insert_header((
                "WWW-Authenticate",
                format!(
                    r#"Bearer error="insufficient_scope", scope="{}""#,
                    scope.name()
                ),
            ));
        }
        if let Some(seconds) = self.retry_after_secs() {
            response.insert_header(("Retry-After", seconds.to_string()));
        }
        if let ApiError::BodyTimeout = self {
            // The rest of the body may still come: this connection cannot carry another request.
            response.force_close();
        }
        response.json(self.problem())
    }
}

impl From<domain::IllegalMove> for ApiError {
    fn from(error: domain::IllegalMove) -> Self {
        match error.code {
            // Moves from someone without a seat are an authorization failure, not a rules one.
            "not_a_player" => ApiError::Forbidden {
                code: error.code,
                detail: error.detail,
            },
            "malformed" => ApiError::Malformed(error.detail),
            _ => ApiError::Unprocessable {
                code: error.code,
                detail: error.detail,
                option: None,
            },
        }
    }
}

impl From<domain::SetupError> for ApiError {
    fn from(error: domain::SetupError) -> Self {
        ApiError::Unprocessable {
            code: error.code,
            detail: error.detail,
            option: error.option,
        }
    }
}

impl From<persistence::Error> for ApiError {
    fn from(error: persistence::Error) -> Self {
        match error {
            persistence::Error::NotFound => ApiError::game_not_found(),
            persistence::Error::Conflict(code) => ApiError::Conflict {
                code,
                detail: conflict_detail(code).to_owned(),
            },
            persistence::Error::Unavailable(cause) => ApiError::Unavailable(cause),
            persistence::Error::Backend(cause) => ApiError::Internal(cause),
        }
    }
}

fn conflict_detail(code: &str) -> &'static str {
    match code {
        "username_unavailable" => {
            "this username, or one equal to it once normalized or that looks the same, is registered"
        }
        "stale_version" => "the game moved on; fetch it again and retry on the new version",
        "already_seated" => "you already have a seat in this game",
        "game_full" => "every seat of this game is taken",
        "not_open" => "this game is no longer open for joining",
        "idempotency_in_flight" => {
            "a request with this idempotency key is still being processed; retry shortly"
        }
        "not_seated" => "you have no seat in this game",
        "seat_taken" => "this seat is taken",
        "no_such_seat" => "the game has no seat with this number",
        _ => "the request conflicts with the current state",
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(error: actix_web::error::BlockingError) -> Self {
        ApiError::Internal(error.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status_and_code(error: ApiError) -> (u16, String) {
        (error.status_code().as_u16(), error.code().to_owned())
    }

    #[test]
    fn rule_errors_are_422_with_the_rules_code() {
        let error = ApiError::from(domain::IllegalMove::new("wrong_phase", "not now"));
        assert_eq!(status_and_code(error), (422, "wrong_phase".to_owned()));
    }

    #[test]
    fn a_move_from_someone_without_a_seat_is_403() {
        let error = ApiError::from(domain::IllegalMove::new("not_a_player", "no seat"));
        assert_eq!(status_and_code(error), (403, "not_a_player".to_owned()));
    }

    #[test]
    fn option_errors_name_the_option() {
        let error = ApiError::from(domain::SetupError::for_option(
            "invalid_turns_each",
            "turns_each",
            "bad",
        ));
        let problem = error.problem();
        assert_eq!(problem.status, 422);
        assert_eq!(problem.option.as_deref(), Some("turns_each"));
    }

    #[test]
    fn stale_versions_are_409() {
        let error = ApiError::from(persistence::Error::Conflict("stale_version"));
        assert_eq!(status_and_code(error), (409, "stale_version".to_owned()));
    }

    #[test]
    fn internal_causes_are_never_sent() {
        let problem = ApiError::Internal("secret backend detail".to_owned()).problem();
        assert_eq!(problem.status, 500);
        assert!(!problem.detail.contains("secret"));
    }

    #[test]
    fn limits_are_problems_with_retry_after() {
        let limited = ApiError::RateLimited {
            retry_after_secs: 3,
        }
        .error_response();
        assert_eq!(limited.status().as_u16(), 429);
        assert_eq!(
            limited
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok()),
            Some("3")
        );
        let busy = ApiError::Overloaded {
            retry_after_secs: 1,
        };
        assert_eq!(status_and_code(busy), (503, "overloaded".to_owned()));
        let big = ApiError::PayloadTooLarge(10);
        assert_eq!(status_and_code(big), (413, "payload_too_large".to_owned()));
        let media = ApiError::UnsupportedMediaType;
        assert_eq!(
            status_and_code(media),
            (415, "unsupported_media_type".to_owned())
        );
    }

    #[test]
    fn a_body_timeout_is_408_and_closes_the_connection() {
        let response = ApiError::BodyTimeout.error_response();
        assert_eq!(response.status().as_u16(), 408);
        assert!(response.head().connection_type() == actix_web::http::ConnectionType::Close);
        assert_eq!(ApiError::BodyTimeout.code(), "body_timeout");
    }

    #[test]
    fn a_missing_scope_is_403_naming_the_scope() {
        let error = ApiError::InsufficientScope(Scope::GamesPlay);
        let problem = error.problem();
        assert_eq!(problem.status, 403);
        assert_eq!(problem.code, "insufficient_scope");
        assert_eq!(problem.scope.as_deref(), Some("games:play"));
        let response = error.error_response();
        assert_eq!(
            response
                .headers()
                .get("www-authenticate")
                .and_then(|v| v.to_str().ok()),
            Some(r#"Bearer error="insufficient_scope", scope="games:play""#)
        );
        assert!(ApiError::game_not_found().problem().scope.is_none());
    }

    #[test]
    fn problem_type_is_a_urn_of_the_code() {
        let problem = ApiError::Malformed("bad json".to_owned()).problem();
        assert_eq!(problem.problem_type, "urn:cardtable:problem:malformed");
        assert_eq!(problem.status, 400);
    }
}
