//! Worked examples of round-end scoring, the reset and the end of game.

use super::*;
use crate::games::intrigue::score::FavorScore;
use crate::games::intrigue::state::Favor;
use Face::{Down, Up};
use Pos::{A, B, C};

fn score(h: &mut Harness) -> crate::games::intrigue::RoundScore {
    let Harness { game, script } = h;
    game.table.score_round(script)
}

#[test]
fn intrigue_e1_round_end_tally_with_trait_cards() {
    let mut h = Harness::s();
    h.stack(
        A,
        &[
            ("loyalists", 1, Down),
            ("military_support", 2, Down),
            ("public_support_1", 3, Down),
        ],
    )
    .stack(
        B,
        &[("zealots", 1, Down), ("guilds", 3, Down), ("lies", 2, Down)],
    )
    .stack(
        C,
        &[
            ("enthusiastic_support_1", 2, Up),
            ("feud", 1, Down),
            ("defiance_1", 3, Down),
            ("public_support_2", 1, Down),
        ],
    );
    let result = score(&mut h);
    assert_eq!(result.totals, [3, 1, 2]);
    assert_eq!(result.modifiers, [0, 0, 0]);
    assert_eq!(
        result.stacks[2].iter().map(|e| e.value).collect::<Vec<_>>(),
        [2, -1, 0, 1],
        "feud in a stack counts only its -1"
    );
    assert_eq!(result.winner, A);
    assert_eq!(h.table().point_tokens, [1, 0, 0]);
}

fn e2() -> Harness {
    let mut h = Harness::s();
    h.relate("friendship", A, B)
        .relate("feud", B, C)
        .relate("advantage", A, C)
        .stack(A, &[("public_support_1", 1, Down)])
        .stack(B, &[("enthusiastic_support_1", 2, Down)])
        .stack(
            C,
            &[("enthusiastic_support_2", 3, Down), ("zealots", 1, Down)],
        );
    h
}

#[test]
fn intrigue_e2_friendship_feud_advantage() {
    let mut h = e2();
    let result = score(&mut h);
    let sums: Vec<i32> = result
        .stacks
        .iter()
        .map(|stack| stack.iter().map(|e| e.value).sum())
        .collect();
    assert_eq!(sums, [1, 2, 4]);
    assert_eq!(result.modifiers, [2, 0, -2]);
    assert_eq!(result.totals, [3, 2, 2]);
    assert_eq!(result.winner, A);
}

#[test]
fn intrigue_e2_variant_lies_reversed_advantage() {
    let mut h = e2();
    h.relate("advantage", C, A);
    let result = score(&mut h);
    assert_eq!(result.modifiers, [0, 0, 0]);
    assert_eq!(result.totals, [1, 2, 4]);
    assert_eq!(result.winner, C);
}

#[test]
fn intrigue_e3_priority_tie_break() {
    let mut h = Harness::s();
    h.stack(A, &[("public_support_1", 1, Down)])
        .stack(
            B,
            &[
                ("military_support", 1, Down),
                ("enthusiastic_support_1", 2, Down),
            ],
        )
        .stack(C, &[("zealots", 3, Down), ("guilds", 1, Down)]);
    let result = score(&mut h);
    assert_eq!(result.totals, [1, 4, 4]);
    assert_eq!(result.provisional_winner, B);
    assert_eq!(result.winner, B);
}

fn e4(choice: usize) -> (Harness, crate::games::intrigue::RoundScore) {
    let mut h = Harness::s();
    h.relate("debt", C, A)
        .stack(A, &[("guilds", 1, Down)])
        .stack(
            B,
            &[
                ("enthusiastic_support_1", 2, Down),
                ("public_support_1", 3, Down),
            ],
        )
        .stack(
            C,
            &[
                ("public_support_2", 1, Down),
                ("loyalists", 2, Down),
                ("lies", 3, Down),
            ],
        )
        .choose(&[choice]);
    let result = score(&mut h);
    assert!(h.script.0.is_empty(), "Debt draws exactly one choose(3)");
    (h, result)
}

#[test]
fn intrigue_e4_debt_transfer() {
    let (h, result) = e4(1);
    let debt = result.debt.unwrap();
    assert_eq!(
        (debt.card, debt.owner, debt.from, debt.to),
        (card("loyalists"), seat(2), C, A)
    );
    let a: Vec<Card> = stack_cards(h.table(), A).iter().map(|e| e.0).collect();
    let c: Vec<Card> = stack_cards(h.table(), C).iter().map(|e| e.0).collect();
    assert_eq!(a, cards(&["guilds", "loyalists"]));
    assert_eq!(stack_cards(h.table(), A)[1].1, seat(2));
    assert_eq!(c, cards(&["public_support_2", "lies"]));
    assert_eq!(result.totals, [4, 3, 0]);
    assert_eq!(result.winner, A);
}

#[test]
fn intrigue_e4_debt_transfer_choose_2() {
    let (h, result) = e4(2);
    assert_eq!(result.debt.unwrap().card, card("lies"));
    assert_eq!(h.table().stack(A).len(), 2);
    assert_eq!(result.totals, [1, 3, 1]);
    assert_eq!(result.winner, B);
}

#[test]
fn intrigue_e4_debt_transfer_choose_0() {
    let (_, result) = e4(0);
    assert_eq!(result.debt.unwrap().card, card("public_support_2"));
    assert_eq!(result.totals, [3, 3, -1]);
    assert_eq!(result.winner, A, "princess wins the tie");
}

fn e5(first: Pos, second: Pos) -> (Harness, crate::games::intrigue::RoundScore) {
    let mut h = Harness::s();
    h.relate("blackmail", first, second)
        .stack(
            A,
            &[
                ("enthusiastic_support_1", 1, Down),
                ("enthusiastic_support_2", 1, Down),
                ("public_support_1", 1, Down),
            ],
        )
        .stack(B, &[("public_support_2", 2, Down)])
        .stack(C, &[("zealots", 3, Down), ("public_support_3", 3, Down)]);
    let result = score(&mut h);
    (h, result)
}

#[test]
fn intrigue_e5_blackmail_override() {
    let (h, result) = e5(B, A);
    assert_eq!(result.totals, [5, 1, 3]);
    assert_eq!(result.provisional_winner, A);
    assert!(result.blackmail_applied);
    assert_eq!(result.winner, B);
    assert_eq!(h.table().point_tokens, [0, 1, 0]);
}

#[test]
fn intrigue_e5_variant_blackmailer_is_the_winner() {
    let (_, result) = e5(A, B);
    assert!(!result.blackmail_applied);
    assert_eq!(result.winner, A);
}

#[test]
fn intrigue_e6_token_point_changes() {
    let mut h = Harness::s();
    h.stack(B, &[("public_support_1", 1, Down)])
        .hold(1, &["b_plus3", "a_plus1"])
        .hold(2, &["b_plus1", "c_plus3"])
        .deck(&["guilds", "lies", "zealots", "feud", "spy"]);
    h.t().points = [3, 2, 4];
    let mut events = Vec::new();
    let Harness { game, script } = &mut h;
    game.table.finish_round(script, 0, &mut events);
    let Event::RoundScored(result) = &events[0] else {
        panic!("no scoring");
    };
    assert_eq!(result.winner, B);
    assert_eq!(result.changes, [2, 0, 0]);
    assert_eq!(h.table().points, [5, 2, 4]);
    assert!(!h.table().is_over());
    assert_eq!(h.table().round, 2);
    assert!(h.table().token_holder.iter().all(Option::is_none));
}

#[test]
fn intrigue_e17_end_of_game_monarch_and_favor_pile() {
    let mut h = Harness::s();
    h.t().round = 3;
    h.t().point_tokens = [1, 1, 1];
    h.t().points = [4, 5, 6];
    let favors = [(2, B), (1, A), (3, A), (2, A), (1, C)];
    h.t().favor_pile = favors
        .iter()
        .map(|(player, color)| Favor {
            player: seat(*player),
            color: *color,
        })
        .collect();
    let result = h.t().end_game();
    assert_eq!(result.monarch, A);
    assert_eq!(result.monarch_character, Character::Princess);
    let changes: Vec<i64> = result
        .favors
        .iter()
        .map(|f: &FavorScore| f.change)
        .collect();
    assert_eq!(changes, [-1, 3, 1, 1, -1]);
    assert_eq!(result.points, [6, 5, 7]);
    assert_eq!(result.ranks, [2, 3, 1]);
    assert_eq!(result.winners, [seat(3)]);
    let outcome = h.game.outcome().unwrap();
    assert_eq!(outcome.winners, [seat(3)]);
    assert_eq!(
        outcome.ranking.iter().map(|p| p.place).collect::<Vec<_>>(),
        [2, 3, 1]
    );
}

#[test]
fn intrigue_e18_early_end_at_zero_points() {
    let mut h = Harness::s();
    h.t().favor_pile = vec![
        Favor {
            player: seat(2),
            color: A,
        },
        Favor {
            player: seat(3),
            color: B,
        },
    ];
    h.stack(A, &[("public_support_1", 1, Down)])
        .stack(B, &[("military_support", 2, Down)])
        .hold(1, &["b_plus3"])
        .hold(2, &["a_plus3", "a_plus1", "c_plus3"])
        .hold(3, &["b_plus1", "c_plus1"]);
    let mut events = Vec::new();
    let Harness { game, script } = &mut h;
    game.table.finish_round(script, 0, &mut events);
    let [Event::RoundScored(round), Event::GameEnded(end)] = &events[..] else {
        panic!("expected scoring and the end of game: {events:?}");
    };
    assert_eq!(round.totals, [1, 2, 0]);
    assert_eq!(round.winner, B);
    assert_eq!(h.table().point_tokens, [0, 1, 0]);
    assert_eq!(round.points, [6, 0, 3]);
    assert!(h.table().is_over());
    assert_eq!((end.monarch, end.monarch_character), (B, Character::Duke));
    assert_eq!(
        end.favors.iter().map(|f| f.change).collect::<Vec<_>>(),
        [-1, 3]
    );
    assert_eq!(end.points, [6, -1, 6]);
    assert_eq!(end.ranks, [1, 3, 1]);
    assert_eq!(end.winners, [seat(1), seat(3)]);
    // Everything is public once the game is over.
    let spectator = h.spectator();
    assert_eq!(spectator.favor_pile[0].color, Some(A));
    assert!(spectator.players.iter().all(|p| p.hand.is_some()));
    assert!(spectator.deck.is_some());
}

#[test]
fn intrigue_e20_reset_and_the_next_round() {
    let mut h = Harness::s();
    h.hand(1, &[])
        .hand(2, &["spy", "guilds"])
        .hand(3, &["lies"])
        .relate("feud", A, B)
        .stack(
            A,
            &[("oracle", 1, Down), ("virtue", 2, Down), ("zealots", 3, Up)],
        )
        .stack(
            B,
            &[
                ("public_support_1", 1, Down),
                ("public_support_2", 2, Down),
                ("public_support_3", 3, Down),
                ("public_support_4", 1, Down),
            ],
        )
        .stack(
            C,
            &[
                ("defiance_1", 1, Down),
                ("defiance_2", 2, Down),
                ("loyalists", 3, Down),
            ],
        )
        .hold(1, &["a_plus1"]);
    h.t().discard = cards(&["assassination", "manipulate", "misinformation"]);
    h.t().deck = cards(&[
        "military_support",
        "enthusiastic_support_1",
        "enthusiastic_support_2",
        "friendship",
        "advantage",
        "debt",
        "blackmail",
    ]);
    h.t().favor_pile = vec![Favor {
        player: seat(3),
        color: C,
    }];
    assert_eq!(placed(h.table()).len(), 24);
    // The identity shuffle leaves the rebuilt deck in collection order.
    let mut expected: Vec<Card> = h.table().deck.clone();
    for pos in [A, B, C] {
        expected.extend(h.table().stack(pos).iter().map(|e| e.card));
    }
    expected.extend(h.table().discard.clone());
    assert_eq!(expected.len(), 20);
    let mut events = Vec::new();
    let Harness { game, script } = &mut h;
    game.table.finish_round(script, 0, &mut events);
    let t = h.table();
    assert!(!t.is_over());
    assert!(t.token_holder.iter().all(Option::is_none));
    assert_eq!(
        t.relationship(super::super::Pair::Ab).unwrap().card,
        card("feud")
    );
    assert_eq!(t.favor_pile.len(), 1);
    assert_eq!(t.point_tokens.iter().sum::<u32>(), 1);
    assert_eq!(t.round, 2);
    let d = &expected;
    let mut p2 = cards(&["spy", "guilds"]);
    p2.extend(&d[0..3]);
    let mut p3 = cards(&["lies"]);
    p3.extend(&d[3..7]);
    assert_eq!(t.hands[1], p2);
    assert_eq!(t.hands[2], p3);
    assert_eq!(t.hands[0], d[7..12].to_vec());
    assert_eq!(t.deck, d[12..20].to_vec());
    assert_eq!(t.to_act, seat(2));
    assert!(t.stacks.iter().all(Vec::is_empty) && t.discard.is_empty());
    let Some(Event::RoundStarted {
        round,
        starting_player,
        draws,
    }) = events.last()
    else {
        panic!("no round start");
    };
    assert_eq!((*round, *starting_player), (2, seat(2)));
    let counts: Vec<(Seat, usize)> = draws.iter().map(|d| (d.seat, d.cards.len())).collect();
    assert_eq!(counts, [(seat(2), 3), (seat(3), 4), (seat(1), 5)]);
}
