use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::Error;

pub(crate) fn encode<T: Serialize>(value: &T, what: &str) -> Result<String, Error> {
    serde_json::to_string(value)
        .map_err(|error| Error::Backend(format!("cannot encode {what}: {error}")))
}

/// The error names the kind of failure and where, never the stored text: a state holds hidden
/// cards, and this message ends up in logs.
pub(crate) fn decode<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, Error> {
    serde_json::from_str(text).map_err(|error| {
        Error::Backend(format!(
            "cannot decode stored {what}: {:?} error at line {} column {}",
            error.classify(),
            error.line(),
            error.column()
        ))
    })
}
