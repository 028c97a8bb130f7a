use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use uuid::Uuid;

use crate::auth::{Credential, Scope, Scopes, TokenKeys, personal_token};
use crate::error::ApiError;
use crate::service::GameService;

/// The account behind a valid bearer token. Every `/v1` route except registration and login
/// takes this extractor, so authentication is checked in one place.
#[derive(Clone, Debug)]
pub struct AuthenticatedAccount {
    pub id: Uuid,
    pub username: String,
    /// When the token expires (Unix seconds): nothing it issues (a stream ticket) outlives it.
    pub expires_at: i64,
    /// A login session or a personal access token.
    pub credential: Credential,
    /// What the credential may do: every scope for a login session.
    pub scopes: Scopes,
}

impl AuthenticatedAccount {
    /// `Ok` if the credential holds `scope`; else 403 `insufficient_scope` naming it. Every
    /// route calls this first, with the one scope it needs.
    pub fn require(&self, scope: Scope) -> Result<(), ApiError> {
        self.scopes.require(scope)
    }
}

impl FromRequest for AuthenticatedAccount {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = request
            .headers()
            .get(actix_web::http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(bearer_token)
            .map(str::to_owned);
        let keys = request.app_data::<web::Data<TokenKeys>>().cloned();
        let service = request.app_data::<web::Data<GameService>>().cloned();
        Box::pin(async move {
            let token = token.ok_or(ApiError::Unauthorized(
                "send `Authorization: Bearer <access_token>` (POST /v1/sessions issues one)",
            ))?;
            let (Some(keys), Some(service)) = (keys, service) else {
                return Err(ApiError::Internal("auth state missing".to_owned()));
            };
            if personal_token::is_personal_token(&token) {
                return personal_token::authenticate(token, service).await;
            }
            // One answer for every bad token (forged, expired, not yet valid, naming no
            // account): the reason is not the caller's to learn.
            let refused = || ApiError::Unauthorized("the access token is invalid or expired");
            let claims = keys.verify(&token, service.now()).ok_or_else(refused)?;
            // A token outlives nothing it names: an account that does not exist is refused.
            // One read per process suffices; a deletion makes its process forget the account
            // and ends its sessions.
            let (id, expires_at, session) = (claims.sub, claims.exp, claims.sid);
            // A token of an ended session is refused on every process within a second: see
            // `service::session_liveness`.
            let alive = match service.session_alive_cached(session, id) {
                Some(alive) => alive,
                None => {
                    let service = service.clone();
                    web::block(move || service.session_alive(session, id)).await??
                }
            };
            if !alive {
                return Err(refused());
            }
            let username = match service.known_account_name(id) {
                Some(name) => name,
                None => web::block(move || service.account_name(id))
                    .await??
                    .ok_or_else(refused)?,
            };
            Ok(AuthenticatedAccount {
                id,
                username,
                expires_at,
                credential: Credential::Session { id: session },
                scopes: Scopes::all(),
            })
        })
    }
}

/// The token of an `Authorization: Bearer <token>` header; the scheme name is case-insensitive
/// (RFC 9110 section 11.1).
fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::bearer_token;

    #[test]
    fn the_bearer_scheme_is_case_insensitive() {
        for header in ["Bearer abc", "bearer abc", "BEARER abc", "bEaReR  abc "] {
            assert_eq!(bearer_token(header), Some("abc"), "{header}");
        }
        for header in ["Basic abc", "Bearer", "Bearer ", "Bearerabc", "abc"] {
            assert_eq!(bearer_token(header), None, "{header}");
        }
    }
}
