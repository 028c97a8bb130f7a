pub mod delete;
pub mod delete_current;
pub mod list;
pub mod post;
pub mod refresh;

use actix_web::HttpRequest;
use openapi::accounts::{Account, Session};
use persistence::AccountRecord;

use crate::service::sessions::IssuedSession;

/// The body of a login or a refresh.
fn session_body(issued: IssuedSession, account: AccountRecord, now: i64) -> Session {
    Session {
        access_token: issued.access_token,
        token_type: "Bearer".to_owned(),
        expires_at: issued.access_expires_at,
        expires_in: issued.access_expires_at.saturating_sub(now).max(0),
        refresh_token: issued.refresh_token,
        session_id: issued.session,
        account: Account {
            id: account.id,
            username: account.username,
            created_at: account.created_at,
        },
    }
}

/// The `User-Agent` a login came with, kept to tell sessions apart in a listing.
fn user_agent(request: &HttpRequest) -> Option<String> {
    request
        .headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
}
