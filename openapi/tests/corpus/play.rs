//! Plays one corpus game through the wire path and writes down every JSON a client could get.

use domain::{Actor, AnyEvent, AnyGame, GameKind, Input, OptionMap, Seat, Seed, Viewer};
use openapi::kinds::{GameKindInfo, option_value_from_json};
use openapi::unions::{
    GameEvent, GameView, LegalMoves, MoveBody, parse_move, parse_setup, setup_json,
};
use serde::Serialize;
use serde_json::Value;

use super::cases::Case;
use super::pick::Pick;
use super::tribute;

/// The most inputs one corpus game may take; every game of the corpus ends well before.
const MAX_INPUTS: usize = 2_000;
const START: i64 = 1_750_000_000;

/// What one game produced: the wire JSON (the contract) and the stored JSON (for reference).
#[derive(Default)]
pub struct Record {
    pub wire: String,
    pub stored: String,
}

fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|error| panic!("cannot serialize: {error}"))
}

impl Record {
    fn wire(&mut self, label: &str, value: &impl Serialize) {
        self.wire.push_str(label);
        self.wire.push(' ');
        self.wire.push_str(&json(value));
        self.wire.push('\n');
    }

    fn stored(&mut self, label: &str, value: &impl Serialize) {
        self.stored.push_str(label);
        self.stored.push(' ');
        self.stored.push_str(&json(value));
        self.stored.push('\n');
    }
}

fn viewers(players: i64) -> Vec<Viewer> {
    let mut viewers: Vec<Viewer> = (0..players)
        .map(|seat| Viewer::Seat(Seat(u8::try_from(seat).unwrap_or(0))))
        .collect();
    viewers.push(Viewer::Spectator);
    viewers
}

fn label(viewer: Viewer) -> String {
    match viewer {
        Viewer::Seat(seat) => seat.0.to_string(),
        Viewer::Spectator => "spectator".to_owned(),
    }
}

/// The kinds' descriptions as `GET /v1/game-kinds` sends them.
pub fn kinds() -> String {
    let mut record = Record::default();
    for kind in GameKind::ALL {
        record.wire("kind", &GameKindInfo::from(kind.info()));
    }
    record.wire
}

pub fn play(case: &Case) -> Record {
    let mut record = Record::default();
    let mut pick = Pick::new(case.seed.len() as u64 * 7919 + case.players as u64);
    let options = OptionMap(
        case.options
            .as_object()
            .map(|map| {
                map.iter()
                    .map(|(key, value)| (key.clone(), option_value_from_json(value)))
                    .collect()
            })
            .unwrap_or_default(),
    );
    let setup = case.setup.clone().map(|setup| {
        parse_setup(case.kind, setup)
            .unwrap_or_else(|error| panic!("{}: the setup does not parse: {error}", case.name))
    });
    if let Some(setup) = &setup {
        record.wire("setup", &setup_json(setup));
        record.stored("setup", setup);
    }
    let seed = Seed::new(case.seed.clone()).unwrap_or_else(|| panic!("{}: bad seed", case.name));
    let (mut game, started) =
        AnyGame::create(case.kind, case.players, &options, &seed, setup, START)
            .unwrap_or_else(|error| panic!("{}: refused: {error}", case.name));
    let viewers = viewers(case.players);
    let mut log: Vec<AnyEvent> = Vec::new();
    let mut now = START;
    let mut batch = started;
    for _ in 0..MAX_INPUTS {
        show(&mut record, &game, &viewers, &batch, log.len());
        log.extend(batch);
        if game.is_over() {
            break;
        }
        now += pick.between(1, 40);
        let deadline = game.deadline();
        if let Some(deadline) = deadline.filter(|_| pick.one_in(5)) {
            now = now.max(deadline);
            let expired = game.advance(now);
            for events in &expired {
                record.stored("input", &Input::<domain::AnyMove>::Expire);
                record.stored("events", events);
            }
            record.wire("expired", &expired.len());
            batch = expired.into_iter().flatten().collect();
            continue;
        }
        let to_act = game.to_act();
        let seat = to_act[pick.below(to_act.len())];
        let mv = choose(case, &game, seat, &mut pick, now);
        record.wire(&format!("move {}", seat.0), &MoveBody::from(mv.clone()));
        let input = Input::Move { seat, mv };
        record.stored("input", &input);
        batch = game
            .apply_input(&input, now)
            .unwrap_or_else(|error| panic!("{}: a chosen move was refused: {error}", case.name));
        record.stored("events", &batch);
    }
    assert!(game.is_over(), "{}: the game did not end", case.name);
    for viewer in &viewers {
        for (seq, event) in log.iter().enumerate() {
            let shown = game.event_view(event, *viewer).map(GameEvent::from);
            record.wire(&format!("final-event {seq} {}", label(*viewer)), &shown);
        }
    }
    let outcome = game.outcome().map(openapi::games::GameOutcome::from);
    record.wire("outcome", &outcome);
    record
}

/// Views for every viewer, every seat's legal moves and the new events as each viewer sees them.
fn show(record: &mut Record, game: &AnyGame, viewers: &[Viewer], batch: &[AnyEvent], seq: usize) {
    record.stored("state", game);
    for viewer in viewers {
        let who = label(*viewer);
        record.wire(&format!("view {who}"), &GameView::from(game.view(*viewer)));
        if let Viewer::Seat(seat) = viewer {
            record.wire(
                &format!("legal {who}"),
                &LegalMoves::from(game.legal_moves(*seat)),
            );
        }
        for (offset, event) in batch.iter().enumerate() {
            let shown = game.event_view(event, *viewer).map(GameEvent::from);
            record.wire(&format!("event {} {who}", seq + offset), &shown);
        }
    }
    record.wire("to_act", &game.to_act());
    record.wire("deadline", &game.deadline());
}

/// A legal move of `seat`, chosen from its legal moves as the client sees them and parsed back
/// from that JSON, as a client would post it.
fn choose(case: &Case, game: &AnyGame, seat: Seat, pick: &mut Pick, now: i64) -> domain::AnyMove {
    let legal = serde_json::to_value(LegalMoves::from(game.legal_moves(seat)))
        .unwrap_or_else(|error| panic!("{}: legal moves: {error}", case.name));
    let body: Option<Value> = match &legal {
        Value::Array(moves) if !moves.is_empty() => Some(moves[pick.below(moves.len())].clone()),
        Value::Object(_) => tribute::random_move(&legal, pick),
        _ => None,
    };
    let fallback = || {
        game.default_move(seat)
            .unwrap_or_else(|| panic!("{}: seat {} to act has no move", case.name, seat.0))
    };
    let Some(body) = body else {
        return fallback();
    };
    let mv = parse_move(case.kind, body.clone())
        .unwrap_or_else(|error| panic!("{}: {body} does not parse: {error}", case.name));
    let mut trial = game.clone();
    match trial.apply(Actor::Seat(seat), mv.clone(), now) {
        Ok(_) => mv,
        Err(_) => fallback(),
    }
}
