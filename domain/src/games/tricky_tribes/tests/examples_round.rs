//! E12-E15: whole rounds, the exchange and the six-player deals.

use super::*;
use crate::games::tricky_tribes::{Event, EventView, ExchangeAction, Mode, PhaseView, TrickKind};

const E12_DECK: &str = "AS AH KH KC 10C JD 9D 9S 7S 8H 6H 7C 5C 5S 4D 4H QC QD 8D JS 10D 6S KD 4S \
9H 7D 5H JC AC 4C 6C 8C 9C 8S 10S QS KS 5D 6D AD 7H 10H JH QH";

fn codes(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// One row of a trick table: the lead, the responses in order, and the expected result.
struct Row {
    leader: Participant,
    lead: &'static str,
    face: Face,
    responses: &'static [(Participant, &'static str)],
    kind: TrickKind,
    mode: Mode,
    winner: Option<Participant>,
    loser: Option<Participant>,
    collected: &'static str,
}

const D: Participant = Participant::Dummy;
const P0: Participant = Participant::Seat(Seat(0));
const P1: Participant = Participant::Seat(Seat(1));
const P2: Participant = Participant::Seat(Seat(2));
const P3: Participant = Participant::Seat(Seat(3));

fn play_row(game: &mut TrickyTribes, row: &Row) {
    let mut events = Vec::new();
    if let Participant::Seat(s) = row.leader {
        assert_eq!(game.to_act(), vec![s], "leader");
        events = lead(game, s.0, row.lead, row.face);
    }
    for (who, card) in row.responses {
        if let Participant::Seat(s) = who {
            assert_eq!(game.to_act(), vec![*s], "responder");
            events = respond(game, s.0, card);
        }
    }
    // The last human card completes the trick (the dummy plays at once), so the move that made
    // it judged it; after a round's last trick the state holds the next round's tricks only.
    let t = judged(&events);
    assert_eq!(t.leader_card(), c(row.lead), "lead card");
    let played: Vec<(Participant, Card)> = t
        .plays
        .iter()
        .skip(1)
        .map(|p| (p.participant, p.card))
        .collect();
    let expected: Vec<(Participant, Card)> = row
        .responses
        .iter()
        .map(|(p, card)| (*p, c(card)))
        .collect();
    assert_eq!(played, expected, "responses of trick {}", t.number);
    assert_eq!(t.kind, row.kind, "kind of trick {}", t.number);
    assert_eq!(t.mode, row.mode, "mode of trick {}", t.number);
    assert_eq!(t.winner, row.winner, "winner of trick {}", t.number);
    assert_eq!(t.loser, row.loser, "loser of trick {}", t.number);
    assert_eq!(
        t.collected,
        cards(row.collected),
        "collected in trick {}",
        t.number
    );
    assert_conserved(game);
}

impl TrickRecord {
    fn leader_card(&self) -> Card {
        self.plays[0].card
    }
}

#[test]
fn tricky_tribes_e12_complete_round_with_dummy() {
    let opts = options(r#"{"players":2}"#);
    assert!(opts.dummy() && opts.cut_deck() && opts.hand_size() == 9 && opts.jokers() == 0);
    assert_eq!(
        opts.end_condition(),
        super::super::EndCondition::TargetScore(15)
    );
    let setup = Setup {
        decks: vec![codes(E12_DECK)],
    };
    let mut game = new_game(opts, "e12", Some(setup));
    assert_eq!(game.hands[1], sorted(cards("AS KH 10C 9D 7S 6H 5C 4D QC")));
    assert_eq!(game.hands[0], sorted(cards("AH KC JD 9S 8H 7C 5S 4H QD")));
    assert_eq!(game.stock.len(), 26);
    assert_eq!(game.stock[..3], cards("8D JS 10D")[..]);

    assert_eq!(
        code_of(submit(&mut game, 0, Move::ExchangePass)),
        "not_your_turn"
    );
    let drew = submit(&mut game, 1, Move::ExchangeDraw).unwrap();
    assert_eq!(
        drew,
        vec![Event::ExchangeDrew {
            seat: Seat(1),
            card: c("8D")
        }]
    );
    assert_eq!(
        game.view(Viewer::Seat(Seat(1))).phase,
        PhaseView::Exchange {
            seat: Seat(1),
            has_drawn: true,
            drawn: Some(c("8D"))
        }
    );
    assert_eq!(
        game.view(Viewer::Seat(Seat(0))).phase,
        PhaseView::Exchange {
            seat: Seat(1),
            has_drawn: true,
            drawn: None
        }
    );
    assert_eq!(
        code_of(submit(&mut game, 1, Move::ExchangePass)),
        "discard_required"
    );
    submit(&mut game, 1, Move::exchange_discard(c("5C"))).unwrap();
    let events = submit(&mut game, 0, Move::exchange_discard(c("4H"))).unwrap();
    assert!(game.hands[0].contains(&c("JS")));
    // Seat 1 learns the action, not the cards.
    let seen = game.event_view(&events[0], Viewer::Seat(Seat(1))).unwrap();
    assert_eq!(
        seen,
        EventView::ExchangeDiscarded {
            seat: Seat(0),
            card: None,
            drew: true,
            drawn: None,
            timeout: false
        }
    );
    // The dummy has led trick 1 from the stock already.
    assert_eq!(game.stock.len(), 23);
    assert_eq!(
        game.view(Viewer::Spectator)
            .exchanges
            .iter()
            .map(|e| e.action)
            .collect::<Vec<_>>(),
        vec![
            ExchangeAction::DrawThenDiscard,
            ExchangeAction::DiscardThenDraw
        ]
    );

    use Face::{Closed, Open};
    use Mode::{Loot, Penalty, Reward};
    use TrickKind::{Dark, OpenBlack, OpenRed};
    let rows = [
        Row {
            leader: D,
            lead: "10D",
            face: Closed,
            responses: &[(P1, "QC"), (P0, "8H")],
            kind: Dark,
            mode: Loot,
            winner: Some(P1),
            loser: None,
            collected: "10D",
        },
        Row {
            leader: P1,
            lead: "7S",
            face: Open,
            responses: &[(P0, "5S"), (D, "6S")],
            kind: OpenBlack,
            mode: Penalty,
            winner: None,
            loser: Some(P0),
            collected: "7S",
        },
        Row {
            leader: P0,
            lead: "KC",
            face: Closed,
            responses: &[(D, "KD"), (P1, "6H")],
            kind: Dark,
            mode: Loot,
            winner: Some(D),
            loser: None,
            collected: "6H",
        },
        Row {
            leader: D,
            lead: "4S",
            face: Closed,
            responses: &[(P1, "10C"), (P0, "QD")],
            kind: Dark,
            mode: Loot,
            winner: Some(P0),
            loser: None,
            collected: "",
        },
        Row {
            leader: P0,
            lead: "JS",
            face: Closed,
            responses: &[(D, "9H"), (P1, "8D")],
            kind: Dark,
            mode: Loot,
            winner: Some(P0),
            loser: None,
            collected: "9H",
        },
    ];
    for row in &rows {
        play_row(&mut game, row);
    }
    assert_eq!(game.obligation, Some(P0));
    let before = game.clone();
    assert_eq!(
        code_of(submit(&mut game, 0, Move::lead(c("7C"), Closed))),
        "open_lead_required"
    );
    assert_eq!(game, before);
    let rows = [
        Row {
            leader: P0,
            lead: "7C",
            face: Open,
            responses: &[(D, "7D"), (P1, "AS")],
            kind: OpenBlack,
            mode: Loot,
            winner: Some(P1),
            loser: None,
            collected: "7D",
        },
        Row {
            leader: P1,
            lead: "4D",
            face: Open,
            responses: &[(P0, "JD"), (D, "5H")],
            kind: OpenRed,
            mode: Reward,
            winner: Some(P0),
            loser: None,
            collected: "4D",
        },
        Row {
            leader: P0,
            lead: "9S",
            face: Open,
            responses: &[(D, "JC"), (P1, "9D")],
            kind: OpenBlack,
            mode: Loot,
            winner: Some(D),
            loser: None,
            collected: "9D",
        },
        Row {
            leader: D,
            lead: "AC",
            face: Closed,
            responses: &[(P1, "KH"), (P0, "AH")],
            kind: Dark,
            mode: Loot,
            winner: Some(P0),
            loser: None,
            collected: "KH",
        },
    ];
    for row in &rows {
        play_row(&mut game, row);
    }
    let summary = game.summaries[0].clone();
    assert_eq!(summary.stacks[0], cards("7S 9H 4D KH"));
    assert_eq!(summary.stacks[1], cards("10D 7D"));
    assert_eq!(summary.dummy_stack, Some(cards("6H 9D")));
    assert_eq!(summary.seat_scores, vec![3, 2]);
    assert_eq!(game.scores, vec![3, 2]);
    assert_eq!(game.round, 2);
    assert_eq!(game.dealer, Seat(1));
    assert_eq!(game.to_act(), vec![Seat(0)]);
    submit(&mut game, 0, Move::ExchangePass).unwrap();
    submit(&mut game, 1, Move::ExchangePass).unwrap();
    let trick = game.view(Viewer::Spectator).trick.unwrap();
    assert_eq!(trick.leader, D);
    assert_eq!(trick.next, Some(P0));
}

#[test]
fn tricky_tribes_e13_exchange_phase() {
    let opts = options(r#"{"players":4}"#);
    let deck = arrange(&opts, 3, &["3S", "", "4C", ""], "KH 2C 5D 9S");
    let mut game = game_at_round(opts, 4, deck);
    assert_eq!(game.dealer, Seat(3));
    assert_eq!(game.stock.len(), 16);
    assert_eq!(
        code_of(submit(&mut game, 1, Move::ExchangePass)),
        "not_your_turn"
    );
    submit(&mut game, 0, Move::ExchangeDraw).unwrap();
    assert_eq!(game.hands[0].len(), 10);
    assert!(game.hands[0].contains(&c("KH")));
    submit(&mut game, 0, Move::exchange_discard(c("3S"))).unwrap();
    assert_eq!(game.hands[0].len(), 9);
    submit(&mut game, 1, Move::ExchangePass).unwrap();
    submit(&mut game, 2, Move::exchange_discard(c("4C"))).unwrap();
    assert!(game.hands[2].contains(&c("2C")));
    let dealt3 = game.hands[3].clone();
    submit(&mut game, 3, Move::ExchangeDraw).unwrap();
    submit(&mut game, 3, Move::exchange_discard(c("5D"))).unwrap();
    assert_eq!(game.hands[3], dealt3);
    assert_eq!(game.stock.len(), 13);
    assert_eq!(game.stock[0], c("9S"));
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.discard_size, 3);
    assert_eq!(view.stock_size, 13);
    assert_eq!(game.to_act(), vec![Seat(0)]);
    assert_eq!(view.trick.unwrap().number, 1);
}

#[test]
fn tricky_tribes_e14_six_player_deals() {
    let deal = |jokers: u8| {
        let opts = options(&format!(r#"{{"players":6,"jokers":{jokers}}}"#));
        let deck = arrange(&opts, 2, &[], "");
        game_at_round(opts, 3, deck)
    };
    let sizes = |game: &TrickyTribes| game.hands.iter().map(Vec::len).collect::<Vec<_>>();

    let mut game = deal(0);
    assert_eq!(sizes(&game), vec![9, 8, 8, 9, 9, 9]);
    assert!(game.stock.is_empty());
    let pending = vec![Seat(0), Seat(3), Seat(4), Seat(5)];
    assert_eq!(game.to_act(), pending);
    assert_eq!(
        game.view(Viewer::Spectator).phase,
        PhaseView::Trim {
            must_trim: pending.clone(),
            pending: pending.clone()
        }
    );
    let some_card = game.hands[1][0];
    assert_eq!(
        code_of(submit(&mut game, 1, Move::trim_discard(some_card))),
        "not_your_turn"
    );
    for s in [5, 0, 3, 4] {
        let card = game.hands[usize::from(s)][0];
        submit(&mut game, s, Move::trim_discard(card)).unwrap();
    }
    assert_eq!(sizes(&game), vec![8; 6]);
    assert_eq!(game.to_act(), vec![Seat(3)]);
    assert_eq!(game.trick, 1);
    assert!(game.exchanges.is_empty());
    assert_eq!(game.options.hand_size(), 8);

    let game = deal(1);
    assert_eq!(sizes(&game), vec![9, 9, 8, 9, 9, 9]);
    assert_eq!(
        game.to_act(),
        vec![Seat(0), Seat(1), Seat(3), Seat(4), Seat(5)]
    );

    let mut game = deal(2);
    assert_eq!(sizes(&game), vec![8; 6]);
    assert_eq!(game.stock.len(), 6);
    for s in [3, 4, 5, 0, 1, 2] {
        assert_eq!(game.to_act(), vec![Seat(s)]);
        submit(&mut game, s, Move::ExchangePass).unwrap();
    }
    assert_eq!(game.to_act(), vec![Seat(3)]);
}

#[test]
fn tricky_tribes_e15_round_score_count() {
    let opts = options(r#"{"players":4,"jokers":1}"#);
    let hands = [
        "2C 4C 3C 4H 4S QC 10C 10D 10S",
        "5S 7C JC 5H 9S 5C KC 9H 3H",
        "8C 6C 7S KD QS JS JD 2D 2S",
        "9C 3S 6S AC KS 8S AH 10H X1",
    ];
    let deck = arrange(&opts, 1, &hands, "");
    let mut game = game_at_round(opts, 2, deck);
    game.scores = vec![5, 7, -1, 10];
    for s in [2, 3, 0, 1] {
        submit(&mut game, s, Move::ExchangePass).unwrap();
    }
    use Face::{Closed, Open};
    use Mode::{Loot, Penalty};
    use TrickKind::{Dark, OpenBlack};
    let rows = [
        Row {
            leader: P2,
            lead: "8C",
            face: Open,
            responses: &[(P3, "9C"), (P0, "2C"), (P1, "5S")],
            kind: OpenBlack,
            mode: Penalty,
            winner: None,
            loser: Some(P0),
            collected: "8C",
        },
        Row {
            leader: P0,
            lead: "4C",
            face: Open,
            responses: &[(P1, "7C"), (P2, "6C"), (P3, "3S")],
            kind: OpenBlack,
            mode: Penalty,
            winner: None,
            loser: Some(P3),
            collected: "4C",
        },
        Row {
            leader: P3,
            lead: "6S",
            face: Open,
            responses: &[(P0, "3C"), (P1, "JC"), (P2, "7S")],
            kind: OpenBlack,
            mode: Penalty,
            winner: None,
            loser: Some(P0),
            collected: "6S",
        },
        Row {
            leader: P0,
            lead: "4H",
            face: Closed,
            responses: &[(P1, "5H"), (P2, "KD"), (P3, "AC")],
            kind: Dark,
            mode: Loot,
            winner: Some(P3),
            loser: None,
            collected: "KD",
        },
        Row {
            leader: P3,
            lead: "KS",
            face: Open,
            responses: &[(P0, "4S"), (P1, "9S"), (P2, "QS")],
            kind: OpenBlack,
            mode: Penalty,
            winner: None,
            loser: Some(P0),
            collected: "KS",
        },
        Row {
            leader: P0,
            lead: "QC",
            face: Open,
            responses: &[(P1, "5C"), (P2, "JS"), (P3, "8S")],
            kind: OpenBlack,
            mode: Penalty,
            winner: None,
            loser: Some(P1),
            collected: "QC",
        },
        Row {
            leader: P1,
            lead: "KC",
            face: Open,
            responses: &[(P2, "JD"), (P3, "AH"), (P0, "10C")],
            kind: OpenBlack,
            mode: Loot,
            winner: Some(P0),
            loser: None,
            collected: "JD AH",
        },
        Row {
            leader: P0,
            lead: "10D",
            face: Closed,
            responses: &[(P1, "9H"), (P2, "2D"), (P3, "10H")],
            kind: Dark,
            mode: Loot,
            winner: Some(P3),
            loser: None,
            collected: "10D 9H 2D",
        },
        Row {
            leader: P3,
            lead: "X1",
            face: Closed,
            responses: &[(P0, "10S"), (P1, "3H"), (P2, "2S")],
            kind: Dark,
            mode: Loot,
            winner: Some(P0),
            loser: None,
            collected: "X1 3H",
        },
    ];
    for row in &rows {
        play_row(&mut game, row);
    }
    let summary = game.summaries.last().unwrap();
    assert_eq!(summary.stacks[0], cards("8C 6S KS JD AH X1 3H"));
    assert_eq!(summary.stacks[1], cards("QC"));
    assert!(summary.stacks[2].is_empty());
    assert_eq!(summary.stacks[3], cards("4C KD 10D 9H 2D"));
    assert_eq!(summary.seat_scores, vec![2, -2, 0, 4]);
    assert_eq!(game.scores, vec![7, 5, -1, 14]);
    assert!(game.outcome().is_none());
    assert_eq!(game.round, 3);
    assert_eq!(game.dealer, Seat(2));
}
