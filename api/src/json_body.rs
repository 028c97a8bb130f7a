//! A JSON request body. JSON has one number type, and the contract's JSON Schema counts `7.0`
//! as the integer 7; so does the server: a number without a fractional part is read as an
//! integer wherever one is expected. The body is first read by actix's `Json`, so its
//! configured size limit, content type check and error handler apply; the whole read has a
//! deadline ([`BodyTimeout`]), since a body that stops arriving would otherwise hold its
//! connection (unauthenticated, for a registration) for ever.

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;
use std::time::Duration;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, web};
use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use crate::error::ApiError;

/// How long a whole request body may take to arrive (app data; 10 s when absent).
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub Duration);

/// The body, parsed as `T` once integral numbers are integers.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T> JsonBody<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for JsonBody<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(request: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<Value>::from_request(request, payload);
        let deadline = request
            .app_data::<BodyTimeout>()
            .map_or(Duration::from_secs(10), |timeout| timeout.0);
        Box::pin(async move {
            let read = tokio::time::timeout(deadline, json)
                .await
                .map_err(|_| ApiError::BodyTimeout)?;
            let mut value = read?.into_inner();
            integral_numbers_as_integers(&mut value);
            serde_json::from_value(value)
                .map(JsonBody)
                .map_err(|error| ApiError::Malformed(error.to_string()).into())
        })
    }
}

/// Rewrites every number with no fractional part that fits in an `i64` as that integer.
fn integral_numbers_as_integers(value: &mut Value) {
    match value {
        Value::Number(number) => {
            if let Some(integer) = as_integer(number) {
                *number = Number::from(integer);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(integral_numbers_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(integral_numbers_as_integers),
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

fn as_integer(number: &Number) -> Option<i64> {
    if number.is_i64() || number.is_u64() {
        return None;
    }
    let float = number.as_f64()?;
    // i64::MIN is exactly -2^63; every float from it up to (not including) 2^63 fits.
    let in_range = (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&float);
    // The cast is exact: the value is integral and within the range of i64.
    (float.fract() == 0.0 && in_range).then_some(float as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn normalized(mut value: Value) -> Value {
        integral_numbers_as_integers(&mut value);
        value
    }

    #[test]
    fn integral_floats_become_integers_at_any_depth() {
        let value = normalized(json!({"players": 4.0, "move": {"cards": [3.0, -7.0]}}));
        assert_eq!(value, json!({"players": 4, "move": {"cards": [3, -7]}}));
        assert!(value["players"].is_i64());
    }

    #[test]
    fn fractions_and_numbers_beyond_i64_stay_as_they_are() {
        let value = normalized(json!([1.5, 1e19, -1e19, 0.1]));
        assert_eq!(value, json!([1.5, 1e19, -1e19, 0.1]));
    }

    #[test]
    fn integers_and_other_values_are_untouched() {
        let value = json!({"a": u64::MAX, "b": -3, "c": "4.0", "d": null, "e": true});
        assert_eq!(normalized(value.clone()), value);
    }
}
