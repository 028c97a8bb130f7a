//! One type per concept that covers every game, so the contract stays fully typed. The unions
//! are generated from the domain's list of games (`domain::for_each_game!`), and each variant
//! is that game's own wire type from the domain: a new game needs no line here.

use serde::Serialize;
use utoipa::ToSchema;

use domain::{AnyEventView, AnyLegalMoves, AnyMove, AnySetup, AnyView, GameKind};

macro_rules! wire_unions {
    ($($variant:ident => $module:ident :: $game:ident),+ $(,)?) => {
        /// A game's view for one viewer; `kind` at the top of the game tells which.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum GameView { $($variant(domain::games::$module::View)),+ }

        /// A move in its game's JSON shape.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum MoveBody { $($variant(domain::games::$module::Move)),+ }

        /// An explicit setup in its game's JSON shape.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum SetupBody { $($variant(domain::games::$module::Setup)),+ }

        /// A log event as one viewer may see it.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum GameEvent { $($variant(domain::games::$module::EventView)),+ }

        /// A seat's legal moves: each exactly as it can be posted back, or a typed description
        /// where a list would be too long.
        #[derive(Clone, Debug, Serialize, ToSchema)]
        #[serde(untagged)]
        pub enum LegalMoves { $($variant(domain::games::$module::LegalMoves)),+ }

        impl From<AnyView> for GameView {
            fn from(view: AnyView) -> Self {
                match view { $(AnyView::$variant(view) => GameView::$variant(view),)+ }
            }
        }

        impl From<AnyEventView> for GameEvent {
            fn from(event: AnyEventView) -> Self {
                match event { $(AnyEventView::$variant(event) => GameEvent::$variant(event),)+ }
            }
        }

        impl From<AnyLegalMoves> for LegalMoves {
            fn from(moves: AnyLegalMoves) -> Self {
                match moves { $(AnyLegalMoves::$variant(moves) => LegalMoves::$variant(moves),)+ }
            }
        }

        impl From<AnyMove> for MoveBody {
            fn from(mv: AnyMove) -> Self {
                match mv { $(AnyMove::$variant(mv) => MoveBody::$variant(mv),)+ }
            }
        }

        impl From<AnySetup> for SetupBody {
            fn from(setup: AnySetup) -> Self {
                match setup { $(AnySetup::$variant(setup) => SetupBody::$variant(setup),)+ }
            }
        }

        /// Parses a move in the JSON shape of `kind`'s rules; the error says what is malformed.
        pub fn parse_move(kind: GameKind, body: serde_json::Value) -> Result<AnyMove, String> {
            match kind {
                $(GameKind::$variant => serde_json::from_value(body)
                    .map(AnyMove::$variant)
                    .map_err(|error| error.to_string()),)+
            }
        }

        /// Parses an explicit setup in the JSON shape of `kind`'s rules.
        pub fn parse_setup(kind: GameKind, body: serde_json::Value) -> Result<AnySetup, String> {
            match kind {
                $(GameKind::$variant => serde_json::from_value(body)
                    .map(AnySetup::$variant)
                    .map_err(|error| error.to_string()),)+
            }
        }

        /// The schema name of `kind`'s explicit setup.
        pub fn setup_schema_name(kind: GameKind) -> std::borrow::Cow<'static, str> {
            match kind {
                $(GameKind::$variant => <domain::games::$module::Setup as ToSchema>::name(),)+
            }
        }
    };
}

domain::for_each_game!(wire_unions);

/// An explicit setup as JSON, in its game's shape (for the move log of a finished game).
pub fn setup_json(setup: &AnySetup) -> serde_json::Value {
    serde_json::to_value(SetupBody::from(setup.clone())).unwrap_or(serde_json::Value::Null)
}

/// Restates each union over every game as `anyOf`: utoipa writes an untagged enum as `oneOf`
/// (exactly one variant matches), but games' shapes can overlap — an empty list of legal moves
/// fits every game that lists its moves — and the `kind` beside the value tells which game it
/// is, so a value matches at least one variant.
pub fn any_of_across_games(openapi: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{AnyOf, Schema};

    let names = [
        GameView::name(),
        MoveBody::name(),
        SetupBody::name(),
        GameEvent::name(),
        LegalMoves::name(),
    ];
    let Some(components) = openapi.components.as_mut() else {
        return;
    };
    for name in names {
        if let Some(RefOr::T(schema)) = components.schemas.get_mut(name.as_ref())
            && let Schema::OneOf(one_of) = schema
        {
            let mut any_of = AnyOf::new();
            any_of.items = std::mem::take(&mut one_of.items);
            any_of.description = one_of.description.take();
            *schema = Schema::AnyOf(any_of);
        }
    }
}
