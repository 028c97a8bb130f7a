//! Per-account rates of what opens or reshapes live work: stream tickets, joins and leaves.
//! Each is the same keyed GCRA as the other account limits (see [`crate::limits`]), refused
//! with 429 and `Retry-After` past its rate.

use uuid::Uuid;

use crate::configuration::LimitSettings;
use crate::error::ApiError;
use crate::limits::Rate;

pub struct LiveRates {
    tickets: Rate<Uuid>,
    joins: Rate<Uuid>,
    leaves: Rate<Uuid>,
}

impl LiveRates {
    pub fn new(settings: &LimitSettings) -> Self {
        Self {
            tickets: Rate::per_minute(settings.stream_tickets_per_minute),
            joins: Rate::per_minute(settings.joins_per_minute),
            leaves: Rate::per_minute(settings.leaves_per_minute),
        }
    }

    pub fn check_stream_ticket(&self, account: Uuid) -> Result<(), ApiError> {
        self.tickets.check(&account)
    }

    pub fn check_join(&self, account: Uuid) -> Result<(), ApiError> {
        self.joins.check(&account)
    }

    pub fn check_leave(&self, account: Uuid) -> Result<(), ApiError> {
        self.leaves.check(&account)
    }

    pub fn forget_idle(&self) {
        self.tickets.forget_idle();
        self.joins.forget_idle();
        self.leaves.forget_idle();
    }
}
