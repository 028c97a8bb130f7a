//! What the SIGKILL drivers (`crash`, `webhook_crash`) share: their flags, a fresh database of
//! the chosen backend, a request retried until the server answers, the kill-and-restart loop,
//! and a `main` that reports a failure with where the server's log is (which the password
//! hashing storm, `auth_storm`, uses too).

use std::future::Future;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rand::RngExt;
use serde_json::Value;

use crate::ServerProcess;

/// `--server PATH --backend sqlite|postgres --kills N --seed S`.
pub struct CrashOptions {
    pub server: PathBuf,
    pub backend: String,
    pub kills: usize,
    pub seed: u64,
}

impl CrashOptions {
    /// The flags on the command line, over these defaults (the seed: a random one).
    pub fn from_args(server: &str, kills: usize) -> Result<Self, String> {
        let mut args = std::env::args().skip(1);
        let mut options = Self {
            server: PathBuf::from(server),
            backend: "sqlite".to_owned(),
            kills,
            seed: rand::random(),
        };
        while let Some(flag) = args.next() {
            let value = args.next().ok_or(format!("{flag} needs a value"))?;
            match flag.as_str() {
                "--server" => options.server = PathBuf::from(value),
                "--backend" => options.backend = value,
                "--kills" => options.kills = value.parse().map_err(|_| "--kills: a number")?,
                "--seed" => options.seed = value.parse().map_err(|_| "--seed: a number")?,
                other => return Err(format!("unknown flag {other}")),
            }
        }
        Ok(options)
    }
}

/// The database a run plays on: a SQLite file in its data directory, or a fresh PostgreSQL
/// database on the server `CARDTABLE_TEST_POSTGRES_URL` names (dropped by [`Self::drop_if_made`]).
pub struct RunDatabase {
    pub url: String,
    admin_url: Option<String>,
}

impl RunDatabase {
    pub fn create(backend: &str, data_dir: &Path) -> Result<Self, String> {
        let admin_url = std::env::var("CARDTABLE_TEST_POSTGRES_URL").unwrap_or_default();
        match backend {
            "sqlite" => Ok(Self {
                url: data_dir
                    .join("crash.sqlite3")
                    .to_string_lossy()
                    .into_owned(),
                admin_url: None,
            }),
            "postgres" if !admin_url.is_empty() => Ok(Self {
                url: persistence::testing::create_postgres_database(&admin_url)
                    .map_err(|error| error.to_string())?,
                admin_url: Some(admin_url),
            }),
            "postgres" => Err("set CARDTABLE_TEST_POSTGRES_URL for PostgreSQL".to_owned()),
            other => Err(format!("unknown backend {other}")),
        }
    }

    /// Drops the PostgreSQL database this run made (nothing for SQLite).
    pub fn drop_if_made(&self) {
        if let Some(admin_url) = &self.admin_url {
            let _ = persistence::testing::drop_postgres_database(admin_url, &self.url);
        }
    }
}

/// What a request retried until answered got.
pub struct Answer {
    pub status: u16,
    /// The answer was a replay of an earlier one under the same idempotency key.
    pub replayed: bool,
    pub body: Value,
}

/// A client that retries, as a mobile client would.
pub struct Retrying {
    client: reqwest::Client,
    base: String,
    retries: AtomicU64,
}

impl Retrying {
    pub fn new(base: String) -> Self {
        Self {
            client: reqwest::Client::new(),
            base,
            retries: AtomicU64::new(0),
        }
    }

    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

    /// Attempts that got no usable answer and were sent again.
    pub fn retries(&self) -> u64 {
        self.retries.load(Ordering::Relaxed)
    }

    /// Sends a request until it gets an answer (any status below 500 but
    /// `idempotency_in_flight`), retrying connection failures and 5xx with the same
    /// idempotency key.
    pub async fn until_answered(
        &self,
        method: reqwest::Method,
        path: &str,
        token: &str,
        key: Option<&str>,
        body: Option<&Value>,
    ) -> Answer {
        loop {
            let mut request = self
                .client
                .request(method.clone(), format!("{}{path}", self.base))
                .bearer_auth(token)
                .timeout(Duration::from_secs(30));
            if let Some(key) = key {
                request = request.header("idempotency-key", key);
            }
            if let Some(body) = body {
                request = request.json(body);
            }
            if let Ok(response) = request.send().await {
                let status = response.status().as_u16();
                let replayed = response.headers().contains_key("idempotent-replayed");
                if let Ok(text) = response.text().await {
                    let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
                    if status < 500 && body["code"] != "idempotency_in_flight" {
                        return Answer {
                            status,
                            replayed,
                            body,
                        };
                    }
                }
            }
            self.retries.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
}

/// Kills the server with SIGKILL `kills` times, each after a pause drawn from `pause_ms`, and
/// starts it again each time; how long each restart took to answer.
pub async fn kill_and_restart(
    server: &mut ServerProcess,
    client: &reqwest::Client,
    kills: usize,
    pause_ms: Range<u64>,
    rng: &mut impl rand::Rng,
) -> Result<Vec<Duration>, String> {
    let mut recoveries = Vec::with_capacity(kills);
    for _ in 0..kills {
        tokio::time::sleep(Duration::from_millis(rng.random_range(pause_ms.clone()))).await;
        server.kill()?;
        server.spawn()?;
        recoveries.push(server.wait_ready(client).await?);
    }
    Ok(recoveries)
}

/// A driver's `main` (the storm's too): runs `run` with the options in a fresh data
/// directory; on failure prints why and where the server's log is, and exits 1.
pub async fn drive<Options, Run, Done>(name: &str, options: Result<Options, String>, run: Run)
where
    Run: FnOnce(Options, PathBuf) -> Done,
    Done: Future<Output = Result<(), String>>,
{
    let result = match options {
        Ok(options) => {
            let data_dir =
                std::env::temp_dir().join(format!("cardtable-{name}-{}", uuid::Uuid::new_v4()));
            run(options, data_dir.clone())
                .await
                .map_err(|error| format!("{error} (server log in {})", data_dir.display()))
        }
        Err(error) => Err(error),
    };
    if let Err(error) = result {
        eprintln!("{name} check FAILED: {error}");
        std::process::exit(1);
    }
}
