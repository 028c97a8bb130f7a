//! Server memory with many active games: on a fresh server (so that nothing else has grown its
//! memory), copies of a started game of every kind are stored directly in its database, then
//! each is fetched once over HTTP.

use std::path::Path;
use std::time::Instant;

use persistence::Database;
use persistence::seeding::CopyLog;
use serde_json::json;

use crate::accounts::register_all;
use crate::args::BackendChoice;
use crate::memory::{Memory, reset_peak};
use crate::play::{KINDS, Player, Table};
use crate::server::Server;
use crate::stats::Tally;
use crate::views::{Target, fetch_each};

#[derive(Debug, Default)]
pub struct ActiveGames {
    pub games: u64,
    pub before: Memory,
    pub after: Memory,
    pub fetch_seconds: f64,
    pub tally: Tally,
}

/// Clients fetching the games.
const CLIENTS: usize = 16;

pub async fn run(
    binary: &Path,
    backend: &BackendChoice,
    count: u64,
) -> Result<ActiveGames, String> {
    let server = Server::start(binary, backend)?;
    let (tokens, _) = register_all(&server.base_url, "active-", 4).await?;
    let table = &Table { tokens };
    let mut player = Player::new(&server.base_url, 7)?;
    let mut templates = Vec::new();
    for (kind, players) in KINDS {
        let game = player
            .start_game(table, kind, players, json!({}))
            .await
            .ok_or_else(|| format!("cannot start a {kind} game"))?;
        templates.push((game.id, players));
    }
    let url = server.url.clone();
    let per_kind = count.div_ceil(KINDS.len() as u64);
    let copies = tokio::task::spawn_blocking(move || -> Result<Vec<(String, usize)>, String> {
        let database = Database::connect(&url).map_err(|error| error.to_string())?;
        let mut copies = Vec::new();
        for (template, players) in templates {
            let template = template.parse().map_err(|_| "a game id is not a uuid")?;
            let ids = database
                .copy_game(template, per_kind, CopyLog::MovesAndEvents)
                .map_err(|error| error.to_string())?;
            copies.extend(ids.into_iter().map(|id| (id.to_string(), players)));
        }
        Ok(copies)
    })
    .await
    .map_err(|error| error.to_string())??;
    let targets: Vec<Target> = copies
        .iter()
        .enumerate()
        .map(|(index, (id, players))| Target {
            path: format!("/v1/games/{id}"),
            token: table.tokens.get(index % players).cloned(),
        })
        .collect();
    let before = server.memory();
    reset_peak(server.pid());
    let started = Instant::now();
    let tally = fetch_each(&server.base_url, &targets, CLIENTS).await?;
    Ok(ActiveGames {
        games: targets.len() as u64,
        before,
        after: server.memory(),
        fetch_seconds: started.elapsed().as_secs_f64(),
        tally,
    })
}
