//! The test clock (`TEST_CLOCK=true`): automated testers read the server's time and move it on;
//! every deadline passed on the way is expired at once, in deadline order, before the answer.

use std::sync::Mutex;

use uuid::Uuid;

use super::GameService;
use super::games::unprocessable;
use crate::clock::ManualClock;
use crate::error::ApiError;

/// The furthest one request may move the clock: a year.
pub const MAX_ADVANCE_SECS: i64 = 366 * 86_400;

/// The most due games expired at one instant on the way, per round.
const DUE_PER_ROUND: i64 = 1_000;

/// Rounds one advance may take (each expires every game due at one deadline): a bound against
/// a game whose deadlines would never stop passing.
const MAX_ROUNDS: usize = 100_000;

/// One advance at a time: two interleaved would each stop the clock at their own deadlines.
static ADVANCING: Mutex<()> = Mutex::new(());

impl GameService {
    /// The clock the test routes move: 404 unless the server runs with `TEST_CLOCK=true`.
    pub fn test_clock(&self) -> Result<&ManualClock, ApiError> {
        self.clock.test_handle().ok_or_else(|| ApiError::NotFound {
            code: "not_found",
            detail: "the test clock is off (TEST_CLOCK=true turns it on)".to_owned(),
        })
    }

    /// Moves the test clock `secs` seconds on, stopping at each deadline passed on the way,
    /// earliest first, to expire it (with its default moves, events and stream messages) at
    /// its own time. Returns how many expiries were committed.
    pub fn advance_test_clock(&self, secs: i64) -> Result<usize, ApiError> {
        let clock = self.test_clock()?;
        if !(0..=MAX_ADVANCE_SECS).contains(&secs) {
            return Err(unprocessable(
                "invalid_advance",
                format!("advance_secs is 0 to {MAX_ADVANCE_SECS}"),
            ));
        }
        // A panic elsewhere while holding it left nothing half-done that matters here.
        let _one_at_a_time = ADVANCING
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let target = clock.now().saturating_add(secs);
        let mut expired = 0;
        for _ in 0..MAX_ROUNDS {
            let Some(deadline) = self.db.earliest_deadline(clock.now(), target)? else {
                break;
            };
            // Never backwards: a deadline passed before this call is expired now.
            let at = deadline.max(clock.now());
            clock.set(at);
            // Empty when the background tick expired them meanwhile: the next round goes on.
            for id in self.db.games_due(at, DUE_PER_ROUND)? {
                expired += self.expire_for_test(id, at);
            }
        }
        if clock.now() < target {
            clock.set(target);
        }
        Ok(expired)
    }

    /// Expires `id`'s passed deadlines at `at`; a game that stays due is set aside as the tick
    /// sets it aside, so that the advance does not stop on it again.
    fn expire_for_test(&self, id: Uuid, at: i64) -> usize {
        match self.current(id, at) {
            Ok(game) if game.deadline_at.is_some_and(|deadline| deadline <= at) => {
                tracing::error!(%id, "game set aside: its deadline cannot be expired");
                if let Err(error) =
                    self.db
                        .set_aside(id, at, "the rules refuse to expire its passed deadline")
                {
                    tracing::warn!(%id, %error, "could not set a failing game aside");
                }
                0
            }
            Ok(_) => 1,
            Err(error) => {
                tracing::warn!(%id, code = error.code(), %error, "test clock could not expire a game");
                if let Err(error) = self.db.set_aside(id, at, &error.to_string()) {
                    tracing::warn!(%id, %error, "could not set a failing game aside");
                }
                0
            }
        }
    }
}
