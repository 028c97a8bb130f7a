//! Quick-match tickets, and the matcher's pass over them: the games it makes are inserted in
//! the same transaction that marks their tickets matched, and only if every one of them was
//! still waiting, so a ticket is matched once or not at all.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};
use domain::{GameKind, OptionMap, Seat};
use uuid::Uuid;

use crate::connection::AnyConnection;
use crate::error::{OrDb, corrupt};
use crate::games::insert_game;
use crate::json::{decode, encode};
use crate::models::{SeatRow, parse_kind, parse_uuid};
use crate::play::start_in;
use crate::schema::{matchmaking_tickets as tickets, seats};
use crate::{Database, Error, GameStart, NewGame};

/// The key of the PostgreSQL advisory lock a matcher pass holds: one pass at a time across
/// every process on the database.
const MATCHER_LOCK: i64 = 0x6361_7264_6d61_7463;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TicketStatus {
    Waiting,
    Matched,
    Cancelled,
    Expired,
}

impl TicketStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TicketStatus::Waiting => "waiting",
            TicketStatus::Matched => "matched",
            TicketStatus::Cancelled => "cancelled",
            TicketStatus::Expired => "expired",
        }
    }

    fn parse(text: &str) -> Result<Self, Error> {
        match text {
            "waiting" => Ok(TicketStatus::Waiting),
            "matched" => Ok(TicketStatus::Matched),
            "cancelled" => Ok(TicketStatus::Cancelled),
            "expired" => Ok(TicketStatus::Expired),
            _ => Err(corrupt("ticket status")),
        }
    }
}

/// A request to be matched, as the server accepted it.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTicket {
    pub id: Uuid,
    pub account: Uuid,
    pub kind: GameKind,
    pub min_players: u8,
    pub max_players: u8,
    /// Every option of the kind, defaults filled in: equal maps ask for the same game.
    pub options: OptionMap,
    pub bots_after_secs: i64,
    pub created_at: i64,
}

/// A stored ticket.
#[derive(Clone, Debug, PartialEq)]
pub struct TicketRecord {
    pub ticket: NewTicket,
    pub status: TicketStatus,
    /// When it stopped waiting.
    pub closed_at: Option<i64>,
    pub game: Option<Uuid>,
    /// The stored options text: tickets with equal text ask for the same game.
    pub options_key: String,
}

/// A waiting ticket as the matcher sees it: with its account's rating in the kind.
#[derive(Clone, Debug)]
pub struct WaitingTicket {
    pub record: TicketRecord,
    pub rating: f64,
}

/// A game the matcher wants to make of waiting tickets.
pub struct PlannedGame {
    pub tickets: Vec<Uuid>,
    /// The game; its creator (one of the tickets' accounts) takes seat 0.
    pub game: NewGame,
    /// The other tickets' accounts and their seats.
    pub seats: Vec<(Seat, Uuid)>,
    /// Every seat is taken: the game starts at once.
    pub start: GameStart,
}

/// A game made by a pass, and the tickets (with their accounts) it closed.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchedGame {
    pub game: Uuid,
    pub tickets: Vec<(Uuid, Uuid)>,
}

/// What one matcher pass did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchPass {
    /// Another process held the matcher lock: this pass did nothing.
    pub skipped: bool,
    pub expired: usize,
    pub matched: Vec<MatchedGame>,
    /// Planned games dropped because one of their tickets was no longer waiting.
    pub lost: usize,
}

#[derive(Queryable, Insertable)]
#[diesel(table_name = tickets)]
struct TicketRow {
    id: String,
    account_id: String,
    kind: String,
    min_players: i32,
    max_players: i32,
    options: String,
    bots_after_secs: i64,
    status: String,
    created_at: i64,
    closed_at: Option<i64>,
    game_id: Option<String>,
}

impl TicketRow {
    fn into_record(self) -> Result<TicketRecord, Error> {
        let players = |count: i32| u8::try_from(count).map_err(|_| corrupt("ticket players"));
        Ok(TicketRecord {
            ticket: NewTicket {
                id: parse_uuid(&self.id, "ticket id")?,
                account: parse_uuid(&self.account_id, "account id")?,
                kind: parse_kind(&self.kind)?,
                min_players: players(self.min_players)?,
                max_players: players(self.max_players)?,
                options: decode(&self.options, "ticket options")?,
                bots_after_secs: self.bots_after_secs,
                created_at: self.created_at,
            },
            status: TicketStatus::parse(&self.status)?,
            closed_at: self.closed_at,
            game: self
                .game_id
                .as_deref()
                .map(|id| parse_uuid(id, "game id"))
                .transpose()?,
            options_key: self.options,
        })
    }
}

#[derive(QueryableByName)]
struct Locked {
    #[diesel(sql_type = Bool)]
    locked: bool,
}

impl Database {
    /// Stores a waiting ticket; `Conflict("already_queued")` when the account has one waiting
    /// for the kind already.
    #[tracing::instrument(skip_all, fields(ticket = %ticket.id, kind = ticket.kind.id()))]
    pub fn create_ticket(&self, ticket: &NewTicket) -> Result<TicketRecord, Error> {
        let row = TicketRow {
            id: ticket.id.to_string(),
            account_id: ticket.account.to_string(),
            kind: ticket.kind.id().to_owned(),
            min_players: i32::from(ticket.min_players),
            max_players: i32::from(ticket.max_players),
            options: encode(&ticket.options, "ticket options")?,
            bots_after_secs: ticket.bots_after_secs,
            status: TicketStatus::Waiting.as_str().to_owned(),
            created_at: ticket.created_at,
            closed_at: None,
            game_id: None,
        };
        self.write(|conn| {
            diesel::insert_into(tickets::table)
                .values(&row)
                .execute(conn)
                .unique_as("already_queued")?;
            Ok(())
        })?;
        row.into_record()
    }

    /// The ticket, or `NotFound`.
    #[tracing::instrument(skip(self))]
    pub fn ticket(&self, id: Uuid) -> Result<TicketRecord, Error> {
        load_ticket(&mut *self.conn()?, id)
    }

    /// Cancels the ticket if it is still waiting; returns it as it is after.
    #[tracing::instrument(skip(self))]
    pub fn cancel_ticket(&self, id: Uuid, now: i64) -> Result<TicketRecord, Error> {
        self.write(|conn| {
            diesel::update(
                tickets::table
                    .filter(tickets::id.eq(id.to_string()))
                    .filter(tickets::status.eq(TicketStatus::Waiting.as_str())),
            )
            .set((
                tickets::status.eq(TicketStatus::Cancelled.as_str()),
                tickets::closed_at.eq(Some(now)),
            ))
            .execute(conn)
            .db()?;
            load_ticket(conn, id)
        })
    }

    /// How many tickets wait for a game of `kind`.
    #[tracing::instrument(skip(self))]
    pub fn queue_size(&self, kind: GameKind) -> Result<i64, Error> {
        tickets::table
            .filter(tickets::kind.eq(kind.id()))
            .filter(tickets::status.eq(TicketStatus::Waiting.as_str()))
            .count()
            .get_result(&mut *self.conn()?)
            .db()
    }

    /// The ticket of `account` that `game` was made for, if it was made by the matcher.
    #[tracing::instrument(skip(self))]
    pub fn ticket_of_game(&self, account: Uuid, game: Uuid) -> Result<Option<Uuid>, Error> {
        tickets::table
            .filter(tickets::game_id.eq(game.to_string()))
            .filter(tickets::account_id.eq(account.to_string()))
            .select(tickets::id)
            .first::<String>(&mut *self.conn()?)
            .optional()
            .db()?
            .map(|id| parse_uuid(&id, "ticket id"))
            .transpose()
    }

    /// One matcher pass, in one transaction: tickets created before `expire_before` that still
    /// wait expire; `plan` is shown the waiting tickets (oldest first, with ratings) and says
    /// which games to make; each is made only if all its tickets still wait, together with
    /// marking them matched. On PostgreSQL the pass holds an advisory lock: while another
    /// process runs one, this one does nothing (`skipped`).
    #[tracing::instrument(skip_all)]
    pub fn match_tickets(
        &self,
        now: i64,
        expire_before: i64,
        plan: impl FnOnce(Vec<WaitingTicket>) -> Vec<PlannedGame>,
    ) -> Result<MatchPass, Error> {
        // Most passes find nobody waiting: one read then, and no write transaction.
        let anyone_waiting = diesel::select(diesel::dsl::exists(
            tickets::table.filter(tickets::status.eq(TicketStatus::Waiting.as_str())),
        ))
        .get_result::<bool>(&mut *self.conn()?)
        .db()?;
        if !anyone_waiting {
            return Ok(MatchPass::default());
        }
        self.write(|conn| {
            if let AnyConnection::Postgresql(_) = conn {
                let lock = diesel::sql_query("SELECT pg_try_advisory_xact_lock($1) AS locked")
                    .bind::<BigInt, _>(MATCHER_LOCK)
                    .get_result::<Locked>(conn)
                    .db()?;
                if !lock.locked {
                    return Ok(MatchPass {
                        skipped: true,
                        ..MatchPass::default()
                    });
                }
            }
            let expired = diesel::update(
                tickets::table
                    .filter(tickets::status.eq(TicketStatus::Waiting.as_str()))
                    .filter(tickets::created_at.lt(expire_before)),
            )
            .set((
                tickets::status.eq(TicketStatus::Expired.as_str()),
                tickets::closed_at.eq(Some(now)),
            ))
            .execute(conn)
            .db()?;
            let waiting = waiting_tickets(conn)?;
            let mut pass = MatchPass {
                expired,
                ..MatchPass::default()
            };
            for planned in plan(waiting) {
                match make_game(conn, &planned, now)? {
                    Some(made) => pass.matched.push(made),
                    None => pass.lost += 1,
                }
            }
            Ok(pass)
        })
    }
}

fn load_ticket(conn: &mut AnyConnection, id: Uuid) -> Result<TicketRecord, Error> {
    tickets::table
        .find(id.to_string())
        .first::<TicketRow>(conn)
        .optional()
        .db()?
        .ok_or(Error::NotFound)?
        .into_record()
}

/// The waiting tickets, oldest first, each with its account's rating in its kind.
fn waiting_tickets(conn: &mut AnyConnection) -> Result<Vec<WaitingTicket>, Error> {
    let records = tickets::table
        .filter(tickets::status.eq(TicketStatus::Waiting.as_str()))
        .order((tickets::created_at.asc(), tickets::id.asc()))
        .load::<TicketRow>(conn)
        .db()?
        .into_iter()
        .map(TicketRow::into_record)
        .collect::<Result<Vec<_>, Error>>()?;
    let mut by_kind: HashMap<GameKind, Vec<Uuid>> = HashMap::new();
    for record in &records {
        by_kind
            .entry(record.ticket.kind)
            .or_default()
            .push(record.ticket.account);
    }
    let mut ratings: HashMap<(GameKind, Uuid), f64> = HashMap::new();
    for (kind, accounts) in by_kind {
        for (account, rating) in ratings_of(conn, &accounts, kind)? {
            ratings.insert((kind, account), rating);
        }
    }
    let initial = ladder::Skill::default().rating;
    Ok(records
        .into_iter()
        .map(|record| WaitingTicket {
            rating: ratings
                .get(&(record.ticket.kind, record.ticket.account))
                .copied()
                .unwrap_or(initial),
            record,
        })
        .collect())
}

/// The accounts' ratings in `kind` (their skill estimates; an account without a row has the
/// initial one): what matching may know of a player, a public result.
fn ratings_of(
    conn: &mut AnyConnection,
    accounts: &[Uuid],
    kind: GameKind,
) -> Result<HashMap<Uuid, f64>, Error> {
    use crate::schema::ratings;
    let initial = ladder::Skill::default().rating;
    let ids: Vec<String> = accounts.iter().map(Uuid::to_string).collect();
    let stored: HashMap<String, f64> = ratings::table
        .filter(ratings::kind.eq(kind.id()))
        .filter(ratings::account_id.eq_any(&ids))
        .select((ratings::account_id, ratings::mu))
        .load::<(String, f64)>(conn)
        .db()?
        .into_iter()
        .collect();
    Ok(accounts
        .iter()
        .map(|&account| {
            let rating = stored.get(&account.to_string()).copied();
            (account, rating.unwrap_or(initial))
        })
        .collect())
}

/// Inside the pass's transaction: marks the planned game's tickets matched and makes the game,
/// started; `None` (and nothing changed) when one of the tickets no longer waits.
fn make_game(
    conn: &mut AnyConnection,
    planned: &PlannedGame,
    now: i64,
) -> Result<Option<MatchedGame>, Error> {
    let game_id = planned.game.id.to_string();
    let ids: Vec<String> = planned.tickets.iter().map(Uuid::to_string).collect();
    let marked = diesel::update(
        tickets::table
            .filter(tickets::id.eq_any(&ids))
            .filter(tickets::status.eq(TicketStatus::Waiting.as_str())),
    )
    .set((
        tickets::status.eq(TicketStatus::Matched.as_str()),
        tickets::closed_at.eq(Some(now)),
        tickets::game_id.eq(Some(&game_id)),
    ))
    .execute(conn)
    .db()?;
    if marked != ids.len() {
        // One was cancelled meanwhile: the others wait on, as if this game had not been planned.
        diesel::update(tickets::table.filter(tickets::game_id.eq(&game_id)))
            .set((
                tickets::status.eq(TicketStatus::Waiting.as_str()),
                tickets::closed_at.eq(None::<i64>),
                tickets::game_id.eq(None::<String>),
            ))
            .execute(conn)
            .db()?;
        return Ok(None);
    }
    insert_game(conn, &planned.game)?;
    for (seat, account) in &planned.seats {
        diesel::insert_into(seats::table)
            .values(&SeatRow {
                game_id: game_id.clone(),
                seat: i32::from(seat.0),
                account_id: account.to_string(),
                joined_at: now,
                // The start just below sets the seats' inbox columns.
                to_act: false,
                inbox_key: Some(crate::inbox::OPEN_SEAT_KEY),
            })
            .execute(conn)
            .unique_as("seat_taken")?;
    }
    start_in(conn, planned.game.id, &planned.start)?;
    let accounts: Vec<(String, String)> = tickets::table
        .filter(tickets::game_id.eq(&game_id))
        .select((tickets::id, tickets::account_id))
        .load(conn)
        .db()?;
    let matched: Vec<&str> = accounts
        .iter()
        .map(|(_, account)| account.as_str())
        .collect();
    crate::notices::on_match(conn, &game_id, &matched, now)?;
    let tickets = accounts
        .iter()
        .map(|(ticket, account)| {
            Ok((
                parse_uuid(ticket, "ticket id")?,
                parse_uuid(account, "account id")?,
            ))
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Some(MatchedGame {
        game: planned.game.id,
        tickets,
    }))
}
