//! The results as Markdown tables, ready for `docs/performance.md`.

use crate::accounts::Burst;
use crate::active::ActiveGames;
use crate::long_game::LongGame;
use crate::memory::Memory;
use crate::play::MoveRun;
use crate::push::PushRun;
use crate::stats::{Summary, Tally};
use crate::stored::Stored;
use crate::views::ViewRun;

/// One measured cell of a ceiling: clients (threads), what it did, what went wrong.
pub type BareCell = (usize, Summary, Tally);

/// The bare move transaction: at the durability the server ships, and with every commit synced
/// to disk when that differs (`None`: the shipped durability already syncs every commit).
/// Each durability is as the database reported it.
pub struct BareReport {
    pub shipped: (String, Vec<BareCell>),
    pub synced: Option<(String, Vec<BareCell>)>,
}

impl BareReport {
    /// The ceiling the targets name: every commit synced to disk.
    fn synced(&self) -> &(String, Vec<BareCell>) {
        self.synced.as_ref().unwrap_or(&self.shipped)
    }

    fn synced_at(&self, clients: usize) -> Option<f64> {
        rate_at(&self.synced().1, clients)
    }

    fn shipped_at(&self, clients: usize) -> Option<f64> {
        rate_at(&self.shipped.1, clients)
    }
}

fn rate_at(cells: &[BareCell], clients: usize) -> Option<f64> {
    cells
        .iter()
        .find(|(n, _, _)| *n == clients)
        .map(|(_, summary, _)| summary.rate)
}

/// Everything measured on one backend.
#[derive(Default)]
pub struct BackendReport {
    pub name: &'static str,
    /// Why this backend was not measured, if it was not.
    pub skipped: Option<String>,
    /// How the server's database makes a commit durable, as it reports it.
    pub durability: Option<String>,
    pub burst: Option<(Burst, Memory)>,
    pub moves: Vec<(usize, MoveRun)>,
    /// Views fetched with `If-None-Match`, then without.
    pub views: Vec<(usize, ViewRun)>,
    pub whole_views: Vec<(usize, ViewRun)>,
    pub bare: Option<BareReport>,
    pub push: Vec<(&'static str, PushRun)>,
    pub after_runs: Option<Memory>,
    pub long_game: Option<LongGame>,
    pub active: Option<ActiveGames>,
    pub stored: Option<Stored>,
    /// Extras that failed, with why.
    pub failures: Vec<String>,
}

#[derive(Default)]
pub struct Report {
    pub machine: Vec<String>,
    pub window_seconds: f64,
    pub warmup_seconds: f64,
    pub backends: Vec<BackendReport>,
    pub bare_get: Vec<BareCell>,
}

/// The concurrency the targets name.
const TARGET_CLIENTS: usize = 16;

/// A move costs "the same" when its median is within this factor.
const SAME_COST: f64 = 1.25;

fn ms(value: f64) -> String {
    if value.is_nan() {
        "–".to_owned()
    } else if value < 10.0 {
        format!("{value:.2}")
    } else {
        format!("{value:.1}")
    }
}

fn rate(value: f64) -> String {
    format!("{value:.0}")
}

fn percent(part: f64, whole: f64) -> String {
    if whole > 0.0 {
        format!("{:.0}%", 100.0 * part / whole)
    } else {
        "–".to_owned()
    }
}

/// One cell measured twice, with its errors: rates, latencies and the ratio of the medians.
fn before_after(before: (&Summary, u64), after: (&Summary, u64)) -> String {
    let ((a, a_errors), (b, b_errors)) = (before, after);
    format!(
        "{}/s p50 {} ms p99 {} ms vs {}/s p50 {} ms p99 {} ms: p50 ×{:.2}; errors {a_errors} and {b_errors}",
        rate(a.rate),
        ms(a.p50_ms),
        ms(a.p99_ms),
        rate(b.rate),
        ms(b.p50_ms),
        ms(b.p99_ms),
        b.p50_ms / a.p50_ms,
    )
}

fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "**not met**" }
}

/// The verdict of a target measured at a smaller scale than it names: none.
fn verdict_at(met: bool, full_scale: bool) -> &'static str {
    if full_scale {
        verdict(met)
    } else {
        "not measured at the scale the target names"
    }
}

/// A throughput row; `ceilings` are (name, rate) pairs the row is compared with.
fn row(
    backend: &str,
    what: &str,
    clients: usize,
    summary: &Summary,
    tally: &Tally,
    ceilings: &[(&str, f64)],
) -> String {
    let ceiling_text = ceilings
        .iter()
        .map(|(name, value)| format!("{name} {}", rate(*value)))
        .collect::<Vec<_>>()
        .join("; ");
    let ratio = ceilings
        .iter()
        .map(|(_, value)| percent(summary.rate, *value))
        .collect::<Vec<_>>()
        .join("; ");
    format!(
        "| {backend} | {what} | {clients} | {} | {} | {} | {} | {:.1} | {} | {} | {ceiling_text} | {ratio} |",
        rate(summary.rate),
        ms(summary.p50_ms),
        ms(summary.p95_ms),
        ms(summary.p99_ms),
        summary.tail_ratio(),
        tally.errors(),
        tally.conflicts,
    )
}

impl Report {
    fn bare_get_at(&self, clients: usize) -> Option<f64> {
        rate_at(&self.bare_get, clients)
    }

    pub fn markdown(&self) -> String {
        let mut out = vec!["## Machine".to_owned(), String::new()];
        out.extend(self.machine.iter().map(|line| format!("- {line}")));
        out.push(String::new());
        out.extend(self.throughput());
        out.push(String::new());
        out.extend(self.pushes());
        out.push(String::new());
        out.extend(self.extras());
        out.push(String::new());
        out.extend(self.targets());
        out.join("\n")
    }

    fn throughput(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "## Throughput and latency ({} s measured per cell after {} s of warm-up)",
                self.window_seconds, self.warmup_seconds
            ),
            String::new(),
            "| backend | what | clients | per s | p50 ms | p95 ms | p99 ms | p99/p50 | errors | 409 | ceiling per s | ratio |".to_owned(),
            "|---|---|---|---|---|---|---|---|---|---|---|---|".to_owned(),
        ];
        for backend in &self.backends {
            if let Some(why) = &backend.skipped {
                out.push(format!("| {} | skipped: {why} |||||||||||", backend.name));
                continue;
            }
            for (clients, run) in &backend.moves {
                let mut ceilings = Vec::new();
                if let Some(bare) = &backend.bare {
                    if let Some(rate) = bare.synced_at(*clients) {
                        ceilings.push(("bare txn, synced", rate));
                    }
                    if bare.synced.is_some()
                        && let Some(rate) = bare.shipped_at(*clients)
                    {
                        ceilings.push(("bare txn, as shipped", rate));
                    }
                }
                out.push(row(
                    backend.name,
                    "move (POST …/moves)",
                    *clients,
                    &run.moves_summary(),
                    &run.tally,
                    &ceilings,
                ));
                out.push(row(
                    backend.name,
                    "legal moves (GET, before each move)",
                    *clients,
                    &run.legal.summary(run.seconds),
                    &Tally::default(),
                    &[],
                ));
            }
            if let Some(bare) = &backend.bare {
                let mut sets = vec![&bare.shipped];
                sets.extend(&bare.synced);
                for (durability, cells) in sets {
                    for (clients, summary, tally) in cells {
                        out.push(row(
                            backend.name,
                            &format!("bare move transaction (`Database::commit`; {durability})"),
                            *clients,
                            summary,
                            tally,
                            &[],
                        ));
                    }
                }
            }
            let views = [
                (
                    &backend.views,
                    "view (GET /v1/games/{id} with If-None-Match: 304 while unchanged)",
                ),
                (
                    &backend.whole_views,
                    "view, whole body (GET /v1/games/{id}, no If-None-Match)",
                ),
            ];
            for (runs, what) in views {
                for (clients, run) in runs {
                    let ceiling: Vec<(&str, f64)> = self
                        .bare_get_at(*clients)
                        .map(|rate| ("bare GET", rate))
                        .into_iter()
                        .collect();
                    out.push(row(
                        backend.name,
                        what,
                        *clients,
                        &run.views_summary(),
                        &run.tally,
                        &ceiling,
                    ));
                }
            }
        }
        for (clients, summary, tally) in &self.bare_get {
            out.push(row(
                "–",
                "bare actix-web GET of 1 KiB JSON",
                *clients,
                summary,
                tally,
                &[],
            ));
        }
        out.push(String::new());
        out.push("Moves per second count accepted moves only; each move is a legal-moves GET and the POST, and the clients also create and join their next game when one ends. Errors are 5xx, transport errors and unexpected 4xx; 409 are lost races (re-read and retried). The bare move transaction runs the server's own commit call on a fresh database of the same backend, one thread per client, on the server's pool size; \"synced\" waits for the disk on every commit (SQLite `synchronous=FULL`, PostgreSQL `synchronous_commit=on`).".to_owned());
        out
    }

    fn pushes(&self) -> Vec<String> {
        let mut out = vec![
            "## Push latency (move acknowledged → its event received on another client's stream)"
                .to_owned(),
            String::new(),
            "| backend | processes | pushes | p50 ms | p95 ms | p99 ms | before the ack | missed (> 2 s) | stream failures | errors |".to_owned(),
            "|---|---|---|---|---|---|---|---|---|---|".to_owned(),
        ];
        for backend in &self.backends {
            for (processes, run) in &backend.push {
                let summary = run.latencies.summary(run.seconds);
                out.push(format!(
                    "| {} | {processes} | {} | {} | {} | {} | {} | {} | {} | {} |",
                    backend.name,
                    summary.count,
                    ms(summary.p50_ms),
                    ms(summary.p95_ms),
                    ms(summary.p99_ms),
                    run.before_ack,
                    run.missed,
                    run.stream_failures,
                    run.tally.errors(),
                ));
            }
        }
        out.push(String::new());
        out.push("Each game has one mover (moves on one server process) and one follower (another seat's client on `GET /v1/games/{id}/stream`, on the same process or on a second process on the same PostgreSQL database); the mover waits for the follower to receive each public move before its next one. \"Before the ack\" counts events that arrived before the mover had its answer (counted as 0 ms).".to_owned());
        out
    }

    fn extras(&self) -> Vec<String> {
        let mut out = vec![
            "## Memory and scaling".to_owned(),
            String::new(),
            "| backend | measurement | result |".to_owned(),
            "|---|---|---|".to_owned(),
        ];
        for backend in &self.backends {
            let name = backend.name;
            if let Some(durability) = &backend.durability {
                out.push(format!(
                    "| {name} | the server's commit durability (as the database reports it) | {durability} |"
                ));
            }
            if let Some((burst, memory)) = &backend.burst {
                let latency = burst.latencies.summary(burst.seconds);
                out.push(format!(
                    "| {name} | {} clients register and log in at once | {:.1} s; server peak RSS {:.0} MiB; 5xx {} (of which 503 `overloaded` with Retry-After, retried: {}); other errors {}; request p50 {} ms, p99 {} ms |",
                    burst.accounts,
                    burst.seconds,
                    memory.peak_mib(),
                    burst.tally.status_5xx,
                    burst.tally.status_5xx - burst.tally.server_errors,
                    burst.tally.other_errors + burst.tally.transport_errors,
                    ms(latency.p50_ms),
                    ms(latency.p99_ms),
                ));
                if let Some(failure) = &burst.first_failure {
                    out.push(format!(
                        "| {name} | the first failure of the burst | {} |",
                        failure.replace('|', "/")
                    ));
                }
            }
            if let Some(memory) = &backend.after_runs {
                out.push(format!(
                    "| {name} | server RSS after the move and view runs | {:.0} MiB (peak since the burst {:.0} MiB) |",
                    memory.rss_mib(),
                    memory.peak_mib()
                ));
            }
            if let Some(active) = &backend.active {
                out.push(format!(
                    "| {name} | {} active games stored, each fetched once (16 clients, {:.1} s) | server RSS {:.0} MiB (before {:.0} MiB, peak {:.0} MiB); errors {} |",
                    active.games,
                    active.fetch_seconds,
                    active.after.rss_mib(),
                    active.before.rss_mib(),
                    active.after.peak_mib(),
                    active.tally.errors(),
                ));
            }
            if let Some(long) = &backend.long_game {
                out.push(format!(
                    "| {name} | move latency p50 (p99) at moves 1–50 vs {}–{} of {} Tricky Tribes games played at once ({} and {} moves) | {} ({}) ms vs {} ({}) ms: ×{:.2}; move answers {:.1} vs {:.1} KiB; errors {} |",
                    long.target.saturating_sub(25),
                    long.target + 24,
                    long.games,
                    long.early.count,
                    long.late.count,
                    ms(long.early.p50_ms),
                    ms(long.early.p99_ms),
                    ms(long.late.p50_ms),
                    ms(long.late.p99_ms),
                    long.late.p50_ms / long.early.p50_ms,
                    long.early_bytes / 1024.0,
                    long.late_bytes / 1024.0,
                    long.tally.errors(),
                ));
            }
            if let Some(stored) = &backend.stored {
                let (small, small_run) = &stored.small;
                let (large, large_run) = &stored.large;
                let a = small_run.moves_summary();
                let b = large_run.moves_summary();
                out.push(format!(
                    "| {name} | moves at {} clients with {small} vs {large} games stored (seeded in {:.0} s) | {} |",
                    stored.clients,
                    stored.seeding_seconds,
                    before_after(
                        (&a, small_run.tally.errors()),
                        (&b, large_run.tally.errors())
                    ),
                ));
                let (before, after) = &stored.inbox;
                out.push(format!(
                    "| {name} | inbox (GET /v1/me/games) at {} clients of an account seated in all {small} vs {large} games stored | {} |",
                    stored.clients,
                    before_after(
                        (&before.views_summary(), before.tally.errors()),
                        (&after.views_summary(), after.tally.errors())
                    ),
                ));
            }
            for failure in &backend.failures {
                out.push(format!(
                    "| {name} | failed | {} |",
                    failure.replace('|', "/")
                ));
            }
        }
        out
    }

    fn targets(&self) -> Vec<String> {
        let measured: Vec<&BackendReport> = self
            .backends
            .iter()
            .filter(|b| b.skipped.is_none())
            .collect();
        let mut header = "| target |".to_owned();
        let mut rule = "|---|".to_owned();
        for backend in &measured {
            header.push_str(&format!(" {} |", backend.name));
            rule.push_str("---|");
        }
        let mut out = vec![
            format!("## Targets ({TARGET_CLIENTS} clients unless said)"),
            String::new(),
            header,
            rule,
        ];
        let mut line = |name: &str, cell: &dyn Fn(&BackendReport) -> Option<String>| {
            let mut text = format!("| {name} |");
            for backend in &measured {
                text.push_str(&format!(
                    " {} |",
                    cell(backend).unwrap_or_else(|| "not measured".to_owned())
                ));
            }
            out.push(text);
        };
        let moves_at = |b: &BackendReport| {
            b.moves
                .iter()
                .find(|(n, _)| *n == TARGET_CLIENTS)
                .map(|(_, run)| run.moves_summary())
        };
        let views_at = |b: &BackendReport| {
            b.views
                .iter()
                .find(|(n, _)| *n == TARGET_CLIENTS)
                .map(|(_, run)| run.views_summary())
        };
        let whole_views_at = |b: &BackendReport| {
            b.whole_views
                .iter()
                .find(|(n, _)| *n == TARGET_CLIENTS)
                .map(|(_, run)| run.views_summary())
        };
        line(
            "moves ≥ 70% of the bare move transaction with every commit synced",
            &|b| {
                let moves = moves_at(b)?;
                let bare = b.bare.as_ref()?.synced_at(TARGET_CLIENTS)?;
                Some(format!(
                    "{} — {}",
                    percent(moves.rate, bare),
                    verdict(moves.rate >= 0.7 * bare)
                ))
            },
        );
        line(
            "moves ≥ 70% of the bare move transaction at the shipped durability",
            &|b| {
                let moves = moves_at(b)?;
                let bare = b.bare.as_ref()?.shipped_at(TARGET_CLIENTS)?;
                Some(format!(
                    "{} — {}",
                    percent(moves.rate, bare),
                    verdict(moves.rate >= 0.7 * bare)
                ))
            },
        );
        line("views ≥ 50% of the bare GET (with If-None-Match)", &|b| {
            let views = views_at(b)?;
            let bare = self.bare_get_at(TARGET_CLIENTS)?;
            Some(format!(
                "{} — {}",
                percent(views.rate, bare),
                verdict(views.rate >= 0.5 * bare)
            ))
        });
        line("views ≥ 50% of the bare GET (whole bodies)", &|b| {
            let views = whole_views_at(b)?;
            let bare = self.bare_get_at(TARGET_CLIENTS)?;
            Some(format!(
                "{} — {}",
                percent(views.rate, bare),
                verdict(views.rate >= 0.5 * bare)
            ))
        });
        line("moves: p99 ≤ 3 × p50", &|b| {
            let moves = moves_at(b)?;
            Some(format!(
                "×{:.1} — {}",
                moves.tail_ratio(),
                verdict(moves.tail_ratio() <= 3.0)
            ))
        });
        line("views: p99 ≤ 3 × p50 (with If-None-Match)", &|b| {
            let views = views_at(b)?;
            Some(format!(
                "×{:.1} — {}",
                views.tail_ratio(),
                verdict(views.tail_ratio() <= 3.0)
            ))
        });
        line("views: p99 ≤ 3 × p50 (whole bodies)", &|b| {
            let views = whole_views_at(b)?;
            Some(format!(
                "×{:.1} — {}",
                views.tail_ratio(),
                verdict(views.tail_ratio() <= 3.0)
            ))
        });
        line(
            &format!("move 500 costs as much as move 1 (p50 within ×{SAME_COST})"),
            &|b| {
                let long = b.long_game.as_ref()?;
                let ratio = long.late.p50_ms / long.early.p50_ms;
                // Around an earlier move the target is not measured, whatever the ratio.
                Some(format!(
                    "×{ratio:.2} around move {} — {}",
                    long.target,
                    verdict_at(ratio <= SAME_COST, long.target >= 500)
                ))
            },
        );
        line(
            &format!(
                "a move costs as much with 1,000,000 games stored as with 1,000 (p50 within ×{SAME_COST})"
            ),
            &|b| {
                let stored = b.stored.as_ref()?;
                let a = stored.small.1.moves_summary();
                let c = stored.large.1.moves_summary();
                let ratio = c.p50_ms / a.p50_ms;
                Some(format!(
                    "×{ratio:.2} with {} stored — {}",
                    stored.large.0,
                    verdict_at(ratio <= SAME_COST, stored.large.0 >= 1_000_000)
                ))
            },
        );
        line(
            &format!(
                "the inbox costs as much with 1,000,000 games stored as with 1,000 (p50 within ×{SAME_COST})"
            ),
            &|b| {
                let stored = b.stored.as_ref()?;
                let (before, after) = &stored.inbox;
                let ratio = after.views_summary().p50_ms / before.views_summary().p50_ms;
                Some(format!(
                    "×{ratio:.2} with {} stored — {}",
                    stored.large.0,
                    verdict_at(ratio <= SAME_COST, stored.large.0 >= 1_000_000)
                ))
            },
        );
        line("RSS ≤ 100 MiB with 10,000 active games", &|b| {
            let active = b.active.as_ref()?;
            let mib = active.after.rss_mib().max(active.after.peak_mib());
            Some(format!(
                "{mib:.0} MiB ({} games) — {}",
                active.games,
                verdict_at(mib <= 100.0, active.games >= 10_000)
            ))
        });
        line(
            "RSS ≤ 200 MiB and no 5xx while 256 clients register and log in",
            &|b| {
                let (burst, memory) = b.burst.as_ref()?;
                let met = verdict_at(
                    memory.peak_mib() <= 200.0 && burst.tally.status_5xx == 0,
                    burst.accounts >= 256,
                );
                Some(format!(
                    "{:.0} MiB, {} 5xx ({} clients) — {}",
                    memory.peak_mib(),
                    burst.tally.status_5xx,
                    burst.accounts,
                    met
                ))
            },
        );
        out
    }
}

impl MoveRun {
    pub fn moves_summary(&self) -> Summary {
        self.moves.summary(self.seconds)
    }
}

impl ViewRun {
    pub fn views_summary(&self) -> Summary {
        self.views.summary(self.seconds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_measured_small_gets_no_verdict() {
        assert_eq!(verdict_at(true, false), verdict_at(false, false));
        assert_eq!(verdict_at(true, true), "met");
        assert_eq!(verdict_at(false, true), "**not met**");
    }

    #[test]
    fn a_row_gives_each_ceiling_its_ratio() {
        let summary = Summary {
            count: 100,
            rate: 50.0,
            p50_ms: 2.0,
            p95_ms: 3.0,
            p99_ms: 4.0,
        };
        let text = row(
            "sqlite",
            "move",
            16,
            &summary,
            &Tally::default(),
            &[("a", 100.0), ("b", 25.0)],
        );
        assert!(text.ends_with("| a 100; b 25 | 50%; 200% |"), "{text}");
        assert!(text.contains("| 50 | 2.00 | 3.00 | 4.00 | 2.0 |"), "{text}");
    }
}
