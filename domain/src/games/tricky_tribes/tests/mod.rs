//! Tests: every worked example of the rules file, option checks, properties and hiding.
#![expect(clippy::unwrap_used)]

mod examples_flow;
mod examples_moves;
mod examples_round;
mod examples_scoring;
mod examples_seed;
mod examples_tricks;
mod hiding;
mod properties;
mod seed_secrecy;
mod stored_format;

use super::card::{Card, full_deck, sorted};
use super::judge::Face;
use super::participant::Participant;
use super::terms::TrickRecord;
use super::{Move, Options, Phase, Setup, TrickyTribes};
use crate::{Actor, Game, IllegalMove, OptionMap, OptionValue, Seat, Seed, Viewer};

pub const NOW: i64 = 1_000;

pub fn c(code: &str) -> Card {
    Card::parse(code).unwrap()
}

pub fn cards(codes: &str) -> Vec<Card> {
    codes.split_whitespace().map(c).collect()
}

pub fn seat(n: u8) -> Participant {
    Participant::Seat(Seat(n))
}

fn option_value(value: &serde_json::Value) -> OptionValue {
    match value {
        serde_json::Value::Null => OptionValue::Null,
        serde_json::Value::Bool(b) => OptionValue::Bool(*b),
        serde_json::Value::Number(n) => n.as_i64().map_or(OptionValue::Other, OptionValue::Int),
        serde_json::Value::String(s) => OptionValue::Str(s.clone()),
        serde_json::Value::Array(items) => {
            OptionValue::List(items.iter().map(option_value).collect())
        }
        serde_json::Value::Object(_) => OptionValue::Other,
    }
}

pub fn option_map(json: &str) -> OptionMap {
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut map = OptionMap::default();
    for (key, value) in value.as_object().unwrap() {
        let value = match value {
            serde_json::Value::Null => OptionValue::Null,
            serde_json::Value::Bool(b) => OptionValue::Bool(*b),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(i) => OptionValue::Int(i),
                None => OptionValue::Number(n.as_f64().unwrap()),
            },
            serde_json::Value::String(s) => OptionValue::Str(s.clone()),
            serde_json::Value::Array(_) | serde_json::Value::Object(_) => option_value(value),
        };
        map.0.insert(key.clone(), value);
    }
    map
}

/// Options from a JSON object that holds `players`.
pub fn options(json: &str) -> Options {
    let map = option_map(json);
    let players = match map.get("players") {
        Some(OptionValue::Int(n)) => *n,
        _ => 0,
    };
    TrickyTribes::parse_options(players, &map).unwrap()
}

pub fn new_game(options: Options, seed: &str, setup: Option<Setup>) -> TrickyTribes {
    TrickyTribes::new(options, Seed::new(seed).unwrap().rng(), setup, NOW)
        .unwrap()
        .0
}

/// Every card of the round, wherever it is.
pub fn all_cards(game: &TrickyTribes) -> Vec<Card> {
    let mut all: Vec<Card> = game.hands.iter().flatten().copied().collect();
    all.extend(&game.stock);
    all.extend(&game.discard);
    all.extend(game.stacks.iter().flatten());
    all.extend(&game.dummy_stack);
    if let Phase::Trick { plays, .. } = &game.phase {
        all.extend(plays.iter().map(|play| play.card));
    }
    sorted(all)
}

pub fn assert_conserved(game: &TrickyTribes) {
    let expected = full_deck(game.options.jokers(), game.options.cut_deck());
    assert_eq!(all_cards(game), expected, "cards not conserved");
}

/// A deck order that deals the given (partial) hands and puts `stock_top` on the stock,
/// filling every unspecified place with the unused cards in canonical order.
pub fn arrange(options: &Options, dealer: u8, hands: &[&str], stock_top: &str) -> Vec<String> {
    let n = usize::from(options.players());
    let deck = full_deck(options.jokers(), options.cut_deck());
    let dealt = if options.whole_deck_deal() {
        deck.len()
    } else {
        n * usize::from(options.hand_size())
    };
    let mut used: Vec<Card> = hands.iter().flat_map(|h| cards(h)).collect();
    used.extend(cards(stock_top));
    let mut spare = deck.into_iter().filter(|card| !used.contains(card));
    let mut wanted: Vec<std::collections::VecDeque<Card>> = (0..n)
        .map(|s| cards(hands.get(s).unwrap_or(&"")).into())
        .collect();
    let mut order = Vec::new();
    for i in 0..dealt {
        let s = (usize::from(dealer) + 1 + i) % n;
        let card = wanted[s].pop_front().or_else(|| spare.next()).unwrap();
        order.push(card);
    }
    assert!(wanted.iter().all(|w| w.is_empty()), "a hand is too long");
    order.extend(cards(stock_top));
    order.extend(spare);
    order.iter().map(|card| card.code()).collect()
}

/// A game whose round `round` is dealt from `deck` (earlier rounds skipped).
pub fn game_at_round(options: Options, round: u32, deck: Vec<String>) -> TrickyTribes {
    let mut game = new_game(options, "skip", None);
    let setup = Setup { decks: vec![deck] };
    game.preset_decks = setup.decks_for(&game.options).unwrap();
    game.summaries.clear();
    let mut events = Vec::new();
    game.start_round(round, NOW, &mut events);
    game
}

/// A game in trick play: trick `number` of round `dealer + 1`, led by `leader`, with the given
/// hands (by seat) and stock top; every other card is on the discard pile.
pub fn at_trick(
    options: Options,
    dealer: u8,
    hands: &[&str],
    stock_top: &str,
    leader: Participant,
    number: u8,
) -> TrickyTribes {
    let mut game = new_game(options, "trick", None);
    let n = usize::from(game.options.players());
    game.round = u32::from(dealer) + 1;
    game.dealer = Seat(dealer);
    game.hands = (0..n)
        .map(|s| sorted(cards(hands.get(s).unwrap_or(&""))))
        .collect();
    game.stock = cards(stock_top);
    let mut used: Vec<Card> = game.hands.iter().flatten().copied().collect();
    used.extend(&game.stock);
    game.discard = full_deck(game.options.jokers(), game.options.cut_deck())
        .into_iter()
        .filter(|card| !used.contains(card))
        .collect();
    game.stacks = vec![Vec::new(); n];
    game.dummy_stack.clear();
    game.exchanges.clear();
    game.trims.clear();
    game.obligation = None;
    game.trick = number - 1;
    let mut events = Vec::new();
    game.start_trick(leader, &mut events);
    game.settle(NOW, &mut events);
    assert_conserved(&game);
    game
}

pub fn submit(game: &mut TrickyTribes, s: u8, mv: Move) -> Result<Vec<super::Event>, IllegalMove> {
    game.apply(Actor::Seat(Seat(s)), mv, NOW)
}

pub fn lead(game: &mut TrickyTribes, s: u8, card: &str, face: Face) -> Vec<super::Event> {
    submit(game, s, Move::lead(c(card), face)).unwrap()
}

pub fn respond(game: &mut TrickyTribes, s: u8, card: &str) -> Vec<super::Event> {
    submit(game, s, Move::respond(c(card))).unwrap()
}

/// The last judged trick of the current round.
pub fn last_trick(game: &TrickyTribes) -> TrickRecord {
    game.tricks.last().unwrap().clone()
}

/// The trick a move's events judged. The state keeps only the current round's tricks, so the
/// record of a round's last trick is found here, as in the event log.
pub fn judged(events: &[super::Event]) -> TrickRecord {
    events
        .iter()
        .find_map(|event| match event {
            super::Event::TrickJudged { record } => Some(record.clone()),
            _ => None,
        })
        .unwrap()
}

/// Checks a judged trick's result: winner, loser, taker, collected and discarded cards.
pub fn assert_result(
    record: &TrickRecord,
    winner: Option<Participant>,
    loser: Option<Participant>,
    collected: &str,
    discarded: &str,
) {
    assert_eq!(record.winner, winner, "winner");
    assert_eq!(record.loser, loser, "loser");
    assert_eq!(record.taker, winner.or(loser).unwrap(), "taker");
    assert_eq!(record.collected, cards(collected), "collected");
    assert_eq!(record.discarded, cards(discarded), "discarded");
}

pub fn code_of(err: Result<Vec<super::Event>, IllegalMove>) -> &'static str {
    err.unwrap_err().code
}

/// Plays one whole trick (no dummy) from hands holding exactly the trick's cards.
pub fn play_trick(
    options: Options,
    leader: u8,
    lead_card: &str,
    face: Face,
    responses: &[(u8, &str)],
) -> (TrickyTribes, TrickRecord) {
    let n = usize::from(options.players());
    let mut hands = vec![String::new(); n];
    hands[usize::from(leader)] = lead_card.to_owned();
    for (s, card) in responses {
        hands[usize::from(*s)] = format!("{} {card}", hands[usize::from(*s)]);
    }
    let hands: Vec<&str> = hands.iter().map(String::as_str).collect();
    let mut game = at_trick(options, 0, &hands, "", seat(leader), 1);
    lead(&mut game, leader, lead_card, face);
    for (s, card) in responses {
        assert_eq!(game.to_act(), vec![Seat(*s)], "ring order");
        respond(&mut game, *s, card);
    }
    let record = last_trick(&game);
    (game, record)
}
