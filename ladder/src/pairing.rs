//! Quick match: which waiting tickets make a game now. Tickets are taken oldest first, each
//! with the waiting tickets closest to its rating, inside a window that widens as it waits;
//! once a ticket has waited its `bots_after_ms`, its game starts with bots in the seats nobody
//! came for. So the oldest ticket is never passed over for ever: at the latest when its bot
//! wait is over, it is matched.

/// A waiting request for a game. Every ticket given to one [`pair`] call must ask for the same
/// game (kind and options); the caller groups them by that first.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticket<Id> {
    pub id: Id,
    /// The player's rating in the game's kind.
    pub rating: f64,
    /// How many players the game may have, bots included.
    pub min_players: u8,
    pub max_players: u8,
    /// When it started waiting, in milliseconds of the caller's clock.
    pub queued_at_ms: i64,
    /// How long it waits for people before bots fill its game.
    pub bots_after_ms: i64,
}

impl<Id> Ticket<Id> {
    fn waited_ms(&self, now_ms: i64) -> i64 {
        now_ms.saturating_sub(self.queued_at_ms).max(0)
    }

    fn admits(&self, players: u8) -> bool {
        (self.min_players..=self.max_players).contains(&players)
    }
}

/// How far apart in rating two tickets may be to share a game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairingSettings {
    /// The window of a ticket that has just arrived, in rating points.
    pub initial_window: f64,
    /// How much it widens per second of waiting.
    pub widen_per_sec: f64,
    /// The widest it gets.
    pub max_window: f64,
}

impl Default for PairingSettings {
    /// About one skill class (Weng-Lin's beta is 25/6) at first, everyone after 40 seconds.
    fn default() -> Self {
        Self {
            initial_window: 4.0,
            widen_per_sec: 1.0,
            max_window: 44.0,
        }
    }
}

/// The rating window of a ticket that has waited `waited_ms`: it never shrinks as the wait
/// grows.
pub fn window(settings: &PairingSettings, waited_ms: i64) -> f64 {
    let waited_secs = waited_ms.max(0) as f64 / 1000.0;
    (settings.initial_window + settings.widen_per_sec * waited_secs).min(settings.max_window)
}

/// A game to start: its people, and how many bots take the other seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match<Id> {
    /// The ticket the game was built around comes first; the others were the closest to its
    /// rating within both windows.
    pub tickets: Vec<Id>,
    pub bots: u8,
}

impl<Id> Match<Id> {
    pub fn players(&self) -> usize {
        self.tickets.len() + usize::from(self.bots)
    }
}

/// The games that `waiting` makes at `now_ms`. A ticket is in at most one of them; the others
/// keep waiting for the next call.
pub fn pair<Id: Copy>(
    waiting: &[Ticket<Id>],
    now_ms: i64,
    settings: &PairingSettings,
) -> Vec<Match<Id>> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by_key(|&index| (waiting[index].queued_at_ms, index));
    let mut taken = vec![false; waiting.len()];
    let mut matches = Vec::new();
    for &anchor in &order {
        if taken[anchor] {
            continue;
        }
        let candidates = candidates(waiting, &taken, anchor, now_ms, settings);
        if let Some((people, bots)) = choose(waiting, anchor, &candidates, now_ms) {
            taken[anchor] = true;
            for &index in &people {
                taken[index] = true;
            }
            let mut tickets = vec![waiting[anchor].id];
            tickets.extend(people.iter().map(|&index| waiting[index].id));
            matches.push(Match { tickets, bots });
        }
    }
    matches
}

/// The free tickets that `anchor` and they both accept, closest in rating first (then oldest).
fn candidates<Id>(
    waiting: &[Ticket<Id>],
    taken: &[bool],
    anchor: usize,
    now_ms: i64,
    settings: &PairingSettings,
) -> Vec<usize> {
    let own = &waiting[anchor];
    let own_window = window(settings, own.waited_ms(now_ms));
    let mut found: Vec<usize> = (0..waiting.len())
        .filter(|&index| index != anchor && !taken[index])
        .filter(|&index| {
            let other = &waiting[index];
            let apart = (other.rating - own.rating).abs();
            let overlap =
                other.min_players <= own.max_players && own.min_players <= other.max_players;
            overlap && apart <= own_window.min(window(settings, other.waited_ms(now_ms)))
        })
        .collect();
    found.sort_by(|&a, &b| {
        let apart = |index: usize| (waiting[index].rating - own.rating).abs();
        apart(a)
            .total_cmp(&apart(b))
            .then(waiting[a].queued_at_ms.cmp(&waiting[b].queued_at_ms))
            .then(a.cmp(&b))
    });
    found
}

/// The people who join `anchor`, and the bots: a full table of people if one can be had (the
/// largest the anchor admits), else, once its bot wait is over, as many people as can be had
/// and bots for the rest (the fewest bots among those).
fn choose<Id>(
    waiting: &[Ticket<Id>],
    anchor: usize,
    candidates: &[usize],
    now_ms: i64,
) -> Option<(Vec<usize>, u8)> {
    let own = &waiting[anchor];
    let people_for = |players: u8| -> Vec<usize> {
        candidates
            .iter()
            .copied()
            .filter(|&index| waiting[index].admits(players))
            .take(usize::from(players.saturating_sub(1)))
            .collect()
    };
    for players in (own.min_players..=own.max_players).rev() {
        let people = people_for(players);
        if people.len() + 1 == usize::from(players) {
            return Some((people, 0));
        }
    }
    if own.waited_ms(now_ms) < own.bots_after_ms {
        return None;
    }
    (own.min_players..=own.max_players)
        .map(|players| {
            let people = people_for(players);
            let bots = usize::from(players).saturating_sub(1 + people.len());
            (people, bots)
        })
        .min_by(|(a_people, a_bots), (b_people, b_bots)| {
            b_people.len().cmp(&a_people.len()).then(a_bots.cmp(b_bots))
        })
        .and_then(|(people, bots)| u8::try_from(bots).ok().map(|bots| (people, bots)))
}

#[cfg(test)]
mod tests;
