//! A small server-sent events client for the tests: open a stream, read its messages.

use std::time::Duration;

use serde_json::Value;

use crate::TestApp;

/// One message of an event stream. Comments (keep-alives, hints) have `comment` set.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SseMessage {
    pub id: Option<String>,
    pub event: Option<String>,
    pub data: String,
    pub retry: Option<u64>,
    pub comment: Option<String>,
}

impl SseMessage {
    /// The data as JSON (Null if it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.data).unwrap_or(Value::Null)
    }

    fn parse(block: &str) -> SseMessage {
        let mut message = SseMessage::default();
        let mut data = Vec::new();
        for line in block.lines() {
            if let Some(comment) = line.strip_prefix(':') {
                message.comment = Some(comment.trim().to_owned());
                continue;
            }
            let (field, value) = line.split_once(':').unwrap_or((line, ""));
            let value = value.strip_prefix(' ').unwrap_or(value);
            match field {
                "id" => message.id = Some(value.to_owned()),
                "event" => message.event = Some(value.to_owned()),
                "data" => data.push(value.to_owned()),
                "retry" => message.retry = value.parse().ok(),
                _ => {}
            }
        }
        message.data = data.join("\n");
        message
    }

    fn is_event(&self) -> bool {
        self.comment.is_none() && self.retry.is_none()
    }
}

/// An open stream.
pub struct EventStream {
    response: reqwest::Response,
    buffer: String,
    ended: bool,
}

/// What reading a stream gave.
#[derive(Debug, PartialEq)]
pub enum Read {
    Message(SseMessage),
    /// The server ended the stream.
    Ended,
    /// Nothing within the time given.
    TimedOut,
}

impl EventStream {
    /// The next message of any kind, comments included.
    pub async fn next_any(&mut self, within: Duration) -> Read {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            if let Some(at) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..at + 2).collect();
                return Read::Message(SseMessage::parse(&block));
            }
            if self.ended {
                return Read::Ended;
            }
            match tokio::time::timeout_at(deadline, self.response.chunk()).await {
                Err(_) => return Read::TimedOut,
                Ok(Ok(Some(bytes))) => self.buffer.push_str(&String::from_utf8_lossy(&bytes)),
                Ok(Ok(None) | Err(_)) => self.ended = true,
            }
        }
    }

    /// The next event (skipping comments and `retry:` lines).
    pub async fn next_event(&mut self, within: Duration) -> Read {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.next_any(left).await {
                Read::Message(message) if !message.is_event() => continue,
                other => return other,
            }
        }
    }

    /// Every event until the server ends the stream; panics if it does not end in time.
    pub async fn until_end(&mut self, within: Duration) -> Vec<SseMessage> {
        let deadline = tokio::time::Instant::now() + within;
        let mut events = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.next_event(left).await {
                Read::Message(message) => events.push(message),
                Read::Ended => return events,
                Read::TimedOut => panic!("the stream did not end; got {events:?}"),
            }
        }
    }
}

impl TestApp {
    /// Opens `path` as an event stream with a bearer token (if any) and extra headers; returns
    /// the status and, on 200, the stream.
    pub async fn open_stream(
        &self,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, String)],
    ) -> (u16, Option<EventStream>) {
        let mut request = self
            .client
            .get(self.url(path))
            .header("accept", "text/event-stream");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|error| panic!("opening {path} failed: {error}"));
        let status = response.status().as_u16();
        if status != 200 {
            return (status, None);
        }
        let content_type = crate::header(&response, "content-type").unwrap_or_default();
        assert!(
            content_type.starts_with("text/event-stream"),
            "a stream answered {content_type}"
        );
        (
            status,
            Some(EventStream {
                response,
                buffer: String::new(),
                ended: false,
            }),
        )
    }
}

/// Whether `sent` shows no more than `log`: equal, except that `sent` may hold null where the
/// log (read later, once the game's end revealed it) holds a value.
pub fn shows_no_more(sent: &Value, log: &Value) -> bool {
    match (sent, log) {
        (Value::Null, _) => true,
        (Value::Array(sent), Value::Array(log)) => {
            sent.len() == log.len() && sent.iter().zip(log).all(|(s, l)| shows_no_more(s, l))
        }
        (Value::Object(sent), Value::Object(log)) => {
            sent.len() == log.len()
                && sent
                    .iter()
                    .all(|(key, s)| log.get(key).is_some_and(|l| shows_no_more(s, l)))
        }
        (sent, log) => sent == log,
    }
}

/// Asserts that a stream's entries are the log's, one for one, each showing no more.
pub fn assert_streamed_within(sent: &[Value], log: &[Value], context: &str) {
    assert_eq!(sent.len(), log.len(), "{context}: {sent:?} vs {log:?}");
    for (sent, log) in sent.iter().zip(log) {
        assert!(
            shows_no_more(sent, log),
            "{context}: the stream showed more than the log: {sent} vs {log}"
        );
    }
}
