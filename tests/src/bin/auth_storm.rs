//! Memory under a storm of password hashing: 256 concurrent registrations, then 256 concurrent
//! logins, against a real server process. Each argon2 hash holds ~19 MiB, so without the
//! hashing bound 256 at once would need ~5 GiB. Passes when the server's peak resident memory
//! stays under the limit and every answer is a success or the documented 503 with
//! `Retry-After`.
//!
//! `auth_storm --server target/release/cardtable [--clients 256] [--limit-mib 200]`

use std::path::PathBuf;
use std::time::Instant;

use blackbox::ServerProcess;
use serde_json::json;

struct Options {
    server: PathBuf,
    clients: usize,
    limit_mib: u64,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut options = Options {
        server: PathBuf::from("target/release/cardtable"),
        clients: 256,
        limit_mib: 200,
    };
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--server" => options.server = PathBuf::from(value),
            "--clients" => options.clients = value.parse().map_err(|_| "--clients: a number")?,
            "--limit-mib" => {
                options.limit_mib = value.parse().map_err(|_| "--limit-mib: a number")?;
            }
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(options)
}

/// Statuses of `clients` concurrent POSTs of credentials to `path`, with their Retry-After.
async fn storm(
    client: &reqwest::Client,
    url: String,
    clients: usize,
) -> Vec<(u16, Option<String>)> {
    let requests: Vec<_> = (0..clients)
        .map(|n| {
            let (client, url) = (client.clone(), url.clone());
            tokio::spawn(async move {
                let body =
                    json!({"username": format!("storm{n}"), "password": "storm password 123"});
                match client.post(url).json(&body).send().await {
                    Ok(response) => (
                        response.status().as_u16(),
                        response
                            .headers()
                            .get("retry-after")
                            .and_then(|value| value.to_str().ok())
                            .map(str::to_owned),
                    ),
                    Err(_) => (0, None),
                }
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for request in requests {
        statuses.push(request.await.unwrap_or((0, None)));
    }
    statuses
}

fn tally(phase: &str, statuses: &[(u16, Option<String>)], success: u16) -> Result<String, String> {
    let ok = statuses
        .iter()
        .filter(|(status, _)| *status == success)
        .count();
    let busy = statuses
        .iter()
        .filter(|(status, retry)| *status == 503 && retry.is_some())
        .count();
    if ok + busy != statuses.len() {
        let other: Vec<_> = statuses
            .iter()
            .filter(|(status, retry)| *status != success && !(*status == 503 && retry.is_some()))
            .collect();
        return Err(format!("{phase}: unexpected answers {other:?}"));
    }
    Ok(format!("{phase}: {ok} × {success}, {busy} × 503"))
}

async fn run(options: Options, data_dir: PathBuf) -> Result<(), String> {
    let database = data_dir
        .join("storm.sqlite3")
        .to_string_lossy()
        .into_owned();
    let mut server = ServerProcess::new(
        options.server.clone(),
        data_dir.clone(),
        &[
            ("DATABASE_URL", database.as_str()),
            (
                "JWT_SECRET",
                "auth-storm-signing-secret-of-at-least-32-bytes",
            ),
            ("RATE_LIMIT_AUTH_PER_MINUTE", "0"),
            // Every storm client comes from one address: no bound on its connections.
            ("CONNECTIONS_PER_CLIENT", "0"),
            ("RUST_LOG", "warn"),
        ],
    )?;
    server.spawn()?;
    // A fresh connection per request: a pooled one the server closed while idle (its
    // keep-alive ended during the first storm) would fail on reuse, on the client's side.
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .map_err(|error| error.to_string())?;
    server.wait_ready(&client).await?;
    let idle = server.memory_kib("VmRSS").unwrap_or_default();
    let started = Instant::now();
    let registered = storm(
        &client,
        format!("{}/v1/accounts", server.base_url()),
        options.clients,
    )
    .await;
    let logged_in = storm(
        &client,
        format!("{}/v1/sessions", server.base_url()),
        options.clients,
    )
    .await;
    let elapsed = started.elapsed();
    let peak = server
        .memory_kib("VmHWM")
        .ok_or("cannot read the server's memory")?;
    let registrations = tally("registrations", &registered, 201)?;
    // An account whose registration found the server busy does not exist: its login is a 401.
    let logged_in: Vec<_> = logged_in
        .into_iter()
        .zip(&registered)
        .filter(|(_, (registration, _))| *registration == 201)
        .map(|(login, _)| login)
        .collect();
    let logins = tally("logins", &logged_in, 201)?;
    server.terminate()?;
    println!(
        "auth storm: {} concurrent clients; {registrations}; {logins}; in {elapsed:?}; RSS idle \
         {} MiB, peak {} MiB (limit {} MiB); {} CPUs",
        options.clients,
        idle / 1024,
        peak / 1024,
        options.limit_mib,
        std::thread::available_parallelism().map_or(1, usize::from),
    );
    if peak / 1024 >= options.limit_mib {
        return Err(format!("peak RSS {} MiB over the limit", peak / 1024));
    }
    let _ = std::fs::remove_dir_all(&data_dir);
    Ok(())
}

#[tokio::main]
async fn main() {
    blackbox::crash_driver::drive("auth-storm", options(), run).await;
}
