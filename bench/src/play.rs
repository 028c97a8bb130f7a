//! A client playing whole games over HTTP: read the seat to act, ask its legal moves, post one
//! on the version of the last response; a 409 (a lost race) reads the game again.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::{Value, json};

use crate::choose::legal_move;
use crate::http::{Client, Reply};
use crate::stats::{Samples, Tally, Window};

/// Every kind, with the player count the benchmark plays it with.
pub const KINDS: [(&str, usize); 4] = [
    ("tribute", 3),
    ("tricky_tribes", 4),
    ("intrigue", 3),
    ("trade_or_duel", 4),
];

/// The accounts a client plays with: seat `s` of each of its games is `tokens[s]`.
#[derive(Clone, Debug)]
pub struct Table {
    pub tokens: Vec<String>,
}

/// A game as the client last saw it.
#[derive(Clone, Debug)]
pub struct GameInPlay {
    pub id: String,
    pub tokens: Vec<String>,
    pub version: i64,
    pub to_act: Vec<usize>,
    pub finished: bool,
    /// Moves this client made in it.
    pub moves: usize,
}

impl GameInPlay {
    fn update(&mut self, game: &Value) {
        if let Some(version) = game["version"].as_i64() {
            self.version = version;
        }
        self.to_act = game["to_act"]
            .as_array()
            .map(|seats| {
                seats
                    .iter()
                    .filter_map(Value::as_u64)
                    .filter_map(|seat| usize::try_from(seat).ok())
                    .collect()
            })
            .unwrap_or_default();
        self.finished = game["status"] == "finished";
    }

    pub fn path(&self, rest: &str) -> String {
        format!("/v1/games/{}{rest}", self.id)
    }
}

/// What one step of play came to.
pub enum Step {
    /// A move was accepted; its request took this long and its answer had this many bytes.
    Moved(Duration, usize),
    /// Nothing was accepted (a lost race, an error); the game was read again.
    Retried,
    /// The game cannot go on (it is over, or keeps failing).
    Stop,
}

pub struct Player {
    pub client: Client,
    pub rng: StdRng,
    pub tally: Tally,
    /// How long each legal-moves request took.
    pub legal: Samples,
    /// When set, each accepted move as (game, public version after it, when its answer was
    /// read): what the webhook cell times its deliveries from.
    pub acks: Option<Vec<Ack>>,
    failures_in_a_row: usize,
}

/// An accepted move: its game, the public version after it, and when its answer was read.
pub type Ack = (String, i64, Instant);

impl Player {
    pub fn new(base: &str, seed: u64) -> Result<Player, String> {
        Ok(Player {
            client: Client::new(base)?,
            rng: StdRng::seed_from_u64(seed),
            tally: Tally::default(),
            legal: Samples::default(),
            acks: None,
            failures_in_a_row: 0,
        })
    }

    fn failed(&mut self, result: Result<&Reply, &String>) {
        match result {
            Ok(reply) => self
                .tally
                .count_failure(reply.status, reply.retry_after.is_some()),
            Err(_) => self.tally.transport_errors += 1,
        }
    }

    /// Creates a game of `kind` as seat 0 and seats the table's other accounts in order.
    pub async fn start_game(
        &mut self,
        table: &Table,
        kind: &str,
        players: usize,
        options: Value,
    ) -> Option<GameInPlay> {
        let tokens: Vec<String> = table.tokens.iter().take(players).cloned().collect();
        let body = json!({"kind": kind, "players": players, "options": options});
        let created = self.client.post("/v1/games", Some(&tokens[0]), &body).await;
        let id = match &created {
            Ok(reply) if reply.status == 201 => reply.json()["id"].as_str()?.to_owned(),
            _ => {
                self.failed(created.as_ref());
                return None;
            }
        };
        let mut game = GameInPlay {
            id,
            tokens,
            version: 0,
            to_act: Vec::new(),
            finished: false,
            moves: 0,
        };
        for seat in 1..players {
            let joined = self
                .client
                .post(&game.path("/join"), Some(&game.tokens[seat]), &json!({}))
                .await;
            match &joined {
                Ok(reply) if reply.status == 200 => game.update(&reply.json()),
                _ => {
                    self.failed(joined.as_ref());
                    return None;
                }
            }
        }
        Some(game)
    }

    /// One move by a seat to act, or a re-read after a refusal.
    pub async fn step(&mut self, game: &mut GameInPlay, window: &Window) -> Step {
        if game.finished || game.to_act.is_empty() || self.failures_in_a_row > 5 {
            return Step::Stop;
        }
        let seat = game.to_act[self.rng.random_range(0..game.to_act.len())];
        let token = game.tokens.get(seat).cloned().unwrap_or_default();
        let legal = self
            .client
            .get(&game.path("/legal-moves"), Some(&token), None)
            .await;
        let (version, mv) = match &legal {
            Ok(reply) if reply.status == 200 => {
                self.legal.record(window, reply.latency);
                let body = reply.json();
                (
                    body["version"].clone(),
                    legal_move(&body["legal_moves"], &mut self.rng),
                )
            }
            _ => {
                self.failed(legal.as_ref());
                return self.reread(game, &token).await;
            }
        };
        let Some(mv) = mv else {
            self.tally.other_errors += 1;
            return Step::Stop;
        };
        let posted = self
            .client
            .post(
                &game.path("/moves"),
                Some(&token),
                &json!({"version": version, "move": mv}),
            )
            .await;
        match &posted {
            Ok(reply) if reply.status == 200 => {
                self.failures_in_a_row = 0;
                game.update(&reply.json());
                game.moves += 1;
                if let Some(acks) = &mut self.acks {
                    acks.push((game.id.clone(), game.version, Instant::now()));
                }
                Step::Moved(reply.latency, reply.body.len())
            }
            _ => {
                self.failed(posted.as_ref());
                self.reread(game, &token).await
            }
        }
    }

    async fn reread(&mut self, game: &mut GameInPlay, token: &str) -> Step {
        self.failures_in_a_row += 1;
        let read = self.client.get(&game.path(""), Some(token), None).await;
        match &read {
            Ok(reply) if reply.status == 200 => {
                game.update(&reply.json());
                Step::Retried
            }
            _ => {
                self.failed(read.as_ref());
                Step::Stop
            }
        }
    }
}

/// What a closed-loop move run measured.
#[derive(Debug, Default)]
pub struct MoveRun {
    pub moves: Samples,
    pub legal: Samples,
    pub tally: Tally,
    pub games_finished: u64,
    pub seconds: f64,
    /// The games the clients were playing when the window closed (kinds mixed), for later
    /// view fetches.
    pub unfinished: Vec<GameInPlay>,
    /// Every accepted move, warm-up included, when asked for (see [`run_moves_recording`]).
    pub acks: Vec<Ack>,
}

/// `tables.len()` clients each play games of every kind in turn until the window closes.
pub async fn run_moves(base: &str, tables: &[Table], window: Window) -> Result<MoveRun, String> {
    run_moves_recording(base, tables, window, false).await
}

/// As [`run_moves`]; with `record_acks`, the run also keeps when each move was acknowledged.
pub async fn run_moves_recording(
    base: &str,
    tables: &[Table],
    window: Window,
    record_acks: bool,
) -> Result<MoveRun, String> {
    let mut tasks = Vec::new();
    for (index, table) in tables.iter().enumerate() {
        let mut player = Player::new(base, index as u64)?;
        if record_acks {
            player.acks = Some(Vec::new());
        }
        let table = table.clone();
        tasks.push(tokio::spawn(async move {
            let mut moves = Samples::default();
            let mut finished = 0;
            let mut unfinished = None;
            let mut turn = index;
            while !window.is_over() {
                let (kind, players) = KINDS[turn % KINDS.len()];
                turn += 1;
                let Some(mut game) = player.start_game(&table, kind, players, json!({})).await
                else {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                loop {
                    if window.is_over() {
                        unfinished = Some(game);
                        break;
                    }
                    match player.step(&mut game, &window).await {
                        Step::Moved(latency, _) => moves.record(&window, latency),
                        Step::Retried => {}
                        Step::Stop => {
                            finished += u64::from(game.finished);
                            break;
                        }
                    }
                }
            }
            (moves, player, finished, unfinished)
        }));
    }
    let mut run = MoveRun {
        seconds: window.seconds(),
        ..MoveRun::default()
    };
    for task in tasks {
        let (moves, player, finished, unfinished) =
            task.await.map_err(|error| error.to_string())?;
        run.moves.merge(moves);
        run.legal.merge(player.legal);
        run.acks.extend(player.acks.unwrap_or_default());
        run.tally.add(&player.tally);
        run.games_finished += finished;
        run.unfinished.extend(unfinished);
    }
    Ok(run)
}
