//! The other end of the change notifications: a PostgreSQL connection of its own that has run
//! `LISTEN`, driven by `tokio-postgres`, which hands each notification over as it arrives (no
//! polling). TLS follows the URL as libpq does for the pool: `sslmode=disable`, `prefer` and
//! `require` (encrypted, the certificate not checked), `verify-ca` and `verify-full` (checked
//! against `sslrootcert`, or the system's roots; `verify-full` checks the host name too).

use std::time::Duration;

use openssl::ssl::{SslConnector, SslMethod, SslVerifyMode};
use postgres_openssl::MakeTlsConnector;
use tokio::sync::mpsc;
use tokio_postgres::{AsyncMessage, Client, config::SslMode};

use crate::changes::{Announcement, CHANGES_CHANNEL, LISTENER_APPLICATION_NAME};
use crate::connection::Target;
use crate::{Database, Error};

/// How long connecting, and a ping, may take before the connection counts as lost.
const ROUND_TRIP_LIMIT: Duration = Duration::from_secs(10);

/// A connection listening for changes. Dropping it closes the connection.
pub struct ChangeListener {
    client: Client,
    arrived: mpsc::UnboundedReceiver<Announcement>,
}

impl std::fmt::Debug for ChangeListener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeListener").finish_non_exhaustive()
    }
}

impl Database {
    /// A connection listening for changes, on PostgreSQL; `None` on SQLite. Must be called
    /// inside the Tokio runtime: the connection is driven by a task of its own.
    pub async fn change_listener(&self) -> Result<Option<ChangeListener>, Error> {
        match self.target() {
            Target::Postgres(url) => ChangeListener::connect(url).await.map(Some),
            Target::Sqlite(_) => Ok(None),
        }
    }
}

fn unavailable(error: impl std::fmt::Display) -> Error {
    Error::Unavailable(error.to_string())
}

impl ChangeListener {
    async fn connect(url: &str) -> Result<Self, Error> {
        let (config, tls) = configure(url)?;
        let (client, mut connection) = tokio::time::timeout(ROUND_TRIP_LIMIT, config.connect(tls))
            .await
            .map_err(unavailable)?
            .map_err(unavailable)?;
        let (deliver, arrived) = mpsc::unbounded_channel();
        // The connection does the reading: notifications come out of it as they arrive. It
        // ends when the client is dropped or the connection fails; the listener then sees its
        // channel closed.
        tokio::spawn(async move {
            while let Some(message) =
                std::future::poll_fn(|context| connection.poll_message(context)).await
            {
                match message {
                    Ok(AsyncMessage::Notification(notification)) => {
                        match Announcement::parse(notification.payload()) {
                            Some(change) => {
                                if deliver.send(change).is_err() {
                                    return;
                                }
                            }
                            None => tracing::warn!("ignored a malformed change notification"),
                        }
                    }
                    Ok(_) => {}
                    Err(error) => {
                        tracing::warn!(%error, "the change listener's connection failed");
                        return;
                    }
                }
            }
        });
        tokio::time::timeout(
            ROUND_TRIP_LIMIT,
            client.batch_execute(&format!(
                "SET application_name = '{LISTENER_APPLICATION_NAME}'; LISTEN {CHANGES_CHANNEL};"
            )),
        )
        .await
        .map_err(unavailable)?
        .map_err(unavailable)?;
        Ok(Self { client, arrived })
    }

    /// The next announcement; `None` once the connection is lost.
    pub async fn next(&mut self) -> Option<Announcement> {
        self.arrived.recv().await
    }

    /// Round-trips to the server: a connection that died quietly fails here.
    pub async fn ping(&self) -> Result<(), Error> {
        tokio::time::timeout(ROUND_TRIP_LIMIT, self.client.batch_execute("SELECT 1"))
            .await
            .map_err(unavailable)?
            .map_err(unavailable)
    }
}

/// The URL as `tokio-postgres` takes it, and the TLS it asks for. Its parser knows
/// `sslmode=disable|prefer|require` only: the checking modes and `sslrootcert` are read here.
fn configure(url: &str) -> Result<(tokio_postgres::Config, MakeTlsConnector), Error> {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let mut kept = Vec::new();
    let (mut verify, mut verify_name, mut root) = (false, false, None);
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match (key, value) {
            ("sslmode", "verify-ca") => {
                verify = true;
                kept.push("sslmode=require".to_owned());
            }
            ("sslmode", "verify-full") => {
                (verify, verify_name) = (true, true);
                kept.push("sslmode=require".to_owned());
            }
            ("sslrootcert", path) => root = Some(path.to_owned()),
            // libpq's own client-side settings, meaningless to this connection.
            ("sslcert" | "sslkey" | "sslcrl" | "sslpassword" | "sslcompression", _) => {}
            _ => kept.push(pair.to_owned()),
        }
    }
    let url = if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    let config: tokio_postgres::Config = url.parse().map_err(unavailable)?;
    let mut builder = SslConnector::builder(SslMethod::tls_client()).map_err(unavailable)?;
    if verify {
        if let Some(root) = &root {
            builder.set_ca_file(root).map_err(unavailable)?;
        }
        builder.set_verify(SslVerifyMode::PEER);
    } else {
        builder.set_verify(SslVerifyMode::NONE);
    }
    let mut tls = MakeTlsConnector::new(builder.build());
    tls.set_callback(move |connect, _| {
        connect.set_verify_hostname(verify_name);
        Ok(())
    });
    if config.get_ssl_mode() == SslMode::Disable {
        tracing::debug!("the change listener connects without TLS");
    }
    Ok((config, tls))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checking_modes_are_read_here_and_the_rest_passed_on() {
        assert!(
            configure("postgres://u@h/db?sslmode=verify-full&sslrootcert=/nonexistent").is_err(),
            "a missing root certificate was accepted"
        );
        let (config, _) = configure("postgres://u@h:5432/db?sslmode=require").expect("parsed");
        assert_eq!(config.get_ssl_mode(), SslMode::Require);
        let (config, _) = configure("postgres://u@h:5432/db").expect("parsed");
        assert_eq!(config.get_dbname(), Some("db"));
        let (config, _) = configure("postgres://u@h/db?sslmode=verify-ca").expect("parsed");
        assert_eq!(config.get_ssl_mode(), SslMode::Require);
    }
}
