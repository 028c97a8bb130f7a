//! The playground's files, embedded at compile time, each with its content type and tag.

use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// One embedded file.
pub struct Asset {
    pub name: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

macro_rules! web_file {
    ($name:literal, $content_type:expr) => {
        Asset {
            name: $name,
            content_type: $content_type,
            bytes: include_bytes!(concat!("../../../../web/", $name)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";

/// Every file the page loads; `index.html` is the page itself (`/play`).
pub static ASSETS: &[Asset] = &[
    web_file!("index.html", "text/html; charset=utf-8"),
    web_file!("style.css", "text/css; charset=utf-8"),
    web_file!("favicon.svg", "image/svg+xml"),
    web_file!("app.js", JS),
    web_file!("api.js", JS),
    web_file!("dom.js", JS),
    web_file!("lobby.js", JS),
    web_file!("table.js", JS),
    web_file!("moves.js", JS),
    web_file!("replay.js", JS),
    web_file!("words.js", JS),
    web_file!("games/tribute.js", JS),
    web_file!("games/tricky_tribes.js", JS),
    web_file!("games/intrigue.js", JS),
    web_file!("games/trade_or_duel.js", JS),
];

/// The file of that name, if the page has one.
pub fn find(name: &str) -> Option<(&'static Asset, &'static str)> {
    let index = ASSETS.iter().position(|asset| asset.name == name)?;
    Some((&ASSETS[index], tags()[index].as_str()))
}

/// Strong tags, one per file: the files only change with the binary, but a browser keeps its
/// copy across upgrades, so it revalidates (cheaply, by tag) instead of trusting an age.
fn tags() -> &'static [String] {
    static TAGS: OnceLock<Vec<String>> = OnceLock::new();
    TAGS.get_or_init(|| {
        ASSETS
            .iter()
            .map(|asset| {
                let digest = Sha256::digest(asset.bytes);
                format!("\"{}\"", hex::encode(&digest[..12]))
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_is_found_with_a_distinct_tag() {
        for asset in ASSETS {
            let (found, tag) = find(asset.name).expect("listed");
            assert_eq!(found.name, asset.name);
            assert!(tag.starts_with('"') && tag.len() == 26, "{tag}");
        }
        assert!(find("../Cargo.toml").is_none());
    }
}
