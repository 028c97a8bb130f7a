//! Crafted bearer tokens all get the same 401, and the `Bearer` scheme is case-insensitive.

use blackbox::{Backend, SHARED_TEST_SECRET, TestApp};
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use serde_json::{Value, json};

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() as i64)
}

fn signed(algorithm: Algorithm, secret: &str, claims: &Value) -> String {
    encode(
        &Header::new(algorithm),
        claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap_or_else(|error| panic!("{error}"))
}

fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
        }
    }
    out
}

/// A token with this header and claims and the given signature part.
fn assembled(header: &Value, claims: &Value, signature: &str) -> String {
    format!(
        "{}.{}.{signature}",
        base64url(header.to_string().as_bytes()),
        base64url(claims.to_string().as_bytes())
    )
}

async fn every_crafted_token_gets_the_same_401(backend: &Backend) {
    let app = TestApp::spawn(backend).await;
    let player = app.player("alice").await;
    let (sub, now) = (player.id.clone(), now());
    // A session of alice's: a genuine token names one.
    let login = app
        .request(
            reqwest::Method::POST,
            "/v1/sessions",
            None,
            Some(json!({"username": "alice", "password": "a long enough password"})),
        )
        .await
        .expect_status(201);
    let sid = login.body["session_id"].clone();
    let valid = json!({"sub": sub, "sid": sid, "iat": now, "exp": now + 600});
    let genuine = signed(Algorithm::HS256, SHARED_TEST_SECRET, &valid);
    let genuine_signature = genuine.rsplit('.').next().unwrap_or_default().to_owned();

    let crafted = [
        (
            "alg none",
            assembled(&json!({"alg": "none", "typ": "JWT"}), &valid, ""),
        ),
        (
            "HS384 with the right secret",
            signed(Algorithm::HS384, SHARED_TEST_SECRET, &valid),
        ),
        (
            "HS512 with the right secret",
            signed(Algorithm::HS512, SHARED_TEST_SECRET, &valid),
        ),
        (
            "RS256 header, HS256 signature",
            assembled(
                &json!({"alg": "RS256", "typ": "JWT"}),
                &valid,
                &genuine_signature,
            ),
        ),
        (
            "wrong secret",
            signed(
                Algorithm::HS256,
                "another-secret-of-more-than-32-bytes!!",
                &valid,
            ),
        ),
        (
            "signature of other claims",
            assembled(
                &json!({"alg": "HS256", "typ": "JWT"}),
                &json!({"sub": sub, "sid": sid, "iat": now, "exp": now + 999_999}),
                &genuine_signature,
            ),
        ),
        (
            "expired",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"sub": sub, "sid": sid, "iat": now - 7200, "exp": now - 3600}),
            ),
        ),
        (
            "not valid yet",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"sub": sub, "sid": sid, "iat": now, "nbf": now + 3600, "exp": now + 7200}),
            ),
        ),
        (
            "no subject",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"iat": now, "exp": now + 600}),
            ),
        ),
        (
            "no expiry",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"sub": sub, "sid": sid, "iat": now}),
            ),
        ),
        (
            "a subject that is no account",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"sub": uuid::Uuid::new_v4(), "iat": now, "exp": now + 600}),
            ),
        ),
        (
            "a subject that is not an id",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"sub": "admin", "iat": now, "exp": now + 600}),
            ),
        ),
        (
            "no session",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"sub": sub, "iat": now, "exp": now + 600}),
            ),
        ),
        (
            "a session that does not exist",
            signed(
                Algorithm::HS256,
                SHARED_TEST_SECRET,
                &json!({"sub": sub, "sid": uuid::Uuid::new_v4(), "iat": now, "exp": now + 600}),
            ),
        ),
        ("garbage", "not-a-token".to_owned()),
        ("three empty parts", "..".to_owned()),
        ("binary junk", "\u{7f}\u{1}".to_owned()),
    ];

    let mut answers = Vec::new();
    for (case, token) in &crafted {
        let response = app
            .client
            .get(app.url("/v1/games"))
            .header("authorization", format!("Bearer {token}"))
            .send()
            .await;
        let Ok(response) = response else {
            // A header value reqwest itself refuses to send never reaches the server.
            continue;
        };
        let status = response.status().as_u16();
        let challenge = response
            .headers()
            .get("www-authenticate")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let body = response.text().await.unwrap_or_default();
        assert_eq!(status, 401, "{case}: {body}");
        answers.push((case, challenge, body));
    }
    assert!(answers.len() >= crafted.len() - 1);
    for (case, challenge, body) in &answers {
        assert_eq!(
            (challenge, body),
            (&answers[0].1, &answers[0].2),
            "{case} is answered differently from {}",
            answers[0].0
        );
    }

    // The genuine token works, whatever the case of the scheme.
    for scheme in ["Bearer", "bearer", "BEARER"] {
        let status = app
            .client
            .get(app.url("/v1/games"))
            .header("authorization", format!("{scheme} {genuine}"))
            .send()
            .await
            .map(|response| response.status().as_u16())
            .unwrap_or_default();
        assert_eq!(status, 200, "{scheme}");
    }
}

on_every_backend!(every_crafted_token_gets_the_same_401);
