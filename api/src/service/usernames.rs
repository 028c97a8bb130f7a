//! The one form usernames are compared in, and the rules a new username follows. Pure: no IO.
//!
//! - The canonical form is NFKC, then full case folding, then NFKC again (folding can undo a
//!   normalization): `Alice`, `alice` and the fullwidth `ａｌｉｃｅ` are all `alice`.
//! - A username is 3 to 32 characters long in that form (counted in Unicode scalar values),
//!   each a letter or digit of any script or one of `_`, `-` and `.`.
//! - Two names whose canonical forms have the same confusables skeleton (Unicode TR 39) cannot
//!   both exist: `аlice` with a Cyrillic `а` is taken once `alice` is.
//!
//! The name as typed is kept for display; uniqueness and login use only these forms.

use caseless::default_case_fold_str;
use persistence::UsernameForms;
use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

/// The shortest and the longest username, in characters of its canonical form.
pub const MIN_CHARS: usize = 3;
pub const MAX_CHARS: usize = 32;

/// Why a username is refused, for the `invalid_username` problem's detail.
pub const RULES: &str = "a username has 3 to 32 characters after Unicode NFKC normalization and \
     case folding: letters and digits of any script, `_`, `-` and `.`";

/// The canonical form of any text: what two names are compared in. Total: it refuses nothing
/// (the rate limit of logins keys on it, valid or not).
pub fn canonical(name: &str) -> String {
    let normalized: String = name.nfkc().collect();
    default_case_fold_str(&normalized).nfkc().collect()
}

/// The forms stored for a valid username, or `None` when it breaks the rules above.
pub fn forms(name: &str) -> Option<UsernameForms> {
    let canonical = canonical(name);
    let length = canonical.chars().count();
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '.');
    if !(MIN_CHARS..=MAX_CHARS).contains(&length) || !canonical.chars().all(allowed) {
        return None;
    }
    let skeleton = skeleton(&canonical).collect();
    Some(UsernameForms {
        canonical,
        skeleton,
    })
}

/// The forms of a name stored before these rules: whatever it is, it gets its canonical form
/// and skeleton, so it keeps working (old names were ASCII letters, digits, `_-.`).
pub fn forms_of_existing(name: &str) -> UsernameForms {
    let canonical = canonical(name);
    let skeleton = skeleton(&canonical).collect();
    UsernameForms {
        canonical,
        skeleton,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str) -> UsernameForms {
        forms(name).unwrap_or_else(|| panic!("{name} is refused"))
    }

    #[test]
    fn case_and_width_variants_share_one_canonical_form() {
        for name in ["Alice", "alice", "ALICE", "ａｌｉｃｅ", "Ａｌｉｃｅ"] {
            assert_eq!(form(name).canonical, "alice", "{name}");
        }
        // Full case folding, not lowercasing: ß and ẞ fold to "ss".
        assert_eq!(form("Straße").canonical, form("STRASSE").canonical);
        // Compatibility forms: the ligature ﬁ is "fi".
        assert_eq!(form("ﬁona").canonical, "fiona");
    }

    #[test]
    fn the_canonical_form_is_stable() {
        for name in ["Alice", "ａｌｉｃｅ", "Straße", "ΣΊΣΥΦΟΣ", "ǅemal", "ﬁona"] {
            let once = canonical(name);
            assert_eq!(canonical(&once), once, "{name}");
        }
    }

    #[test]
    fn confusable_names_share_a_skeleton_and_distinct_ones_do_not() {
        let latin = form("alice");
        let cyrillic_a = form("\u{430}lice");
        assert_ne!(latin.canonical, cyrillic_a.canonical);
        assert_eq!(latin.skeleton, cyrillic_a.skeleton);
        assert_eq!(form("paypal").skeleton, form("раураl").skeleton);
        assert_ne!(form("alice").skeleton, form("alicia").skeleton);
        assert_ne!(form("bob").skeleton, form("rob").skeleton);
    }

    #[test]
    fn letters_and_digits_of_any_script_are_allowed() {
        for name in [
            "alice",
            "bob_99",
            "a.b-c",
            "Jürgen",
            "Дмитрий",
            "東京太郎",
            "ἈΘΗΝᾹ",
            "٣٤٥",
        ] {
            assert!(forms(name).is_some(), "{name}");
        }
    }

    #[test]
    fn lengths_count_characters_of_the_canonical_form() {
        assert!(forms("ab").is_none());
        assert!(forms("abc").is_some());
        assert!(forms(&"x".repeat(32)).is_some());
        assert!(forms(&"x".repeat(33)).is_none());
        // Three characters of four bytes each are three characters.
        assert!(forms("東京都").is_some());
        // NFKC expands the ligature: 31 x and ﬃ are 34 characters.
        assert!(forms(&format!("{}ﬃ", "x".repeat(31))).is_none());
    }

    #[test]
    fn spaces_symbols_and_controls_are_refused() {
        for name in [
            "al ice",
            "al@ice",
            "alice!",
            "al\u{0}ice",
            "al\u{200b}ice",
            "al\nice",
            "😀😀😀",
            "",
            "a/b/c",
            "a\u{301}\u{301}",
        ] {
            assert!(forms(name).is_none(), "{name:?}");
        }
    }

    #[test]
    fn every_old_name_keeps_its_forms() {
        // Old rules: 3 to 32 ASCII letters, digits, `_-.`; they are valid under the new ones.
        for name in ["ann", "Bob_1", "x.y-z", &"Q".repeat(32)] {
            assert_eq!(Some(forms_of_existing(name)), forms(name), "{name}");
        }
    }
}
