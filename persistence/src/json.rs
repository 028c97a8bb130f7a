use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::Error;

pub(crate) fn encode<T: Serialize>(value: &T, what: &str) -> Result<String, Error> {
    serde_json::to_string(value)
        .map_err(|error| Error::Backend(format!("cannot encode {what}: {error}")))
}

pub(crate) fn decode<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, Error> {
    serde_json::from_str(text)
        .map_err(|error| Error::Backend(format!("cannot decode stored {what}: {error}")))
}
