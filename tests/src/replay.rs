use domain::{AnyGame, GameKind, Input, OptionMap, Seat, Seed, Viewer};
use serde_json::Value;

use crate::json::{array, int, text};

/// Replays a finished game from its published seed and move log (`GET /v1/games/{id}/moves`)
/// with the rules alone, as any client could, after checking the seed against the commitment
/// published at creation.
pub fn replay(log: &Value) -> AnyGame {
    assert_eq!(
        commitment_of(log),
        text(&log["seed_commitment"]),
        "the revealed seed does not match its commitment: {log}"
    );
    let options = OptionMap(
        log["options"]
            .as_object()
            .unwrap_or_else(|| panic!("no options in {log}"))
            .iter()
            .map(|(k, v)| (k.clone(), openapi::kinds::option_value_from_json(v)))
            .collect(),
    );
    let kind =
        GameKind::from_id(&text(&log["kind"])).unwrap_or_else(|| panic!("unknown kind in {log}"));
    let seed = Seed::new(text(&log["seed"])).unwrap_or_else(|| panic!("no seed in {log}"));
    let setup = (!log["setup"].is_null()).then(|| {
        openapi::unions::parse_setup(kind, log["setup"].clone()).expect("the logged setup parses")
    });
    let (mut game, _) = AnyGame::create(
        kind,
        int(&log["players"]),
        &options,
        &seed,
        setup,
        int(&log["started_at"]),
    )
    .expect("the logged game sets up");
    for entry in array(&log["inputs"]) {
        let now = int(&entry["now"]);
        let input = if entry["expired"] == true {
            Input::Expire
        } else {
            let seat =
                u8::try_from(int(&entry["seat"])).unwrap_or_else(|_| panic!("bad seat in {entry}"));
            let mv = openapi::unions::parse_move(kind, entry["move"].clone())
                .expect("a logged move parses");
            Input::Move {
                seat: Seat(seat),
                mv,
            }
        };
        game.apply_input(&input, now)
            .unwrap_or_else(|error| panic!("replayed input {entry} refused: {error}"));
    }
    game
}

/// `viewer`'s view of `game` exactly as the server would send it.
pub fn view_json(game: &AnyGame, viewer: Viewer) -> Value {
    let view: openapi::unions::GameView = game.view(viewer).into();
    serde_json::to_value(view).expect("a view serializes")
}

/// The spectator's view of `game` exactly as the server would send it.
pub fn spectator_view_json(game: &AnyGame) -> Value {
    view_json(game, Viewer::Spectator)
}

/// SHA-256 of `text` as lowercase hex.
pub fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// What `seed_commitment` must be for the seed (and nonce) that `revealed` (a finished game,
/// or its move log) discloses, computed the way its `commitment_scheme` says.
pub fn commitment_of(revealed: &Value) -> String {
    let seed = text(&revealed["seed"]);
    match revealed["commitment_scheme"].as_str() {
        Some("sha256(nonce||seed)") => {
            let nonce = text(&revealed["seed_nonce"]);
            assert_eq!(nonce.len(), 64, "a nonce of 256 bits: {revealed}");
            sha256_hex(&format!("{nonce}{seed}"))
        }
        Some("sha256(seed)") => sha256_hex(&seed),
        other => panic!("unknown commitment scheme {other:?} in {revealed}"),
    }
}
