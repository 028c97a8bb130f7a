//! Stream tickets: how a browser opens a stream without putting its access token in a URL.
//! `EventSource` cannot send headers, so the client first asks (with its token) for a ticket,
//! then opens `…/stream?ticket=…`. A ticket opens one named stream, once, within a minute; only
//! its SHA-256 is stored, in the database, so any process sharing it redeems it exactly once.

use std::future::Future;
use std::pin::Pin;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use serde::Deserialize;
use uuid::Uuid;

use crate::auth::AuthenticatedAccount;
use crate::error::ApiError;
use crate::service::{GameService, blocking};

/// Which stream a ticket opens.
pub fn game_scope(game: Uuid) -> String {
    format!("game:{game}")
}

pub const ACCOUNT_SCOPE: &str = "me";

#[derive(Deserialize)]
struct TicketQuery {
    ticket: Option<String>,
}

/// The caller of a stream: a `?ticket=` for this very stream, or else a bearer token.
#[derive(Clone, Debug)]
pub struct StreamCaller {
    pub id: Uuid,
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
                Ok(StreamCaller {
                    id: bearer.await?.id,
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
            let id = blocking(move || service.redeem_stream_ticket(&ticket, &scope, service.now()))
                .await?;
            Ok(StreamCaller { id })
        })
    }
}
