//! Limits that keep one client from exhausting the server: request rates per IP address and per
//! account (the GCRA of `governor`), and a bound on password hashes computed at once.

use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::Semaphore;
use uuid::Uuid;

use crate::configuration::LimitSettings;
use crate::error::ApiError;
use crate::live_limits::LiveRates;

/// One keyed rate: `per_minute` requests a minute per key, in bursts of up to `per_minute`.
pub(crate) struct Rate<K: Hash + Eq + Clone> {
    limiter: Option<DefaultKeyedRateLimiter<K>>,
}

impl<K: Hash + Eq + Clone> Rate<K> {
    pub(crate) fn per_minute(per_minute: u32) -> Self {
        Self {
            limiter: NonZeroU32::new(per_minute)
                .map(|rate| RateLimiter::keyed(Quota::per_minute(rate))),
        }
    }

    pub(crate) fn check(&self, key: &K) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::RateLimited {
                retry_after_secs: whole_seconds_up(wait),
            }
        })
    }

    /// Forgets keys whose limit has fully replenished, so the map does not grow forever.
    pub(crate) fn forget_idle(&self) {
        if let Some(limiter) = &self.limiter {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }
}

/// `Retry-After` is whole seconds: rounded up, so a client that waits that long gets through.
fn whole_seconds_up(wait: Duration) -> u64 {
    let seconds = wait.as_secs();
    if wait.subsec_nanos() > 0 {
        seconds + 1
    } else {
        seconds.max(1)
    }
}

/// What a client address is limited by: an IPv4 address as it is; an IPv6 address by its /64,
/// the prefix one subscriber gets and may rotate addresses within freely (an IPv4-mapped IPv6
/// address as its IPv4 address).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// A few threads of their own for password hashing, one per slot. Each argon2 hash allocates
/// ~19 MiB; on the general blocking pool every one of its many threads would keep such a
/// block in its own allocator arena, and memory would grow with the number of threads ever
/// used. Here only `slots` threads ever hash.
struct HashingThreads {
    jobs: Mutex<Sender<Job>>,
}

impl HashingThreads {
    fn start(slots: usize) -> Self {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for index in 0..slots {
            let queue = queue.clone();
            let started = std::thread::Builder::new()
                .name(format!("password-hashing-{index}"))
                .spawn(move || run_jobs(&queue));
            if let Err(error) = started {
                tracing::error!(%error, "cannot start a password hashing thread");
            }
        }
        Self {
            jobs: Mutex::new(jobs),
        }
    }
}

/// Runs jobs until the server drops its end of the queue.
fn run_jobs(queue: &Mutex<Receiver<Job>>) {
    loop {
        let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
        match job {
            // A panicking job must not take the thread with it.
            Ok(job) => drop(std::panic::catch_unwind(std::panic::AssertUnwindSafe(job))),
            Err(_) => return,
        }
    }
}

/// Every limit of one server.
pub struct Limits {
    auth: Rate<IpAddr>,
    refreshes: Rate<IpAddr>,
    games: Rate<Uuid>,
    moves: Rate<Uuid>,
    webhooks: Rate<Uuid>,
    personal_tokens: Rate<Uuid>,
    hashing: Arc<Semaphore>,
    hashing_threads: HashingThreads,
    hash_wait: Duration,
    live: LiveRates,
    login_budget: crate::login_budget::LoginBudget,
}

impl Limits {
    pub fn new(settings: &LimitSettings) -> Self {
        let slots = match settings.hash_concurrency {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            slots => slots,
        };
        Self {
            auth: Rate::per_minute(settings.auth_per_minute),
            refreshes: Rate::per_minute(settings.refreshes_per_minute),
            games: Rate::per_minute(settings.games_per_minute),
            moves: Rate::per_minute(settings.moves_per_minute),
            webhooks: Rate::per_minute(settings.webhooks_per_minute),
            personal_tokens: Rate::per_minute(settings.personal_tokens_per_minute),
            hashing: Arc::new(Semaphore::new(slots)),
            hashing_threads: HashingThreads::start(slots),
            hash_wait: settings.hash_wait,
            live: LiveRates::new(settings),
            login_budget: crate::login_budget::LoginBudget::default(),
        }
    }

    /// Registrations and logins from one address (an IPv6 address counts by its /64). Without
    /// a peer address (never over TCP) the request is not limited.
    pub fn check_auth(&self, peer: Option<IpAddr>) -> Result<(), ApiError> {
        peer.map_or(Ok(()), |ip| self.auth.check(&client_key(ip)))
    }

    /// Session refreshes from one address, counted as [`Limits::check_auth`] counts.
    pub fn check_refresh(&self, peer: Option<IpAddr>) -> Result<(), ApiError> {
        peer.map_or(Ok(()), |ip| self.refreshes.check(&client_key(ip)))
    }

    pub fn check_create_game(&self, account: Uuid) -> Result<(), ApiError> {
        self.games.check(&account)
    }

    pub fn check_move(&self, account: Uuid) -> Result<(), ApiError> {
        self.moves.check(&account)
    }

    /// Webhook endpoints registered per account.
    pub fn check_create_webhook(&self, account: Uuid) -> Result<(), ApiError> {
        self.webhooks.check(&account)
    }

    pub fn check_create_personal_token(&self, account: Uuid) -> Result<(), ApiError> {
        self.personal_tokens.check(&account)
    }

    /// Stream tickets, joins and leaves per account.
    pub fn live(&self) -> &LiveRates {
        &self.live
    }

    /// Password attempts per account name, whatever the address (see `login_budget`).
    pub fn login_budget(&self) -> &crate::login_budget::LoginBudget {
        &self.login_budget
    }

    /// Runs `work`, which hashes or verifies a password, on a hashing thread once a slot is
    /// free. At most one hash per CPU runs at once; the others wait their turn, and past
    /// `hash_wait` get a 503 with `Retry-After`.
    pub async fn hashing<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
    {
        let busy = || ApiError::Overloaded {
            retry_after_secs: 1,
        };
        let slot = tokio::time::timeout(self.hash_wait, self.hashing.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        let (answer, answered) = tokio::sync::oneshot::channel();
        let span = tracing::Span::current();
        // The job holds the slot until it has run: a caller that goes away (a dropped login)
        // must not free a slot while its hash still waits in the queue or runs, or more
        // hashes than slots would run at once.
        let job: Job = Box::new(move || {
            let _ = answer.send(span.in_scope(work));
            drop(slot);
        });
        self.hashing_threads
            .jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send(job)
            .map_err(|_| ApiError::Internal("the password hashing threads are gone".to_owned()))?;
        answered
            .await
            .map_err(|_| ApiError::Internal("a password hashing job failed".to_owned()))?
    }

    /// Called by the background tick.
    pub fn forget_idle(&self) {
        self.auth.forget_idle();
        self.refreshes.forget_idle();
        self.games.forget_idle();
        self.moves.forget_idle();
        self.webhooks.forget_idle();
        self.personal_tokens.forget_idle();
        self.live.forget_idle();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        assert_eq!(whole_seconds_up(Duration::from_millis(1)), 1);
        assert_eq!(whole_seconds_up(Duration::from_millis(1000)), 1);
        assert_eq!(whole_seconds_up(Duration::from_millis(1001)), 2);
        assert_eq!(whole_seconds_up(Duration::from_secs(0)), 1);
    }

    #[tokio::test]
    async fn a_dropped_request_keeps_its_hashing_slot_until_its_job_has_run() {
        let limits = Arc::new(Limits::new(&LimitSettings {
            hash_concurrency: 1,
            hash_wait: Duration::from_millis(200),
            ..LimitSettings::default()
        }));
        let (started, has_started) = std::sync::mpsc::channel::<()>();
        let (release, released) = std::sync::mpsc::channel::<()>();
        let hashing = limits.clone();
        let request = tokio::spawn(async move {
            hashing
                .hashing(move || {
                    let _ = started.send(());
                    let _ = released.recv();
                    Ok(())
                })
                .await
        });
        let _ = tokio::task::spawn_blocking(move || has_started.recv()).await;
        // The client goes away while its hash runs.
        request.abort();
        let _ = request.await;
        assert_eq!(
            limits.hashing.available_permits(),
            0,
            "the slot is still in use"
        );
        let refused = limits.hashing(|| Ok(())).await;
        assert!(matches!(refused, Err(ApiError::Overloaded { .. })));
        let _ = release.send(());
        assert!(
            limits.hashing(|| Ok(())).await.is_ok(),
            "freed once the job ended"
        );
    }

    #[test]
    fn ipv6_addresses_of_one_64_share_the_auth_limit() {
        let limits = Limits::new(&LimitSettings {
            auth_per_minute: 1,
            hash_concurrency: 1,
            ..LimitSettings::default()
        });
        let ip = |text: &str| text.parse::<IpAddr>().ok();
        assert!(limits.check_auth(ip("2001:db8:0:1::1")).is_ok());
        // The next address in the same /64 is the same client.
        assert!(limits.check_auth(ip("2001:db8:0:1::2")).is_err());
        assert!(
            limits
                .check_auth(ip("2001:db8:0:1:ffff:ffff:ffff:ffff"))
                .is_err()
        );
        // Another /64 is another client, and IPv4 addresses count one by one.
        assert!(limits.check_auth(ip("2001:db8:0:2::1")).is_ok());
        assert!(limits.check_auth(ip("192.0.2.1")).is_ok());
        assert!(
            limits.check_auth(ip("::ffff:192.0.2.1")).is_err(),
            "mapped is IPv4"
        );
        assert!(limits.check_auth(ip("192.0.2.2")).is_ok());
    }

    #[test]
    fn a_rate_refuses_past_its_burst_and_zero_means_off() {
        let rate = Rate::per_minute(2);
        assert!(rate.check(&1).is_ok());
        assert!(rate.check(&1).is_ok());
        let refused = rate.check(&1);
        assert!(matches!(
            refused,
            Err(ApiError::RateLimited { retry_after_secs }) if (1..=30).contains(&retry_after_secs)
        ));
        assert!(rate.check(&2).is_ok(), "keys are limited separately");
        let off = Rate::per_minute(0);
        assert!((0..100).all(|_| off.check(&1).is_ok()));
    }
}
