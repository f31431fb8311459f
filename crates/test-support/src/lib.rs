//! Shared test support for weburl's crates: finds and loads the web-platform-tests URL data
//! and the Unicode data in `../shared`, and tallies data-driven results.
//!
//! Where the data lives: `$WEBURL_WPT_DIR` (for the WPT files) or `$WEBURL_SHARED_DIR` (the whole
//! shared folder), defaulting to `../shared` beside the workspace root. When the data is missing
//! and `CI=true`, loading panics so the run fails; otherwise it prints the path it looked for and
//! the test skips.
#![deny(missing_docs)]
#![allow(clippy::panic)]

use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate).
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The shared data folder: `$WEBURL_SHARED_DIR`, or `../shared` beside the workspace root.
#[must_use]
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("WEBURL_SHARED_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared"),
    }
}

/// The web-platform-tests URL data folder: `$WEBURL_WPT_DIR`, or `wpt` in [`shared_dir`].
#[must_use]
pub fn wpt_dir() -> PathBuf {
    match std::env::var_os("WEBURL_WPT_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => shared_dir().join("wpt"),
    }
}

fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Reads `path` as text. When it is missing: panics under `CI=true`, otherwise prints the path
/// and returns `None` so that the caller skips.
#[must_use]
pub fn read_data(path: &Path) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(err) if in_ci() => {
            panic!("test data {} is missing under CI=true: {err}", path.display())
        }
        Err(err) => {
            eprintln!(
                "SKIPPED: test data {} not found ({err}); set WEBURL_WPT_DIR",
                path.display()
            );
            None
        }
    }
}

/// Loads `name` from [`wpt_dir`] as JSON (see [`read_data`] for missing data). Lone UTF-16
/// surrogate escapes are replaced by U+FFFD first, as a browser's USVString conversion does.
#[must_use]
pub fn load_wpt_json(name: &str) -> Option<serde_json::Value> {
    let path = wpt_dir().join(name);
    let text = read_data(&path)?;
    let cleaned = replace_lone_surrogate_escapes(&text);
    match serde_json::from_str(&cleaned) {
        Ok(value) => Some(value),
        Err(err) => panic!("{} is not valid JSON: {err}", path.display()),
    }
}

/// Loads a file of the shared Unicode data, e.g. `unicode/17.0.0/IdnaTestV2.txt`.
#[must_use]
pub fn load_shared_text(relative: &str) -> Option<String> {
    read_data(&shared_dir().join(relative))
}

/// The value of a 4-digit `\uXXXX` escape starting at `bytes[i]` (which is the backslash).
fn escape_at(bytes: &[u8], i: usize) -> Option<u16> {
    let digits = bytes.get(i + 2..i + 6)?;
    if bytes.get(i + 1) != Some(&b'u') {
        return None;
    }
    u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
}

/// Replaces each `\uD800`-`\uDFFF` escape in JSON text that is not half of a valid pair with
/// `\uFFFD`.
#[must_use]
pub fn replace_lone_surrogate_escapes(json: &str) -> String {
    let bytes = json.as_bytes();
    let mut out = String::with_capacity(json.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            i += 1;
            continue;
        }
        match escape_at(bytes, i) {
            Some(high @ 0xD800..=0xDBFF)
                if matches!(escape_at(bytes, i + 6), Some(0xDC00..=0xDFFF)) =>
            {
                let _ = high;
                i += 12;
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str(&json[copied..i]);
                out.push_str("\\uFFFD");
                i += 6;
                copied = i;
            }
            Some(_) => i += 6,
            // Any other escape: skip the backslash and the escaped character.
            None => i += 2,
        }
    }
    out.push_str(&json[copied.min(json.len())..]);
    out
}

/// A field of Unicode's IdnaTestV2.txt with its `\uXXXX` and `\x{XXXX}` escapes resolved; an
/// escaped lone surrogate becomes U+FFFD (what a Rust string can hold in its place).
#[must_use]
pub fn unescape_idna_test_field(field: &str) -> String {
    let mut out = String::new();
    let mut rest = field;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let (hex, len) = if let Some(braced) = tail.strip_prefix("\\x{") {
            let end = braced.find('}').expect("unterminated \\x{ escape");
            (&braced[..end], end + 4)
        } else if tail.starts_with("\\u") && tail.len() >= 6 {
            (&tail[2..6], 6)
        } else {
            out.push('\\');
            rest = &tail[1..];
            continue;
        };
        let value = u32::from_str_radix(hex, 16).expect("bad escape");
        out.push(char::from_u32(value).unwrap_or('\u{FFFD}'));
        rest = &tail[len..];
    }
    out.push_str(rest);
    out
}

/// Counts the cases of one data file and reports them as `file: N passed, M failed`.
#[derive(Debug)]
pub struct Tally {
    name: String,
    passed: usize,
    failures: Vec<String>,
}

impl Tally {
    /// A tally for the data named `name` (printed in the summary).
    #[must_use]
    pub fn new(name: &str) -> Tally {
        Tally { name: name.to_owned(), passed: 0, failures: Vec::new() }
    }

    /// Records one case: passed when `failure` is `None`, otherwise failed with that message.
    pub fn record(&mut self, failure: Option<String>) {
        match failure {
            None => self.passed += 1,
            Some(message) => self.failures.push(message),
        }
    }

    /// Records a case from a condition and a message made only when it failed.
    pub fn check(&mut self, ok: bool, message: impl FnOnce() -> String) {
        self.record(if ok { None } else { Some(message()) });
    }

    /// Number of passed cases.
    #[must_use]
    pub fn passed(&self) -> usize {
        self.passed
    }

    /// Prints the summary (and up to 50 failures) and panics if any case failed or none ran.
    pub fn finish(self) {
        for failure in self.failures.iter().take(50) {
            eprintln!("FAIL [{}] {failure}", self.name);
        }
        println!("{}: {} passed, {} failed", self.name, self.passed, self.failures.len());
        assert!(self.passed + self.failures.len() > 0, "{}: no case ran", self.name);
        assert!(self.failures.is_empty(), "{}: {} cases failed", self.name, self.failures.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_only_lone_surrogates() {
        assert_eq!(replace_lone_surrogate_escapes(r#""a\uD800b""#), r#""a\uFFFDb""#);
        assert_eq!(replace_lone_surrogate_escapes(r#""\uD83D\uDE00""#), r#""\uD83D\uDE00""#);
        assert_eq!(replace_lone_surrogate_escapes(r#""\uDE00\uD83D""#), r#""\uFFFD\uFFFD""#);
        assert_eq!(replace_lone_surrogate_escapes(r#""\\uD800""#), r#""\\uD800""#);
        assert_eq!(replace_lone_surrogate_escapes(r#""\u0041""#), r#""\u0041""#);
    }

    #[test]
    fn unescapes_idna_test_fields() {
        assert_eq!(unescape_idna_test_field(r"a\u00DFb"), "a\u{DF}b");
        assert_eq!(unescape_idna_test_field(r"\x{1F600}."), "\u{1F600}.");
        assert_eq!(unescape_idna_test_field(r"\uD800x"), "\u{FFFD}x");
        assert_eq!(unescape_idna_test_field(r"a\b"), r"a\b");
    }

    #[test]
    fn tally_counts() {
        let mut tally = Tally::new("t");
        tally.check(true, String::new);
        tally.record(None);
        assert_eq!(tally.passed(), 2);
        tally.finish();
    }
}
