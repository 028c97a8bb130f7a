//! Records become wire types here, for one viewer.

use domain::Viewer;
use openapi::games::{
    BotSeatInfo, CommitmentScheme, Game, GameStatus as WireStatus, GameSummary, SeatInfo,
};
use openapi::kinds::option_value_json;
use persistence::{GameRecord, GameStatus};
use uuid::Uuid;

use super::games::seat_of;

/// How `account` sees `game`: as its seat, or as a spectator.
pub fn viewer_of(game: &GameRecord, account: Uuid) -> Viewer {
    seat_of(game, account).map_or(Viewer::Spectator, Viewer::Seat)
}

pub fn wire_status(status: GameStatus) -> WireStatus {
    match status {
        GameStatus::Open => WireStatus::Open,
        GameStatus::Active => WireStatus::Active,
        GameStatus::Finished => WireStatus::Finished,
    }
}

pub fn options_json(game: &GameRecord) -> serde_json::Map<String, serde_json::Value> {
    game.options
        .0
        .iter()
        .map(|(key, value)| (key.clone(), option_value_json(value)))
        .collect()
}

/// The game's seed commitment and how it was made: with the game's nonce, or (a game stored
/// before nonces) of the seed alone.
pub fn seed_commitment(game: &GameRecord) -> (String, CommitmentScheme) {
    match &game.seed_nonce {
        Some(nonce) => (
            game.seed.salted_commitment(nonce),
            CommitmentScheme::Sha256NonceSeed,
        ),
        None => (game.seed.commitment(), CommitmentScheme::Sha256Seed),
    }
}

fn bots(game: &GameRecord) -> Vec<BotSeatInfo> {
    game.bots
        .iter()
        .map(|bot| BotSeatInfo {
            seat: bot.seat.0,
            level: bot.level.clone(),
        })
        .collect()
}

fn seats(game: &GameRecord) -> Vec<SeatInfo> {
    game.seats
        .iter()
        .map(|seat| SeatInfo {
            seat: seat.seat.0,
            account_id: seat.account_id,
            username: seat.username.clone(),
            deleted: seat.deleted,
        })
        .collect()
}

/// The game as `account` may see it.
pub fn render_game(game: &GameRecord, account: Uuid) -> Game {
    render_game_as(game, viewer_of(game, account))
}

/// The game as `viewer` may see it: the same for every account that views it as `viewer`.
pub fn render_game_as(game: &GameRecord, viewer: Viewer) -> Game {
    let finished = game.status == GameStatus::Finished;
    let (seed_commitment, commitment_scheme) = seed_commitment(game);
    let seed_shown = game
        .state
        .as_ref()
        .is_some_and(|state| finished && state.seed_visible(viewer));
    Game {
        id: game.id,
        kind: game.kind.id().to_owned(),
        status: wire_status(game.status),
        version: game.version,
        players: game.players,
        options: options_json(game),
        fixed_setup: game.fixed_setup,
        rated: game.rated,
        seats: seats(game),
        bots: bots(game),
        your_seat: viewer.seat().map(|seat| seat.0),
        to_act: game
            .state
            .as_ref()
            .map(|state| state.to_act().into_iter().map(|seat| seat.0).collect())
            .unwrap_or_default(),
        deadline_at: game.state.as_ref().and_then(|state| state.deadline()),
        seed_commitment,
        commitment_scheme,
        seed: seed_shown.then(|| game.seed.as_str().to_owned()),
        seed_nonce: game.seed_nonce.clone().filter(|_| seed_shown),
        created_at: game.created_at,
        started_at: game.started_at,
        finished_at: game.finished_at,
        outcome: game
            .state
            .as_ref()
            .and_then(|state| state.outcome())
            .map(Into::into),
        view: game.state.as_ref().map(|state| state.view(viewer).into()),
        visibility: visibility(game),
        rematch_id: game.rematch_id,
    }
}

pub fn render_summary(game: &GameRecord) -> GameSummary {
    GameSummary {
        id: game.id,
        kind: game.kind.id().to_owned(),
        status: wire_status(game.status),
        players: game.players,
        fixed_setup: game.fixed_setup,
        rated: game.rated,
        seats: seats(game),
        bots: bots(game),
        created_at: game.created_at,
        // The summary columns: a listed record carries no state to ask.
        to_act: game.to_act.iter().map(|seat| seat.0).collect(),
        deadline_at: game.deadline_at,
        rematch_id: game.rematch_id,
    }
}

fn visibility(game: &GameRecord) -> openapi::invites::Visibility {
    if game.unlisted {
        openapi::invites::Visibility::Unlisted
    } else {
        openapi::invites::Visibility::Public
    }
}
