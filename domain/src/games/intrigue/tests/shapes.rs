//! The wire shapes of moves and the log.

use super::*;

#[test]
fn moves_parse_from_the_rules_file_shapes() {
    let shapes = [
        r#"{"type":"take_token","token":"a_plus3"}"#,
        r#"{"type":"play_face_down","card":"spy","character":"A"}"#,
        r#"{"type":"play_face_up","card":"defiance_1","character":"B","discard":"lies"}"#,
        r#"{"type":"play_face_up","card":"guilds","character":"C"}"#,
        r#"{"type":"play_action","card":"oracle"}"#,
        r#"{"type":"play_action","card":"manipulate","give":"a_plus1","take":"b_plus3"}"#,
        r#"{"type":"play_action","card":"misinformation","pair":"ab","direction":"clockwise"}"#,
        r#"{"type":"play_relationship","card":"debt","first":"A","second":"B"}"#,
        r#"{"type":"play_favor","color":"C"}"#,
        r#"{"type":"discard","card":"lies"}"#,
    ];
    for json in shapes {
        let parsed = mv(json);
        let back = serde_json::to_string(&parsed).unwrap();
        assert_eq!(mv(&back), parsed);
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(&back).unwrap(),
            serde_json::from_str::<serde_json::Value>(json).unwrap()
        );
    }
}

#[test]
fn shape_errors_fail_to_parse() {
    let bad = [
        r#"{"token":"a_plus3"}"#,
        r#"{"type":"pass"}"#,
        r#"{"type":"take_token"}"#,
        r#"{"type":"take_token","token":"a_plus3","extra":1}"#,
        r#"{"type":"play_face_down","card":"spy"}"#,
        r#"{"type":"play_favor","color":"A","card":"spy"}"#,
        r#"{"type":"discard","card":3}"#,
    ];
    for json in bad {
        assert!(serde_json::from_str::<Move>(json).is_err(), "{json}");
    }
}

#[test]
fn the_state_and_log_survive_a_json_round_trip() {
    let (game, events) = Intrigue::new(Options::default(), rng(), None, 0).unwrap();
    let text = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Intrigue>(&text).unwrap(), game);
    let text = serde_json::to_string(&events).unwrap();
    assert_eq!(serde_json::from_str::<Vec<Event>>(&text).unwrap(), events);
}

#[test]
fn scoring_events_survive_a_json_round_trip() {
    let mut h = Harness::with_options(Options::with(5, 1, None, Some(Seat(0))));
    h.relate("debt", Pos::A, Pos::B)
        .stack(Pos::A, &[("guilds", 1, Face::Down)])
        .choose(&[0]);
    let mut events = Vec::new();
    let Harness { game, script } = &mut h;
    game.table.finish_round(script, 0, &mut events);
    assert_eq!(events.len(), 2);
    let text = serde_json::to_string(&events).unwrap();
    assert!(text.contains(r#""type":"round_scored""#));
    assert_eq!(serde_json::from_str::<Vec<Event>>(&text).unwrap(), events);
}
