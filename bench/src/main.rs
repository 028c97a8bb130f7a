//! `loadbench`: Cardtable's load benchmark. It starts the release server on a fresh database of
//! each backend and drives it over real HTTP with 1, 16 and 64 closed-loop clients playing
//! whole games of every kind and fetching views; beside each result it measures, in the same
//! run, the ceilings: the bare move transaction on the same backend and a bare actix-web GET.
//! It also times pushes (a move acknowledged until another client's event stream has it), in
//! one process and across two processes on one PostgreSQL database.
//! `cargo run --release -p bench -- --help` lists the options.

mod accounts;
mod active;
mod args;
mod bare_get;
mod bare_move;
mod choose;
mod fanout;
mod http;
mod long_game;
mod matchmaking;
mod memory;
mod play;
mod push;
mod report;
mod server;
mod sessions;
mod stats;
mod stored;
mod views;
mod webhooks;

use std::path::Path;
use std::process::ExitCode;

use args::{BackendChoice, Command, Config};
use memory::reset_peak;
use play::{Table, run_moves};
use report::{BackendReport, BareCell, BareReport, Report};
use server::Server;
use stats::Window;
use views::{Fetch, Target, run_views};

fn main() -> ExitCode {
    let result = match args::parse(std::env::args().skip(1)) {
        Ok(Command::Help) => {
            print!("{}", args::USAGE);
            Ok(())
        }
        Ok(Command::ServeBareGet) => bare_get::serve().map_err(|error| error.to_string()),
        Ok(Command::Run(config)) => run(config),
        Err(error) => Err(error),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("loadbench: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(config: Config) -> Result<(), String> {
    let binary = server::server_binary(config.server.as_deref())?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| error.to_string())?;
    if let Some(subscribers) = config.fanout {
        for backend in &config.backends {
            eprintln!(
                "== {} fan-out, {subscribers} + {subscribers} streams",
                backend.name()
            );
            let run = runtime.block_on(fanout::run(
                &binary,
                backend,
                subscribers,
                config.warmup,
                config.window,
            ));
            match run {
                Ok(run) => println!("{}", fanout::markdown(backend.name(), &run)),
                Err(error) => println!("### Fan-out, {}: not measured: {error}\n", backend.name()),
            }
        }
        println!("{}", machine().join("; "));
        return Ok(());
    }
    if config.stored_only
        && let Some(large) = config.stored
    {
        let mut report = empty_report(&config);
        for backend in &config.backends {
            eprintln!("== {}: 1,000 vs {large} games stored", backend.name());
            let mut part = BackendReport {
                name: backend.name(),
                ..BackendReport::default()
            };
            match runtime.block_on(stored::run(
                &binary,
                backend,
                16,
                large,
                config.warmup,
                config.window,
            )) {
                Ok(stored) => part.stored = Some(stored),
                Err(error) => part.failures.push(format!("games stored: {error}")),
            }
            report.backends.push(part);
        }
        report
            .machine
            .push(format!("load average at the end: {}", load_average()));
        println!("{}", report.markdown());
        return Ok(());
    }
    if config.sessions || config.webhooks {
        for backend in &config.backends {
            let name = backend.name();
            let (warmup, window) = (config.warmup, config.window);
            if config.sessions {
                eprintln!("== {name} sessions");
                let run = runtime.block_on(sessions::run(&binary, backend, warmup, window));
                print_cell(
                    "Sessions",
                    name,
                    run.map(|run| sessions::markdown(name, &run)),
                );
            }
            if config.webhooks {
                eprintln!("== {name} webhooks");
                let run = runtime.block_on(webhooks::run(&binary, backend, warmup, window));
                print_cell(
                    "Webhooks",
                    name,
                    run.map(|run| webhooks::markdown(name, &run)),
                );
            }
        }
        println!("{}", machine().join("; "));
        println!("load average at the end: {}", load_average());
        return Ok(());
    }
    if let Some(tickets) = config.matchmaking {
        for backend in &config.backends {
            eprintln!("== {} quick match, {tickets} tickets", backend.name());
            let run = runtime.block_on(matchmaking::run(
                &binary,
                backend,
                tickets,
                std::time::Duration::from_secs(10),
                config.bots_after_secs,
            ));
            match run {
                Ok(run) => println!("{}", matchmaking::markdown(backend.name(), &run)),
                Err(error) => {
                    println!(
                        "### Quick match, {}: not measured: {error}\n",
                        backend.name()
                    )
                }
            }
        }
        println!("{}", machine().join("; "));
        return Ok(());
    }
    let mut report = empty_report(&config);
    for backend in &config.backends {
        eprintln!("== {}", backend.name());
        report
            .backends
            .push(runtime.block_on(measure_backend(&binary, backend, &config)));
    }
    eprintln!("== bare GET");
    report.bare_get = runtime.block_on(measure_bare_get(&config))?;
    report
        .machine
        .push(format!("load average at the end: {}", load_average()));
    println!("{}", report.markdown());
    Ok(())
}

async fn measure_backend(binary: &Path, backend: &BackendChoice, config: &Config) -> BackendReport {
    let mut report = BackendReport {
        name: backend.name(),
        ..BackendReport::default()
    };
    if let Err(error) = measure_server(binary, backend, config, &mut report).await {
        report.skipped = Some(error);
        return report;
    }
    eprintln!("   {} active games", config.active_games);
    match active::run(binary, backend, config.active_games).await {
        Ok(active) => report.active = Some(active),
        Err(error) => report.failures.push(format!("active games: {error}")),
    }
    eprintln!("   bare move transaction");
    match bare_moves(backend, config).await {
        Ok(bare) => report.bare = Some(bare),
        Err(error) => report
            .failures
            .push(format!("bare move transaction: {error}")),
    }
    if let Some(large) = config.stored {
        eprintln!("   1,000 vs {large} games stored");
        match stored::run(binary, backend, 16, large, config.warmup, config.window).await {
            Ok(stored) => report.stored = Some(stored),
            Err(error) => report.failures.push(format!("games stored: {error}")),
        }
    }
    report
}

/// The real server: the burst of accounts, the move and view runs and the long game, in that
/// order, on one fresh database.
async fn measure_server(
    binary: &Path,
    backend: &BackendChoice,
    config: &Config,
    report: &mut BackendReport,
) -> Result<(), String> {
    let server = Server::start(binary, backend)?;
    let base = server.base_url.clone();
    let url = server.url.clone();
    report.durability =
        tokio::task::spawn_blocking(move || persistence::Database::durability_at(&url))
            .await
            .map_err(|error| error.to_string())?
            .ok();

    eprintln!("   {} accounts register and log in at once", config.burst);
    reset_peak(server.pid());
    let (tokens, burst) = accounts::register_all(&base, "player-", config.burst).await?;
    report.burst = Some((burst, server.memory()));
    // Four accounts per client; should some have failed to register (the burst row says so),
    // clients share the complete tables: an account may sit in many games at once.
    let complete: Vec<Table> = tokens
        .chunks(4)
        .filter(|seats| seats.len() == 4 && seats.iter().all(|token| !token.is_empty()))
        .map(|seats| Table {
            tokens: seats.to_vec(),
        })
        .collect();
    if complete.is_empty() {
        return Err("no accounts could register and log in".to_owned());
    }
    let most = config
        .clients
        .iter()
        .copied()
        .max()
        .unwrap_or(1)
        .max(config.push_games)
        .max(4);
    let tables: Vec<Table> = (0..most)
        .map(|index| complete[index % complete.len()].clone())
        .collect();

    let mut unfinished = Vec::new();
    for &clients in &config.clients {
        eprintln!("   moves, {clients} clients");
        let window = Window::after(config.warmup, config.window);
        let run = run_moves(&base, &tables[..clients], window).await?;
        unfinished = run.unfinished.clone();
        report.moves.push((clients, run));
    }

    // Views of the games in play at the end of the last move run, each as one of its seats.
    let targets = views::seat_targets(&unfinished);
    for &clients in &config.clients {
        eprintln!("   views, {clients} clients");
        let window = Window::after(config.warmup, config.window);
        let run = run_views(&base, &targets, clients, window, Fetch::Revalidate).await?;
        report.views.push((clients, run));
        eprintln!("   views, whole bodies, {clients} clients");
        let window = Window::after(config.warmup, config.window);
        let run = run_views(&base, &targets, clients, window, Fetch::WholeBody).await?;
        report.whole_views.push((clients, run));
    }
    report.after_runs = Some(server.memory());

    let pairs = &tables[..config.push_games.min(tables.len())];
    eprintln!("   push latency, one process, {} games", pairs.len());
    let window = Window::after(config.warmup, config.window);
    report
        .push
        .push(("one process", push::run(&base, &base, pairs, window).await?));
    if matches!(backend, BackendChoice::Postgres { .. }) {
        eprintln!("   push latency, two processes, {} games", pairs.len());
        match Server::start_beside(binary, &server) {
            Ok(second) => {
                let window = Window::after(config.warmup, config.window);
                let run = push::run(&base, &second.base_url, pairs, window).await?;
                report.push.push(("two processes", run));
            }
            Err(error) => report
                .failures
                .push(format!("a second server process: {error}")),
        }
    }

    eprintln!("   long game");
    match long_game::run(&base, &tables[..4.min(tables.len())], config.long_game_move).await {
        Ok(long) => report.long_game = Some(long),
        Err(error) => report.failures.push(format!("long game: {error}")),
    }
    Ok(())
}

/// The bare move transaction at each client count: at the durability the server ships, then,
/// where that is less, with every commit synced to disk.
async fn bare_moves(backend: &BackendChoice, config: &Config) -> Result<BareReport, String> {
    let backend = backend.clone();
    let config = config.clone();
    tokio::task::spawn_blocking(move || {
        let bare = bare_move::BareMoves::prepare(&backend)?;
        let run_all = || -> Result<Vec<BareCell>, String> {
            config
                .clients
                .iter()
                .map(|&threads| {
                    bare.run(threads, config.warmup, config.window)
                        .map(|(summary, tally)| (threads, summary, tally))
                })
                .collect()
        };
        let shipped = (bare.durability()?, run_all()?);
        bare.sync_every_commit()?;
        let durability = bare.durability()?;
        let synced = if durability == shipped.0 {
            None
        } else {
            Some((durability, run_all()?))
        };
        Ok(BareReport { shipped, synced })
    })
    .await
    .map_err(|error| error.to_string())?
}

async fn measure_bare_get(
    config: &Config,
) -> Result<Vec<(usize, stats::Summary, stats::Tally)>, String> {
    let server = bare_get::BareServer::start()?;
    let targets = [Target {
        path: "/".to_owned(),
        token: None,
    }];
    let mut results = Vec::new();
    for &clients in &config.clients {
        let window = Window::after(config.warmup, config.window);
        let run = run_views(
            &server.base_url,
            &targets,
            clients,
            window,
            Fetch::WholeBody,
        )
        .await?;
        results.push((clients, run.views.summary(run.seconds), run.tally));
    }
    Ok(results)
}

/// A report of this machine and these windows, with no backend measured yet.
fn empty_report(config: &Config) -> Report {
    Report {
        machine: machine(),
        window_seconds: config.window.as_secs_f64(),
        warmup_seconds: config.warmup.as_secs_f64(),
        ..Report::default()
    }
}

/// Prints a cell's Markdown, or why it was not measured.
fn print_cell(cell: &str, backend: &str, markdown: Result<String, String>) {
    match markdown {
        Ok(markdown) => println!("{markdown}"),
        Err(error) => println!("### {cell}, {backend}: not measured: {error}\n"),
    }
}

fn machine() -> Vec<String> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|line| line.strip_prefix("model name"))
        .map(|rest| rest.trim_start_matches([' ', '\t', ':']).to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .unwrap_or_default()
        .lines()
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .nth(1)
        .and_then(|kib| kib.parse::<u64>().ok())
        .map_or_else(String::new, |kib| {
            format!(", {:.0} GiB memory", kib as f64 / 1_048_576.0)
        });
    let command: Vec<String> = std::env::args().skip(1).collect();
    vec![
        format!("{cpus} CPUs ({model}){memory}; the clients run on the same CPUs as the server"),
        format!("options: `{}`", command.join(" ")),
        format!("load average at the start: {}", load_average()),
    ]
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}
