//! One type per concept that covers every game, so the contract stays fully typed. Each game is
//! one line of the `wire_games!` invocation; the unions and conversions are generated from it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{intrigue, trade_or_duel, tribute, tricky_tribes};
use domain::{AnyEventView, AnyLegalMoves, AnyMove, AnySetup, AnyView, GameKind};

macro_rules! wire_games {
    ($($variant:ident => $module:ident),+ $(,)?) => {
        /// A game's view for one viewer; `kind` at the top of the game tells which.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum GameView { $($variant($module::ViewDto)),+ }

        /// A move in its game's JSON shape.
        #[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
        #[serde(untagged)]
        pub enum MoveBody { $($variant($module::MoveDto)),+ }

        /// An explicit setup in its game's JSON shape.
        #[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
        #[serde(untagged)]
        pub enum SetupBody { $($variant($module::SetupDto)),+ }

        /// A log event as one viewer may see it.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum GameEvent { $($variant($module::EventDto)),+ }

        /// A seat's legal moves: each exactly as it can be posted back, or a typed description
        /// where a list would be too long.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum LegalMoves { $($variant($module::LegalMovesDto)),+ }

        impl From<AnyView> for GameView {
            fn from(view: AnyView) -> Self {
                match view { $(AnyView::$variant(view) => GameView::$variant(view.into()),)+ }
            }
        }

        impl From<AnyEventView> for GameEvent {
            fn from(event: AnyEventView) -> Self {
                match event {
                    $(AnyEventView::$variant(event) => GameEvent::$variant(event.into()),)+
                }
            }
        }

        impl From<AnyLegalMoves> for LegalMoves {
            fn from(moves: AnyLegalMoves) -> Self {
                match moves {
                    $(AnyLegalMoves::$variant(moves) => LegalMoves::$variant(moves.into()),)+
                }
            }
        }

        impl From<AnyMove> for MoveBody {
            fn from(mv: AnyMove) -> Self {
                match mv { $(AnyMove::$variant(mv) => MoveBody::$variant(mv.into()),)+ }
            }
        }

        /// Parses a move in the JSON shape of `kind`'s rules; the error says what is malformed.
        pub fn parse_move(kind: GameKind, body: serde_json::Value) -> Result<AnyMove, String> {
            match kind {
                $(GameKind::$variant => serde_json::from_value::<$module::MoveDto>(body)
                    .map(|mv| AnyMove::$variant(mv.into()))
                    .map_err(|error| error.to_string()),)+
            }
        }

        /// Parses an explicit setup in the JSON shape of `kind`'s rules.
        pub fn parse_setup(kind: GameKind, body: serde_json::Value) -> Result<AnySetup, String> {
            match kind {
                $(GameKind::$variant => serde_json::from_value::<$module::SetupDto>(body)
                    .map(|setup| AnySetup::$variant(setup.into()))
                    .map_err(|error| error.to_string()),)+
            }
        }

        /// An explicit setup as JSON, in its game's shape (for the move log of a finished game).
        pub fn setup_json(setup: &AnySetup) -> serde_json::Value {
            let json = match setup { $(AnySetup::$variant(setup) => serde_json::to_value(setup),)+ };
            json.unwrap_or(serde_json::Value::Null)
        }
    };
}

wire_games! {
    TradeOrDuel => trade_or_duel,
    Tribute => tribute,
    Intrigue => intrigue,
    TrickyTribes => tricky_tribes,
}
