//! Worked examples of Oracle, face-up supports and relationships.

use super::*;
use crate::games::intrigue::events::EventView;
use crate::games::intrigue::terms::Pair;
use Face::{Down, Up};
use Pos::{A, B, C};

fn one_round() -> Harness {
    Harness::with_options(Options::with(5, 1, None, Some(Seat(0))))
}

#[test]
fn intrigue_e7_oracle() {
    let mut h = Harness::s();
    h.hand(1, &["oracle", "feud", "public_support_1"])
        .deck(&["guilds", "lies", "zealots"])
        .fill();
    let events = h
        .play(1, r#"{"type":"play_action","card":"oracle"}"#)
        .unwrap();
    assert_eq!(
        h.table().hands[0],
        cards(&["feud", "public_support_1", "guilds", "lies"])
    );
    assert_eq!(h.table().deck, cards(&["zealots"]));
    assert_eq!(h.table().resolving, Some(card("oracle")));
    assert_eq!(h.table().to_act, seat(1));
    for player in [2, 3] {
        let view = h.view(player);
        assert_eq!(view.players[0].hand_size, 4);
        assert_eq!(view.players[0].hand, None);
        assert_eq!(view.deck_size, 1);
        assert_eq!(view.pending.unwrap().seat, seat(1));
        let EventView::OraclePlayed { drew, .. } = h
            .game
            .event_view(&events[0], Viewer::Seat(seat(player)))
            .unwrap()
        else {
            panic!("not an Oracle event");
        };
        assert_eq!((drew.count, drew.cards), (2, None));
    }
    assert_eq!(
        h.code(2, r#"{"type":"take_token","token":"a_plus3"}"#),
        "not_your_turn"
    );
    assert_eq!(
        h.code(1, r#"{"type":"take_token","token":"a_plus3"}"#),
        "decision_pending"
    );
    h.play(1, r#"{"type":"discard","card":"lies"}"#).unwrap();
    assert_eq!(
        h.table().hands[0],
        cards(&["feud", "public_support_1", "guilds"])
    );
    assert_eq!(h.table().discard, cards(&["lies", "oracle"]));
    assert_eq!(h.table().resolving, None);
    assert_eq!(h.table().to_act, seat(2));
}

#[test]
fn intrigue_e7_variant_b_oracle_on_an_empty_deck() {
    let mut h = one_round();
    h.hand(1, &["oracle"]).fill();
    h.t().discard = cards(&["spy"]);
    let events = h
        .play(1, r#"{"type":"play_action","card":"oracle"}"#)
        .unwrap();
    assert!(matches!(
        events[0],
        Event::OraclePlayed {
            discard_pending: false,
            ..
        }
    ));
    assert_eq!(h.table().discard, cards(&["spy", "oracle"]));
    assert!(round_ended(&events));
}

#[test]
fn intrigue_e7_variant_c_oracle_discards_the_last_card() {
    let mut h = one_round();
    h.hand(1, &["oracle"]).deck(&["guilds"]).fill();
    let events = h
        .play(1, r#"{"type":"play_action","card":"oracle"}"#)
        .unwrap();
    assert!(!round_ended(&events));
    assert_eq!(h.table().hands[0], cards(&["guilds"]));
    assert!(h.table().resolving.is_some());
    let events = h.play(1, r#"{"type":"discard","card":"guilds"}"#).unwrap();
    assert!(h.table().hands[0].is_empty());
    assert_eq!(h.table().discard, cards(&["guilds", "oracle"]));
    assert!(round_ended(&events));
}

#[test]
fn intrigue_e14_a_face_up_support_draws() {
    let mut h = Harness::s();
    h.acting(2)
        .hand(2, &["public_support_1", "spy"])
        .deck(&["guilds", "feud"])
        .fill();
    let events = h
        .play(
            2,
            r#"{"type":"play_face_up","card":"public_support_1","character":"C"}"#,
        )
        .unwrap();
    assert_eq!(
        stack_cards(h.table(), C),
        [(card("public_support_1"), seat(2), Up)]
    );
    assert_eq!(h.table().hands[1], cards(&["spy", "guilds"]));
    assert_eq!(h.table().deck, cards(&["feud"]));
    for viewer in [
        Viewer::Seat(seat(1)),
        Viewer::Seat(seat(3)),
        Viewer::Spectator,
    ] {
        let view = h.game.view(viewer);
        assert_eq!(
            view.positions[2].stack[0].card,
            Some(card("public_support_1"))
        );
        assert_eq!(view.players[1].hand_size, 2);
        assert_eq!(view.players[1].hand, None);
        let Some(EventView::PlayedFaceUp { drew, .. }) = h.game.event_view(&events[0], viewer)
        else {
            panic!("not a face-up event");
        };
        assert_eq!((drew.count, drew.cards), (1, None));
    }
    assert_eq!(h.view(2).players[1].hand, Some(cards(&["spy", "guilds"])));
}

#[test]
fn intrigue_e14_b_defiance_discards_and_ends_the_round() {
    let mut h = one_round();
    h.acting(3)
        .hand(3, &["defiance_1", "lies"])
        .stack(B, &[("guilds", 1, Down)])
        .fill();
    let before = h.table().clone();
    let events = h
        .play(
            3,
            r#"{"type":"play_face_up","card":"defiance_1","character":"B","discard":"lies"}"#,
        )
        .unwrap();
    assert!(matches!(
        &events[0],
        Event::PlayedFaceUp { index: 1, discarded: Some(c), drew, .. } if *c == card("lies") && drew.is_empty()
    ));
    assert_eq!(h.table().discard, cards(&["lies"]));
    assert!(h.table().hands[2].is_empty());
    assert!(round_ended(&events), "the round ends at once");
    let Event::RoundScored(score) = &events[1] else {
        panic!("no scoring");
    };
    let b: Vec<(Card, Seat)> = score.stacks[1].iter().map(|e| (e.card, e.owner)).collect();
    assert_eq!(
        b,
        [(card("guilds"), seat(1)), (card("defiance_1"), seat(3))]
    );
    assert_eq!(before.stack(B)[0].face, Down);

    // With more rounds to play, round 2 starts with P2: P1 gets no further turn in round 1.
    let mut h = Harness::s();
    h.acting(3)
        .hand(3, &["defiance_1", "lies"])
        .stack(B, &[("guilds", 1, Down)])
        .fill();
    let events = h
        .play(
            3,
            r#"{"type":"play_face_up","card":"defiance_1","character":"B","discard":"lies"}"#,
        )
        .unwrap();
    assert!(round_ended(&events));
    assert_eq!((h.table().round, h.table().to_act), (2, seat(2)));
}

#[test]
fn intrigue_e14_c_defiance_as_the_last_card() {
    let mut h = one_round();
    h.acting(3).hand(3, &["defiance_2"]).fill();
    assert_eq!(
        h.code(
            3,
            r#"{"type":"play_face_up","card":"defiance_2","character":"A","discard":"defiance_2"}"#
        ),
        "bad_parameters"
    );
    let events = h
        .play(
            3,
            r#"{"type":"play_face_up","card":"defiance_2","character":"A"}"#,
        )
        .unwrap();
    assert!(h.table().hands[2].is_empty());
    assert!(round_ended(&events));
}

#[test]
fn intrigue_e14_d_defiance_discard_checks() {
    let mut h = Harness::s();
    h.acting(3).hand(3, &["defiance_1", "lies"]).fill();
    assert_eq!(
        h.code(
            3,
            r#"{"type":"play_face_up","card":"defiance_1","character":"A"}"#
        ),
        "bad_parameters"
    );
    assert_eq!(
        h.code(
            3,
            r#"{"type":"play_face_up","card":"defiance_1","character":"A","discard":"spy"}"#
        ),
        "discard_not_in_hand"
    );
    assert_eq!(
        h.code(
            3,
            r#"{"type":"play_face_up","card":"defiance_1","character":"A","discard":"defiance_1"}"#
        ),
        "discard_not_in_hand"
    );
}

#[test]
fn intrigue_e14_e_face_up_on_an_empty_deck() {
    let mut h = one_round();
    h.hand(1, &["guilds"]).fill();
    let events = h
        .play(
            1,
            r#"{"type":"play_face_up","card":"guilds","character":"A"}"#,
        )
        .unwrap();
    assert_eq!(stack_cards(h.table(), A), [(card("guilds"), seat(1), Up)]);
    assert!(matches!(&events[0], Event::PlayedFaceUp { drew, .. } if drew.is_empty()));
    assert!(h.table().hands[0].is_empty());
    assert!(round_ended(&events));
}

#[test]
fn intrigue_e14_f_only_supports_go_face_up() {
    let mut h = Harness::s();
    h.hand(1, &["spy"]).fill();
    assert_eq!(
        h.code(1, r#"{"type":"play_face_up","card":"spy","character":"A"}"#),
        "wrong_card_type"
    );
}

#[test]
fn intrigue_e15_relationship_replacement_allowed() {
    let mut h = Harness::s();
    h.relate("feud", A, B)
        .acting(2)
        .hand(2, &["friendship", "spy"])
        .hand(3, &["debt", "lies"])
        .fill();
    h.play(
        2,
        r#"{"type":"play_relationship","card":"friendship","first":"B","second":"A"}"#,
    )
    .unwrap();
    let rel = h.table().relationship(Pair::Ab).unwrap();
    assert_eq!(
        (rel.card, rel.first, rel.second),
        (card("friendship"), B, A)
    );
    assert_eq!(h.table().discard, cards(&["feud"]));
    h.play(
        3,
        r#"{"type":"play_relationship","card":"debt","first":"A","second":"B"}"#,
    )
    .unwrap();
    let rel = h.table().relationship(Pair::Ab).unwrap();
    assert_eq!((rel.card, rel.first, rel.second), (card("debt"), A, B));
    assert_eq!(h.table().discard, cards(&["feud", "friendship"]));
}

#[test]
fn intrigue_e16_relationship_replacement_refused() {
    let refused = |existing: &str, first: Pos, second: Pos, played: &str, json: &str| {
        let mut h = Harness::s();
        h.relate(existing, first, second).hand(1, &[played]).fill();
        h.code(1, json)
    };
    assert_eq!(
        refused(
            "debt",
            A,
            B,
            "feud",
            r#"{"type":"play_relationship","card":"feud","first":"A","second":"B"}"#
        ),
        "replacement_not_allowed"
    );
    assert_eq!(
        refused(
            "advantage",
            B,
            C,
            "friendship",
            r#"{"type":"play_relationship","card":"friendship","first":"B","second":"C"}"#
        ),
        "replacement_not_allowed"
    );
    assert_eq!(
        refused(
            "friendship",
            C,
            A,
            "advantage",
            r#"{"type":"play_relationship","card":"advantage","first":"C","second":"A"}"#
        ),
        "replacement_not_allowed"
    );
    let mut h = Harness::s();
    h.hand(1, &["friendship"]).fill();
    assert_eq!(
        h.code(
            1,
            r#"{"type":"play_relationship","card":"friendship","first":"A","second":"A"}"#
        ),
        "bad_parameters"
    );
}
