//! The plain records the repository takes and returns.

use domain::{AnyEvent, AnyGame, AnyMove, AnySetup, GameKind, Input, OptionMap, Seat, Seed};
use uuid::Uuid;

pub struct NewAccount {
    pub id: Uuid,
    /// As typed, for display.
    pub username: String,
    /// The name as uniqueness and login compare it (see [`UsernameForms`]).
    pub forms: UsernameForms,
    pub password_hash: String,
    pub created_at: i64,
}

/// The forms of a username that are unique among accounts: its canonical form and the
/// confusables skeleton of that form. The server computes them; the database only compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsernameForms {
    pub canonical: String,
    pub skeleton: String,
}

impl UsernameForms {
    /// The ASCII-lowercased name as both forms: for tests and tools that store plain ASCII
    /// names without the server (the server computes the real forms).
    pub fn plain(name: &str) -> Self {
        Self {
            canonical: name.to_ascii_lowercase(),
            skeleton: name.to_ascii_lowercase(),
        }
    }
}

#[derive(Clone, PartialEq, Eq)]
pub struct AccountRecord {
    pub id: Uuid,
    pub username: String,
    pub password_hash: String,
    pub created_at: i64,
}

// Hand-written so a logged record never shows the password hash.
impl std::fmt::Debug for NewAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewAccount")
            .field("id", &self.id)
            .field("username", &self.username)
            .field("created_at", &self.created_at)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for AccountRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountRecord")
            .field("id", &self.id)
            .field("username", &self.username)
            .field("created_at", &self.created_at)
            .finish_non_exhaustive()
    }
}

/// Where a game is in its life: seats filling, being played, over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    Open,
    Active,
    Finished,
}

impl GameStatus {
    /// The text stored in the `status` column.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "open" => Some(GameStatus::Open),
            "active" => Some(GameStatus::Active),
            "finished" => Some(GameStatus::Finished),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct NewGame {
    /// Seats given to bots at creation (the creator takes seat 0).
    pub bots: Vec<BotSeat>,
    pub id: Uuid,
    pub kind: GameKind,
    pub players: u8,
    pub options: OptionMap,
    pub seed: Seed,
    /// The nonce of the seed commitment (see [`GameRecord::seed_nonce`]).
    pub seed_nonce: Option<String>,
    pub setup: Option<AnySetup>,
    pub fixed_setup: bool,
    /// Whether the game counts for the ratings when it finishes.
    pub rated: bool,
    pub created_by: Uuid,
    pub created_at: i64,
    /// The creator's seat (0 but in a rematch, whose seats are rotated).
    pub creator_seat: Seat,
    /// Never listed (see [`GameRecord::unlisted`]).
    pub unlisted: bool,
    /// The code that takes a seat by invitation.
    pub invite_code: String,
    /// Seats reserved for invited accounts.
    pub invitations: Vec<NewInvitation>,
}

/// A seat reserved for an invited account until `expires_at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewInvitation {
    pub seat: Seat,
    pub account_id: Uuid,
    pub expires_at: i64,
}

/// A stored game with its seats. `revision` counts the logged inputs; `version` is the version
/// clients see, which a secret submission does not advance. `state` is the snapshot after the
/// last input (none while the game is open).
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub id: Uuid,
    pub kind: GameKind,
    pub players: u8,
    pub options: OptionMap,
    pub seed: Seed,
    /// The server's nonce in the seed commitment SHA-256(nonce ‖ seed); `None` for a game
    /// stored before nonces, whose commitment is SHA-256(seed).
    pub seed_nonce: Option<String>,
    pub setup: Option<AnySetup>,
    pub fixed_setup: bool,
    /// Whether the game counts for the ratings when it finishes.
    pub rated: bool,
    pub status: GameStatus,
    pub revision: i64,
    pub version: i64,
    pub state: Option<AnyGame>,
    pub seats: Vec<SeatRecord>,
    /// The seats played by the server's bots, in seat order.
    pub bots: Vec<BotSeat>,
    pub created_by: Uuid,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub deadline_at: Option<i64>,
    /// When the public state last changed.
    pub updated_at: i64,
    /// The seats to act now (the summary column: what every viewer may see).
    pub to_act: Vec<Seat>,
    /// Never listed: reached by its id or its invite code.
    pub unlisted: bool,
    /// The next game, once a rematch of this finished one was made.
    pub rematch_id: Option<Uuid>,
    /// While the game is open: the seats reserved by invitations (expired ones too).
    pub invitations: Vec<NewInvitation>,
}

impl GameRecord {
    /// The counters a commit on top of this record must find unchanged.
    pub fn versions(&self) -> Versions {
        Versions {
            revision: self.revision,
            version: self.version,
        }
    }

    /// The summary stored with this record's revision: what a commit on top of it replaces.
    pub fn summary(&self) -> Summary {
        Summary {
            status: self.status,
            to_act: self.to_act.clone(),
            deadline_at: self.deadline_at,
        }
    }
}

/// A game's summary as its row and its seats' inbox columns hold it: its status, who is to act
/// (nobody once it is over) and until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub status: GameStatus,
    pub to_act: Vec<Seat>,
    pub deadline_at: Option<i64>,
}

impl Summary {
    /// The summary of a game in `status` whose state has `to_act` and `deadline_at`.
    pub fn of(status: GameStatus, to_act: Vec<Seat>, deadline_at: Option<i64>) -> Self {
        let over = status == GameStatus::Finished;
        Self {
            status,
            to_act: if over { Vec::new() } else { to_act },
            deadline_at,
        }
    }
}

/// A game's two counters: the revision every input advances, and the public version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Versions {
    pub revision: i64,
    pub version: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    pub seat: Seat,
    pub account_id: Uuid,
    pub username: String,
    pub joined_at: i64,
    /// The account was deleted: `account_id` is a stand-in of this game alone and `username`
    /// a placeholder.
    pub deleted: bool,
}

/// A seat played by a server-side bot of this level (`random`, `search`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotSeat {
    pub seat: Seat,
    pub level: String,
}

/// Which games to list. Absent filters match everything; a negative limit or offset counts as 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFilter {
    pub kind: Option<GameKind>,
    pub status: Option<GameStatus>,
    /// Only games in which this account holds a seat.
    pub member: Option<Uuid>,
    /// Only games in which this account holds no seat (with `status: Open`: the games it can join).
    pub not_member: Option<Uuid>,
    pub limit: i64,
    /// Only games listed after this one (newest first): where the previous page ended.
    pub after: Option<ListingKey>,
    /// Leave out unlisted games (what `GET /v1/games` shows).
    pub listed_only: bool,
}

/// A game's place in the listing: newest first, ties broken by id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListingKey {
    pub created_at: i64,
    pub id: Uuid,
}

#[derive(Clone, Debug, PartialEq)]
pub struct GamePage {
    pub games: Vec<GameRecord>,
    /// Where the next page starts; `None` on the last page.
    pub next: Option<ListingKey>,
}

#[derive(Clone, Debug)]
pub struct GameStart {
    pub state: AnyGame,
    pub events: Vec<AnyEvent>,
    pub started_at: i64,
    pub deadline_at: Option<i64>,
}

/// Accepted inputs and the state they lead to, written together or not at all.
#[derive(Clone, Debug)]
pub struct Commit {
    pub state: AnyGame,
    pub inputs: Vec<CommittedInput>,
    pub status: GameStatus,
    pub deadline_at: Option<i64>,
    pub now: i64,
    /// The summary the caller read with the revision the commit is guarded on
    /// ([`GameRecord::summary`]): since the guard holds only while that revision is stored, it
    /// is what the row holds, and the commit need not read it again.
    pub before: Summary,
}

impl Commit {
    /// The summary the commit stores.
    pub fn after(&self) -> Summary {
        Summary::of(self.status, self.state.to_act(), self.deadline_at)
    }
}

#[derive(Clone, Debug)]
pub struct CommittedInput {
    pub input: Input<AnyMove>,
    pub now: i64,
    pub events: Vec<AnyEvent>,
    /// A secret submission ([`domain::AnyGame::is_secret_submission`]): it advances the
    /// revision but not the public version.
    pub secret: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EventRecord {
    pub seq: i64,
    /// The seq of the input that produced the event; 0 for the events of the start of play.
    pub move_seq: i64,
    /// The public version after that input.
    pub version: i64,
    pub event: AnyEvent,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InputRecord {
    pub seq: i64,
    /// The public version after this input.
    pub version: i64,
    pub input: Input<AnyMove>,
    pub now: i64,
}
