//! Worked examples of the action cards.

use super::*;
use crate::games::intrigue::events::{EventView, SpyResult};
use crate::games::intrigue::state::Favor;
use crate::games::intrigue::terms::Pair;
use Face::{Down, Up};
use Pos::{A, B, C};

#[test]
fn intrigue_e8_assassination() {
    let mut h = Harness::s();
    h.t().round = 3;
    h.t().point_tokens = [1, 0, 1];
    h.t().favor_pile = vec![Favor {
        player: seat(3),
        color: C,
    }];
    h.t().unplayed_favors[2] = vec![A, B];
    h.hold(2, &["c_plus3"])
        .stack(
            C,
            &[
                ("public_support_1", 1, Down),
                ("enthusiastic_support_1", 3, Up),
            ],
        )
        .relate("feud", B, C)
        .hand(1, &["assassination", "spy"])
        .fill()
        .choose(&[0]);
    let events = h
        .play(
            1,
            r#"{"type":"play_action","card":"assassination","character":"C"}"#,
        )
        .unwrap();
    assert!(h.script.0.is_empty(), "one choose(1)");
    let t = h.table();
    assert_eq!(t.character_at[2], Character::Prophet);
    assert_eq!(t.dead, [Character::Bishop]);
    assert!(t.unused.is_empty());
    assert!(t.stack(C).is_empty());
    assert_eq!(
        t.discard,
        cards(&[
            "public_support_1",
            "enthusiastic_support_1",
            "assassination"
        ])
    );
    assert_eq!(t.point_tokens, [1, 0, 0]);
    assert_eq!(t.holder(token("c_plus3")), Some(seat(2)));
    assert_eq!(t.holder(token("c_plus1")), None);
    let feud = t.relationship(Pair::Bc).unwrap();
    assert_eq!((feud.card, feud.first, feud.second), (card("feud"), B, C));
    assert_eq!(
        t.favor_pile,
        [Favor {
            player: seat(3),
            color: C
        }]
    );
    assert_eq!(t.hands[0], cards(&["spy"]));
    // Everything about the Assassination is public.
    assert!(matches!(
        h.game.event_view(&events[0], Viewer::Spectator),
        Some(EventView::AssassinationPlayed { victim: Character::Bishop, successor: Character::Prophet, ref discarded, .. })
            if discarded.len() == 2
    ));

    // Later in the game, with no unused character left.
    h.t().discard.retain(|c| *c != card("assassination"));
    h.hand(2, &["assassination", "guilds"]);
    assert_eq!(
        h.code(
            2,
            r#"{"type":"play_action","card":"assassination","character":"A"}"#
        ),
        "no_unused_character"
    );
    h.play(
        2,
        r#"{"type":"play_face_down","card":"assassination","character":"A"}"#,
    )
    .unwrap();
}

#[test]
fn intrigue_e9_virtue() {
    let mut h = Harness::s();
    h.acting(2)
        .hand(2, &["virtue", "spy"])
        .stack(
            B,
            &[
                ("feud", 1, Down),
                ("public_support_1", 2, Down),
                ("manipulate", 3, Down),
                ("enthusiastic_support_1", 1, Down),
            ],
        )
        .fill();
    let events = h
        .play(
            2,
            r#"{"type":"play_action","card":"virtue","character":"B"}"#,
        )
        .unwrap();
    assert_eq!(
        stack_cards(h.table(), B),
        [
            (card("feud"), seat(1), Down),
            (card("public_support_1"), seat(2), Down),
            (card("enthusiastic_support_1"), seat(1), Up),
        ]
    );
    assert_eq!(h.table().discard, cards(&["manipulate", "virtue"]));
    let Event::VirtuePlayed {
        turned_up,
        discarded,
        ..
    } = &events[0]
    else {
        panic!("not a Virtue event");
    };
    let flips: Vec<(usize, Card)> = turned_up.iter().map(|f| (f.index, f.card)).collect();
    assert_eq!(
        flips,
        [(3, card("enthusiastic_support_1")), (2, card("manipulate"))]
    );
    assert_eq!(*discarded, Some(card("manipulate")));
    // The flipped card is public now.
    assert_eq!(
        h.spectator().positions[1].stack[2].card,
        Some(card("enthusiastic_support_1"))
    );
    assert_eq!(h.spectator().positions[1].stack[0].card, None);
}

#[test]
fn intrigue_e9_variant_virtue_without_negative_cards() {
    let mut h = Harness::s();
    h.acting(2)
        .hand(2, &["virtue", "spy"])
        .stack(
            A,
            &[
                ("guilds", 3, Down),
                ("public_support_2", 1, Up),
                ("public_support_3", 2, Down),
            ],
        )
        .fill();
    let events = h
        .play(
            2,
            r#"{"type":"play_action","card":"virtue","character":"A"}"#,
        )
        .unwrap();
    let Event::VirtuePlayed {
        turned_up,
        discarded,
        ..
    } = &events[0]
    else {
        panic!("not a Virtue event");
    };
    let flips: Vec<Card> = turned_up.iter().map(|f| f.card).collect();
    assert_eq!(flips, cards(&["public_support_3", "guilds"]));
    assert_eq!(*discarded, None);
    assert!(h.table().stack(A).iter().all(|e| e.face == Up));
    assert_eq!(h.table().stack(A).len(), 3);
    assert_eq!(h.table().discard, cards(&["virtue"]));

    let mut h = Harness::s();
    h.hand(1, &["virtue", "spy"])
        .stack(B, &[("guilds", 2, Up)])
        .fill();
    for target in ["A", "B"] {
        assert_eq!(
            h.code(
                1,
                &format!(r#"{{"type":"play_action","card":"virtue","character":"{target}"}}"#)
            ),
            "no_face_down_cards"
        );
    }
}

#[test]
fn intrigue_e10_spy() {
    let mut h = Harness::s();
    h.hand(1, &["spy", "guilds"])
        .stack(
            A,
            &[
                ("loyalists", 2, Down),
                ("public_support_3", 1, Up),
                ("lies", 3, Down),
            ],
        )
        .fill()
        .choose(&[1]);
    let events = h
        .play(1, r#"{"type":"play_action","card":"spy","character":"A"}"#)
        .unwrap();
    assert!(h.script.0.is_empty());
    assert_eq!(
        h.game.event_view(&events[0], Viewer::Seat(seat(1))),
        Some(EventView::SpyPlayed {
            seat: seat(1),
            position: A,
            result: Some(SpyResult {
                index: 2,
                card: card("lies"),
            }),
        })
    );
    for viewer in [
        Viewer::Seat(seat(2)),
        Viewer::Seat(seat(3)),
        Viewer::Spectator,
    ] {
        assert_eq!(
            h.game.event_view(&events[0], viewer),
            Some(EventView::SpyPlayed {
                seat: seat(1),
                position: A,
                result: None,
            })
        );
    }
    assert_eq!(h.table().discard, cards(&["spy"]));
    assert_eq!(h.table().stack(A)[2].face, Down);
    let a = |player: u8| -> Vec<Option<Card>> {
        h.view(player).positions[0]
            .stack
            .iter()
            .map(|e| e.card)
            .collect()
    };
    assert_eq!(
        a(1),
        [None, Some(card("public_support_3")), Some(card("lies"))]
    );
    assert_eq!(
        a(2),
        [
            Some(card("loyalists")),
            Some(card("public_support_3")),
            None
        ]
    );
    assert_eq!(
        a(3),
        [None, Some(card("public_support_3")), Some(card("lies"))]
    );
    let spectator: Vec<Option<Card>> = h.spectator().positions[0]
        .stack
        .iter()
        .map(|e| e.card)
        .collect();
    assert_eq!(spectator, [None, Some(card("public_support_3")), None]);
}

fn e11() -> Harness {
    let mut h = Harness::s();
    h.hold(1, &["a_plus1"])
        .hold(3, &["b_plus3", "c_plus1"])
        .hand(1, &["manipulate", "spy"])
        .fill();
    h
}

#[test]
fn intrigue_e11_manipulate() {
    let mut h = e11();
    let events = h
        .play(
            1,
            r#"{"type":"play_action","card":"manipulate","give":"a_plus1","take":"b_plus3"}"#,
        )
        .unwrap();
    assert_eq!(h.table().holder(token("b_plus3")), Some(seat(1)));
    assert_eq!(h.table().holder(token("a_plus1")), Some(seat(3)));
    assert_eq!(h.table().holder(token("c_plus1")), Some(seat(3)));
    assert!(matches!(events[0], Event::ManipulatePlayed { opponent, .. } if opponent == seat(3)));
}

#[test]
fn intrigue_e11_refused_manipulations() {
    let mut h = e11();
    assert_eq!(
        h.code(
            1,
            r#"{"type":"play_action","card":"manipulate","give":"c_plus1","take":"b_plus3"}"#
        ),
        "token_not_held"
    );
    assert_eq!(
        h.code(
            1,
            r#"{"type":"play_action","card":"manipulate","give":"a_plus1","take":"a_plus3"}"#
        ),
        "token_not_held_by_opponent"
    );
    let mut h = e11();
    h.acting(2)
        .hand(2, &["manipulate", "spy"])
        .hand(1, &["guilds"]);
    for give in Token::ALL {
        for take in Token::ALL {
            let json = format!(
                r#"{{"type":"play_action","card":"manipulate","give":"{}","take":"{}"}}"#,
                give.id(),
                take.id()
            );
            assert_eq!(h.code(2, &json), "token_not_held");
        }
    }
}

fn e12() -> Harness {
    let mut h = Harness::s();
    h.relate("debt", A, B)
        .relate("friendship", B, C)
        .hand(1, &["misinformation", "spy"])
        .fill();
    h
}

#[test]
fn intrigue_e12_misinformation() {
    let mut h = e12();
    h.play(
        1,
        r#"{"type":"play_action","card":"misinformation","pair":"ab","direction":"counterclockwise"}"#,
    )
    .unwrap();
    let t = h.table();
    assert_eq!(t.relationship(Pair::Ab), None);
    let debt = t.relationship(Pair::Ca).unwrap();
    assert_eq!((debt.card, debt.first, debt.second), (card("debt"), C, A));
    let friendship = t.relationship(Pair::Bc).unwrap();
    assert_eq!(
        (friendship.card, friendship.first, friendship.second),
        (card("friendship"), B, C)
    );
}

#[test]
fn intrigue_e12_refused_misinformation() {
    let mut h = e12();
    assert_eq!(
        h.code(
            1,
            r#"{"type":"play_action","card":"misinformation","pair":"ab","direction":"clockwise"}"#
        ),
        "destination_occupied"
    );
    assert_eq!(
        h.code(
            1,
            r#"{"type":"play_action","card":"misinformation","pair":"ca","direction":"clockwise"}"#
        ),
        "no_relationship_on_pair"
    );
}

#[test]
fn intrigue_e13_lies() {
    let mut h = Harness::s();
    h.relate("blackmail", C, A)
        .hand(1, &["lies", "spy"])
        .fill()
        .stack(
            A,
            &[
                ("enthusiastic_support_1", 1, Down),
                ("enthusiastic_support_2", 2, Down),
            ],
        )
        .stack(B, &[("public_support_1", 1, Down)])
        .stack(C, &[("zealots", 3, Down)]);
    let mut before = h.table().clone();
    h.play(1, r#"{"type":"play_action","card":"lies","pair":"ca"}"#)
        .unwrap();
    let rel = h.table().relationship(Pair::Ca).unwrap();
    assert_eq!((rel.card, rel.first, rel.second), (card("blackmail"), A, C));
    let Harness { game, script } = &mut h;
    let after = game.table.score_round(script);
    assert_eq!(after.totals, [4, 1, 2]);
    assert_eq!(after.winner, A);
    let earlier = before.score_round(&mut Scripted::default());
    assert_eq!(earlier.totals, [4, 1, 2]);
    assert_eq!(earlier.winner, C);
}
