//! UTF-8 percent-encoding (URL Standard, section 1.3: "percent-encode" and
//! "UTF-8 percent-encode").

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use crate::set::AsciiSet;

/// `%00` to `%FF`, three bytes per entry, uppercase hex as the standard requires.
static ENCODED: [u8; 768] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut table = [0u8; 768];
    let mut i = 0;
    while i < 256 {
        table[i * 3] = b'%';
        table[i * 3 + 1] = HEX[i >> 4];
        table[i * 3 + 2] = HEX[i & 15];
        i += 1;
    }
    table
};

/// Percent-encode `byte`: `%` followed by two uppercase hex digits.
///
/// ```
/// assert_eq!(weburl_percent::percent_encode_byte(0x23), "%23");
/// assert_eq!(weburl_percent::percent_encode_byte(0x7F), "%7F");
/// ```
#[inline]
#[must_use]
pub fn percent_encode_byte(byte: u8) -> &'static str {
    let start = usize::from(byte) * 3;
    match ENCODED.get(start..start + 3).map(core::str::from_utf8) {
        Some(Ok(s)) => s,
        // The table holds only ASCII and 256 * 3 entries: this arm never runs.
        _ => "%",
    }
}

/// Length of the leading run of `bytes` that `set` leaves as it is.
#[inline]
fn unencoded_prefix_len(bytes: &[u8], set: &AsciiSet) -> usize {
    bytes.iter().position(|&b| set.contains(b)).unwrap_or(bytes.len())
}

/// UTF-8 percent-encode `input` with `set`, appending the result to `out`.
///
/// Runs of bytes outside the set are copied in one piece. Returns whether anything was encoded.
#[inline]
pub fn encode_into(input: &str, set: &AsciiSet, out: &mut String) -> bool {
    let mut encoded = false;
    for chunk in utf8_percent_encode(input, set) {
        encoded |= chunk.len() == 3 && chunk.as_bytes().first() == Some(&b'%');
        out.push_str(chunk);
    }
    encoded
}

/// UTF-8 percent-encode `input` with `set`, lazily.
///
/// The returned value implements [`Display`](fmt::Display), iterates over borrowed `&str`
/// chunks (runs of the input left as they are, and `%XX` triples), and converts to
/// [`Cow<str>`] without allocating when nothing needs encoding.
///
/// ```
/// use weburl_percent::{utf8_percent_encode, USERINFO};
/// assert_eq!(utf8_percent_encode("Say what‽", &USERINFO).to_string(), "Say%20what%E2%80%BD");
/// ```
#[inline]
#[must_use]
pub fn utf8_percent_encode<'a>(input: &'a str, set: &'a AsciiSet) -> PercentEncode<'a> {
    PercentEncode { rest: input.as_bytes(), set }
}

/// The lazy result of [`utf8_percent_encode`].
#[derive(Clone, Debug)]
pub struct PercentEncode<'a> {
    rest: &'a [u8],
    set: &'a AsciiSet,
}

impl<'a> Iterator for PercentEncode<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, tail) = self.rest.split_first()?;
        if self.set.contains(first) {
            self.rest = tail;
            return Some(percent_encode_byte(first));
        }
        let run = unencoded_prefix_len(self.rest, self.set);
        let (head, tail) = self.rest.split_at(run);
        self.rest = tail;
        // The run holds only ASCII bytes (every non-ASCII byte is in every set), so it is
        // valid UTF-8 whatever the split points.
        core::str::from_utf8(head).ok()
    }
}

impl fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.clone() {
            f.write_str(chunk)?;
        }
        Ok(())
    }
}

impl<'a> From<PercentEncode<'a>> for Cow<'a, str> {
    fn from(mut encode: PercentEncode<'a>) -> Cow<'a, str> {
        let whole = encode.rest;
        match encode.next() {
            None => Cow::Borrowed(""),
            Some(first) => {
                if first.len() == whole.len() {
                    return Cow::Borrowed(first);
                }
                let mut out = String::with_capacity(whole.len() + whole.len() / 2);
                out.push_str(first);
                out.extend(encode);
                Cow::Owned(out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set::{FORM_URLENCODED, USERINFO};
    use alloc::string::ToString;

    #[test]
    fn encodes_bytes_uppercase() {
        assert_eq!(percent_encode_byte(0), "%00");
        assert_eq!(percent_encode_byte(0xAB), "%AB");
        assert_eq!(percent_encode_byte(0xFF), "%FF");
    }

    #[test]
    fn borrows_when_nothing_to_encode() {
        let cow: Cow<'_, str> = utf8_percent_encode("abc-._*", &FORM_URLENCODED).into();
        assert!(matches!(cow, Cow::Borrowed("abc-._*")));
        let cow: Cow<'_, str> = utf8_percent_encode("a b", &FORM_URLENCODED).into();
        assert_eq!(cow, "a%20b");
        assert!(matches!(cow, Cow::Owned(_)));
    }

    #[test]
    fn spec_examples() {
        assert_eq!(utf8_percent_encode("\u{2261}", &USERINFO).to_string(), "%E2%89%A1");
        assert_eq!(utf8_percent_encode("\u{203D}", &USERINFO).to_string(), "%E2%80%BD");
        let mut out = String::from("x");
        assert!(encode_into("Say what\u{203D}", &USERINFO, &mut out));
        assert_eq!(out, "xSay%20what%E2%80%BD");
        assert!(!encode_into("plain", &USERINFO, &mut out));
    }
}
