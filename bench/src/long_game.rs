//! Does a move cost more late in a long game? Tricky Tribes over many rounds, the latency of
//! moves 1–50 against the 50 moves around move `target`.

use std::time::Duration;

use serde_json::json;

use crate::play::{Player, Step, Table};
use crate::stats::{Samples, Summary, Tally, Window};

#[derive(Debug, Default)]
pub struct LongGame {
    pub target: usize,
    /// Games played at once.
    pub games: usize,
    pub early: Summary,
    pub late: Summary,
    /// Mean size of the move responses (the game as the mover sees it), early and late.
    pub early_bytes: f64,
    pub late_bytes: f64,
    pub tally: Tally,
}

/// Moves counted at each end.
const SPAN: usize = 50;

/// Each table's client plays its own long game up to `target + SPAN / 2` moves.
pub async fn run(base: &str, tables: &[Table], target: usize) -> Result<LongGame, String> {
    let mut tasks = Vec::new();
    for (index, table) in tables.iter().enumerate() {
        let mut player = Player::new(base, 1_000 + index as u64)?;
        let table = table.clone();
        tasks.push(tokio::spawn(async move {
            let mut early = Samples::default();
            let mut late = Samples::default();
            let mut bytes = [0usize; 2];
            let always = Window::after(Duration::ZERO, Duration::from_secs(24 * 3600));
            let options = json!({"end_condition": "fixed_rounds", "rounds": 100});
            let Some(mut game) = player.start_game(&table, "tricky_tribes", 4, options).await
            else {
                return (early, late, bytes, player.tally);
            };
            let late_moves = target.saturating_sub(SPAN / 2)..target + SPAN / 2;
            while game.moves < late_moves.end {
                match player.step(&mut game, &always).await {
                    Step::Moved(latency, size) if game.moves <= SPAN => {
                        early.push(latency);
                        bytes[0] += size;
                    }
                    Step::Moved(latency, size) if late_moves.contains(&game.moves) => {
                        late.push(latency);
                        bytes[1] += size;
                    }
                    Step::Moved(..) | Step::Retried => {}
                    Step::Stop => break,
                }
            }
            (early, late, bytes, player.tally)
        }));
    }
    let mut early = Samples::default();
    let mut late = Samples::default();
    let mut tally = Tally::default();
    let mut bytes = [0usize; 2];
    for task in tasks {
        let (e, l, b, t) = task.await.map_err(|error| error.to_string())?;
        early.merge(e);
        late.merge(l);
        bytes[0] += b[0];
        bytes[1] += b[1];
        tally.add(&t);
    }
    if late.len() == 0 {
        return Err(format!("no long game reached move {target}"));
    }
    Ok(LongGame {
        target,
        games: tables.len(),
        early_bytes: bytes[0] as f64 / early.len().max(1) as f64,
        late_bytes: bytes[1] as f64 / late.len().max(1) as f64,
        early: early.summary(1.0),
        late: late.summary(1.0),
        tally,
    })
}
