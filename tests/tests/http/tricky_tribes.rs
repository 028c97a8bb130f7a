//! Tricky Tribes over HTTP: complete games checked against the rules, worked examples of the
//! rules file, a missed deadline, creation options and the rules' error codes.

use std::collections::BTreeSet;

use blackbox::json::{array, count, int, seats, text};
use blackbox::{Player, TestApp, commitment_of, per_backend, replay, spectator_view_json};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng, rngs::StdRng};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// Accounts, games and moves

/// Creates a game as `players[0]` and seats the others in order; returns its id.
pub(crate) async fn start(app: &TestApp, players: &[Player], request: Value) -> String {
    let others: Vec<&Player> = players[1..].iter().collect();
    app.start_game(&players[0], &others, request).await
}

pub(crate) fn request(players: usize, options: Value, decks: Option<Vec<Vec<String>>>) -> Value {
    let mut body = json!({"kind": "tricky_tribes", "players": players, "options": options});
    if let Some(decks) = decks {
        body["setup"] = json!({ "decks": decks });
    }
    body
}

/// The plays of the current trick: none between tricks.
pub(crate) fn current_plays(view: &Value) -> Vec<Value> {
    if view["trick"].is_null() {
        Vec::new()
    } else {
        array(&view["trick"]["plays"])
    }
}

/// Moves to make in order, each with the seat that makes it.
type Inputs = Vec<(usize, Value)>;

pub(crate) fn lead(card: &str, face: &str) -> Value {
    json!({"type": "lead", "card": card, "face": face})
}

pub(crate) fn respond(card: &str) -> Value {
    json!({"type": "respond", "card": card})
}

fn discard(card: &str) -> Value {
    json!({"type": "exchange_discard", "card": card})
}

fn pass() -> Value {
    json!({"type": "exchange_pass"})
}

fn draw() -> Value {
    json!({"type": "exchange_draw"})
}

// ---------------------------------------------------------------------------------------------
// Cards, as the rules define them

fn rank_token(rank: u8) -> String {
    match rank {
        11 => "J".to_owned(),
        12 => "Q".to_owned(),
        13 => "K".to_owned(),
        14 => "A".to_owned(),
        _ => rank.to_string(),
    }
}

/// The complete deck of a game: naturals suit by suit, then the jokers.
pub(crate) fn full_deck(jokers: usize, cut_deck: bool) -> Vec<String> {
    let low = if cut_deck { 4 } else { 2 };
    let mut deck = Vec::new();
    for suit in ["C", "S", "D", "H"] {
        for rank in low..=14 {
            deck.push(format!("{}{suit}", rank_token(rank)));
        }
    }
    for joker in 1..=jokers {
        deck.push(format!("X{joker}"));
    }
    deck
}

/// Rank and suit letter of a natural card; `None` for a joker or a string that is no card.
fn natural(card: &str) -> Option<(u8, char)> {
    let suit = card.chars().last()?;
    if !"CSDH".contains(suit) {
        return None;
    }
    let rank = match &card[..card.len() - 1] {
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        "A" => 14,
        number => number.parse().ok().filter(|rank| (2..=10).contains(rank))?,
    };
    (rank_token(rank) == card[..card.len() - 1]).then_some((rank, suit))
}

pub(crate) fn is_card_code(text: &str) -> bool {
    text == "X1" || text == "X2" || natural(text).is_some()
}

fn is_joker(card: &str) -> bool {
    card == "X1" || card == "X2"
}

fn rank(card: &str) -> u8 {
    natural(card).map_or(10, |(rank, _)| rank)
}

fn is_red(card: &str) -> bool {
    natural(card).is_some_and(|(_, suit)| suit == 'D' || suit == 'H')
}

fn is_black(card: &str) -> bool {
    natural(card).is_some_and(|(_, suit)| suit == 'C' || suit == 'S')
}

fn is_high(card: &str) -> bool {
    natural(card).is_some_and(|(rank, _)| rank >= 11)
}

fn value(card: &str) -> i64 {
    match (is_joker(card), is_red(card), is_high(card)) {
        (true, _, _) => 1,
        (false, true, true) => 2,
        (false, true, false) => 1,
        (false, false, true) => -2,
        (false, false, false) => -1,
    }
}

/// The canonical order's key: rank, then C, S, D, H, X1, X2.
pub(crate) fn canonical(card: &str) -> (u8, u8) {
    match natural(card) {
        Some((rank, suit)) => (rank, "CSDH".find(suit).expect("a suit") as u8),
        None if card == "X1" => (10, 4),
        None => (10, 5),
    }
}

/// A round-1 deck (dealer seat 0, so seat 1 is dealt first) in which seat `s` is dealt the
/// cards `hands[s]`, filled up to `hand_size` from the rest, and the stock starts `stock_top`.
pub(crate) fn arrange(
    all: &[String],
    hand_size: usize,
    hands: &[&[&str]],
    stock_top: &[&str],
) -> Vec<String> {
    let named: BTreeSet<&str> = hands
        .iter()
        .flat_map(|hand| hand.iter().copied())
        .chain(stock_top.iter().copied())
        .collect();
    let mut rest = all
        .iter()
        .filter(|card| !named.contains(card.as_str()))
        .cloned();
    let full: Vec<Vec<String>> = hands
        .iter()
        .map(|hand| {
            let mut cards: Vec<String> = hand.iter().map(|card| (*card).to_owned()).collect();
            while cards.len() < hand_size {
                cards.extend(rest.next());
            }
            cards
        })
        .collect();
    let n = hands.len();
    let mut deck: Vec<String> = (0..n * hand_size)
        .map(|i| full[(1 + i) % n][i / n].clone())
        .collect();
    deck.extend(stock_top.iter().map(|card| (*card).to_owned()));
    deck.extend(rest);
    assert_eq!(deck.len(), all.len(), "arranged deck is incomplete");
    deck
}

fn split(cards: &str) -> Vec<String> {
    cards.split_whitespace().map(str::to_owned).collect()
}

// ---------------------------------------------------------------------------------------------
// An independent reading of the judgement and scoring rules

/// The result of one trick, by play position.
#[derive(Debug, PartialEq)]
struct Judged {
    mode: &'static str,
    winner: Option<usize>,
    loser: Option<usize>,
    taker: usize,
    collected: Vec<usize>,
    discarded: Vec<usize>,
}

fn kind_of(lead: &str, face: &str) -> &'static str {
    match (face, is_joker(lead), is_red(lead)) {
        ("closed", _, _) => "dark",
        (_, true, _) => "open_joker",
        (_, false, true) => "open_red",
        _ => "open_black",
    }
}

fn judge(kind: &str, cards: &[String]) -> Judged {
    let active: Vec<usize> = if kind == "dark" {
        (0..cards.len()).collect()
    } else {
        (1..cards.len()).collect()
    };
    let trick_colour: Option<fn(&str) -> bool> = match kind {
        "open_red" => Some(is_red),
        "open_black" => Some(is_black),
        _ => None,
    };
    let key = |p: usize| {
        let card = cards[p].as_str();
        let class = trick_colour.map_or(0, |colour| u8::from(is_joker(card) || colour(card)));
        (class, rank(card), p)
    };
    let highest = active.iter().copied().max_by_key(|p| key(*p)).unwrap_or(0);
    let lowest = active.iter().copied().min_by_key(|p| key(*p)).unwrap_or(0);
    let any_red = active.iter().any(|p| is_red(&cards[*p]));
    let (mode, winner, loser, collected) = match kind {
        "open_red" | "open_joker" => ("reward", Some(highest), None, vec![0]),
        "open_black" if !any_red => ("penalty", None, Some(lowest), vec![0]),
        _ => {
            let mut candidates: Vec<usize> = active
                .iter()
                .copied()
                .filter(|p| *p != highest && (is_red(&cards[*p]) || is_joker(&cards[*p])))
                .collect();
            if is_high(&cards[highest]) && candidates.len() >= 2 {
                let best = candidates
                    .iter()
                    .copied()
                    .max_by_key(|p| (rank(&cards[*p]), *p))
                    .unwrap_or(0);
                candidates = vec![best];
            }
            ("loot", Some(highest), None, candidates)
        }
    };
    Judged {
        mode,
        winner,
        loser,
        taker: winner.or(loser).unwrap_or(0),
        discarded: (0..cards.len())
            .filter(|p| !collected.contains(p))
            .collect(),
        collected,
    }
}

/// The reading of the judgement used by these tests, against the rules' examples E1 to E10.
#[test]
fn the_judgement_used_here_settles_the_rules_examples() {
    // (face of the lead, cards by play position, mode, winner, loser, collected)
    let examples = [
        ("open", "7H 2S 9C 9S", "reward", Some(3), None, "7H"),
        ("open", "9C QH 4D", "loot", Some(1), None, "4D"),
        ("open", "5C 6H 3D 8D", "loot", Some(3), None, "6H 3D"),
        ("closed", "7C 10H QD KS 4H", "loot", Some(3), None, "QD"),
        ("closed", "7C 10H QD 10S 4H", "loot", Some(2), None, "10H"),
        ("closed", "KC 10H JD 5S", "loot", Some(0), None, "JD"),
        ("open", "3S 8H 6C 2C", "loot", Some(2), None, "8H"),
        ("closed", "8C JS 2C 5S", "loot", Some(1), None, ""),
        ("closed", "AH JS 2C 5S", "loot", Some(0), None, ""),
        ("open", "5C 7S QC 7C KS", "penalty", None, Some(1), "5C"),
        ("open", "6S X1 9C 3S", "penalty", None, Some(3), "6S"),
        ("open", "6S X1 9C 3H", "loot", Some(1), None, "3H"),
        ("open", "6S X1 QC KS", "penalty", None, Some(1), "6S"),
        ("open", "6S X1 QC 10D", "loot", Some(2), None, "10D"),
        ("open", "X2 JS 9H JD", "reward", Some(3), None, "X2"),
        ("closed", "9S X1 10H 2D", "loot", Some(2), None, "X1 2D"),
        ("closed", "KC X1 9H X2", "loot", Some(0), None, "X2"),
        ("open", "5D X1 9H 10D", "reward", Some(3), None, "5D"),
    ];
    for (face, cards, mode, winner, loser, collected) in examples {
        let cards = split(cards);
        let judged = judge(kind_of(&cards[0], face), &cards);
        let taken: Vec<String> = judged.collected.iter().map(|p| cards[*p].clone()).collect();
        assert_eq!(
            (judged.mode, judged.winner, judged.loser, taken),
            (mode, winner, loser, split(collected)),
            "{face} {cards:?}"
        );
    }
}

/// A participant as the wire spells it: a seat number or `"dummy"`.
fn participant(seat: Option<usize>) -> Value {
    seat.map_or(json!("dummy"), |seat| json!(seat))
}

/// The next participant clockwise in the ring of a round.
fn next_in_ring(current: &Value, dealer: usize, n: usize, dummy: bool) -> Value {
    match current.as_u64().map(|seat| seat as usize) {
        None => participant(Some((dealer + 1) % n)),
        Some(seat) if dummy && seat == dealer => participant(None),
        Some(seat) => participant(Some((seat + 1) % n)),
    }
}

/// Scoring units as the rules define them: teams and solo players, ordered by lowest seat.
fn units_of(teams: &[Vec<usize>], n: usize) -> Vec<Vec<usize>> {
    let mut units: Vec<Vec<usize>> = teams
        .iter()
        .map(|team| {
            let mut team = team.clone();
            team.sort_unstable();
            team
        })
        .collect();
    for seat in 0..n {
        if !teams.iter().any(|team| team.contains(&seat)) {
            units.push(vec![seat]);
        }
    }
    units.sort();
    units
}

/// Every event of a game as `player` may see it, oldest first, read page by page.
pub(crate) async fn all_events(app: &TestApp, player: &Player, id: &str) -> Vec<Value> {
    let mut events = Vec::new();
    let mut after = 0;
    loop {
        let page = app
            .get(player, &format!("/v1/games/{id}/events?after={after}"))
            .await
            .expect_status(200)
            .body;
        let entries = array(&page["events"]);
        if entries.is_empty() {
            return events;
        }
        events.extend(entries.iter().map(|entry| entry["event"].clone()));
        after = int(&page["last_seq"]);
    }
}

/// The payload under `key` of every event of type `kind`, in log order.
fn payloads(events: &[Value], kind: &str, key: &str) -> Vec<Value> {
    events
        .iter()
        .filter(|event| event["type"] == kind)
        .map(|event| event[key].clone())
        .collect()
}

/// Checks every judged trick and every round summary of a finished game's event log, the
/// scores, the end of the game and the ranking of its final view against the rules. The final
/// view carries the last round's tricks and summary; the log carries every round's.
pub(crate) fn check_against_rules(view: &Value, outcome: &Value, events: &[Value]) {
    let options = &view["options"];
    let n = count(&options["players"]);
    let hand_size = count(&options["hand_size"]);
    let dummy = options["dummy"] == true;
    let teams: Vec<Vec<usize>> = array(&options["teams"]).iter().map(seats).collect();
    let units = units_of(&teams, n);
    let tricks = payloads(events, "trick_judged", "record");
    let summaries = payloads(events, "round_scored", "summary");
    assert!(!summaries.is_empty(), "a finished game has rounds: {view}");
    assert_eq!(
        tricks.len(),
        summaries.len() * hand_size,
        "tricks per round"
    );
    assert_eq!(view["round"], summaries.len(), "the final view's round");
    assert_eq!(
        view["tricks"],
        json!(tricks[tricks.len() - hand_size..]),
        "the final view shows the last round's tricks"
    );
    assert_eq!(
        view["last_round"],
        summaries[summaries.len() - 1],
        "the final view shows the last round"
    );
    let mut cumulative = vec![0i64; units.len()];
    for (index, summary) in summaries.iter().enumerate() {
        let round = index + 1;
        let dealer = index % n;
        assert_eq!(summary["round"], round);
        assert_eq!(summary["dealer"], dealer, "dealer of round {round}");
        let mut stacks = vec![Vec::<String>::new(); n];
        let mut dummy_stack = Vec::<String>::new();
        let mut seen = BTreeSet::new();
        let mut leader = participant(if dummy { None } else { Some((dealer + 1) % n) });
        let mut obliged = false;
        for (number, record) in tricks[index * hand_size..(index + 1) * hand_size]
            .iter()
            .enumerate()
        {
            let context = format!("round {round} trick {}: {record}", number + 1);
            assert_eq!(record["round"], round, "{context}");
            assert_eq!(record["number"], number + 1, "{context}");
            let plays = array(&record["plays"]);
            assert_eq!(plays.len(), n + usize::from(dummy), "{context}");
            let mut expected = leader.clone();
            let mut cards = Vec::new();
            for (position, play) in plays.iter().enumerate() {
                assert_eq!(play["participant"], expected, "ring order, {context}");
                assert_eq!(play["position"], position, "{context}");
                let card = text(&play["card"]);
                assert!(seen.insert(card.clone()), "{card} played twice, {context}");
                cards.push(card);
                expected = next_in_ring(&expected, dealer, n, dummy);
            }
            let face = text(&record["lead_face"]);
            let face = face.as_str();
            if obliged {
                assert_eq!(face, "open", "the obligation was ignored, {context}");
            }
            let kind = kind_of(&cards[0], face);
            assert_eq!(record["kind"], kind, "{context}");
            let judged = judge(kind, &cards);
            let who = |p: Option<usize>| p.map_or(Value::Null, |p| plays[p]["participant"].clone());
            let by_position = |positions: &[usize]| -> Vec<String> {
                positions.iter().map(|p| cards[*p].clone()).collect()
            };
            assert_eq!(record["mode"], judged.mode, "{context}");
            assert_eq!(record["winner"], who(judged.winner), "{context}");
            assert_eq!(record["loser"], who(judged.loser), "{context}");
            let taker = who(Some(judged.taker));
            assert_eq!(record["taker"], taker, "{context}");
            assert_eq!(
                record["collected"],
                json!(by_position(&judged.collected)),
                "{context}"
            );
            assert_eq!(
                record["discarded"],
                json!(by_position(&judged.discarded)),
                "{context}"
            );
            let last = number + 1 == hand_size;
            assert_eq!(
                record["next_leader"],
                if last { Value::Null } else { taker.clone() },
                "{context}"
            );
            obliged = !last && kind == "dark" && taker == leader;
            assert_eq!(record["open_lead_required"], obliged, "{context}");
            match taker.as_u64() {
                Some(seat) => stacks[seat as usize].extend(by_position(&judged.collected)),
                None => dummy_stack.extend(by_position(&judged.collected)),
            }
            leader = taker;
        }
        assert_eq!(summary["stacks"], json!(stacks), "stacks of round {round}");
        assert_eq!(
            summary["dummy_stack"],
            if dummy {
                json!(dummy_stack)
            } else {
                Value::Null
            },
            "dummy stack of round {round}"
        );
        let seat_scores: Vec<i64> = stacks
            .iter()
            .map(|stack| stack.iter().map(|card| value(card)).sum())
            .collect();
        assert_eq!(summary["seat_scores"], json!(seat_scores), "round {round}");
        let unit_rounds: Vec<Value> = units
            .iter()
            .zip(cumulative.iter_mut())
            .map(|(unit, total)| {
                let sum: i64 = unit.iter().map(|seat| seat_scores[*seat]).sum();
                let round_score = if !teams.is_empty() && unit.len() == 1 {
                    2 * sum
                } else {
                    sum
                };
                *total += round_score;
                json!({"seats": unit, "round_score": round_score, "cumulative": *total})
            })
            .collect();
        assert_eq!(
            summary["units"],
            json!(unit_rounds),
            "units of round {round}"
        );
        let last_round = round == summaries.len();
        if options["end_condition"] == "target_score" {
            let target = int(&options["target_score"]);
            let reached = cumulative.iter().any(|score| *score >= target);
            assert_eq!(reached, last_round, "target {target} after round {round}");
        }
    }
    let scores: Vec<Value> = units
        .iter()
        .zip(&cumulative)
        .map(|(unit, score)| json!({"seats": unit, "score": score}))
        .collect();
    assert_eq!(view["scores"], json!(scores));
    let best = cumulative.iter().copied().max().unwrap_or(0);
    let winning = |score: i64| match options["end_condition"].as_str() {
        Some("fixed_rounds") => score == best,
        _ => score >= int(&options["target_score"]),
    };
    if options["end_condition"] == "fixed_rounds" {
        assert_eq!(options["rounds"], summaries.len(), "fixed rounds played");
    }
    let score_of = |seat: usize| {
        units
            .iter()
            .zip(&cumulative)
            .find(|(unit, _)| unit.contains(&seat))
            .map_or(0, |(_, score)| *score)
    };
    let winners: Vec<usize> = (0..n).filter(|seat| winning(score_of(*seat))).collect();
    assert_eq!(view["winners"], json!(winners));
    assert_eq!(outcome["winners"], json!(winners));
    // Winners share first place; everyone else is placed behind them by score.
    let ranking: Vec<Value> = (0..n)
        .map(|seat| {
            let ahead = if winners.contains(&seat) {
                0
            } else {
                (0..n)
                    .filter(|other| winners.contains(other) || score_of(*other) > score_of(seat))
                    .count()
            };
            json!({"seat": seat, "place": ahead + 1})
        })
        .collect();
    assert_eq!(outcome["ranking"], json!(ranking));
}

/// Plays the game to its end: whoever must act picks one of its legal moves at random. Now and
/// then a seat without a decision is asked for its legal moves, which must be none.
async fn play_out(app: &TestApp, players: &[Player], id: &str, rng: &mut StdRng) -> Value {
    let mut game = app.game(&players[0], id).await;
    for _ in 0..3000 {
        if game["status"] == "finished" {
            return game;
        }
        let to_act = seats(&game["to_act"]);
        assert!(
            !to_act.is_empty(),
            "a running game waits for nobody: {game}"
        );
        let idle: Vec<usize> = (0..players.len()).filter(|s| !to_act.contains(s)).collect();
        if !idle.is_empty() && rng.random_range(0..4) == 0 {
            let seat = idle[rng.random_range(0..idle.len())];
            let legal = app.legal_moves(&players[seat], id).await;
            assert_eq!(legal["legal_moves"], json!([]), "seat {seat} is not to act");
        }
        let seat = to_act[rng.random_range(0..to_act.len())];
        (_, game) = app.play_random(&players[seat], id, rng).await;
    }
    panic!("the game did not end within 3000 moves");
}

/// Every card field of a finished game's view and events is revealed to `viewer`.
async fn check_all_revealed(app: &TestApp, viewer: &Player, id: &str) {
    let game = app.game(viewer, id).await;
    let view = &game["view"];
    assert_eq!(view["phase"]["type"], "over");
    assert_eq!(game["to_act"], json!([]));
    assert!(game["deadline_at"].is_null());
    for hand in array(&view["hands"]) {
        assert!(hand["cards"].is_array(), "hidden hand at the end: {hand}");
    }
    assert_eq!(
        view["stock"].as_array().map(Vec::len),
        view["stock_size"].as_u64().map(|size| size as usize),
        "the stock is shown at the end"
    );
    for exchange in array(&view["exchanges"]) {
        if exchange["action"] != "pass" {
            assert!(exchange["drawn"].is_string() && exchange["discarded"].is_string());
        }
    }
    for trim in array(&view["trims"]) {
        assert!(trim["card"].is_string(), "{trim}");
    }
    let events = app.events(viewer, id).await;
    for entry in array(&events["events"]) {
        let event = &entry["event"];
        match text(&event["type"]).as_str() {
            "round_started" => {
                assert!(
                    array(&event["hands"]).iter().all(Value::is_array),
                    "{event}"
                );
            }
            "exchange_drew" | "trimmed" | "card_played" => {
                assert!(event["card"].is_string(), "{event}");
            }
            "exchange_discarded" => {
                assert!(event["card"].is_string(), "{event}");
                assert_eq!(event["drawn"].is_string(), event["drew"] == true, "{event}");
            }
            _ => {}
        }
    }
}

/// The deal of every round, the exchange order (clockwise from the dealer's left, the dealer
/// last) and the trims, as a finished game's events show them.
fn check_round_events(events: &[Value], options: &Value) {
    let n = count(&options["players"]);
    let hand_size = count(&options["hand_size"]);
    let jokers = count(&options["jokers"]);
    let deck = full_deck(jokers, options["cut_deck"] == true).len();
    let mut round = 0;
    let mut order: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut drawing = false;
    let mut to_trim: BTreeSet<usize> = BTreeSet::new();
    for event in events {
        let seat = event["seat"].as_u64().map(|seat| seat as usize);
        let context = format!("round {round}: {event}");
        match text(&event["type"]).as_str() {
            "round_started" => {
                round += 1;
                let dealer = (round - 1) % n;
                assert_eq!(event["round"], round, "{context}");
                assert_eq!(event["dealer"], dealer, "{context}");
                let whole = n == 6 && jokers < 2;
                assert_eq!(event["whole_deck"], whole, "{context}");
                let mut sizes = vec![0usize; n];
                let dealt = if whole { deck } else { n * hand_size };
                for i in 0..dealt {
                    sizes[(dealer + 1 + i) % n] += 1;
                }
                assert_eq!(event["hand_sizes"], json!(sizes), "{context}");
                assert_eq!(event["stock_size"], deck - dealt, "{context}");
                to_trim = (0..n).filter(|seat| sizes[*seat] > hand_size).collect();
                assert_eq!(event["must_trim"], json!(to_trim), "{context}");
                order = if whole {
                    Vec::new()
                } else {
                    (1..=n).map(|k| (dealer + k) % n).collect()
                };
                next = 0;
            }
            "exchange_drew" => {
                assert_eq!(seat, order.get(next).copied(), "exchange order, {context}");
                assert!(!drawing, "{context}");
                drawing = true;
            }
            "exchange_discarded" => {
                assert_eq!(seat, order.get(next).copied(), "exchange order, {context}");
                assert_eq!(event["drew"], !drawing, "{context}");
                drawing = false;
                next += 1;
            }
            "exchange_passed" => {
                assert_eq!(seat, order.get(next).copied(), "exchange order, {context}");
                assert!(!drawing, "{context}");
                next += 1;
            }
            "trimmed" => {
                assert!(seat.is_some_and(|seat| to_trim.remove(&seat)), "{context}");
            }
            "trick_started" if event["number"] == 1 => {
                assert_eq!(
                    next,
                    order.len(),
                    "tricks before the exchange ended, {context}"
                );
                assert!(
                    to_trim.is_empty(),
                    "tricks before the trim ended, {context}"
                );
            }
            _ => {}
        }
    }
    assert!(round >= 1, "no round started: {events:?}");
}

/// Every card of the deck is somewhere at the end of the last round.
fn check_cards_accounted(view: &Value) {
    let options = &view["options"];
    let deck = full_deck(count(&options["jokers"]), options["cut_deck"] == true);
    let held: usize = array(&view["hands"])
        .iter()
        .map(|hand| count(&hand["size"]))
        .sum();
    let stacked: usize = array(&view["stacks"])
        .iter()
        .map(|stack| stack.as_array().map_or(0, Vec::len))
        .sum::<usize>()
        + view["dummy_stack"].as_array().map_or(0, Vec::len);
    let total = held + stacked + count(&view["stock_size"]) + count(&view["discard_size"]);
    assert_eq!(total, deck.len(), "cards lost or duplicated: {view}");
    assert_eq!(held, 0, "the last round ends with empty hands");
}

per_backend!(random_complete_games_follow_the_rules_to_the_end);
async fn random_complete_games_follow_the_rules_to_the_end(app: TestApp) {
    let option_sets = [
        (2, json!({"end_condition": "fixed_rounds", "rounds": 4})),
        (3, json!({"dummy": true, "hand_size": 10, "jokers": 2})),
        (
            4,
            json!({"jokers": 1, "teams": [[0, 2], [1, 3]], "end_condition": "fixed_rounds", "rounds": 1}),
        ),
        (5, json!({"teams": [[0, 2]], "target_score": 20})),
        (
            6,
            json!({"jokers": 1, "end_condition": "fixed_rounds", "rounds": 2}),
        ),
        (
            6,
            json!({"jokers": 2, "teams": [[0, 2, 4], [1, 3, 5]], "end_condition": "fixed_rounds", "rounds": 1}),
        ),
    ];
    let players = app.seat_players(6).await;
    let spectator = app.player("spectator").await;
    let mut rng = StdRng::seed_from_u64(2023);
    for (n, options) in &option_sets {
        let id = start(&app, &players[..*n], request(*n, options.clone(), None)).await;
        let commitment = app.game(&spectator, &id).await["seed_commitment"].clone();
        let finished = play_out(&app, &players[..*n], &id, &mut rng).await;
        let context = format!("{n} players, {options}");

        let events = all_events(&app, &spectator, &id).await;
        check_against_rules(&finished["view"], &finished["outcome"], &events);
        check_cards_accounted(&finished["view"]);
        check_round_events(&events, &finished["view"]["options"]);
        check_all_revealed(&app, &spectator, &id).await;
        check_all_revealed(&app, &players[1], &id).await;
        let seed = text(&finished["seed"]);
        let seed = seed.as_str();
        assert!(!seed.is_empty(), "{context}: seed not revealed");
        assert_eq!(json!(commitment_of(&finished)), commitment, "{context}");

        let log = app
            .get(&spectator, &format!("/v1/games/{id}/moves"))
            .await
            .expect_status(200)
            .body;
        assert_eq!(log["seed"], seed, "{context}");
        let inputs = array(&log["inputs"]);
        let last = inputs.last().map(|input| input["version"].clone());
        assert_eq!(last, Some(finished["version"].clone()), "{context}");
        let mut version = 0;
        for (index, input) in inputs.iter().enumerate() {
            assert_eq!(input["seq"], index + 1, "{context}: {input}");
            // Every input is public but a trim that leaves another seat to trim.
            let trim = input["move"]["type"] == "trim_discard";
            let next = input["version"].as_u64().unwrap_or_default();
            assert!(
                next == version + 1 || (trim && next == version),
                "{context}: {input} after version {version}"
            );
            version = next;
            assert_eq!(
                input["expired"], false,
                "{context}: nobody missed a deadline"
            );
            assert!(
                input["seat"].is_u64() && input["move"].is_object(),
                "{input}"
            );
        }
        let replayed = replay(&log);
        let seen = app.game(&spectator, &id).await["view"].clone();
        assert_eq!(spectator_view_json(&replayed), seen, "{context}");

        // Nothing more can be played, whoever asks.
        assert_eq!(
            app.legal_moves(&players[0], &id).await["legal_moves"],
            json!([])
        );
        let version = &finished["version"];
        app.post_move(&players[0], &id, version, &respond("AS"))
            .await
            .assert_problem(422, "game_over");
        app.post_move(&spectator, &id, version, &pass())
            .await
            .assert_problem(422, "game_over");
        app.post_move(&players[0], &id, version, &json!({"type": "bid"}))
            .await
            .assert_problem(422, "unknown_move");
    }
}

// ---------------------------------------------------------------------------------------------
// Worked examples of the rules

per_backend!(the_worked_example_of_a_complete_round_replays_over_http);
/// The rules' example E12: a complete round of two players and the dummy, with its illegal moves.
async fn the_worked_example_of_a_complete_round_replays_over_http(app: TestApp) {
    let deck = split(
        "AS AH KH KC 10C JD 9D 9S 7S 8H 6H 7C 5C 5S 4D 4H QC QD 8D JS 10D 6S KD 4S 9H 7D 5H JC \
         AC 4C 6C 8C 9C 8S 10S QS KS 5D 6D AD 7H 10H JH QH",
    );
    let p = app.seat_players(2).await;
    let created = app
        .post(
            &p[0],
            "/v1/games",
            request(2, json!({}), Some(vec![deck.clone()])),
        )
        .await
        .expect_status(201);
    assert_eq!(created.body["fixed_setup"], true);
    let id = text(&created.body["id"]);
    app.post(&p[1], &format!("/v1/games/{id}/join"), json!({}))
        .await
        .expect_status(200);

    let game = app.game(&p[1], &id).await;
    let view = &game["view"];
    assert_eq!(view["options"]["dummy"], true);
    assert_eq!(view["options"]["cut_deck"], true);
    assert_eq!(view["options"]["target_score"], 15);
    assert_eq!(view["dealer"], 0);
    assert_eq!(
        view["hands"][1]["cards"],
        json!(sorted("AS KH 10C 9D 7S 6H 5C 4D QC"))
    );
    assert_eq!(view["hands"][0]["cards"], Value::Null);
    assert_eq!(view["stock_size"], 26);
    assert_eq!(game["to_act"], json!([1]));
    let mine = app.game(&p[0], &id).await;
    assert_eq!(
        mine["view"]["hands"][0]["cards"],
        json!(sorted("AH KC JD 9S 8H 7C 5S 4H QD"))
    );

    // The exchange.
    app.refuse(&p[0], &id, pass(), 422, "not_your_turn").await;
    let drew = app.accept(&p[1], &id, draw()).await;
    assert_eq!(drew["view"]["phase"]["drawn"], "8D");
    assert_eq!(drew["view"]["hands"][1]["size"], 10);
    assert_eq!(
        app.game(&p[0], &id).await["view"]["phase"]["drawn"],
        Value::Null
    );
    app.refuse(&p[1], &id, pass(), 422, "discard_required")
        .await;
    app.refuse(&p[1], &id, draw(), 422, "discard_required")
        .await;
    app.accept(&p[1], &id, discard("5C")).await;
    let swapped = app.accept(&p[0], &id, discard("4H")).await;
    let view = &swapped["view"];
    assert_eq!(
        view["hands"][0]["cards"],
        json!(sorted("AH KC JD JS 9S 8H 7C 5S QD"))
    );
    assert_eq!(view["stock_size"], 23, "two draws, then the dummy's lead");
    assert_eq!(view["discard_size"], 2);
    let actions: Vec<Value> = array(&view["exchanges"])
        .iter()
        .map(|e| e["action"].clone())
        .collect();
    assert_eq!(
        actions,
        [json!("draw_then_discard"), json!("discard_then_draw")]
    );
    // The dummy led the top stock card face down: nobody sees it.
    let trick = &view["trick"];
    assert_eq!(trick["leader"], "dummy");
    assert_eq!(trick["kind"], "dark");
    assert_eq!(
        trick["plays"],
        json!([{"participant": "dummy", "position": 0, "card": null}])
    );
    assert_eq!(trick["next"], 1);

    let tricks: [(Inputs, Value); 9] = [
        (
            vec![(1, respond("QC")), (0, respond("8H"))],
            json!({"kind": "dark", "mode": "loot", "winner": 1, "loser": null, "taker": 1,
                   "collected": ["10D"], "discarded": ["QC", "8H"]}),
        ),
        (
            vec![(1, lead("7S", "open")), (0, respond("5S"))],
            json!({"kind": "open_black", "mode": "penalty", "winner": null, "loser": 0,
                   "taker": 0, "collected": ["7S"], "discarded": ["5S", "6S"]}),
        ),
        (
            vec![(0, lead("KC", "closed")), (1, respond("6H"))],
            json!({"kind": "dark", "mode": "loot", "winner": "dummy", "loser": null,
                   "taker": "dummy", "collected": ["6H"], "discarded": ["KC", "KD"]}),
        ),
        (
            vec![(1, respond("10C")), (0, respond("QD"))],
            json!({"kind": "dark", "mode": "loot", "winner": 0, "loser": null, "taker": 0,
                   "collected": [], "discarded": ["4S", "10C", "QD"]}),
        ),
        (
            vec![(0, lead("JS", "closed")), (1, respond("8D"))],
            json!({"kind": "dark", "mode": "loot", "winner": 0, "loser": null, "taker": 0,
                   "collected": ["9H"], "discarded": ["JS", "8D"],
                   "open_lead_required": true}),
        ),
        (
            vec![(0, lead("7C", "open")), (1, respond("AS"))],
            json!({"kind": "open_black", "mode": "loot", "winner": 1, "loser": null,
                   "taker": 1, "collected": ["7D"], "discarded": ["7C", "AS"]}),
        ),
        (
            vec![(1, lead("4D", "open")), (0, respond("JD"))],
            json!({"kind": "open_red", "mode": "reward", "winner": 0, "loser": null,
                   "taker": 0, "collected": ["4D"], "discarded": ["JD", "5H"]}),
        ),
        (
            vec![(0, lead("9S", "open")), (1, respond("9D"))],
            json!({"kind": "open_black", "mode": "loot", "winner": "dummy", "loser": null,
                   "taker": "dummy", "collected": ["9D"], "discarded": ["9S", "JC"]}),
        ),
        (
            vec![(1, respond("KH")), (0, respond("AH"))],
            json!({"kind": "dark", "mode": "loot", "winner": 0, "loser": null, "taker": 0,
                   "collected": ["KH"], "discarded": ["AC", "AH"]}),
        ),
    ];
    let spectator = app.player("spectator").await;
    for (index, (moves, expected)) in tricks.iter().enumerate() {
        if index == 5 {
            // Seat 0 won its own dark lead: it must lead open.
            let game = app.game(&p[0], &id).await;
            assert_eq!(game["view"]["open_lead_obligation"], 0);
            app.refuse(&p[0], &id, lead("7C", "closed"), 422, "open_lead_required")
                .await;
            let legal = array(&app.legal_moves(&p[0], &id).await["legal_moves"]);
            assert!(legal.iter().all(|mv| mv["face"] == "open"), "{legal:?}");
        }
        for (seat, mv) in moves.iter() {
            app.accept(&p[*seat], &id, mv.clone()).await;
        }
        let view = app.game(&p[0], &id).await["view"].clone();
        let judged = payloads(
            &all_events(&app, &spectator, &id).await,
            "trick_judged",
            "record",
        );
        assert_eq!(judged.len(), index + 1, "one record per trick");
        let record = &judged[index];
        if index < 8 {
            assert_eq!(
                &view["tricks"][index], record,
                "the view shows this round's tricks"
            );
        } else {
            // The round's last trick ended the round: the view is of round 2, with no trick yet.
            assert_eq!(view["tricks"], json!([]), "round 2 has no judged trick yet");
        }
        for (key, value) in expected.as_object().into_iter().flatten() {
            assert_eq!(
                &record[key],
                value,
                "trick {}: {key} in {record}",
                index + 1
            );
        }
        if index < 8 && expected.get("open_lead_required").is_none() {
            assert_eq!(record["open_lead_required"], false, "trick {}", index + 1);
        }
    }

    let game = app.game(&p[0], &id).await;
    let view = &game["view"];
    let summary = &view["last_round"];
    assert_eq!(summary["round"], 1);
    assert_eq!(
        summary["stacks"],
        json!([["7S", "9H", "4D", "KH"], ["10D", "7D"]])
    );
    assert_eq!(summary["dummy_stack"], json!(["6H", "9D"]));
    assert_eq!(summary["seat_scores"], json!([3, 2]));
    assert_eq!(
        view["scores"],
        json!([{"seats": [0], "score": 3}, {"seats": [1], "score": 2}])
    );
    assert_eq!(game["status"], "active", "nobody reached 15");
    assert_eq!(view["round"], 2);
    assert_eq!(view["dealer"], 1);
    assert_eq!(
        game["to_act"],
        json!([0]),
        "seat 0 is left of dealer seat 1"
    );
    assert_eq!(view["open_lead_obligation"], Value::Null);
    assert_eq!(view["stacks"], json!([[], []]));
}

fn sorted(cards: &str) -> Vec<String> {
    let mut cards = split(cards);
    cards.sort_by_key(|card| canonical(card));
    cards
}

per_backend!(the_dummy_leads_open_after_winning_its_own_dark_lead);
/// The rules' example E11: the dummy wins its own dark lead and turns the next stock card up.
async fn the_dummy_leads_open_after_winning_its_own_dark_lead(app: TestApp) {
    let deck = arrange(
        &full_deck(0, true),
        9,
        &[&["9S", "6C"], &["QH", "5H"], &["5D", "8S"]],
        &["AC", "4C"],
    );
    let p = app.seat_players(3).await;
    let id = start(
        &app,
        &p,
        request(3, json!({"dummy": true}), Some(vec![deck.clone()])),
    )
    .await;
    for seat in [1, 2, 0] {
        app.accept(&p[seat], &id, pass()).await;
    }
    app.accept(&p[1], &id, respond("QH")).await;
    app.accept(&p[2], &id, respond("5D")).await;
    let game = app.accept(&p[0], &id, respond("9S")).await;
    let view = &game["view"];
    let record = &view["tricks"][0];
    assert_eq!(record["winner"], "dummy", "{record}");
    assert_eq!(record["collected"], json!(["QH"]), "{record}");
    assert_eq!(record["discarded"], json!(["AC", "5D", "9S"]), "{record}");
    assert_eq!(record["open_lead_required"], true, "{record}");
    assert_eq!(view["dummy_stack"], json!(["QH"]));
    // The open lead is public at once, to every seat and to spectators.
    let trick = &view["trick"];
    assert_eq!(trick["leader"], "dummy");
    assert_eq!(trick["kind"], "open_black");
    assert_eq!(trick["lead_face"], "open");
    assert_eq!(
        trick["plays"],
        json!([{"participant": "dummy", "position": 0, "card": "4C"}])
    );
    let spectator = app.player("spectator").await;
    assert_eq!(app.game(&spectator, &id).await["view"]["trick"], *trick);
    let events = array(&app.events(&spectator, &id).await["events"]);
    let started = events
        .iter()
        .rev()
        .find(|entry| entry["event"]["type"] == "trick_started")
        .map(|entry| entry["event"].clone());
    assert_eq!(
        started,
        Some(
            json!({"kind": "tricky_tribes", "type": "trick_started", "round": 1, "number": 2, "leader": "dummy",
                    "open_lead_required": true})
        )
    );

    app.accept(&p[1], &id, respond("5H")).await;
    app.accept(&p[2], &id, respond("8S")).await;
    let game = app.accept(&p[0], &id, respond("6C")).await;
    let record = &game["view"]["tricks"][1];
    assert_eq!(record["mode"], "loot", "{record}");
    assert_eq!(record["winner"], 2, "{record}");
    assert_eq!(record["collected"], json!(["5H"]), "{record}");
    assert_eq!(record["discarded"], json!(["4C", "8S", "6C"]), "{record}");
    assert_eq!(game["to_act"], json!([2]));
}

// ---------------------------------------------------------------------------------------------
// Missed deadlines

/// One game stopped at a decision point, and what its deadline must do there.
struct Waiting {
    id: String,
    /// Number of seats.
    n: usize,
    version: u64,
    deadline_at: i64,
    /// The seat whose view of the default moves is known exactly.
    observer: usize,
    /// The first events the expiry must log, as `observer` sees them.
    events: Vec<Value>,
    /// Who acts after the default moves.
    next: Value,
    /// `observer`'s hand after the expiry.
    hand: Vec<String>,
}

/// Games with a 10-second deadline, each stopped where a seat must decide: four games of the
/// E12 deal stopped before seat 1 draws, after it drew, with its response due and with its lead
/// due, and a six-player whole-deck deal in which seats 2, 3 and 4 still have to trim.
async fn stop_before_deadlines(app: &TestApp, p: &[Player], deck: &[String]) -> Vec<Waiting> {
    let options = json!({"end_condition": "fixed_rounds", "rounds": 1, "deadline_secs": 10});
    let timeout_play = |position: u8, face: &str, card: &str| {
        json!({"kind": "tricky_tribes", "type": "card_played", "trick": if position == 0 { 2 } else { 1 },
               "participant": 1, "position": position, "face": face, "card": card,
               "timeout": true})
    };
    let dealt = sorted("AS KH 10C 9D 7S 6H 5C 4D QC");
    let exchanged = sorted("AS KH 10C 9D 8D 7S 6H 4D QC");
    let stops: [(Inputs, Value, Vec<String>); 4] = [
        (
            vec![],
            json!({"kind": "tricky_tribes", "type": "exchange_passed", "seat": 1, "timeout": true}),
            dealt.clone(),
        ),
        (
            vec![(1, draw())],
            json!({"kind": "tricky_tribes", "type": "exchange_discarded", "seat": 1, "card": "8D", "drew": false,
                   "drawn": null, "timeout": true}),
            dealt,
        ),
        (
            vec![(1, draw()), (1, discard("5C")), (0, discard("4H"))],
            timeout_play(1, "closed", "4D"),
            exchanged
                .iter()
                .filter(|card| *card != "4D")
                .cloned()
                .collect(),
        ),
        (
            vec![
                (1, draw()),
                (1, discard("5C")),
                (0, discard("4H")),
                (1, respond("QC")),
                (0, respond("8H")),
            ],
            timeout_play(0, "open", "7S"),
            exchanged
                .iter()
                .filter(|card| !["QC", "7S"].contains(&card.as_str()))
                .cloned()
                .collect(),
        ),
    ];
    let mut waiting = Vec::new();
    for (moves, event, hand) in stops {
        let id = start(
            app,
            &p[..2],
            request(2, options.clone(), Some(vec![deck.to_vec()])),
        )
        .await;
        let first = app.game(&p[1], &id).await["deadline_at"].clone();
        assert_eq!(first, json!(app.now() + 10), "10 seconds");
        for (seat, mv) in moves {
            let game = app.accept(&p[seat], &id, mv.clone()).await;
            if mv == draw() {
                // Drawing does not end the decision, so its clock goes on.
                assert_eq!(game["deadline_at"], first, "the draw restarted the clock");
            }
        }
        let game = app.game(&p[1], &id).await;
        assert_eq!(game["to_act"], json!([1]));
        waiting.push(Waiting {
            id,
            n: 2,
            version: game["version"].as_u64().expect("a version"),
            deadline_at: int(&game["deadline_at"]),
            observer: 1,
            events: vec![event],
            next: json!([0]),
            hand,
        });
    }

    // The whole-deck deal: seats 1 to 4 are dealt 9 cards; seat 1 trims, the others wait.
    let mut rng = StdRng::seed_from_u64(6);
    let mut six = full_deck(0, false);
    six.shuffle(&mut rng);
    let mut hands = vec![Vec::new(); 6];
    for (i, card) in six.iter().enumerate() {
        hands[(1 + i) % 6].push(card.clone());
    }
    for hand in &mut hands {
        hand.sort_by_key(|card| canonical(card));
    }
    let options = json!({"end_condition": "fixed_rounds", "rounds": 1, "deadline_secs": 10});
    let id = start(app, p, request(6, options, Some(vec![six]))).await;
    let first = app.game(&p[2], &id).await["deadline_at"].clone();
    assert_eq!(first, json!(app.now() + 10), "10 seconds");
    let highest = hands[1].last().cloned().expect("seat 1 holds cards");
    let game = app
        .accept(&p[1], &id, json!({"type": "trim_discard", "card": highest}))
        .await;
    assert_eq!(
        game["deadline_at"], first,
        "the trim has one clock for all its seats"
    );
    assert_eq!(game["to_act"], json!([2, 3, 4]));
    let trimmed = |seat: usize, card: Value| json!({"kind": "tricky_tribes", "type": "trimmed", "seat": seat, "card": card, "timeout": true});
    waiting.push(Waiting {
        id,
        n: 6,
        version: game["version"].as_u64().expect("a version"),
        deadline_at: int(&game["deadline_at"]),
        observer: 2,
        events: vec![
            trimmed(2, json!(hands[2][0])),
            trimmed(3, Value::Null),
            trimmed(4, Value::Null),
            json!({"kind": "tricky_tribes", "type": "trick_started", "round": 1, "number": 1, "leader": 1,
                   "open_lead_required": false}),
        ],
        next: json!([1]),
        hand: hands[2][1..].to_vec(),
    });
    waiting
}

per_backend!(a_missed_deadline_applies_the_default_move_without_any_request);
async fn a_missed_deadline_applies_the_default_move_without_any_request(app: TestApp) {
    let deck = split(
        "AS AH KH KC 10C JD 9D 9S 7S 8H 6H 7C 5C 5S 4D 4H QC QD 8D JS 10D 6S KD 4S 9H 7D 5H JC \
         AC 4C 6C 8C 9C 8S 10S QS KS 5D 6D AD 7H 10H JH QH",
    );
    let p = app.seat_players(6).await;
    let waiting = stop_before_deadlines(&app, &p, &deck).await;
    let last_deadline = waiting
        .iter()
        .map(|stop| stop.deadline_at)
        .max()
        .expect("games wait for a deadline");
    // No request touches a game meanwhile: any request on a game would expire it too. The
    // clock moves past every deadline, and the server's tick must apply the default moves.
    app.advance_clock(last_deadline - app.now());
    app.tick().await;
    // An expiry made by a request from here on would carry this later time.
    app.advance_clock(1);
    let looked_at = app.now();

    let mut rng = StdRng::seed_from_u64(10);
    for stop in &waiting {
        let p = &p[..stop.n];
        let game = app.game(&p[stop.observer], &stop.id).await;
        let context = format!("{} players, stopped at version {}", stop.n, stop.version);
        assert_eq!(
            game["version"],
            stop.version + 1,
            "{context}: one expiry: {game}"
        );
        assert_eq!(game["to_act"], stop.next, "{context}: {game}");
        assert_eq!(
            game["view"]["hands"][stop.observer]["cards"],
            json!(stop.hand),
            "{context}"
        );
        let expired_events = |events: &Value| -> Vec<Value> {
            array(&events["events"])
                .into_iter()
                .filter(|entry| entry["version"] == stop.version + 1)
                .map(|entry| entry["event"].clone())
                .collect()
        };
        let seen = expired_events(&app.events(&p[stop.observer], &stop.id).await);
        assert!(seen.starts_with(&stop.events), "{context}: {seen:?}");
        let defaults = stop.events.iter().filter(|e| e["timeout"] == true).count();
        let all = array(&app.events(&p[stop.observer], &stop.id).await["events"]);
        let timeouts = all.iter().filter(|e| e["event"]["timeout"] == true).count();
        assert_eq!(
            timeouts, defaults,
            "{context}: only the default moves are marked"
        );
        // Every seat sees the default moves, but a hidden card only if it is its own.
        for (seat, player) in p.iter().enumerate() {
            for event in expired_events(&app.events(player, &stop.id).await) {
                if event["type"] == "trick_started" {
                    continue;
                }
                assert_eq!(event["timeout"], true, "{context}: {event}");
                let owner = event.get("seat").or(event.get("participant"));
                if event.get("card").is_none() {
                    continue;
                }
                if owner != Some(&json!(seat)) && event["face"] != "open" {
                    assert!(event["card"].is_null(), "{context}: seat {seat}: {event}");
                    assert!(event["drawn"].is_null(), "{context}: seat {seat}: {event}");
                } else {
                    assert!(event["card"].is_string(), "{context}: seat {seat}: {event}");
                }
            }
        }

        play_out(&app, p, &stop.id, &mut rng).await;
        // The judged trick records mark the cards played by timeout, and only those.
        let finished = app.game(&p[0], &stop.id).await;
        let marked: Vec<(Value, Value, Value)> = array(&finished["view"]["tricks"])
            .into_iter()
            .flat_map(|record| {
                array(&record["plays"])
                    .into_iter()
                    .filter(|play| play["timeout"] == true)
                    .map(move |play| {
                        (
                            record["number"].clone(),
                            play["position"].clone(),
                            play["card"].clone(),
                        )
                    })
            })
            .collect();
        let played_by_timeout: Vec<(Value, Value, Value)> = stop
            .events
            .iter()
            .filter(|event| event["type"] == "card_played")
            .map(|event| {
                (
                    event["trick"].clone(),
                    event["position"].clone(),
                    event["card"].clone(),
                )
            })
            .collect();
        assert_eq!(marked, played_by_timeout, "{context}");
        let log = app
            .get(&p[0], &format!("/v1/games/{}/moves", stop.id))
            .await
            .expect_status(200)
            .body;
        assert_eq!(log["setup"]["decks"].as_array().map(Vec::len), Some(1));
        let expired: Vec<Value> = array(&log["inputs"])
            .into_iter()
            .filter(|input| input["expired"] == true)
            .collect();
        assert_eq!(expired.len(), 1, "{context}: {log}");
        let input = &expired[0];
        assert_eq!(input["version"], stop.version + 1, "{context}: {input}");
        assert!(
            input["seat"].is_null() && input["move"].is_null(),
            "{input}"
        );
        let when = int(&input["now"]);
        assert!(
            (stop.deadline_at..looked_at).contains(&when),
            "{context}: expired at {when}, deadline {}, first looked at {looked_at}: \
                 not by the tick",
            stop.deadline_at
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Creation options

per_backend!(game_kinds_list_every_option_and_bad_options_are_refused);
async fn game_kinds_list_every_option_and_bad_options_are_refused(app: TestApp) {
    let players = app.seat_players(6).await;
    let creator = &players[0];

    let kind = app.game_kind(creator, "tricky_tribes").await;
    assert_eq!(kind["name"], "Tricky Tribes");
    assert_eq!(kind["min_players"], 2);
    assert_eq!(kind["max_players"], 6);
    let defaults: Vec<(String, Value)> = array(&kind["options"])
        .iter()
        .map(|option| {
            assert!(option["allowed"].is_string() && option["description"].is_string());
            assert!(option["value_type"].is_string(), "{option}");
            assert!(option.get("default").is_some(), "{option}");
            (text(&option["key"]), option["default"].clone())
        })
        .collect();
    let keys: Vec<&str> = defaults.iter().map(|(key, _)| key.as_str()).collect();
    assert_eq!(
        keys,
        [
            "jokers",
            "cut_deck",
            "hand_size",
            "dummy",
            "teams",
            "end_condition",
            "target_score",
            "rounds",
            "deadline_secs"
        ]
    );
    let default = |key: &str| {
        defaults
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("no option {key}"))
    };
    assert_eq!(default("jokers"), 0);
    assert_eq!(default("teams"), json!([]));
    assert_eq!(default("end_condition"), "target_score");
    assert_eq!(default("rounds"), Value::Null);
    assert_eq!(default("deadline_secs"), Value::Null);

    let refusals = [
        (4, json!({"speed": 1}), "unknown_option", "speed"),
        (
            4,
            json!({"jokers": 3, "speed": 1}),
            "unknown_option",
            "speed",
        ),
        (7, json!({}), "invalid_players", "players"),
        (1, json!({}), "invalid_players", "players"),
        (4, json!({"players": 5}), "invalid_players", "players"),
        (4, json!({"jokers": 3}), "invalid_jokers", "jokers"),
        (4, json!({"jokers": -1}), "invalid_jokers", "jokers"),
        (4, json!({"jokers": "1"}), "invalid_jokers", "jokers"),
        (4, json!({"jokers": 1.5}), "invalid_jokers", "jokers"),
        (
            4,
            json!({"jokers": 3, "cut_deck": true}),
            "invalid_jokers",
            "jokers",
        ),
        (
            3,
            json!({"cut_deck": "yes"}),
            "invalid_cut_deck",
            "cut_deck",
        ),
        (
            4,
            json!({"cut_deck": true}),
            "cut_deck_not_allowed",
            "cut_deck",
        ),
        (
            4,
            json!({"cut_deck": true, "hand_size": 10}),
            "cut_deck_not_allowed",
            "cut_deck",
        ),
        (
            4,
            json!({"hand_size": 10}),
            "invalid_hand_size",
            "hand_size",
        ),
        (6, json!({"hand_size": 9}), "invalid_hand_size", "hand_size"),
        (2, json!({"hand_size": 8}), "invalid_hand_size", "hand_size"),
        (
            3,
            json!({"hand_size": "9"}),
            "invalid_hand_size",
            "hand_size",
        ),
        (3, json!({"dummy": "true"}), "invalid_dummy", "dummy"),
        (2, json!({"dummy": false}), "dummy_required", "dummy"),
        (4, json!({"dummy": true}), "dummy_not_allowed", "dummy"),
        (3, json!({"teams": [[0, 2]]}), "teams_not_allowed", "teams"),
        (5, json!({"teams": [[0, 7]]}), "invalid_teams", "teams"),
        (
            5,
            json!({"teams": [[0, 2], [2, 4]]}),
            "invalid_teams",
            "teams",
        ),
        (6, json!({"teams": [[0, 2, 4]]}), "invalid_teams", "teams"),
        (
            5,
            json!({"teams": [[0, 2, 4], [1, 3]]}),
            "invalid_teams",
            "teams",
        ),
        (4, json!({"teams": [0, 2]}), "invalid_teams", "teams"),
        (4, json!({"teams": "[[0,2]]"}), "invalid_teams", "teams"),
        (
            6,
            json!({"teams": [[0, 1], [3, 4]]}),
            "teammates_adjacent",
            "teams",
        ),
        (4, json!({"teams": [[0, 3]]}), "teammates_adjacent", "teams"),
        (
            4,
            json!({"end_condition": "rounds"}),
            "invalid_end_condition",
            "end_condition",
        ),
        (
            4,
            json!({"target_score": 0}),
            "invalid_target_score",
            "target_score",
        ),
        (
            4,
            json!({"target_score": 1001}),
            "invalid_target_score",
            "target_score",
        ),
        (
            4,
            json!({"end_condition": "fixed_rounds", "target_score": 20, "rounds": 3}),
            "target_score_not_applicable",
            "target_score",
        ),
        (
            5,
            json!({"end_condition": "fixed_rounds"}),
            "rounds_required",
            "rounds",
        ),
        (
            4,
            json!({"end_condition": "fixed_rounds", "rounds": 0}),
            "invalid_rounds",
            "rounds",
        ),
        (
            4,
            json!({"end_condition": "fixed_rounds", "rounds": 101}),
            "invalid_rounds",
            "rounds",
        ),
        (4, json!({"rounds": 3}), "rounds_not_applicable", "rounds"),
        (
            4,
            json!({"deadline_secs": 9}),
            "invalid_deadline",
            "deadline_secs",
        ),
        (
            4,
            json!({"deadline_secs": 86401}),
            "invalid_deadline",
            "deadline_secs",
        ),
        (
            4,
            json!({"deadline_secs": "60"}),
            "invalid_deadline",
            "deadline_secs",
        ),
    ];
    for (n, options, code, option) in refusals {
        let reply = app
            .post(creator, "/v1/games", request(n, options.clone(), None))
            .await;
        assert_eq!(reply.code(), code, "{n} players, {options}: {}", reply.text);
        reply.assert_problem(422, code);
        assert_eq!(reply.body["option"], option, "{options}: {}", reply.text);
    }
    let page = app.get(creator, "/v1/games").await.expect_status(200).body;
    assert_eq!(page["games"], json!([]), "a refused game was created");

    // Setups must be a permutation of the game's deck, one per round.
    let mut with_two = full_deck(0, true);
    with_two[0] = "2H".to_owned();
    let mut repeated = full_deck(0, true);
    repeated[1] = repeated[0].clone();
    for decks in [
        vec![with_two],
        vec![repeated],
        vec![full_deck(0, true)[1..].to_vec()],
        vec![full_deck(0, true), full_deck(1, true)],
        vec![full_deck(0, false)],
    ] {
        app.post(creator, "/v1/games", request(2, json!({}), Some(decks)))
            .await
            .assert_problem(422, "invalid_setup");
    }
    app.post(
        creator,
        "/v1/games",
        json!({"kind": "tricky_tribes", "players": 2, "setup": {"decks": "AS KS"}}),
    )
    .await
    .assert_problem(400, "malformed");

    // Valid combinations and the defaults they take.
    let valid = [
        (
            2,
            json!({}),
            json!({"players": 2, "jokers": 0, "cut_deck": true, "hand_size": 9, "dummy": true,
                   "teams": [], "end_condition": "target_score", "target_score": 15,
                   "rounds": null, "deadline_secs": null}),
        ),
        (
            3,
            json!({"dummy": true, "hand_size": 10}),
            json!({"players": 3, "jokers": 0, "cut_deck": true, "hand_size": 10, "dummy": true,
                   "teams": [], "end_condition": "target_score", "target_score": 15,
                   "rounds": null, "deadline_secs": null}),
        ),
        (
            3,
            json!({"cut_deck": false, "jokers": null, "teams": []}),
            json!({"players": 3, "jokers": 0, "cut_deck": false, "hand_size": 9, "dummy": false,
                   "teams": [], "end_condition": "target_score", "target_score": 15,
                   "rounds": null, "deadline_secs": null}),
        ),
        (
            5,
            json!({"teams": [[2, 0], [1, 3]]}),
            json!({"players": 5, "jokers": 0, "cut_deck": false, "hand_size": 9,
                   "dummy": false, "teams": [[0, 2], [1, 3]],
                   "end_condition": "target_score", "target_score": 30, "rounds": null,
                   "deadline_secs": null}),
        ),
        (
            6,
            json!({"teams": [[0, 2, 4], [1, 3, 5]], "deadline_secs": 86400}),
            json!({"players": 6, "jokers": 0, "cut_deck": false, "hand_size": 8,
                   "dummy": false, "teams": [[0, 2, 4], [1, 3, 5]],
                   "end_condition": "target_score", "target_score": 50, "rounds": null,
                   "deadline_secs": 86400}),
        ),
        (
            4,
            json!({"end_condition": "fixed_rounds", "rounds": 3, "target_score": null,
                   "deadline_secs": 10, "jokers": 2}),
            json!({"players": 4, "jokers": 2, "cut_deck": false, "hand_size": 9,
                   "dummy": false, "teams": [], "end_condition": "fixed_rounds",
                   "target_score": null, "rounds": 3, "deadline_secs": 10}),
        ),
    ];
    for (n, options, expected) in valid {
        let id = start(&app, &players[..n], request(n, options.clone(), None)).await;
        let game = app.game(creator, &id).await;
        assert_eq!(game["fixed_setup"], false);
        let view = &game["view"];
        assert_eq!(view["options"], expected, "{options}");
        let hand_size = expected["hand_size"].as_u64().expect("a hand size");
        let sizes: Vec<u64> = array(&view["hands"])
            .iter()
            .map(|hand| hand["size"].as_u64().expect("a hand size"))
            .collect();
        if n == 6 && expected["jokers"] == 0 {
            // The whole-deck deal: seats 1-4 get 9 cards and trim one, 5 and 0 get 8.
            assert_eq!(sizes, [8, 9, 9, 9, 9, 8]);
            assert_eq!(view["stock_size"], 0);
            assert_eq!(view["phase"]["type"], "trim");
            assert_eq!(view["phase"]["must_trim"], json!([1, 2, 3, 4]));
            assert_eq!(game["to_act"], json!([1, 2, 3, 4]));
        } else {
            assert!(sizes.iter().all(|size| *size == hand_size), "{sizes:?}");
            let deck = full_deck(count(&expected["jokers"]), expected["cut_deck"] == true);
            assert_eq!(view["stock_size"], deck.len() as u64 - n as u64 * hand_size);
            assert_eq!(view["phase"]["type"], "exchange");
            assert_eq!(game["to_act"], json!([1]));
        }
        let units = units_of(
            &array(&expected["teams"])
                .iter()
                .map(seats)
                .collect::<Vec<_>>(),
            n,
        );
        let scores: Vec<Value> = units
            .iter()
            .map(|u| json!({"seats": u, "score": 0}))
            .collect();
        assert_eq!(view["scores"], json!(scores));
    }
}

// ---------------------------------------------------------------------------------------------
// The rules' error codes

per_backend!(illegal_moves_are_refused_with_the_rules_codes);
/// The rules' example E20 over HTTP, and the codes of the exchange and the lead.
async fn illegal_moves_are_refused_with_the_rules_codes(app: TestApp) {
    // Seat 1 leads 2D open and seat 2 takes it with AD, so seat 2 leads 6S open in trick 2.
    let deck = arrange(
        &full_deck(0, false),
        9,
        &[
            &["5C"],
            &["2D", "KH"],
            &["AD", "6S"],
            &["3C", "4D", "9C", "KS"],
        ],
        &[],
    );
    let everyone = app.seat_players(6).await;
    let p = &everyone[..4];
    let spectator = app.player("spectator").await;
    let id = start(&app, p, request(4, json!({}), Some(vec![deck.clone()]))).await;
    let moves_path = format!("/v1/games/{id}/moves");

    // The exchange phase: seat 1 decides first.
    app.refuse(&p[2], &id, pass(), 422, "not_your_turn").await;
    app.refuse(&p[1], &id, lead("2D", "open"), 422, "wrong_phase")
        .await;
    app.refuse(&p[1], &id, respond("2D"), 422, "wrong_phase")
        .await;
    app.refuse(
        &p[1],
        &id,
        json!({"type": "trim_discard", "card": "2D"}),
        422,
        "wrong_phase",
    )
    .await;
    app.refuse(&p[1], &id, discard("QX"), 422, "invalid_card")
        .await;
    app.refuse(
        &p[1],
        &id,
        json!({"type": "exchange_discard"}),
        422,
        "invalid_card",
    )
    .await;
    app.refuse(&p[1], &id, discard("AD"), 422, "card_not_in_hand")
        .await;
    app.refuse(&p[1], &id, discard("X1"), 422, "card_not_in_hand")
        .await;
    app.refuse(&spectator, &id, pass(), 403, "not_a_player")
        .await;
    for seat in [1, 2, 3, 0] {
        app.accept(&p[seat], &id, pass()).await;
    }
    app.refuse(&p[1], &id, pass(), 422, "wrong_phase").await;

    // Trick 1: seat 1 leads.
    app.refuse(&p[1], &id, respond("2D"), 422, "wrong_move_type")
        .await;
    app.refuse(
        &p[1],
        &id,
        json!({"type": "lead", "card": "2D", "face": "up"}),
        422,
        "invalid_face",
    )
    .await;
    app.refuse(
        &p[1],
        &id,
        json!({"type": "lead", "card": "2D"}),
        422,
        "invalid_face",
    )
    .await;
    app.refuse(
        &p[1],
        &id,
        json!({"type": "lead", "card": "2D", "face": 1}),
        422,
        "invalid_face",
    )
    .await;
    app.refuse(
        &p[1],
        &id,
        json!({"type": "lead", "card": "ZZ", "face": "up"}),
        422,
        "invalid_card",
    )
    .await;
    app.refuse(
        &p[1],
        &id,
        json!({"type": "lead", "card": "2d", "face": "open"}),
        422,
        "invalid_card",
    )
    .await;
    app.refuse(&p[1], &id, lead("3C", "up"), 422, "invalid_face")
        .await;
    app.refuse(&p[1], &id, lead("3C", "open"), 422, "card_not_in_hand")
        .await;
    app.refuse(&p[2], &id, lead("AD", "open"), 422, "not_your_turn")
        .await;
    app.accept(&p[1], &id, lead("2D", "open")).await;
    app.accept(&p[2], &id, respond("AD")).await;
    app.accept(&p[3], &id, respond("3C")).await;
    let game = app.accept(&p[0], &id, respond("5C")).await;
    assert_eq!(game["view"]["tricks"][0]["taker"], 2);
    app.accept(&p[2], &id, lead("6S", "open")).await;

    // E20: seat 2 led 6S open, seat 3 responds.
    app.refuse(&p[3], &id, json!({"type": "bid"}), 422, "unknown_move")
        .await;
    app.refuse(&p[3], &id, json!({"card": "4D"}), 422, "unknown_move")
        .await;
    app.refuse(
        &p[3],
        &id,
        json!({"type": 7, "card": "4D"}),
        422,
        "unknown_move",
    )
    .await;
    app.refuse(&spectator, &id, respond("4D"), 403, "not_a_player")
        .await;
    app.refuse(&p[3], &id, pass(), 422, "wrong_phase").await;
    app.refuse(&p[0], &id, respond("KH"), 422, "not_your_turn")
        .await;
    app.refuse(&p[3], &id, lead("4D", "open"), 422, "wrong_move_type")
        .await;
    app.refuse(&p[3], &id, respond("QX"), 422, "invalid_card")
        .await;
    app.refuse(
        &p[3],
        &id,
        json!({"type": "respond", "card": 4}),
        422,
        "invalid_card",
    )
    .await;
    app.refuse(&p[3], &id, respond("KH"), 422, "card_not_in_hand")
        .await;

    // Bodies that are not moves at all, and a stale version.
    let version = app.game(&p[3], &id).await["version"].clone();
    for body in [
        json!({"version": version, "move": "respond"}),
        json!({"version": version, "move": ["respond", "9C"]}),
        json!({"version": version, "move": 9}),
        json!({"version": version}),
        json!({"move": respond("9C")}),
        json!({"version": "latest", "move": respond("9C")}),
    ] {
        app.post(&p[3], &moves_path, body.clone())
            .await
            .assert_problem(400, "malformed");
    }
    app.raw_post(&moves_path, Some(&p[3].token), "{\"version\": ")
        .await
        .assert_problem(400, "malformed");
    let stale = json!(int(&version) - 1);
    app.post_move(&p[3], &id, &stale, &respond("9C"))
        .await
        .assert_problem(409, "stale_version");
    app.post_move(&p[3], &id, &version, &respond("9C"))
        .await
        .expect_status(200);
    app.get(&p[0], &format!("/v1/games/{id}/moves"))
        .await
        .assert_problem(409, "game_not_over");
    app.get(&spectator, &format!("/v1/games/{id}/legal-moves"))
        .await
        .assert_problem(403, "not_a_player");

    // E14: six players without jokers; seats 1 to 4 are dealt 9 cards and must trim.
    let six = full_deck(0, false);
    let mut hands = vec![Vec::new(); 6];
    for (i, card) in six.iter().enumerate() {
        hands[(1 + i) % 6].push(card.clone());
    }
    let trim = |card: &str| json!({"type": "trim_discard", "card": card});
    let id = start(
        &app,
        &everyone,
        request(6, json!({}), Some(vec![six.clone()])),
    )
    .await;
    app.refuse(&everyone[5], &id, trim(&hands[5][0]), 422, "not_your_turn")
        .await;
    app.refuse(&everyone[0], &id, trim(&hands[0][0]), 422, "not_your_turn")
        .await;
    app.refuse(&everyone[1], &id, pass(), 422, "wrong_phase")
        .await;
    app.refuse(
        &everyone[1],
        &id,
        lead(&hands[1][0], "open"),
        422,
        "wrong_phase",
    )
    .await;
    app.refuse(&everyone[1], &id, trim("QX"), 422, "invalid_card")
        .await;
    app.refuse(
        &everyone[1],
        &id,
        trim(&hands[2][0]),
        422,
        "card_not_in_hand",
    )
    .await;
    app.refuse(&everyone[1], &id, trim("X1"), 422, "card_not_in_hand")
        .await;
    // The trim is simultaneous: any order.
    for seat in [3, 1, 4] {
        app.accept(&everyone[seat], &id, trim(&hands[seat][0]))
            .await;
    }
    app.refuse(&everyone[1], &id, trim(&hands[1][1]), 422, "not_your_turn")
        .await;
    let game = app.game(&everyone[0], &id).await;
    assert_eq!(game["to_act"], json!([2]));
    assert_eq!(game["view"]["phase"]["pending"], json!([2]));
    assert_eq!(game["view"]["phase"]["must_trim"], json!([1, 2, 3, 4]));
    let game = app.accept(&everyone[2], &id, trim(&hands[2][0])).await;
    assert_eq!(
        game["to_act"],
        json!([1]),
        "seat 1 leads the first of 8 tricks"
    );
    assert!(
        array(&game["view"]["hands"])
            .iter()
            .all(|hand| hand["size"] == 8)
    );
    assert_eq!(game["view"]["discard_size"], 4);
}

per_backend!(a_single_deck_setup_is_the_first_of_the_decks);
async fn a_single_deck_setup_is_the_first_of_the_decks(app: TestApp) {
    let players = app.seat_players(2).await;
    // Two players play the cut deck by default.
    let mut deck = full_deck(0, true);
    deck.reverse();
    let mut hands = Vec::new();
    for setup in [json!({"deck": deck}), json!({"decks": [deck]})] {
        let request = json!({"kind": "tricky_tribes", "players": 2, "setup": setup});
        let id = start(&app, &players, request).await;
        let game = app.game(&players[0], &id).await;
        assert_eq!(game["fixed_setup"], true);
        hands.push(game["view"]["hands"].clone());
    }
    assert!(hands[0].as_array().is_some_and(|hands| !hands.is_empty()));
    assert_eq!(hands[0], hands[1]);
}
