//! Clients fetching views in a closed loop: `GET` a path, again and again, round the targets.

use std::collections::HashMap;
use std::sync::Arc;

use crate::http::Client;
use crate::stats::{Samples, Tally, Window};

/// A path to fetch and the token to fetch it with.
#[derive(Clone, Debug)]
pub struct Target {
    pub path: String,
    pub token: Option<String>,
}

#[derive(Debug, Default)]
pub struct ViewRun {
    pub views: Samples,
    pub tally: Tally,
    pub seconds: f64,
}

/// How a client asks for a view it has fetched before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fetch {
    /// With the `ETag` it got as `If-None-Match`, as a polling client would: 304 while the
    /// view is unchanged.
    Revalidate,
    /// Plainly, so every answer carries the whole view.
    WholeBody,
}

/// `clients` clients fetch the targets round-robin (each from its own offset) until the window
/// closes. A 304 counts as a view (and in `tally.not_modified`).
pub async fn run_views(
    base: &str,
    targets: &[Target],
    clients: usize,
    window: Window,
    fetch: Fetch,
) -> Result<ViewRun, String> {
    if targets.is_empty() {
        return Err("no views to fetch".to_owned());
    }
    let targets = Arc::new(targets.to_vec());
    let mut tasks = Vec::new();
    for index in 0..clients {
        let client = Client::new(base)?;
        let targets = Arc::clone(&targets);
        tasks.push(tokio::spawn(async move {
            let mut views = Samples::default();
            let mut tally = Tally::default();
            let mut etags: HashMap<usize, String> = HashMap::new();
            let mut next = index % targets.len();
            while !window.is_over() {
                let target = &targets[next];
                let etag = etags.get(&next).map(String::as_str);
                match client
                    .get(&target.path, target.token.as_deref(), etag)
                    .await
                {
                    Ok(reply) if reply.status == 200 || reply.status == 304 => {
                        views.record(&window, reply.latency);
                        if reply.status == 304 && window.contains(std::time::Instant::now()) {
                            tally.not_modified += 1;
                        }
                        if let Some(etag) = reply.etag.filter(|_| fetch == Fetch::Revalidate) {
                            etags.insert(next, etag);
                        }
                    }
                    Ok(reply) => tally.count_failure(reply.status, reply.retry_after.is_some()),
                    Err(_) => tally.transport_errors += 1,
                }
                next = (next + 1) % targets.len();
            }
            (views, tally)
        }));
    }
    let mut run = ViewRun {
        seconds: window.seconds(),
        ..ViewRun::default()
    };
    for task in tasks {
        let (views, tally) = task.await.map_err(|error| error.to_string())?;
        run.views.merge(views);
        run.tally.add(&tally);
    }
    Ok(run)
}

/// Fetches every target once, `clients` at a time; returns how many failed.
pub async fn fetch_each(base: &str, targets: &[Target], clients: usize) -> Result<Tally, String> {
    let targets = Arc::new(targets.to_vec());
    let mut tasks = Vec::new();
    for index in 0..clients {
        let client = Client::new(base)?;
        let targets = Arc::clone(&targets);
        tasks.push(tokio::spawn(async move {
            let mut tally = Tally::default();
            for target in targets.iter().skip(index).step_by(clients) {
                match client
                    .get(&target.path, target.token.as_deref(), None)
                    .await
                {
                    Ok(reply) if reply.status == 200 => {}
                    Ok(reply) => tally.count_failure(reply.status, reply.retry_after.is_some()),
                    Err(_) => tally.transport_errors += 1,
                }
            }
            tally
        }));
    }
    let mut tally = Tally::default();
    for task in tasks {
        tally.add(&task.await.map_err(|error| error.to_string())?);
    }
    Ok(tally)
}

/// Each seat's view of each game, fetched with that seat's token.
pub fn seat_targets(games: &[crate::play::GameInPlay]) -> Vec<Target> {
    games
        .iter()
        .flat_map(|game| {
            game.tokens.iter().map(|token| Target {
                path: game.path(""),
                token: Some(token.clone()),
            })
        })
        .collect()
}
