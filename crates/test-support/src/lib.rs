//! Shared test support for weburl's crates: finds and loads the vendored test data in
//! `testdata/` (web-platform-tests, Unicode, the Public Suffix List, the benchmark URL lists) and
//! tallies data-driven results.
//!
//! Where the data lives: `testdata/` at the workspace root, or `$WEBURL_TESTDATA_DIR` (a folder
//! laid out the same way); `$WEBURL_WPT_DIR` and `$WEBURL_BENCH_DIR` override the WPT folder and
//! the URL lists alone. The data is part of the repository, so a missing file is a broken
//! checkout: loading it panics and the test fails, it never skips.
#![deny(missing_docs)]
#![allow(clippy::panic)]

use std::path::{Path, PathBuf};

/// The workspace root (two levels above this crate).
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn dir_from_env(var: &str, default: impl FnOnce() -> PathBuf) -> PathBuf {
    match std::env::var_os(var) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => default(),
    }
}

/// The test data folder: `$WEBURL_TESTDATA_DIR`, or `testdata/` at the workspace root.
#[must_use]
pub fn testdata_dir() -> PathBuf {
    dir_from_env("WEBURL_TESTDATA_DIR", || workspace_root().join("testdata"))
}

/// The web-platform-tests data folder: `$WEBURL_WPT_DIR`, or `wpt` in [`testdata_dir`].
#[must_use]
pub fn wpt_dir() -> PathBuf {
    dir_from_env("WEBURL_WPT_DIR", || testdata_dir().join("wpt"))
}

/// The benchmark URL lists: `$WEBURL_BENCH_DIR`, or `bench` in [`testdata_dir`].
#[must_use]
pub fn bench_dir() -> PathBuf {
    dir_from_env("WEBURL_BENCH_DIR", || testdata_dir().join("bench"))
}

/// The four benchmark URL lists, by file name.
pub const BENCH_LISTS: [&str; 4] =
    ["isaacs_files.txt", "kasztp.txt", "node_files.txt", "userbait.txt"];

/// Reads `path` as text; panics with the path when it cannot (the data is vendored, so a
/// missing file is a broken checkout, not a reason to skip).
#[must_use]
pub fn read_data(path: &Path) -> String {
    match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => panic!(
            "test data {} cannot be read ({err}); it is vendored under testdata/ (see testdata/README.md)",
            path.display()
        ),
    }
}

/// Loads `name` from [`wpt_dir`] as JSON. Lone UTF-16 surrogate escapes are replaced by U+FFFD
/// first, as a browser's USVString conversion does.
#[must_use]
pub fn load_wpt_json(name: &str) -> serde_json::Value {
    let path = wpt_dir().join(name);
    let cleaned = replace_lone_surrogate_escapes(&read_data(&path));
    match serde_json::from_str(&cleaned) {
        Ok(value) => value,
        Err(err) => panic!("{} is not valid JSON: {err}", path.display()),
    }
}

/// Loads a file of [`testdata_dir`], e.g. `unicode/17.0.0/IdnaTestV2.txt`.
#[must_use]
pub fn load_text(relative: &str) -> String {
    read_data(&testdata_dir().join(relative))
}

/// Loads one benchmark URL list (a name of [`BENCH_LISTS`]) from [`bench_dir`].
#[must_use]
pub fn load_bench_list(name: &str) -> String {
    read_data(&bench_dir().join(name))
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
    ///
    /// The summary goes straight to the process's standard error, past the test harness's output
    /// capture, so that a plain `cargo test` names every data-driven suite with its counts.
    pub fn finish(self) {
        use std::io::Write as _;
        for failure in self.failures.iter().take(50) {
            eprintln!("FAIL [{}] {failure}", self.name);
        }
        let summary = format!(
            "suite {}: {} passed, {} failed\n",
            self.name,
            self.passed,
            self.failures.len()
        );
        // Best effort: a closed stderr must not turn a passing suite into a failure.
        let _ = std::io::stderr().lock().write_all(summary.as_bytes());
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
