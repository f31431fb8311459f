//! The opaque-host parser (URL Standard, section 3.5), for the hosts of non-special URLs, and
//! the URL code point predicate it needs.

use alloc::string::String;

use crate::domain::{ascii_mask, is_forbidden_host_byte};
use crate::error::{HostError, Sink, ValidationErrorKind};

/// Bit `b` is set when ASCII byte `b` is a URL code point: an ASCII alphanumeric or one of
/// `!$&'()*+,-./:;=?@_~`.
const URL_ASCII: u128 = ascii_mask(
    b"!$&'()*+,-./:;=?@_~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
);

/// Whether `c` is a URL code point: ASCII alphanumeric, one of `!$&'()*+,-./:;=?@_~`, or a
/// code point from U+00A0 to U+10FFFD that is neither a surrogate nor a noncharacter.
///
/// ```
/// use weburl_host::is_url_code_point;
/// assert!(is_url_code_point('~') && is_url_code_point('é'));
/// assert!(!is_url_code_point('%') && !is_url_code_point('\u{FDD0}'));
/// ```
#[must_use]
pub const fn is_url_code_point(c: char) -> bool {
    let c = c as u32;
    if c < 0x80 {
        return (URL_ASCII >> c) & 1 == 1;
    }
    c >= 0xA0 && !(c >= 0xFDD0 && c <= 0xFDEF) && (c & 0xFFFE) != 0xFFFE
}

/// Whether `bytes` starts with two ASCII hex digits.
fn starts_with_two_hex(bytes: &[u8]) -> bool {
    matches!(bytes, [a, b, ..] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
}

/// The opaque-host parser: appends the percent-encoded `input` to `out` and returns whether
/// it was empty (an empty host) or not (an opaque host).
pub(crate) fn opaque_host_parse(
    input: &str,
    out: &mut String,
    sink: &mut Sink<'_>,
) -> Result<bool, HostError> {
    let bytes = input.as_bytes();
    // Step 1: forbidden host code points fail.
    if let Some(at) = bytes.iter().position(|&b| is_forbidden_host_byte(b)) {
        sink.report(ValidationErrorKind::HostInvalidCodePoint, at);
        return Err(HostError::new(ValidationErrorKind::HostInvalidCodePoint));
    }
    if sink.is_active() {
        // Step 2: a code point that is neither a URL code point nor `%`.
        if let Some((at, _)) =
            input.char_indices().find(|&(_, c)| c != '%' && !is_url_code_point(c))
        {
            sink.report(ValidationErrorKind::InvalidUrlUnit, at);
        }
        // Step 3: a `%` not followed by two ASCII hex digits.
        let bad_percent = bytes.iter().enumerate().find(|&(at, &b)| {
            b == b'%' && !starts_with_two_hex(bytes.get(at + 1..).unwrap_or_default())
        });
        if let Some((at, _)) = bad_percent {
            sink.report(ValidationErrorKind::InvalidUrlUnit, at);
        }
    }
    // Step 4: UTF-8 percent-encode with the C0 control percent-encode set.
    weburl_percent::encode_into(input, &weburl_percent::C0_CONTROL, out);
    Ok(input.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ValidationErrorKind as K;
    use alloc::vec::Vec;

    fn parse(input: &str) -> (Result<String, K>, Vec<(K, usize)>) {
        let mut seen = Vec::new();
        let mut f = |k: K, at: usize| seen.push((k, at));
        let mut out = String::new();
        let result = opaque_host_parse(input, &mut out, &mut Sink::new(Some(&mut f)));
        (result.map(|_| out).map_err(|e| e.kind()), seen)
    }

    #[test]
    fn url_code_points() {
        let ascii: String = (0u8..0x80).map(char::from).filter(|&c| is_url_code_point(c)).collect();
        assert_eq!(
            ascii,
            "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        assert!(!is_url_code_point('\u{9F}'));
        assert!(is_url_code_point('\u{A0}'));
        assert!(is_url_code_point('\u{FDCF}') && !is_url_code_point('\u{FDEF}'));
        assert!(is_url_code_point('\u{FDF0}'));
        assert!(!is_url_code_point('\u{FFFE}') && !is_url_code_point('\u{10FFFF}'));
        assert!(!is_url_code_point('\u{1FFFF}') && is_url_code_point('\u{10FFFD}'));
    }

    #[test]
    fn encodes_with_the_c0_control_set() {
        assert_eq!(parse("EXAMPLE.com"), (Ok("EXAMPLE.com".into()), Vec::new()));
        assert_eq!(parse("example%2Ecom"), (Ok("example%2Ecom".into()), Vec::new()));
        assert_eq!(parse("fa\u{df}.example"), (Ok("fa%C3%9F.example".into()), Vec::new()));
        assert_eq!(parse("a\u{1}b"), (Ok("a%01b".into()), [(K::InvalidUrlUnit, 1)].into()));
        assert_eq!(parse("a\u{7f}"), (Ok("a%7F".into()), [(K::InvalidUrlUnit, 1)].into()));
        assert_eq!(parse(""), (Ok(String::new()), Vec::new()));
    }

    #[test]
    fn reports_bad_percent_and_non_url_units_once_each() {
        assert_eq!(
            parse("a\"b{%zz%"),
            (Ok("a\"b{%zz%".into()), [(K::InvalidUrlUnit, 1), (K::InvalidUrlUnit, 4)].into())
        );
        assert_eq!(parse("%4"), (Ok("%4".into()), [(K::InvalidUrlUnit, 0)].into()));
    }

    #[test]
    fn rejects_forbidden_host_code_points() {
        for c in [
            '\0', '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^',
            '|',
        ] {
            let input = alloc::format!("ab{c}");
            assert_eq!(
                parse(&input),
                (Err(K::HostInvalidCodePoint), [(K::HostInvalidCodePoint, 2)].into())
            );
        }
    }
}
