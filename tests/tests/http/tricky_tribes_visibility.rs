//! No response to a viewer may depend on, or show, a card that viewer has not seen.
//!
//! Pairs of games are dealt so that they differ only in cards the viewers cannot see, and are
//! driven by the same inputs chosen by position among the legal moves, as long as those inputs
//! reveal nothing to the viewers: every response to them must be the same in both games. A
//! second test follows every card of a known deal and checks that no card field of any
//! response to a seat or a spectator names a card still hidden from it.

use std::collections::{BTreeSet, VecDeque};

use blackbox::json::{array, count, leaves_under, seats, text};
use blackbox::{Player, Probe, TestApp, per_backend};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

use crate::tricky_tribes::{
    all_events, canonical, check_against_rules, current_plays, full_deck, is_card_code, lead,
    request, respond, start,
};

/// Moves no viewer without a decision may make; the cards are ones the viewer may not hold.
fn probes() -> [Probe; 4] {
    [
        respond("AS"),
        lead("KH", "closed"),
        json!({"type": "exchange_discard", "card": "10D"}),
        json!({"type": "trim_discard", "card": "4C"}),
    ]
    .map(Probe::Current)
}

/// How many cards the deal of round 1 hands out.
fn dealt(n: usize, hand_size: usize, deck: usize) -> usize {
    if n == 6 && deck < 54 {
        deck
    } else {
        n * hand_size
    }
}

/// Shuffles the cards at `positions` of `deck` among themselves.
fn shuffle_positions(deck: &[String], positions: &[usize], rng: &mut StdRng) -> Vec<String> {
    let mut cards: Vec<String> = positions.iter().map(|p| deck[*p].clone()).collect();
    let original = cards.clone();
    while cards == original && cards.len() > 1 {
        cards.shuffle(rng);
    }
    let mut other = deck.to_vec();
    for (position, card) in positions.iter().zip(cards) {
        other[*position] = card;
    }
    other
}

/// What the games of a pair may differ in.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Hidden {
    /// Every card seat 0 cannot see before the first judgement: the other hands and the stock,
    /// except the first stock cards, which seat 0 might draw in the exchange.
    OtherHands,
    /// The stock below the cards the exchange can draw, in a game without the dummy: no seat
    /// ever sees it before the game is over.
    StockTail,
}

/// Drives both games of a pair with the same inputs and compares what the seats that cannot
/// see the difference, and a spectator, are told at every step; returns the steps compared.
async fn drive_pair(
    app: &TestApp,
    players: &[Player],
    spectator: &Player,
    ids: &[String; 2],
    hidden: Hidden,
    rng: &mut StdRng,
    context: &str,
) -> usize {
    let n = players.len();
    let viewers: Vec<usize> = match hidden {
        Hidden::OtherHands => vec![0],
        Hidden::StockTail => (0..n).collect(),
    };
    let all_probes = probes();
    let pair = [ids[0].as_str(), ids[1].as_str()];
    for step in 0..200 {
        for (index, seat) in viewers.iter().enumerate() {
            // Probing is spread over the seats to keep the test fast.
            let probes = if step % viewers.len() == index {
                &all_probes[..]
            } else {
                &[]
            };
            let step_context = format!("{context}, step {step}");
            app.assert_told_the_same(&players[*seat], Some(*seat), pair, probes, &step_context)
                .await;
        }
        let probes = if step % 2 == 0 { &all_probes[..] } else { &[] };
        let step_context = format!("{context}, step {step}");
        app.assert_told_the_same(spectator, None, pair, probes, &step_context)
            .await;

        let game = app.game(spectator, &ids[0]).await;
        assert_eq!(
            game["status"], "active",
            "{context}: the game must not end here"
        );
        let view = &game["view"];
        match hidden {
            Hidden::OtherHands => {
                // The next human card would complete the trick, and judgement reveals it.
                let humans_played = current_plays(view)
                    .iter()
                    .filter(|play| play["participant"].is_u64())
                    .count();
                if view["phase"]["type"] == "tricks" && n - humans_played <= 1 {
                    return step;
                }
            }
            Hidden::StockTail => {
                if view["round"] == 2 {
                    return step;
                }
            }
        }
        let to_act = seats(&game["to_act"]);
        let choice = rng.random_range(0..10_000usize);
        let seat = to_act[choice % to_act.len()];
        for id in ids {
            let legal = app.legal_moves(&players[seat], id).await;
            // An open lead shows its card to everyone: only seat 0's own cards may be shown.
            let moves: Vec<Value> = array(&legal["legal_moves"])
                .into_iter()
                .filter(|mv| hidden == Hidden::StockTail || seat == 0 || mv["face"] != "open")
                .collect();
            assert!(
                !moves.is_empty(),
                "{context}: seat {seat} has no move: {legal}"
            );
            let mv = &moves[choice % moves.len()];
            app.post_move(&players[seat], id, &legal["version"], mv)
                .await
                .expect_status(200);
        }
    }
    panic!("{context}: the pair was not driven to its stopping point");
}

per_backend!(responses_do_not_depend_on_cards_the_viewer_has_not_seen);
async fn responses_do_not_depend_on_cards_the_viewer_has_not_seen(app: TestApp) {
    // (players, jokers, cut deck, hand size, options)
    let other_hands = [
        (2, 0, true, 9, json!({})),
        (
            3,
            2,
            true,
            10,
            json!({"dummy": true, "jokers": 2, "hand_size": 10}),
        ),
        (4, 1, false, 9, json!({"jokers": 1})),
        (5, 0, false, 9, json!({"teams": [[0, 2]]})),
        (6, 0, false, 8, json!({})),
        (6, 2, false, 8, json!({"jokers": 2})),
    ];
    let stock_tail = [(
        3,
        1,
        false,
        9,
        json!({"jokers": 1, "cut_deck": false, "end_condition": "fixed_rounds", "rounds": 2}),
    )];
    let players = app.seat_players(6).await;
    let spectator = app.player("spectator").await;
    let mut rng = StdRng::seed_from_u64(17);
    let cases = other_hands
        .iter()
        .map(|case| (case, Hidden::OtherHands))
        .chain(stock_tail.iter().map(|case| (case, Hidden::StockTail)));
    for ((n, jokers, cut, hand_size, options), hidden) in cases {
        let (n, hand_size) = (*n, *hand_size);
        let mut deck = full_deck(*jokers, *cut);
        deck.shuffle(&mut rng);
        let dealt = dealt(n, hand_size, deck.len());
        let positions: Vec<usize> = match hidden {
            Hidden::OtherHands => (0..deck.len())
                .filter(|p| {
                    if *p < dealt {
                        (1 + p) % n != 0
                    } else {
                        *p >= dealt + n
                    }
                })
                .collect(),
            Hidden::StockTail => (dealt + n..deck.len()).collect(),
        };
        let other = shuffle_positions(&deck, &positions, &mut rng);
        // Later rounds are dealt alike, so only round 1 differs.
        let second = full_deck(*jokers, *cut);
        let mut ids = Vec::new();
        for round_one in [deck, other] {
            let decks = vec![round_one, second.clone()];
            ids.push(
                start(
                    &app,
                    &players[..n],
                    request(n, options.clone(), Some(decks)),
                )
                .await,
            );
        }
        let ids = [ids[0].clone(), ids[1].clone()];
        let context = format!("{n} players, {options}, {hidden:?}");
        let steps = drive_pair(
            &app,
            &players[..n],
            &spectator,
            &ids,
            hidden,
            &mut rng,
            &context,
        )
        .await;
        assert!(steps >= n, "{context}: only {steps} steps compared");
    }
}

// ---------------------------------------------------------------------------------------------
// Following every card of a known deal

/// Where every card of round 1 is, as the inputs and the rules put it.
struct Tracker {
    n: usize,
    hands: Vec<Vec<String>>,
    /// Top first.
    stock: VecDeque<String>,
    /// Each seat's exchange and trim discards: never shown to others.
    private: Vec<Vec<String>>,
    drawn: Vec<bool>,
    /// The trick in progress: owner (`None` for the dummy), card, and whether it lies face up.
    trick: Vec<(Option<usize>, String, bool)>,
    judged: usize,
}

impl Tracker {
    fn new(deck: &[String], n: usize, hand_size: usize) -> Self {
        let dealt = dealt(n, hand_size, deck.len());
        let mut hands = vec![Vec::new(); n];
        for (i, card) in deck[..dealt].iter().enumerate() {
            hands[(1 + i) % n].push(card.clone());
        }
        Tracker {
            n,
            hands,
            stock: deck[dealt..].iter().cloned().collect(),
            private: vec![Vec::new(); n],
            drawn: vec![false; n],
            trick: Vec::new(),
            judged: 0,
        }
    }

    fn take(&mut self, seat: usize, card: &str) {
        let before = self.hands[seat].len();
        self.hands[seat].retain(|held| held != card);
        assert_eq!(
            self.hands[seat].len() + 1,
            before,
            "seat {seat} played {card} it lacks"
        );
    }

    fn draw(&mut self, seat: usize) {
        let card = self
            .stock
            .pop_front()
            .expect("the stock has a card to draw");
        self.hands[seat].push(card);
    }

    fn apply(&mut self, seat: usize, mv: &Value) {
        // Empty for the moves that name no card (a draw, a pass).
        let card = mv["card"].as_str().unwrap_or_default();
        match text(&mv["type"]).as_str() {
            "exchange_draw" => {
                self.draw(seat);
                self.drawn[seat] = true;
            }
            "exchange_discard" => {
                self.take(seat, card);
                self.private[seat].push(card.to_owned());
                if !self.drawn[seat] {
                    self.draw(seat);
                }
                self.drawn[seat] = false;
            }
            "trim_discard" => {
                self.take(seat, card);
                self.private[seat].push(card.to_owned());
            }
            "lead" => {
                self.take(seat, card);
                self.trick
                    .push((Some(seat), card.to_owned(), mv["face"] == "open"));
            }
            "respond" => {
                self.take(seat, card);
                self.trick.push((Some(seat), card.to_owned(), false));
            }
            _ => {}
        }
    }

    /// Accounts for what happened by itself: the dummy's plays and judgements.
    fn settle(&mut self, view: &Value) {
        let records = array(&view["tricks"]);
        while self.judged < records.len() {
            let record = &records[self.judged];
            for play in array(&record["plays"]) {
                let position = count(&play["position"]);
                if play["participant"] == "dummy" && position >= self.trick.len() {
                    let card = self
                        .stock
                        .pop_front()
                        .expect("the dummy plays from the stock");
                    self.trick.push((None, card, false));
                }
            }
            let played: Vec<&String> = self.trick.iter().map(|(_, card, _)| card).collect();
            let recorded: Vec<Value> = array(&record["plays"])
                .iter()
                .map(|p| p["card"].clone())
                .collect();
            assert_eq!(
                json!(played),
                json!(recorded),
                "the dummy plays the stock top: {record}"
            );
            self.trick.clear();
            self.judged += 1;
        }
        for play in current_plays(view) {
            let position = count(&play["position"]);
            if play["participant"] == "dummy" && position >= self.trick.len() {
                let card = self
                    .stock
                    .pop_front()
                    .expect("the dummy plays from the stock");
                let open = position == 0 && view["trick"]["lead_face"] == "open";
                if open {
                    assert_eq!(play["card"], card, "the dummy turns up the stock top");
                }
                self.trick.push((None, card, open));
            }
        }
    }

    /// Every card `viewer` (a seat, or a spectator) has not seen and must not be shown.
    fn hidden_from(&self, viewer: Option<usize>) -> BTreeSet<String> {
        let mut hidden: BTreeSet<String> = self.stock.iter().cloned().collect();
        for seat in (0..self.n).filter(|seat| Some(*seat) != viewer) {
            hidden.extend(self.hands[seat].iter().cloned());
            hidden.extend(self.private[seat].iter().cloned());
        }
        for (owner, card, open) in &self.trick {
            let own = viewer.is_some() && *owner == viewer;
            if !open && !own {
                hidden.insert(card.clone());
            }
        }
        hidden
    }
}

/// The DTO fields that hold cards: hands, the stock, drawn and discarded cards, played cards,
/// collected cards and stacks.
const CARD_KEYS: &[&str] = &[
    "cards",
    "hands",
    "stock",
    "drawn",
    "discarded",
    "card",
    "collected",
    "stacks",
    "dummy_stack",
];

/// Every string under a card field, however deep.
fn cards_in(value: &Value) -> Vec<String> {
    leaves_under(value, CARD_KEYS)
        .iter()
        .filter_map(Value::as_str)
        .map(str::to_owned)
        .collect()
}

fn check_no_hidden_card(response: &Value, hidden: &BTreeSet<String>, context: &str) {
    for card in cards_in(response) {
        assert!(
            is_card_code(&card),
            "{context}: a card field holds {card:?}"
        );
        assert!(
            !hidden.contains(&card),
            "{context}: shows {card}, which it has not seen"
        );
    }
}

/// The moves the rules allow `seat` now, from its own view and hand.
fn allowed_moves(view: &Value, seat: usize, hand: &[String]) -> BTreeSet<String> {
    let phase = &view["phase"];
    let options = &view["options"];
    let reserve = if options["dummy"] == true {
        options["hand_size"].as_u64().expect("a hand size")
    } else {
        0
    };
    let stock_available = view["stock_size"].as_u64().expect("a stock size") > reserve;
    let each = |make: &dyn Fn(&str) -> Value| -> Vec<Value> {
        hand.iter().map(|card| make(card)).collect()
    };
    let discard = |card: &str| json!({"type": "exchange_discard", "card": card});
    let moves: Vec<Value> = match text(&phase["type"]).as_str() {
        "exchange" if phase["seat"] == seat && phase["has_drawn"] == true => each(&discard),
        "exchange" if phase["seat"] == seat => {
            let mut moves = vec![json!({"type": "exchange_pass"})];
            if stock_available {
                moves.push(json!({"type": "exchange_draw"}));
                moves.extend(each(&discard));
            }
            moves
        }
        "trim" if seats(&phase["pending"]).contains(&seat) => {
            each(&|card| json!({"type": "trim_discard", "card": card}))
        }
        "tricks" if view["trick"]["next"] == seat => {
            if current_plays(view).is_empty() {
                let mut moves = each(&|card| lead(card, "open"));
                if view["open_lead_obligation"] != seat {
                    moves.extend(each(&|card| lead(card, "closed")));
                }
                moves
            } else {
                each(&|card| respond(card))
            }
        }
        _ => Vec::new(),
    };
    moves.iter().map(Value::to_string).collect()
}

fn canonical_sorted(cards: &[String]) -> Vec<String> {
    let mut cards = cards.to_vec();
    cards.sort_by_key(|card| canonical(card));
    cards
}

per_backend!(no_response_shows_a_card_its_viewer_has_not_seen);
async fn no_response_shows_a_card_its_viewer_has_not_seen(app: TestApp) {
    // (players, jokers, cut deck, hand size, options)
    let cases = [
        (2, 0, true, 9, json!({})),
        (
            3,
            1,
            true,
            10,
            json!({"dummy": true, "jokers": 1, "hand_size": 10}),
        ),
        (6, 1, false, 8, json!({"jokers": 1})),
    ];
    let players = app.seat_players(6).await;
    let spectator = app.player("spectator").await;
    let mut rng = StdRng::seed_from_u64(29);
    for (n, jokers, cut, hand_size, options) in &cases {
        let (n, hand_size) = (*n, *hand_size);
        let players = &players[..n];
        let mut deck = full_deck(*jokers, *cut);
        deck.shuffle(&mut rng);
        let mut options = options.clone();
        options["end_condition"] = json!("fixed_rounds");
        options["rounds"] = json!(1);
        let id = start(
            &app,
            players,
            request(n, options.clone(), Some(vec![deck.clone()])),
        )
        .await;
        let mut tracker = Tracker::new(&deck, n, hand_size);
        let mut finished = false;
        for step in 0..200 {
            let context = format!("{n} players, {options}, step {step}");
            let watched = app.game(&spectator, &id).await;
            if watched["status"] == "finished" {
                finished = true;
                break;
            }
            tracker.settle(&watched["view"]);
            for viewer in (0..n).map(Some).chain([None]) {
                let (account, name) = match viewer {
                    Some(seat) => (&players[seat], format!("seat {seat}")),
                    None => (&spectator, "a spectator".to_owned()),
                };
                let context = format!("{context}, {name}");
                let hidden = tracker.hidden_from(viewer);
                let game = app.game(account, &id).await;
                check_no_hidden_card(&game, &hidden, &context);
                let events = app.events(account, &id).await;
                check_no_hidden_card(&events, &hidden, &context);
                for (seat, hand) in array(&game["view"]["hands"]).iter().enumerate() {
                    if Some(seat) == viewer {
                        let held = canonical_sorted(&tracker.hands[seat]);
                        assert_eq!(hand["cards"], json!(held), "{context}: own hand");
                    } else {
                        assert!(hand["cards"].is_null(), "{context}: {hand}");
                    }
                    assert_eq!(hand["size"], tracker.hands[seat].len(), "{context}");
                }
                assert!(game["view"]["stock"].is_null(), "{context}");
                assert_eq!(game["view"]["stock_size"], tracker.stock.len(), "{context}");
                if let Some(seat) = viewer {
                    let legal = app.legal_moves(account, &id).await;
                    check_no_hidden_card(&legal, &hidden, &context);
                    let listed: BTreeSet<String> = array(&legal["legal_moves"])
                        .iter()
                        .map(Value::to_string)
                        .collect();
                    let allowed = allowed_moves(&game["view"], seat, &tracker.hands[seat]);
                    assert_eq!(listed, allowed, "{context}: legal moves");
                }
            }
            let to_act = seats(&watched["to_act"]);
            let seat = to_act[rng.random_range(0..to_act.len())];
            let (mv, _) = app.play_random(&players[seat], &id, &mut rng).await;
            tracker.apply(seat, &mv);
        }
        assert!(finished, "{n} players: the round did not end");
        let game = app.game(&spectator, &id).await;
        let events = all_events(&app, &spectator, &id).await;
        check_against_rules(&game["view"], &game["outcome"], &events);
    }
}
