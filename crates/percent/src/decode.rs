//! Percent-decoding (URL Standard, section 1.3: "percent-decode" of a byte sequence and of a
//! string).
//!
//! The decoder looks for the next `%` and copies the bytes before it in one piece; hex digits
//! are classified through a 256-entry table.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

/// Marks a byte that is not an ASCII hex digit in [`HEX_VALUE`].
const NOT_HEX: u8 = 0xFF;

/// How many escapes in a row the decoder decodes into a stack block before appending them.
const ESCAPE_BLOCK: usize = 32;

/// The value of each ASCII hex digit (0x30-0x39, 0x41-0x46, 0x61-0x66), [`NOT_HEX`] otherwise.
#[allow(clippy::indexing_slicing, reason = "a `u8` index into a 256-entry table is in bounds")]
const HEX_VALUE: [u8; 256] = {
    let mut table = [NOT_HEX; 256];
    let mut b = 0u8;
    while b < 10 {
        table[(b'0' + b) as usize] = b;
        b += 1;
    }
    let mut b = 0u8;
    while b < 6 {
        table[(b'A' + b) as usize] = 10 + b;
        table[(b'a' + b) as usize] = 10 + b;
        b += 1;
    }
    table
};

/// The value of `byte` as a hex digit, or [`NOT_HEX`].
#[inline(always)]
fn hex_value(byte: u8) -> u8 {
    HEX_VALUE.get(usize::from(byte)).copied().unwrap_or(NOT_HEX)
}

/// The byte that the percent-encoded byte at the start of `bytes` stands for, when `bytes`
/// starts with `%` and two ASCII hex digits (percent-decode, step 2's condition); `None`
/// otherwise.
///
/// ```
/// use weburl_percent::decode_escape;
/// assert_eq!(decode_escape(b"%2fx"), Some(b'/'));
/// assert_eq!(decode_escape(b"%2"), None);
/// assert_eq!(decode_escape(b"%g0"), None);
/// ```
#[inline]
#[must_use]
pub fn decode_escape(bytes: &[u8]) -> Option<u8> {
    match bytes {
        [b'%', hi, lo, ..] => hex_pair(*hi, *lo),
        _ => None,
    }
}

/// The byte that the hex digits `hi` and `lo` stand for, or `None` when either is not one.
#[inline(always)]
fn hex_pair(hi: u8, lo: u8) -> Option<u8> {
    let (hi, lo) = (hex_value(hi), hex_value(lo));
    // Digit values are below 16; `NOT_HEX` has every bit set.
    if hi | lo > 0x0F { None } else { Some(hi << 4 | lo) }
}

/// Percent-decode the byte sequence `input`.
///
/// A `%` not followed by two hex digits is kept as it is. Borrows when `input` has no `%` that
/// starts a percent-encoded byte.
///
/// ```
/// use weburl_percent::percent_decode;
/// assert_eq!(&*percent_decode(b"%25%s%1G").into_bytes(), b"%%s%1G");
/// ```
#[inline]
#[must_use]
pub fn percent_decode(input: &[u8]) -> PercentDecode<'_> {
    PercentDecode { input, text: None }
}

/// Percent-decode the string `input` (its UTF-8 bytes).
///
/// ```
/// use weburl_percent::percent_decode_str;
/// assert_eq!(&*percent_decode_str("‽%25%2E").into_bytes(), b"\xE2\x80\xBD%.");
/// assert_eq!(percent_decode_str("caf%C3%A9").decode_utf8()?, "café");
/// # Ok::<(), core::str::Utf8Error>(())
/// ```
#[inline]
#[must_use]
pub fn percent_decode_str(input: &str) -> PercentDecode<'_> {
    PercentDecode { input: input.as_bytes(), text: Some(input) }
}

/// The pending result of [`percent_decode`]: convert it with [`PercentDecode::into_bytes`]
/// (or `Cow::<[u8]>::from`), [`PercentDecode::decode_utf8`] or
/// [`PercentDecode::decode_utf8_lossy`], or iterate over the decoded bytes.
///
/// ```
/// use weburl_percent::percent_decode;
/// use std::borrow::Cow;
///
/// let decoded = percent_decode(b"a%20b%zz");
/// assert_eq!(decoded.clone().collect::<Vec<u8>>(), b"a b%zz");
/// assert_eq!(Cow::from(decoded), &b"a b%zz"[..]);
/// ```
#[derive(Clone, Debug)]
pub struct PercentDecode<'a> {
    /// The bytes still to decode.
    input: &'a [u8],
    /// The same bytes as a `str`, while they are known to be UTF-8 (from
    /// [`percent_decode_str`], before any byte was iterated).
    text: Option<&'a str>,
}

impl Iterator for PercentDecode<'_> {
    type Item = u8;

    /// The next decoded byte (percent-decode, step 2, one byte of output at a time).
    fn next(&mut self) -> Option<u8> {
        let (&first, rest) = self.input.split_first()?;
        self.text = None;
        if let Some(byte) = decode_escape(self.input) {
            self.input = self.input.get(3..).unwrap_or_default();
            Some(byte)
        } else {
            self.input = rest;
            Some(first)
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Each output byte consumes one to three input bytes.
        let len = self.input.len();
        (len.div_ceil(3), Some(len))
    }
}

impl<'a> From<PercentDecode<'a>> for Cow<'a, [u8]> {
    /// The decoded bytes, as [`PercentDecode::into_bytes`].
    fn from(decode: PercentDecode<'a>) -> Cow<'a, [u8]> {
        decode.into_bytes()
    }
}

impl<'a> PercentDecode<'a> {
    /// The decoded bytes; borrowed when the input has no `%` that starts a percent-encoded
    /// byte.
    ///
    /// ```
    /// use weburl_percent::percent_decode_str;
    /// use std::borrow::Cow;
    ///
    /// assert_eq!(&*percent_decode_str("%41%zz").into_bytes(), b"A%zz");
    /// assert!(matches!(percent_decode_str("plain").into_bytes(), Cow::Borrowed(b"plain")));
    /// ```
    #[must_use]
    pub fn into_bytes(self) -> Cow<'a, [u8]> {
        match first_escape(self.input) {
            Some(first) => Cow::Owned(decode_from(self.input, first)),
            None => Cow::Borrowed(self.input),
        }
    }

    /// The decoded bytes as UTF-8, or the error when they are not valid UTF-8 (the Encoding
    /// Standard's "UTF-8 decode without BOM or fail", without the BOM handling).
    ///
    /// ```
    /// use weburl_percent::percent_decode_str;
    ///
    /// assert_eq!(percent_decode_str("caf%C3%A9").decode_utf8()?, "café");
    /// assert!(percent_decode_str("%FF").decode_utf8().is_err());
    /// # Ok::<(), core::str::Utf8Error>(())
    /// ```
    pub fn decode_utf8(self) -> Result<Cow<'a, str>, core::str::Utf8Error> {
        match (first_escape(self.input), self.text) {
            (Some(first), _) => String::from_utf8(decode_from(self.input, first))
                .map(Cow::Owned)
                .map_err(|e| e.utf8_error()),
            // Nothing to decode in a `str`: no UTF-8 check either.
            (None, Some(text)) => Ok(Cow::Borrowed(text)),
            (None, None) => core::str::from_utf8(self.input).map(Cow::Borrowed),
        }
    }

    /// The decoded bytes as UTF-8, with each invalid sequence replaced by U+FFFD
    /// (the Encoding Standard's "UTF-8 decode without BOM").
    ///
    /// ```
    /// use weburl_percent::percent_decode_str;
    ///
    /// assert_eq!(percent_decode_str("%FFok%C3%A9").decode_utf8_lossy(), "\u{FFFD}oké");
    /// ```
    #[must_use]
    pub fn decode_utf8_lossy(self) -> Cow<'a, str> {
        match (first_escape(self.input), self.text) {
            (Some(first), _) => Cow::Owned(utf8_lossy_owned(decode_from(self.input, first))),
            // Nothing to decode in a `str`: no UTF-8 check either.
            (None, Some(text)) => Cow::Borrowed(text),
            (None, None) => String::from_utf8_lossy(self.input),
        }
    }
}

/// Percent-decode (section 1.3) of `input`, whose first `%` that starts a percent-encoded byte
/// is at `first`.
fn decode_from(input: &[u8], first: usize) -> Vec<u8> {
    let (head, mut rest) = input.split_at_checked(first).unwrap_or((&[], input));
    // Room for the output (never longer than the input) and one whole block past it.
    let mut out = Vec::with_capacity(input.len() + ESCAPE_BLOCK);
    out.extend_from_slice(head);
    // percent-decode, step 2 ("for each byte"), a run of literal bytes at a time.
    loop {
        let at_percent = match rest {
            [] => break,
            // Escapes one after another (encoded text of most scripts): decoded in a
            // loop of their own, with no search and no empty runs.
            [b'%', ..] => {
                // Step 2.3 for each, up to `ESCAPE_BLOCK` at a time into a block on
                // the stack (no capacity check a byte). The whole block is appended (a copy
                // of fixed size, with no call) and the bytes past the decoded ones dropped:
                // the output so far is no longer than the input read, so the block fits
                // the room reserved.
                loop {
                    let mut block = [0u8; ESCAPE_BLOCK];
                    let mut n = 0;
                    for (slot, escape) in block.iter_mut().zip(rest.chunks_exact(3)) {
                        let &[b'%', hi, lo] = escape else { break };
                        let Some(byte) = hex_pair(hi, lo) else { break };
                        *slot = byte;
                        n += 1;
                    }
                    out.extend_from_slice(&block);
                    out.truncate(out.len() - (ESCAPE_BLOCK - n));
                    rest = rest.get(3 * n..).unwrap_or_default();
                    if n < block.len() {
                        break;
                    }
                }
                if rest.first() != Some(&b'%') {
                    continue;
                }
                rest
            }
            _ => {
                // Steps 2.1 and 2.2: bytes up to the next `%` are appended as they are.
                let Some(percent) = find_percent(rest, 1) else {
                    out.extend_from_slice(rest);
                    break;
                };
                let (literal, at_percent) = rest.split_at_checked(percent).unwrap_or((rest, &[]));
                out.extend_from_slice(literal);
                at_percent
            }
        };
        match decode_escape(at_percent) {
            // Step 2.3: append the byte the two hex digits stand for; skip them.
            Some(byte) => {
                out.push(byte);
                rest = at_percent.get(3..).unwrap_or_default();
            }
            // Step 2.2: a `%` without two hex digits after it is kept.
            None => {
                out.push(b'%');
                rest = at_percent.get(1..).unwrap_or_default();
            }
        }
    }
    out
}

/// `bytes` as a `String`, each invalid UTF-8 sequence replaced by U+FFFD; reuses the buffer when
/// the bytes are valid.
///
/// ```
/// use weburl_percent::utf8_lossy_owned;
///
/// assert_eq!(utf8_lossy_owned(b"ok\xFF".to_vec()), "ok\u{FFFD}");
/// assert_eq!(utf8_lossy_owned("é".into()), "é");
/// ```
#[must_use]
pub fn utf8_lossy_owned(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Eight bytes per word, each 0x01.
const LOW_BITS: u64 = u64::from_le_bytes([0x01; 8]);
/// Eight bytes per word, each 0x80.
const HIGH_BITS: u64 = u64::from_le_bytes([0x80; 8]);
/// Eight bytes per word, each `%`.
const PERCENTS: u64 = u64::from_le_bytes([b'%'; 8]);

/// The index of the first `%` in `bytes` from `from` on, eight bytes at a time (a SWAR test:
/// the lowest set high bit of `(x - 0x01..) & !x & 0x80..` marks the first zero byte of
/// `x = word ^ "%%%%%%%%"`; bits above it may be wrong, so only the lowest is used).
#[inline]
fn find_percent(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let x = u64::from_le_bytes(*chunk) ^ PERCENTS;
        let found = x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS;
        if found != 0 {
            // The byte index of the lowest set bit: below 8.
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    // Fewer than eight bytes left.
    bytes.get(i..)?.iter().position(|&b| b == b'%').map(|k| i + k)
}

/// Index of the first `%` followed by two hex digits.
fn first_escape(input: &[u8]) -> Option<usize> {
    let mut from = 0;
    loop {
        let at = find_percent(input, from)?;
        if decode_escape(input.get(at..)?).is_some() {
            return Some(at);
        }
        from = at + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_table() {
        for b in 0u8..=0xFF {
            let expected = (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok());
            assert_eq!(decode_escape(&[b'%', b'0', b]), expected, "byte {b:#04X}");
            assert_eq!(decode_escape(&[b'%', b, b'0']), expected.map(|d| d << 4), "{b:#04X}");
        }
    }

    /// The byte-by-byte definition of percent-decode.
    fn naive(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            let hex = |j: usize| bytes.get(j).and_then(|&d| char::from(d).to_digit(16));
            match (b, hex(i + 1), hex(i + 2)) {
                (b'%', Some(hi), Some(lo)) => {
                    out.push((hi * 16 + lo) as u8);
                    i += 3;
                }
                _ => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        out
    }

    /// Runs of escapes one after another (decoded a block at a time), of lengths around one
    /// and two blocks too, broken at every place by a malformed escape, a lone `%` or a
    /// literal byte, and cut short at the end, agree with the byte loop.
    #[test]
    fn escape_runs_match_a_byte_loop() {
        let breaks: [&[u8]; 6] = [b"%", b"%G1", b"%1", b"x", b"%%41", b"%e"];
        let mut checked = 0;
        let block = super::ESCAPE_BLOCK;
        for run in (0..12).chain(block - 2..block + 3).chain(2 * block - 1..2 * block + 2) {
            let escapes: Vec<u8> =
                (0..run).flat_map(|k| [*b"%E6", *b"%9d", *b"%B1"][k % 3]).collect();
            for at in 0..=escapes.len() {
                for piece in breaks {
                    let mut input = escapes.clone();
                    input.splice(at..at, piece.iter().copied());
                    for cut in [input.len(), input.len().saturating_sub(1)] {
                        let bytes = &input[..cut];
                        let decoded = percent_decode(bytes).into_bytes();
                        assert_eq!(&*decoded, &naive(bytes)[..], "{bytes:?}");
                        // Whole blocks are appended into the room reserved: no reallocation.
                        if let Cow::Owned(out) = decoded {
                            assert!(out.capacity() <= bytes.len() + block, "{bytes:?}");
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 15_000, "{checked}");
    }

    #[test]
    fn keeps_malformed_escapes() {
        assert_eq!(&*percent_decode(b"%").into_bytes(), b"%");
        assert_eq!(&*percent_decode(b"%4").into_bytes(), b"%4");
        assert_eq!(&*percent_decode(b"%4g%41").into_bytes(), b"%4gA");
        assert_eq!(&*percent_decode(b"a%2fb%2F").into_bytes(), b"a/b/");
        assert_eq!(&*percent_decode(b"%%41%").into_bytes(), b"%A%");
        assert_eq!(&*percent_decode(b"%2%2af%2a").into_bytes(), b"%2*f*");
        assert_eq!(&*percent_decode(b"x%41%42y%4").into_bytes(), b"xABy%4");
    }

    #[test]
    fn spec_examples() {
        assert_eq!(&*percent_decode(b"%25%s%1G").into_bytes(), b"%%s%1G");
        assert_eq!(&*percent_decode_str("\u{203D}%25%2E").into_bytes(), b"\xE2\x80\xBD\x25\x2E");
    }

    #[test]
    fn borrows_without_escapes() {
        assert!(matches!(percent_decode(b"a%zz%").into_bytes(), Cow::Borrowed(b"a%zz%")));
        assert!(matches!(percent_decode(b"").into_bytes(), Cow::Borrowed(b"")));
        assert!(matches!(percent_decode_str("\u{E9}").decode_utf8(), Ok(Cow::Borrowed("\u{E9}"))));
        assert!(matches!(percent_decode(b"%41").into_bytes(), Cow::Owned(_)));
    }

    #[test]
    fn utf8() {
        assert_eq!(percent_decode_str("%FF%41").decode_utf8_lossy(), "\u{FFFD}A");
        assert_eq!(percent_decode(b"\xFF").decode_utf8_lossy(), "\u{FFFD}");
        assert!(percent_decode_str("%FF").decode_utf8().is_err());
        assert_eq!(percent_decode_str("%C3%A9").decode_utf8().ok().as_deref(), Some("\u{E9}"));
        assert_eq!(percent_decode_str("%C3%A9").decode_utf8_lossy(), "\u{E9}");
        // Bytes without an escape: checked as they are, and borrowed when valid.
        assert!(percent_decode(b"%zz\xFF").decode_utf8().is_err());
        assert!(matches!(percent_decode(b"ok%").decode_utf8(), Ok(Cow::Borrowed("ok%"))));
        assert!(matches!(percent_decode(b"ok%").decode_utf8_lossy(), Cow::Borrowed("ok%")));
    }

    #[test]
    fn finds_the_first_percent() {
        let bytes = b"abcdefgh%jklmnop%%";
        for from in 0..=bytes.len() + 1 {
            let expected = bytes.get(from..).and_then(|r| r.iter().position(|&b| b == b'%'));
            assert_eq!(find_percent(bytes, from), expected.map(|i| from + i), "{from}");
        }
        // Bytes next to `%` (0x24, 0x26) and with the high bit set do not match.
        assert_eq!(find_percent(b"$&\xA5\xE5$&\xA5\xE5$&\xA5\xE5", 0), None);
        assert_eq!(find_percent(b"\xA5\xA5\xA5\xA5\xA5\xA5\xA5%", 0), Some(7));
    }

    #[test]
    fn str_input_borrows_without_a_utf8_check() {
        let plain = "caf\u{E9}/%zz";
        assert!(
            matches!(percent_decode_str(plain).decode_utf8_lossy(), Cow::Borrowed(s) if s == plain)
        );
        assert!(
            matches!(percent_decode_str(plain).decode_utf8(), Ok(Cow::Borrowed(s)) if s == plain)
        );
        // After iterating, the rest is decoded as bytes.
        let mut partial = percent_decode_str("\u{E9}%41");
        assert_eq!(partial.next(), Some(0xC3));
        assert_eq!(partial.decode_utf8_lossy(), "\u{FFFD}A");
        assert!(matches!(percent_decode(b"\xFF").decode_utf8_lossy(), Cow::Owned(_)));
    }

    #[test]
    fn iterator_matches_into_bytes() {
        for input in ["", "%", "%4", "%41", "%4g%41", "%%41%", "x%41%42y%4", "%2%2af%2a", "%FF%c3"]
        {
            let iterated: Vec<u8> = percent_decode_str(input).collect();
            assert_eq!(iterated, &*percent_decode_str(input).into_bytes(), "{input:?}");
            let (low, high) = percent_decode_str(input).size_hint();
            assert!(low <= iterated.len() && high == Some(input.len()), "{input:?}");
        }
        let mut partial = percent_decode(b"%41%42c");
        assert_eq!(partial.next(), Some(b'A'));
        assert_eq!(&*Cow::from(partial), b"Bc");
    }
}
