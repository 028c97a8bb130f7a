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

/// Every test server signs with this, so servers sharing a database accept each other's tokens.
const SHARED_TEST_SECRET: &str = "cardtable-test-signing-secret";

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
    owns_database: bool,
}

impl TestApp {
    pub async fn spawn(backend: &Backend) -> TestApp {
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
        Self::start(backend.clone(), data_dir, database_url, true).await
    }

    /// A second server process on the same database and signing secret as `self`, as when
    /// several servers share one PostgreSQL. The database stays owned by `self`.
    pub async fn spawn_sharing(&self) -> TestApp {
        let data_dir =
            std::env::temp_dir().join(format!("cardtable-test-{}", uuid::Uuid::new_v4()));
        Self::start(
            self.backend.clone(),
            data_dir,
            self.database_url.clone(),
            false,
        )
        .await
    }

    async fn start(
        backend: Backend,
        data_dir: PathBuf,
        database_url: String,
        owns_database: bool,
    ) -> TestApp {
        if std::env::var_os("TEST_LOG").is_some() {
            api::telemetry::init();
        }
        let settings = Settings {
            host: "127.0.0.1".to_owned(),
            port: 0,
            database_url: database_url.clone(),
            data_dir: data_dir.clone(),
            jwt_secret: Some(SHARED_TEST_SECRET.to_owned()),
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
            backend,
            client: reqwest::Client::new(),
            data_dir,
            database_url,
            owns_database,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
        if let (Backend::Postgres(admin_url), true) = (&self.backend, self.owns_database) {
            let (admin_url, database_url) = (admin_url.clone(), self.database_url.clone());
            // A plain thread: dropping happens inside the async runtime, which must not block.
            let _ = std::thread::spawn(move || {
                persistence::testing::drop_postgres_database(&admin_url, &database_url)
            })
            .join();
        }
    }
}
