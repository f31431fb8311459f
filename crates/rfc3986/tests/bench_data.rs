//! Validates every line of the benchmark URL lists in `testdata/bench` (see its README) as
//! an RFC 3986 `URI-reference` and checks the exact counts of valid and invalid lines, with
//! the invalid ones grouped by the rule that failed and the offending character.
//!
//! Why lines are invalid (each group was inspected):
//! - `kasztp.txt`: line 1 starts with a UTF-8 byte-order mark (non-ASCII, so the reference
//!   is a relative path failing at byte 0); 150 lines are `https://"www...` (a `"` in the
//!   host); 156 + 4 lines hold a `\` in the path or query (`/hm\%202006/`); 23 fragments hold
//!   a space (`#Swiss Goats`); 4 paths hold `[`, 3 queries `{` and 1 query `|`. The line
//!   `https://` is valid: RFC 3986 allows an empty host, unlike the URL Standard for https.
//! - `userbait.txt`: 24 lines start with a literal `"` (so they are relative paths failing at
//!   byte 0, as the README says); the rest hold characters RFC 3986 does not allow unencoded
//!   (`[`, `]`, `{`, `` ` ``, `^`, `<`, a space, non-ASCII text) or a bare `%`.
//! - `isaacs_files.txt` and `node_files.txt`: every line is valid.

use std::collections::BTreeMap;

use weburl_rfc3986::validate;

/// The valid lines, and the invalid ones counted by "rule, offending character".
struct Counts {
    valid: usize,
    invalid: BTreeMap<String, usize>,
}

/// Validates each line of the benchmark list `name`.
fn count(name: &str) -> Counts {
    let text = weburl_test_support::load_bench_list(name);
    let mut counts = Counts { valid: 0, invalid: BTreeMap::new() };
    for line in text.lines() {
        match validate(line) {
            Ok(()) => counts.valid += 1,
            Err(err) => {
                let rule = err.rule().map_or("none", |r| r.name());
                let offset = err.offset().unwrap_or(line.len());
                let c = line.get(offset..).and_then(|s| s.chars().next());
                let c = c.map_or_else(|| "end".to_owned(), |c| format!("{c:?}"));
                *counts.invalid.entry(format!("{rule} {c}")).or_default() += 1;
            }
        }
    }
    let invalid: usize = counts.invalid.values().sum();
    println!("{name}: {} valid, {invalid} invalid", counts.valid);
    counts
}

fn check(name: &str, valid: usize, invalid: &[(&str, usize)]) {
    let counts = count(name);
    let expected: BTreeMap<String, usize> =
        invalid.iter().map(|&(key, n)| (key.to_owned(), n)).collect();
    assert_eq!(counts.invalid, expected, "{name}: invalid lines by rule and character");
    assert_eq!(counts.valid, valid, "{name}: valid lines");
}

#[test]
fn isaacs_files() {
    check("isaacs_files.txt", 6_207, &[]);
}

#[test]
fn node_files() {
    check("node_files.txt", 43_415, &[]);
}

#[test]
fn kasztp() {
    check(
        "kasztp.txt",
        47_668,
        &[
            ("fragment ' '", 23),
            ("path-abempty '['", 4),
            ("path-abempty '\\\\'", 156),
            ("path-noscheme '\\u{feff}'", 1),
            ("query '\\\\'", 4),
            ("query '{'", 3),
            ("query '|'", 1),
            ("reg-name '\"'", 150),
        ],
    );
}

#[test]
fn userbait() {
    check(
        "userbait.txt",
        11_378,
        &[
            ("fragment '\\u{91}'", 1),
            ("path-abempty '['", 6),
            ("path-abempty '\u{62e0}'", 1),
            ("path-noscheme '\"'", 24),
            ("pct-encoded '%'", 2),
            ("query ' '", 1),
            ("query '<'", 1),
            ("query '['", 2),
            ("query ']'", 1),
            ("query '^'", 1),
            ("query '`'", 6),
            ("query '{'", 5),
            ("query '\u{b5}'", 1),
        ],
    );
}

#[test]
fn kasztp_particular_lines() {
    let text = weburl_test_support::load_bench_list("kasztp.txt");
    let first = text.lines().next().unwrap();
    assert!(first.starts_with('\u{feff}'));
    assert!(validate(first).is_err());
    assert!(validate(first.trim_start_matches('\u{feff}')).is_ok());
    assert!(text.lines().any(|line| line == "https://"));
    assert!(validate("https://").is_ok());
}
