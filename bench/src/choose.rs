//! Picks a legal move from what `GET /v1/games/{id}/legal-moves` says, as a client would.

use rand::rngs::StdRng;
use rand::{RngExt, seq::SliceRandom};
use serde_json::{Value, json};

/// A random legal move: one of the listed moves, or one built from a typed description (Tribute
/// describes its selections and orders instead of listing them). `None` when there is none.
pub fn legal_move(legal: &Value, rng: &mut StdRng) -> Option<Value> {
    if let Some(moves) = legal.as_array() {
        return (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())].clone());
    }
    match legal["type"].as_str()? {
        "select" => selection(legal, rng),
        "orders" => orders(legal, rng),
        _ => None,
    }
}

fn int(value: &Value) -> Option<i64> {
    value.as_i64()
}

fn ints(value: &Value) -> Vec<i64> {
    value
        .as_array()
        .map(|items| items.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default()
}

/// A Tribute selection: one of the allowed (doubles, total) pairs, and cards that add up to it.
fn selection(legal: &Value, rng: &mut StdRng) -> Option<Value> {
    let totals = legal["totals"].as_array()?;
    if totals.is_empty() {
        return None;
    }
    let choice = &totals[rng.random_range(0..totals.len())];
    let count = usize::try_from(legal["card_count"].as_u64()?).ok()?;
    let cards = adding_up_to(
        int(&choice["total"])?,
        count,
        int(&legal["min_value"])?,
        int(&legal["max_value"])?,
        rng,
    )?;
    Some(json!({"type": "select", "cards": cards, "doubles": int(&choice["doubles"])?}))
}

/// `count` values in `min..=max` adding up to `total`, in random order.
fn adding_up_to(
    total: i64,
    count: usize,
    min: i64,
    max: i64,
    rng: &mut StdRng,
) -> Option<Vec<i64>> {
    let mut left = total;
    let mut cards = Vec::with_capacity(count);
    for placed in 0..count {
        let after = i64::try_from(count - placed - 1).ok()?;
        let low = (left - max * after).max(min);
        let high = (left - min * after).min(max);
        if low > high {
            return None;
        }
        let card = rng.random_range(low..=high);
        cards.push(card);
        left -= card;
    }
    cards.shuffle(rng);
    Some(cards)
}

/// Tribute orders: one play against each opponent, from the hand or within the blind sums.
fn orders(legal: &Value, rng: &mut StdRng) -> Option<Value> {
    let opponents = ints(&legal["opponents"]);
    let [low, high] = opponents.as_slice() else {
        return None;
    };
    let values = &legal["values"];
    let (x, y, doubles) = match values["type"].as_str()? {
        "hand" => {
            let hand = ints(&values["hand"]);
            if hand.len() < 2 {
                return None;
            }
            let i = rng.random_range(0..hand.len());
            let mut j = rng.random_range(0..hand.len() - 1);
            if j >= i {
                j += 1;
            }
            let most = int(&values["doubles_left"])?;
            (hand[i], hand[j], rng.random_range(0..=most))
        }
        "blind" => {
            let sums = values["sums"].as_array()?;
            if sums.is_empty() {
                return None;
            }
            let choice = &sums[rng.random_range(0..sums.len())];
            let sum = rng.random_range(int(&choice["min_sum"])?..=int(&choice["max_sum"])?);
            let x = rng.random_range((sum - 9).max(0)..=sum.min(9));
            (x, sum - x, int(&choice["doubles"])?)
        }
        _ => return None,
    };
    Some(json!({
        "type": "orders",
        "turn": int(&legal["turn"])?,
        "plays": [{"opponent": low, "value": x}, {"opponent": high, "value": y}],
        "doubles": doubles,
    }))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn a_listed_move_is_one_of_the_list() {
        let legal = json!([{"type": "a"}, {"type": "b"}]);
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..20 {
            let mv = legal_move(&legal, &mut rng).unwrap_or_default();
            assert!(legal.as_array().is_some_and(|moves| moves.contains(&mv)));
        }
        assert_eq!(legal_move(&json!([]), &mut rng), None);
    }

    #[test]
    fn a_selection_adds_up_to_a_listed_total() {
        let legal = json!({"type": "select", "card_count": 10, "min_value": 0, "max_value": 9,
                           "totals": [{"doubles": 0, "total": 50}, {"doubles": 2, "total": 44}]});
        let mut rng = StdRng::seed_from_u64(2);
        for _ in 0..50 {
            let mv = legal_move(&legal, &mut rng).unwrap_or_default();
            let cards = ints(&mv["cards"]);
            let total: i64 = cards.iter().sum();
            let expected = if mv["doubles"] == 0 { 50 } else { 44 };
            assert_eq!((cards.len(), total), (10, expected), "{mv}");
            assert!(cards.iter().all(|card| (0..=9).contains(card)));
        }
    }

    #[test]
    fn orders_play_two_different_cards_of_the_hand() {
        let legal = json!({"type": "orders", "turn": 2, "opponents": [0, 2],
                           "values": {"type": "hand", "hand": [3, 7], "doubles_left": 1}});
        let mut rng = StdRng::seed_from_u64(3);
        let mv = legal_move(&legal, &mut rng).unwrap_or_default();
        let mut played = vec![
            mv["plays"][0]["value"].clone(),
            mv["plays"][1]["value"].clone(),
        ];
        played.sort_by_key(|value| value.as_i64());
        assert_eq!(played, vec![json!(3), json!(7)]);
        assert_eq!(mv["turn"], 2);
    }
}
