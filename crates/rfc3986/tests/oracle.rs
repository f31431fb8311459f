//! A naive, independent validator of `URI-reference` written from Appendix A with plain
//! string operations (split at the delimiters of Appendix B, then check each component), and
//! a property test that the single-scan parser agrees with it on random strings.

mod common;

use proptest::prelude::*;
use weburl_rfc3986::{UriRef, rules, validate};

const UNRESERVED: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const SUB_DELIMS: &str = "!$&'()*+,;=";

/// True when `s` is made of characters in `extra`, unreserved, sub-delims and `%XX`.
fn made_of(s: &str, extra: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '%' {
            let hex = |j: usize| chars.get(j).is_some_and(|c| c.is_ascii_hexdigit());
            if !(hex(i + 1) && hex(i + 2)) {
                return false;
            }
            i += 3;
        } else if UNRESERVED.contains(c) || SUB_DELIMS.contains(c) || extra.contains(c) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

fn scheme_ok(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

fn dec_octet_ok(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 3
        && s.chars().all(|c| c.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'))
        && s.parse::<u32>().is_ok_and(|v| v <= 255)
}

fn ipv4_ok(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| dec_octet_ok(p))
}

fn h16_ok(s: &str) -> bool {
    (1..=4).contains(&s.len()) && s.chars().all(|c| c.is_ascii_hexdigit())
}

/// Counts the pieces of a colon-separated run of h16 (the last may be IPv4 when `tail`).
fn pieces(s: &str, tail: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let parts: Vec<&str> = s.split(':').collect();
    let mut n = 0;
    for (i, p) in parts.iter().enumerate() {
        if tail && i == parts.len() - 1 && p.contains('.') {
            if !ipv4_ok(p) {
                return None;
            }
            n += 2;
        } else if h16_ok(p) {
            n += 1;
        } else {
            return None;
        }
    }
    Some(n)
}

fn ipv6_ok(s: &str) -> bool {
    match s.split_once("::") {
        None => pieces(s, true) == Some(8),
        Some((head, tail)) => {
            if tail.contains("::") {
                return false;
            }
            match (pieces(head, false), pieces(tail, true)) {
                (Some(a), Some(b)) => a + b <= 7,
                _ => false,
            }
        }
    }
}

fn ipvfuture_ok(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(['v', 'V']) else { return false };
    let Some((hex, tail)) = rest.split_once('.') else { return false };
    !hex.is_empty()
        && hex.chars().all(|c| c.is_ascii_hexdigit())
        && !tail.is_empty()
        && tail.chars().all(|c| UNRESERVED.contains(c) || SUB_DELIMS.contains(c) || c == ':')
}

fn authority_ok(a: &str) -> bool {
    let (userinfo, hostport) = match a.split_once('@') {
        Some((u, h)) => (Some(u), h),
        None => (None, a),
    };
    if userinfo.is_some_and(|u| !made_of(u, ":")) {
        return false;
    }
    let (host_ok, port) = if let Some(rest) = hostport.strip_prefix('[') {
        let Some((literal, after)) = rest.split_once(']') else { return false };
        let ok = ipv6_ok(literal) || ipvfuture_ok(literal);
        match after.strip_prefix(':') {
            Some(port) => (ok, Some(port)),
            None => (ok && after.is_empty(), None),
        }
    } else {
        match hostport.split_once(':') {
            Some((host, port)) => (made_of(host, ""), Some(port)),
            None => (made_of(hostport, ""), None),
        }
    };
    host_ok && port.is_none_or(|p| p.chars().all(|c| c.is_ascii_digit()))
}

/// Appendix A's `URI-reference`, naively.
fn oracle(s: &str) -> bool {
    let (scheme, authority, path, query, fragment) = common::appendix_b(s);
    if scheme.is_some_and(|s| !scheme_ok(s)) || authority.is_some_and(|a| !authority_ok(a)) {
        return false;
    }
    if !made_of(path, ":@/") {
        return false;
    }
    // path-noscheme: without scheme and authority the first segment has no colon.
    if scheme.is_none() && authority.is_none() && path.split('/').next().unwrap().contains(':') {
        return false;
    }
    query.is_none_or(|q| made_of(q, ":@/?")) && fragment.is_none_or(|f| made_of(f, ":@/?"))
}

#[test]
fn oracle_sanity() {
    for ok in ["", "a:b", "//[::1]:8/x?y#z", "http://u@1.2.3.4/", "./a:b", "s://[v1.x]"] {
        assert!(oracle(ok), "{ok}");
    }
    for bad in [":", "a:b:c d", "//[::1", "//a@b@c", "1a:b", "s://[1::2::3]", "s://h:x"] {
        assert!(!oracle(bad), "{bad}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn parser_agrees_with_the_oracle(
        input in "[a-fv0-9:/?#\\[\\]@%.!=+~ \u{e9}-]{0,20}"
    ) {
        prop_assert_eq!(validate(&input).is_ok(), oracle(&input), "{:?}", input);
    }

    #[test]
    fn parser_agrees_on_authorities(
        authority in "[a-f0-9:@%.\\[\\]v]{0,24}", tail in "(/[a-z]{0,2})?(\\?[a-z:]{0,2})?"
    ) {
        let input = format!("s://{authority}{tail}");
        prop_assert_eq!(validate(&input).is_ok(), oracle(&input), "{:?}", input);
        let relative = format!("//{authority}{tail}");
        prop_assert_eq!(UriRef::parse(&relative).is_ok(), oracle(&relative), "{:?}", relative);
    }

    #[test]
    fn ipv6_agrees_with_the_oracle(
        tokens in prop::collection::vec(
            prop::sample::select(vec!["::", ":", "1", "fF", "0000", "12345", "1.2.3.4", "1.2.3.04", "v"]),
            0..12,
        )
    ) {
        let address = tokens.concat();
        prop_assert_eq!(rules::is_ipv6_address(&address), ipv6_ok(&address), "{:?}", address);
        let literal = format!("s://[{address}]/");
        prop_assert_eq!(validate(&literal).is_ok(), oracle(&literal), "{:?}", literal);
    }

    #[test]
    fn structured_ipv6_agrees_with_the_oracle(
        head in prop::collection::vec(prop::sample::select(vec!["0", "1", "ff", "FFFF", "12345", "g"]), 0..9),
        compress in any::<bool>(),
        tail in prop::collection::vec(prop::sample::select(vec!["0", "a", "ABCD", "1"]), 0..9),
        v4 in proptest::option::of(prop::sample::select(vec!["1.2.3.4", "255.0.0.256", "01.1.1.1", "0.0.0.0"])),
    ) {
        let mut address = head.join(":");
        let more = !tail.is_empty() || v4.is_some();
        if compress {
            address += "::";
        } else if !head.is_empty() && more {
            address += ":";
        }
        address += &tail.join(":");
        if let Some(v4) = v4 {
            if !tail.is_empty() {
                address += ":";
            }
            address += v4;
        }
        prop_assert_eq!(rules::is_ipv6_address(&address), ipv6_ok(&address), "{:?}", address);
    }
}
