//! A bound on the connections one client address holds open at once.
//!
//! Each accepted connection takes a slot for its peer address (an IPv6 address by its /64, as
//! the rate limits key it), held in the connection's own data and given back when the
//! connection closes. A connection beyond the bound gets `429 rate_limited` to its first
//! request and is closed: one address cannot hold every file descriptor with requests that
//! never finish, and other clients are still served.

use std::any::Any;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Extensions, ServiceRequest, ServiceResponse};
use actix_web::http::ConnectionType;
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError};

use crate::error::ApiError;
use crate::limits::client_key;

/// Open connections per client address.
#[derive(Debug)]
pub struct ConnectionsPerClient {
    /// The most connections one address may hold; 0: no bound.
    limit: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection's slot, kept in the connection's data.
#[derive(Debug)]
pub struct ConnectionSlot {
    table: Arc<ConnectionsPerClient>,
    client: IpAddr,
    /// The address already held `limit` connections when this one came.
    over: bool,
}

impl ConnectionsPerClient {
    pub fn new(limit: usize) -> Arc<Self> {
        Arc::new(Self {
            limit,
            open: Mutex::default(),
        })
    }

    fn open(self: &Arc<Self>, peer: IpAddr) -> ConnectionSlot {
        let client = client_key(peer);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(client).or_default();
        *count += 1;
        ConnectionSlot {
            table: self.clone(),
            client,
            over: self.limit > 0 && *count > self.limit,
        }
    }

    /// For `HttpServer::on_connect`: gives each TCP connection its slot.
    pub fn on_connect(self: &Arc<Self>, io: &dyn Any, data: &mut Extensions) {
        let peer = io
            .downcast_ref::<actix_web::rt::net::TcpStream>()
            .and_then(|stream| stream.peer_addr().ok());
        if let Some(peer) = peer {
            data.insert(self.open(peer.ip()));
        }
    }

    /// Connections open now from `peer`'s address.
    pub fn open_from(&self, peer: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&client_key(peer)).copied().unwrap_or(0)
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self
            .table
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.client) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

/// Answers every request on a connection beyond its address's bound with `429` and closes it.
pub async fn refuse_excess(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let over = request
        .conn_data::<ConnectionSlot>()
        .is_some_and(|slot| slot.over);
    if over {
        let mut response = ApiError::RateLimited {
            retry_after_secs: 1,
        }
        .error_response();
        response
            .head_mut()
            .set_connection_type(ConnectionType::Close);
        return Ok(request.into_response(response).map_into_right_body());
    }
    next.call(request)
        .await
        .map(ServiceResponse::map_into_left_body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_past_the_limit_are_over_and_closing_gives_them_back() {
        let table = ConnectionsPerClient::new(2);
        let ip: IpAddr = [10, 0, 0, 1].into();
        let first = table.open(ip);
        let second = table.open(ip);
        let third = table.open(ip);
        assert!(!first.over && !second.over && third.over);
        assert!(
            !table.open([10, 0, 0, 2].into()).over,
            "other addresses count apart"
        );
        drop((first, third));
        assert_eq!(table.open_from(ip), 1);
        assert!(!table.open(ip).over);
        drop(second);
        let off = ConnectionsPerClient::new(0);
        let held: Vec<_> = (0..100).map(|_| off.open(ip)).collect();
        assert!(held.iter().all(|slot| !slot.over));
    }
}
