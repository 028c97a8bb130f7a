//! The server as a separate process (the built `cardtable` binary), for checks that kill it,
//! restart it or measure it from outside.

use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A server process, restarted on the same port, database and data directory. Dropping it
/// kills the process.
pub struct ServerProcess {
    binary: PathBuf,
    port: u16,
    env: Vec<(String, String)>,
    data_dir: PathBuf,
    child: Option<Child>,
    starts: usize,
}

impl ServerProcess {
    /// `env` is added to the server's environment; its log goes to `data_dir/server.log`.
    pub fn new(binary: PathBuf, data_dir: PathBuf, env: &[(&str, &str)]) -> Result<Self, String> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map(|address| address.port())
            .map_err(|error| error.to_string())?;
        Ok(Self {
            binary,
            port,
            env: env
                .iter()
                .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
                .collect(),
            data_dir,
            child: None,
            starts: 0,
        })
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn starts(&self) -> usize {
        self.starts
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    pub fn spawn(&mut self) -> Result<(), String> {
        std::fs::create_dir_all(&self.data_dir).map_err(|error| error.to_string())?;
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.data_dir.join("server.log"))
            .map_err(|error| error.to_string())?;
        let log_err = log.try_clone().map_err(|error| error.to_string())?;
        let child = Command::new(&self.binary)
            .env("HOST", "127.0.0.1")
            .env("PORT", self.port.to_string())
            .env("DATA_DIR", &self.data_dir)
            .envs(self.env.iter().map(|(name, value)| (name, value)))
            .stdout(Stdio::from(log))
            .stderr(Stdio::from(log_err))
            .spawn()
            .map_err(|error| format!("cannot start {}: {error}", self.binary.display()))?;
        self.child = Some(child);
        self.starts += 1;
        Ok(())
    }

    /// SIGKILL: no chance to finish anything.
    pub fn kill(&mut self) -> Result<(), String> {
        if let Some(mut child) = self.child.take() {
            child.kill().map_err(|error| error.to_string())?;
            child.wait().map_err(|error| error.to_string())?;
        }
        Ok(())
    }

    /// SIGTERM, then the exit status once it has stopped.
    pub fn terminate(&mut self) -> Result<ExitStatus, String> {
        let mut child = self.child.take().ok_or("the server is not running")?;
        Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .map_err(|error| error.to_string())?;
        child.wait().map_err(|error| error.to_string())
    }

    /// Waits until `/healthz` answers 200; returns how long that took.
    pub async fn wait_ready(&self, client: &reqwest::Client) -> Result<Duration, String> {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(60) {
            // Each try is bounded: a connection that hangs while the server restarts must not
            // hold the whole wait.
            if let Ok(response) = client
                .get(format!("{}/healthz", self.base_url()))
                .timeout(Duration::from_secs(2))
                .send()
                .await
                && response.status().is_success()
            {
                return Ok(started.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Err("the server did not become ready within 60 s".to_owned())
    }

    /// A line of `/proc/<pid>/status` in KiB (`VmRSS`, `VmHWM`), on Linux.
    pub fn memory_kib(&self, field: &str) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()?)).ok()?;
        status
            .lines()
            .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
            .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.kill();
    }
}
