//! E21: deadline defaults, and the expiry mechanism around them.

use super::*;
use crate::games::tricky_tribes::Event;

const E21_HAND: &str = "9H 9C X1 10S 4H";

#[test]
fn tricky_tribes_e21_lead_defaults() {
    let opts = || options(r#"{"players":4,"jokers":1,"deadline_secs":30}"#);
    let game = at_trick(opts(), 0, &[E21_HAND], "", seat(0), 1);
    assert_eq!(
        sorted(game.hands[0].clone()),
        cards("4H 9C 9H 10S X1"),
        "canonical order"
    );
    assert_eq!(
        game.default_move(Seat(0)),
        Some(Move::lead(c("9C"), Face::Open))
    );
    assert_eq!(game.default_move(Seat(1)), None);
    let game = at_trick(opts(), 0, &["4H X1"], "", seat(0), 1);
    assert_eq!(
        game.default_move(Seat(0)),
        Some(Move::lead(c("4H"), Face::Open))
    );

    // Under the open-lead obligation the default is the same open lead.
    let mut game = at_trick(opts(), 0, &[E21_HAND], "", seat(0), 1);
    game.obligation = Some(seat(0));
    let deadline = game.deadline().unwrap();
    assert_eq!(deadline, NOW + 30);
    let events = game.expire(deadline).unwrap();
    assert_eq!(
        events[0],
        Event::CardPlayed {
            trick: 1,
            participant: seat(0),
            position: 0,
            face: Face::Open,
            card: c("9C"),
            timeout: true,
        }
    );
    assert_eq!(game.deadline(), Some(deadline + 30));
}

#[test]
fn tricky_tribes_e21_respond_default() {
    let opts = options(r#"{"players":4,"jokers":1,"deadline_secs":30}"#);
    let mut game = at_trick(opts, 0, &[E21_HAND, "", "", "2C"], "", seat(3), 1);
    lead(&mut game, 3, "2C", Face::Closed);
    assert_eq!(game.default_move(Seat(0)), Some(Move::respond(c("4H"))));
    game.expire(NOW + 30).unwrap();
    assert!(game.tricks.is_empty());
    let trick = game.view(Viewer::Seat(Seat(0))).trick.unwrap();
    assert_eq!(trick.plays[1].card, Some(c("4H")));
}

#[test]
fn tricky_tribes_e21_trim_default() {
    let opts = options(r#"{"players":6,"jokers":1,"deadline_secs":30}"#);
    let deck = arrange(&opts, 0, &["", "9H 9C X1 10S 4H KD 5S 7D AC"], "");
    let mut game = game_at_round(opts, 1, deck);
    assert_eq!(game.hands[1].len(), 9);
    assert_eq!(
        game.default_move(Seat(1)),
        Some(Move::trim_discard(c("4H")))
    );
    assert_eq!(game.default_move(Seat(0)), None, "seat 0 holds 8");
    // One expiry trims every pending seat at once.
    let pending = game.to_act();
    assert_eq!(pending.len(), 5);
    let events = game.expire(NOW + 30).unwrap();
    let trims = events
        .iter()
        .filter(|e| matches!(e, Event::Trimmed { timeout: true, .. }))
        .count();
    assert_eq!(trims, 5);
    assert!(game.hands.iter().all(|hand| hand.len() == 8));
    assert!(!game.hands[1].contains(&c("4H")));
    assert_eq!(game.to_act(), vec![Seat(1)]);
}

#[test]
fn tricky_tribes_e21_exchange_defaults() {
    let opts = options(r#"{"players":4,"deadline_secs":30}"#);
    let deck = arrange(&opts, 0, &[], "QS");
    let mut game = game_at_round(opts, 1, deck);
    assert_eq!(game.default_move(Seat(1)), Some(Move::ExchangePass));
    let dealt = game.hands[1].clone();
    // Drawing does not restart the decision's clock.
    let events = game
        .apply(Actor::Seat(Seat(1)), Move::ExchangeDraw, NOW + 10)
        .unwrap();
    assert_eq!(
        events,
        vec![Event::ExchangeDrew {
            seat: Seat(1),
            card: c("QS")
        }]
    );
    assert_eq!(game.deadline(), Some(NOW + 30));
    assert_eq!(
        game.default_move(Seat(1)),
        Some(Move::exchange_discard(c("QS")))
    );
    assert_eq!(
        game.expire(NOW + 29).unwrap_err().code,
        "deadline_not_reached"
    );
    let events = game.expire(NOW + 31).unwrap();
    assert_eq!(
        events,
        vec![Event::ExchangeDiscarded {
            seat: Seat(1),
            card: c("QS"),
            drawn: None,
            timeout: true
        }]
    );
    assert_eq!(game.hands[1], dealt, "the original hand is kept");
    assert_eq!(game.to_act(), vec![Seat(2)]);
    assert_eq!(game.deadline(), Some(NOW + 61));
    assert!(game.view(Viewer::Spectator).exchanges[0].timeout);
}

#[test]
fn tricky_tribes_expiry_errors_and_advance() {
    let mut game = new_game(options(r#"{"players":4}"#), "plain", None);
    assert_eq!(game.deadline(), None);
    assert_eq!(game.expire(NOW + 100_000).unwrap_err().code, "no_deadline");
    assert!(crate::advance(&mut game, NOW + 100_000).is_empty());

    let mut game = new_game(
        options(r#"{"players":4,"deadline_secs":10}"#),
        "timed",
        None,
    );
    let applied = crate::advance(&mut game, NOW + 10);
    assert_eq!(applied.len(), 1, "one expiry per passed deadline");
    assert_eq!(game.to_act(), vec![Seat(2)]);
    assert_eq!(game.deadline(), Some(NOW + 20));
}

#[test]
fn tricky_tribes_a_trick_record_marks_the_cards_played_by_timeout() {
    let opts = options(r#"{"players":4,"deadline_secs":30}"#);
    let mut game = at_trick(opts, 0, &["2C 9H", "3C", "4C", "5C"], "", seat(0), 1);
    // Seat 0's lead times out; the others respond in time.
    game.expire(NOW + 30).unwrap();
    respond(&mut game, 1, "3C");
    respond(&mut game, 2, "4C");
    respond(&mut game, 3, "5C");
    let record = last_trick(&game);
    let marks: Vec<(Participant, bool)> = record
        .plays
        .iter()
        .map(|play| (play.participant, play.timeout))
        .collect();
    assert_eq!(
        marks,
        vec![
            (seat(0), true),
            (seat(1), false),
            (seat(2), false),
            (seat(3), false)
        ]
    );
    assert_eq!(
        game.view(Viewer::Spectator).tricks[0].plays[0].card,
        c("2C")
    );
}

#[test]
fn tricky_tribes_a_dummy_due_to_play_from_an_empty_stock_is_an_error_not_a_loop() {
    // Impossible with valid options: the dummy leads with nothing left on the stock.
    let opts = options(r#"{"players":3,"dummy":true,"deadline_secs":10}"#);
    let mut game = at_trick(opts, 0, &["4C", "5C", "6C"], "", Participant::Dummy, 1);
    assert_eq!(game.to_act(), Vec::<Seat>::new(), "only the dummy is due");
    game.deadline = Some(NOW + 10);
    let before = game.clone();
    assert_eq!(game.expire(NOW + 10).unwrap_err().code, "stock_empty");
    assert_eq!(game, before, "the refused expiry changed nothing");
    assert!(crate::advance(&mut game, NOW + 1_000).is_empty());
}

#[test]
fn tricky_tribes_trims_are_secret_submissions_until_the_last_one() {
    let opts = options(r#"{"players":6,"jokers":1,"deadline_secs":30}"#);
    let deck = arrange(&opts, 0, &[], "");
    let mut game = game_at_round(opts, 1, deck);
    let pending = game.to_act();
    assert_eq!(pending.len(), 5);
    let trim = |game: &TrickyTribes, s: Seat| Move::trim_discard(game.hands[s.index()][0]);
    let not_trimming = (0..6).map(Seat).find(|s| !pending.contains(s)).unwrap();
    assert!(!game.is_secret_submission(not_trimming, &trim(&game, not_trimming)));
    for (done, s) in pending.iter().enumerate() {
        let mv = trim(&game, *s);
        assert!(!game.is_secret_submission(*s, &Move::ExchangePass));
        assert_eq!(
            game.is_secret_submission(*s, &mv),
            done + 1 < pending.len(),
            "trim {done} of seat {s:?}"
        );
        game.apply(Actor::Seat(*s), mv, NOW).unwrap();
    }
    assert!(matches!(game.phase, Phase::Trick { .. }));
}
