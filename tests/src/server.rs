use std::io::Write;
use std::path::PathBuf;
use std::sync::Once;
use std::time::Duration;

use api::clock::ManualClock;
use api::configuration::{LimitSettings, MetricsSettings, Settings};
use api::startup::Application;
use api::tick::TickPasses;

/// The database a test server runs on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres(String),
}

const POSTGRES_VAR: &str = "CARDTABLE_TEST_POSTGRES_URL";

/// Every test server signs with this, so servers sharing a database accept each other's tokens.
pub const SHARED_TEST_SECRET: &str = "cardtable-test-signing-secret-of-32-bytes-or-more";

/// Every test server serves `/metrics` to this bearer token (and to nobody else).
pub const TEST_METRICS_TOKEN: &str = "cardtable-test-metrics-token";

/// The PostgreSQL backend, when `CARDTABLE_TEST_POSTGRES_URL` names a server. Without it the
/// PostgreSQL tests are skipped (and say so), except under CI, where that is a failure.
pub fn postgres_backend() -> Option<Backend> {
    match std::env::var(POSTGRES_VAR)
        .ok()
        .filter(|url| !url.is_empty())
    {
        Some(url) => Some(Backend::Postgres(url)),
        None if std::env::var("CI").is_ok_and(|ci| ci == "true") => {
            panic!("{POSTGRES_VAR} is not set under CI=true: the PostgreSQL tests would be skipped")
        }
        None => {
            SKIP_NOTICE.call_once(|| {
                // Straight to stderr, once per test binary: the harness captures `eprintln!`
                // of passing tests, and CI looks for this line.
                let _ = writeln!(
                    std::io::stderr(),
                    "postgres tests skipped: {POSTGRES_VAR} is not set"
                );
            });
            None
        }
    }
}

static SKIP_NOTICE: Once = Once::new();

/// How often a test server's deadline tick runs: often, so that waiting for a pass is short.
const TICK_MILLIS: u64 = 50;

/// A running server with its own fresh database, on a manual clock that only the test moves.
pub struct TestApp {
    pub base_url: String,
    /// The server's live layer (its shutdown hook, its open-stream count).
    pub hub: api::push::Hub,
    /// What the server's bots have done (moves, lost races, failures retried).
    pub bots: std::sync::Arc<api::bot_runner::BotStats>,
    pub backend: Backend,
    pub client: reqwest::Client,
    /// The base URL of the listener of `/metrics` alone, when the settings asked for one.
    pub metrics_url: Option<String>,
    clock: ManualClock,
    tick_passes: TickPasses,
    data_dir: PathBuf,
    database_url: String,
    owns_database: bool,
    shutdown: api::shutdown::Shutdown,
    server: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl TestApp {
    pub async fn spawn(backend: &Backend) -> TestApp {
        Self::spawn_with(backend, |_| {}).await
    }

    /// A server whose settings `configure` adjusts first (limits, CORS, timeouts).
    pub async fn spawn_with(backend: &Backend, configure: impl FnOnce(&mut Settings)) -> TestApp {
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
                .expect("creating a database panicked")
                .expect("cannot create a PostgreSQL test database")
            }
        };
        // Real time to start with, so that timestamps look like any server's.
        let clock = ManualClock::starting_at(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|since| since.as_secs().cast_signed())
                .expect("the system clock is after 1970"),
        );
        Self::start(
            backend.clone(),
            clock,
            data_dir,
            database_url,
            true,
            configure,
        )
        .await
    }

    /// A second server process on the same database, signing secret and clock as `self`, as
    /// when several servers share one PostgreSQL. The database stays owned by `self`.
    pub async fn spawn_sharing(&self) -> TestApp {
        self.spawn_sharing_with(|_| {}).await
    }

    /// [`TestApp::spawn_sharing`], with settings that `configure` adjusts first.
    pub async fn spawn_sharing_with(&self, configure: impl FnOnce(&mut Settings)) -> TestApp {
        let data_dir =
            std::env::temp_dir().join(format!("cardtable-test-{}", uuid::Uuid::new_v4()));
        Self::start(
            self.backend.clone(),
            self.clock.clone(),
            data_dir,
            self.database_url.clone(),
            false,
            configure,
        )
        .await
    }

    async fn start(
        backend: Backend,
        clock: ManualClock,
        data_dir: PathBuf,
        database_url: String,
        owns_database: bool,
        configure: impl FnOnce(&mut Settings),
    ) -> TestApp {
        if std::env::var_os("TEST_LOG").is_some() {
            api::telemetry::init();
        }
        let mut settings = Settings {
            host: "127.0.0.1".to_owned(),
            port: 0,
            database_url: database_url.clone().into(),
            data_dir: data_dir.clone(),
            jwt_secret: Some(SHARED_TEST_SECRET.to_owned().into()),
            // Long: scenarios move the clock on by hours, and sessions are tested with short
            // lifetimes of their own.
            token_ttl_secs: 30 * 24 * 3600,
            refresh_token_ttl_secs: 30 * 24 * 3600,
            tick_millis: TICK_MILLIS,
            clock: clock.clone().into(),
            limits: LimitSettings::unlimited(),
            shutdown_timeout: Duration::from_secs(5),
            cors_origins: Vec::new(),
            public_url: None,
            live: api::push::LiveSettings::default(),
            metrics: MetricsSettings {
                token: Some(TEST_METRICS_TOKEN.to_owned().into()),
                addr: None,
            },
            rating_provisional_games: None,
            webhooks: api::delivery::WebhookSettings::default(),
            session_recheck: api::service::session_liveness::ALIVE_FOR,
        };
        configure(&mut settings);
        let application = Application::build(settings)
            .await
            .expect("the server did not start");
        let base_url = format!("http://{}", application.address());
        let metrics_url = application
            .metrics_address()
            .map(|address| format!("http://{address}"));
        let tick_passes = application.tick_passes();
        let shutdown = application.shutdown_handle();
        let hub = application.hub().clone();
        let bots = application.bots();
        let server = tokio::spawn(application.run_until_stopped());
        TestApp {
            base_url,
            hub,
            bots,
            backend,
            client: reqwest::Client::new(),
            metrics_url,
            clock,
            tick_passes,
            data_dir,
            database_url,
            owns_database,
            shutdown,
            server: Some(server),
        }
    }

    /// Stops the server as SIGTERM would, and waits until it has stopped.
    pub async fn shut_down(&mut self) -> std::io::Result<()> {
        self.shutdown.trigger();
        match self.server.take() {
            Some(server) => server.await.expect("the server task panicked"),
            None => Ok(()),
        }
    }

    /// A direct connection to the server's database, for what HTTP cannot reach: an old or
    /// damaged stored state, a broken move log.
    pub async fn database(&self) -> persistence::Database {
        let url = self.database_url.clone();
        tokio::task::spawn_blocking(move || persistence::Database::connect(&url))
            .await
            .expect("connecting panicked")
            .expect("cannot open the test database")
    }

    /// The database this server runs on.
    pub fn database_url(&self) -> &str {
        &self.database_url
    }

    /// `/metrics` as the operator reads it, with the metrics token.
    pub async fn metrics(&self) -> String {
        let response = self
            .client
            .get(self.url("/metrics"))
            .bearer_auth(TEST_METRICS_TOKEN)
            .send()
            .await
            .unwrap_or_else(|error| panic!("{error}"));
        assert_eq!(
            response.status().as_u16(),
            200,
            "/metrics refused the token"
        );
        response.text().await.unwrap_or_default()
    }

    /// `path` on this server; an absolute URL (as a stream ticket's) is taken as it is.
    pub fn url(&self, path: &str) -> String {
        if path.starts_with("http://") || path.starts_with("https://") {
            return path.to_owned();
        }
        format!("{}{}", self.base_url, path)
    }

    /// The server's "now", in Unix seconds.
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Moves the server's clock (and that of every server sharing it) `secs` seconds on. Passed
    /// deadlines are then expired by the next request on a game, or by the tick: see
    /// [`TestApp::tick`].
    pub fn advance_clock(&self, secs: i64) {
        self.clock.advance(secs);
    }

    /// How many games this server's deadline tick has brought up to date.
    pub fn games_expired_by_tick(&self) -> u64 {
        self.tick_passes.games_advanced()
    }

    /// Waits until the server's background tick has made a whole pass after this call (and so
    /// after any clock change before it), asking the server nothing over HTTP.
    pub async fn tick(&self) {
        let mut passes = self.tick_passes.clone();
        let ran = tokio::time::timeout(Duration::from_secs(10), passes.next_full_pass())
            .await
            .expect("the deadline tick made no pass within 10 s");
        assert!(ran, "the deadline tick has stopped");
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.trigger();
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
