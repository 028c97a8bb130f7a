use std::path::PathBuf;

use crate::clock::Clock;

/// Server settings, read from the environment with working defaults.
#[derive(Clone, Debug)]
pub struct Settings {
    pub host: String,
    pub port: u16,
    /// `postgres://…` selects PostgreSQL; anything else is a SQLite file.
    pub database_url: String,
    /// Where the server keeps its files (the SQLite database, a generated signing secret).
    pub data_dir: PathBuf,
    /// HMAC secret for access tokens; generated and kept in `data_dir` when unset.
    pub jwt_secret: Option<String>,
    /// Lifetime of an access token.
    pub token_ttl_secs: i64,
    /// How often the background tick expires passed deadlines.
    pub tick_millis: u64,
    /// Where "now" comes from: the system clock, or a manual clock a test moves.
    pub clock: Clock,
    /// Streams: keep-alive, buffer, tickets.
    pub live: crate::live::LiveSettings,
}

impl Settings {
    pub fn from_env() -> Result<Self, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
        let data_dir = PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "data".to_owned()));
        let port = match var("PORT") {
            Some(port) => port
                .parse()
                .map_err(|_| format!("PORT must be a port number, got `{port}`"))?,
            None => 8080,
        };
        let database_url = var("DATABASE_URL").unwrap_or_else(|| {
            data_dir
                .join("cardtable.sqlite3")
                .to_string_lossy()
                .into_owned()
        });
        Ok(Self {
            host: var("HOST").unwrap_or_else(|| "127.0.0.1".to_owned()),
            port,
            database_url,
            data_dir,
            jwt_secret: var("JWT_SECRET"),
            token_ttl_secs: 24 * 3600,
            tick_millis: 1000,
            clock: Clock::system(),
            live: crate::live::LiveSettings::default(),
        })
    }
}
