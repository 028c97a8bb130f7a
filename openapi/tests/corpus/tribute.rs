//! Random Tribute moves built from the legal-move description, as a client would build them.

use serde_json::{Value, json};

use super::pick::Pick;

fn int(value: &Value, key: &str) -> i64 {
    value[key].as_i64().unwrap_or_default()
}

/// `count` values in `low..=high` adding up to `total`.
fn values(pick: &mut Pick, count: usize, low: i64, high: i64, total: i64) -> Vec<i64> {
    let mut values = vec![low; count];
    let mut left = total - low * count as i64;
    while left > 0 {
        let i = pick.below(count);
        if values[i] < high {
            values[i] += 1;
            left -= 1;
        }
    }
    values
}

pub fn random_move(legal: &Value, pick: &mut Pick) -> Option<Value> {
    match legal["type"].as_str()? {
        "select" => {
            let totals = legal["totals"].as_array()?;
            let choice = &totals[pick.below(totals.len())];
            let count = usize::try_from(int(legal, "card_count")).ok()?;
            let cards = values(
                pick,
                count,
                int(legal, "min_value"),
                int(legal, "max_value"),
                int(choice, "total"),
            );
            Some(json!({"type": "select", "cards": cards, "doubles": int(choice, "doubles")}))
        }
        "orders" => {
            let opponents = legal["opponents"].as_array()?;
            let spec = &legal["values"];
            let (x, y, doubles) = match spec["type"].as_str()? {
                "hand" => {
                    let hand = spec["hand"].as_array()?;
                    let first = pick.below(hand.len());
                    let mut second = pick.below(hand.len());
                    if hand.len() > 1 {
                        while second == first {
                            second = pick.below(hand.len());
                        }
                    }
                    let doubles = pick.between(0, int(spec, "doubles_left"));
                    (hand[first].as_i64()?, hand[second].as_i64()?, doubles)
                }
                "blind" => {
                    let sums = spec["sums"].as_array()?;
                    let choice = &sums[pick.below(sums.len())];
                    let sum = pick.between(int(choice, "min_sum"), int(choice, "max_sum"));
                    let x = pick.between((sum - 9).max(0), sum.min(9));
                    (x, sum - x, int(choice, "doubles"))
                }
                _ => return None,
            };
            let plays = [
                json!({"opponent": opponents[0], "value": x}),
                json!({"opponent": opponents[1], "value": y}),
            ];
            Some(
                json!({"type": "orders", "turn": legal["turn"], "plays": plays, "doubles": doubles}),
            )
        }
        _ => None,
    }
}
