//! Quick match: tickets are checked as game creation checks a request, kept as rows, and
//! turned into started games by the matcher's passes (see `crate::matchmaker`). What a group
//! is, is the ladder's pure decision; this module only feeds it and stores what it decided.

use std::collections::BTreeMap;

use domain::{AnyGame, GameKind, OptionMap, Seat, Seed};
use openapi::matchmaking::{
    CreateTicket, DEFAULT_BOTS_AFTER_SECS, MAX_BOTS_AFTER_SECS, PlayerCount, PlayerRange, Ticket,
    TicketStatus as WireStatus,
};
use persistence::{
    BotSeat, GameStart, MatchPass, NewGame, NewTicket, PlannedGame, TicketRecord, TicketStatus,
    WaitingTicket,
};
use rand::seq::SliceRandom;
use uuid::Uuid;

use super::GameService;
use super::games::{kind_of, options_of, unprocessable};
use crate::error::ApiError;

/// A ticket still waiting this long after it was made expires. With bots every ticket is
/// matched once its `bots_after_secs` (at most 300) has passed, so this only catches one the
/// matcher could not place (its game would not set up): it does not wait for ever.
pub const TICKET_EXPIRY_SECS: i64 = 900;

/// The bots that take the seats nobody came for.
const BOT_LEVEL: &str = "search";

fn ticket_not_found() -> ApiError {
    ApiError::NotFound {
        code: "ticket_not_found",
        detail: "you have no ticket with this id".to_owned(),
    }
}

impl GameService {
    /// Checks and stores a waiting ticket of `account`; 409 `already_queued` when the account
    /// waits for this kind already.
    pub fn create_ticket(
        &self,
        account: Uuid,
        request: CreateTicket,
        now: i64,
    ) -> Result<Ticket, ApiError> {
        let kind = kind_of(&request.kind)?;
        let (min_players, max_players) = player_range(kind, &request.players)?;
        let options = options_of(request.options.unwrap_or_default());
        // Checked for every count the ticket admits, as game creation checks one: the game it
        // ends in may have any of them.
        let seed = Seed::from_bytes([0; 32]);
        for players in min_players..=max_players {
            AnyGame::create(kind, i64::from(players), &options, &seed, None, now)?;
        }
        let options = with_defaults(kind, options, min_players..=max_players, now);
        let bots_after_secs = request.bots_after_secs.unwrap_or(DEFAULT_BOTS_AFTER_SECS);
        if !(0..=MAX_BOTS_AFTER_SECS).contains(&bots_after_secs) {
            return Err(unprocessable(
                "invalid_bots_after",
                format!("bots_after_secs is from 0 to {MAX_BOTS_AFTER_SECS}"),
            ));
        }
        let ticket = NewTicket {
            id: Uuid::new_v4(),
            account,
            kind,
            min_players,
            max_players,
            options,
            bots_after_secs,
            created_at: now,
        };
        let record = self
            .db
            .create_ticket(&ticket)
            .map_err(|error| match error {
                persistence::Error::Conflict(code) => ApiError::Conflict {
                    code,
                    detail: format!(
                        "you already wait for a game of {}; cancel that ticket first",
                        kind.id()
                    ),
                },
                other => other.into(),
            })?;
        self.wire_ticket(&record)
    }

    /// The ticket, if it is `account`'s; anyone else's is not found.
    pub fn ticket(&self, account: Uuid, id: Uuid) -> Result<Ticket, ApiError> {
        let record = self.own_ticket(account, id)?;
        self.wire_ticket(&record)
    }

    /// Cancels `account`'s ticket while it waits; a cancelled or expired one is answered as it
    /// is, a matched one is 409 `ticket_matched`.
    pub fn cancel_ticket(&self, account: Uuid, id: Uuid, now: i64) -> Result<Ticket, ApiError> {
        self.own_ticket(account, id)?;
        let record = self.db.cancel_ticket(id, now)?;
        if record.status == TicketStatus::Matched {
            return Err(ApiError::Conflict {
                code: "ticket_matched",
                detail: "the ticket is matched already: its game has started".to_owned(),
            });
        }
        self.wire_ticket(&record)
    }

    /// The ticket of `account` that `game` was made for, if the matcher made it.
    pub fn ticket_of_game(&self, account: Uuid, game: Uuid) -> Result<Option<Uuid>, ApiError> {
        Ok(self.db.ticket_of_game(account, game)?)
    }

    /// One matcher pass at `now`: expires tickets waiting too long, makes and starts the games
    /// the ladder pairs, and tells the live layer of each.
    pub fn match_tickets(&self, now: i64) -> Result<MatchPass, ApiError> {
        let pass = self
            .db
            .match_tickets(now, now - TICKET_EXPIRY_SECS, |waiting| plan(waiting, now))?;
        for made in &pass.matched {
            self.hub.committed(made.game, 0);
        }
        Ok(pass)
    }

    fn own_ticket(&self, account: Uuid, id: Uuid) -> Result<TicketRecord, ApiError> {
        match self.db.ticket(id) {
            Ok(record) if record.ticket.account == account => Ok(record),
            Ok(_) | Err(persistence::Error::NotFound) => Err(ticket_not_found()),
            Err(error) => Err(error.into()),
        }
    }

    fn wire_ticket(&self, record: &TicketRecord) -> Result<Ticket, ApiError> {
        let ticket = &record.ticket;
        Ok(Ticket {
            id: ticket.id,
            kind: ticket.kind.id().to_owned(),
            players: PlayerRange {
                min: i64::from(ticket.min_players),
                max: i64::from(ticket.max_players),
            },
            options: ticket
                .options
                .0
                .iter()
                .map(|(key, value)| (key.clone(), openapi::kinds::option_value_json(value)))
                .collect(),
            bots_after_secs: ticket.bots_after_secs,
            status: match record.status {
                TicketStatus::Waiting => WireStatus::Waiting,
                TicketStatus::Matched => WireStatus::Matched,
                TicketStatus::Cancelled => WireStatus::Cancelled,
                TicketStatus::Expired => WireStatus::Expired,
            },
            created_at: ticket.created_at,
            closed_at: record.closed_at,
            game_id: record.game,
            queue_size: self.db.queue_size(ticket.kind)?,
        })
    }
}

/// The player counts a request admits, within the kind's bounds; 422 `invalid_players`.
fn player_range(kind: GameKind, players: &PlayerCount) -> Result<(u8, u8), ApiError> {
    let (min, max) = match players {
        PlayerCount::Exact(count) => (*count, *count),
        PlayerCount::Range(range) => (range.min, range.max),
    };
    let info = kind.info();
    let bounds = i64::from(info.min_players)..=i64::from(info.max_players);
    if min > max || !bounds.contains(&min) || !bounds.contains(&max) {
        return Err(ApiError::Unprocessable {
            code: "invalid_players",
            detail: format!(
                "{} is played by {} to {} players; min must not exceed max",
                kind.id(),
                info.min_players,
                info.max_players
            ),
            option: Some("players".to_owned()),
        });
    }
    // Inside the kind's bounds, which are small.
    let narrow = |count: i64| u8::try_from(count).unwrap_or(u8::MAX);
    Ok((narrow(min), narrow(max)))
}

/// The options with every left-out option at its default, so that equal requests compare
/// equal however they were spelled. Kept as sent if the filled-in map would not set up (a
/// default that depends on the other options), which the rules accepted already.
fn with_defaults(
    kind: GameKind,
    options: OptionMap,
    players: std::ops::RangeInclusive<u8>,
    now: i64,
) -> OptionMap {
    let mut filled = options.clone();
    for option in kind.info().options {
        filled
            .0
            .entry(option.key.to_owned())
            .or_insert(option.default);
    }
    let seed = Seed::from_bytes([0; 32]);
    let sets_up = players
        .into_iter()
        .all(|count| AnyGame::create(kind, i64::from(count), &filled, &seed, None, now).is_ok());
    if sets_up { filled } else { options }
}

/// The games to make of the waiting tickets: per kind and options, the ladder's groups.
fn plan(waiting: Vec<WaitingTicket>, now: i64) -> Vec<PlannedGame> {
    let mut requests: BTreeMap<(&'static str, String), Vec<&WaitingTicket>> = BTreeMap::new();
    for ticket in &waiting {
        let key = (
            ticket.record.ticket.kind.id(),
            ticket.record.options_key.clone(),
        );
        requests.entry(key).or_default().push(ticket);
    }
    let settings = ladder::PairingSettings::default();
    let mut planned = Vec::new();
    for tickets in requests.values() {
        let ladder_tickets: Vec<ladder::Ticket<usize>> = tickets
            .iter()
            .enumerate()
            .map(|(index, waiting)| {
                let ticket = &waiting.record.ticket;
                ladder::Ticket {
                    id: index,
                    rating: waiting.rating,
                    min_players: ticket.min_players,
                    max_players: ticket.max_players,
                    queued_at_ms: ticket.created_at.saturating_mul(1000),
                    bots_after_ms: ticket.bots_after_secs.saturating_mul(1000),
                }
            })
            .collect();
        for group in ladder::pair(&ladder_tickets, now.saturating_mul(1000), &settings) {
            let members: Vec<&TicketRecord> = group
                .tickets
                .iter()
                .map(|&index| &tickets[index].record)
                .collect();
            match planned_game(&members, group.players(), now) {
                Ok(game) => planned.push(game),
                Err(error) => {
                    tracing::warn!(%error, "a matched group's game does not set up");
                }
            }
        }
    }
    planned
}

/// The game of one group, started: its people in random seats (seat 0 is the creator's, and
/// so random too), `search` bots in the rest.
fn planned_game(
    members: &[&TicketRecord],
    players: usize,
    now: i64,
) -> Result<PlannedGame, ApiError> {
    let first = members
        .first()
        .ok_or_else(|| ApiError::Internal("an empty group".to_owned()))?;
    let kind = first.ticket.kind;
    let options = first.ticket.options.clone();
    let count = u8::try_from(players)
        .ok()
        .filter(|&count| usize::from(count) >= members.len())
        .ok_or_else(|| ApiError::Internal("a group that does not fit its table".to_owned()))?;
    let mut rng = rand::rng();
    let mut people: Vec<Uuid> = members.iter().map(|record| record.ticket.account).collect();
    people.shuffle(&mut rng);
    let mut others: Vec<u8> = (1..count).collect();
    others.shuffle(&mut rng);
    let creator = people[0];
    let seats: Vec<(Seat, Uuid)> = others
        .iter()
        .zip(&people[1..])
        .map(|(&seat, &account)| (Seat(seat), account))
        .collect();
    let bots = others[seats.len()..]
        .iter()
        .map(|&seat| BotSeat {
            seat: Seat(seat),
            level: BOT_LEVEL.to_owned(),
        })
        .collect();
    let seed = Seed::from_bytes(rand::random());
    let (state, events) = AnyGame::create(kind, i64::from(count), &options, &seed, None, now)?;
    Ok(PlannedGame {
        tickets: members.iter().map(|record| record.ticket.id).collect(),
        game: NewGame {
            bots,
            id: Uuid::new_v4(),
            kind,
            players: count,
            options,
            seed,
            seed_nonce: Some(hex::encode(rand::random::<[u8; 32]>())),
            setup: None,
            fixed_setup: false,
            // A quick match is a game like any other: rated.
            rated: true,
            creator_seat: Seat(0),
            unlisted: false,
            invite_code: super::invites::new_invite_code(),
            invitations: Vec::new(),
            created_by: creator,
            created_at: now,
        },
        seats,
        start: GameStart {
            deadline_at: state.deadline(),
            state,
            events,
            started_at: now,
        },
    })
}
