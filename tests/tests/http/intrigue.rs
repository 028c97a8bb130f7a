//! Intrigue over HTTP: complete random games, worked examples of the rules on fixed setups, a
//! missed deadline, creation errors and the rules' error codes.

use blackbox::json::{array, int, ints, seat, strings, text};
use blackbox::{
    Player, TestApp, commitment_of, per_backend, replay, spectator_view_json, view_json,
};
use domain::{Seat, Viewer};
use rand::{SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

/// The 24 deck cards in the order of the rules' card table.
pub(crate) const CARDS: [&str; 24] = [
    "oracle",
    "assassination",
    "virtue",
    "spy",
    "manipulate",
    "misinformation",
    "lies",
    "defiance_1",
    "defiance_2",
    "military_support",
    "loyalists",
    "zealots",
    "guilds",
    "public_support_1",
    "public_support_2",
    "public_support_3",
    "public_support_4",
    "enthusiastic_support_1",
    "enthusiastic_support_2",
    "friendship",
    "feud",
    "advantage",
    "debt",
    "blackmail",
];

/// A full deck, top first: `front`, then every other card in table order.
pub(crate) fn deck(front: &[&str]) -> Vec<String> {
    for (index, card) in front.iter().enumerate() {
        assert!(
            CARDS.contains(card) && !front[..index].contains(card),
            "bad deck front {front:?}"
        );
    }
    front
        .iter()
        .copied()
        .chain(CARDS.iter().copied().filter(|card| !front.contains(card)))
        .map(str::to_owned)
        .collect()
}

pub(crate) async fn advisors(app: &TestApp) -> Vec<Player> {
    app.players(&["advisor1", "advisor2", "advisor3"]).await
}

/// Creates a game of Intrigue as seat 0 and seats the other two; returns its id.
pub(crate) async fn new_game(
    app: &TestApp,
    players: &[Player],
    options: Value,
    setup: Option<Value>,
) -> String {
    let mut request = json!({"kind": "intrigue", "players": 3, "options": options});
    if let Some(setup) = setup {
        request["setup"] = setup;
    }
    app.start_game(&players[0], &[&players[1], &players[2]], request)
        .await
}

/// The seat to act, if any.
pub(crate) fn to_act(game: &Value) -> Option<usize> {
    game["to_act"][0].as_u64().map(|seat| seat as usize)
}

/// A move written as its type and `field=value` words, e.g. `play_action card=spy character=A`.
fn mv(text: &str) -> Value {
    let mut words = text.split_whitespace();
    let mut mv = json!({"type": words.next().expect("a move type")});
    for word in words {
        let Some((field, value)) = word.split_once('=') else {
            panic!("not a field=value word: {word}");
        };
        mv[field] = json!(value);
    }
    mv
}

/// Plays `lines` of the form "Pn move", accepted, or "Pn move: code", refused with that code
/// and changing nothing; the move is written as `mv` reads it.
async fn run(app: &TestApp, players: &[Player], id: &str, lines: &[&str]) {
    for line in lines {
        let (text, code) = line.rsplit_once(": ").unwrap_or((line, ""));
        let seat = match text.get(..3) {
            Some("P1 ") => 0,
            Some("P2 ") => 1,
            Some("P3 ") => 2,
            _ => panic!("no player in {line}"),
        };
        let mv = mv(&text[3..]);
        if code.is_empty() {
            app.accept(&players[seat], id, mv).await;
        } else {
            app.refuse(&players[seat], id, mv, 422, code).await;
        }
    }
}

fn events_of(page: &Value, kind: &str) -> Vec<Value> {
    page["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|entry| entry["event"]["type"] == kind)
        .map(|entry| entry["event"].clone())
        .collect()
}

fn create(players: i64, options: Value) -> Value {
    json!({"kind": "intrigue", "players": players, "options": options})
}

/// Whoever must act picks a legal move at random until the game ends; every round's scoring
/// is checked against the rules on the way.
async fn play_out(
    app: &TestApp,
    players: &[Player],
    id: &str,
    shape: (u64, u64),
    rng: &mut StdRng,
) -> Value {
    let mut previous: Option<(Value, Value)> = None;
    let mut rounds_scored = 0;
    for _ in 0..1500 {
        let game = app.game(&players[0], id).await;
        if let Some((before, mv)) = previous.take() {
            rounds_scored += audit_round_end(&before, &mv, &game["view"], shape);
        }
        if game["status"] == "finished" {
            assert_eq!(
                json!(rounds_scored),
                game["view"]["last_round"]["round"],
                "every round's scoring is audited"
            );
            return game;
        }
        let Some(seat) = to_act(&game) else {
            panic!("an active game waits for nobody: {game}");
        };
        assert_eq!(game["view"]["to_act"], json!(seat));
        let idle = (seat + 1) % 3;
        let waiting = app.legal_moves(&players[idle], id).await;
        assert_eq!(
            waiting["legal_moves"],
            json!([]),
            "seat {idle} is not to act"
        );
        let (mv, _) = app.play_random(&players[seat], id, rng).await;
        previous = Some((game["view"].clone(), mv));
    }
    panic!("the game did not end within 1500 moves");
}

const POSITIONS: [&str; 3] = ["A", "B", "C"];

fn position_index(name: &Value) -> usize {
    POSITIONS
        .iter()
        .position(|position| *name == json!(position))
        .unwrap_or_else(|| panic!("not a position: {name}"))
}

fn priority(character: &Value) -> i64 {
    match text(character).as_str() {
        "princess" => 4,
        "duke" => 3,
        "bishop" => 2,
        "prophet" => 1,
        other => panic!("not a character: {other}"),
    }
}

/// A card's support value for a character, from the rules' card and trait tables.
fn support_value(card: &str, character: &str) -> i64 {
    let trait_card = |holders: &[&str]| if holders.contains(&character) { 2 } else { 0 };
    match card {
        "military_support" => trait_card(&["duke", "prophet"]),
        "loyalists" => trait_card(&["princess"]),
        "zealots" => trait_card(&["bishop", "prophet"]),
        "guilds" => trait_card(&["princess", "duke", "bishop"]),
        "virtue" | "friendship" => 1,
        "enthusiastic_support_1" | "enthusiastic_support_2" => 2,
        "assassination" | "manipulate" | "lies" | "feud" | "debt" | "blackmail" => -1,
        public if public.starts_with("public_support") => 1,
        _ => 0,
    }
}

/// When `mv` ended a round, checks its scoring against the rules from the view before the
/// move and the one after; returns how many rounds were scored (0 or 1).
fn audit_round_end(
    before: &Value,
    mv: &Value,
    after: &Value,
    (hand_size, rounds): (u64, u64),
) -> u32 {
    let score = &after["last_round"];
    if score.is_null() || *score == before["last_round"] {
        return 0;
    }
    let round = before["round"].as_u64().expect("the round");
    assert_eq!(score["round"], json!(round), "{score}");
    let characters = array(&score["characters"]);
    assert_eq!(characters.len(), 3);
    for (index, character) in characters.iter().enumerate() {
        assert_eq!(after["positions"][index]["character"], *character);
    }
    let mut totals = [0i64; 3];
    for (index, stack) in score["stacks"].as_array().into_iter().flatten().enumerate() {
        for entry in stack.as_array().into_iter().flatten() {
            let value = support_value(&text(&entry["card"]), &text(&characters[index]));
            assert_eq!(
                entry["value"],
                json!(value),
                "{entry} on {}",
                characters[index]
            );
            totals[index] += value;
        }
    }
    let relationships = array(&after["relationships"]);
    let mut modifiers = [0i64; 3];
    let mut blackmail = None;
    let mut debt = None;
    for relationship in &relationships {
        let (first, second) = (
            position_index(&relationship["first"]),
            position_index(&relationship["second"]),
        );
        let (to_first, to_second) = match text(&relationship["card"]).as_str() {
            "friendship" => (1, 1),
            "feud" => (-1, -1),
            "advantage" => (1, -1),
            "blackmail" => {
                blackmail = Some((first, second));
                (0, 0)
            }
            _ => {
                debt = Some((first, second));
                (0, 0)
            }
        };
        modifiers[first] += to_first;
        modifiers[second] += to_second;
    }
    assert_eq!(score["modifiers"], json!(modifiers), "{score}");
    for index in 0..3 {
        totals[index] += modifiers[index];
    }
    assert_eq!(score["totals"], json!(totals), "{score}");
    let provisional = (0..3)
        .max_by_key(|index| (totals[*index], priority(&characters[*index])))
        .expect("three positions");
    assert_eq!(score["provisional_winner"], json!(POSITIONS[provisional]));
    let winner = match blackmail {
        Some((blackmailer, victim)) if victim == provisional => blackmailer,
        _ => provisional,
    };
    assert_eq!(score["blackmail_applied"], json!(winner != provisional));
    assert_eq!(score["winner"], json!(POSITIONS[winner]), "{score}");

    match (debt, score["debt"].is_null()) {
        (Some((debtor, _)), true) => {
            assert_eq!(
                score["stacks"][debtor],
                json!([]),
                "Debt moved nothing: {score}"
            );
        }
        (Some((debtor, lender)), false) => {
            let transfer = &score["debt"];
            assert_eq!(transfer["from"], json!(POSITIONS[debtor]));
            assert_eq!(transfer["to"], json!(POSITIONS[lender]));
            let top = score["stacks"][lender]
                .as_array()
                .and_then(|stack| stack.last())
                .cloned()
                .unwrap_or_else(|| panic!("Debt moved a card to an empty stack: {score}"));
            assert_eq!(top["card"], transfer["card"], "{score}");
            assert_eq!(top["owner"], transfer["owner"], "{score}");
        }
        (None, _) => assert!(score["debt"].is_null(), "Debt out of play moved: {score}"),
    }

    // Tokens as they were when the round ended: the last move may only have swapped two.
    let mut holders: Vec<(String, Value)> = before["tokens"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|token| (text(&token["token"]), token["holder"].clone()))
        .collect();
    if mv["type"] == "play_action" && mv["card"] == "manipulate" {
        let holder_of = |token: &Value, holders: &[(String, Value)]| {
            holders
                .iter()
                .find(|(name, _)| *token == json!(name))
                .map(|(_, holder)| holder.clone())
                .unwrap_or_else(|| panic!("no token {token} among {holders:?}"))
        };
        let (gave, took) = (
            holder_of(&mv["give"], &holders),
            holder_of(&mv["take"], &holders),
        );
        for (name, holder) in &mut holders {
            if mv["give"] == json!(name) {
                *holder = took.clone();
            } else if mv["take"] == json!(name) {
                *holder = gave.clone();
            }
        }
    }
    let mut changes = [0i64; 3];
    for (name, holder) in &holders {
        let Some(seat) = holder.as_u64() else {
            continue;
        };
        let color = name[..1].to_uppercase();
        let value = if name.ends_with("plus3") { 3 } else { 1 };
        changes[seat as usize] += if color == POSITIONS[winner] {
            value
        } else {
            -1
        };
    }
    assert_eq!(score["changes"], json!(changes), "{score} with {holders:?}");
    let points: Vec<i64> = (0..3)
        .map(|seat| int(&before["players"][seat]["points"]) + changes[seat])
        .collect();
    assert_eq!(score["points"], json!(points));

    let assassinated = (mv["type"] == "play_action" && mv["card"] == "assassination")
        .then(|| position_index(&mv["character"]));
    for index in 0..3 {
        let earlier = if assassinated == Some(index) {
            0
        } else {
            int(&before["positions"][index]["point_tokens"])
        };
        let gained = i64::from(index == winner);
        assert_eq!(
            after["positions"][index]["point_tokens"],
            json!(earlier + gained)
        );
    }

    let over = round == rounds || points.iter().any(|p| *p <= 0);
    assert_eq!(
        after["game_over"],
        json!(over),
        "after round {round}: {score}"
    );
    if !over {
        // The reset and the next round's draw.
        assert_eq!(after["round"], json!(round + 1));
        let first = after["first_player"].as_u64().expect("the first player");
        assert_eq!(after["round_starter"], json!((first + round) % 3));
        assert_eq!(after["to_act"], after["round_starter"]);
        for token in after["tokens"].as_array().into_iter().flatten() {
            assert!(token["holder"].is_null(), "not reset: {token}");
        }
        for position in after["positions"].as_array().into_iter().flatten() {
            assert_eq!(position["stack"], json!([]));
        }
        assert_eq!(after["discard"], json!([]));
        for player in after["players"].as_array().into_iter().flatten() {
            assert_eq!(player["hand_size"], json!(hand_size), "{player}");
        }
        let in_play = relationships.len() as u64;
        assert_eq!(after["deck_size"], json!(24 - in_play - 3 * hand_size));
    }
    1
}

/// Every card of a finished game's view: hands, deck, discard pile, stacks and relationships
/// together hold each of the 24 cards exactly once, all shown.
fn assert_everything_revealed(view: &Value) {
    assert_eq!(view["game_over"], true);
    assert!(view["to_act"].is_null() && view["pending"].is_null());
    let mut seen = Vec::new();
    for player in view["players"].as_array().into_iter().flatten() {
        let hand = strings(&player["hand"]);
        assert!(
            player["hand"].is_array(),
            "hidden hand at the end: {player}"
        );
        assert_eq!(player["hand_size"], json!(hand.len()));
        let favors = &player["unplayed_favors"];
        assert!(favors.is_array(), "hidden favors at the end: {player}");
        assert_eq!(
            player["unplayed_favor_count"],
            json!(favors.as_array().map(Vec::len))
        );
        seen.extend(hand);
    }
    assert!(view["deck"].is_array(), "hidden deck at the end");
    let deck = strings(&view["deck"]);
    assert_eq!(view["deck_size"], json!(deck.len()));
    seen.extend(deck);
    seen.extend(strings(&view["discard"]));
    for position in view["positions"].as_array().into_iter().flatten() {
        for entry in position["stack"].as_array().into_iter().flatten() {
            let card = entry["card"].as_str();
            assert!(card.is_some(), "hidden stack card at the end: {entry}");
            seen.extend(card.map(str::to_owned));
        }
    }
    for relationship in view["relationships"].as_array().into_iter().flatten() {
        seen.extend(relationship["card"].as_str().map(str::to_owned));
    }
    seen.sort();
    let mut all: Vec<String> = CARDS.iter().map(|card| (*card).to_owned()).collect();
    all.sort();
    assert_eq!(
        seen, all,
        "the final view does not show each card exactly once"
    );
    for favor in view["favor_pile"].as_array().into_iter().flatten() {
        assert!(
            favor["color"].is_string(),
            "hidden favor at the end: {favor}"
        );
    }
}

/// After the game, the event log shows every hidden part to anyone.
fn assert_events_revealed(events: &Value) {
    for entry in events["events"].as_array().into_iter().flatten() {
        let event = &entry["event"];
        let hidden = match text(&event["type"]).as_str() {
            "round_started" => event["draws"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|draw| draw["cards"].is_null()),
            "played_face_down" => event["card"].is_null(),
            "played_face_up" | "oracle_played" => event["drew"]["cards"].is_null(),
            "spy_played" => event["result"].is_null(),
            "favor_played" => event["color"].is_null(),
            _ => false,
        };
        assert!(
            !hidden,
            "an event still hides something after the end: {event}"
        );
    }
}

/// The outcome, the result and the last round's scoring agree with the rules' end of game.
fn assert_consistent_result(finished: &Value, rounds: u64) {
    let view = &finished["view"];
    let result = &view["result"];
    let points = ints(&result["points"]);
    assert_eq!(points.len(), 3, "{result}");
    let ranks: Vec<i64> = points
        .iter()
        .map(|mine| 1 + points.iter().filter(|other| *other > mine).count() as i64)
        .collect();
    assert_eq!(ints(&result["ranks"]), ranks, "{result}");
    let winners: Vec<i64> = (0..3).filter(|seat| ranks[*seat as usize] == 1).collect();
    assert_eq!(ints(&result["winners"]), winners);
    assert_eq!(ints(&finished["outcome"]["winners"]), winners);
    let ranking = array(&finished["outcome"]["ranking"]);
    assert_eq!(ranking.len(), 3, "{}", finished["outcome"]);
    for placement in ranking {
        let seat = seat(&placement["seat"]);
        assert_eq!(placement["place"], json!(ranks[seat]), "{placement}");
    }
    let last = &view["last_round"];
    let mut expected = ints(&last["points"]);
    assert_eq!(expected.len(), 3, "{last}");
    for favor in result["favors"].as_array().into_iter().flatten() {
        expected[seat(&favor["player"])] += int(&favor["change"]);
    }
    assert_eq!(points, expected, "final points = round points + favors");
    let round = last["round"].as_u64().expect("the last round");
    assert_eq!(view["round"], json!(round));
    assert!(
        round == rounds || ints(&last["points"]).iter().any(|p| *p <= 0),
        "the game ended after round {round} of {rounds} with points {}",
        last["points"]
    );
    let characters: Vec<Value> = view["positions"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|position| position["character"].clone())
        .collect();
    let monarch = (0..3)
        .max_by_key(|index| {
            (
                view["positions"][*index]["point_tokens"].as_i64(),
                priority(&characters[*index]),
            )
        })
        .expect("three positions");
    assert_eq!(result["monarch"], json!(POSITIONS[monarch]), "{result}");
    assert_eq!(result["monarch_character"], characters[monarch]);
    let mut first_monarch_card = true;
    let pile = array(&view["favor_pile"]);
    let favors = array(&result["favors"]);
    assert_eq!(pile.len(), favors.len());
    for (favor, card) in favors.iter().zip(&pile) {
        assert_eq!(favor["player"], card["player"]);
        assert_eq!(favor["color"], card["color"]);
        let expected = if favor["color"] != json!(POSITIONS[monarch]) {
            -1
        } else if first_monarch_card {
            first_monarch_card = false;
            3
        } else {
            1
        };
        assert_eq!(favor["change"], json!(expected), "{favor} in {result}");
    }
}

per_backend!(random_games_finish_reveal_everything_and_replay_from_their_log);
async fn random_games_finish_reveal_everything_and_replay_from_their_log(app: TestApp) {
    let players = advisors(&app).await;
    let spectator = app.player("onlooker").await;
    let mut rng = StdRng::seed_from_u64(1789);
    let games = [
        (json!({}), None, (5, 3)),
        (
            json!({"hand_size": 7, "rounds": 2, "starting_points": 1}),
            Some("an early end is likely"),
            (7, 2),
        ),
        (
            json!({"hand_size": 3, "rounds": 4, "first_player": 3}),
            Some("four short rounds"),
            (3, 4),
        ),
        (
            json!({"hand_size": 4, "rounds": 5, "starting_points": 20}),
            Some("five rounds"),
            (4, 5),
        ),
        (json!({"hand_size": 6, "first_player": 2}), None, (6, 3)),
    ];
    for (options, seed, shape) in games {
        let rounds = shape.1;
        let mut request = json!({"kind": "intrigue", "players": 3, "options": options});
        if let Some(seed) = seed {
            request["seed"] = json!(seed);
        }
        let id = app
            .start_game(&players[0], &[&players[1], &players[2]], request)
            .await;
        let started = app.game(&spectator, &id).await;
        assert_eq!(started["fixed_setup"], json!(seed.is_some()));
        assert!(started["seed"].is_null());
        // The option counts players from 1, the view counts seats from 0.
        if let Some(first) = started["options"]["first_player"].as_u64() {
            assert_eq!(started["view"]["first_player"], json!(first - 1));
        }
        let commitment = text(&started["seed_commitment"]);
        app.get(&spectator, &format!("/v1/games/{id}/moves"))
            .await
            .assert_problem(409, "game_not_over");

        let finished = play_out(&app, &players, &id, shape, &mut rng).await;
        assert!(finished["to_act"] == json!([]) && finished["deadline_at"].is_null());
        assert_consistent_result(&finished, rounds);
        let seed_text = text(&finished["seed"]);
        if let Some(seed) = seed {
            assert_eq!(seed_text, seed);
        }
        assert_eq!(commitment_of(&finished), commitment);

        let watched = app.game(&spectator, &id).await;
        assert!(watched["your_seat"].is_null());
        assert_everything_revealed(&watched["view"]);
        for player in &players {
            assert_eq!(
                app.game(player, &id).await["view"]["players"],
                watched["view"]["players"]
            );
        }
        assert_events_revealed(&app.events(&spectator, &id).await);

        let log = app
            .get(&spectator, &format!("/v1/games/{id}/moves"))
            .await
            .expect_status(200)
            .body;
        assert_eq!(log["kind"], "intrigue");
        assert_eq!(log["seed"], json!(seed_text));
        assert_eq!(log["seed_commitment"], json!(commitment));
        let inputs = array(&log["inputs"]);
        assert_eq!(Some(inputs.len() as u64), finished["version"].as_u64());
        for (index, input) in inputs.iter().enumerate() {
            assert_eq!(input["version"], json!(index + 1), "{input}");
            assert_eq!(input["expired"], false, "{input}");
            assert!(
                input["seat"].is_u64() && input["move"].is_object(),
                "{input}"
            );
        }
        let replayed = replay(&log);
        for (index, player) in players.iter().enumerate() {
            let seat = Viewer::Seat(Seat(u8::try_from(index).expect("a seat")));
            assert_eq!(
                view_json(&replayed, seat),
                app.game(player, &id).await["view"],
                "the replayed log does not give seat {index}'s view"
            );
        }
        assert_eq!(spectator_view_json(&replayed), watched["view"]);
    }
}

per_backend!(a_fixed_setup_reaches_the_early_end_of_example_e18);
/// The rules' example E18, early end at zero points, reached by play from a fixed setup. Only
/// what scoring reads is given there. Hands of 4 give exactly as many turns as the example's
/// tokens, favors and stacks need, plus moves that leave them alone (Spy, Virtue on a positive
/// card, Oracle); hands of 5 would need one more such move than the deck offers.
async fn a_fixed_setup_reaches_the_early_end_of_example_e18(app: TestApp) {
    let p = advisors(&app).await;
    let spectator = app.player("onlooker").await;
    let setup = json!({
        "deck": deck(&[
            "public_support_1", "military_support", "spy", "virtue",
            "guilds", "zealots", "loyalists", "defiance_1",
            "oracle", "public_support_2", "public_support_3", "defiance_2",
            "assassination", "manipulate",
        ]),
        "characters": ["princess", "duke", "bishop"],
    });
    let options = json!({"hand_size": 4, "first_player": 1});
    let created = app
        .post(
            &p[0],
            "/v1/games",
            json!({"kind": "intrigue", "players": 3, "options": options, "setup": setup}),
        )
        .await
        .expect_status(201);
    assert_eq!(created.body["fixed_setup"], true);
    let id = text(&created.body["id"]);
    for player in &p[1..] {
        app.post(player, &format!("/v1/games/{id}/join"), json!({}))
            .await
            .expect_status(200);
    }
    let start = app.game(&p[0], &id).await;
    assert_eq!(
        start["view"]["players"][0]["hand"],
        json!(["public_support_1", "military_support", "spy", "virtue"])
    );
    assert_eq!(start["view"]["first_player"], 0);
    assert_eq!(start["view"]["unused"], json!(["prophet"]));
    // The documented order: tokens, then each hand card's plays in hand order, then favors.
    // Spy and Virtue find no face-down card yet.
    let mut expected: Vec<Value> = [
        "a_plus3", "a_plus1", "b_plus3", "b_plus1", "c_plus3", "c_plus1",
    ]
    .iter()
    .map(|token| mv(&format!("take_token token={token}")))
    .collect();
    for card in ["public_support_1", "military_support", "spy", "virtue"] {
        let kinds: &[&str] = if card.contains("support") {
            &["play_face_down", "play_face_up"]
        } else {
            &["play_face_down"]
        };
        for kind in kinds {
            for at in ["A", "B", "C"] {
                expected.push(mv(&format!("{kind} card={card} character={at}")));
            }
        }
    }
    for color in ["A", "B", "C"] {
        expected.push(mv(&format!("play_favor color={color}")));
    }
    assert_eq!(
        app.legal_moves(&p[0], &id).await["legal_moves"],
        json!(expected)
    );

    let script = [
        "P1 take_token token=b_plus3",
        "P2 take_token token=a_plus3",
        "P3 take_token token=b_plus1",
        "P1 play_face_down card=public_support_1 character=A",
        "P2 take_token token=a_plus1",
        "P3 take_token token=c_plus1",
        "P1 play_face_down card=military_support character=B",
        "P2 play_favor color=A",
        "P3 play_favor color=B",
        "P1 play_action card=spy character=B",
        "P2 take_token token=c_plus3",
        "P3 play_action card=oracle",
        "P3 discard card=manipulate",
    ];
    run(&app, &p, &id, &script).await;
    let events = app.events(&p[0], &id).await;
    let spied = events["events"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|entry| entry["event"]["type"] == "spy_played")
        .map(|entry| entry["event"]["result"].clone());
    assert_eq!(spied, Some(json!({"index": 0, "card": "military_support"})));
    let before = app.game(&spectator, &id).await;
    assert_eq!(before["to_act"], json!([0]));
    assert_eq!(before["view"]["players"][0]["hand_size"], 1);

    // Virtue turns up P1's own support, and P1's empty hand ends the round.
    run(&app, &p, &id, &["P1 play_action card=virtue character=A"]).await;
    let game = app.game(&spectator, &id).await;
    assert_eq!(game["status"], "finished", "{game}");
    let view = &game["view"];
    let scored = &view["last_round"];
    assert_eq!(scored["round"], 1);
    assert!(scored["debt"].is_null());
    assert_eq!(
        scored["stacks"],
        json!([
            [{"card": "public_support_1", "owner": 0, "value": 1}],
            [{"card": "military_support", "owner": 0, "value": 2}],
            []
        ])
    );
    assert_eq!(scored["characters"], json!(["princess", "duke", "bishop"]));
    assert_eq!(scored["modifiers"], json!([0, 0, 0]));
    assert_eq!(scored["totals"], json!([1, 2, 0]));
    assert_eq!(scored["provisional_winner"], "B");
    assert_eq!(scored["blackmail_applied"], false);
    assert_eq!(scored["winner"], "B");
    assert_eq!(scored["changes"], json!([3, -3, 0]));
    assert_eq!(scored["points"], json!([6, 0, 3]));
    let tokens: Vec<Value> = view["positions"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|position| position["point_tokens"].clone())
        .collect();
    assert_eq!(tokens, vec![json!(0), json!(1), json!(0)]);
    assert_eq!(
        view["result"],
        json!({
            "monarch": "B",
            "monarch_character": "duke",
            "favors": [
                {"player": 1, "color": "A", "change": -1},
                {"player": 2, "color": "B", "change": 3}
            ],
            "points": [6, -1, 6],
            "ranks": [1, 3, 1],
            "winners": [0, 2]
        })
    );
    assert_eq!(game["outcome"]["winners"], json!([0, 2]));
    let mut ranking = array(&game["outcome"]["ranking"]);
    ranking.sort_by_key(|placement| placement["seat"].as_u64());
    assert_eq!(
        ranking,
        vec![
            json!({"seat": 0, "place": 1}),
            json!({"seat": 1, "place": 3}),
            json!({"seat": 2, "place": 1}),
        ]
    );
    assert_eq!(
        view["discard"],
        json!(["spy", "manipulate", "oracle", "virtue"])
    );
    assert_everything_revealed(view);
    assert_eq!(
        view["players"][2]["hand"],
        json!([
            "public_support_2",
            "public_support_3",
            "defiance_2",
            "assassination"
        ])
    );
    let ended = events_of(&app.events(&spectator, &id).await, "game_ended");
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0]["result"], view["result"]);

    // Once over, every move is refused with game_over, even from an outsider.
    run(&app, &p, &id, &["P2 take_token token=a_plus3: game_over"]).await;
    let take = mv("take_token token=a_plus3");
    app.refuse(&spectator, &id, take, 422, "game_over").await;
    let log = app
        .get(&spectator, &format!("/v1/games/{id}/moves"))
        .await
        .expect_status(200)
        .body;
    assert_eq!(log["setup"], setup);
    assert_eq!(log["inputs"].as_array().map(Vec::len), Some(14));
    let replayed = replay(&log);
    assert_eq!(spectator_view_json(&replayed), *view);
}

per_backend!(a_fixed_setup_replays_the_oracle_example_e7);
/// The rules' example E7, Oracle, from a fixed setup with hands of 3.
async fn a_fixed_setup_replays_the_oracle_example_e7(app: TestApp) {
    let p = advisors(&app).await;
    let spectator = app.player("onlooker").await;
    let setup = json!({
        "deck": deck(&[
            "oracle", "feud", "public_support_1",
            "assassination", "virtue", "spy",
            "manipulate", "misinformation", "defiance_1",
            "guilds", "lies", "zealots",
        ]),
        "characters": ["princess", "duke", "bishop"],
    });
    let id = new_game(
        &app,
        &p,
        json!({"hand_size": 3, "first_player": 1}),
        Some(setup),
    )
    .await;
    assert_eq!(app.game(&p[0], &id).await["fixed_setup"], true);
    run(&app, &p, &id, &["P1 play_action card=oracle"]).await;
    let mine = app.game(&p[0], &id).await;
    assert_eq!(
        mine["view"]["players"][0]["hand"],
        json!(["feud", "public_support_1", "guilds", "lies"])
    );
    assert_eq!(mine["to_act"], json!([0]));
    assert_eq!(
        mine["view"]["pending"],
        json!({"seat": 0, "card": "oracle"})
    );
    for viewer in [&p[1], &p[2], &spectator] {
        let theirs = app.game(viewer, &id).await;
        assert_eq!(theirs["view"]["players"][0]["hand_size"], 4);
        assert!(theirs["view"]["players"][0]["hand"].is_null());
        assert_eq!(theirs["view"]["deck_size"], 13);
        assert_eq!(
            theirs["view"]["pending"],
            json!({"seat": 0, "card": "oracle"})
        );
        let oracle = events_of(&app.events(viewer, &id).await, "oracle_played");
        assert_eq!(
            oracle,
            vec![json!({
                "kind": "intrigue",
                "type": "oracle_played",
                "seat": 0,
                "drew": {"seat": 0, "count": 2, "cards": null},
                "discard_pending": true
            })]
        );
    }
    let oracle = events_of(&app.events(&p[0], &id).await, "oracle_played");
    assert_eq!(oracle[0]["drew"]["cards"], json!(["guilds", "lies"]));
    let refusals = [
        "P2 take_token token=a_plus3: not_your_turn",
        "P1 take_token token=a_plus3: decision_pending",
    ];
    run(&app, &p, &id, &refusals).await;
    let legal = app.legal_moves(&p[0], &id).await;
    assert_eq!(
        legal["legal_moves"],
        json!([
            {"type": "discard", "card": "feud"},
            {"type": "discard", "card": "public_support_1"},
            {"type": "discard", "card": "guilds"},
            {"type": "discard", "card": "lies"}
        ])
    );
    run(&app, &p, &id, &["P1 discard card=lies"]).await;
    let after = app.game(&p[0], &id).await;
    assert_eq!(
        after["view"]["players"][0]["hand"],
        json!(["feud", "public_support_1", "guilds"])
    );
    assert_eq!(after["view"]["discard"], json!(["lies", "oracle"]));
    assert!(after["view"]["pending"].is_null());
    assert_eq!(after["to_act"], json!([1]));
    let discarded = events_of(&app.events(&spectator, &id).await, "oracle_discarded");
    assert_eq!(
        discarded,
        vec![json!({"kind": "intrigue", "type": "oracle_discarded", "seat": 0, "card": "lies"})]
    );
}

/// Plays legal moves until the game ends. The clock stands still meanwhile: no deadline passes,
/// so every legal move is accepted.
async fn finish_quickly(app: &TestApp, players: &[Player], id: &str) {
    for _ in 0..200 {
        let game = app.game(&players[0], id).await;
        if game["status"] == "finished" {
            return;
        }
        let Some(seat) = to_act(&game) else {
            panic!("an active game waits for nobody: {game}");
        };
        let legal = app.legal_moves(&players[seat], id).await;
        let Some(mv) = legal["legal_moves"].get(0).cloned() else {
            continue;
        };
        let reply = app
            .post_move(&players[seat], id, &legal["version"], &mv)
            .await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }
    panic!("the game did not end");
}

per_backend!(a_missed_deadline_gets_the_default_move_from_the_tick);
async fn a_missed_deadline_gets_the_default_move_from_the_tick(app: TestApp) {
    let options = json!({"hand_size": 3, "rounds": 1, "first_player": 1, "deadline_secs": 10});
    let players = advisors(&app).await;
    let spectator = app.player("onlooker").await;
    let characters = json!(["princess", "duke", "bishop"]);
    let turn_setup = json!({
        "deck": deck(&[
            "public_support_2", "zealots", "loyalists",
            "spy", "guilds", "lies",
            "oracle", "feud", "defiance_1",
        ]),
        "characters": characters,
    });
    let turn = new_game(&app, &players, options.clone(), Some(turn_setup)).await;
    let discard_setup = json!({
        "deck": deck(&[
            "oracle", "feud", "public_support_1",
            "assassination", "virtue", "spy",
            "manipulate", "misinformation", "defiance_1",
            "guilds", "lies", "zealots",
        ]),
        "characters": characters,
    });
    let discard = new_game(&app, &players, options.clone(), Some(discard_setup)).await;
    let started = app.game(&players[0], &turn).await;
    assert_eq!(started["view"]["options"]["deadline_secs"], 10);
    let begun = int(&started["started_at"]);
    assert_eq!(started["deadline_at"], json!(begun + 10));
    assert_eq!(started["view"]["deadline"], started["deadline_at"]);
    run(&app, &players, &turn, &["P1 take_token token=a_plus3"]).await;
    run(&app, &players, &discard, &["P1 play_action card=oracle"]).await;
    let mut deadlines = [0; 2];
    for (slot, id) in [&turn, &discard].into_iter().enumerate() {
        let game = app.game(&spectator, id).await;
        assert_eq!(game["version"], 1);
        deadlines[slot] = game["deadline_at"]
            .as_i64()
            .unwrap_or_else(|| panic!("no deadline: {game}"));
    }

    // No request touches a game meanwhile: the clock moves to the later deadline and the
    // server's tick must advance both games by itself.
    let latest = deadlines.into_iter().max().expect("two deadlines");
    app.advance_clock(latest - app.now());
    app.tick().await;
    let ticked_at = app.now();
    // An expiry made by a request from here on would carry a later time than the tick's.
    app.advance_clock(2);

    let p = &players;
    let [turn_deadline, discard_deadline] = deadlines;

    // (a) P2 holds [spy, guilds, lies]: spy goes face down on A, and P3 is to act.
    let theirs = app.game(&p[1], &turn).await;
    assert_eq!(theirs["version"], 2, "{theirs}");
    assert_eq!(theirs["to_act"], json!([2]));
    assert_eq!(theirs["deadline_at"], json!(turn_deadline + 10));
    assert_eq!(
        theirs["view"]["players"][1]["hand"],
        json!(["guilds", "lies"])
    );
    assert_eq!(
        theirs["view"]["positions"][0]["stack"],
        json!([{"card": "spy", "owner": 1, "face": "down"}])
    );
    let watched = app.game(&spectator, &turn).await;
    assert_eq!(
        watched["view"]["positions"][0]["stack"],
        json!([{"card": null, "owner": 1, "face": "down"}])
    );
    for (viewer, card) in [
        (&p[1], json!("spy")),
        (&p[0], Value::Null),
        (&spectator, Value::Null),
    ] {
        let events = app.events(viewer, &turn).await;
        let tail: Vec<Value> = events["events"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|entry| entry["version"] == 2)
            .map(|entry| entry["event"].clone())
            .collect();
        assert_eq!(
            tail,
            vec![
                json!({"kind": "intrigue", "type": "deadline_missed", "seat": 1}),
                json!({"kind": "intrigue", "type": "played_face_down", "seat": 1, "card": card,
                       "position": "A", "index": 0}),
            ]
        );
    }

    // (b) P1's pending discard takes the first card of [feud, public_support_1, guilds, lies].
    let mine = app.game(&p[0], &discard).await;
    assert_eq!(mine["version"], 2, "{mine}");
    assert_eq!(mine["to_act"], json!([1]));
    assert!(mine["view"]["pending"].is_null());
    assert_eq!(mine["deadline_at"], json!(discard_deadline + 10));
    assert_eq!(
        mine["view"]["players"][0]["hand"],
        json!(["public_support_1", "guilds", "lies"])
    );
    assert_eq!(mine["view"]["discard"], json!(["feud", "oracle"]));
    let events = app.events(&spectator, &discard).await;
    let tail: Vec<Value> = events["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|entry| entry["version"] == 2)
        .map(|entry| entry["event"].clone())
        .collect();
    assert_eq!(
        tail,
        vec![
            json!({"kind": "intrigue", "type": "deadline_missed", "seat": 0}),
            json!({"kind": "intrigue", "type": "oracle_discarded", "seat": 0, "card": "feud"}),
        ]
    );

    for (id, deadline) in [(&turn, turn_deadline), (&discard, discard_deadline)] {
        finish_quickly(&app, p, id).await;
        let log = app
            .get(&spectator, &format!("/v1/games/{id}/moves"))
            .await
            .expect_status(200)
            .body;
        let expired = &log["inputs"][1];
        assert_eq!(expired["expired"], true, "{log}");
        assert!(expired["seat"].is_null() && expired["move"].is_null());
        let applied_at = int(&expired["now"]);
        assert!(
            applied_at >= deadline,
            "expired at {applied_at}, due at {deadline}"
        );
        assert_eq!(
            applied_at, ticked_at,
            "the expiry due at {deadline} was applied at {applied_at}, not by the tick"
        );
        assert_eq!(log["inputs"][0]["expired"], false);
        let replayed = replay(&log);
        assert_eq!(
            spectator_view_json(&replayed),
            app.game(&spectator, id).await["view"]
        );
    }
}

per_backend!(game_kinds_describe_intrigue_and_bad_options_are_refused);
async fn game_kinds_describe_intrigue_and_bad_options_are_refused(app: TestApp) {
    let alice = app.player("alice").await;
    let intrigue = app.game_kind(&alice, "intrigue").await;
    assert_eq!(intrigue["min_players"], 3);
    assert_eq!(intrigue["max_players"], 3);
    let defaults: Vec<(Value, Value)> = intrigue["options"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|option| (option["key"].clone(), option["default"].clone()))
        .collect();
    assert_eq!(
        defaults,
        vec![
            (json!("hand_size"), json!(5)),
            (json!("rounds"), json!(3)),
            (json!("starting_points"), json!(3)),
            (json!("deadline_secs"), Value::Null),
            (json!("first_player"), Value::Null),
        ]
    );
    for option in intrigue["options"].as_array().into_iter().flatten() {
        assert!(
            option["value_type"].is_string()
                && option["allowed"].is_string()
                && option["description"].is_string(),
            "{option}"
        );
    }

    // A wrong type or a value out of range, one option at a time.
    let out_of_range = [
        ("hand_size", json!(2)),
        ("hand_size", json!(8)),
        ("hand_size", json!("5")),
        ("hand_size", json!(5.5)),
        ("hand_size", Value::Null),
        ("rounds", json!(0)),
        ("rounds", json!(11)),
        ("starting_points", json!(0)),
        ("starting_points", json!(21)),
        ("deadline_secs", json!(9)),
        ("deadline_secs", json!(86_401)),
        ("deadline_secs", json!(true)),
        ("first_player", json!(0)),
        ("first_player", json!(4)),
        ("first_player", json!("1")),
    ];
    let mut refusals: Vec<(i64, Value, &str, &str)> = out_of_range
        .into_iter()
        .map(|(key, value)| (3, json!({key: value}), "invalid_option", key))
        .collect();
    refusals.extend([
        (3, json!({"colour": "A"}), "unknown_option", "colour"),
        (3, json!({"players": 3}), "unknown_option", "players"),
        (2, json!({}), "invalid_players", "players"),
        (4, json!({}), "invalid_players", "players"),
        // Unknown keys first, then the player count, then the options in table order.
        (
            4,
            json!({"hand_size": 9, "speed": 1}),
            "unknown_option",
            "speed",
        ),
        (4, json!({"hand_size": 9}), "invalid_players", "players"),
        (
            3,
            json!({"first_player": 0, "hand_size": 9}),
            "invalid_option",
            "hand_size",
        ),
        (
            3,
            json!({"deadline_secs": 5, "rounds": 0}),
            "invalid_option",
            "rounds",
        ),
    ]);
    for (players, options, code, option) in refusals {
        let text = options.to_string();
        let reply = app
            .post(&alice, "/v1/games", create(players, options))
            .await;
        assert_eq!(
            reply.status, 422,
            "{players} players, {text}: {}",
            reply.text
        );
        reply.assert_problem(422, code);
        assert_eq!(reply.body["option"], option, "{text}: {}", reply.text);
    }

    let characters = json!(["princess", "duke", "bishop"]);
    let mut doubled = deck(&[]);
    doubled[23] = "oracle".to_owned();
    let short: Vec<String> = deck(&[]).into_iter().take(23).collect();
    let mut long = deck(&[]);
    long.push("spy".to_owned());
    for setup in [
        json!({"deck": doubled, "characters": characters}),
        json!({"deck": short, "characters": characters}),
        json!({"deck": long, "characters": characters}),
        json!({"deck": deck(&[]), "characters": ["duke", "duke", "bishop"]}),
    ] {
        app.post(
            &alice,
            "/v1/games",
            json!({"kind": "intrigue", "players": 3, "setup": setup}),
        )
        .await
        .assert_problem(422, "invalid_setup");
    }
    for setup in [
        json!({"deck": deck(&[]), "characters": ["duke", "bishop"]}),
        json!({"deck": ["joker"], "characters": characters}),
        json!({"deck": deck(&[]), "characters": ["duke", "bishop", "king"]}),
        json!({"characters": characters}),
    ] {
        app.post(
            &alice,
            "/v1/games",
            json!({"kind": "intrigue", "players": 3, "setup": setup}),
        )
        .await
        .assert_problem(400, "malformed");
    }

    let accepted = app
        .post(
            &alice,
            "/v1/games",
            create(
                3,
                json!({"hand_size": 7, "rounds": 10, "starting_points": 20,
                       "deadline_secs": 86_400, "first_player": 3}),
            ),
        )
        .await
        .expect_status(201);
    assert_eq!(accepted.body["status"], "open");
    assert_eq!(accepted.body["fixed_setup"], false);
    let minimal = app
        .post(
            &alice,
            "/v1/games",
            create(
                3,
                json!({"hand_size": 3, "rounds": 1, "starting_points": 1,
                       "deadline_secs": null, "first_player": null}),
            ),
        )
        .await
        .expect_status(201);
    assert_eq!(minimal.body["your_seat"], 0);
}

per_backend!(illegal_moves_get_the_rules_codes_and_non_moves_are_malformed);
/// E22's validation table and more of the rules' codes, on a fixed deal (first player P1):
/// P1 [spy, public_support_1, friendship, defiance_1, misinformation],
/// P2 [feud, manipulate, lies, guilds, zealots],
/// P3 [advantage, oracle, assassination, virtue, loyalists].
async fn illegal_moves_get_the_rules_codes_and_non_moves_are_malformed(app: TestApp) {
    let script = [
        // E22, in its order.
        "P2 play_action card=spy: not_your_turn",
        "P1 play_action card=spy: bad_parameters",
        "P1 play_action card=public_support_1 character=A: wrong_card_type",
        "P1 play_face_down card=spy character=D: malformed_move",
        "P1 play_action card=oracle: card_not_in_hand",
        "P1 discard card=spy: no_decision_pending",
        // D31, E14 (d, f), E16 and values outside their domains.
        "P1 play_action card=spy character=C: no_face_down_cards",
        "P1 play_face_up card=spy character=A: wrong_card_type",
        "P1 play_relationship card=friendship first=A second=A: bad_parameters",
        "P1 play_relationship card=spy first=A second=B: wrong_card_type",
        "P1 play_action card=misinformation pair=ab direction=clockwise: no_relationship_on_pair",
        "P1 play_action card=spy character=A pair=ab: bad_parameters",
        "P1 play_action card=spy character=A pair=zz: malformed_move",
        "P1 play_action card=misinformation pair=ac direction=clockwise: malformed_move",
        "P1 play_action card=misinformation pair=ab direction=sideways: malformed_move",
        "P1 play_face_up card=defiance_1 character=B: bad_parameters",
        "P1 play_face_up card=defiance_1 character=B discard=oracle: discard_not_in_hand",
        "P1 play_face_up card=defiance_1 character=B discard=defiance_1: discard_not_in_hand",
        "P1 play_face_up card=public_support_1 character=B discard=spy: bad_parameters",
        "P1 take_token token=a_plus9: malformed_move",
        "P1 play_favor color=D: malformed_move",
        "P1 play_face_down card=joker character=A: malformed_move",
        "P1 play_favor color=B",
        // E11: P2 holds no token.
        "P2 play_action card=manipulate give=a_plus1 take=b_plus3: token_not_held",
        "P2 play_action card=lies pair=bc: no_relationship_on_pair",
        "P2 play_relationship card=feud first=A second=B",
        // E16: advantage has no sign, so it cannot replace the feud.
        "P3 play_relationship card=advantage first=B second=A: replacement_not_allowed",
        "P3 take_token token=a_plus3",
        "P1 play_favor color=B: favor_already_played",
        // E15: friendship replaces the feud.
        "P1 play_relationship card=friendship first=B second=A",
        // E21.
        "P2 take_token token=a_plus3: token_not_available",
        "P2 play_action card=lies pair=ca: no_relationship_on_pair",
        "P2 take_token token=a_plus1",
        // E7: while the Oracle discard is pending, only a discard of a held card is accepted.
        "P3 play_action card=oracle",
        "P3 take_token token=b_plus3: decision_pending",
        "P3 discard card=spy: card_not_in_hand",
        "P3 discard card=loyalists",
        "P1 take_token token=c_plus1",
        // E11: Manipulate takes only a token an opponent holds.
        "P2 play_action card=manipulate give=a_plus1 take=b_plus1: token_not_held_by_opponent",
        "P2 play_action card=manipulate give=a_plus1 take=a_plus1: token_not_held_by_opponent",
        "P2 play_action card=manipulate give=a_plus1 take=c_plus1",
        "P3 play_action card=assassination character=A pair=ab: bad_parameters",
        "P3 play_relationship card=advantage first=B second=C",
        // E12: a shift needs a vacant destination.
        "P1 play_action card=misinformation pair=ab direction=clockwise: destination_occupied",
        "P1 play_action card=misinformation pair=ab direction=counterclockwise",
        "P2 take_token token=b_plus3",
        // E8: the character is replaced; its color keeps its tokens and relationships.
        "P3 play_action card=assassination character=C",
    ];
    let p = advisors(&app).await;
    let outsider = app.player("outsider").await;
    let setup = json!({
        "deck": deck(&[
            "spy", "public_support_1", "friendship", "defiance_1", "misinformation",
            "feud", "manipulate", "lies", "guilds", "zealots",
            "advantage", "oracle", "assassination", "virtue", "loyalists",
        ]),
        "characters": ["princess", "duke", "bishop"],
    });
    let id = new_game(&app, &p, json!({"first_player": 1}), Some(setup)).await;
    let path = format!("/v1/games/{id}/moves");

    // Bodies that are not moves at all.
    for body in [
        json!({"type": "pass"}),
        json!({"token": "a_plus3"}),
        json!({"type": "take_token"}),
        json!({"type": "take_token", "token": 3}),
        json!({"type": "take_token", "token": "a_plus3", "card": "spy"}),
        json!({"type": "play_face_down", "card": "spy"}),
        json!({"type": "play_action", "card": "spy", "character": ["A"]}),
        json!("take_token"),
        json!(null),
    ] {
        let text = body.to_string();
        let reply = app.post_move(&p[0], &id, &json!(0), &body).await;
        assert_eq!(reply.status, 400, "{text}: {}", reply.text);
        reply.assert_problem(400, "malformed");
    }
    app.raw_post(&path, Some(&p[0].token), "{\"version\": 0, \"move\": ")
        .await
        .assert_problem(400, "malformed");
    let token = mv("take_token token=a_plus3");
    app.post(&p[0], &path, json!({"move": token}))
        .await
        .assert_problem(400, "malformed");

    // Outsiders and stale versions.
    app.refuse(&outsider, &id, token.clone(), 403, "not_a_player")
        .await;
    app.get(&outsider, &format!("/v1/games/{id}/legal-moves"))
        .await
        .assert_problem(403, "not_a_player");
    app.post_move(&p[0], &id, &json!(1), &token)
        .await
        .assert_problem(409, "stale_version");
    assert_eq!(app.game(&p[0], &id).await["version"], 0);

    run(&app, &p, &id, &script).await;
    app.post_move(&p[1], &id, &json!(0), &token)
        .await
        .assert_problem(409, "stale_version");

    let game = app.game(&outsider, &id).await;
    let view = &game["view"];
    let holders: Vec<Value> = view["tokens"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|token| token["holder"].clone())
        .collect();
    assert_eq!(json!(holders), json!([2, 0, 1, null, null, 1]));
    assert_eq!(view["positions"][2]["character"], "prophet");
    assert_eq!(view["dead"], json!(["bishop"]));
    assert_eq!(view["unused"], json!([]));
    assert_eq!(
        view["relationships"],
        json!([
            {"pair": "bc", "card": "advantage", "first": "B", "second": "C"},
            {"pair": "ca", "card": "friendship", "first": "A", "second": "C"}
        ])
    );
    let discard = [
        "feud",
        "loyalists",
        "oracle",
        "manipulate",
        "misinformation",
    ];
    assert_eq!(
        view["discard"],
        json!([&discard[..], &["assassination"]].concat())
    );
    assert_eq!(game["version"], 13);
}

per_backend!(defiance_discards_from_the_hand_and_an_emptied_hand_ends_the_round);
/// The rules' example E14 (b, c, d): Defiance discards from the hand, needs no discard when it
/// is the last card, and the hand it empties ends the round at once.
async fn defiance_discards_from_the_hand_and_an_emptied_hand_ends_the_round(app: TestApp) {
    let opening = [
        "P1 play_face_down card=guilds character=B",
        "P2 play_face_down card=public_support_1 character=A",
        "P3 play_face_down card=public_support_2 character=C",
        "P1 take_token token=a_plus3",
        "P2 play_face_down card=loyalists character=A",
    ];
    let p = advisors(&app).await;
    let setup = json!({
        "deck": deck(&[
            "guilds", "spy", "zealots",
            "defiance_2", "public_support_1", "loyalists",
            "defiance_1", "lies", "public_support_2",
        ]),
        "characters": ["princess", "duke", "bishop"],
    });
    let options = json!({"hand_size": 3, "rounds": 1, "first_player": 1});
    let last_card = new_game(&app, &p, options.clone(), Some(setup.clone())).await;
    let two_cards = new_game(&app, &p, options, Some(setup)).await;
    for id in [&last_card, &two_cards] {
        run(&app, &p, id, &opening).await;
    }

    // (c) P2 holds only defiance_2.
    let script = [
        "P3 take_token token=a_plus1",
        "P1 take_token token=b_plus3",
        "P2 play_face_up card=defiance_2 character=A discard=defiance_2: bad_parameters",
        "P2 play_face_up card=defiance_2 character=A discard=spy: bad_parameters",
    ];
    run(&app, &p, &last_card, &script).await;
    let legal = app.legal_moves(&p[1], &last_card).await;
    let defiance: Vec<&Value> = legal["legal_moves"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|mv| mv["type"] == "play_face_up")
        .collect();
    assert_eq!(
        defiance,
        ["A", "B", "C"]
            .map(|at| json!({"type": "play_face_up", "card": "defiance_2", "character": at}))
            .iter()
            .collect::<Vec<_>>()
    );
    run(
        &app,
        &p,
        &last_card,
        &["P2 play_face_up card=defiance_2 character=A"],
    )
    .await;
    let game = app.game(&p[0], &last_card).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["view"]["players"][1]["hand"], json!([]));
    assert_eq!(game["view"]["discard"], json!([]));
    let stack: Vec<Value> = game["view"]["last_round"]["stacks"][0]
        .as_array()
        .into_iter()
        .flatten()
        .map(|entry| entry["card"].clone())
        .collect();
    assert_eq!(
        stack,
        [
            json!("public_support_1"),
            json!("loyalists"),
            json!("defiance_2")
        ]
    );

    // (d) and (b): P3 holds [defiance_1, lies], and B holds P1's face-down guilds.
    let script = [
        "P3 play_face_up card=defiance_1 character=B: bad_parameters",
        "P3 play_face_up card=defiance_1 character=B discard=spy: discard_not_in_hand",
        "P3 play_face_up card=defiance_1 character=B discard=defiance_1: discard_not_in_hand",
        "P3 play_face_up card=defiance_1 character=B discard=lies",
    ];
    run(&app, &p, &two_cards, &script).await;
    let game = app.game(&p[0], &two_cards).await;
    assert_eq!(game["status"], "finished", "P1 gets no further turn");
    assert_eq!(game["version"], 6);
    assert_eq!(game["view"]["players"][2]["hand"], json!([]));
    assert_eq!(game["view"]["discard"], json!(["lies"]));
    assert_eq!(
        game["view"]["positions"][1]["stack"],
        json!([
            {"card": "guilds", "owner": 0, "face": "up"},
            {"card": "defiance_1", "owner": 2, "face": "up"}
        ])
    );
    let played = events_of(&app.events(&p[1], &two_cards).await, "played_face_up");
    assert_eq!(played.len(), 1);
    assert_eq!(played[0]["discarded"], "lies");
    assert_eq!(played[0]["index"], 1);
}
