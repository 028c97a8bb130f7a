//! Strength and cost of the `search` bot: for each game kind, seeded games of one `search` bot
//! against `random` bots, and the same games (same seed, same seat) with a `random` bot in its
//! place as the baseline. Prints a Markdown table.
//!
//! ```text
//! cargo run --release -p bots --example strength                 # 1,000 games per kind
//! cargo run --release -p bots --example strength -- --games 20   # a quick check
//! options: --games N  --kinds tribute,tricky_tribes,intrigue,trade_or_duel
//!          --playouts N (overrides every kind's budget)  --threads N (default 1)
//!          --no-time-cap (every decision spends its whole budget)
//! ```
//!
//! Decision time is measured twice: wall time, and the CPU time of the deciding thread (from
//! Linux's `/proc/thread-self/schedstat`), which is what one decision costs on one core even
//! when other processes compete for the machine.

use std::time::{Duration, Instant};

use bots::table::play;
use bots::{Bot, Level, SearchConfig};
use domain::{AnyView, GameKind, OptionMap, Outcome, Seat, Seed};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

/// The table each kind is measured at: its player count and options.
fn setup(kind: GameKind) -> (i64, &'static str) {
    match kind {
        GameKind::Tribute => (3, "{}"),
        GameKind::TrickyTribes => (3, "{}"),
        GameKind::Intrigue => (3, "{}"),
        GameKind::TradeOrDuel => (4, "{}"),
    }
}

struct Args {
    games: u64,
    kinds: Vec<GameKind>,
    playouts: Option<u32>,
    threads: u64,
    time_cap: bool,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 1_000,
        kinds: GameKind::ALL.to_vec(),
        playouts: None,
        threads: 1,
        time_cap: true,
    };
    let mut words = std::env::args().skip(1);
    while let Some(flag) = words.next() {
        if flag == "--no-time-cap" {
            args.time_cap = false;
            continue;
        }
        let value = words.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: not a number"))
        };
        match flag.as_str() {
            "--games" => args.games = number()?,
            "--threads" => args.threads = number()?.max(1),
            "--playouts" => {
                args.playouts = Some(u32::try_from(number()?).map_err(|e| e.to_string())?);
            }
            "--kinds" => {
                args.kinds = value
                    .split(',')
                    .map(|id| {
                        GameKind::ALL
                            .iter()
                            .copied()
                            .find(|kind| kind.id() == id)
                            .ok_or(format!("unknown kind {id}"))
                    })
                    .collect::<Result<_, _>>()?;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(args)
}

/// One search decision among several moves.
struct Cost {
    wall: Duration,
    cpu: Option<Duration>,
    playouts: u32,
    capped: bool,
}

/// One seeded game with the search bot at `seat`, and the baseline game.
struct Pair {
    search: Outcome,
    baseline: Outcome,
    seat: Seat,
    costs: Vec<Cost>,
}

/// CPU time the calling thread has run so far, from Linux's scheduler statistics.
fn thread_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos = stat.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Plays one game: `search` (if any) at `seat`, `random` bots elsewhere, every seat with its
/// own randomness. Returns the outcome and the cost of the search bot's real choices.
fn play_one(
    kind: GameKind,
    seed: &Seed,
    game: u64,
    seat: Seat,
    search: Option<Bot>,
) -> Result<(Outcome, Vec<Cost>), String> {
    let (players, json) = setup(kind);
    let options: OptionMap = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let random = Bot::new(Level::Random);
    let mut rngs: Vec<ChaCha8Rng> = (0..players as u64)
        .map(|s| ChaCha8Rng::seed_from_u64(game * 101 + s))
        .collect();
    let mut costs = Vec::new();
    let outcome = play(kind, players, &options, seed, |s: Seat, view: &AnyView| {
        let rng = &mut rngs[s.index()];
        match search {
            Some(bot) if s == seat => {
                let (cpu_before, started) = (thread_cpu_time(), Instant::now());
                let (mv, stats) = bot.decide_with_stats(view, s, rng)?;
                let wall = started.elapsed();
                let cpu = thread_cpu_time()
                    .zip(cpu_before)
                    .map(|(after, before)| after.saturating_sub(before));
                // A forced move costs nothing; only real choices are measured.
                if stats.playouts > 0 {
                    costs.push(Cost {
                        wall,
                        cpu,
                        playouts: stats.playouts,
                        capped: stats.capped,
                    });
                }
                Ok(mv)
            }
            _ => random.decide(view, s, rng),
        }
    })
    .map_err(|e| format!("{e:?}"))?;
    Ok((outcome, costs))
}

fn play_pair(kind: GameKind, bot: Bot, game: u64) -> Result<Pair, String> {
    let (players, _) = setup(kind);
    let seed = Seed::new(format!("strength-{}-{game}", kind.id())).ok_or("bad seed")?;
    let seat = Seat(u8::try_from(game % players as u64).map_err(|e| e.to_string())?);
    let (search, costs) = play_one(kind, &seed, game, seat, Some(bot))?;
    let (baseline, _) = play_one(kind, &seed, game, seat, None)?;
    Ok(Pair {
        search,
        baseline,
        seat,
        costs,
    })
}

/// Win (a shared win counts) and place of `seat`.
fn standing(outcome: &Outcome, seat: Seat) -> (bool, u8) {
    let place = outcome
        .ranking
        .iter()
        .find(|placement| placement.seat == seat)
        .map_or(0, |placement| placement.place);
    (outcome.winners.contains(&seat), place)
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() - 1) as f64 * fraction).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn run_kind(kind: GameKind, args: &Args) -> Result<String, String> {
    let mut config = SearchConfig::for_kind(kind);
    if let Some(playouts) = args.playouts {
        config = config.with_playouts(playouts);
    }
    if !args.time_cap {
        config = config.without_time_cap();
    }
    let bot = Bot::with_search(config);
    let threads = args.threads.min(args.games.max(1));
    let started = Instant::now();
    let results: Vec<Result<Vec<Pair>, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                scope.spawn(move || {
                    let mut pairs = Vec::new();
                    for game in (worker..args.games).step_by(threads as usize) {
                        pairs.push(play_pair(kind, bot, game)?);
                        if worker == 0 && pairs.len() % 100 == 0 {
                            eprintln!("{}: {} games", kind.id(), pairs.len() as u64 * threads);
                        }
                    }
                    Ok(pairs)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|_| Err("a worker panicked".into()))
            })
            .collect()
    });
    let mut pairs = Vec::new();
    for result in results {
        pairs.extend(result?);
    }
    let games = pairs.len() as f64;
    let (mut wins, mut base_wins, mut places, mut base_places) = (0.0, 0.0, 0.0, 0.0);
    let (mut capped, mut playouts) = (0u64, 0u64);
    let (mut walls, mut cpus) = (Vec::new(), Vec::new());
    for pair in &pairs {
        let (won, place) = standing(&pair.search, pair.seat);
        let (base_won, base_place) = standing(&pair.baseline, pair.seat);
        wins += f64::from(u8::from(won));
        base_wins += f64::from(u8::from(base_won));
        places += f64::from(place);
        base_places += f64::from(base_place);
        for cost in &pair.costs {
            capped += u64::from(cost.capped);
            playouts += u64::from(cost.playouts);
            walls.push(cost.wall);
            cpus.extend(cost.cpu);
        }
    }
    walls.sort();
    cpus.sort();
    let decisions = walls.len();
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    let mean = |times: &[Duration]| ms(times.iter().sum::<Duration>()) / times.len().max(1) as f64;
    let cpu_total: Duration = cpus.iter().sum();
    let per_second = playouts as f64 / cpu_total.as_secs_f64().max(1e-9);
    let (players, json) = setup(kind);
    eprintln!(
        "{}: {} games in {:.0} s",
        kind.id(),
        pairs.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(format!(
        "| {} | {players} | `{json}` | {} | {:.1} % | {:.1} % | {:.2} | {:.2} | {} | {} | {decisions} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} | {per_second:.0} | {capped} |",
        kind.id(),
        pairs.len(),
        100.0 * wins / games,
        100.0 * base_wins / games,
        places / games,
        base_places / games,
        config.playouts,
        config.determinizations,
        mean(&cpus),
        ms(percentile(&cpus, 0.99)),
        ms(cpus.last().copied().unwrap_or_default()),
        mean(&walls),
        ms(percentile(&walls, 0.99)),
        ms(walls.last().copied().unwrap_or_default()),
    ))
}

fn main() {
    let args = match parse_args() {
        Ok(args) => args,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    println!(
        "| kind | players | options | games | search wins | random wins (same seat) | search mean place | random mean place | playouts per decision | deals | decisions | CPU ms mean | CPU ms p99 | CPU ms max | wall ms mean | wall ms p99 | wall ms max | playouts/s (CPU) | capped |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for kind in &args.kinds {
        match run_kind(*kind, &args) {
            Ok(line) => println!("{line}"),
            Err(error) => {
                eprintln!("{}: {error}", kind.id());
                std::process::exit(1);
            }
        }
    }
}
