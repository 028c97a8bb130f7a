//! S1-S4: the examples restated from the original text.

use super::*;
use crate::games::tricky_tribes::{Mode, TrickKind};

#[test]
fn tricky_tribes_s1_open_red_trick() {
    let (game, t) = play_trick(
        options(r#"{"players":4}"#),
        0,
        "3D",
        Face::Open,
        &[(1, "4S"), (2, "JH"), (3, "QD")],
    );
    assert_eq!(t.kind, TrickKind::OpenRed);
    assert_eq!(t.mode, Mode::Reward);
    assert_result(&t, Some(seat(3)), None, "3D", "4S JH QD");
    assert_eq!(t.next_leader, Some(seat(3)));
    assert_eq!(game.to_act(), vec![Seat(3)]);
    assert_eq!(game.stacks[3], cards("3D"));
}

#[test]
fn tricky_tribes_s2_open_black_penalty() {
    let (game, t) = play_trick(
        options(r#"{"players":3}"#),
        0,
        "6C",
        Face::Open,
        &[(1, "8S"), (2, "9C")],
    );
    assert_eq!(t.kind, TrickKind::OpenBlack);
    assert_eq!(t.mode, Mode::Penalty);
    assert_result(&t, None, Some(seat(1)), "6C", "8S 9C");
    assert_eq!(game.to_act(), vec![Seat(1)]);
    assert_eq!(game.stacks[1].iter().map(|c| c.value()).sum::<i64>(), -1);
}

#[test]
fn tricky_tribes_s3_open_black_loot() {
    let play = |third: &str| {
        play_trick(
            options(r#"{"players":6}"#),
            0,
            "4S",
            Face::Open,
            &[(1, "5H"), (2, third), (3, "9S"), (4, "7D"), (5, "2H")],
        )
    };
    let (game, t) = play("10C");
    assert_eq!(t.mode, Mode::Loot);
    assert_result(&t, Some(seat(2)), None, "5H 7D 2H", "4S 10C 9S");
    assert_eq!(game.to_act(), vec![Seat(2)]);
    let (_, t) = play("JC");
    assert_result(&t, Some(seat(2)), None, "7D", "4S 5H JC 9S 2H");
}

#[test]
fn tricky_tribes_s4_dark_trick() {
    let options4 = || options(r#"{"players":4}"#);
    let (game, t) = play_trick(
        options4(),
        0,
        "AS",
        Face::Closed,
        &[(1, "QC"), (2, "5D"), (3, "AH")],
    );
    assert_eq!(t.kind, TrickKind::Dark);
    assert_eq!(t.mode, Mode::Loot);
    assert_result(&t, Some(seat(3)), None, "5D", "AS QC AH");
    assert!(!t.open_lead_required);
    assert_eq!(game.obligation, None);
    assert_eq!(game.to_act(), vec![Seat(3)]);

    let (game, t) = play_trick(
        options4(),
        0,
        "AS",
        Face::Closed,
        &[(1, "QC"), (2, "5D"), (3, "KH")],
    );
    assert_result(&t, Some(seat(0)), None, "KH", "AS QC 5D");
    assert!(t.open_lead_required);
    assert_eq!(game.obligation, Some(seat(0)));
    assert_eq!(
        game.view(Viewer::Spectator).open_lead_obligation,
        Some(seat(0))
    );
}

#[test]
fn tricky_tribes_s4_dark_cards_hidden_until_judgement() {
    let mut game = at_trick(
        options(r#"{"players":4}"#),
        3,
        &["AS 2C", "QC 2S", "5D 2D", "AH 2H"],
        "",
        seat(0),
        1,
    );
    lead(&mut game, 0, "AS", Face::Closed);
    respond(&mut game, 1, "QC");
    let trick = |viewer| game.view(viewer).trick.unwrap();
    let shown = |viewer| -> Vec<Option<Card>> {
        trick(viewer).plays.iter().map(|play| play.card).collect()
    };
    assert_eq!(shown(Viewer::Seat(Seat(0))), vec![Some(c("AS")), None]);
    assert_eq!(shown(Viewer::Seat(Seat(1))), vec![None, Some(c("QC"))]);
    assert_eq!(shown(Viewer::Seat(Seat(2))), vec![None, None]);
    assert_eq!(shown(Viewer::Spectator), vec![None, None]);
    assert_eq!(trick(Viewer::Spectator).kind, Some(TrickKind::Dark));
    respond(&mut game, 2, "5D");
    let events = submit(&mut game, 3, Move::respond(c("AH"))).unwrap();
    // From judgement on, the record (every card) is public.
    let judged = events
        .iter()
        .find_map(|event| match game.event_view(event, Viewer::Spectator) {
            Some(super::super::EventView::TrickJudged { record }) => Some(record),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        judged
            .plays
            .iter()
            .map(|play| play.card)
            .collect::<Vec<_>>(),
        cards("AS QC 5D AH")
    );
    assert_eq!(game.view(Viewer::Spectator).tricks.len(), 1);
}
