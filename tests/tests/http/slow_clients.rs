//! Clients that open connections and never finish their requests: a body that stops arriving is
//! cut with 408, and one address cannot hold more than its share of connections, so everyone
//! else is still served. Raw TCP, since an HTTP client always sends what it declares.

use std::net::SocketAddr;
use std::time::Duration;

use blackbox::{Backend, TestApp};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A guard against a hanging test, not a measurement: far longer than any configured timeout.
const HANG: Duration = Duration::from_secs(60);

fn server_address(app: &TestApp) -> SocketAddr {
    app.base_url
        .trim_start_matches("http://")
        .parse()
        .expect("the test server listens on an IP address")
}

/// A connection to the server from the local address `from` (any address of 127.0.0.0/8).
async fn connect_from(app: &TestApp, from: [u8; 4]) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::from((from, 0)))
        .expect("binds a loopback address");
    socket
        .connect(server_address(app))
        .await
        .expect("connects to the server")
}

/// A registration that declares a body of 100 bytes, sends one and then nothing; with
/// `Expect: 100-continue`, it waits until the server has taken the request up.
async fn start_slow_body(stream: &mut TcpStream) {
    let head = "POST /v1/accounts HTTP/1.1\r\nHost: cardtable\r\nContent-Type: application/json\r\n\
                Content-Length: 100\r\nExpect: 100-continue\r\n\r\n";
    stream.write_all(head.as_bytes()).await.expect("sends");
    let mut continued = [0u8; 25];
    tokio::time::timeout(HANG, stream.read_exact(&mut continued))
        .await
        .expect("the server never took the request up")
        .expect("reads 100 Continue");
    assert!(
        String::from_utf8_lossy(&continued).starts_with("HTTP/1.1 100 Continue"),
        "{}",
        String::from_utf8_lossy(&continued)
    );
    stream.write_all(b"{").await.expect("sends");
}

/// Everything the server sends until it closes the connection.
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    tokio::time::timeout(HANG, stream.read_to_end(&mut answer))
        .await
        .expect("the server kept the connection open")
        .expect("reads the answer");
    String::from_utf8_lossy(&answer).into_owned()
}

/// `GET /healthz` on a new connection from `from`: the whole answer, read until closed.
async fn healthz_from(app: &TestApp, from: [u8; 4]) -> String {
    let mut stream = connect_from(app, from).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: cardtable\r\nConnection: close\r\n\r\n")
        .await
        .expect("sends");
    read_until_closed(&mut stream).await
}

async fn a_body_that_stops_arriving_gets_408_and_the_connection_is_closed(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.limits.body_timeout = Duration::from_millis(300);
    })
    .await;
    let mut stream = connect_from(&app, [127, 0, 0, 1]).await;
    start_slow_body(&mut stream).await;
    let answer = read_until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"body_timeout\""), "{answer}");
}

async fn one_address_cannot_hold_every_connection(backend: &Backend) {
    let app = TestApp::spawn_with(backend, |settings| {
        settings.limits.connections_per_client = 4;
        settings.limits.body_timeout = Duration::from_secs(600);
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        let mut stream = connect_from(&app, [127, 0, 0, 1]).await;
        start_slow_body(&mut stream).await;
        held.push(stream);
    }
    // The address's fifth connection is refused and closed…
    let refused = healthz_from(&app, [127, 0, 0, 1]).await;
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(
        refused.to_ascii_lowercase().contains("retry-after: 1"),
        "{refused}"
    );
    // …while another client is served as ever, the slow bodies still held.
    let other = healthz_from(&app, [127, 0, 0, 2]).await;
    assert!(other.starts_with("HTTP/1.1 200"), "{other}");
    // A held connection that closes gives its slot back.
    drop(held.pop());
    let mut answer = String::new();
    for _ in 0..100 {
        answer = healthz_from(&app, [127, 0, 0, 1]).await;
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

on_every_backend!(
    a_body_that_stops_arriving_gets_408_and_the_connection_is_closed,
    one_address_cannot_hold_every_connection,
);
