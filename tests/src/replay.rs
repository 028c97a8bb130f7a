use domain::{AnyGame, GameKind, Input, OptionMap, Seat, Seed, Viewer};
use serde_json::Value;

/// Replays a finished game from its published seed and move log (`GET /v1/games/{id}/moves`)
/// with the rules alone, as any client could.
pub fn replay(log: &Value) -> AnyGame {
    let options = OptionMap(
        log["options"]
            .as_object()
            .map(|options| {
                options
                    .iter()
                    .map(|(k, v)| (k.clone(), openapi::kinds::option_value_from_json(v)))
                    .collect()
            })
            .unwrap_or_default(),
    );
    let kind = GameKind::from_id(log["kind"].as_str().unwrap_or_default())
        .unwrap_or_else(|| panic!("unknown kind in {log}"));
    let seed = Seed::new(log["seed"].as_str().unwrap_or_default())
        .unwrap_or_else(|| panic!("no seed in {log}"));
    let setup = (!log["setup"].is_null()).then(|| {
        openapi::unions::parse_setup(kind, log["setup"].clone())
            .unwrap_or_else(|error| panic!("the logged setup does not parse: {error}"))
    });
    let (mut game, _) = AnyGame::create(
        kind,
        log["players"].as_i64().unwrap_or_default(),
        &options,
        &seed,
        setup,
        log["started_at"].as_i64().unwrap_or_default(),
    )
    .unwrap_or_else(|error| panic!("replay setup refused: {error}"));
    for entry in log["inputs"].as_array().cloned().unwrap_or_default() {
        let now = entry["now"].as_i64().unwrap_or_default();
        let input = if entry["expired"] == true {
            Input::Expire
        } else {
            let seat = u8::try_from(entry["seat"].as_u64().unwrap_or_default())
                .unwrap_or_else(|_| panic!("bad seat in {entry}"));
            let mv = openapi::unions::parse_move(kind, entry["move"].clone())
                .unwrap_or_else(|error| panic!("a logged move does not parse: {error}"));
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

/// The spectator's view of `game` exactly as the server would send it.
pub fn spectator_view_json(game: &AnyGame) -> Value {
    let view: openapi::unions::GameView = game.view(Viewer::Spectator).into();
    serde_json::to_value(view).unwrap_or_default()
}

/// SHA-256 of `text` as lowercase hex: what a seed commitment must equal.
pub fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}
