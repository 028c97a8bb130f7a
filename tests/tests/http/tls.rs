//! PostgreSQL over TLS, for the pool and the change listener alike: `sslmode=require` encrypts; `verify-full` also checks the server's
//! certificate and name, and refuses a name the certificate does not carry.

use blackbox::{Backend, TestApp, postgres_only};
use reqwest::Method;

/// The local server's certificate (Debian's self-signed one for `localhost`).
const LOCAL_CERTIFICATE: &str = "/etc/ssl/certs/ssl-cert-snakeoil.pem";

fn with_query(url: &str, query: &str) -> String {
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}{query}")
}

async fn serves_over_a_tls_connection(admin_url: String) {
    let app = TestApp::spawn(&Backend::Postgres(admin_url.clone())).await;
    app.player("over-tls").await;
    let health = app
        .request(Method::GET, "/healthz", None, None)
        .await
        .expect_status(200);
    assert_eq!(health.body["database"], "postgres", "{admin_url}");
    // The change listener, on a connection of its own, follows the URL's TLS too.
    let mut sessions = Vec::new();
    for _ in 0..100 {
        let (admin, database) = (admin_url.clone(), app.database_url().to_owned());
        sessions = tokio::task::spawn_blocking(move || {
            persistence::testing::listener_sessions(&admin, &database)
        })
        .await
        .unwrap_or_else(|error| panic!("{error}"))
        .unwrap_or_else(|error| panic!("{error}"));
        if !sessions.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        sessions,
        [true],
        "the listener's sessions (encrypted?) over {admin_url}"
    );
}

// SQLite is a local file: there is no connection to encrypt, so no SQLite test.
async fn postgresql_connections_work_over_tls(admin_url: &str) {
    serves_over_a_tls_connection(with_query(admin_url, "sslmode=require")).await;

    if !std::path::Path::new(LOCAL_CERTIFICATE).exists() || !admin_url.contains("127.0.0.1") {
        eprintln!("verify-full skipped: no local certificate for localhost at {LOCAL_CERTIFICATE}");
        return;
    }
    let verified = with_query(
        &admin_url.replace("127.0.0.1", "localhost"),
        &format!("sslmode=verify-full&sslrootcert={LOCAL_CERTIFICATE}"),
    );
    serves_over_a_tls_connection(verified).await;

    // The certificate names `localhost`, not `127.0.0.1`: verify-full must refuse.
    let wrong_name = with_query(
        admin_url,
        &format!("sslmode=verify-full&sslrootcert={LOCAL_CERTIFICATE}"),
    );
    let refused = tokio::task::spawn_blocking(move || persistence::Database::connect(&wrong_name))
        .await
        .unwrap_or_else(|error| panic!("{error}"));
    assert!(
        refused.is_err(),
        "verify-full accepted a name the certificate lacks"
    );
}

postgres_only!(postgresql_connections_work_over_tls);
