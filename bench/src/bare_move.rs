//! The database's ceiling: the server's move transaction (`Database::commit`, the very call a
//! move request makes) done bare, by as many threads as there are clients, on a fresh database
//! of the same backend: at the durability the server ships, and with every commit synced to
//! disk (SQLite `synchronous = FULL`, PostgreSQL `synchronous_commit = on`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use domain::{Actor, AnyGame, GameKind, Input, OptionMap, Seed};
use persistence::seeding::CopyLog;
use persistence::{
    Commit, CommittedInput, Database, GameStart, GameStatus, NewAccount, NewGame, Versions,
};
use uuid::Uuid;

use crate::args::BackendChoice;
use crate::play::KINDS;
use crate::server::FreshDatabase;
use crate::stats::{Samples, Summary, Tally, Window};

/// One game of a kind, stored at its start, and the commits that play it to its end, each with
/// the counters it expects to find.
struct Script {
    template: Uuid,
    commits: Vec<(Versions, Commit)>,
}

/// A generous upper bound of the commit rate, to store enough games to play on.
const MOST_COMMITS_PER_SECOND: f64 = 8_000.0;

pub struct BareMoves {
    database: Database,
    scripts: Vec<Script>,
    _fresh: FreshDatabase,
}

impl BareMoves {
    /// A fresh database with one game of every kind to copy, and the commits of each.
    pub fn prepare(backend: &BackendChoice) -> Result<BareMoves, String> {
        let fresh = FreshDatabase::create(backend)?;
        let database = Database::connect(&fresh.url).map_err(|error| error.to_string())?;
        let now = unix_now();
        let accounts: Vec<Uuid> = (0..4)
            .map(|index| {
                let id = Uuid::new_v4();
                database
                    .create_account(&NewAccount {
                        id,
                        username: format!("bare-{index}"),
                        forms: persistence::UsernameForms::plain(&format!("bare-{index}")),
                        password_hash: "not used".to_owned(),
                        created_at: now,
                    })
                    .map(|()| id)
                    .map_err(|error| error.to_string())
            })
            .collect::<Result<_, _>>()?;
        let scripts = KINDS
            .iter()
            .map(|&(kind, players)| script(&database, &accounts, kind, players, now))
            .collect::<Result<_, _>>()?;
        Ok(BareMoves {
            database,
            scripts,
            _fresh: fresh,
        })
    }

    /// How the bare database makes a commit durable now, as it reports it.
    pub fn durability(&self) -> Result<String, String> {
        self.database
            .durability()
            .map_err(|error| error.to_string())
    }

    /// From now on every commit waits for the disk; see [`Database::sync_every_commit`].
    pub fn sync_every_commit(&self) -> Result<(), String> {
        self.database
            .sync_every_commit()
            .map_err(|error| error.to_string())
    }

    /// `threads` threads commit moves in a closed loop for the window.
    pub fn run(
        &self,
        threads: usize,
        warmup: Duration,
        length: Duration,
    ) -> Result<(Summary, Tally), String> {
        let queues = self.games_for(threads, (warmup + length).as_secs_f64())?;
        let window = Window::after(warmup, length);
        let ran_out = AtomicBool::new(false);
        let ran_out_at = Mutex::new(None);
        let results: Vec<(Samples, Tally)> = std::thread::scope(|scope| {
            let workers: Vec<_> = queues
                .into_iter()
                .map(|queue| {
                    let (ran_out, ran_out_at) = (&ran_out, &ran_out_at);
                    scope.spawn(move || {
                        let outcome = self.commit_all(&queue, &window, ran_out);
                        if !window.is_over()
                            && !ran_out.swap(true, Ordering::SeqCst)
                            && let Ok(mut at) = ran_out_at.lock()
                        {
                            *at = Some(Instant::now());
                        }
                        outcome
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().unwrap_or_default())
                .collect()
        });
        let end = ran_out_at
            .lock()
            .ok()
            .and_then(|at| *at)
            .map_or(window.end, |at| at.min(window.end));
        if end <= window.start {
            return Err("the bare move run had too few games to play".to_owned());
        }
        let mut samples = Samples::default();
        let mut tally = Tally::default();
        for (thread_samples, thread_tally) in results {
            samples.merge(thread_samples);
            tally.add(&thread_tally);
        }
        Ok((
            samples.summary(end.duration_since(window.start).as_secs_f64()),
            tally,
        ))
    }

    /// Plays each queued game with its script until the window closes or another thread ran
    /// out of games.
    fn commit_all(
        &self,
        queue: &[(usize, Uuid)],
        window: &Window,
        stop: &AtomicBool,
    ) -> (Samples, Tally) {
        let mut samples = Samples::default();
        let mut tally = Tally::default();
        for &(kind, id) in queue {
            for (expected, commit) in &self.scripts[kind].commits {
                if window.is_over() || stop.load(Ordering::Relaxed) {
                    return (samples, tally);
                }
                let started = Instant::now();
                match self.database.commit(id, *expected, commit, None) {
                    Ok(_) => samples.record(window, started.elapsed()),
                    Err(persistence::Error::Conflict(_)) => tally.conflicts += 1,
                    Err(_) => tally.server_errors += 1,
                }
            }
        }
        (samples, tally)
    }

    /// Enough fresh copies of the scripted games for `threads` threads to commit for `seconds`
    /// at the most, kinds taken in turn.
    fn games_for(&self, threads: usize, seconds: f64) -> Result<Vec<Vec<(usize, Uuid)>>, String> {
        let mean_length = self
            .scripts
            .iter()
            .map(|script| script.commits.len() as f64)
            .sum::<f64>()
            / self.scripts.len() as f64;
        let per_thread =
            (MOST_COMMITS_PER_SECOND * seconds / threads as f64 / mean_length).ceil() as usize + 1;
        let per_kind = (per_thread * threads).div_ceil(self.scripts.len());
        let mut copies: Vec<Vec<Uuid>> = self
            .scripts
            .iter()
            .map(|script| {
                self.database
                    .copy_game(script.template, per_kind as u64, CopyLog::MovesAndEvents)
                    .map_err(|error| error.to_string())
            })
            .collect::<Result<_, _>>()?;
        let mut queues = vec![Vec::new(); threads];
        for slot in 0..per_thread * threads {
            let kind = slot % self.scripts.len();
            if let Some(id) = copies[kind].pop() {
                queues[slot % threads].push((kind, id));
            }
        }
        Ok(queues)
    }
}

/// Stores a started game of `kind` and plays it to its end with default moves, keeping each
/// move's commit as the server would make it.
fn script(
    database: &Database,
    accounts: &[Uuid],
    kind: &str,
    players: usize,
    now: i64,
) -> Result<Script, String> {
    let kind = GameKind::from_id(kind).ok_or("unknown kind")?;
    let seed = Seed::new(format!("bench-{}", kind.id())).ok_or("bad seed")?;
    let options = OptionMap::default();
    let (mut state, events) = AnyGame::create(kind, players as i64, &options, &seed, None, now)
        .map_err(|error| error.to_string())?;
    let id = Uuid::new_v4();
    let error = |error: persistence::Error| error.to_string();
    database
        .create_game(
            &NewGame {
                bots: Vec::new(),
                id,
                kind,
                players: u8::try_from(players).map_err(|_| "too many players")?,
                options,
                seed,
                seed_nonce: None,
                setup: None,
                fixed_setup: true,
                rated: false,
                created_by: accounts[0],
                created_at: now,
                creator_seat: domain::Seat(0),
                unlisted: false,
                invite_code: Uuid::new_v4().simple().to_string(),
                invitations: Vec::new(),
            },
            None,
        )
        .map_err(error)?;
    for account in &accounts[1..players] {
        database
            .join_game(id, *account, now, None, None)
            .map_err(error)?;
    }
    database
        .start_game(
            id,
            &GameStart {
                deadline_at: state.deadline(),
                state: state.clone(),
                events,
                started_at: now,
            },
        )
        .map_err(error)?;
    let mut commits = Vec::new();
    let mut versions = Versions {
        revision: 0,
        version: 0,
    };
    while !state.is_over() && commits.len() < 100_000 {
        let seat = *state.to_act().first().ok_or("nobody is to act")?;
        let mv = state.default_move(seat).ok_or("no default move")?;
        let secret = state.is_secret_submission(seat, &mv);
        let before = persistence::Summary::of(status_of(&state), state.to_act(), state.deadline());
        let events = state
            .apply(Actor::Seat(seat), mv.clone(), now)
            .map_err(|error| error.to_string())?;
        let expected = versions;
        versions.revision += 1;
        if !secret {
            versions.version += 1;
        }
        commits.push((
            expected,
            Commit {
                state: state.clone(),
                inputs: vec![CommittedInput {
                    input: Input::Move { seat, mv },
                    now,
                    events,
                    secret,
                }],
                status: status_of(&state),
                deadline_at: state.deadline(),
                now,
                before,
            },
        ));
    }
    Ok(Script {
        template: id,
        commits,
    })
}

fn status_of(state: &AnyGame) -> GameStatus {
    if state.is_over() {
        GameStatus::Finished
    } else {
        GameStatus::Active
    }
}

pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
}
