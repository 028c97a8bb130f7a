//! A restarted process takes back at once what its earlier lives leased (same lineage, other
//! holder), and nothing another process holds.

use domain::Seat;
use persistence::{BotSeat, NewEndpoint, OutboxTurn};
use uuid::Uuid;

use crate::support::{TestDb, account, new_game, per_backend};

const LINEAGE: &str = "host_1/127.0.0.1:8080/";
const EARLIER: &str = "host_1/127.0.0.1:8080/earlier-life";
const NOW: &str = "host_1/127.0.0.1:8080/this-life";
/// Another process: `_` in the lineage must match only itself, not any character.
const LOOKALIKE: &str = "hostX1/127.0.0.1:8080/other";
const ELSEWHERE: &str = "host_1/127.0.0.1:8081/other";

/// Wall-clock milliseconds of the scenario: every lease below holds far past it.
const NOW_MS: i64 = 1_000_000;

per_backend!(a_restart_frees_only_its_own_lineages_bot_seats);
fn a_restart_frees_only_its_own_lineages_bot_seats(db: &TestDb) {
    let creator = account(db, "bot-owner");
    let mut game = new_game(creator, 100);
    game.bots = (1..=3)
        .map(|seat| BotSeat {
            seat: Seat(seat),
            level: "random".to_owned(),
        })
        .collect();
    db.create_game(&game, None).unwrap();
    let holders = [EARLIER, LOOKALIKE, ELSEWHERE];
    for (seat, holder) in (1..=3).zip(holders) {
        assert!(
            db.lease_bot_seat(game.id, Seat(seat), holder, NOW_MS, NOW_MS + 60_000)
                .unwrap()
        );
    }
    assert_eq!(db.take_back_leases(LINEAGE, NOW).unwrap().0, 1);
    let held: Vec<Option<String>> = db
        .bot_seat_holders(game.id)
        .unwrap()
        .into_iter()
        .map(|(_, holder)| holder)
        .collect();
    assert_eq!(
        held,
        vec![None, Some(LOOKALIKE.to_owned()), Some(ELSEWHERE.to_owned())]
    );
    // The freed seat is this life's to lease now, long before the old lease would run out.
    assert!(
        db.lease_bot_seat(game.id, Seat(1), NOW, NOW_MS, NOW_MS + 60_000)
            .unwrap()
    );
    assert_eq!(
        db.take_back_leases(LINEAGE, NOW).unwrap().0,
        0,
        "its own lease stays"
    );
}

per_backend!(a_restart_sends_again_at_once_what_its_earlier_life_claimed);
fn a_restart_sends_again_at_once_what_its_earlier_life_claimed(db: &TestDb) {
    let owner = account(db, "hook-owner");
    let endpoint = Uuid::new_v4();
    let events = vec!["your_turn".to_owned()];
    db.create_endpoint(
        &NewEndpoint {
            id: endpoint,
            account: owner,
            url: "http://127.0.0.1:9/hook",
            events: &events,
            secret: "whsec_test",
            now: 100,
        },
        10,
    )
    .unwrap();
    let ping = db
        .enqueue_delivery(endpoint, None, "ping", "{}", 100)
        .unwrap();
    let claimed = |holder: &str| -> Vec<Uuid> {
        let turn = OutboxTurn {
            holder,
            finished: &[],
            now: 100,
            now_ms: NOW_MS,
            until: NOW_MS + 60_000,
            per_endpoint: 4,
            limit: 16,
        };
        db.outbox_turn(&turn)
            .unwrap()
            .claimed
            .iter()
            .map(|claim| claim.delivery.id)
            .collect()
    };
    assert_eq!(claimed(EARLIER), vec![ping.id]);
    assert!(claimed(NOW).is_empty(), "leased to the earlier life");
    assert_eq!(db.take_back_leases(ELSEWHERE, NOW).unwrap().1, 0);
    assert!(claimed(NOW).is_empty(), "another lineage frees nothing");
    assert_eq!(db.take_back_leases(LINEAGE, NOW).unwrap().1, 1);
    assert_eq!(claimed(NOW), vec![ping.id]);
}
