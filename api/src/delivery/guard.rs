//! Where a webhook may go: an `https` URL whose host resolves to public addresses only. Checked
//! when an endpoint is registered, and again at every connection by the client's own resolver
//! (which drops every non-public address), so a name that later resolves to an inside address
//! (DNS rebinding) reaches nothing. `WEBHOOK_ALLOW_PRIVATE=true` lifts both rules, for tests
//! and for deployments whose receivers live on the same private network.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use crate::error::ApiError;

/// Longest URL accepted.
const MAX_URL_LEN: usize = 2_000;

fn refused(code: &'static str, detail: impl Into<String>) -> ApiError {
    ApiError::Unprocessable {
        code,
        detail: detail.into(),
        option: None,
    }
}

/// Whether an address is one the public internet routes to: not private, loopback,
/// link-local, unique-local, multicast, unspecified, documentation, shared (CGNAT) or
/// benchmarking space; an IPv4-mapped or -compatible IPv6 address is judged as its IPv4 one.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4() {
            // `to_ipv4` also maps `::` and `::1`: those are judged as IPv6 below.
            Some(v4) if !v6.is_unspecified() && !v6.is_loopback() => is_public_v4(v4),
            _ => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        // Shared address space (carrier-grade NAT), 100.64.0.0/10.
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments, 192.0.0.0/24.
        || (a == 192 && b == 0 && c == 0)
        // Benchmarking, 198.18.0.0/15.
        || (a == 198 && (b == 18 || b == 19))
        // Reserved, 240.0.0.0/4.
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // Unique local, fc00::/7.
        || (first & 0xfe00) == 0xfc00
        // Link-local, fe80::/10, and the deprecated site-local fec0::/10.
        || (first & 0xffc0) == 0xfe80
        || (first & 0xffc0) == 0xfec0
        // Documentation, 2001:db8::/32.
        || (first == 0x2001 && ip.segments()[1] == 0x0db8)
        // NAT64 with an embedded address, 64:ff9b::/96 (judged by where it leads: refused).
        || (first == 0x0064 && ip.segments()[1] == 0xff9b))
}

/// Checks an endpoint URL as given: an absolute `https` URL (or `http` when private targets are
/// allowed) with a host, no credentials and no fragment.
pub fn parse_url(text: &str, allow_private: bool) -> Result<Url, ApiError> {
    if text.len() > MAX_URL_LEN {
        return Err(refused(
            "invalid_webhook_url",
            format!("the URL is longer than {MAX_URL_LEN} characters"),
        ));
    }
    let url = Url::parse(text)
        .map_err(|_| refused("invalid_webhook_url", "the URL is not an absolute URL"))?;
    match url.scheme() {
        "https" => {}
        "http" if allow_private => {}
        _ => {
            return Err(refused(
                "webhook_url_not_https",
                "webhook URLs must use https",
            ));
        }
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(refused("invalid_webhook_url", "the URL has no host"));
    }
    if !url.username().is_empty() || url.password().is_some() || url.fragment().is_some() {
        return Err(refused(
            "invalid_webhook_url",
            "the URL must carry neither credentials nor a fragment",
        ));
    }
    Ok(url)
}

/// Resolves the URL's host now and refuses it unless every address is public (a name with one
/// inside address among public ones is refused too: which one a connection uses is not ours
/// to choose). Allowed without checking when private targets are.
pub async fn check_target(url: &Url, allow_private: bool) -> Result<(), ApiError> {
    if allow_private {
        return Ok(());
    }
    let not_public = || {
        refused(
            "webhook_url_not_public",
            "the URL's host must resolve to public internet addresses only",
        )
    };
    let port = url.port_or_known_default().unwrap_or(443);
    let addresses: Vec<IpAddr> = match url.host() {
        Some(url::Host::Ipv4(ip)) => vec![IpAddr::V4(ip)],
        Some(url::Host::Ipv6(ip)) => vec![IpAddr::V6(ip)],
        Some(url::Host::Domain(name)) => tokio::net::lookup_host((name, port))
            .await
            .map_err(|_| {
                refused(
                    "webhook_url_unresolvable",
                    "the URL's host does not resolve",
                )
            })?
            .map(|address| address.ip())
            .collect(),
        None => Vec::new(),
    };
    if addresses.is_empty() || !addresses.into_iter().all(is_public) {
        return Err(not_public());
    }
    Ok(())
}

/// The delivery client's resolver: the system's answers, less every non-public address. A name
/// left with none fails to connect.
#[derive(Clone, Copy, Debug, Default)]
pub struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found = tokio::net::lookup_host((host.as_str(), 0)).await?;
            let public: Vec<SocketAddr> = found.filter(|address| is_public(address.ip())).collect();
            if public.is_empty() {
                return Err("the host resolves to no public address".into());
            }
            let addrs: Addrs = Box::new(public.into_iter());
            Ok(addrs)
        })
    }
}

/// An IP-literal host is not resolved, so the resolver never sees it: checked here before
/// each send.
pub fn literal_host_allowed(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Ipv4(ip)) => is_public(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => is_public(IpAddr::V6(ip)),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn inside_addresses_are_not_public() {
        for inside in [
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "127.0.0.1",
            "169.254.169.254",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "100.64.0.1",
            "198.18.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(ip(inside)), "{inside}");
        }
    }

    #[test]
    fn internet_addresses_are_public() {
        for outside in [
            "93.184.215.14",
            "1.1.1.1",
            "2606:4700:4700::1111",
            "::ffff:1.1.1.1",
        ] {
            assert!(is_public(ip(outside)), "{outside}");
        }
    }

    #[test]
    fn only_https_urls_without_credentials_pass_unless_private_is_allowed() {
        assert!(parse_url("https://hooks.example.com/cardtable", false).is_ok());
        let code =
            |result: Result<Url, ApiError>| result.err().map(|error| error.code().to_owned());
        assert_eq!(
            code(parse_url("http://hooks.example.com/", false)).as_deref(),
            Some("webhook_url_not_https")
        );
        assert!(parse_url("http://127.0.0.1:9/", true).is_ok());
        assert_eq!(
            code(parse_url("ftp://example.com/", true)).as_deref(),
            Some("webhook_url_not_https")
        );
        assert_eq!(
            code(parse_url("https://user:pw@example.com/", false)).as_deref(),
            Some("invalid_webhook_url")
        );
        assert_eq!(
            code(parse_url("not a url", false)).as_deref(),
            Some("invalid_webhook_url")
        );
    }

    #[tokio::test]
    async fn a_loopback_target_is_refused_without_the_flag() {
        let url = parse_url("https://127.0.0.1:8443/hook", false);
        let checked = match url {
            Ok(url) => check_target(&url, false).await,
            Err(error) => Err(error),
        };
        assert_eq!(
            checked
                .err()
                .map(|error| error.code().to_owned())
                .as_deref(),
            Some("webhook_url_not_public")
        );
    }
}
