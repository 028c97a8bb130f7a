//! What checking access tokens for revocation costs: two servers of the same build on fresh
//! databases of the same backend, one with the shipped check (a session's 500 ms reading is
//! renewed by a sweep every 250 ms, or read again once it runs out) and one that trusts each
//! reading for a day (its sweep reads the sessions in use once per 500 ms; no reading ever
//! runs out during the run). The move and view cells are alternated between them (ABBA).

use std::time::Duration;

use crate::accounts::register_all;
use crate::args::BackendChoice;
use crate::play::{Table, run_moves};
use crate::server::Server;
use crate::stats::Window;
use crate::views::{Fetch, run_views, seat_targets};

const ROUNDS: usize = 2;
const CLIENTS: usize = 16;
/// The reading's lifetime on the server without checks: a day, far beyond the run.
const TRUSTED_FOR_MILLIS: &str = "86400000";

/// One round: (moves/s, views/s) with the check, then without.
type Round = ((f64, f64), (f64, f64));

#[derive(Debug, Default)]
pub struct SessionRun {
    pub rounds: Vec<Round>,
    pub errors: u64,
}

impl SessionRun {
    fn means(&self) -> ((f64, f64), (f64, f64)) {
        let n = self.rounds.len().max(1) as f64;
        let sum = |pick: fn(&Round) -> f64| self.rounds.iter().map(pick).sum::<f64>() / n;
        (
            (sum(|round| round.0.0), sum(|round| round.0.1)),
            (sum(|round| round.1.0), sum(|round| round.1.1)),
        )
    }
}

struct Side {
    server: Server,
    tables: Vec<Table>,
}

impl Side {
    async fn start(
        binary: &std::path::Path,
        backend: &BackendChoice,
        env: &[(&str, &str)],
    ) -> Result<Side, String> {
        let server = Server::start_with(binary, backend, env)?;
        let (tokens, burst) = register_all(&server.base_url, "session-", CLIENTS * 4).await?;
        if let Some(failure) = burst.first_failure {
            return Err(format!("registration failed: {failure}"));
        }
        let tables = tokens
            .chunks(4)
            .map(|seats| Table {
                tokens: seats.to_vec(),
            })
            .collect();
        Ok(Side { server, tables })
    }

    /// Moves per second, then views per second of the games the move cell left in play.
    async fn measure(
        &self,
        warmup: Duration,
        length: Duration,
        errors: &mut u64,
    ) -> Result<(f64, f64), String> {
        let base = &self.server.base_url;
        let moves = run_moves(base, &self.tables, Window::after(warmup, length)).await?;
        let targets = seat_targets(&moves.unfinished);
        let window = Window::after(warmup, length);
        let views = run_views(base, &targets, CLIENTS, window, Fetch::Revalidate).await?;
        *errors += moves.tally.errors() + views.tally.errors();
        Ok((
            moves.moves.len() as f64 / moves.seconds.max(1e-9),
            views.views.len() as f64 / views.seconds.max(1e-9),
        ))
    }
}

pub async fn run(
    binary: &std::path::Path,
    backend: &BackendChoice,
    warmup: Duration,
    length: Duration,
) -> Result<SessionRun, String> {
    eprintln!("   two servers, {} accounts each", CLIENTS * 4);
    let checked = Side::start(binary, backend, &[]).await?;
    let trusted = Side::start(
        binary,
        backend,
        &[("SESSION_RECHECK_MILLIS", TRUSTED_FOR_MILLIS)],
    )
    .await?;
    let mut run = SessionRun::default();
    for round in 0..ROUNDS {
        // Each side goes first in every other round (ABBA), so a machine that gets busier or
        // quieter during the run favours neither.
        let checked_first = round % 2 == 0;
        let mut measure = async |side: &Side, what: &str| {
            eprintln!("   round {}: {what}", round + 1);
            side.measure(warmup, length, &mut run.errors).await
        };
        let (with, without) = if checked_first {
            let with = measure(&checked, "revocation checked").await?;
            (with, measure(&trusted, "readings trusted for a day").await?)
        } else {
            let without = measure(&trusted, "readings trusted for a day").await?;
            (measure(&checked, "revocation checked").await?, without)
        };
        run.rounds.push((with, without));
    }
    Ok(run)
}

pub fn markdown(backend: &str, run: &SessionRun) -> String {
    let ((moves, views), (moves_without, views_without)) = run.means();
    let percent = |with: f64, without: f64| with / without.max(1e-9) * 100.0;
    let rounds = |pick: fn(&Round) -> (f64, f64)| -> String {
        run.rounds
            .iter()
            .map(|round| {
                let (with, without) = pick(round);
                format!("{with:.0} / {without:.0}")
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut out = format!(
        "### Sessions, {backend}: access tokens checked for revocation, {CLIENTS} clients\n\n"
    );
    out.push_str("| cell | checked (500 ms readings) | not checked (readings kept a day) | ratio | rounds (checked / not) | target |\n|---|---|---|---|---|---|\n");
    out.push_str(&format!(
        "| moves/s | {moves:.0} | {moves_without:.0} | {:.1}% | {} | ≥ 95% |\n",
        percent(moves, moves_without),
        rounds(|round| (round.0.0, round.1.0))
    ));
    out.push_str(&format!(
        "| views/s (If-None-Match) | {views:.0} | {views_without:.0} | {:.1}% | {} | ≥ 95% |\n",
        percent(views, views_without),
        rounds(|round| (round.0.1, round.1.1))
    ));
    out.push_str(&format!("\nRequest errors: {}\n", run.errors));
    out
}
