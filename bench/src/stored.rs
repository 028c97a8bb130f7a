//! Does a move cost more with a million games stored? The same move run with 1,000 games in
//! the database and then with `large` (1,000,000 by default; copies of a finished game, stored
//! directly through `persistence`). After each, the inbox (`GET /v1/me/games`) of an account
//! seated in every copy and in games in play is fetched by as many clients: its cost must not
//! grow with the finished games an account has either.

use std::path::Path;
use std::time::{Duration, Instant};

use persistence::Database;
use persistence::seeding::CopyLog;
use serde_json::json;

use crate::accounts::register_all;
use crate::args::BackendChoice;
use crate::play::{MoveRun, Player, Step, Table, run_moves};
use crate::server::Server;
use crate::stats::Window;
use crate::views::{Fetch, Target, ViewRun, run_views};

pub struct Stored {
    pub clients: usize,
    pub small: (u64, MoveRun),
    pub large: (u64, MoveRun),
    /// The inbox fetches after each move run.
    pub inbox: (ViewRun, ViewRun),
    pub seeding_seconds: f64,
}

pub async fn run(
    binary: &Path,
    backend: &BackendChoice,
    clients: usize,
    large: u64,
    warmup: Duration,
    length: Duration,
) -> Result<Stored, String> {
    let server = Server::start(binary, backend)?;
    let (tokens, _) = register_all(&server.base_url, "stored-", 4).await?;
    let table = Table { tokens };
    let tables = vec![table.clone(); clients];
    let mut player = Player::new(&server.base_url, 11)?;
    let mut game = player
        .start_game(&table, "tribute", 3, json!({}))
        .await
        .ok_or("cannot start a game")?;
    let always = Window::after(Duration::ZERO, Duration::from_secs(3600));
    while !matches!(player.step(&mut game, &always).await, Step::Stop) {}
    if !game.finished {
        return Err("the template game did not finish".to_owned());
    }
    let template: uuid::Uuid = game.id.parse().map_err(|_| "a game id is not a uuid")?;
    let url = server.url.clone();
    let copy = move |count: u64| {
        let url = url.clone();
        tokio::task::spawn_blocking(move || {
            Database::connect(&url)
                .and_then(|database| database.copy_game(template, count, CopyLog::None))
                .map(|ids| ids.len() as u64)
                .map_err(|error| error.to_string())
        })
    };
    // Seat 0 of the template, and so of every copy; the move runs leave it in games in play.
    let inbox = [Target {
        path: "/v1/me/games".to_owned(),
        token: table.tokens.first().cloned(),
    }];
    // The move run, then the inbox fetches.
    let measure = async || -> Result<(MoveRun, ViewRun), String> {
        let base = &server.base_url;
        let moves = run_moves(base, &tables, Window::after(warmup, length)).await?;
        let window = Window::after(warmup, length);
        let inbox = run_views(base, &inbox, clients, window, Fetch::WholeBody).await?;
        Ok((moves, inbox))
    };
    let small = 1 + copy(999).await.map_err(|error| error.to_string())??;
    let (small_run, small_inbox) = measure().await?;
    let started = Instant::now();
    let large = small
        + copy(large.saturating_sub(small))
            .await
            .map_err(|error| error.to_string())??;
    let seeding_seconds = started.elapsed().as_secs_f64();
    let (large_run, large_inbox) = measure().await?;
    Ok(Stored {
        clients,
        small: (small, small_run),
        large: (large, large_run),
        inbox: (small_inbox, large_inbox),
        seeding_seconds,
    })
}
