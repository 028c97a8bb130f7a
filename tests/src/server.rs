use std::path::PathBuf;

use api::configuration::Settings;
use api::startup::Application;

/// The database a test server runs on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres(String),
}

const POSTGRES_VAR: &str = "CARDTABLE_TEST_POSTGRES_URL";

/// The backends every test runs on. Without a PostgreSQL URL the PostgreSQL run is skipped
/// (and says so), except under CI, where that is a failure.
pub fn backends() -> Vec<Backend> {
    let mut backends = vec![Backend::Sqlite];
    match std::env::var(POSTGRES_VAR)
        .ok()
        .filter(|url| !url.is_empty())
    {
        Some(url) => backends.push(Backend::Postgres(url)),
        None if std::env::var("CI").is_ok_and(|ci| ci == "true") => {
            panic!("{POSTGRES_VAR} is not set under CI=true: the PostgreSQL tests would be skipped")
        }
        None => eprintln!("postgres tests skipped: {POSTGRES_VAR} is not set"),
    }
    backends
}

/// A running server with its own fresh database.
pub struct TestApp {
    pub base_url: String,
    pub backend: Backend,
    pub client: reqwest::Client,
    data_dir: PathBuf,
    database_url: String,
}

impl TestApp {
    pub async fn spawn(backend: &Backend) -> TestApp {
        if std::env::var_os("TEST_LOG").is_some() {
            api::telemetry::init();
        }
        let data_dir =
            std::env::temp_dir().join(format!("cardtable-test-{}", uuid::Uuid::new_v4()));
        let database_url = match backend {
            Backend::Sqlite => data_dir.join("test.sqlite3").to_string_lossy().into_owned(),
            Backend::Postgres(admin_url) => {
                let admin_url = admin_url.clone();
                tokio::task::spawn_blocking(move || {
                    persistence::testing::create_postgres_database(&admin_url)
                })
                .await
                .unwrap_or_else(|error| panic!("creating a database panicked: {error}"))
                .unwrap_or_else(|error| panic!("cannot create a PostgreSQL test database: {error}"))
            }
        };
        let settings = Settings {
            host: "127.0.0.1".to_owned(),
            port: 0,
            database_url: database_url.clone(),
            data_dir: data_dir.clone(),
            jwt_secret: Some(format!("test-secret-{}", uuid::Uuid::new_v4())),
            token_ttl_secs: 3600,
            tick_millis: 200,
        };
        let application = Application::build(settings)
            .await
            .unwrap_or_else(|error| panic!("the server did not start: {error}"));
        let base_url = format!("http://{}", application.address());
        tokio::spawn(application.run_until_stopped());
        TestApp {
            base_url,
            backend: backend.clone(),
            client: reqwest::Client::new(),
            data_dir,
            database_url,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
        if let Backend::Postgres(admin_url) = &self.backend {
            let (admin_url, database_url) = (admin_url.clone(), self.database_url.clone());
            // A plain thread: dropping happens inside the async runtime, which must not block.
            let _ = std::thread::spawn(move || {
                persistence::testing::drop_postgres_database(&admin_url, &database_url)
            })
            .join();
        }
    }
}
