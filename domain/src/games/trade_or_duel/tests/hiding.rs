//! Information hiding: two games that differ only in what seat i cannot see look the same to i
//! (and to spectators) as long as nothing is revealed.

use super::support::create;
use crate::games::trade_or_duel::{Event, Move, Phase, TradeOrDuel};
use crate::{Actor, Game, GameRng, OptionValue, Seat, Seed, Timestamp, Viewer};

const CASES: u32 = 300;
const MAX_STEPS: usize = 60;

struct Case {
    a: TradeOrDuel,
    b: TradeOrDuel,
    seat: Seat,
    events_a: Vec<Event>,
    events_b: Vec<Event>,
}

fn below(rng: &mut GameRng, bound: usize) -> usize {
    rng.below(u32::try_from(bound).unwrap_or(1)) as usize
}

fn seat(index: usize) -> Seat {
    Seat(u8::try_from(index).unwrap_or(0))
}

fn build(rng: &mut GameRng) -> Case {
    let players = 4 + below(rng, 6);
    let mut deck: Vec<i64> = (1..=18).collect();
    rng.shuffle(&mut deck);
    let hands_a: Vec<[i64; 2]> = deck.chunks(2).take(players).map(|c| [c[0], c[1]]).collect();
    let hidden_seat = below(rng, players);
    // Every card seat i does not hold, dealt again in another order to the others and aside.
    let mut others: Vec<i64> = deck
        .iter()
        .copied()
        .filter(|card| !hands_a[hidden_seat].contains(card))
        .collect();
    rng.shuffle(&mut others);
    let mut rest = others.chunks(2);
    let hands_b: Vec<[i64; 2]> = (0..players)
        .map(|index| match index == hidden_seat {
            true => hands_a[index],
            false => match rest.next() {
                Some(pair) => [pair[0], pair[1]],
                None => panic!("not enough cards"),
            },
        })
        .collect();
    let first = i64::try_from(below(rng, players)).unwrap_or(0);
    let mut extra = vec![(
        "turns_each",
        OptionValue::Int(1 + i64::try_from(below(rng, 4)).unwrap_or(0)),
    )];
    if below(rng, 2) == 0 {
        extra.push(("deadline_secs", OptionValue::Int(30)));
    }
    let (a, events_a) = create(&hands_a, first, &extra, 0);
    let (b, events_b) = create(&hands_b, first, &extra, 0);
    Case {
        a,
        b,
        seat: seat(hidden_seat),
        events_a,
        events_b,
    }
}

/// Moves from seat i, legal or not, including cards it does not hold.
fn probe_moves(players: usize, hand: &[u8]) -> Vec<Move> {
    let mut moves = Vec::new();
    for target in -1..=i64::try_from(players).unwrap_or(0) {
        for action in ["trade", "duel", "dance"] {
            moves.push(Move::Declare {
                target,
                action: action.to_owned(),
            });
        }
    }
    moves.extend((-1..=3).map(|count| Move::Answer { count }));
    moves.push(Move::ChooseCards { cards: Vec::new() });
    for card in 0..=19 {
        moves.push(Move::ChooseCards { cards: vec![card] });
        moves.push(Move::ChooseCards {
            cards: vec![card, card],
        });
        if let Some(own) = hand.first() {
            moves.push(Move::ChooseCards {
                cards: vec![i64::from(*own), card],
            });
        }
    }
    moves
}

fn assert_same_for(case: &Case, id: u32) {
    let (a, b, i) = (&case.a, &case.b, case.seat);
    for viewer in [Viewer::Seat(i), Viewer::Spectator] {
        assert_eq!(
            a.view(viewer),
            b.view(viewer),
            "case {id}: view of {viewer:?}"
        );
        let seen_a: Vec<_> = case
            .events_a
            .iter()
            .map(|e| a.event_view(e, viewer))
            .collect();
        let seen_b: Vec<_> = case
            .events_b
            .iter()
            .map(|e| b.event_view(e, viewer))
            .collect();
        assert_eq!(seen_a, seen_b, "case {id}: events seen by {viewer:?}");
    }
    assert_eq!(a.legal_moves(i), b.legal_moves(i), "case {id}: legal moves");
    assert_eq!(
        a.default_move(i),
        b.default_move(i),
        "case {id}: default move"
    );
    assert_eq!(a.to_act(), b.to_act(), "case {id}: to act");
    assert_eq!(a.deadline(), b.deadline(), "case {id}: deadline");
    for mv in probe_moves(a.players(), a.hand(i)) {
        for actor in [Actor::Seat(i), Actor::Outsider] {
            let checked_a = a.clone().apply(actor, mv.clone(), 5).map(drop);
            let checked_b = b.clone().apply(actor, mv.clone(), 5).map(drop);
            assert_eq!(checked_a, checked_b, "case {id}: {mv:?}");
        }
    }
}

/// The next input as each game receives it: the same except that cards are chosen by position.
fn next_inputs(case: &Case, rng: &mut GameRng) -> Option<(Input, Input)> {
    let (a, b, i) = (&case.a, &case.b, case.seat);
    // A default declaration is a duel, which would end the comparison at once.
    let declaring_other = matches!(a.phase, Phase::Declaration) && !a.pending().contains(&i);
    if let Some(deadline) = a.deadline()
        && !declaring_other
        && below(rng, 4) == 0
    {
        return Some((Input::Expire(deadline), Input::Expire(deadline)));
    }
    let pending = a.to_act();
    let actor = *pending.get(below(rng, pending.len()))?;
    let same = |mv: Move| Some((Input::Move(actor, mv.clone()), Input::Move(actor, mv)));
    match &a.phase {
        Phase::Declaration => {
            // Others only trade among themselves; seat i may do anything.
            let targets: Vec<Seat> = a
                .survivors()
                .into_iter()
                .filter(|t| *t != actor && (actor == i || *t != i))
                .collect();
            let target = *targets.get(below(rng, targets.len()))?;
            let action = if actor == i && below(rng, 2) == 0 {
                "duel"
            } else {
                "trade"
            };
            same(Move::Declare {
                target: i64::from(target.0),
                action: action.to_owned(),
            })
        }
        Phase::Answer { .. } => same(Move::Answer {
            count: 1 + i64::try_from(below(rng, 2)).unwrap_or(0),
        }),
        Phase::Cards(_) => {
            let position = below(rng, a.hand(actor).len());
            let card = |game: &TradeOrDuel| vec![i64::from(game.hand(actor)[position])];
            Some((
                Input::Move(actor, Move::ChooseCards { cards: card(a) }),
                Input::Move(actor, Move::ChooseCards { cards: card(b) }),
            ))
        }
        Phase::Over(_) => None,
    }
}

#[derive(Clone)]
enum Input {
    Move(Seat, Move),
    Expire(Timestamp),
}

fn run(game: &mut TradeOrDuel, input: &Input) -> Vec<Event> {
    let result = match input {
        Input::Move(seat, mv) => game.apply(Actor::Seat(*seat), mv.clone(), 5),
        Input::Expire(now) => game.expire(*now),
    };
    match result {
        Ok(events) => events,
        Err(error) => panic!("refused: {error}"),
    }
}

/// Events after which seat i (or everyone) learns something about the hidden cards.
fn reveals(events: &[Event], i: Seat) -> bool {
    events.iter().any(|event| match event {
        Event::TradeResolved { active, target, .. } => *active == i || *target == i,
        Event::DuelResolved { .. } | Event::HandsCompared { .. } | Event::GameEnded { .. } => true,
        _ => false,
    })
}

#[test]
fn trade_or_duel_hidden_cards_do_not_reach_other_seats() {
    let mut compared_steps = 0;
    for id in 0..CASES {
        let mut rng = Seed::new(format!("hiding-{id}"))
            .unwrap_or_else(|| Seed::from_bytes([5; 32]))
            .rng();
        let mut case = build(&mut rng);
        assert_same_for(&case, id);
        for _ in 0..MAX_STEPS {
            let Some((input_a, input_b)) = next_inputs(&case, &mut rng) else {
                break;
            };
            let mut trial = case.a.clone();
            if reveals(&run(&mut trial, &input_a), case.seat) {
                break;
            }
            case.events_a.extend(run(&mut case.a, &input_a));
            case.events_b.extend(run(&mut case.b, &input_b));
            assert_same_for(&case, id);
            compared_steps += 1;
        }
    }
    assert!(
        compared_steps > 6 * CASES as usize,
        "only {compared_steps} steps compared"
    );
}
