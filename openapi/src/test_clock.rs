//! The test clock of a server run with `TEST_CLOCK=true`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The server's time.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TestClock {
    /// Unix seconds now, by the server's clock.
    #[schema(example = 1_800_000_000)]
    pub now: i64,
    /// Deadlines expired by this request (0 for a read).
    pub expired: usize,
}

/// Moves the test clock on.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdvanceClock {
    /// Seconds to move on: 0 to 31622400 (a year); 0 expires the deadlines already passed.
    #[schema(example = 3600, minimum = 0, maximum = 31_622_400)]
    pub advance_secs: i64,
}
