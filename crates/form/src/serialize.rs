//! The application/x-www-form-urlencoded serializer (URL Standard, section 5.2).
//!
//! Names and values are percent-encoded with the application/x-www-form-urlencoded set and
//! spaces become `+`. UTF-8 needs no encoder; other encodings (feature `encoding`) go through
//! percent-encode after encoding.

use alloc::string::String;

use weburl_percent::{FORM_URLENCODED, utf8_percent_encode_into};
#[cfg(feature = "encoding")]
use weburl_percent::{encoding_rs::Encoding, percent_encode_after_encoding_into};

/// Serialize `pairs` as application/x-www-form-urlencoded in UTF-8.
///
/// ```
/// let query = weburl_form::serialize_utf8([("q", "a b&c"), ("lang", "ü"), ("", "*-._~")]);
/// assert_eq!(query, "q=a+b%26c&lang=%C3%BC&=*-._%7E");
/// ```
#[must_use]
pub fn serialize_utf8<I, N, V>(pairs: I) -> String
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    let mut out = String::new();
    serialize_utf8_into(pairs, &mut out);
    out
}

/// [`serialize_utf8`], appending to `out`. A `&` separates the pairs from each other, not
/// from text already in `out`.
///
/// ```
/// let mut url = String::from("https://example.com/?");
/// weburl_form::serialize_utf8_into([("a", "1"), ("b", "2 3")], &mut url);
/// assert_eq!(url, "https://example.com/?a=1&b=2+3");
/// ```
pub fn serialize_utf8_into<I, N, V>(pairs: I, out: &mut String)
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    for (i, (name, value)) in pairs.into_iter().enumerate() {
        append_pair(i == 0, name.as_ref(), value.as_ref(), out);
    }
}

/// Steps 3.2-3.5 for one pair in UTF-8: `&` unless `first`, then `name=value`, encoded.
#[inline]
pub(crate) fn append_pair(first: bool, name: &str, value: &str, out: &mut String) {
    // Step 3.4: a separator between pairs.
    if !first {
        out.push('&');
    }
    // Steps 3.2, 3.3 and 3.5.
    utf8_percent_encode_into(name, &FORM_URLENCODED, true, out);
    out.push('=');
    utf8_percent_encode_into(value, &FORM_URLENCODED, true, out);
}

/// Serialize `pairs` as application/x-www-form-urlencoded, in `encoding` (UTF-8 when `None`).
///
/// `encoding` is replaced by its output encoding first (UTF-16BE/LE and replacement become
/// UTF-8). Code points that `encoding` cannot represent are written as `%26%23NNN%3B` (a
/// percent-encoded `&#NNN;`).
///
/// ```
/// use weburl_percent::encoding_rs::{SHIFT_JIS, WINDOWS_1252};
///
/// assert_eq!(weburl_form::serialize([("a b", "é")], None), "a+b=%C3%A9");
/// assert_eq!(weburl_form::serialize([("a b", "é")], Some(WINDOWS_1252)), "a+b=%E9");
/// assert_eq!(weburl_form::serialize([("x", "≡‽")], Some(SHIFT_JIS)), "x=%81%DF%26%238253%3B");
/// ```
#[cfg(feature = "encoding")]
#[must_use]
pub fn serialize<I, N, V>(pairs: I, encoding: Option<&'static Encoding>) -> String
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    let mut out = String::new();
    serialize_into(pairs, encoding, &mut out);
    out
}

/// [`serialize`], appending to `out`.
#[cfg(feature = "encoding")]
pub fn serialize_into<I, N, V>(pairs: I, encoding: Option<&'static Encoding>, out: &mut String)
where
    I: IntoIterator<Item = (N, V)>,
    N: AsRef<str>,
    V: AsRef<str>,
{
    // Step 1: get an output encoding; UTF-8 needs no encoder.
    let encoding = match encoding.map(Encoding::output_encoding) {
        None => return serialize_utf8_into(pairs, out),
        Some(e) if e == weburl_percent::encoding_rs::UTF_8 => {
            return serialize_utf8_into(pairs, out);
        }
        Some(e) => e,
    };
    for (i, (name, value)) in pairs.into_iter().enumerate() {
        // Step 3.4.
        if i > 0 {
            out.push('&');
        }
        // Steps 3.2, 3.3 and 3.5.
        percent_encode_after_encoding_into(encoding, name.as_ref(), &FORM_URLENCODED, true, out);
        out.push('=');
        percent_encode_after_encoding_into(encoding, value.as_ref(), &FORM_URLENCODED, true, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_everything_but_alphanumerics_and_four_marks() {
        let mut all = String::new();
        for b in 0u8..0x80 {
            all.push(char::from(b));
        }
        let out = serialize_utf8([("", all.as_str())]);
        let mut expected = String::from("=");
        for b in 0u8..0x80 {
            match b {
                b' ' => expected.push('+'),
                b'*' | b'-' | b'.' | b'_' => expected.push(char::from(b)),
                _ if b.is_ascii_alphanumeric() => expected.push(char::from(b)),
                _ => expected.push_str(weburl_percent::percent_encode_byte(b)),
            }
        }
        assert_eq!(out, expected);
    }

    #[test]
    fn separators() {
        assert_eq!(serialize_utf8(core::iter::empty::<(&str, &str)>()), "");
        assert_eq!(serialize_utf8([("", "")]), "=");
        assert_eq!(serialize_utf8([("", ""), ("", "")]), "=&=");
        let mut out = String::from("x");
        serialize_utf8_into([("a", "b")], &mut out);
        assert_eq!(out, "xa=b");
    }

    #[cfg(feature = "encoding")]
    #[test]
    fn encodings() {
        use weburl_percent::encoding_rs::{
            EUC_KR, ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_8, UTF_16BE, UTF_16LE,
        };
        let pairs = [("na me", "\u{2020}+\u{1F600}")];
        let utf8 = serialize_utf8(pairs);
        assert_eq!(utf8, "na+me=%E2%80%A0%2B%F0%9F%98%80");
        for e in [UTF_8, UTF_16BE, UTF_16LE, REPLACEMENT] {
            assert_eq!(serialize(pairs, Some(e)), utf8, "{}", e.name());
        }
        assert_eq!(serialize(pairs, None), utf8);
        assert_eq!(serialize(pairs, Some(EUC_KR)), "na+me=%A2%D3%2B%26%23128512%3B");
        // Each name and value is encoded on its own: ISO-2022-JP returns to ASCII in each.
        assert_eq!(
            serialize([("\u{A5}", "\u{A5}"), ("a", "b")], Some(ISO_2022_JP)),
            "%1B%28J%5C%1B%28B=%1B%28J%5C%1B%28B&a=b"
        );
        assert_eq!(
            serialize([("1+1 \u{2261} 2%20\u{203D}", "")], Some(SHIFT_JIS)),
            "1%2B1+%81%DF+2%2520%26%238253%3B="
        );
    }
}
