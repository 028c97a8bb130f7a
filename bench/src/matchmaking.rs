//! Quick match under load: tickets of many accounts arrive evenly over a few seconds, for
//! mixed kinds and player counts, against the real server. Each ticket is read until it is
//! matched; then every game is read to check its seats against the tickets. It reports the
//! time to match, the share of seats bots took, and tickets lost or matched twice (both must
//! be 0). Before the tickets, every account is given a rating of its own in every kind (spread
//! evenly over a wide range, as settled players), so the spread of ratings within the games
//! made says how closely the matcher paired them; it is set beside the spread of random groups
//! of the same sizes from the same accounts.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::accounts::register_all;
use crate::args::BackendChoice;
use crate::http::Client;
use crate::server::Server;
use crate::stats::{Samples, Summary};

/// How often a waiting ticket is read: the resolution of the time to match.
const POLL_EVERY: Duration = Duration::from_millis(100);
/// How long past its bot wait a ticket may take before it counts as lost.
const GIVE_UP_AFTER: Duration = Duration::from_secs(30);

/// Kinds with their player bounds.
const KINDS: [(&str, i64, i64); 4] = [
    ("tricky_tribes", 2, 6),
    ("trade_or_duel", 4, 9),
    ("intrigue", 3, 3),
    ("tribute", 3, 3),
];

#[derive(Debug, Default)]
pub struct MatchRun {
    pub tickets: usize,
    pub arrival_seconds: f64,
    pub bots_after_secs: i64,
    /// Posting a ticket until a read shows it matched.
    pub time_to_match: Summary,
    pub games: usize,
    pub seats: usize,
    pub bot_seats: usize,
    /// Tickets not matched within their bot wait plus [`GIVE_UP_AFTER`], or refused.
    pub lost: usize,
    /// Accounts seated in more than one game, games whose seats are not their tickets'
    /// accounts, or a seat twice in one game.
    pub matched_twice: usize,
    pub first_failure: Option<String>,
    /// Per game with two people or more: the highest rating seated less the lowest.
    pub spreads: Vec<f64>,
    /// The same for random groups of the same sizes drawn from every account.
    pub random_spreads: Vec<f64>,
    /// How many people each game of `spreads` seated.
    spreads_sizes: Vec<usize>,
}

/// The seeded ratings: from [`LOWEST`] over [`RANGE`] (Weng-Lin's newcomer is at 25).
const LOWEST: f64 = 10.0;
const RANGE: f64 = 30.0;

struct Outcome {
    /// Stands for the account: each game is read with one of its tickets' tokens.
    token: String,
    game: Option<String>,
    waited: Option<Duration>,
    failure: Option<String>,
}

pub async fn run(
    binary: &std::path::Path,
    backend: &BackendChoice,
    tickets: usize,
    over: Duration,
    bots_after_secs: i64,
) -> Result<MatchRun, String> {
    let server = Server::start(binary, backend)?;
    let base = server.base_url.clone();
    eprintln!("   registering {tickets} accounts");
    let (tokens, burst) = register_all(&base, "queue", tickets).await?;
    if let Some(failure) = burst.first_failure {
        return Err(format!("registration failed: {failure}"));
    }
    eprintln!("   rating {tickets} accounts");
    let ratings = seed_ratings(&base, &server.url, &tokens).await?;
    let mut rng = StdRng::seed_from_u64(26);
    let gap = over.div_f64(tickets.max(1) as f64);
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(tickets);
    eprintln!("   {tickets} tickets over {:.0} s", over.as_secs_f64());
    for (index, token) in tokens.into_iter().enumerate() {
        let (kind, low, high) = KINDS[rng.random_range(0..KINDS.len())];
        let min = rng.random_range(low..=high);
        let max = rng.random_range(min..=high.min(min + 2));
        let players = if min == max {
            json!(min)
        } else {
            json!({"min": min, "max": max})
        };
        let body = json!({"kind": kind, "players": players, "bots_after_secs": bots_after_secs});
        let client = Client::new(&base)?;
        let at = started + gap.mul_f64(index as f64);
        let give_up = Duration::from_secs(bots_after_secs.unsigned_abs()) + GIVE_UP_AFTER;
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep_until(at.into()).await;
            follow(&client, &token, &body, give_up).await
        }));
    }
    let mut outcomes = Vec::with_capacity(tickets);
    for task in tasks {
        outcomes.push(task.await.map_err(|error| error.to_string())?);
    }
    let arrival_seconds = over.as_secs_f64();
    let mut run = MatchRun {
        tickets,
        arrival_seconds,
        bots_after_secs,
        ..MatchRun::default()
    };
    let mut waits = Samples::default();
    let mut by_game: HashMap<String, Vec<String>> = HashMap::new();
    for outcome in outcomes {
        if let Some(failure) = outcome.failure {
            run.lost += 1;
            run.first_failure.get_or_insert(failure);
            continue;
        }
        if let (Some(game), Some(waited)) = (outcome.game, outcome.waited) {
            waits.push(waited);
            by_game.entry(game).or_default().push(outcome.token);
        }
    }
    run.time_to_match = waits.summary(1.0);
    run.games = by_game.len();
    check_games(&base, by_game, &ratings, &mut run).await?;
    run.random_spreads = random_spreads(&run.spreads_sizes, &ratings, &mut rng);
    drop(server);
    Ok(run)
}

/// Posts the ticket, then reads it until it is matched.
async fn follow(client: &Client, token: &str, body: &Value, give_up: Duration) -> Outcome {
    let posted = Instant::now();
    let fail = |failure: String| Outcome {
        token: String::new(),
        game: None,
        waited: None,
        failure: Some(failure),
    };
    let created = match client
        .post("/v1/matchmaking/tickets", Some(token), body)
        .await
    {
        Ok(reply) if reply.status == 201 => reply.json(),
        Ok(reply) => {
            return fail(format!(
                "ticket refused: {} {}",
                reply.status,
                String::from_utf8_lossy(&reply.body)
            ));
        }
        Err(error) => return fail(error),
    };
    let path = format!(
        "/v1/matchmaking/tickets/{}",
        created["id"].as_str().unwrap_or_default()
    );
    let mut ticket = created;
    while ticket["status"] == "waiting" {
        if posted.elapsed() > give_up {
            return fail(format!("not matched within {give_up:?}"));
        }
        tokio::time::sleep(POLL_EVERY).await;
        match client.get(&path, Some(token), None).await {
            Ok(reply) if reply.status == 200 => ticket = reply.json(),
            Ok(reply) => return fail(format!("ticket read: {}", reply.status)),
            Err(error) => return fail(error),
        }
    }
    let waited = posted.elapsed();
    if ticket["status"] != "matched" {
        return fail(format!("ticket ended {}", ticket["status"]));
    }
    let game = ticket["game_id"].as_str().map(str::to_owned);
    Outcome {
        token: token.to_owned(),
        game,
        waited: Some(waited),
        failure: None,
    }
}

/// Reads every game once, as one of its players, and checks its seats: exactly the accounts
/// whose tickets name it, each once, and no account in two games.
async fn check_games(
    base: &str,
    by_game: HashMap<String, Vec<String>>,
    ratings: &HashMap<String, f64>,
    run: &mut MatchRun,
) -> Result<(), String> {
    let client = Client::new(base)?;
    let mut everyone = HashSet::new();
    for (game, tokens) in by_game {
        let token = tokens.first().ok_or("a game without tickets")?;
        let reply = client
            .get(&format!("/v1/games/{game}"), Some(token), None)
            .await?;
        let view = reply.json();
        let seated: Vec<String> = view["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|seat| seat["account_id"].as_str().map(str::to_owned))
            .collect();
        let bots = view["bots"].as_array().map_or(0, Vec::len);
        let players = view["players"]
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(0);
        let distinct: HashSet<&String> = seated.iter().collect();
        if distinct.len() != seated.len()
            || seated.len() != tokens.len()
            || seated.len() + bots != players
        {
            run.matched_twice += 1;
        }
        for account in &seated {
            if !everyone.insert(account.clone()) {
                run.matched_twice += 1;
            }
        }
        let rated: Vec<f64> = seated
            .iter()
            .filter_map(|account| ratings.get(account).copied())
            .collect();
        if rated.len() >= 2 {
            run.spreads.push(spread(&rated));
            run.spreads_sizes.push(rated.len());
        }
        run.seats += players;
        run.bot_seats += bots;
    }
    Ok(())
}

/// Gives every account a settled rating (30 games, uncertainty 2) in every kind, spread evenly
/// over the range in a scrambled order; answers each account's id with its rating.
async fn seed_ratings(
    base: &str,
    database_url: &str,
    tokens: &[String],
) -> Result<HashMap<String, f64>, String> {
    let client = Client::new(base)?;
    let mut ids = Vec::with_capacity(tokens.len());
    for token in tokens {
        let me = client.get("/v1/me", Some(token), None).await?.json();
        let id = me["id"].as_str().ok_or("GET /v1/me without an id")?;
        ids.push(id.to_owned());
    }
    let ratings: HashMap<String, f64> = ids
        .iter()
        .enumerate()
        .map(|(index, id)| {
            // Index times the golden ratio, modulo 1: even over the range, in no order.
            let place = (index as f64 * 0.618_033_988_749_895).fract();
            (id.clone(), LOWEST + RANGE * place)
        })
        .collect();
    let url = database_url.to_owned();
    let seeded = ratings.clone();
    tokio::task::spawn_blocking(move || -> Result<(), String> {
        let database = persistence::Database::connect(&url).map_err(|error| error.to_string())?;
        for (id, rating) in &seeded {
            let account_id = uuid::Uuid::parse_str(id).map_err(|error| error.to_string())?;
            for &kind in domain::GameKind::ALL {
                database
                    .seed_rating(&persistence::RatingRecord {
                        account_id,
                        kind,
                        skill: ladder::Skill {
                            rating: *rating,
                            uncertainty: 2.0,
                            games: 30,
                        },
                        updated_at: 0,
                    })
                    .map_err(|error| error.to_string())?;
            }
        }
        Ok(())
    })
    .await
    .map_err(|error| error.to_string())??;
    Ok(ratings)
}

fn spread(ratings: &[f64]) -> f64 {
    let high = ratings.iter().copied().fold(f64::MIN, f64::max);
    let low = ratings.iter().copied().fold(f64::MAX, f64::min);
    high - low
}

/// For each size, the spread of a random group of that many accounts.
fn random_spreads(sizes: &[usize], ratings: &HashMap<String, f64>, rng: &mut StdRng) -> Vec<f64> {
    let all: Vec<f64> = ratings.values().copied().collect();
    sizes
        .iter()
        .map(|&size| {
            let mut pool = all.clone();
            let mut group = Vec::with_capacity(size);
            for _ in 0..size.min(pool.len()) {
                group.push(pool.swap_remove(rng.random_range(0..pool.len())));
            }
            spread(&group)
        })
        .collect()
}

/// The median and 90th percentile of some spreads.
fn quantiles(values: &[f64]) -> (f64, f64) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let at = |quantile: f64| -> f64 {
        if sorted.is_empty() {
            return f64::NAN;
        }
        let rank = (quantile * sorted.len() as f64).ceil() as usize;
        sorted[rank.clamp(1, sorted.len()) - 1]
    };
    (at(0.5), at(0.9))
}

pub fn markdown(backend: &str, run: &MatchRun) -> String {
    let share = if run.seats == 0 {
        0.0
    } else {
        run.bot_seats as f64 / run.seats as f64 * 100.0
    };
    let mut out = format!(
        "### Quick match, {backend}: {} tickets over {:.0} s, bots after {} s\n\n",
        run.tickets, run.arrival_seconds, run.bots_after_secs
    );
    out.push_str("| measure | figure | target |\n|---|---|---|\n");
    out.push_str(&format!(
        "| time to match p50 / p95 / p99 (ms), {} tickets, read every {} ms | {:.0} / {:.0} / {:.0} | p99 ≤ {} |\n",
        run.time_to_match.count,
        POLL_EVERY.as_millis(),
        run.time_to_match.p50_ms,
        run.time_to_match.p95_ms,
        run.time_to_match.p99_ms,
        (run.bots_after_secs + 1) * 1000
    ));
    out.push_str(&format!(
        "| games / seats / seats taken by bots | {} / {} / {} ({share:.1}%) | |\n",
        run.games, run.seats, run.bot_seats
    ));
    out.push_str(&format!(
        "| tickets lost / matched twice | {} / {} | 0 / 0 |\n",
        run.lost, run.matched_twice
    ));
    let (median, p90) = quantiles(&run.spreads);
    let (random_median, random_p90) = quantiles(&run.random_spreads);
    out.push_str(&format!(
        "| rating spread within a game (highest − lowest person; ratings {LOWEST:.0}–{:.0}), median / p90, {} games with 2+ people | {median:.1} / {p90:.1} (random groups of the same sizes: {random_median:.1} / {random_p90:.1}) | |\n",
        LOWEST + RANGE,
        run.spreads.len()
    ));
    if let Some(failure) = &run.first_failure {
        out.push_str(&format!("\nFirst failure: {failure}\n"));
    }
    out
}
