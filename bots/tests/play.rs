//! Bots play whole games of every kind through the games' normal moves, deciding from their
//! seat's view alone; the referee applies each move as a seat's move, refusing an illegal one.
#![expect(
    clippy::expect_used,
    reason = "test helpers fail loudly, with the reason"
)]

use bots::table::{TableError, play};
use bots::{Bot, BotError, Level, SearchConfig, SearchStats};
use domain::{Actor, AnyGame, AnyMove, AnyView, GameKind, OptionMap, Seat, Seed, Viewer};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn options(json: &str) -> OptionMap {
    serde_json::from_str(json).expect("the options are JSON")
}

/// A small search without a time cap, so that a test run takes seconds and repeats exactly.
fn small_search(kind: GameKind) -> Bot {
    let mut config = SearchConfig::for_kind(kind)
        .with_playouts(48)
        .without_time_cap();
    config.determinizations = 4;
    Bot::with_search(config)
}

/// Every kind, with the variants whose decisions differ: Tribute's standard and blind games,
/// Tricky Tribes with a dummy, with teams and with the six-player trim, and Trade or Duel from
/// four to nine seats.
fn tables() -> Vec<(GameKind, i64, &'static str)> {
    vec![
        (GameKind::Tribute, 3, "{}"),
        (GameKind::Tribute, 3, r#"{"blind": true, "specials": true}"#),
        (
            GameKind::TrickyTribes,
            3,
            r#"{"end_condition": "fixed_rounds", "rounds": 1}"#,
        ),
        (
            GameKind::TrickyTribes,
            3,
            r#"{"dummy": true, "jokers": 2, "end_condition": "fixed_rounds", "rounds": 1}"#,
        ),
        (
            GameKind::TrickyTribes,
            4,
            r#"{"teams": [[0, 2]], "end_condition": "fixed_rounds", "rounds": 1}"#,
        ),
        (
            GameKind::TrickyTribes,
            6,
            r#"{"jokers": 1, "end_condition": "fixed_rounds", "rounds": 1}"#,
        ),
        (GameKind::Intrigue, 3, r#"{"rounds": 2}"#),
        (GameKind::TradeOrDuel, 4, "{}"),
        (GameKind::TradeOrDuel, 9, r#"{"turns_each": 1}"#),
    ]
}

/// Plays one game with `bots[i]` at seat `i`, each seat with its own randomness; returns every
/// decision's seat and cost.
fn play_with(
    kind: GameKind,
    players: i64,
    json: &str,
    seed: &str,
    bots: &[Bot],
) -> Result<(domain::Outcome, Vec<(Seat, SearchStats)>), TableError> {
    let mut rngs: Vec<ChaCha8Rng> = (0..bots.len() as u64)
        .map(ChaCha8Rng::seed_from_u64)
        .collect();
    let mut decisions = Vec::new();
    let seed = Seed::new(seed).expect("a seed");
    let outcome = play(
        kind,
        players,
        &options(json),
        &seed,
        |seat: Seat, view: &AnyView| {
            let (mv, stats) =
                bots[seat.index()].decide_with_stats(view, seat, &mut rngs[seat.index()])?;
            decisions.push((seat, stats));
            Ok(mv)
        },
    )?;
    Ok((outcome, decisions))
}

#[test]
fn both_levels_play_every_kind_to_the_end() {
    for (kind, players, json) in tables() {
        let seats = usize::try_from(players).expect("a seat count");
        for (level, game) in Level::ALL
            .iter()
            .flat_map(|level| (0..3).map(move |g| (level, g)))
        {
            let bot = match level {
                Level::Random => Bot::new(Level::Random),
                Level::Search => small_search(kind),
            };
            let seed = format!("bots-levels-{}-{}-{players}-{game}", kind.id(), level.id());
            let (outcome, decisions) = play_with(kind, players, json, &seed, &vec![bot; seats])
                .unwrap_or_else(|error| panic!("{} {json} {level:?}: {error:?}", kind.id()));
            assert_eq!(outcome.ranking.len(), seats, "{} {json}", kind.id());
            let searched = decisions.iter().filter(|(_, stats)| stats.playouts > 0);
            match level {
                Level::Random => assert_eq!(searched.count(), 0),
                Level::Search => assert!(searched.count() > 0, "{} {json}", kind.id()),
            }
        }
    }
}

#[test]
fn a_search_bot_among_random_bots_spends_its_budget_on_real_choices() {
    for (kind, players, json) in tables() {
        let seats = usize::try_from(players).expect("a seat count");
        let mut bots = vec![Bot::new(Level::Random); seats];
        let seat = 1;
        bots[seat] = small_search(kind);
        let seed = format!("bots-mixed-{}-{players}", kind.id());
        let (_, decisions) = play_with(kind, players, json, &seed, &bots)
            .unwrap_or_else(|error| panic!("{} {json}: {error:?}", kind.id()));
        let spent: Vec<u32> = decisions
            .iter()
            .filter(|(s, _)| s.index() == seat)
            .map(|(_, stats)| stats.playouts)
            .collect();
        assert!(
            spent.contains(&48),
            "{} {json}: choices among several moves spend the budget: {spent:?}",
            kind.id()
        );
        assert!(spent.iter().all(|playouts| [0, 48].contains(playouts)));
    }
}

/// A game of `kind` a few random moves in, with hidden cards for every seat.
fn game_in_progress(kind: GameKind, players: i64, json: &str) -> AnyGame {
    let seed = Seed::new(format!("bots-midgame-{}", kind.id())).expect("a seed");
    let (mut game, _) =
        AnyGame::create(kind, players, &options(json), &seed, None, 0).expect("a game");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..4 {
        let seat = game.to_act()[0];
        let mv = game.legal_moves(seat).random(&mut rng).expect("a move");
        game.apply(Actor::Seat(seat), mv, 0).expect("a legal move");
    }
    game
}

fn decide(bot: &Bot, game: &AnyGame, seat: Seat, rng_seed: u64) -> Result<AnyMove, BotError> {
    let view = game.view(Viewer::Seat(seat));
    bot.decide(&view, seat, &mut ChaCha8Rng::seed_from_u64(rng_seed))
}

#[test]
fn a_decision_depends_only_on_the_view_and_the_randomness() {
    for (kind, players, json) in tables() {
        let real = game_in_progress(kind, players, json);
        let seat = real.to_act()[0];
        let view = real.view(Viewer::Seat(seat));
        // Another state that looks the same from the seat: its hidden cards differ.
        let other = AnyGame::sample_from_view(&view, seat, &mut ChaCha8Rng::seed_from_u64(11))
            .expect("a deal");
        for bot in [Bot::new(Level::Random), small_search(kind)] {
            let chosen = decide(&bot, &real, seat, 5).expect("a move");
            assert_eq!(decide(&bot, &other, seat, 5), Ok(chosen.clone()));
            assert_eq!(decide(&bot, &real, seat, 5), Ok(chosen.clone()));
            let mut game = real.clone();
            game.apply(Actor::Seat(seat), chosen, 1)
                .unwrap_or_else(|error| panic!("{}: {error}", kind.id()));
        }
    }
}

#[test]
fn a_bot_decides_only_for_the_seat_whose_view_it_has() {
    let game = game_in_progress(GameKind::TradeOrDuel, 4, "{}");
    let seat = game.to_act()[0];
    let idle = (0..4)
        .map(Seat)
        .find(|other| !game.to_act().contains(other))
        .expect("a seat with nothing to decide");
    for bot in [Bot::new(Level::Random), Bot::new(Level::Search)] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let view = game.view(Viewer::Seat(seat));
        assert_eq!(bot.decide(&view, idle, &mut rng), Err(BotError::NotOwnView));
        let spectator = game.view(Viewer::Spectator);
        assert_eq!(
            bot.decide(&spectator, seat, &mut rng),
            Err(BotError::NotOwnView)
        );
        assert_eq!(decide(&bot, &game, idle, 1), Err(BotError::NothingToDecide));
    }
}
