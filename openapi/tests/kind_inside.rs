//! A view and a log event carry their game's `kind` inside, with the value the contract's
//! discriminator maps to that game's schema: a client tells them apart without a sibling field.

use domain::{AnyGame, GameKind, OptionMap, Seat, Seed, Viewer};
use openapi::unions::{GameEvent, GameView};

#[test]
fn views_and_events_of_every_game_say_their_kind() {
    for kind in GameKind::ALL {
        let players = i64::from(kind.info().min_players);
        let seed = Seed::new("kind-inside").unwrap_or_else(|| panic!("a seed"));
        let (game, started) =
            AnyGame::create(*kind, players, &OptionMap::default(), &seed, None, 0)
                .unwrap_or_else(|error| panic!("{}: {error}", kind.id()));
        assert!(!started.is_empty(), "{}: no start events", kind.id());
        for viewer in [Viewer::Spectator, Viewer::Seat(Seat(0))] {
            let view = serde_json::to_value(GameView::from(game.view(viewer)))
                .unwrap_or_else(|error| panic!("{error}"));
            assert_eq!(view["kind"], kind.id(), "{view}");
            for event in &started {
                let Some(shown) = game.event_view(event, viewer) else {
                    continue;
                };
                let shown = serde_json::to_value(GameEvent::from(shown))
                    .unwrap_or_else(|error| panic!("{error}"));
                assert_eq!(shown["kind"], kind.id(), "{shown}");
                assert!(shown["type"].is_string(), "{shown}");
            }
        }
    }
}
