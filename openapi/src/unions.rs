//! One type per concept that covers every game, so the contract stays fully typed.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::trade_or_duel as tod;
use domain::{AnyEventView, AnyLegalMoves, AnyMove, AnySetup, AnyView, GameKind};

/// A game's view for one viewer; `kind` at the top of the game tells which.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum GameView {
    TradeOrDuel(tod::ViewDto),
}

/// A move in its game's JSON shape.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum MoveBody {
    TradeOrDuel(tod::MoveDto),
}

/// An explicit setup in its game's JSON shape.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum SetupBody {
    TradeOrDuel(tod::SetupDto),
}

/// A log event as one viewer may see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum GameEvent {
    TradeOrDuel(tod::EventDto),
}

/// A seat's legal moves, each exactly as it can be posted back.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LegalMoves {
    TradeOrDuel(Vec<tod::MoveDto>),
}

impl From<AnyView> for GameView {
    fn from(view: AnyView) -> Self {
        match view {
            AnyView::TradeOrDuel(view) => GameView::TradeOrDuel(view.into()),
        }
    }
}

impl From<AnyEventView> for GameEvent {
    fn from(event: AnyEventView) -> Self {
        match event {
            AnyEventView::TradeOrDuel(event) => GameEvent::TradeOrDuel(event.into()),
        }
    }
}

impl From<AnyLegalMoves> for LegalMoves {
    fn from(moves: AnyLegalMoves) -> Self {
        match moves {
            AnyLegalMoves::TradeOrDuel(moves) => {
                LegalMoves::TradeOrDuel(moves.into_iter().map(Into::into).collect())
            }
        }
    }
}

impl From<AnyMove> for MoveBody {
    fn from(mv: AnyMove) -> Self {
        match mv {
            AnyMove::TradeOrDuel(mv) => MoveBody::TradeOrDuel(mv.into()),
        }
    }
}

/// Parses a move in the JSON shape of `kind`'s rules; the error says what is malformed.
pub fn parse_move(kind: GameKind, body: serde_json::Value) -> Result<AnyMove, String> {
    match kind {
        GameKind::TradeOrDuel => serde_json::from_value::<tod::MoveDto>(body)
            .map(|mv| AnyMove::TradeOrDuel(mv.into()))
            .map_err(|error| error.to_string()),
    }
}

/// Parses an explicit setup in the JSON shape of `kind`'s rules.
pub fn parse_setup(kind: GameKind, body: serde_json::Value) -> Result<AnySetup, String> {
    match kind {
        GameKind::TradeOrDuel => serde_json::from_value::<tod::SetupDto>(body)
            .map(|setup| AnySetup::TradeOrDuel(setup.into()))
            .map_err(|error| error.to_string()),
    }
}

/// An explicit setup as JSON, in its game's shape (for the move log of a finished game).
pub fn setup_json(setup: &AnySetup) -> serde_json::Value {
    let json = match setup {
        AnySetup::TradeOrDuel(setup) => serde_json::to_value(setup),
    };
    json.unwrap_or(serde_json::Value::Null)
}
