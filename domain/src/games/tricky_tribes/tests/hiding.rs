//! Information hiding: games that differ only in what a viewer cannot see look the same to it,
//! through views, legal moves, event views and the errors of its own moves.

use super::*;
use crate::GameRng;

const CONFIGS: &[&str] = &[
    r#"{"players":2,"jokers":2,"deadline_secs":10}"#,
    r#"{"players":3}"#,
    r#"{"players":3,"dummy":true,"hand_size":10,"deadline_secs":10}"#,
    r#"{"players":4,"jokers":1}"#,
    r#"{"players":5,"teams":[[0,2],[1,3]],"deadline_secs":10}"#,
    r#"{"players":6,"deadline_secs":10}"#,
    r#"{"players":6,"jokers":1}"#,
    r#"{"players":6,"jokers":2}"#,
];

fn below(rng: &mut GameRng, n: usize) -> usize {
    rng.below(u32::try_from(n).unwrap()) as usize
}

/// A random deck, and a second one that differs only in places `keep` is not dealt
/// (`keep` = None: any place, for the spectator).
fn twin_decks(opts: &Options, keep: Option<Seat>, rng: &mut GameRng) -> (Vec<String>, Vec<String>) {
    let mut deck = full_deck(opts.jokers(), opts.cut_deck());
    rng.shuffle(&mut deck);
    let n = usize::from(opts.players());
    let dealt = if opts.whole_deck_deal() {
        deck.len()
    } else {
        n * usize::from(opts.hand_size())
    };
    // Round 1 is dealt by seat 0, so place k goes to seat (k + 1) mod n.
    let kept = |k: usize| keep.is_some_and(|s| k < dealt && (k + 1) % n == s.index());
    let free: Vec<usize> = (0..deck.len()).filter(|k| !kept(*k)).collect();
    let mut moved: Vec<Card> = free.iter().map(|k| deck[*k]).collect();
    rng.shuffle(&mut moved);
    let mut other = deck.clone();
    for (k, card) in free.iter().zip(moved) {
        other[*k] = card;
    }
    let codes = |d: &[Card]| d.iter().map(|c| c.code()).collect::<Vec<_>>();
    (codes(&deck), codes(&other))
}

/// A batch of arbitrary moves: every move type with every card code and some junk.
fn probe_moves() -> Vec<Move> {
    let mut moves = vec![
        Move::ExchangePass,
        Move::ExchangeDraw,
        Move::Unknown,
        Move::Lead {
            card: Some("QX".into()),
            face: Some("open".into()),
        },
        Move::Lead {
            card: Some("4H".into()),
            face: Some("up".into()),
        },
        Move::Respond { card: None },
    ];
    for card in full_deck(2, false) {
        moves.push(Move::exchange_discard(card));
        moves.push(Move::trim_discard(card));
        moves.push(Move::lead(card, Face::Open));
        moves.push(Move::lead(card, Face::Closed));
        moves.push(Move::respond(card));
    }
    moves
}

fn assert_same_to(a: &TrickyTribes, b: &TrickyTribes, viewer: Viewer, probes: &[Move]) {
    assert_eq!(a.view(viewer), b.view(viewer));
    assert_eq!(a.to_act(), b.to_act());
    assert_eq!(a.deadline(), b.deadline());
    let actor = match viewer {
        Viewer::Seat(s) => {
            assert_eq!(a.legal_moves(s), b.legal_moves(s));
            assert_eq!(a.default_move(s), b.default_move(s));
            Actor::Seat(s)
        }
        Viewer::Spectator => Actor::Outsider,
    };
    for mv in probes {
        let ra = a.clone().apply(actor, mv.clone(), NOW + 5).map(|_| ());
        let rb = b.clone().apply(actor, mv.clone(), NOW + 5).map(|_| ());
        assert_eq!(ra, rb, "{mv:?}");
    }
}

/// Whether a move can be made without showing its card to anyone else.
fn discreet(mv: &Move) -> bool {
    !matches!(mv, Move::Lead { face: Some(face), .. } if face == "open")
}

fn drive(json: &str, viewer: Viewer, seed: &str) {
    let opts = options(json);
    let mut rng = Seed::new(seed).unwrap().rng();
    let (deck_a, deck_b) = twin_decks(&opts, viewer.seat(), &mut rng);
    let mut a = new_game(
        opts.clone(),
        seed,
        Some(Setup {
            decks: vec![deck_a],
        }),
    );
    let mut b = new_game(
        opts.clone(),
        seed,
        Some(Setup {
            decks: vec![deck_b],
        }),
    );
    if viewer.seat().is_some() {
        assert_ne!(a, b, "the twins differ in hidden cards");
    }
    let probes = probe_moves();
    let ring = usize::from(opts.players()) + usize::from(opts.dummy());
    let mut now = NOW;
    loop {
        assert_same_to(&a, &b, viewer, &probes);
        if let Phase::Trick { plays, .. } = &a.phase {
            // The next card completes the trick, and judgement reveals every card.
            if plays.len() + 1 >= ring {
                break;
            }
        }
        now += 1;
        let to_act = a.to_act();
        let lead_due = matches!(&a.phase, Phase::Trick { plays, .. } if plays.is_empty());
        let (ea, eb) = if a.deadline().is_some() && !lead_due && below(&mut rng, 4) == 0 {
            let at = a.deadline().unwrap();
            now = now.max(at);
            (a.expire(now).unwrap(), b.expire(now).unwrap())
        } else {
            let s = to_act[below(&mut rng, to_act.len())];
            let own = viewer.is(s);
            let pick = |game: &TrickyTribes| -> Vec<Move> {
                game.legal_moves(s)
                    .0
                    .into_iter()
                    .filter(discreet)
                    // The viewer's own draw would show it stock cards that differ.
                    .filter(|mv| {
                        !own || !matches!(mv, Move::ExchangeDraw | Move::ExchangeDiscard { .. })
                    })
                    .collect()
            };
            let (la, lb) = (pick(&a), pick(&b));
            assert_eq!(la.len(), lb.len());
            let k = below(&mut rng, la.len());
            (
                a.apply(Actor::Seat(s), la[k].clone(), now).unwrap(),
                b.apply(Actor::Seat(s), lb[k].clone(), now).unwrap(),
            )
        };
        assert_eq!(ea.len(), eb.len());
        for (x, y) in ea.iter().zip(&eb) {
            assert_eq!(a.event_view(x, viewer), b.event_view(y, viewer));
        }
    }
}

#[test]
fn tricky_tribes_seats_learn_nothing_hidden() {
    for (index, json) in CONFIGS.iter().enumerate() {
        let players = options(json).players();
        for s in 0..players {
            for round in 0..2 {
                drive(
                    json,
                    Viewer::Seat(Seat(s)),
                    &format!("hide-{index}-{s}-{round}"),
                );
            }
        }
    }
}

#[test]
fn tricky_tribes_spectators_learn_nothing_hidden() {
    for (index, json) in CONFIGS.iter().enumerate() {
        for round in 0..3 {
            drive(json, Viewer::Spectator, &format!("spec-{index}-{round}"));
        }
    }
}

#[test]
fn tricky_tribes_everything_is_shown_once_over() {
    let mut game = new_game(options(r#"{"players":3}"#), "over", None);
    game.scores = vec![20, 0, 0];
    let mut events = Vec::new();
    game.end_round(NOW, &mut events);
    assert!(game.outcome().is_some());
    let view = game.view(Viewer::Spectator);
    assert!(view.hands.iter().all(|hand| hand.cards.is_some()));
    assert_eq!(view.stock.as_ref().map(Vec::len), Some(game.stock.len()));
    let start = new_game(options(r#"{"players":3}"#), "over", None);
    let (_, first) = TrickyTribes::new(
        options(r#"{"players":3}"#),
        Seed::new("over").unwrap().rng(),
        None,
        NOW,
    )
    .unwrap();
    assert_eq!(start.round, 1);
    match game.event_view(&first[0], Viewer::Spectator) {
        Some(super::super::EventView::RoundStarted { hands, .. }) => {
            assert!(hands.iter().all(Option::is_some));
        }
        other => panic!("unexpected {other:?}"),
    }
}
