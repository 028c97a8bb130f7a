//! What Intrigue tells each viewer, at every step of random games.
//!
//! First, responses must not depend on what the viewer has not seen: two games are set up so
//! that they differ only in cards hidden from one seat (the other hands and the deck order),
//! then driven by the same inputs, chosen by position among the legal moves and revealing
//! nothing to that seat. Everything the seat and a spectator are told must be the same in both.
//!
//! Second, on a known fixed setup, the card movements of round 1 are followed from the moves
//! and the deck order, so at every step the cards each viewer may not know are known: none of
//! them may appear in any card field of any response to that viewer.

use blackbox::json::{array, text};
use blackbox::{Player, Probe, TestApp, per_backend};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

use crate::intrigue::{CARDS, advisors, new_game, to_act};

/// Moves that cannot be accepted from someone who is not to act (or has no seat), and one on
/// a version the game has not reached.
fn probes() -> [Probe; 6] {
    [
        Probe::Current(json!({"type": "take_token", "token": "a_plus3"})),
        Probe::Current(json!({"type": "play_face_down", "card": "blackmail", "character": "A"})),
        Probe::Current(json!({"type": "play_action", "card": "spy", "character": "D"})),
        Probe::Current(json!({"type": "discard", "card": "oracle"})),
        Probe::Current(json!({"type": "play_favor", "color": "C"})),
        Probe::Stale(json!({"type": "take_token", "token": "c_plus1"})),
    ]
}

/// Whether `mv` tells the viewer nothing it does not know (`own` when the viewer makes it):
/// tokens, favors and face-down plays by anyone; and the viewer's own public plays of cards it
/// holds, except those that draw or reveal cards.
fn harmless(mv: &Value, own: bool) -> bool {
    match text(&mv["type"]).as_str() {
        "take_token" | "play_favor" | "play_face_down" => true,
        "play_relationship" => own,
        "play_action" => {
            own && matches!(
                mv["card"].as_str(),
                Some("manipulate" | "misinformation" | "lies")
            )
        }
        "play_face_up" => {
            own && mv["card"]
                .as_str()
                .is_some_and(|c| c.starts_with("defiance"))
        }
        _ => false,
    }
}

/// The parts of a move that do not name a card of the actor's hand.
fn shape(mv: &Value) -> Value {
    let mut shape = mv.clone();
    if let Some(object) = shape.as_object_mut() {
        object.remove("card");
    }
    shape
}

per_backend!(responses_do_not_depend_on_cards_the_viewer_has_not_seen);
async fn responses_do_not_depend_on_cards_the_viewer_has_not_seen(app: TestApp) {
    let players = advisors(&app).await;
    let spectator = app.player("onlooker").await;
    let mut rng = StdRng::seed_from_u64(31);
    for viewer in 0..3 {
        let mut base: Vec<&str> = CARDS.to_vec();
        base.shuffle(&mut rng);
        // First player P1 and hands of 5: seat s draws deck positions 5s to 5s + 4.
        let own = 5 * viewer..5 * viewer + 5;
        let mut unseen: Vec<&str> = base
            .iter()
            .enumerate()
            .filter(|(index, _)| !own.contains(index))
            .map(|(_, card)| *card)
            .collect();
        let mut other = base.clone();
        while other == base {
            unseen.shuffle(&mut rng);
            let mut rest = unseen.iter();
            for (index, card) in other.iter_mut().enumerate() {
                if !own.contains(&index) {
                    *card = rest
                        .next()
                        .copied()
                        .expect("as many unseen cards as places");
                }
            }
        }
        let mut characters = ["princess", "duke", "bishop", "prophet"];
        characters.shuffle(&mut rng);
        let mut ids = Vec::new();
        for deck in [&base, &other] {
            let setup = json!({"deck": deck, "characters": characters[..3]});
            ids.push(new_game(&app, &players, json!({"first_player": 1}), Some(setup)).await);
        }

        let mut steps = 0;
        for _ in 0..40 {
            let pair = [ids[0].as_str(), ids[1].as_str()];
            let context = format!("cards hidden from seat {viewer}");
            app.assert_told_the_same(&players[viewer], Some(viewer), pair, &probes(), &context)
                .await;
            app.assert_told_the_same(&spectator, None, pair, &probes(), &context)
                .await;

            let game = app.game(&players[0], &ids[0]).await;
            let Some(actor) = to_act(&game) else {
                panic!("the game waits for nobody: {game}");
            };
            // A hand emptied now would end the round, and scoring reveals every stack.
            let held = game["view"]["players"][actor]["hand_size"]
                .as_u64()
                .expect("a hand size");
            let choice = rng.random_range(0..1000);
            let mut chosen = Vec::new();
            for id in &ids {
                let legal = app.legal_moves(&players[actor], id).await;
                let options: Vec<Value> = legal["legal_moves"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter(|mv| harmless(mv, actor == viewer))
                    .filter(|mv| held > 2 || mv.get("card").is_none())
                    .cloned()
                    .collect();
                if options.is_empty() {
                    break;
                }
                let mv = options[choice % options.len()].clone();
                let text = mv.to_string();
                app.post_move(&players[actor], id, &legal["version"], &mv)
                    .await
                    .expect_status(200);
                chosen.push((text, mv));
            }
            match chosen.as_slice() {
                [] => break,
                [(a, first), (b, second)] => {
                    if actor == viewer {
                        assert_eq!(a, b, "seat {viewer} has different moves");
                    } else {
                        assert_eq!(shape(first), shape(second), "{a} / {b}");
                    }
                }
                _ => panic!("only one of the two games had a harmless move: {chosen:?}"),
            }
            steps += 1;
        }
        assert!(steps >= 15, "only {steps} steps were compared");
    }
}

/// Keys under which the wire shapes carry card ids (stack entries, hands, deck, discard pile,
/// draws, relationships, event cards, flips, Spy results, scored entries, moves).
const CARD_KEYS: &[&str] = &[
    "card",
    "cards",
    "hand",
    "deck",
    "discard",
    "discarded",
    "relationship",
    "replaced",
    "turned_up",
];

/// Every card id under a card key, with where it was found.
fn shown_cards(value: &Value, path: &str, under_card_key: bool, found: &mut Vec<(String, String)>) {
    match value {
        Value::String(text) if under_card_key && CARDS.contains(&text.as_str()) => {
            found.push((path.to_owned(), text.clone()));
        }
        Value::Object(map) => {
            for (key, inner) in map {
                let under = under_card_key || CARD_KEYS.contains(&key.as_str());
                shown_cards(inner, &format!("{path}.{key}"), under, found);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                shown_cards(item, &format!("{path}[{index}]"), under_card_key, found);
            }
        }
        _ => {}
    }
}

/// Favor colors of other players shown to `viewer`: unplayed colors, the pile and the events.
fn favor_leaks(value: &Value, viewer: Option<usize>, path: &str, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            let owner = map
                .get("seat")
                .or_else(|| map.get("player"))
                .and_then(Value::as_u64)
                .map(|seat| seat as usize);
            let foreign = owner.is_some() && owner != viewer;
            if foreign && map.get("unplayed_favors").is_some_and(|v| !v.is_null()) {
                found.push(format!("{path}.unplayed_favors"));
            }
            let is_favor =
                map.contains_key("player") || map.get("type") == Some(&json!("favor_played"));
            if foreign && is_favor && map.get("color").is_some_and(|v| !v.is_null()) {
                found.push(format!("{path}.color"));
            }
            for (key, inner) in map {
                favor_leaks(inner, viewer, &format!("{path}.{key}"), found);
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                favor_leaks(item, viewer, &format!("{path}[{index}]"), found);
            }
        }
        _ => {}
    }
}

/// A stack card as the rules place it.
#[derive(Clone, Debug)]
struct Entry {
    card: String,
    owner: usize,
    up: bool,
    seen_by: [bool; 3],
}

/// Where every card is during round 1, followed from the fixed deck and the moves made.
#[derive(Debug)]
struct Table {
    deck: Vec<String>,
    hands: [Vec<String>; 3],
    stacks: [Vec<Entry>; 3],
    discard: Vec<String>,
    oracle_pending: bool,
}

/// The cards worth less than 0 on every character.
const NEGATIVE: [&str; 6] = [
    "assassination",
    "manipulate",
    "lies",
    "feud",
    "debt",
    "blackmail",
];

fn position(name: &Value) -> usize {
    match name.as_str() {
        Some("A") => 0,
        Some("B") => 1,
        Some("C") => 2,
        _ => panic!("not a position: {name}"),
    }
}

fn pair_of(first: &Value, second: &Value) -> &'static str {
    let mut ends = [position(first), position(second)];
    ends.sort_unstable();
    match ends {
        [0, 1] => "ab",
        [1, 2] => "bc",
        _ => "ca",
    }
}

impl Table {
    fn deal(deck: &[String], first: usize, hand_size: usize) -> Table {
        let mut table = Table {
            deck: deck.to_vec(),
            hands: Default::default(),
            stacks: Default::default(),
            discard: Vec::new(),
            oracle_pending: false,
        };
        for offset in 0..3 {
            table.draw((first + offset) % 3, hand_size);
        }
        table
    }

    fn draw(&mut self, seat: usize, count: usize) {
        for _ in 0..count {
            if self.deck.is_empty() {
                return;
            }
            let card = self.deck.remove(0);
            self.hands[seat].push(card);
        }
    }

    fn take_from_hand(&mut self, seat: usize, card: &Value) -> String {
        let card = text(card);
        let index = self.hands[seat]
            .iter()
            .position(|held| *held == card)
            .unwrap_or_else(|| panic!("seat {seat} played {card}, not in {:?}", self.hands[seat]));
        self.hands[seat].remove(index)
    }

    /// Applies an accepted move. `relationships` is the public list before the move; `spied`
    /// is the actor's Spy result, as reported to the actor.
    fn apply(&mut self, seat: usize, mv: &Value, relationships: &Value, spied: Option<&Value>) {
        match text(&mv["type"]).as_str() {
            "play_face_down" | "play_face_up" => {
                let card = self.take_from_hand(seat, &mv["card"]);
                let up = mv["type"] == "play_face_up";
                let defiance = card.starts_with("defiance");
                let mut seen_by = [false; 3];
                seen_by[seat] = true;
                self.stacks[position(&mv["character"])].push(Entry {
                    card,
                    owner: seat,
                    up,
                    seen_by,
                });
                if up && defiance {
                    if !mv["discard"].is_null() {
                        let discarded = self.take_from_hand(seat, &mv["discard"]);
                        self.discard.push(discarded);
                    }
                } else if up {
                    self.draw(seat, 1);
                }
            }
            "play_action" => {
                let card = self.take_from_hand(seat, &mv["card"]);
                match card.as_str() {
                    "oracle" => {
                        self.draw(seat, 2);
                        if !self.hands[seat].is_empty() {
                            self.oracle_pending = true;
                            return;
                        }
                    }
                    "assassination" => {
                        let stack = std::mem::take(&mut self.stacks[position(&mv["character"])]);
                        self.discard
                            .extend(stack.into_iter().map(|entry| entry.card));
                    }
                    "virtue" => {
                        let stack = &mut self.stacks[position(&mv["character"])];
                        for index in (0..stack.len()).rev() {
                            if stack[index].up {
                                continue;
                            }
                            stack[index].up = true;
                            if NEGATIVE.contains(&stack[index].card.as_str()) {
                                let entry = stack.remove(index);
                                self.discard.push(entry.card);
                                break;
                            }
                        }
                    }
                    "spy" => {
                        let Some(result) = spied else {
                            panic!("seat {seat} was not told what its Spy saw");
                        };
                        let stack = &mut self.stacks[position(&mv["character"])];
                        let index = result["index"].as_u64().expect("a stack index") as usize;
                        let Some(entry) = stack.get_mut(index) else {
                            panic!("Spy result {result} outside the stack");
                        };
                        assert!(!entry.up, "Spy showed a face-up card: {result}");
                        assert_eq!(result["card"], json!(entry.card), "Spy result");
                        entry.seen_by[seat] = true;
                    }
                    _ => {}
                }
                self.discard.push(card);
            }
            "play_relationship" => {
                self.take_from_hand(seat, &mv["card"]);
                let pair = pair_of(&mv["first"], &mv["second"]);
                let replaced = relationships
                    .as_array()
                    .into_iter()
                    .flatten()
                    .find(|relationship| relationship["pair"] == pair);
                if let Some(replaced) = replaced {
                    self.discard.push(text(&replaced["card"]));
                }
            }
            "discard" => {
                let card = self.take_from_hand(seat, &mv["card"]);
                self.discard.push(card);
                self.discard.push("oracle".to_owned());
                self.oracle_pending = false;
            }
            _ => {}
        }
    }

    fn round_over(&self) -> bool {
        !self.oracle_pending && self.hands.iter().any(Vec::is_empty)
    }

    /// The cards `viewer` may not know now. Nothing comes back from public in round 1, so
    /// every other card has been legitimately seen by the viewer.
    fn hidden_from(&self, viewer: Option<usize>) -> Vec<String> {
        let mut hidden = self.deck.clone();
        for (seat, hand) in self.hands.iter().enumerate() {
            if viewer != Some(seat) {
                hidden.extend(hand.iter().cloned());
            }
        }
        for entry in self.stacks.iter().flatten() {
            if !entry.up && viewer.is_none_or(|seat| !entry.seen_by[seat]) {
                hidden.push(entry.card.clone());
            }
        }
        hidden
    }

    /// The view as the rules build it for `viewer`, in the parts that carry cards.
    fn assert_matches(&self, view: &Value, viewer: Option<usize>) {
        let who = format!("viewer {viewer:?}");
        assert_eq!(view["deck_size"], json!(self.deck.len()), "{who}");
        assert_eq!(view["discard"], json!(self.discard), "{who}");
        for (seat, hand) in self.hands.iter().enumerate() {
            let player = &view["players"][seat];
            assert_eq!(player["hand_size"], json!(hand.len()), "{who}");
            let shown = if viewer == Some(seat) {
                json!(hand)
            } else {
                Value::Null
            };
            assert_eq!(player["hand"], shown, "{who}, seat {seat}'s hand");
        }
        for (index, stack) in self.stacks.iter().enumerate() {
            let expected: Vec<Value> = stack
                .iter()
                .map(|entry| {
                    let known = entry.up || viewer.is_some_and(|seat| entry.seen_by[seat]);
                    json!({
                        "card": if known { json!(entry.card) } else { Value::Null },
                        "owner": entry.owner,
                        "face": if entry.up { "up" } else { "down" },
                    })
                })
                .collect();
            assert_eq!(
                view["positions"][index]["stack"],
                json!(expected),
                "{who}, stack {index}"
            );
        }
    }
}

/// Checks every response to `viewer` against the cards hidden from it while the game runs;
/// returns its game.
async fn check_responses(
    app: &TestApp,
    viewer: &Player,
    seat: Option<usize>,
    id: &str,
    table: &Table,
) -> Value {
    let game = app.game(viewer, id).await;
    if game["status"] == "finished" {
        return game;
    }
    let mut responses = vec![
        ("game", game.clone()),
        ("events", app.events(viewer, id).await),
    ];
    if seat.is_some() {
        responses.push(("legal-moves", app.legal_moves(viewer, id).await));
    }
    let hidden = table.hidden_from(seat);
    for (name, response) in &responses {
        let mut shown = Vec::new();
        shown_cards(response, name, false, &mut shown);
        for (path, card) in shown {
            assert!(
                !hidden.contains(&card),
                "{path} shows {card} to {} (seat {seat:?}), who has not seen it",
                viewer.username
            );
        }
        let mut favors = Vec::new();
        favor_leaks(response, seat, name, &mut favors);
        assert!(
            favors.is_empty(),
            "{} (seat {seat:?}) is shown favor colors of others: {favors:?}",
            viewer.username
        );
    }
    table.assert_matches(&game["view"], seat);
    game
}

per_backend!(no_response_shows_a_card_its_viewer_has_not_seen);
async fn no_response_shows_a_card_its_viewer_has_not_seen(app: TestApp) {
    let players = advisors(&app).await;
    let spectator = app.player("onlooker").await;
    let mut rng = StdRng::seed_from_u64(97);
    for game in 0..8 {
        let (hand_size, first) = (3 + game % 5, 1 + game % 3);
        let mut deck: Vec<String> = CARDS.iter().map(|card| (*card).to_owned()).collect();
        deck.shuffle(&mut rng);
        let mut characters = ["princess", "duke", "bishop", "prophet"];
        characters.shuffle(&mut rng);
        let setup = json!({"deck": deck, "characters": characters[..3]});
        let options = json!({"hand_size": hand_size, "rounds": 1, "first_player": first});
        let id = new_game(&app, &players, options, Some(setup)).await;
        let mut table = Table::deal(&deck, first - 1, hand_size);

        let mut finished = false;
        for _ in 0..200 {
            let watched = check_responses(&app, &spectator, None, &id, &table).await;
            for (seat, player) in players.iter().enumerate() {
                check_responses(&app, player, Some(seat), &id, &table).await;
            }
            if watched["status"] == "finished" {
                assert!(table.round_over(), "the game ended early: {table:?}");
                finished = true;
                break;
            }
            assert!(
                !table.round_over(),
                "the round should have ended: {table:?}"
            );
            let Some(seat) = to_act(&watched) else {
                panic!("the game waits for nobody: {watched}");
            };
            let legal = app.legal_moves(&players[seat], &id).await;
            let moves = array(&legal["legal_moves"]);
            assert!(!moves.is_empty(), "seat {seat} has no legal move");
            // Actions move and reveal the most cards, so they are favoured.
            let actions: Vec<&Value> = moves
                .iter()
                .filter(|mv| mv["type"] == "play_action")
                .collect();
            let mv = if !actions.is_empty() && rng.random_bool(0.6) {
                actions[rng.random_range(0..actions.len())].clone()
            } else {
                moves[rng.random_range(0..moves.len())].clone()
            };
            app.post_move(&players[seat], &id, &legal["version"], &mv)
                .await
                .expect_status(200);
            let spied = if mv["type"] == "play_action" && mv["card"] == "spy" {
                let events = app.events(&players[seat], &id).await;
                events["events"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .rfind(|entry| entry["event"]["type"] == "spy_played")
                    .map(|entry| entry["event"]["result"].clone())
            } else {
                None
            };
            table.apply(seat, &mv, &watched["view"]["relationships"], spied.as_ref());
        }
        assert!(finished, "the round did not end");
    }
}
