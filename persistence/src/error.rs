use diesel::result::{DatabaseErrorKind, Error as DieselError};

/// What went wrong, in terms a caller can act on. Messages name no credentials.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("not found")]
    NotFound,
    /// The write lost against the current state; the code says why (e.g. `stale_version`).
    #[error("conflict: {0}")]
    Conflict(&'static str),
    /// The database cannot be reached or is too busy now; retrying later may work.
    #[error("database unavailable: {0}")]
    Unavailable(String),
    #[error("database error: {0}")]
    Backend(String),
}

/// Converts Diesel results inside the crate without a public `From` impl, which would put a
/// Diesel type into this crate's public API.
pub(crate) trait OrDb<T> {
    fn db(self) -> Result<T, Error>;
    /// Like [`OrDb::db`], but a unique-constraint violation becomes `Conflict(code)`.
    fn unique_as(self, code: &'static str) -> Result<T, Error>;
}

impl<T> OrDb<T> for Result<T, DieselError> {
    fn db(self) -> Result<T, Error> {
        self.map_err(from_diesel)
    }

    fn unique_as(self, code: &'static str) -> Result<T, Error> {
        self.map_err(|error| match error {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
                Error::Conflict(code)
            }
            other => from_diesel(other),
        })
    }
}

pub(crate) fn from_diesel(error: DieselError) -> Error {
    match error {
        DieselError::NotFound => Error::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            Error::Conflict("duplicate")
        }
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, info) => {
            Error::Unavailable(info.message().to_owned())
        }
        DieselError::DatabaseError(kind, info)
            if is_busy(&kind, info.message()) || is_connection_lost(info.message()) =>
        {
            Error::Unavailable(info.message().to_owned())
        }
        other => Error::Backend(other.to_string()),
    }
}

// SQLite reports lock contention that outlasted busy_timeout only through its message.
fn is_busy(kind: &DatabaseErrorKind, message: &str) -> bool {
    matches!(kind, DatabaseErrorKind::SerializationFailure)
        || message.contains("database is locked")
        || message.contains("database is busy")
}

// PostgreSQL ended the connection (a restart, `pg_terminate_backend`, a network failure): the
// first query on it fails with this message (libpq reports no more precise kind); the pool then
// drops the connection, and the client may retry at once.
fn is_connection_lost(message: &str) -> bool {
    [
        "terminating connection",
        "server closed the connection",
        "connection to server was lost",
        "no connection to the server",
    ]
    .iter()
    .any(|lost| message.contains(lost))
}

pub(crate) fn corrupt(what: &str) -> Error {
    Error::Backend(format!("malformed {what} in a stored row"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_postgresql_ended_is_unavailable_not_a_backend_failure() {
        assert!(is_connection_lost(
            "terminating connection due to administrator command"
        ));
        assert!(is_connection_lost(
            "server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally"
        ));
        assert!(!is_connection_lost(
            "duplicate key value violates unique constraint"
        ));
    }
}
