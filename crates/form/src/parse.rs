//! The application/x-www-form-urlencoded parser (URL Standard, section 5.1).
//!
//! [`parse_iter`] walks the input once and borrows each name and value that needs no
//! decoding; [`parse`] collects owned pairs.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use weburl_percent::utf8_lossy_owned;

/// Parse `input` as application/x-www-form-urlencoded: the list of name-value pairs.
///
/// Invalid UTF-8 (after percent-decoding) becomes U+FFFD; a `%` that does not start a
/// percent-encoded byte stays as it is.
///
/// ```
/// let pairs = weburl_form::parse(b"a=b+c&%E2%80%A0&=%zz&&x=%41=");
/// assert_eq!(pairs, [
///     ("a".to_owned(), "b c".to_owned()),
///     ("†".to_owned(), String::new()),
///     (String::new(), "%zz".to_owned()),
///     ("x".to_owned(), "A=".to_owned()),
/// ]);
/// ```
#[must_use]
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    parse_iter(input).map(|(name, value)| (name.into_owned(), value.into_owned())).collect()
}

/// Parse `input` as application/x-www-form-urlencoded, lazily: an iterator over the pairs that
/// borrows a name or value from `input` when it holds no `+`, no percent-encoded byte, and only
/// valid UTF-8.
///
/// ```
/// use std::borrow::Cow;
///
/// let mut pairs = weburl_form::parse_iter(b"name=plain&q=a+b");
/// assert!(matches!(pairs.next(), Some((Cow::Borrowed("name"), Cow::Borrowed("plain")))));
/// let (q, value) = pairs.next().unwrap();
/// assert!(matches!(q, Cow::Borrowed("q")) && matches!(value, Cow::Owned(_)));
/// assert_eq!(value, "a b");
/// assert!(pairs.next().is_none());
/// ```
#[inline]
#[must_use]
pub fn parse_iter(input: &[u8]) -> Parse<'_> {
    Parse { rest: input }
}

/// The iterator of [`parse_iter`]: yields `(name, value)` pairs in input order.
#[derive(Clone, Debug)]
pub struct Parse<'a> {
    /// The input not yet split into sequences.
    rest: &'a [u8],
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.rest.is_empty() {
                return None;
            }
            // Step 1 (sequences): the bytes up to the next 0x26 (&).
            let (bytes, tail) = split_once(self.rest, b'&');
            self.rest = tail;
            // Step 3.1: skip empty sequences.
            if bytes.is_empty() {
                continue;
            }
            // Steps 3.2-3.3: name before the first 0x3D (=), value after it (or empty).
            let (name, value) = split_once(bytes, b'=');
            // Steps 3.4-3.6: `+` to space, percent-decode, UTF-8 decode without BOM.
            return Some((decode(name), decode(value)));
        }
    }
}

impl core::iter::FusedIterator for Parse<'_> {}

/// `bytes` split at the first `delimiter` (which belongs to neither part), or `bytes` and an
/// empty tail.
#[inline]
fn split_once(bytes: &[u8], delimiter: u8) -> (&[u8], &[u8]) {
    match bytes.iter().position(|&b| b == delimiter) {
        Some(i) => (bytes.get(..i).unwrap_or_default(), bytes.get(i + 1..).unwrap_or_default()),
        None => (bytes, &[]),
    }
}

/// The value of an ASCII hex digit.
#[inline]
fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// The byte that the `+` or `%` at the start of `bytes` decodes to, and how many input bytes
/// it takes: a space for `+` (step 3.4), the byte of a percent-encoded byte, or `%` itself.
#[inline]
fn special_at_start(bytes: &[u8]) -> Option<(u8, usize)> {
    match bytes {
        [b'+', ..] => Some((b' ', 1)),
        // A `+` after `%` would have become a space first: it is never a hex digit here.
        [b'%', hi, lo, ..] => match (hex_value(*hi), hex_value(*lo)) {
            (Some(hi), Some(lo)) => Some((hi << 4 | lo, 3)),
            _ => Some((b'%', 1)),
        },
        [b'%', ..] => Some((b'%', 1)),
        _ => None,
    }
}

/// Steps 3.4-3.5 for one name or value: replace each 0x2B (+) with 0x20, percent-decode, and
/// UTF-8 decode without BOM (invalid sequences become U+FFFD), in one pass.
fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let is_special = |b: &u8| *b == b'+' || *b == b'%';
    let Some(first) = bytes.iter().position(is_special) else {
        return String::from_utf8_lossy(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    let (head, mut rest) = bytes.split_at_checked(first).unwrap_or((&[], bytes));
    out.extend_from_slice(head);
    let mut changed = false;
    loop {
        // `rest` starts with `+` or `%` here (or is empty).
        if let Some((byte, skip)) = special_at_start(rest) {
            out.push(byte);
            changed |= skip > 1 || byte == b' ';
            rest = rest.get(skip..).unwrap_or_default();
        }
        match rest.iter().position(is_special) {
            Some(next) => {
                let (literal, special) = rest.split_at_checked(next).unwrap_or((rest, &[]));
                out.extend_from_slice(literal);
                rest = special;
            }
            None => {
                out.extend_from_slice(rest);
                break;
            }
        }
    }
    if changed {
        Cow::Owned(utf8_lossy_owned(out))
    } else {
        // Only `%`s that start no percent-encoded byte: the output is the input.
        String::from_utf8_lossy(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::borrow::ToOwned;
    use alloc::vec;

    fn pairs(input: &str) -> Vec<(String, String)> {
        parse(input.as_bytes())
    }

    fn owned(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(n, v)| ((*n).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn splits_and_skips_empty_sequences() {
        assert_eq!(pairs(""), vec![]);
        assert_eq!(pairs("&&&"), vec![]);
        assert_eq!(pairs("a&&b=&=c&="), owned(&[("a", ""), ("b", ""), ("", "c"), ("", "")]));
        assert_eq!(pairs("a==b=c"), owned(&[("a", "=b=c")]));
    }

    #[test]
    fn plus_before_percent_decoding() {
        assert_eq!(pairs("a+b=c+d"), owned(&[("a b", "c d")]));
        assert_eq!(pairs("%2B=%2b"), owned(&[("+", "+")]));
        assert_eq!(pairs("%+1=%2+"), owned(&[("% 1", "%2 ")]));
        assert_eq!(pairs("%%41%4"), owned(&[("%A%4", "")]));
    }

    #[test]
    fn utf8_decoding() {
        assert_eq!(pairs("%FF=%C3%A9%C3"), owned(&[("\u{FFFD}", "\u{E9}\u{FFFD}")]));
        assert_eq!(parse(b"\xFF=\xC3\xA9"), owned(&[("\u{FFFD}", "\u{E9}")]));
        assert_eq!(parse(b"+\xFF="), owned(&[(" \u{FFFD}", "")]));
    }

    #[test]
    fn borrows_when_possible() {
        let all: Vec<_> = parse_iter(b"a=b&%zz=%&c=\xE2\x80\xA0").collect();
        assert!(
            all.iter().all(|(n, v)| matches!(n, Cow::Borrowed(_)) && matches!(v, Cow::Borrowed(_)))
        );
        assert_eq!(all[1], (Cow::Borrowed("%zz"), Cow::Borrowed("%")));
        let (name, value) = parse_iter(b"a+=%41").next().unwrap();
        assert!(matches!(name, Cow::Owned(ref s) if s == "a "));
        assert!(matches!(value, Cow::Owned(ref s) if s == "A"));
        let (name, _) = parse_iter(b"\xFF").next().unwrap();
        assert_eq!(name, "\u{FFFD}");
    }

    #[test]
    fn iterator_is_fused() {
        let mut it = parse_iter(b"a&");
        assert!(it.next().is_some());
        assert!(it.next().is_none());
        assert!(it.next().is_none());
    }
}
