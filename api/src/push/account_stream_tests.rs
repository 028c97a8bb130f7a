//! The account stream's turns, driven deterministically: the commits are made first, and the
//! stream reads only afterwards, as when both land between two of its readings.

use domain::Seat;
use persistence::{Database, NewAccount};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::json;
use std::sync::Arc;

use super::*;
use crate::clock::Clock;
use crate::push::{Hub, LiveSettings};

fn databases() -> Vec<String> {
    let mut urls = vec![
        std::env::temp_dir()
            .join(format!("cardtable-turns-{}.sqlite3", Uuid::new_v4()))
            .to_string_lossy()
            .into_owned(),
    ];
    if let Ok(admin) = std::env::var("CARDTABLE_TEST_POSTGRES_URL")
        && !admin.is_empty()
    {
        urls.push(persistence::testing::create_postgres_database(&admin).expect("a database"));
    }
    urls
}

fn account(database: &Database, name: &str) -> Uuid {
    let id = Uuid::new_v4();
    database
        .create_account(&NewAccount {
            id,
            username: name.to_owned(),
            forms: persistence::UsernameForms::plain(name),
            password_hash: "unused".to_owned(),
            created_at: 0,
        })
        .expect("an account");
    id
}

/// `seat` plays one of its legal moves on the game as it is now.
fn play(service: &GameService, game: Uuid, account: Uuid, seat: u8, rng: &mut StdRng) {
    let now = service.now();
    let record = service.current(game, now).expect("the game");
    let state = record.state.as_ref().expect("started");
    let mv = state
        .random_legal_move(Seat(seat), rng)
        .expect("a legal move");
    let body = serde_json::to_value(&mv).expect("json")["move"].clone();
    service
        .submit_move(account, game, record.version, body, now, None)
        .expect("the move is accepted");
}

fn turns(told: &[Notice]) -> Vec<i64> {
    told.iter()
        .filter_map(|notice| match notice {
            Notice::YourTurn(game) => Some(game.version),
            _ => None,
        })
        .collect()
}

/// Ann submits her secret selection and Cyd's closes the phase before Ann's stream reads
/// anything: the next decision is still told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_closed_by_another_seat_right_after_a_secret_submission_is_told() {
    secret_submission_then_closing_move(false).await;
}

/// The same when the stream hears only "the game changed" (as from another process, or after
/// a resync) and reads the game once both commits are in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_is_told_when_the_changes_come_without_their_commits() {
    secret_submission_then_closing_move(true).await;
}

async fn secret_submission_then_closing_move(announced_only: bool) {
    for url in databases() {
        let database = Database::connect(&url).expect("a database");
        let hub = Hub::start(&database, LiveSettings::default());
        let service = GameService::new(database.clone(), Clock::system(), hub.clone());
        let [ann, bob, cyd] = [
            account(&database, "ann"),
            account(&database, "bob"),
            account(&database, "cyd"),
        ];
        let request =
            serde_json::from_value(json!({"kind": "tribute", "players": 3})).expect("a request");
        let game = service
            .create_game(ann, request, service.now(), None)
            .expect("created")
            .id;
        for joiner in [bob, cyd] {
            service
                .join_game(joiner, game, service.now(), None)
                .expect("joined");
        }
        let mut follower = Follower {
            service: service.clone(),
            account: ann,
            known: HashMap::new(),
            invited: std::collections::HashSet::new(),
        };
        let first = follower.start().await.expect("the first reading");
        assert_eq!(turns(&first), [0], "{url}");

        let mut changes = hub.feed().subscribe_accounts();
        let mut rng = StdRng::seed_from_u64(7);
        play(&service, game, bob, 1, &mut rng);
        play(&service, game, ann, 0, &mut rng);
        play(&service, game, cyd, 2, &mut rng);
        let version = service.current(game, service.now()).expect("game").version;
        assert!(version > 0, "the selection closed");

        let mut told = Vec::new();
        while let Ok(change) = changes.try_recv() {
            if let AccountMessage::Changed(change) = change {
                let change = if announced_only {
                    Arc::new(Change::announced(change.game, change.version))
                } else {
                    change
                };
                told.extend(follower.changed(&change).await.expect("a reading"));
            }
        }
        assert_eq!(turns(&told), [version], "{url}: told {told:?}");
    }
}
