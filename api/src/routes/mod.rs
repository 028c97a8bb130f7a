//! One handler per file, `routes/<resource>/<verb>.rs`; the function name is the operation id.

pub mod accounts;
pub mod game_kinds;
pub mod games;
pub mod health;
pub mod invites;
pub mod me;
pub mod play;
pub mod sessions;
pub mod test_clock;
mod view;

use utoipa_actix_web::service_config::ServiceConfig;

pub use view::{private_answer, private_ok, private_view};

/// Every `/v1` route.
pub fn v1(config: &mut ServiceConfig) {
    config
        .service(accounts::post::post_accounts)
        .service(sessions::post::post_sessions)
        .service(game_kinds::get::get_game_kinds)
        .service(games::post::post_games)
        .service(games::list::list_games)
        .service(games::get::get_game)
        .service(games::join::join_game)
        .service(games::legal_moves::get_legal_moves)
        .service(games::moves_post::post_moves)
        .service(games::moves_get::get_moves)
        .service(games::events::get_events)
        .service(games::cancel::delete_game)
        .service(games::leave::leave_game)
        .service(games::bots_post::post_bots)
        .service(games::stream::get_game_stream)
        .service(games::stream_tickets::post_game_stream_tickets)
        .service(me::stream::get_account_stream)
        .service(me::stream_tickets::post_account_stream_tickets)
        .service(me::games::get_my_games)
        .service(test_clock::get::get_test_clock)
        .service(test_clock::post::post_test_clock)
        .service(invites::join::join_by_invite)
        .service(games::invite_get::get_invite)
        .service(games::invite_rotate::rotate_invite)
        .service(games::invite_revoke::revoke_invite)
        .service(games::invitation_decline::decline_invitation)
        .service(games::rematch::post_rematch);
}
