use std::path::PathBuf;
use std::time::Duration;

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
    /// HMAC secret for access tokens (at least 32 bytes); generated and kept in `data_dir` when
    /// unset.
    pub jwt_secret: Option<String>,
    /// Lifetime of an access token.
    pub token_ttl_secs: i64,
    /// How often the background tick expires passed deadlines.
    pub tick_millis: u64,
    /// Where "now" comes from: the system clock, or a manual clock a test moves.
    pub clock: Clock,
    /// Request limits; see [`LimitSettings`].
    pub limits: LimitSettings,
    /// How long a SIGTERM waits for requests in flight before the server stops anyway.
    pub shutdown_timeout: Duration,
    /// Browser origins allowed to call the API cross-origin (exact matches).
    pub cors_origins: Vec<String>,
    /// Streams: keep-alive, buffer, tickets.
    pub live: crate::push::LiveSettings,
}

/// Limits that keep one client from exhausting the server. A rate of 0 turns that limit off.
#[derive(Clone, Debug)]
pub struct LimitSettings {
    /// Registrations and logins per minute from one IP address.
    pub auth_per_minute: u32,
    /// Games created per minute by one account.
    pub games_per_minute: u32,
    /// Moves per minute by one account.
    pub moves_per_minute: u32,
    /// The largest request body accepted, in bytes.
    pub max_body_bytes: usize,
    /// Password hashes computed at once (each takes ~19 MiB); 0 means the number of CPUs.
    pub hash_concurrency: usize,
    /// How long a registration or login waits for a hashing slot before a 503.
    pub hash_wait: Duration,
    /// Stream tickets issued per minute to one account.
    pub stream_tickets_per_minute: u32,
    /// Joins per minute by one account.
    pub joins_per_minute: u32,
    /// Leaves per minute by one account.
    pub leaves_per_minute: u32,
}

impl Default for LimitSettings {
    fn default() -> Self {
        Self {
            auth_per_minute: 30,
            games_per_minute: 60,
            moves_per_minute: 600,
            max_body_bytes: 64 * 1024,
            hash_concurrency: 0,
            hash_wait: Duration::from_secs(10),
            stream_tickets_per_minute: 120,
            joins_per_minute: 60,
            leaves_per_minute: 60,
        }
    }
}

impl LimitSettings {
    /// No rate limits: for tests that create many accounts and games from one address.
    pub fn unlimited() -> Self {
        Self {
            auth_per_minute: 0,
            games_per_minute: 0,
            moves_per_minute: 0,
            stream_tickets_per_minute: 0,
            joins_per_minute: 0,
            leaves_per_minute: 0,
            ..Self::default()
        }
    }
}

impl Settings {
    pub fn from_env() -> Result<Self, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|value| !value.is_empty());
        let data_dir = PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "data".to_owned()));
        let database_url = var("DATABASE_URL").unwrap_or_else(|| {
            data_dir
                .join("cardtable.sqlite3")
                .to_string_lossy()
                .into_owned()
        });
        let defaults = LimitSettings::default();
        let limits = LimitSettings {
            auth_per_minute: number("RATE_LIMIT_AUTH_PER_MINUTE", defaults.auth_per_minute)?,
            games_per_minute: number("RATE_LIMIT_GAMES_PER_MINUTE", defaults.games_per_minute)?,
            moves_per_minute: number("RATE_LIMIT_MOVES_PER_MINUTE", defaults.moves_per_minute)?,
            max_body_bytes: number("MAX_BODY_BYTES", defaults.max_body_bytes)?,
            hash_concurrency: number("HASH_CONCURRENCY", defaults.hash_concurrency)?,
            hash_wait: Duration::from_millis(number("HASH_WAIT_MILLIS", 10_000)?),
            stream_tickets_per_minute: number(
                "RATE_LIMIT_STREAM_TICKETS_PER_MINUTE",
                defaults.stream_tickets_per_minute,
            )?,
            joins_per_minute: number("RATE_LIMIT_JOINS_PER_MINUTE", defaults.joins_per_minute)?,
            leaves_per_minute: number("RATE_LIMIT_LEAVES_PER_MINUTE", defaults.leaves_per_minute)?,
        };
        Ok(Self {
            host: var("HOST").unwrap_or_else(|| "127.0.0.1".to_owned()),
            port: number("PORT", 8080)?,
            database_url,
            data_dir,
            jwt_secret: var("JWT_SECRET"),
            token_ttl_secs: 24 * 3600,
            tick_millis: number("TICK_MILLIS", 1000)?,
            clock: Clock::system(),
            limits,
            shutdown_timeout: Duration::from_secs(number("SHUTDOWN_TIMEOUT_SECS", 30)?),
            cors_origins: var("CORS_ORIGINS")
                .map(|origins| {
                    origins
                        .split(',')
                        .map(|origin| origin.trim().trim_end_matches('/').to_owned())
                        .filter(|origin| !origin.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            live: crate::push::LiveSettings {
                game_cache_size: number("GAME_CACHE_SIZE", 2048)?,
                streams_per_account: number(
                    "STREAMS_PER_ACCOUNT",
                    crate::push::LiveSettings::default().streams_per_account,
                )?,
                ..crate::push::LiveSettings::default()
            },
        })
    }
}

fn number<T: std::str::FromStr>(name: &str, default: T) -> Result<T, String> {
    match std::env::var(name).ok().filter(|value| !value.is_empty()) {
        Some(value) => value
            .trim()
            .parse()
            .map_err(|_| format!("{name} must be a non-negative whole number, got `{value}`")),
        None => Ok(default),
    }
}
