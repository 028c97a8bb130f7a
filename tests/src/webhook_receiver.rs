//! A real webhook receiver for the tests and the crash driver: a plain HTTP/1.1 server on 127.0.0.1 that keeps every
//! request it gets and answers with the statuses it is told to, in order (then 204).

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// One request as received.
#[derive(Clone, Debug)]
pub struct Received {
    /// Header names lower-cased.
    pub headers: HashMap<String, String>,
    pub body: String,
}

impl Received {
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).map_or("", String::as_str)
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_default()
    }
}

#[derive(Default)]
struct State {
    received: Vec<Received>,
    answers: VecDeque<u16>,
    delay: Duration,
    /// Requests read and not yet answered, now and at most so far.
    open: usize,
    most_open: usize,
}

#[derive(Clone)]
pub struct Receiver {
    pub url: String,
    state: Arc<Mutex<State>>,
    arrived: Arc<Notify>,
}

impl Receiver {
    pub async fn start() -> Receiver {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("cannot bind the receiver");
        let address = listener.local_addr().expect("the receiver has no address");
        let receiver = Receiver {
            url: format!("http://{address}/hook"),
            state: Arc::default(),
            arrived: Arc::new(Notify::new()),
        };
        let serving = receiver.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serving.clone().serve(stream));
            }
        });
        receiver
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next requests are answered with these statuses, in order.
    pub fn answer_with(&self, statuses: &[u16]) {
        self.state().answers.extend(statuses);
    }

    /// Each request is answered only after this long.
    pub fn delay_answers(&self, delay: Duration) {
        self.state().delay = delay;
    }

    /// The most requests that were ever read and not yet answered at one time.
    pub fn most_at_once(&self) -> usize {
        self.state().most_open
    }

    pub fn received(&self) -> Vec<Received> {
        self.state().received.clone()
    }

    /// Waits until at least `count` requests have arrived; all of them.
    pub async fn wait_for(&self, count: usize, within: Duration) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let arrived = self.arrived.notified();
            let received = self.received();
            if received.len() >= count {
                return received;
            }
            if tokio::time::timeout_at(deadline, arrived).await.is_err() {
                panic!(
                    "expected {count} webhook requests, got {}: {:?}",
                    received.len(),
                    received.iter().map(|r| r.body.clone()).collect::<Vec<_>>()
                );
            }
        }
    }

    async fn serve(self, mut stream: TcpStream) {
        let mut buffer = Vec::new();
        let mut chunk = [0_u8; 4096];
        let (head_end, headers) = loop {
            let Ok(read) = stream.read(&mut chunk).await else {
                return;
            };
            if read == 0 {
                return;
            }
            buffer.extend_from_slice(&chunk[..read]);
            if let Some(end) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&buffer[..end]).into_owned();
                let headers: HashMap<String, String> = head
                    .lines()
                    .skip(1)
                    .filter_map(|line| line.split_once(':'))
                    .map(|(name, value)| (name.trim().to_lowercase(), value.trim().to_owned()))
                    .collect();
                break (end + 4, headers);
            }
        };
        let length: usize = headers
            .get("content-length")
            .and_then(|length| length.parse().ok())
            .unwrap_or(0);
        while buffer.len() < head_end + length {
            match stream.read(&mut chunk).await {
                Ok(0) | Err(_) => return,
                Ok(read) => buffer.extend_from_slice(&chunk[..read]),
            }
        }
        let body = String::from_utf8_lossy(&buffer[head_end..head_end + length]).into_owned();
        let (status, delay) = {
            let mut state = self.state();
            state.open += 1;
            state.most_open = state.most_open.max(state.open);
            (state.answers.pop_front().unwrap_or(204), state.delay)
        };
        tokio::time::sleep(delay).await;
        {
            let mut state = self.state();
            state.open -= 1;
            state.received.push(Received { headers, body });
        }
        self.arrived.notify_waiters();
        let answer =
            format!("HTTP/1.1 {status} Answer\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok");
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    }
}
