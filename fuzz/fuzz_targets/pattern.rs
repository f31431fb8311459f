//! URLPattern: the input (at most 256 bytes; `pattern 0xFF url 0xFF base`) builds a
//! `UrlPattern` from a constructor string (with and without `ignoreCase` and a base URL) and
//! from an init dictionary whose fields are the same strings; `test`/`exec` on the URL
//! and on the parsed URL never panic and agree with each other.
//!
//! Input shaping, for time: a pattern that may reach the regular expression engine (its text
//! has a regexp group `(`, a `{...}` group, a `+` or a `:name*`; see [`may_backtrack`]) is
//! matched only against a URL whose href is at most [`ENGINE_HREF_MAX`] bytes and only when
//! it has at most [`ENGINE_GROUPS_MAX`] groups. Such patterns are ECMAScript regular
//! expressions run by a backtracking engine (as in browsers), whose time can be exponential
//! in the component's length; the caps keep each input well under the 2 s timeout. Patterns
//! of fixed text, `:name`, `:name?` and `*` groups (any modifier) are matched without the
//! engine in polynomial time and are not capped.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
use weburl_fuzz::fields;

fuzz_target!(|data: &[u8]| {
    if data.len() > 256 {
        return;
    }
    let fields = fields(data);
    let pattern = fields.first().map_or("", |f| f.as_ref());
    let input = fields.get(1).map_or("", |f| f.as_ref());
    let base = fields.get(2).map(|f| f.as_ref());
    let mut patterns = Vec::new();
    for ignore_case in [false, true] {
        let options = UrlPatternOptions::default().ignore_case(ignore_case);
        patterns.extend(UrlPattern::parse(pattern, base, options).ok());
    }
    // An init dictionary: the fields of the pattern split at '|' in component order.
    let mut parts = pattern.split('|').map(str::to_owned);
    let init = UrlPatternInit {
        protocol: parts.next(),
        hostname: parts.next(),
        pathname: parts.next(),
        search: parts.next(),
        hash: parts.next(),
        base_url: base.map(str::to_owned),
        ..UrlPatternInit::default()
    };
    patterns.extend(UrlPattern::from_init(&init, UrlPatternOptions::default()).ok());

    let url = match base {
        Some(base) => Url::parse(base).and_then(|b| b.join(input)),
        None => Url::parse(input),
    };
    if may_backtrack(pattern)
        && (url.as_ref().is_ok_and(|u| u.href().len() > ENGINE_HREF_MAX)
            || groups(pattern) > ENGINE_GROUPS_MAX)
    {
        return;
    }
    for p in &patterns {
        let tested = p.test(input, base);
        let executed = p.exec(input, base);
        match (&tested, &executed) {
            (Ok(t), Ok(e)) => {
                assert_eq!(*t, e.is_some(), "test and exec disagree: {pattern:?} {input:?}")
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("test {tested:?} vs exec {executed:?}: {pattern:?} {input:?}"),
        }
        if let Ok(url) = &url {
            let t = p.test_url(url);
            assert_eq!(t, p.exec_url(url).is_some(), "test_url and exec_url disagree: {pattern:?}");
            assert_eq!(Ok(t), tested, "test_url and test disagree: {pattern:?} {input:?}");
        }
        let _ = p.has_regexp_groups();
    }
});

/// The longest href a pattern that may backtrack is matched against (its components are
/// shorter still: 2^20 backtracking steps at most for one nested quantifier).
const ENGINE_HREF_MAX: usize = 28;

/// The most groups (`:`, `*` or `(`) such a pattern may have: adjacent groups split a
/// component in length^groups ways.
const ENGINE_GROUPS_MAX: usize = 8;

/// Whether the pattern text may compile to something the engine runs (over-approximated):
/// a regexp group, a `{...}` group (optional or repeated fixed text, prefixes and suffixes),
/// a `+` (a repeated group), or a `:name*`.
fn may_backtrack(pattern: &str) -> bool {
    if pattern.contains(['(', '{', '+']) {
        return true;
    }
    let bytes = pattern.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b':' {
            let mut j = i + 1;
            while j < bytes.len()
                && (bytes[j].is_ascii_alphanumeric()
                    || matches!(bytes[j], b'_' | b'$')
                    || bytes[j] >= 0x80)
            {
                j += 1;
            }
            if j > i + 1 && bytes.get(j) == Some(&b'*') {
                return true;
            }
            i = j;
        } else {
            i += 1;
        }
    }
    false
}

/// The number of group openers in the pattern text (`:`, `*` and `(`), an upper bound on its
/// groups.
fn groups(pattern: &str) -> usize {
    pattern.bytes().filter(|b| matches!(b, b':' | b'*' | b'(')).count()
}
