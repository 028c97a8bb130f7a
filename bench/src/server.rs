//! The real server: the release binary started as its own process on a fresh database.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::args::BackendChoice;
use crate::memory::Memory;

/// A fresh database of one backend, removed on drop.
pub struct FreshDatabase {
    pub url: String,
    /// The servers' token signing secret on this database.
    pub secret: String,
    dir: PathBuf,
    admin_url: Option<String>,
}

impl FreshDatabase {
    pub fn create(backend: &BackendChoice) -> Result<FreshDatabase, String> {
        let dir = std::env::temp_dir().join(format!("cardtable-bench-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).map_err(|error| format!("{}: {error}", dir.display()))?;
        let secret = format!(
            "{}{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        );
        match backend {
            BackendChoice::Sqlite => Ok(FreshDatabase {
                url: dir.join("bench.sqlite3").to_string_lossy().into_owned(),
                secret,
                dir,
                admin_url: None,
            }),
            BackendChoice::Postgres { admin_url } => {
                let url = persistence::testing::create_postgres_database(admin_url)
                    .map_err(|error| format!("cannot create a PostgreSQL database: {error}"))?;
                Ok(FreshDatabase {
                    url,
                    secret,
                    dir,
                    admin_url: Some(admin_url.clone()),
                })
            }
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for FreshDatabase {
    fn drop(&mut self) {
        if let Some(admin_url) = &self.admin_url
            && let Err(error) = persistence::testing::drop_postgres_database(admin_url, &self.url)
        {
            eprintln!("could not drop the benchmark database: {error}");
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The server process, stopped on drop.
pub struct Server {
    child: Child,
    pub base_url: String,
    /// The database this process started on; `None` for a second process on another's.
    database: Option<FreshDatabase>,
    pub url: String,
    log: PathBuf,
}

/// The server's settings besides its database: the shipped defaults (log level included),
/// except that the rate limits and the bound on connections per address are off, since every
/// benchmark client comes from one address, plays far faster than a person and holds
/// thousands of streams. Access tokens last a day: a run can outlast the 15-minute default,
/// and the benchmark's clients log in once and never refresh.
const UNLIMITED: [(&str, &str); 10] = [
    ("RATE_LIMIT_AUTH_PER_MINUTE", "0"),
    ("RATE_LIMIT_GAMES_PER_MINUTE", "0"),
    ("RATE_LIMIT_MOVES_PER_MINUTE", "0"),
    ("CONNECTIONS_PER_CLIENT", "0"),
    ("RATE_LIMIT_JOINS_PER_MINUTE", "0"),
    ("RATE_LIMIT_LEAVES_PER_MINUTE", "0"),
    ("RATE_LIMIT_STREAM_TICKETS_PER_MINUTE", "0"),
    ("RATE_LIMIT_REFRESHES_PER_MINUTE", "0"),
    ("RATE_LIMIT_WEBHOOKS_PER_MINUTE", "0"),
    ("ACCESS_TOKEN_TTL_SECS", "86400"),
];

impl Server {
    /// Starts `binary` on a fresh database and waits until it answers `/healthz`. Its log goes
    /// to a file beside the database.
    pub fn start(binary: &Path, backend: &BackendChoice) -> Result<Server, String> {
        Server::start_with(binary, backend, &[])
    }

    /// As [`Server::start`], with more settings in the environment.
    pub fn start_with(
        binary: &Path,
        backend: &BackendChoice,
        env: &[(&str, &str)],
    ) -> Result<Server, String> {
        let database = FreshDatabase::create(backend)?;
        let mut server = Server::launch(
            binary,
            &database.url,
            database.dir(),
            &database.secret,
            1,
            env,
        )?;
        server.database = Some(database);
        Ok(server)
    }

    /// Starts a second process of `binary` on the database of `first`, with the same signing
    /// secret, so a token from either process is good on both.
    pub fn start_beside(binary: &Path, first: &Server) -> Result<Server, String> {
        let database = first
            .database
            .as_ref()
            .ok_or("the first server owns no database")?;
        Server::launch(
            binary,
            &database.url,
            database.dir(),
            &database.secret,
            2,
            &[],
        )
    }

    fn launch(
        binary: &Path,
        url: &str,
        dir: &Path,
        secret: &str,
        number: usize,
        env: &[(&str, &str)],
    ) -> Result<Server, String> {
        let port = free_port()?;
        let log_path = dir.join(format!("server-{number}.log"));
        let log =
            std::fs::File::create(&log_path).map_err(|error| format!("server log: {error}"))?;
        let log_err = log
            .try_clone()
            .map_err(|error| format!("server log: {error}"))?;
        let child = Command::new(binary)
            .env("HOST", "127.0.0.1")
            .env("PORT", port.to_string())
            .env("DATABASE_URL", url)
            .env("DATA_DIR", dir)
            .env("JWT_SECRET", secret)
            .envs(UNLIMITED)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::from(log))
            .stderr(Stdio::from(log_err))
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", binary.display()))?;
        let mut server = Server {
            child,
            base_url: format!("http://127.0.0.1:{port}"),
            database: None,
            url: url.to_owned(),
            log: log_path,
        };
        server.wait_until_ready(Duration::from_secs(60))?;
        Ok(server)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn memory(&self) -> Memory {
        Memory::of(self.pid())
    }

    fn wait_until_ready(&mut self, limit: Duration) -> Result<(), String> {
        let started = Instant::now();
        let url = format!("{}/healthz", self.base_url);
        while started.elapsed() < limit {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("the server exited ({status}): {}", self.log_tail()));
            }
            if http_status(&url) == Some(200) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(format!("the server did not answer: {}", self.log_tail()))
    }

    fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(5)..].join("\n")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nobody listens on now (the OS picks it; the server binds it a moment later).
pub fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .map_err(|error| format!("no free port: {error}"))
}

/// A blocking GET without a client library: enough for a readiness probe.
fn http_status(url: &str) -> Option<u16> {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://")?;
    let (host, path) = rest.split_at(rest.find('/')?);
    let mut stream = std::net::TcpStream::connect(host).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).ok()?;
    std::str::from_utf8(&head[9..12]).ok()?.parse().ok()
}

/// The server binary: the one given, or the release build of `api` in this benchmark's target
/// directory.
pub fn server_binary(given: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(path) = given {
        return Ok(path.to_owned());
    }
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("no workspace directory")?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    eprintln!("building the release server (cargo build --release -p api) …");
    let status = Command::new(cargo)
        .args([
            "build",
            "--release",
            "--quiet",
            "-p",
            "api",
            "--bin",
            "cardtable",
        ])
        .current_dir(workspace)
        .status()
        .map_err(|error| format!("cannot run cargo: {error}"))?;
    if !status.success() {
        return Err("building the server failed".to_owned());
    }
    // `<target>/<profile>/loadbench` → `<target>/release/cardtable`.
    let exe = std::env::current_exe().map_err(|error| error.to_string())?;
    let target = exe
        .parent()
        .and_then(Path::parent)
        .ok_or("no target directory")?;
    let beside = target.join("release").join("cardtable");
    if beside.is_file() {
        Ok(beside)
    } else {
        Err(format!(
            "no server binary at {}; build it and pass --server PATH",
            beside.display()
        ))
    }
}
