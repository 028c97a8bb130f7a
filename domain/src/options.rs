use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::SetupError;

/// One option value as a client sent it. The edge converts JSON into this, so the rules can
/// refuse a value of the wrong type with the game's own option error code.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Null,
    Bool(bool),
    Int(i64),
    /// A number that is not an integer, or does not fit in `i64`.
    Number(f64),
    Str(String),
    /// An array (e.g. Tricky Tribes' `teams`).
    List(Vec<OptionValue>),
    /// An object: never a valid option value, kept so the error can name the option.
    #[serde(skip)]
    Other,
}

/// The options object of a create-game request, keys in order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OptionMap(pub BTreeMap<String, OptionValue>);

impl OptionMap {
    pub fn get(&self, key: &str) -> Option<&OptionValue> {
        self.0.get(key)
    }

    /// The first key that is not in `known`, as `unknown_option`.
    pub fn reject_unknown(&self, known: &[&str]) -> Result<(), SetupError> {
        match self.0.keys().find(|key| !known.contains(&key.as_str())) {
            Some(key) => Err(SetupError::for_option(
                "unknown_option",
                key,
                format!("`{key}` is not an option of this game"),
            )),
            None => Ok(()),
        }
    }

    /// An integer option within `range`; absent means `default`.
    pub fn int_in(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<i64>,
        default: i64,
        code: &'static str,
    ) -> Result<i64, SetupError> {
        match self.get(key) {
            None => Ok(default),
            Some(OptionValue::Int(value)) if range.contains(value) => Ok(*value),
            Some(_) => Err(SetupError::for_option(
                code,
                key,
                format!(
                    "`{key}` must be an integer from {} to {}",
                    range.start(),
                    range.end()
                ),
            )),
        }
    }

    /// An optional integer option within `range`; absent or `null` means none.
    pub fn nullable_int_in(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<i64>,
        code: &'static str,
    ) -> Result<Option<i64>, SetupError> {
        match self.get(key) {
            None | Some(OptionValue::Null) => Ok(None),
            Some(OptionValue::Int(value)) if range.contains(value) => Ok(Some(*value)),
            Some(_) => Err(SetupError::for_option(
                code,
                key,
                format!(
                    "`{key}` must be null or an integer from {} to {}",
                    range.start(),
                    range.end()
                ),
            )),
        }
    }

    /// A boolean option; absent means `default`.
    pub fn bool_or(
        &self,
        key: &str,
        default: bool,
        code: &'static str,
    ) -> Result<bool, SetupError> {
        match self.get(key) {
            None => Ok(default),
            Some(OptionValue::Bool(value)) => Ok(*value),
            Some(_) => Err(SetupError::for_option(
                code,
                key,
                format!("`{key}` must be true or false"),
            )),
        }
    }
}
