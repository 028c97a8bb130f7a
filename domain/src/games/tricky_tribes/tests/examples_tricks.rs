//! E1-E11 and E19: single tricks and the open-lead obligation.

use super::*;
use crate::games::tricky_tribes::{Mode, TrickKind};

fn four() -> Options {
    options(r#"{"players":4}"#)
}

fn four_jokers() -> Options {
    options(r#"{"players":4,"jokers":2}"#)
}

#[test]
fn tricky_tribes_e1_open_red_all_black_equal_ranks() {
    let (game, t) = play_trick(
        four(),
        1,
        "7H",
        Face::Open,
        &[(2, "2S"), (3, "9C"), (0, "9S")],
    );
    assert_eq!(t.kind, TrickKind::OpenRed);
    assert_result(&t, Some(seat(0)), None, "7H", "2S 9C 9S");
    assert_eq!(game.to_act(), vec![Seat(0)]);
}

#[test]
fn tricky_tribes_e2_open_black_only_red_responses() {
    let (game, t) = play_trick(
        options(r#"{"players":3}"#),
        0,
        "9C",
        Face::Open,
        &[(1, "QH"), (2, "4D")],
    );
    assert_eq!(t.mode, Mode::Loot);
    assert_result(&t, Some(seat(1)), None, "4D", "9C QH");
    assert_eq!(game.to_act(), vec![Seat(1)]);

    let (_, t) = play_trick(
        four(),
        2,
        "5C",
        Face::Open,
        &[(3, "6H"), (0, "3D"), (1, "8D")],
    );
    assert_result(&t, Some(seat(1)), None, "6H 3D", "5C 8D");
}

#[test]
fn tricky_tribes_e3_loot_limit_in_dark_trick() {
    let five = || options(r#"{"players":5}"#);
    let (game, t) = play_trick(
        five(),
        2,
        "7C",
        Face::Closed,
        &[(3, "10H"), (4, "QD"), (0, "KS"), (1, "4H")],
    );
    assert_result(&t, Some(seat(0)), None, "QD", "7C 10H KS 4H");
    assert_eq!(game.obligation, None);
    assert_eq!(game.to_act(), vec![Seat(0)]);

    let (game, t) = play_trick(
        five(),
        2,
        "7C",
        Face::Closed,
        &[(3, "10H"), (4, "QD"), (0, "10S"), (1, "4H")],
    );
    assert_result(&t, Some(seat(4)), None, "10H", "7C QD 10S 4H");
    assert_eq!(game.to_act(), vec![Seat(4)]);
}

#[test]
fn tricky_tribes_e4_leader_wins_dark_trick_and_must_lead_open() {
    let mut game = at_trick(
        four(),
        0,
        &["5S 2C", "KC 3S", "10H 8H", "JD 6C"],
        "",
        seat(1),
        1,
    );
    lead(&mut game, 1, "KC", Face::Closed);
    respond(&mut game, 2, "10H");
    respond(&mut game, 3, "JD");
    respond(&mut game, 0, "5S");
    let t = last_trick(&game);
    assert_result(&t, Some(seat(1)), None, "JD", "KC 10H 5S");
    assert!(t.open_lead_required);
    assert_eq!(game.obligation, Some(seat(1)));
    assert_eq!(
        game.legal_moves(Seat(1)).0,
        vec![Move::lead(c("3S"), Face::Open)]
    );

    let before = game.clone();
    let refused = submit(&mut game, 1, Move::lead(c("3S"), Face::Closed));
    assert_eq!(code_of(refused), "open_lead_required");
    assert_eq!(game, before);

    lead(&mut game, 1, "3S", Face::Open);
    assert_eq!(game.obligation, None);
    respond(&mut game, 2, "8H");
    respond(&mut game, 3, "6C");
    respond(&mut game, 0, "2C");
    let t = last_trick(&game);
    assert_eq!(t.mode, Mode::Loot);
    assert_result(&t, Some(seat(3)), None, "8H", "3S 6C 2C");
    assert!(!t.open_lead_required);
    assert_eq!(game.obligation, None);
}

#[test]
fn tricky_tribes_e5_dark_trick_where_nobody_collects() {
    let (game, t) = play_trick(
        four(),
        3,
        "8C",
        Face::Closed,
        &[(0, "JS"), (1, "2C"), (2, "5S")],
    );
    assert_result(&t, Some(seat(0)), None, "", "8C JS 2C 5S");
    assert_eq!(game.obligation, None);
    assert_eq!(game.to_act(), vec![Seat(0)]);

    let (game, t) = play_trick(
        four(),
        3,
        "AH",
        Face::Closed,
        &[(0, "JS"), (1, "2C"), (2, "5S")],
    );
    assert_result(&t, Some(seat(3)), None, "", "AH JS 2C 5S");
    assert_eq!(game.obligation, Some(seat(3)));
    assert_eq!(t.next_leader, Some(seat(3)));
}

#[test]
fn tricky_tribes_e6_equal_ranks_in_penalty_mode() {
    let (game, t) = play_trick(
        options(r#"{"players":5}"#),
        4,
        "5C",
        Face::Open,
        &[(0, "7S"), (1, "QC"), (2, "7C"), (3, "KS")],
    );
    assert_eq!(t.mode, Mode::Penalty);
    assert_result(&t, None, Some(seat(0)), "5C", "7S QC 7C KS");
    assert_eq!(game.to_act(), vec![Seat(0)]);
}

#[test]
fn tricky_tribes_e7_jokers_in_open_black_tricks() {
    let play = |r1: &str, r2: &str, r3: &str| {
        play_trick(
            four_jokers(),
            0,
            "6S",
            Face::Open,
            &[(1, r1), (2, r2), (3, r3)],
        )
        .1
    };
    let a = play("X1", "9C", "3S");
    assert_eq!(a.mode, Mode::Penalty);
    assert_result(&a, None, Some(seat(3)), "6S", "X1 9C 3S");
    let b = play("X1", "9C", "3H");
    assert_eq!(b.mode, Mode::Loot);
    assert_result(&b, Some(seat(1)), None, "3H", "6S X1 9C");
    let cc = play("X1", "QC", "KS");
    assert_eq!(cc.mode, Mode::Penalty);
    assert_result(&cc, None, Some(seat(1)), "6S", "X1 QC KS");
    let d = play("X1", "QC", "10D");
    assert_eq!(d.mode, Mode::Loot);
    assert_result(&d, Some(seat(2)), None, "10D", "6S X1 QC");
}

#[test]
fn tricky_tribes_e8_joker_led_open() {
    let (game, t) = play_trick(
        four_jokers(),
        2,
        "X2",
        Face::Open,
        &[(3, "JS"), (0, "9H"), (1, "JD")],
    );
    assert_eq!(t.kind, TrickKind::OpenJoker);
    assert_eq!(t.mode, Mode::Reward);
    assert_result(&t, Some(seat(1)), None, "X2", "JS 9H JD");
    assert_eq!(game.stacks[1].iter().map(|c| c.value()).sum::<i64>(), 1);
    assert_eq!(game.to_act(), vec![Seat(1)]);
}

#[test]
fn tricky_tribes_e9_jokers_in_dark_tricks() {
    let (game, a) = play_trick(
        four_jokers(),
        0,
        "9S",
        Face::Closed,
        &[(1, "X1"), (2, "10H"), (3, "2D")],
    );
    assert_result(&a, Some(seat(2)), None, "X1 2D", "9S 10H");
    assert_eq!(game.to_act(), vec![Seat(2)]);

    let (game, b) = play_trick(
        four_jokers(),
        0,
        "KC",
        Face::Closed,
        &[(1, "X1"), (2, "9H"), (3, "X2")],
    );
    assert_result(&b, Some(seat(0)), None, "X2", "KC X1 9H");
    assert_eq!(game.obligation, Some(seat(0)));
}

#[test]
fn tricky_tribes_e10_joker_in_open_red_trick() {
    let one_joker = || options(r#"{"players":4,"jokers":1}"#);
    let (_, t) = play_trick(
        one_joker(),
        3,
        "5D",
        Face::Open,
        &[(0, "X1"), (1, "9H"), (2, "10D")],
    );
    assert_result(&t, Some(seat(2)), None, "5D", "X1 9H 10D");
    let (_, t) = play_trick(
        one_joker(),
        3,
        "5D",
        Face::Open,
        &[(0, "10D"), (1, "9H"), (2, "X1")],
    );
    assert_result(&t, Some(seat(2)), None, "5D", "10D 9H X1");
    assert_eq!(t.plays[3].card, c("X1"));
}

#[test]
fn tricky_tribes_e11_dummy_wins_its_dark_lead_and_leads_open() {
    let mut game = at_trick(
        options(r#"{"players":3,"dummy":true}"#),
        0,
        &["9S 6C", "QH 5H", "5D 8S"],
        "AC 4C KD",
        Participant::Dummy,
        1,
    );
    // The dummy has already led the top stock card face down; nobody sees it.
    let plays = |viewer| game.view(viewer).trick.unwrap().plays;
    for viewer in [
        Viewer::Spectator,
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
    ] {
        assert_eq!(plays(viewer)[0].participant, Participant::Dummy);
        assert_eq!(plays(viewer)[0].card, None);
    }
    assert_eq!(game.to_act(), vec![Seat(1)]);
    respond(&mut game, 1, "QH");
    respond(&mut game, 2, "5D");
    respond(&mut game, 0, "9S");
    let first = game.tricks[0].clone();
    assert_eq!(first.kind, TrickKind::Dark);
    assert_eq!(first.plays[0].card, c("AC"));
    assert_result(&first, Some(Participant::Dummy), None, "QH", "AC 5D 9S");
    assert!(first.open_lead_required);
    assert_eq!(game.dummy_stack, cards("QH"));

    // The dummy turned the next stock card face up at once: public to everyone.
    let trick = game.view(Viewer::Spectator).trick.unwrap();
    assert_eq!(trick.kind, Some(TrickKind::OpenBlack));
    assert_eq!(trick.plays[0].card, Some(c("4C")));
    assert_eq!(game.obligation, None);
    respond(&mut game, 1, "5H");
    respond(&mut game, 2, "8S");
    respond(&mut game, 0, "6C");
    let second = last_trick(&game);
    assert_eq!(second.lead_face, Face::Open);
    assert_eq!(second.mode, Mode::Loot);
    assert_result(&second, Some(seat(2)), None, "5H", "4C 8S 6C");
    assert_eq!(game.to_act(), vec![Seat(2)]);
}

#[test]
fn tricky_tribes_e19_last_trick_won_by_dark_leader() {
    let mut game = at_trick(four(), 0, &["7C", "9D", "QS", "4H"], "", seat(2), 9);
    lead(&mut game, 2, "QS", Face::Closed);
    respond(&mut game, 3, "4H");
    respond(&mut game, 0, "7C");
    let events = submit(&mut game, 1, Move::respond(c("9D"))).unwrap();
    // The round's last trick ended the round: its record is the move's event, and the state
    // keeps the next round's tricks only.
    assert!(game.tricks.is_empty());
    let t = &judged(&events);
    assert_eq!(t.number, 9);
    assert_result(t, Some(seat(2)), None, "9D", "QS 4H 7C");
    assert!(!t.open_lead_required);
    assert_eq!(t.next_leader, None);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, super::super::Event::RoundScored { .. }))
    );
    assert_eq!(game.round, 2);
    assert_eq!(game.dealer, Seat(1));
    assert_eq!(game.obligation, None);
    for s in [2, 3, 0, 1] {
        assert_eq!(game.to_act(), vec![Seat(s)]);
        submit(&mut game, s, Move::ExchangePass).unwrap();
    }
    assert_eq!(game.to_act(), vec![Seat(2)]);
    assert_eq!(game.trick, 1);
    let legal = game.legal_moves(Seat(2));
    assert!(
        legal
            .iter()
            .any(|mv| matches!(mv, Move::Lead { face: Some(f), .. } if f == "closed"))
    );
}
