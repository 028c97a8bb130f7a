use serde::Serialize;
use utoipa::ToSchema;

/// An error, as `application/problem+json` (RFC 9457).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Problem {
    /// A URI naming the problem type: `urn:cardtable:problem:<code>`.
    #[schema(example = "urn:cardtable:problem:wrong_phase")]
    #[serde(rename = "type")]
    pub problem_type: String,
    /// A short summary of the problem type.
    #[schema(example = "Illegal move")]
    pub title: String,
    /// The HTTP status code.
    #[schema(example = 422)]
    pub status: u16,
    /// What went wrong in this occurrence, readable by a person.
    #[schema(example = "`answer` is not a move of the declaration phase")]
    pub detail: String,
    /// The stable machine-readable code: a game's rule error code (e.g. `wrong_phase`), an option
    /// error code (e.g. `invalid_option`), or a protocol code (e.g. `stale_version`).
    #[schema(example = "wrong_phase")]
    pub code: String,
    /// The option a creation error is about, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "turns_each")]
    pub option: Option<String>,
    /// With `stale_version`: the game's current version, to read the game at and retry on.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = 7)]
    pub version: Option<i64>,
    /// With `insufficient_scope`: the scope the request needs, which the credential lacks.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "games:play")]
    pub scope: Option<String>,
    /// The request path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instance: Option<String>,
}
