use std::path::PathBuf;
use std::time::Duration;

use secrecy::SecretString;

use crate::clock::Clock;

/// Server settings, read from the environment with working defaults.
#[derive(Clone, Debug)]
pub struct Settings {
    pub host: String,
    pub port: u16,
    /// `postgres://…` selects PostgreSQL; anything else is a SQLite file. Secret: it may carry
    /// the database password.
    pub database_url: SecretString,
    /// Where the server keeps its files (the SQLite database, a generated signing secret).
    pub data_dir: PathBuf,
    /// HMAC secret for access tokens (at least 32 bytes); generated and kept in `data_dir` when
    /// unset.
    pub jwt_secret: Option<SecretString>,
    /// Lifetime of an access token (`ACCESS_TOKEN_TTL_SECS`, 900 by default).
    pub token_ttl_secs: i64,
    /// How long a refresh token stays usable unused (`REFRESH_TOKEN_TTL_SECS`, 30 days by
    /// default); a login lives at most 365 days however often it is refreshed.
    pub refresh_token_ttl_secs: i64,
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
    /// Where clients reach the server (`PUBLIC_URL`), the base of the stream URLs it hands out;
    /// `None`: the scheme and host each request came to.
    pub public_url: Option<String>,
    /// Streams: keep-alive, buffer, slow-reader grace, `retry:`, the game cache.
    pub live: crate::push::LiveSettings,
    /// Who may read `/metrics`; see [`MetricsSettings`].
    pub metrics: MetricsSettings,
    /// Rated games a player must finish before its rating stops being provisional and it is
    /// listed on the leaderboards; `None`: [`ladder::PROVISIONAL_GAMES`].
    pub rating_provisional_games: Option<u32>,
    /// Webhooks: private targets allowed or not, endpoints per account.
    pub webhooks: crate::delivery::WebhookSettings,
    /// How long a process trusts its reading that a session is alive
    /// (`SESSION_RECHECK_MILLIS`, 500): a session ended by another process is refused here
    /// within this time.
    pub session_recheck: Duration,
}

/// Where `/metrics` is served. With neither a token nor a listener of its own it is not served
/// at all: its counts (of secret submissions, say) are not for every caller.
#[derive(Clone, Debug, Default)]
pub struct MetricsSettings {
    /// The bearer token `/metrics` requires (on the public listener and on its own).
    pub token: Option<SecretString>,
    /// A listener of its own (`127.0.0.1:9090`) that serves `/metrics` only, without a token
    /// unless one is set; the public listener then serves it only with the token.
    pub addr: Option<String>,
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
    /// How long a request body may take to arrive, in all, before a 408 that closes the
    /// connection.
    pub body_timeout: Duration,
    /// Connections one client address (an IPv6 address by its /64) may hold open at once; a
    /// connection beyond it gets 429 and is closed. 0: no bound.
    pub connections_per_client: usize,
    /// Stream tickets issued per minute to one account.
    pub stream_tickets_per_minute: u32,
    /// Joins per minute by one account.
    pub joins_per_minute: u32,
    /// Leaves per minute by one account.
    pub leaves_per_minute: u32,
    /// Webhook endpoints registered per minute by one account.
    pub webhooks_per_minute: u32,
    /// Refreshes per minute from one IP address.
    pub refreshes_per_minute: u32,
    /// Personal access tokens made per minute by one account.
    pub personal_tokens_per_minute: u32,
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
            body_timeout: Duration::from_secs(10),
            connections_per_client: 64,
            stream_tickets_per_minute: 120,
            joins_per_minute: 60,
            leaves_per_minute: 60,
            webhooks_per_minute: 10,
            refreshes_per_minute: 60,
            personal_tokens_per_minute: 10,
        }
    }
}

impl LimitSettings {
    /// No rate limits and no bound on connections: for tests that create many accounts and
    /// games, and open many streams, from one address.
    pub fn unlimited() -> Self {
        Self {
            auth_per_minute: 0,
            games_per_minute: 0,
            moves_per_minute: 0,
            connections_per_client: 0,
            stream_tickets_per_minute: 0,
            joins_per_minute: 0,
            leaves_per_minute: 0,
            webhooks_per_minute: 0,
            refreshes_per_minute: 0,
            personal_tokens_per_minute: 0,
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
            body_timeout: Duration::from_millis(number("BODY_TIMEOUT_MILLIS", 10_000)?),
            connections_per_client: number(
                "CONNECTIONS_PER_CLIENT",
                defaults.connections_per_client,
            )?,
            stream_tickets_per_minute: number(
                "RATE_LIMIT_STREAM_TICKETS_PER_MINUTE",
                defaults.stream_tickets_per_minute,
            )?,
            joins_per_minute: number("RATE_LIMIT_JOINS_PER_MINUTE", defaults.joins_per_minute)?,
            leaves_per_minute: number("RATE_LIMIT_LEAVES_PER_MINUTE", defaults.leaves_per_minute)?,
            webhooks_per_minute: number(
                "RATE_LIMIT_WEBHOOKS_PER_MINUTE",
                defaults.webhooks_per_minute,
            )?,
            refreshes_per_minute: number(
                "RATE_LIMIT_REFRESHES_PER_MINUTE",
                defaults.refreshes_per_minute,
            )?,
            personal_tokens_per_minute: number(
                "RATE_LIMIT_PERSONAL_TOKENS_PER_MINUTE",
                defaults.personal_tokens_per_minute,
            )?,
        };
        Ok(Self {
            host: var("HOST").unwrap_or_else(|| "127.0.0.1".to_owned()),
            port: number("PORT", 8080)?,
            database_url: database_url.into(),
            data_dir,
            jwt_secret: var("JWT_SECRET").map(SecretString::from),
            token_ttl_secs: number("ACCESS_TOKEN_TTL_SECS", 900)?,
            refresh_token_ttl_secs: number(
                "REFRESH_TOKEN_TTL_SECS",
                crate::auth::DEFAULT_REFRESH_TTL_SECS,
            )?,
            tick_millis: number("TICK_MILLIS", 1000)?,
            // For automated testers: a clock they move with `POST /v1/test/clock`.
            clock: if number("TEST_CLOCK", false)? {
                Clock::test()
            } else {
                Clock::system()
            },
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
            public_url: var("PUBLIC_URL").map(public_url).transpose()?,
            live: live_settings()?,
            metrics: MetricsSettings {
                token: var("METRICS_TOKEN").map(SecretString::from),
                addr: var("METRICS_ADDR"),
            },
            rating_provisional_games: var("RATING_PROVISIONAL_GAMES")
                .map(|_| number("RATING_PROVISIONAL_GAMES", ladder::PROVISIONAL_GAMES))
                .transpose()?,
            webhooks: webhook_settings()?,
            session_recheck: Duration::from_millis(
                number(
                    "SESSION_RECHECK_MILLIS",
                    u64::try_from(crate::service::session_liveness::ALIVE_FOR.as_millis())
                        .unwrap_or(500),
                )?
                .max(1),
            ),
        })
    }
}

/// The streams' settings; the buffer, the slow-reader grace and the `retry:` sent to clients are
/// adjustable (a test cuts slow readers quickly with a tiny buffer and no grace).
fn live_settings() -> Result<crate::push::LiveSettings, String> {
    let defaults = crate::push::LiveSettings::default();
    Ok(crate::push::LiveSettings {
        game_cache_size: number("GAME_CACHE_SIZE", defaults.game_cache_size)?,
        streams_per_account: number("STREAMS_PER_ACCOUNT", defaults.streams_per_account)?,
        stream_buffer: number::<usize>("STREAM_BUFFER", defaults.stream_buffer)?.max(1),
        slow_reader_grace: Duration::from_millis(number(
            "STREAM_SLOW_READER_GRACE_MILLIS",
            u64::try_from(defaults.slow_reader_grace.as_millis()).unwrap_or(u64::MAX),
        )?),
        reconnect_after: Duration::from_millis(number(
            "STREAM_RETRY_MILLIS",
            u64::try_from(defaults.reconnect_after.as_millis()).unwrap_or(u64::MAX),
        )?),
        ..defaults
    })
}

/// `WEBHOOK_ALLOW_PRIVATE=true` lets endpoints use `http` and private addresses (tests,
/// on-premises receivers); anything else but `false` or unset is refused.
fn webhook_settings() -> Result<crate::delivery::WebhookSettings, String> {
    let defaults = crate::delivery::WebhookSettings::default();
    let allow_private = match std::env::var("WEBHOOK_ALLOW_PRIVATE").ok().as_deref() {
        None | Some("" | "false") => false,
        Some("true") => true,
        Some(other) => {
            return Err(format!(
                "WEBHOOK_ALLOW_PRIVATE must be `true` or `false`, got `{other}`"
            ));
        }
    };
    Ok(crate::delivery::WebhookSettings {
        allow_private,
        max_endpoints_per_account: number(
            "WEBHOOK_MAX_ENDPOINTS",
            defaults.max_endpoints_per_account,
        )?,
    })
}

/// `PUBLIC_URL` without a trailing slash; only `http` and `https` URLs make sense to a browser.
fn public_url(url: String) -> Result<String, String> {
    let url = url.trim().trim_end_matches('/').to_owned();
    if url.starts_with("http://") || url.starts_with("https://") {
        Ok(url)
    } else {
        Err(format!(
            "PUBLIC_URL must be an http:// or https:// URL, got `{url}`"
        ))
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

#[cfg(test)]
mod tests {
    use super::public_url;

    #[test]
    fn the_public_url_is_an_http_url_without_a_trailing_slash() {
        assert_eq!(
            public_url(" https://cardtable.example/ ".to_owned()),
            Ok("https://cardtable.example".to_owned())
        );
        assert_eq!(
            public_url("http://127.0.0.1:8080".to_owned()),
            Ok("http://127.0.0.1:8080".to_owned())
        );
        assert!(public_url("cardtable.example".to_owned()).is_err());
        assert!(public_url("ftp://cardtable.example".to_owned()).is_err());
    }
}
