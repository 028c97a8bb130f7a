//! A participant of a trick, and its JSON: a seat number, or `"dummy"`.
//!
//! Games stored before the participant had this shape wrote a seat as `{"seat": 2}`; that form
//! is still read, so those games load.

use serde::{Deserialize, Serialize};

use crate::Seat;

/// A participant of a trick: a seat, or the dummy tribe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "Written", from = "Read")]
pub enum Participant {
    Seat(Seat),
    Dummy,
}

impl Participant {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Participant::Seat(seat) => Some(seat),
            Participant::Dummy => None,
        }
    }
}

/// The dummy tribe's marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesDummy))]
pub enum DummyMarker {
    Dummy,
}

/// A participant of a trick: a seat number, or `"dummy"`.
#[derive(Clone, Copy, Serialize)]
#[serde(untagged)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrickyTribesParticipant))]
enum Written {
    /// A seat, numbered from 0.
    Seat(u8),
    /// The dummy tribe.
    Dummy(DummyMarker),
}

impl From<Participant> for Written {
    fn from(participant: Participant) -> Self {
        match participant {
            Participant::Seat(seat) => Written::Seat(seat.0),
            Participant::Dummy => Written::Dummy(DummyMarker::Dummy),
        }
    }
}

/// The earlier stored form of a seat.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Tagged {
    Seat(Seat),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Read {
    Seat(Seat),
    Dummy(DummyMarker),
    Tagged(Tagged),
}

impl From<Read> for Participant {
    fn from(read: Read) -> Self {
        match read {
            Read::Seat(seat) | Read::Tagged(Tagged::Seat(seat)) => Participant::Seat(seat),
            Read::Dummy(_) => Participant::Dummy,
        }
    }
}

// The schema is that of the written form.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Participant {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <Written as utoipa::PartialSchema>::schema()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Participant {
    fn name() -> std::borrow::Cow<'static, str> {
        <Written as utoipa::ToSchema>::name()
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <Written as utoipa::ToSchema>::schemas(schemas);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_participant_is_a_seat_number_or_dummy() {
        let json = serde_json::to_string(&[Participant::Seat(Seat(2)), Participant::Dummy]);
        assert_eq!(json.ok().as_deref(), Some(r#"[2,"dummy"]"#));
    }

    #[test]
    fn the_earlier_stored_form_still_reads() {
        let read: Result<Vec<Participant>, _> = serde_json::from_str(r#"[{"seat":1},"dummy",3]"#);
        assert_eq!(
            read.ok(),
            Some(vec![
                Participant::Seat(Seat(1)),
                Participant::Dummy,
                Participant::Seat(Seat(3))
            ])
        );
    }

    #[test]
    fn anything_else_is_refused() {
        for bad in [r#""seat""#, r#"{"dummy":1}"#, "-1", "null"] {
            assert!(serde_json::from_str::<Participant>(bad).is_err(), "{bad}");
        }
    }
}
