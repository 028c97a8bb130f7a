//! What the kind info says each option accepts (and the contract states as its schema) agrees
//! with the rules' own option parsing: nothing else is accepted as an option, every value the
//! schema refuses the rules refuse for any player count, and every boundary value the schema
//! allows is accepted in some game.

use std::ops::RangeInclusive;

use domain::{AnyGame, GameKind, OptionInfo, OptionMap, OptionValues, Seed};
use openapi::kinds::option_value_from_json;
use serde_json::{Value, json};

fn created(kind: GameKind, players: i64, options: &[(&str, Value)]) -> bool {
    let options = OptionMap(
        options
            .iter()
            .map(|(key, value)| ((*key).to_owned(), option_value_from_json(value)))
            .collect(),
    );
    let seed = Seed::from_bytes([7; 32]);
    AnyGame::create(kind, players, &options, &seed, None, 0).is_ok()
}

fn player_counts(kind: GameKind) -> RangeInclusive<i64> {
    let info = kind.info();
    i64::from(info.min_players)..=i64::from(info.max_players)
}

/// Other options a value may need beside it (the rules tie some options together).
fn contexts(option: &OptionInfo) -> Vec<Vec<(&'static str, Value)>> {
    match option.key {
        "rounds" => vec![vec![], vec![("end_condition", json!("fixed_rounds"))]],
        "end_condition" => vec![vec![], vec![("rounds", json!(1))]],
        _ => vec![vec![]],
    }
}

fn accepted_somewhere(kind: GameKind, option: &OptionInfo, value: &Value) -> bool {
    player_counts(kind).any(|players| {
        contexts(option).into_iter().any(|mut context| {
            context.push((option.key, value.clone()));
            created(kind, players, &context)
        })
    })
}

fn refused_everywhere(kind: GameKind, option: &OptionInfo, value: &Value) -> bool {
    player_counts(kind).all(|players| {
        contexts(option).into_iter().all(|mut context| {
            context.push((option.key, value.clone()));
            !created(kind, players, &context)
        })
    })
}

fn allowed_values(option: &OptionInfo) -> Vec<Value> {
    let mut values = match option.accepts {
        OptionValues::Int { min, max } => vec![json!(min), json!(max)],
        OptionValues::Bool => vec![json!(true), json!(false)],
        OptionValues::Text(texts) => texts.iter().map(|text| json!(text)).collect(),
        OptionValues::TextOrInt(texts, min, max) => texts
            .iter()
            .map(|text| json!(text))
            .chain([json!(min), json!(max)])
            .collect(),
        OptionValues::SeatGroups { .. } => vec![json!([])],
    };
    if option.nullable {
        values.push(Value::Null);
    }
    values
}

fn refused_values(option: &OptionInfo) -> Vec<Value> {
    let mut values = match option.accepts {
        OptionValues::Int { min, max } => {
            vec![
                json!(min - 1),
                json!(max + 1),
                json!("1"),
                json!(1.5),
                json!(true),
            ]
        }
        OptionValues::Bool => vec![json!(1), json!("true")],
        OptionValues::Text(_) => vec![json!("no such value"), json!(1)],
        OptionValues::TextOrInt(_, min, max) => {
            vec![
                json!("no such value"),
                json!(min - 1),
                json!(max + 1),
                json!(true),
            ]
        }
        OptionValues::SeatGroups {
            seats,
            min_size,
            max_size,
            max_groups,
        } => vec![
            json!("teams"),
            json!([[0, seats]]),
            json!([["0", "1"]]),
            json!([[0, 0]]),
            json!([vec![0; min_size - 1]]),
            json!([(0..=i64::try_from(max_size).unwrap_or(0)).collect::<Vec<_>>()]),
            json!(vec![[0, 1]; max_groups + 1]),
        ],
    };
    values.push(json!({}));
    if !option.nullable {
        values.push(Value::Null);
    }
    values
}

#[test]
fn an_option_the_kind_info_does_not_list_is_refused() {
    for kind in GameKind::ALL {
        for players in player_counts(*kind) {
            assert!(
                !created(*kind, players, &[("no_such_option", json!(1))]),
                "{} accepts an unknown option",
                kind.id()
            );
        }
    }
}

#[test]
fn the_player_range_is_what_the_rules_accept() {
    for kind in GameKind::ALL {
        let counts = player_counts(*kind);
        assert!(created(*kind, *counts.start(), &[]), "{}", kind.id());
        assert!(created(*kind, *counts.end(), &[]), "{}", kind.id());
        assert!(!created(*kind, counts.start() - 1, &[]), "{}", kind.id());
        assert!(!created(*kind, counts.end() + 1, &[]), "{}", kind.id());
    }
}

#[test]
fn values_the_schema_allows_are_accepted_in_some_game() {
    for kind in GameKind::ALL {
        for option in &kind.info().options {
            for value in allowed_values(option) {
                assert!(
                    accepted_somewhere(*kind, option, &value),
                    "{}: `{}` = {value} is in the schema but never accepted",
                    kind.id(),
                    option.key
                );
            }
        }
    }
}

#[test]
fn values_the_schema_refuses_are_refused_in_every_game() {
    for kind in GameKind::ALL {
        for option in &kind.info().options {
            for value in refused_values(option) {
                assert!(
                    refused_everywhere(*kind, option, &value),
                    "{}: `{}` = {value} is outside the schema but accepted",
                    kind.id(),
                    option.key
                );
            }
        }
    }
}
