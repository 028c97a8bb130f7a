//! Reading the JSON of responses. Each reader panics, showing the value, when the value is not
//! of the shape asked for: a test must not go on with an empty default in its place.

use serde_json::Value;

/// The items of an array.
pub fn array(value: &Value) -> Vec<Value> {
    value
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("not an array: {value}"))
}

/// An array of integers.
pub fn ints(value: &Value) -> Vec<i64> {
    array(value).iter().map(int).collect()
}

/// An array of strings.
pub fn strings(value: &Value) -> Vec<String> {
    array(value).iter().map(text).collect()
}

/// An array of seat numbers, such as `to_act`.
pub fn seats(value: &Value) -> Vec<usize> {
    array(value).iter().map(seat).collect()
}

pub fn int(value: &Value) -> i64 {
    value
        .as_i64()
        .unwrap_or_else(|| panic!("not an integer: {value}"))
}

pub fn text(value: &Value) -> String {
    value
        .as_str()
        .unwrap_or_else(|| panic!("not a string: {value}"))
        .to_owned()
}

/// A size or count: a non-negative integer.
pub fn count(value: &Value) -> usize {
    value
        .as_u64()
        .and_then(|count| usize::try_from(count).ok())
        .unwrap_or_else(|| panic!("not a count: {value}"))
}

pub fn seat(value: &Value) -> usize {
    value
        .as_u64()
        .and_then(|seat| usize::try_from(seat).ok())
        .unwrap_or_else(|| panic!("not a seat: {value}"))
}

/// Every number and string found under one of `keys`, at any depth: the cards a response shows,
/// when `keys` are the fields that hold cards.
pub fn leaves_under(value: &Value, keys: &[&str]) -> Vec<Value> {
    fn leaves(value: &Value, found: &mut Vec<Value>) {
        match value {
            Value::Number(_) | Value::String(_) => found.push(value.clone()),
            Value::Array(items) => items.iter().for_each(|item| leaves(item, found)),
            Value::Object(map) => map.values().for_each(|item| leaves(item, found)),
            Value::Null | Value::Bool(_) => {}
        }
    }
    fn walk(value: &Value, keys: &[&str], found: &mut Vec<Value>) {
        match value {
            Value::Object(map) => {
                for (key, inner) in map {
                    if keys.contains(&key.as_str()) {
                        leaves(inner, found);
                    } else {
                        walk(inner, keys, found);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| walk(item, keys, found)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    walk(value, keys, &mut found);
    found
}
