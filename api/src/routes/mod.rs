//! One handler per file, `routes/<resource>/<verb>.rs`; the function name is the operation id.

pub mod accounts;
pub mod game_kinds;
pub mod games;
pub mod health;
pub mod invites;
pub mod leaderboards;
pub mod matchmaking;
pub mod me;
pub mod play;
pub mod sessions;
pub mod test_clock;
mod view;
pub mod webhooks;

use utoipa_actix_web::service_config::ServiceConfig;

pub use view::{private_answer, private_ok, private_view};

/// Every `/v1` route, in one list for both registrations below.
macro_rules! v1_services {
    ($config:expr) => {
        $config
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
            .service(me::delete::delete_me)
            .service(me::export::export_me)
            .service(matchmaking::post::post_matchmaking_tickets)
            .service(matchmaking::get::get_matchmaking_ticket)
            .service(matchmaking::delete::delete_matchmaking_ticket)
            .service(accounts::profile::get_account_profile)
            .service(leaderboards::get::get_leaderboard)
            .service(webhooks::post::post_webhooks)
            .service(webhooks::list::list_webhooks)
            .service(webhooks::get::get_webhook)
            .service(webhooks::delete::delete_webhook)
            .service(webhooks::test::test_webhook)
            .service(webhooks::deliveries::list_webhook_deliveries)
            .service(webhooks::redeliver::redeliver_webhook_delivery)
            .service(sessions::refresh::refresh_session)
            .service(sessions::list::list_sessions)
            .service(sessions::delete::delete_sessions)
            .service(sessions::delete_current::delete_current_session)
            .service(me::get::get_me)
            .service(me::password::put_password)
            .service(me::tokens_post::post_personal_tokens)
            .service(me::tokens_list::list_personal_tokens)
            .service(me::tokens_delete::delete_personal_token)
            .service(me::games::get_my_games)
            .service(test_clock::get::get_test_clock)
            .service(test_clock::post::post_test_clock)
            .service(invites::join::join_by_invite)
            .service(games::invite_get::get_invite)
            .service(games::invite_rotate::rotate_invite)
            .service(games::invite_revoke::revoke_invite)
            .service(games::invitation_decline::decline_invitation)
            .service(games::rematch::post_rematch)
    };
}

/// Every `/v1` route, with its operation collected into the contract (`spec::openapi`).
pub fn v1(config: &mut ServiceConfig) {
    v1_services!(config);
}

/// Every `/v1` route, for the server's workers: routed only. The contract is built once per
/// process (`spec::openapi`); collecting it again in each worker's app built every schema
/// there too, ~10 MiB of allocations per worker that glibc kept in that thread's arena.
pub fn v1_routes(config: &mut actix_web::web::ServiceConfig) {
    v1_services!(config);
}
