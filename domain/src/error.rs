/// A well-formed move that the rules refuse now. `code` is the rules file's stable snake_case
/// error code; `detail` is a readable sentence that never names hidden information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    pub code: &'static str,
    pub detail: String,
}

impl IllegalMove {
    pub fn new(code: &'static str, detail: impl Into<String>) -> Self {
        Self {
            code,
            detail: detail.into(),
        }
    }
}

impl std::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.detail)
    }
}

impl std::error::Error for IllegalMove {}

/// A game that cannot be created: bad options, player count or explicit setup.
/// `option` names the offending option when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    pub code: &'static str,
    pub option: Option<String>,
    pub detail: String,
}

impl SetupError {
    pub fn new(code: &'static str, detail: impl Into<String>) -> Self {
        Self {
            code,
            option: None,
            detail: detail.into(),
        }
    }

    pub fn for_option(code: &'static str, option: &str, detail: impl Into<String>) -> Self {
        Self {
            code,
            option: Some(option.to_owned()),
            detail: detail.into(),
        }
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.detail)
    }
}

impl std::error::Error for SetupError {}
