//! Stream tickets: how a browser opens a stream without putting its access token in a URL.
//! `EventSource` cannot send headers, so the client first asks (with its token) for a ticket,
//! then opens the absolute `url` it is given (`…/stream?ticket=…`).
//!
//! `EventSource` reconnects by itself to that same URL (after a restart, a slow-reader cut, a
//! proxy timeout), so a ticket is reusable: it opens the one stream it names, any number of
//! times, from any process sharing the database, until the access token that asked for it
//! expires. Only its SHA-256 is stored, with its account (so that ending every session of an
//! account can void its tickets). A leaked URL opens nothing after that expiry.

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::{AuthenticatedAccount, Scope, Scopes};
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Which stream a ticket opens.
pub fn game_scope(game: Uuid) -> String {
    format!("game:{game}")
}

pub const ACCOUNT_SCOPE: &str = "me";

/// Where clients reach this server (`PUBLIC_URL`, e.g. `https://cardtable.example`), the base of
/// every ticket's `url`. Unset, the base is the request's own scheme and host, as the
/// connection saw them (`Forwarded` and `X-Forwarded-Proto`/`-Host` from a proxy included).
#[derive(Clone, Debug, Default)]
pub struct PublicUrl(pub Option<String>);

impl PublicUrl {
    /// `path` (starting with `/`) as an absolute URL, so that a page on another origin opens
    /// this server and not its own.
    pub fn absolute(&self, request: &HttpRequest, path: &str) -> String {
        match &self.0 {
            Some(base) => format!("{}{path}", base.trim_end_matches('/')),
            None => {
                let connection = request.connection_info();
                format!("{}://{}{path}", connection.scheme(), connection.host())
            }
        }
    }
}

/// The absolute URL of the stream at `path` opened with `ticket`.
pub fn ticket_url(request: &HttpRequest, path: &str, ticket: &str) -> String {
    let base = request
        .app_data::<web::Data<PublicUrl>>()
        .map(|data| data.get_ref().clone())
        .unwrap_or_default();
    base.absolute(request, &format!("{path}?ticket={ticket}"))
}

#[derive(Deserialize)]
struct TicketQuery {
    ticket: Option<String>,
}

/// The caller of a stream: a `?ticket=` for this very stream, or else a bearer token.
#[derive(Clone, Debug)]
pub struct StreamCaller {
    pub id: Uuid,
    /// The session behind the token or ticket: the stream ends when it does.
    pub session: Option<Uuid>,
    /// A bearer token's scopes; a ticket's are `games:read` alone: only a credential holding
    /// it can ask for one, and one only opens a stream.
    pub scopes: Scopes,
}

impl StreamCaller {
    /// As [`AuthenticatedAccount::require`].
    pub fn require(&self, scope: Scope) -> Result<(), ApiError> {
        self.scopes.require(scope)
    }
}

impl FromRequest for StreamCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let ticket = web::Query::<TicketQuery>::from_query(request.query_string())
            .ok()
            .and_then(|query| query.into_inner().ticket);
        let Some(ticket) = ticket else {
            let bearer = AuthenticatedAccount::from_request(request, payload);
            return Box::pin(async move {
                let account = bearer.await?;
                Ok(StreamCaller {
                    id: account.id,
                    session: account.credential.session(),
                    scopes: account.scopes,
                })
            });
        };
        // A ticket opens the stream it names: this game's, or the account's.
        let scope = match request.match_info().get("id").map(Uuid::parse_str) {
            Some(Ok(game)) => game_scope(game),
            Some(Err(_)) => return Box::pin(async { Err(ApiError::game_not_found()) }),
            None => ACCOUNT_SCOPE.to_owned(),
        };
        let service = request.app_data::<web::Data<GameService>>().cloned();
        Box::pin(async move {
            let service = service
                .ok_or_else(|| ApiError::Internal("service missing".to_owned()))?
                .into_inner();
            let (id, session) =
                blocking(move || service.check_stream_ticket(&ticket, &scope, service.now()))
                    .await?;
            Ok(StreamCaller {
                id,
                session,
                scopes: [Scope::GamesRead].into_iter().collect(),
            })
        })
    }
}
