//! Percent-decoding (URL Standard, section 1.3: "percent-decode").

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// The value of an ASCII hex digit, or `None`.
#[inline]
fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// Percent-decode the byte sequence `input`.
///
/// A `%` not followed by two hex digits is kept as it is. Borrows when `input` has no `%`.
///
/// ```
/// use weburl_percent::percent_decode;
/// assert_eq!(&*percent_decode(b"%25%s%1G").into_bytes(), b"%%s%1G");
/// ```
#[inline]
#[must_use]
pub fn percent_decode(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode { input }
}

/// Percent-decode the string `input` (its UTF-8 bytes).
///
/// ```
/// use weburl_percent::percent_decode_str;
/// assert_eq!(&*percent_decode_str("‽%25%2E").into_bytes(), b"\xE2\x80\xBD%.");
/// ```
#[inline]
#[must_use]
pub fn percent_decode_str(input: &str) -> PercentDecode<'_> {
    percent_decode(input.as_bytes())
}

/// The pending result of [`percent_decode`]: convert it with [`PercentDecode::into_bytes`],
/// [`PercentDecode::decode_utf8`] or [`PercentDecode::decode_utf8_lossy`].
#[derive(Clone, Copy, Debug)]
pub struct PercentDecode<'a> {
    input: &'a [u8],
}

impl<'a> PercentDecode<'a> {
    /// The decoded bytes; borrowed when the input has no `%` that starts an escape.
    #[must_use]
    pub fn into_bytes(self) -> Cow<'a, [u8]> {
        let Some(first) = first_escape(self.input) else {
            return Cow::Borrowed(self.input);
        };
        let mut out = Vec::with_capacity(self.input.len());
        let (head, mut rest) = self.input.split_at(first);
        out.extend_from_slice(head);
        // percent-decode, step 2: one escape or one literal byte at a time.
        while let Some((&byte, tail)) = rest.split_first() {
            if byte == b'%' {
                if let [hi, lo, after @ ..] = tail {
                    if let (Some(hi), Some(lo)) = (hex_value(*hi), hex_value(*lo)) {
                        out.push(hi << 4 | lo);
                        rest = after;
                        continue;
                    }
                }
            }
            out.push(byte);
            rest = tail;
        }
        Cow::Owned(out)
    }

    /// The decoded bytes as UTF-8, or the error when they are not valid UTF-8.
    pub fn decode_utf8(self) -> Result<Cow<'a, str>, core::str::Utf8Error> {
        match self.into_bytes() {
            Cow::Borrowed(bytes) => core::str::from_utf8(bytes).map(Cow::Borrowed),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(s) => Ok(Cow::Owned(s)),
                Err(e) => Err(e.utf8_error()),
            },
        }
    }

    /// The decoded bytes as UTF-8, with each invalid sequence replaced by U+FFFD
    /// (the Encoding Standard's "UTF-8 decode without BOM").
    #[must_use]
    pub fn decode_utf8_lossy(self) -> Cow<'a, str> {
        match self.into_bytes() {
            Cow::Borrowed(bytes) => String::from_utf8_lossy(bytes),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(s) => Cow::Owned(s),
                Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
            },
        }
    }
}

/// Index of the first `%` followed by two hex digits.
fn first_escape(input: &[u8]) -> Option<usize> {
    input.windows(3).position(
        |w| matches!(w, [b'%', hi, lo] if hex_value(*hi).is_some() && hex_value(*lo).is_some()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_malformed_escapes() {
        assert_eq!(&*percent_decode(b"%").into_bytes(), b"%");
        assert_eq!(&*percent_decode(b"%4").into_bytes(), b"%4");
        assert_eq!(&*percent_decode(b"%4g%41").into_bytes(), b"%4gA");
        assert_eq!(&*percent_decode(b"a%2fb%2F").into_bytes(), b"a/b/");
    }

    #[test]
    fn borrows_without_escapes() {
        assert!(matches!(percent_decode(b"a%zz").into_bytes(), Cow::Borrowed(_)));
    }

    #[test]
    fn lossy_utf8() {
        assert_eq!(percent_decode_str("%FF%41").decode_utf8_lossy(), "\u{FFFD}A");
        assert!(percent_decode_str("%FF").decode_utf8().is_err());
    }
}
