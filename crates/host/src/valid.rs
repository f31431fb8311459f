//! Host writing (URL Standard, section 3.4): valid domains, valid host strings, valid IPv4 and
//! IPv6 address strings and valid opaque host strings.

use crate::domain::{domain_to_ascii, is_forbidden_host_code_point};
use crate::ipv4::ends_in_a_number;
use crate::opaque::is_url_code_point;

/// Whether `input` is a valid domain: the strict domain parser accepts it and the result does
/// not end in a number.
///
/// ```
/// use weburl_host::is_valid_domain;
/// assert!(is_valid_domain("example.com"));
/// assert!(!is_valid_domain("-example.com"));
/// assert!(!is_valid_domain("example.42"));
/// ```
#[must_use]
pub fn is_valid_domain(input: &str) -> bool {
    match domain_to_ascii(input, true) {
        Ok(domain) => !ends_in_a_number(domain.as_bytes()),
        Err(_) => false,
    }
}

/// Whether `input` is a valid host string: a valid domain string, a valid IPv4 address string,
/// or a valid IPv6 address string in brackets.
///
/// ```
/// use weburl_host::is_valid_host_string;
/// assert!(is_valid_host_string("example.com"));
/// assert!(is_valid_host_string("192.168.0.1"));
/// assert!(is_valid_host_string("[2001:db8::1]"));
/// assert!(!is_valid_host_string("192.168.0.01"));
/// ```
#[must_use]
pub fn is_valid_host_string(input: &str) -> bool {
    is_valid_domain(input) || is_valid_ipv4_address_string(input) || is_bracketed_ipv6(input)
}

/// Whether `input` is `[`, a valid IPv6 address string and `]`.
fn is_bracketed_ipv6(input: &str) -> bool {
    input
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .is_some_and(is_valid_ipv6_address_string)
}

/// Whether `input` is a valid opaque host string: one or more URL units other than forbidden
/// host code points, or a valid IPv6 address string in brackets.
///
/// ```
/// use weburl_host::is_valid_opaque_host_string;
/// assert!(is_valid_opaque_host_string("EXAMPLE%2Ecom"));
/// assert!(!is_valid_opaque_host_string("exa^mple"));
/// assert!(!is_valid_opaque_host_string("100%"));
/// ```
#[must_use]
pub fn is_valid_opaque_host_string(input: &str) -> bool {
    if is_bracketed_ipv6(input) {
        return true;
    }
    if input.is_empty() {
        return false;
    }
    let mut chars = input.chars();
    while let Some(c) = chars.next() {
        if c == '%' {
            // A percent-encoded byte.
            let rest = chars.as_str().as_bytes();
            if !matches!(rest, [a, b, ..] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit()) {
                return false;
            }
            chars.nth(1);
        } else if !is_url_code_point(c) || is_forbidden_host_code_point(c) {
            return false;
        }
    }
    true
}

/// Whether `input` is a valid IPv4 address string: four shortest decimal numbers from 0 to
/// 255, separated by `.`.
///
/// ```
/// use weburl_host::is_valid_ipv4_address_string;
/// assert!(is_valid_ipv4_address_string("127.0.0.1"));
/// assert!(!is_valid_ipv4_address_string("127.0.0.01"));
/// assert!(!is_valid_ipv4_address_string("127.1"));
/// ```
#[must_use]
pub fn is_valid_ipv4_address_string(input: &str) -> bool {
    let mut parts = 0;
    for part in input.split('.') {
        parts += 1;
        let shortest = match part.as_bytes() {
            [b'0'] => true,
            [b'1'..=b'9', rest @ ..] => rest.len() < 3 && rest.iter().all(u8::is_ascii_digit),
            _ => false,
        };
        if !shortest || part.parse::<u16>().map_or(true, |n| n > 255) || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// The number of pieces of a valid IPv6 pieces string (one or more shortest hex pieces
/// separated by `:`), or `None`.
fn pieces_len(input: &str) -> Option<usize> {
    let mut count = 0;
    for piece in input.split(':') {
        let shortest = match piece.as_bytes() {
            [b'0'] => true,
            [first, rest @ ..] => {
                *first != b'0'
                    && first.is_ascii_hexdigit()
                    && rest.len() < 4
                    && rest.iter().all(u8::is_ascii_hexdigit)
            }
            [] => false,
        };
        if !shortest {
            return None;
        }
        count += 1;
    }
    Some(count)
}

/// The effective piece length of a valid IPv6 pieces-and-IPv4 string (pieces, `:` and an IPv4
/// address string; or an IPv4 address string alone), or `None`.
fn pieces_and_ipv4_len(input: &str) -> Option<usize> {
    if is_valid_ipv4_address_string(input) {
        return Some(2);
    }
    let (pieces, ipv4) = input.rsplit_once(':')?;
    if !is_valid_ipv4_address_string(ipv4) {
        return None;
    }
    Some(pieces_len(pieces)? + 2)
}

/// Whether `input` is a valid IPv6 address string (without brackets).
///
/// ```
/// use weburl_host::is_valid_ipv6_address_string;
/// assert!(is_valid_ipv6_address_string("::ffff:192.0.2.1"));
/// assert!(is_valid_ipv6_address_string("1:2:3:4:5:6:7:8"));
/// assert!(!is_valid_ipv6_address_string("::01"));
/// assert!(!is_valid_ipv6_address_string("1:2:3:4:5:6:7::8"));
/// ```
#[must_use]
pub fn is_valid_ipv6_address_string(input: &str) -> bool {
    let Some((left, right)) = input.split_once("::") else {
        // Eight pieces, with or without an IPv4 tail.
        return pieces_len(input) == Some(8) || pieces_and_ipv4_len(input) == Some(8);
    };
    // `::` with optional pieces before it and optional pieces or pieces-and-IPv4 after it,
    // seven effective pieces at most.
    let left_len = if left.is_empty() { Some(0) } else { pieces_len(left) };
    let right_len = if right.is_empty() {
        Some(0)
    } else {
        pieces_len(right).or_else(|| pieces_and_ipv4_len(right))
    };
    matches!((left_len, right_len), (Some(l), Some(r)) if l + r <= 7)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_strings() {
        for ok in ["0.0.0.0", "255.255.255.255", "1.20.200.9"] {
            assert!(is_valid_ipv4_address_string(ok), "{ok}");
        }
        for bad in [
            "",
            "1.2.3",
            "1.2.3.4.5",
            "256.1.1.1",
            "01.1.1.1",
            "1.2.3.4.",
            "0x1.1.1.1",
            "1..1.1",
            "+1.1.1.1",
            "1000.1.1.1",
        ] {
            assert!(!is_valid_ipv4_address_string(bad), "{bad}");
        }
    }

    #[test]
    fn ipv6_strings() {
        for ok in [
            "::",
            "::1",
            "1::",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "1::1.2.3.4",
            "1:2:3:4:5::1.2.3.4",
            "1:2:3:4:5:6::7",
            "1::2:3:4:5:6:7",
            "ffff:ABCD::0",
            "1:2:3:4:5:6:7::",
        ] {
            assert!(is_valid_ipv6_address_string(ok), "{ok}");
        }
        for bad in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "::01",
            "::00",
            "12345::",
            "1:2:3:4:5:6::1.2.3.4",
            "1.2.3.4",
            "::1.2.3",
            "::1:2:3:4:5:6:7:8",
            "1:",
            "::g",
        ] {
            assert!(!is_valid_ipv6_address_string(bad), "{bad}");
        }
    }

    #[test]
    fn opaque_host_strings() {
        assert!(is_valid_opaque_host_string("a"));
        assert!(is_valid_opaque_host_string("%C3%9F"));
        assert!(is_valid_opaque_host_string("[::1]"));
        assert!(is_valid_opaque_host_string("é"));
        assert!(!is_valid_opaque_host_string(""));
        assert!(!is_valid_opaque_host_string("[::1"));
        assert!(!is_valid_opaque_host_string("a b"));
        assert!(!is_valid_opaque_host_string("a%2"));
        assert!(!is_valid_opaque_host_string("a\"b"));
    }

    #[test]
    fn host_strings() {
        assert!(is_valid_host_string("a.b"));
        assert!(is_valid_host_string("[::]"));
        assert!(!is_valid_host_string("[::"));
        assert!(!is_valid_host_string("a.1"));
        assert!(!is_valid_host_string("a_b"));
        assert!(!is_valid_host_string(""));
    }
}
