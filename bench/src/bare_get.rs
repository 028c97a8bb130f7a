//! The framework's ceiling: a bare actix-web server answering `GET /` with 1 KiB of JSON,
//! run as its own process (like the real server) with actix-web's default worker count.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use actix_web::{App, HttpResponse, HttpServer, web};

/// A JSON document of exactly 1,024 bytes.
pub fn body() -> String {
    let frame = r#"{"padding":""}"#;
    let padding = "x".repeat(1024 - frame.len());
    format!(r#"{{"padding":"{padding}"}}"#)
}

/// Runs the bare server (in the child process); prints its port on the first line of stdout.
pub fn serve() -> std::io::Result<()> {
    actix_web::rt::System::new().block_on(async {
        let body = web::Bytes::from(body());
        let server = HttpServer::new(move || {
            let body = body.clone();
            App::new().route(
                "/",
                web::get().to(move || {
                    let body = body.clone();
                    async move {
                        HttpResponse::Ok()
                            .content_type("application/json")
                            .body(body)
                    }
                }),
            )
        })
        .bind(("127.0.0.1", 0))?;
        let port = server
            .addrs()
            .first()
            .map(|address| address.port())
            .ok_or_else(|| std::io::Error::other("not bound"))?;
        println!("{port}");
        server.run().await
    })
}

/// The bare server's process, stopped on drop.
pub struct BareServer {
    child: Child,
    pub base_url: String,
}

impl BareServer {
    pub fn start() -> Result<BareServer, String> {
        let exe = std::env::current_exe().map_err(|error| error.to_string())?;
        let mut child = Command::new(exe)
            .arg("--serve-bare-get")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start the bare server: {error}"))?;
        let mut line = String::new();
        if let Some(stdout) = child.stdout.take() {
            let _ = BufReader::new(stdout).read_line(&mut line);
        }
        let port: u16 = line
            .trim()
            .parse()
            .map_err(|_| format!("the bare server said `{}`", line.trim()))?;
        Ok(BareServer {
            child,
            base_url: format!("http://127.0.0.1:{port}"),
        })
    }
}

impl Drop for BareServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_is_one_kibibyte_of_json() {
        let body = body();
        assert_eq!(body.len(), 1024);
        assert!(serde_json::from_str::<serde_json::Value>(&body).is_ok());
    }
}
