//! Standard Webhooks signatures: `webhook-signature: v1,<base64 HMAC-SHA256>` over
//! `"{webhook-id}.{webhook-timestamp}.{body}"`, keyed by the bytes base64-encoded after the
//! `whsec_` prefix of the endpoint's secret.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretBox, SecretString};
use sha2::Sha256;

const PREFIX: &str = "whsec_";
/// Random bytes in a new secret (the scheme allows 24 to 64).
const SECRET_BYTES: usize = 32;

/// A new endpoint secret: `whsec_` and the base64 of 32 random bytes.
pub fn new_secret() -> SecretString {
    let bytes: [u8; SECRET_BYTES] = rand::random();
    SecretString::from(format!("{PREFIX}{}", STANDARD.encode(bytes)))
}

/// The key an endpoint's messages are signed with; never printed.
pub struct SigningKey(SecretBox<Vec<u8>>);

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SigningKey([redacted])")
    }
}

impl SigningKey {
    /// The key of a `whsec_…` secret; `None` if it is not one.
    pub fn from_secret(secret: &SecretString) -> Option<Self> {
        let encoded = secret.expose_secret().strip_prefix(PREFIX)?;
        let bytes = STANDARD.decode(encoded).ok()?;
        (!bytes.is_empty()).then(|| Self(SecretBox::new(Box::new(bytes))))
    }

    /// The `webhook-signature` header value of one message.
    pub fn sign(&self, id: &str, timestamp: i64, body: &str) -> String {
        // Any key length is accepted by HMAC: this cannot fail.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(self.0.expose_secret()) else {
            return String::new();
        };
        mac.update(id.as_bytes());
        mac.update(b".");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(body.as_bytes());
        format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_secret_has_the_prefix_and_32_bytes_of_key() {
        let secret = new_secret();
        let text = secret.expose_secret();
        assert!(text.starts_with(PREFIX));
        let key = STANDARD.decode(&text[PREFIX.len()..]).unwrap_or_default();
        assert_eq!(key.len(), SECRET_BYTES);
        assert_ne!(new_secret().expose_secret(), text, "random each time");
    }

    #[test]
    fn the_signature_matches_the_published_example_of_the_scheme() {
        // The worked example of the Standard Webhooks specification.
        let secret = SecretString::from("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw".to_owned());
        let key = SigningKey::from_secret(&secret);
        let signature = key.map(|key| {
            key.sign(
                "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1_614_265_330,
                r#"{"test": 2432232314}"#,
            )
        });
        assert_eq!(
            signature.as_deref(),
            Some("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        );
    }

    #[test]
    fn a_secret_without_the_prefix_or_bad_base64_is_refused() {
        for bad in ["MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_***", "whsec_"] {
            assert!(SigningKey::from_secret(&SecretString::from(bad.to_owned())).is_none());
        }
    }
}
