//! Command-line options.

use std::path::PathBuf;
use std::time::Duration;

pub const USAGE: &str = "\
loadbench: the release server over real HTTP, beside same-run ceilings

usage: cargo run --release -p bench -- [options]

  --quick               2-second windows instead of 10 (about a minute per backend)
  --backend B           sqlite, postgres or both (default: both; PostgreSQL is skipped,
                        with a note, when its server does not answer)
  --postgres-url URL    admin URL of the PostgreSQL server the benchmark creates its
                        databases on (default: $CARDTABLE_BENCH_POSTGRES_URL, else
                        postgres://postgres@127.0.0.1:5432/postgres); each is dropped after
  --clients LIST        concurrent clients, e.g. 1,16,64 (the default)
  --seconds S           measured seconds per cell (default 10; 2 with --quick)
  --active-games N      active games stored for the memory check (default 10000)
  --burst N             accounts that register and log in at once (default 256)
  --push-games N        games followed at once for the push latency (default 4)
  --long-game-move N    the move of a long game compared with its first 50 (default 500)
  --million             also measure a move with 1,000 and with 1,000,000 games stored
                        (slow: it copies a million games into the database)
  --stored N            as --million, with N games instead of 1,000,000
  --stored-only         run only that cell (the moves, and the inbox of an account seated
                        in every stored game), with 1,000,000 games unless --stored says
  --fanout N            run only the fan-out cell: N game streams on one game (its
                        seats and spectators) and N account streams while one client
                        plays it, beside the same client's move rate with no stream open.
                        The server and the benchmark each hold about N * 2 sockets: raise
                        `ulimit -n` above that first
  --matchmaking N       run only the quick-match cell: N tickets (e.g. 1000) of as many
                        accounts arriving evenly over 10 seconds, mixed kinds and player
                        counts; time to match, bot seats, tickets lost or matched twice
  --bots-after S        the tickets' bots_after_secs in the quick-match cell (default 5)
  --sessions            run only the sessions cell: moves and views (16 clients) on a server
                        that checks access tokens for revocation as shipped, beside one that
                        trusts each session's reading for a day, alternated twice
  --webhooks            run only the webhook cell: moves (16 clients) whose accounts each
                        have an endpoint on a local receiver, beside accounts without, on one
                        server, alternated twice; move → `your_turn` received p50/p99
  --server PATH         the server binary (default: built with `cargo build --release -p api`
                        and taken from beside this benchmark's own binary)
";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackendChoice {
    Sqlite,
    Postgres { admin_url: String },
}

impl BackendChoice {
    pub fn name(&self) -> &'static str {
        match self {
            BackendChoice::Sqlite => "sqlite",
            BackendChoice::Postgres { .. } => "postgres",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    pub backends: Vec<BackendChoice>,
    pub clients: Vec<usize>,
    /// The measured part of each cell.
    pub window: Duration,
    /// Run before each window and not measured: connections open, caches fill.
    pub warmup: Duration,
    pub active_games: u64,
    /// How many accounts register and log in at once.
    pub burst: usize,
    /// The move of the long game compared with its first moves.
    pub long_game_move: usize,
    /// Games followed at once for the push latency.
    pub push_games: usize,
    /// Games stored for the second half of the stored-games comparison, if it is measured.
    pub stored: Option<u64>,
    /// Streams of each kind for the fan-out cell; when set, only that cell runs.
    pub fanout: Option<usize>,
    /// Tickets of the quick-match cell; when set, only that cell runs.
    pub matchmaking: Option<usize>,
    /// The quick-match tickets' wait for people before bots.
    pub bots_after_secs: i64,
    /// Only the sessions cell.
    pub sessions: bool,
    /// Only the webhook cell.
    pub webhooks: bool,
    /// Only the stored-games cell.
    pub stored_only: bool,
    pub server: Option<PathBuf>,
}

pub enum Command {
    Run(Config),
    /// The ceiling's bare HTTP server, run as a child process of the benchmark.
    ServeBareGet,
    Help,
}

const DEFAULT_POSTGRES: &str = "postgres://postgres@127.0.0.1:5432/postgres";

pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut args = args.into_iter();
    let mut quick = false;
    let mut backend = "both".to_owned();
    let mut postgres_url = std::env::var("CARDTABLE_BENCH_POSTGRES_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| DEFAULT_POSTGRES.to_owned());
    let mut clients = vec![1, 16, 64];
    let mut seconds: Option<f64> = None;
    let mut active_games: Option<u64> = None;
    let mut stored: Option<u64> = None;
    let mut burst = 256;
    let mut push_games = 4;
    let mut long_game_move = 500;
    let mut server = None;
    let mut fanout = None;
    let mut matchmaking = None;
    let mut bots_after_secs = 5;
    let mut sessions = false;
    let mut webhooks = false;
    let mut stored_only = false;
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--quick" => quick = true,
            "--sessions" => sessions = true,
            "--webhooks" => webhooks = true,
            "--stored-only" => stored_only = true,
            "--million" => stored = Some(1_000_000),
            "--stored" => stored = Some(parse_number(&value("--stored")?, "--stored")?),
            "--burst" => burst = parse_number(&value("--burst")?, "--burst")?,
            "--push-games" => push_games = parse_number(&value("--push-games")?, "--push-games")?,
            "--long-game-move" => {
                long_game_move = parse_number(&value("--long-game-move")?, "--long-game-move")?
            }
            "--backend" => backend = value("--backend")?,
            "--postgres-url" => postgres_url = value("--postgres-url")?,
            "--clients" => clients = parse_list(&value("--clients")?)?,
            "--seconds" => seconds = Some(parse_number(&value("--seconds")?, "--seconds")?),
            "--active-games" => {
                active_games = Some(parse_number(&value("--active-games")?, "--active-games")?)
            }
            "--fanout" => fanout = Some(parse_number(&value("--fanout")?, "--fanout")?),
            "--matchmaking" => {
                matchmaking = Some(parse_number(&value("--matchmaking")?, "--matchmaking")?)
            }
            "--bots-after" => {
                bots_after_secs = parse_number(&value("--bots-after")?, "--bots-after")?
            }
            "--server" => server = Some(PathBuf::from(value("--server")?)),
            "--serve-bare-get" => return Ok(Command::ServeBareGet),
            "--help" | "-h" => return Ok(Command::Help),
            other => return Err(format!("unknown argument `{other}`\n\n{USAGE}")),
        }
    }
    let postgres = BackendChoice::Postgres {
        admin_url: postgres_url,
    };
    let backends = match backend.as_str() {
        "sqlite" => vec![BackendChoice::Sqlite],
        "postgres" => vec![postgres],
        "both" => vec![BackendChoice::Sqlite, postgres],
        other => {
            return Err(format!(
                "--backend is sqlite, postgres or both, not `{other}`"
            ));
        }
    };
    if burst < 4 || push_games == 0 || long_game_move < 50 {
        return Err(
            "--burst is at least 4, --push-games at least 1, --long-game-move at least 50"
                .to_owned(),
        );
    }
    if matchmaking == Some(0) || !(0..=300).contains(&bots_after_secs) {
        return Err("--matchmaking is at least 1, --bots-after from 0 to 300".to_owned());
    }
    if stored.is_some_and(|n| n < 1_000) {
        return Err("--stored is at least 1000".to_owned());
    }
    let seconds = seconds.unwrap_or(if quick { 2.0 } else { 10.0 });
    if !(seconds > 0.0 && seconds < 3600.0) {
        return Err("--seconds is between 0 and 3600".to_owned());
    }
    Ok(Command::Run(Config {
        backends,
        clients,
        window: Duration::from_secs_f64(seconds),
        warmup: Duration::from_secs_f64((seconds / 10.0).clamp(0.3, 1.0)),
        active_games: active_games.unwrap_or(10_000),
        burst,
        long_game_move,
        push_games,
        fanout,
        matchmaking,
        bots_after_secs,
        sessions,
        webhooks,
        stored: if stored_only {
            stored.or(Some(1_000_000))
        } else {
            stored
        },
        stored_only,
        server,
    }))
}

fn parse_list(text: &str) -> Result<Vec<usize>, String> {
    let list: Vec<usize> = text
        .split(',')
        .map(|part| parse_number(part.trim(), "--clients"))
        .collect::<Result<_, _>>()?;
    if list.is_empty() || list.contains(&0) {
        return Err("--clients lists positive numbers".to_owned());
    }
    Ok(list)
}

fn parse_number<T: std::str::FromStr>(text: &str, name: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{name}: `{text}` is not a number"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Result<Config, String> {
        match parse(args.iter().map(|arg| (*arg).to_owned()))? {
            Command::Run(config) => Ok(config),
            _ => Err("not a run".to_owned()),
        }
    }

    #[test]
    fn options_reach_the_configuration() {
        let config = config(&[
            "--backend",
            "sqlite",
            "--clients",
            "1,4",
            "--seconds",
            "3",
            "--stored",
            "5000",
            "--push-games",
            "2",
            "--burst",
            "64",
        ])
        .expect("parses");
        assert_eq!(config.backends, vec![BackendChoice::Sqlite]);
        assert_eq!(config.clients, vec![1, 4]);
        assert_eq!(config.window, Duration::from_secs(3));
        assert_eq!(config.warmup, Duration::from_millis(300));
        assert_eq!(config.stored, Some(5_000));
        assert_eq!((config.push_games, config.burst), (2, 64));
    }

    #[test]
    fn defaults_follow_the_issue_and_mistakes_are_refused() {
        let config = config(&["--million"]).expect("parses");
        assert_eq!(config.clients, vec![1, 16, 64]);
        assert_eq!(config.stored, Some(1_000_000));
        assert_eq!((config.burst, config.active_games), (256, 10_000));
        assert_eq!(config.backends.len(), 2);
        for wrong in [
            &["--clients", "0"][..],
            &["--backend", "mysql"],
            &["--stored", "10"],
            &["--seconds"],
            &["--frobnicate"],
        ] {
            assert!(self::config(wrong).is_err(), "{wrong:?}");
        }
    }
}
