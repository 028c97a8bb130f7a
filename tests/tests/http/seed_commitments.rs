//! The seed commitment: SHA-256 of a fresh server nonce and the seed, so that a seed a client
//! chose (and might be guessed) cannot be found from the commitment before the end.

use blackbox::json::text;
use blackbox::{TestApp, commitment_of, per_backend, replay, sha256_hex};
use rand::SeedableRng;
use rand::rngs::StdRng;
use serde_json::json;

const GUESSABLE_SEED: &str = "table-1";

per_backend!(a_chosen_seed_cannot_be_checked_against_its_commitment_before_the_end);
async fn a_chosen_seed_cannot_be_checked_against_its_commitment_before_the_end(app: TestApp) {
    let players = [
        app.player("player0").await,
        app.player("player1").await,
        app.player("player2").await,
    ];
    // Intrigue reveals its seed to everyone at the end.
    let request = json!({"kind": "intrigue", "players": 3, "seed": GUESSABLE_SEED});
    let other = app
        .post(&players[0], "/v1/games", request.clone())
        .await
        .expect_status(201)
        .body;
    let id = app
        .start_game(&players[0], &[&players[1], &players[2]], request)
        .await;
    let started = app.game(&players[1], &id).await;
    assert_eq!(started["commitment_scheme"], "sha256(nonce||seed)");
    assert!(started["seed"].is_null() && started["seed_nonce"].is_null());
    let commitment = text(&started["seed_commitment"]);
    // A dictionary of seeds finds nothing: the commitment is not the seed's digest, and the
    // same seed commits differently in another game.
    assert_ne!(commitment, sha256_hex(GUESSABLE_SEED));
    assert_ne!(commitment, text(&other["seed_commitment"]));

    let mut rng = StdRng::seed_from_u64(7);
    let mut game = started;
    while game["status"] != "finished" {
        let seat = game["to_act"][0].as_u64().expect("someone acts") as usize;
        game = app.play_random(&players[seat], &id, &mut rng).await.1;
    }
    let finished = app.game(&players[1], &id).await;
    assert_eq!(finished["seed"], GUESSABLE_SEED);
    assert_eq!(finished["seed_commitment"], json!(commitment));
    assert_eq!(commitment_of(&finished), commitment);
    let log = app.move_log(&players[1], &id).await;
    assert_eq!(log["seed_nonce"], finished["seed_nonce"]);
    assert_eq!(log["commitment_scheme"], "sha256(nonce||seed)");
    // The replay checks the commitment itself.
    replay(&log);
}

per_backend!(a_game_stored_before_nonces_keeps_its_commitment_and_says_so);
async fn a_game_stored_before_nonces_keeps_its_commitment_and_says_so(app: TestApp) {
    let creator = app.player("player0").await;
    let created = app
        .post(
            &creator,
            "/v1/games",
            json!({"kind": "trade_or_duel", "players": 4, "seed": GUESSABLE_SEED}),
        )
        .await
        .expect_status(201)
        .body;
    let id = text(&created["id"]);
    let database = app.database().await;
    let forgotten = tokio::task::spawn_blocking(move || {
        database.forget_seed_nonce(id.parse().expect("a game id"))
    })
    .await
    .expect("the update ran");
    assert!(forgotten.is_ok(), "{forgotten:?}");
    // A process that has not seen the game reads it as stored.
    let other = app.spawn_sharing().await;
    let old = other.game(&creator, &text(&created["id"])).await;
    assert_eq!(old["commitment_scheme"], "sha256(seed)");
    assert_eq!(text(&old["seed_commitment"]), sha256_hex(GUESSABLE_SEED));
    assert!(old["seed_nonce"].is_null());
}
