//! `cardtable recompute-ratings [--check]`: replays every rated game in the order its ratings
//! were applied and compares the result with the stored ratings, bit for bit. With `--check`
//! it only reports, and exits 1 on any difference; without, it also replaces the stored
//! ratings with the replayed ones where they differ.

use persistence::{Database, RatingsReplay};
use secrecy::ExposeSecret;

use crate::configuration::Settings;

/// Runs the command; returns the process's exit code (0: the stored ratings are the replayed
/// ones, or were repaired; 1: a difference under `--check`; 2: bad arguments or a failure).
pub async fn run(settings: &Settings, arguments: &[String]) -> i32 {
    let check = match arguments {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => {
            eprintln!("usage: cardtable recompute-ratings [--check]");
            return 2;
        }
    };
    let url = settings.database_url.expose_secret().to_owned();
    let replay = tokio::task::spawn_blocking(move || {
        Database::connect(&url).and_then(|database| database.replay_ratings(!check))
    })
    .await;
    match replay {
        Ok(Ok(replay)) => report(&replay, check),
        Ok(Err(error)) => {
            eprintln!("recompute-ratings failed: {error}");
            2
        }
        Err(error) => {
            eprintln!("recompute-ratings failed: {error}");
            2
        }
    }
}

fn report(replay: &RatingsReplay, check: bool) -> i32 {
    for difference in &replay.differences {
        let show = |rating: Option<&persistence::RatingRecord>| {
            rating.map_or_else(
                || "none".to_owned(),
                |rating| {
                    format!(
                        "mu {:?} sigma {:?} games {} at {}",
                        rating.skill.rating,
                        rating.skill.uncertainty,
                        rating.skill.games,
                        rating.updated_at
                    )
                },
            )
        };
        println!(
            "{} {}: stored {}, replayed {}",
            difference.account_id,
            difference.kind.id(),
            show(difference.stored.as_ref()),
            show(difference.replayed.as_ref())
        );
    }
    println!(
        "{} rated games replayed, {} ratings compared, {} differ{}",
        replay.games,
        replay.ratings,
        replay.differences.len(),
        if check || replay.differences.is_empty() {
            ""
        } else {
            " (replaced by the replayed ones)"
        }
    );
    i32::from(check && !replay.differences.is_empty())
}
