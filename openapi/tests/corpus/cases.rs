//! The games of the corpus: every kind, with varied options, seeds and explicit setups. A new
//! kind of game adds its own function here.

use domain::GameKind;
use serde_json::{Value, json};

use super::pick::Pick;

pub struct Case {
    pub name: String,
    pub kind: GameKind,
    pub players: i64,
    pub options: Value,
    pub seed: String,
    /// An explicit setup in its wire shape.
    pub setup: Option<Value>,
}

fn case(kind: GameKind, index: usize, players: i64, options: Value, setup: Option<Value>) -> Case {
    Case {
        name: format!("{}-{index:02}", kind.id()),
        kind,
        players,
        options,
        seed: format!("corpus {} {index}", kind.id()),
        setup,
    }
}

pub fn all() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.extend(trade_or_duel());
    cases.extend(tribute());
    cases.extend(intrigue());
    cases.extend(tricky_tribes());
    cases
}

fn trade_or_duel() -> Vec<Case> {
    let kind = GameKind::TradeOrDuel;
    let mut cases: Vec<Case> = [
        (4, json!({})),
        (5, json!({"turns_each": 1})),
        (6, json!({"deadline_secs": 60})),
        (7, json!({"first_player": 3, "turns_each": 2})),
        (9, json!({"first_player": "random", "deadline_secs": 30})),
        (8, json!({"turns_each": 4, "players": 8})),
    ]
    .into_iter()
    .enumerate()
    .map(|(index, (players, options))| case(kind, index, players, options, None))
    .collect();
    let mut pick = Pick::new(8);
    for (index, players) in [(6, 4), (7, 6)] {
        let mut deck: Vec<i64> = (1..=18).collect();
        pick.shuffle(&mut deck);
        let hands: Vec<Vec<i64>> = deck.chunks(2).take(players).map(<[i64]>::to_vec).collect();
        let first = pick.below(players);
        let setup = json!({"hands": hands, "first_player": first});
        let options = json!({"deadline_secs": 20});
        cases.push(case(kind, index, players as i64, options, Some(setup)));
    }
    cases
}

fn tribute() -> Vec<Case> {
    let kind = GameKind::Tribute;
    let mut cases: Vec<Case> = [
        json!({}),
        json!({"blind": true}),
        json!({"blind": true, "specials": true, "double_cost": 2, "max_doubles": 3}),
        json!({"specials": false, "card_total": 40}),
        json!({"deadline_secs": 100, "max_doubles": 5, "double_cost": 0}),
        json!({"blind": true, "deadline_secs": 50, "card_total": 70}),
        json!({"card_total": 90, "max_doubles": 1}),
    ]
    .into_iter()
    .enumerate()
    .map(|(index, options)| case(kind, index, 3, options, None))
    .collect();
    cases.push(case(kind, 7, 3, json!({"card_total": 20}), Some(json!({}))));
    cases
}

const INTRIGUE_CHARACTERS: [&str; 4] = ["princess", "duke", "bishop", "prophet"];

fn intrigue_deck() -> Vec<String> {
    domain::games::intrigue::Card::ALL
        .iter()
        .map(|card| card.id().to_owned())
        .collect()
}

fn intrigue() -> Vec<Case> {
    let kind = GameKind::Intrigue;
    let mut cases: Vec<Case> = [
        json!({}),
        json!({"hand_size": 3, "rounds": 2}),
        json!({"hand_size": 7, "rounds": 4, "starting_points": 1}),
        json!({"deadline_secs": 30, "first_player": 2}),
        json!({"rounds": 1, "first_player": null, "starting_points": 20}),
        json!({"hand_size": 6, "deadline_secs": 10}),
    ]
    .into_iter()
    .enumerate()
    .map(|(index, options)| case(kind, index, 3, options, None))
    .collect();
    let mut pick = Pick::new(3);
    for index in 6..8 {
        let mut deck = intrigue_deck();
        pick.shuffle(&mut deck);
        let mut characters = INTRIGUE_CHARACTERS.to_vec();
        pick.shuffle(&mut characters);
        characters.truncate(3);
        let setup = json!({"deck": deck, "characters": characters});
        cases.push(case(kind, index, 3, json!({"rounds": 2}), Some(setup)));
    }
    cases
}

fn tricky_tribes_deck(jokers: usize, cut: bool) -> Vec<String> {
    let ranks = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    let mut deck: Vec<String> = ranks
        .iter()
        .filter(|rank| !cut || !matches!(**rank, "2" | "3"))
        .flat_map(|rank| ["C", "S", "D", "H"].map(|suit| format!("{rank}{suit}")))
        .collect();
    deck.extend(
        ["X1", "X2"]
            .iter()
            .take(jokers)
            .map(|joker| (*joker).to_owned()),
    );
    deck
}

fn tricky_tribes() -> Vec<Case> {
    let kind = GameKind::TrickyTribes;
    let fixed = |rounds: i64| json!({"end_condition": "fixed_rounds", "rounds": rounds});
    let with = |mut base: Value, extra: Value| {
        if let (Some(base), Some(extra)) = (base.as_object_mut(), extra.as_object()) {
            base.extend(extra.clone());
        }
        base
    };
    let mut cases: Vec<Case> = [
        (2, with(fixed(1), json!({}))),
        (3, with(fixed(2), json!({"dummy": true, "jokers": 1}))),
        (
            4,
            with(fixed(1), json!({"teams": [[0, 2]], "deadline_secs": 20})),
        ),
        (5, with(fixed(1), json!({"jokers": 2}))),
        (6, with(fixed(1), json!({"teams": [[0, 2, 4], [1, 3, 5]]}))),
        (6, with(fixed(2), json!({"jokers": 2, "teams": [[0, 3]]}))),
        (
            2,
            json!({"target_score": 5, "hand_size": 10, "deadline_secs": 15}),
        ),
        (3, json!({"target_score": 8, "cut_deck": true})),
        (4, json!({"target_score": 10})),
    ]
    .into_iter()
    .enumerate()
    .map(|(index, (players, options))| {
        let options = with(options, json!({"players": players}));
        case(kind, index, players, options, None)
    })
    .collect();
    let mut pick = Pick::new(5);
    let mut deck = tricky_tribes_deck(0, true);
    pick.shuffle(&mut deck);
    let options = with(fixed(1), json!({"players": 2}));
    cases.push(case(kind, 9, 2, options, Some(json!({"deck": deck}))));
    let mut decks = Vec::new();
    for _ in 0..2 {
        let mut deck = tricky_tribes_deck(1, false);
        pick.shuffle(&mut deck);
        decks.push(deck);
    }
    let options = with(fixed(3), json!({"players": 4, "jokers": 1}));
    cases.push(case(kind, 10, 4, options, Some(json!({"decks": decks}))));
    cases
}
