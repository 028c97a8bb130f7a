//! One benchmark client: its own HTTP connection, timed requests, JSON where it needs it.

use std::time::{Duration, Instant};

use reqwest::header::{AUTHORIZATION, ETAG, IF_NONE_MATCH, RETRY_AFTER};
use serde_json::Value;

/// A client with one keep-alive connection to the server (requests are sequential).
pub struct Client {
    http: reqwest::Client,
    base: String,
}

/// A response: status, body, the headers the benchmark cares about, and how long it took from
/// sending to the last body byte.
pub struct Reply {
    pub status: u16,
    pub body: Vec<u8>,
    pub etag: Option<String>,
    pub retry_after: Option<String>,
    pub latency: Duration,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }
}

impl Client {
    pub fn new(base: &str) -> Result<Client, String> {
        let http = reqwest::Client::builder()
            .pool_max_idle_per_host(1)
            .tcp_nodelay(true)
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(|error| format!("http client: {error}"))?;
        Ok(Client {
            http,
            base: base.to_owned(),
        })
    }

    pub async fn get(
        &self,
        path: &str,
        token: Option<&str>,
        etag: Option<&str>,
    ) -> Result<Reply, String> {
        let mut request = self.http.get(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.header(AUTHORIZATION, format!("Bearer {token}"));
        }
        if let Some(etag) = etag {
            request = request.header(IF_NONE_MATCH, etag);
        }
        send(request).await
    }

    pub async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: &Value,
    ) -> Result<Reply, String> {
        let mut request = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string());
        if let Some(token) = token {
            request = request.header(AUTHORIZATION, format!("Bearer {token}"));
        }
        send(request).await
    }
}

async fn send(request: reqwest::RequestBuilder) -> Result<Reply, String> {
    let started = Instant::now();
    let response = request.send().await.map_err(|error| error.to_string())?;
    let status = response.status().as_u16();
    let header = |name| {
        response
            .headers()
            .get(name)
            .and_then(|value: &reqwest::header::HeaderValue| value.to_str().ok())
            .map(str::to_owned)
    };
    let etag = header(ETAG);
    let retry_after = header(RETRY_AFTER);
    let body = response.bytes().await.map_err(|error| error.to_string())?;
    Ok(Reply {
        status,
        body: body.to_vec(),
        etag,
        retry_after,
        latency: started.elapsed(),
    })
}
