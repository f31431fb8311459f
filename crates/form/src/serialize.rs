//! The application/x-www-form-urlencoded serializer (URL Standard, section 5.2).
//!
//! Names and values are percent-encoded with the application/x-www-form-urlencoded set and
//! spaces become `+`. UTF-8 needs no encoder: a 256-entry table gives each byte's output (itself,
//! `+`, or its `%XX` triple), written into a byte buffer reserved once and checked to be UTF-8
//! (it is ASCII) once at the end. Other encodings (feature `encoding`) go through percent-encode
//! after encoding.

use alloc::string::String;
use alloc::vec::Vec;

use weburl_percent::FORM_URLENCODED;
#[cfg(feature = "encoding")]
use weburl_percent::{encoding_rs::Encoding, percent_encode_after_encoding_into};

/// The serialization of each byte in UTF-8, as the little-endian bytes of a `u32`: up to three
/// output bytes, then their count. A byte outside the application/x-www-form-urlencoded
/// percent-encode set is itself; U+0020 SPACE is `+` (step 3.1 of percent-encode after encoding
/// with spaceAsPlus); every other byte (all non-ASCII bytes included) is `%` and two uppercase
/// hex digits.
#[allow(clippy::indexing_slicing, reason = "indices stay below 256 and 16 by construction")]
const FORM_BYTE: [u32; 256] = {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let bytes = if b == b' ' {
            [b'+', 0, 0, 1]
        } else if FORM_URLENCODED.contains(b) {
            [b'%', HEX[i >> 4], HEX[i & 15], 3]
        } else {
            [b, 0, 0, 1]
        };
        table[i] = u32::from_le_bytes(bytes);
        i += 1;
    }
    table
};

/// For each byte, 1 when [`FORM_BYTE`] writes it as itself, else 0.
#[allow(clippy::indexing_slicing, reason = "indices stay below 256 by construction")]
const KEPT: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let entry = FORM_BYTE[i].to_le_bytes();
        if entry[3] == 1 && entry[0] == i as u8 {
            table[i] = 1;
        }
        i += 1;
    }
    table
};

/// The length of the serialization of `text` (steps 3.2-3.3).
fn encoded_len(text: &[u8]) -> usize {
    let entry =
        |b: &u8| (FORM_BYTE.get(usize::from(*b)).copied().unwrap_or_default() >> 24) as usize;
    text.iter().map(entry).sum()
}

/// Writes the serialization of `byte` at `buf[at..]`, returning where it ends.
#[inline(always)]
fn encode_byte(byte: u8, buf: &mut [u8], at: usize) -> usize {
    // A `u8` index into a 256-entry table: the fallback is never taken.
    let entry = FORM_BYTE.get(usize::from(byte)).copied().unwrap_or_default();
    if let Some(slot) = buf.get_mut(at..at + 4) {
        slot.copy_from_slice(&entry.to_le_bytes());
    }
    at + (entry >> 24) as usize
}

/// Steps 3.2-3.3 for one name or value in UTF-8: write `text` percent-encoded with the
/// application/x-www-form-urlencoded set, spaces as `+`, into `buf` from `at` on; returns where
/// it ends. Eight bytes that all stay as they are are copied in one piece; otherwise each
/// byte's table entry is stored whole (four bytes, a fixed-size store) and the position
/// advances by its length, so `buf` needs three bytes per byte of `text` plus one.
#[inline(always)]
fn encode_at(bytes: &[u8], buf: &mut [u8], mut at: usize) -> usize {
    let mut i = 0;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let kept =
            chunk.iter().fold(1, |acc, &b| acc & KEPT.get(usize::from(b)).copied().unwrap_or(0));
        if kept != 0 {
            if let Some(slot) = buf.get_mut(at..at + 8) {
                slot.copy_from_slice(chunk);
            }
            at += 8;
        } else {
            for &byte in chunk {
                at = encode_byte(byte, buf, at);
            }
        }
        i += 8;
    }
    for &byte in bytes.get(i..).unwrap_or_default() {
        at = encode_byte(byte, buf, at);
    }
    at
}

/// An output buffer that is written through a slice: `bytes` is kept longer than the output
/// (zero-filled, grown by doubling what was appended), `len` bytes of it are output so far.
struct Output {
    bytes: Vec<u8>,
    /// The length of the text that was there before.
    start: usize,
    len: usize,
}

impl Output {
    /// A buffer that appends to `out`, with room for `estimate` more bytes.
    #[inline]
    fn new(out: &mut String, estimate: usize) -> Output {
        let bytes = core::mem::take(out).into_bytes();
        let len = bytes.len();
        let mut output = Output { bytes, start: len, len };
        output.make_room(estimate);
        output
    }

    /// Grow `bytes` so that `room` bytes past `len` can be written.
    #[inline]
    fn make_room(&mut self, room: usize) {
        let needed = self.len + room;
        if needed > self.bytes.len() {
            let grown = needed.max(self.len + (self.len - self.start));
            self.bytes.resize(grown, 0);
        }
    }

    /// Append the pair `name=value`, encoded, preceded by `&` unless it is the `first` pair
    /// (step 3.4).
    #[inline]
    fn append_pair(&mut self, first: bool, name: &[u8], value: &[u8]) {
        // Three bytes per byte of text, the separators, and the spare bytes of the four-byte
        // stores; when that is more than is left, the exact length decides whether to grow.
        let worst = 3 * (name.len() + value.len()) + 5;
        if self.len + worst > self.bytes.len() {
            self.make_room(encoded_len(name) + encoded_len(value) + 5);
        }
        let buf = self.bytes.as_mut_slice();
        let mut at = self.len;
        if !first {
            if let Some(slot) = buf.get_mut(at) {
                *slot = b'&';
            }
            at += 1;
        }
        at = encode_at(name, buf, at);
        if let Some(slot) = buf.get_mut(at) {
            *slot = b'=';
        }
        self.len = encode_at(value, buf, at + 1);
    }

    /// Store the output in `out`.
    #[inline]
    fn finish(mut self, out: &mut String) {
        self.bytes.truncate(self.len);
        *out = into_string(self.bytes);
    }
}

/// `bytes` (text that was a `String`, with ASCII appended) back as a `String`.
#[inline]
fn into_string(bytes: Vec<u8>) -> String {
    // Never fails: the fallback keeps the promise not to panic.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// How many bytes to reserve for the output, guessed from the first pair's length and the
/// size hint of the iterator of the other pairs; at most [`RESERVE_LIMIT`].
#[inline]
fn reserve_guess(first_len: usize, hint: (usize, Option<usize>)) -> usize {
    let pairs = hint.1.unwrap_or(hint.0).saturating_add(1);
    // A quarter more for the bytes that encoding lengthens.
    let per_pair = first_len + first_len / 4 + 2;
    per_pair.saturating_mul(pairs).min(RESERVE_LIMIT)
}

/// The most [`serialize_utf8_into`] reserves on a guess (beyond it the buffer grows as usual).
const RESERVE_LIMIT: usize = 1000;

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
    let mut pairs = pairs.into_iter();
    let Some((name, value)) = pairs.next() else {
        return;
    };
    let (name, value) = (name.as_ref(), value.as_ref());
    let mut output = Output::new(out, reserve_guess(name.len() + value.len(), pairs.size_hint()));
    output.append_pair(true, name.as_bytes(), value.as_bytes());
    for (name, value) in pairs {
        output.append_pair(false, name.as_ref().as_bytes(), value.as_ref().as_bytes());
    }
    output.finish(out);
}

/// Steps 3.2-3.5 for each pair of `pairs` (the UTF-8 bytes of names and values), appended to
/// `out` with `&` between them (not before the first); the buffer is reserved once for
/// `estimate` more bytes.
pub(crate) fn append_pairs<'a>(
    pairs: impl Iterator<Item = (&'a [u8], &'a [u8])>,
    estimate: usize,
    out: &mut String,
) {
    let mut output = Output::new(out, estimate);
    for (i, (name, value)) in pairs.enumerate() {
        output.append_pair(i == 0, name, value);
    }
    output.finish(out);
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
///
/// ```
/// use weburl_percent::encoding_rs::WINDOWS_1252;
///
/// let mut query = String::from("?");
/// weburl_form::serialize_into([("a", "é"), ("b", "1")], Some(WINDOWS_1252), &mut query);
/// assert_eq!(query, "?a=%E9&b=1");
/// ```
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
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec::Vec;

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
    fn table_matches_the_percent_encoder() {
        for b in 0u8..0x80 {
            let text = char::from(b).to_string();
            let mut expected = String::new();
            weburl_percent::utf8_percent_encode_into(&text, &FORM_URLENCODED, true, &mut expected);
            assert_eq!(serialize_utf8([(text.as_str(), "")]), format!("{expected}="));
        }
        assert_eq!(serialize_utf8([("\u{10FFFF}", "\u{80}")]), "%F4%8F%BF%BF=%C2%80");
    }

    #[test]
    fn buffer_growth() {
        // Long text after a short first pair, many pairs, and appending to long text.
        let long = "a b\u{E9}".repeat(500);
        let many: Vec<(String, String)> =
            (0..300).map(|i| (format!("k{i}"), format!("v {i}"))).collect();
        let mut expected = String::new();
        for (i, (name, value)) in many.iter().enumerate() {
            if i > 0 {
                expected.push('&');
            }
            expected.push_str(&format!("{}={}", name, value.replace(' ', "+")));
        }
        assert_eq!(serialize_utf8(many.iter().map(|(n, v)| (n, v))), expected);
        let out = serialize_utf8([("x", "1"), ("y", long.as_str())]);
        assert_eq!(out, format!("x=1&y={}", "a+b%C3%A9".repeat(500)));
        let mut prefix = "p".repeat(5000);
        serialize_utf8_into([("a", "b")], &mut prefix);
        assert_eq!(prefix.len(), 5003);
        assert!(prefix.ends_with("pa=b"));
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
