use reqwest::Method;
use serde_json::{Value, json};

use crate::TestApp;
use crate::json::text;

/// A response: status, content type and JSON body (Null when the body is not JSON).
#[derive(Clone, Debug)]
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: Value,
    pub text: String,
}

impl Reply {
    /// The problem+json `code`, if this is an error.
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }

    /// Panics with the body unless the status is `status`.
    pub fn expect_status(self, status: u16) -> Reply {
        assert_eq!(self.status, status, "unexpected reply: {}", self.text);
        self
    }

    /// Asserts an RFC 9457 problem with this status and code.
    pub fn assert_problem(&self, status: u16, code: &str) {
        assert_eq!(self.status, status, "unexpected reply: {}", self.text);
        assert_eq!(
            self.content_type, "application/problem+json",
            "{}",
            self.text
        );
        assert_eq!(self.code(), code, "{}", self.text);
        assert_eq!(self.body["status"], json!(status));
        assert!(self.body["type"].is_string() && self.body["title"].is_string());
    }
}

impl TestApp {
    /// A raw request; `token` adds a bearer header.
    pub async fn request(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|error| panic!("request to {path} failed: {error}"));
        reply(response).await
    }

    pub async fn raw_post(&self, path: &str, token: Option<&str>, body: &str) -> Reply {
        let mut request = self
            .client
            .post(self.url(path))
            .header("content-type", "application/json")
            .body(body.to_owned());
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request
            .send()
            .await
            .unwrap_or_else(|error| panic!("request to {path} failed: {error}"));
        reply(response).await
    }

    /// Registers `username` and logs in.
    pub async fn player(&self, username: &str) -> Player {
        let credentials = json!({"username": username, "password": "a long enough password"});
        let account = self
            .request(
                Method::POST,
                "/v1/accounts",
                None,
                Some(credentials.clone()),
            )
            .await
            .expect_status(201);
        let session = self
            .request(Method::POST, "/v1/sessions", None, Some(credentials))
            .await
            .expect_status(201);
        Player {
            username: username.to_owned(),
            id: text(&account.body["id"]),
            token: text(&session.body["access_token"]),
        }
    }

    /// `DELETE /v1/me` for `player`, confirmed with `password`.
    pub async fn delete_account(&self, player: &Player, password: &str) -> Reply {
        self.request(
            Method::DELETE,
            "/v1/me",
            Some(&player.token),
            Some(json!({"password": password})),
        )
        .await
    }

    /// Registers and logs in each of `usernames`, in order.
    pub async fn players(
        &self,
        usernames: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Vec<Player> {
        let mut players = Vec::new();
        for username in usernames {
            players.push(self.player(username.as_ref()).await);
        }
        players
    }

    /// Registers and logs in `seat0`, `seat1`, …: `count` accounts, one for each seat.
    pub async fn seat_players(&self, count: usize) -> Vec<Player> {
        self.players((0..count).map(|seat| format!("seat{seat}")))
            .await
    }

    pub async fn get(&self, player: &Player, path: &str) -> Reply {
        self.request(Method::GET, path, Some(&player.token), None)
            .await
    }

    pub async fn post(&self, player: &Player, path: &str, body: Value) -> Reply {
        self.request(Method::POST, path, Some(&player.token), Some(body))
            .await
    }
}

async fn reply(response: reqwest::Response) -> Reply {
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let text = response.text().await.expect("the response body was read");
    let body = serde_json::from_str(&text).unwrap_or(Value::Null);
    Reply {
        status,
        content_type,
        body,
        text,
    }
}

/// A logged-in account.
#[derive(Clone, Debug)]
pub struct Player {
    pub username: String,
    pub id: String,
    pub token: String,
}

/// `name`'s value in `response`, when it is there and is text.
pub fn header(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
}
