//! The application/x-www-form-urlencoded parser (URL Standard, section 5.1).
//!
//! [`parse_iter`] checks once, up front, that the input is UTF-8 (an ASCII fast path in
//! `core`), then walks it once: the end of each name or value is found eight bytes at a time
//! (SWAR word tests for `&`, `=`, `+` and `%`), and the name or value is borrowed when it holds
//! no `+` and no `%`. Otherwise it is decoded in one pass straight into its `String`: runs of
//! literal text are copied in one piece, and a percent-encoded UTF-8 character is decoded to a
//! `char` without a second validation. [`SearchParams`]'s parse decodes a name or value of up
//! to 128 bytes on the stack instead (`decode_short`: literal bytes eight at a time, only the
//! runs of non-ASCII escapes checked as UTF-8) and pushes it as one frame. Input that is not
//! UTF-8, and percent-encoded bytes that are not UTF-8, take a general path that replaces what
//! is invalid with U+FFFD.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::SearchParams;
use crate::search_params::{Pairs, name_bit_of};

use weburl_percent::utf8_lossy_owned;

/// Class bit of a byte that ends a name: 0x26 (&) and 0x3D (=).
const ENDS_NAME: u8 = 1;
/// Class bit of a byte that ends a value: 0x26 (&).
const ENDS_VALUE: u8 = 2;
/// Class bit of a byte that needs decoding: 0x2B (+) and 0x25 (%).
const DECODES: u8 = 4;

/// The class bits of each byte (zero for bytes that stand for themselves).
#[allow(clippy::indexing_slicing, reason = "constant indices into a 256-entry table")]
const CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    table[b'&' as usize] = ENDS_NAME | ENDS_VALUE;
    table[b'=' as usize] = ENDS_NAME;
    table[b'+' as usize] = DECODES;
    table[b'%' as usize] = DECODES;
    table
};

/// The class bits of `byte`.
#[inline(always)]
fn class(byte: u8) -> u8 {
    // A `u8` index into a 256-entry table: the fallback is never taken.
    CLASS.get(usize::from(byte)).copied().unwrap_or(0)
}

/// The value of the percent-encoded byte at `bytes[at]` (a `%`): the two bytes after it, when
/// both are ASCII hex digits.
#[inline(always)]
fn escaped_byte(bytes: &[u8], at: usize) -> Option<u8> {
    weburl_percent::decode_escape(bytes.get(at..)?)
}

/// Parse `input` as application/x-www-form-urlencoded: the list of name-value pairs, as a
/// [`SearchParams`] (which compares equal to a slice, array or `Vec` of the same pairs, and
/// turns into a `Vec<(String, String)>` with `.into()`).
///
/// Invalid UTF-8 (after percent-decoding) becomes U+FFFD; a `%` that does not start a
/// percent-encoded byte stays as it is. The list takes about the input's size in memory (see
/// [`SearchParams::parse_bytes`]); [`parse_iter`] takes none.
///
/// ```
/// let pairs = weburl_form::parse(b"a=b+c&%E2%80%A0&=%zz&&x=%41=");
/// assert_eq!(pairs, [("a", "b c"), ("†", ""), ("", "%zz"), ("x", "A=")]);
/// let owned: Vec<(String, String)> = pairs.into();
/// assert_eq!(owned[1], ("†".to_owned(), String::new()));
/// ```
#[must_use]
pub fn parse(input: &[u8]) -> SearchParams {
    SearchParams::parse_bytes(input)
}

/// The number of pairs in `input`: the sequences between 0x26 (&) bytes that are not empty
/// (a byte other than `&` at the start or after a `&`), counted in a loop the compiler
/// vectorizes.
#[cfg(test)]
pub(crate) fn pair_count(input: &[u8]) -> usize {
    let first = usize::from(input.first().is_some_and(|&b| b != b'&'));
    let starts = input.iter().zip(input.iter().skip(1)).filter(|&(&a, &b)| a == b'&' && b != b'&');
    first + starts.count()
}

/// Parse `input` as application/x-www-form-urlencoded, lazily: an iterator over the pairs that
/// borrows a name or value from `input` when it holds no `+`, no percent-encoded byte, and only
/// valid UTF-8.
///
/// The input is checked to be UTF-8 once, here; the pairs are then split and decoded as the
/// iterator advances.
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
    Parse { input, text: valid_prefix(input), pos: 0 }
}

/// The longest prefix of `input` that is valid UTF-8: names and values inside it need no
/// further UTF-8 check.
#[inline]
pub(crate) fn valid_prefix(input: &[u8]) -> &str {
    match core::str::from_utf8(input) {
        Ok(text) => text,
        Err(e) => input
            .get(..e.valid_up_to())
            .and_then(|valid| core::str::from_utf8(valid).ok())
            .unwrap_or_default(),
    }
}

/// The iterator of [`parse_iter`]: yields `(name, value)` pairs in input order, each name and
/// value borrowed from the input when it holds no `+`, no percent-encoded byte and only valid
/// UTF-8, and decoded into a `String` otherwise. It is `Copy` (as rust-url's
/// `form_urlencoded::Parse`): copying it restarts nothing, it continues from where it is.
///
/// ```
/// use std::borrow::Cow;
///
/// let pairs = weburl_form::parse_iter(b"a=1&b=%C3%A9&a=2");
/// let again = pairs; // a copy
/// assert_eq!(pairs.count(), 3);
/// let mut pairs = again;
/// assert!(matches!(pairs.next(), Some((Cow::Borrowed("a"), Cow::Borrowed("1")))));
/// assert_eq!(pairs.next(), Some((Cow::from("b"), Cow::from("é"))));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Parse<'a> {
    /// The whole input.
    input: &'a [u8],
    /// The longest prefix of `input` that is valid UTF-8.
    text: &'a str,
    /// Where the sequences not yet split start (past the end when there are none).
    pos: usize,
}

impl<'a> Parse<'a> {
    /// The same pairs as owned `String`s, so that they can outlive the input.
    ///
    /// ```
    /// use std::collections::HashMap;
    ///
    /// let params: HashMap<String, String> = weburl_form::parse_iter(b"a=1&b=x+y").into_owned().collect();
    /// assert_eq!(params["b"], "x y");
    /// ```
    #[inline]
    #[must_use]
    pub fn into_owned(self) -> ParseIntoOwned<'a> {
        ParseIntoOwned { inner: self }
    }

    /// Steps 3.4-3.6 for the name or value `input[start..end]`, whose first `+` or `%` is at
    /// `special` (if any).
    #[inline]
    fn component(&self, start: usize, end: usize, special: Option<usize>) -> Cow<'a, str> {
        // Inside the valid prefix, `start` and `end` sit next to ASCII bytes (or at the end of
        // the prefix): they are character boundaries.
        let text = self.text.get(start..end);
        if let Some(special) = special {
            let decoded = match text {
                Some(text) => decode_text(text, special - start),
                None => None,
            };
            if let Some(decoded) =
                decoded.or_else(|| decode(self.bytes(start, end), special - start))
            {
                return Cow::Owned(decoded);
            }
        }
        // Nothing to decode.
        match text {
            Some(text) => Cow::Borrowed(text),
            None => String::from_utf8_lossy(self.bytes(start, end)),
        }
    }

    /// `input[start..end]`.
    #[inline]
    fn bytes(&self, start: usize, end: usize) -> &'a [u8] {
        self.input.get(start..end).unwrap_or_default()
    }
}

/// Eight bytes per word, each 0x01.
const LOW_BITS: u64 = u64::from_le_bytes([0x01; 8]);
/// Eight bytes per word, each 0x80.
const HIGH_BITS: u64 = u64::from_le_bytes([0x80; 8]);

/// A word whose lowest set bit is the high bit of the first byte of `word` equal to the ASCII
/// byte `byte` (in little-endian order); zero when there is none. (Bits above the first match
/// may be wrong, which is why only the lowest is used.)
#[inline(always)]
fn matches(word: u64, byte: u8) -> u64 {
    let x = word ^ (LOW_BITS * u64::from(byte));
    x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS
}

/// The number of 0x25 (%) bytes in `bytes`, eight at a time: each byte of a word becomes 1
/// when it is `%` (an exact test, unlike [`matches`]) and the multiply adds the eight.
#[inline]
fn count_percents(bytes: &[u8]) -> usize {
    const LOW_SEVEN: u64 = u64::from_le_bytes([0x7F; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut count = 0;
    for chunk in chunks.by_ref() {
        let word = chunk.first_chunk::<8>().copied().map_or(0, u64::from_le_bytes);
        let x = word ^ (LOW_BITS * u64::from(b'%'));
        // The high bit of each byte that is not zero (not `%`).
        let nonzero = ((x & LOW_SEVEN) + LOW_SEVEN) | x;
        let ones = (!nonzero & HIGH_BITS) >> 7;
        // The sum of the eight bytes (each 0 or 1) lands in the top byte.
        count += (ones.wrapping_mul(LOW_BITS) >> 56) as usize;
    }
    count + chunks.remainder().iter().filter(|&&b| b == b'%').count()
}

/// From `from`, the index of the first byte of `bytes` for which `stop` holds (or the length).
/// `stops` is the same test on eight bytes at a time (see [`matches`]).
#[inline(always)]
fn find(bytes: &[u8], from: usize, stops: impl Fn(u64) -> u64, stop: impl Fn(u8) -> bool) -> usize {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        let found = stops(u64::from_le_bytes(*chunk));
        if found != 0 {
            // The byte index of the lowest set bit: below 8.
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    // Fewer than eight bytes left.
    while let Some(&byte) = bytes.get(i) {
        if stop(byte) {
            break;
        }
        i += 1;
    }
    i
}

/// From `from`, the end of a name in `bytes` (the first 0x26 (&) or 0x3D (=), or the length),
/// and the index of its first byte to decode (0x2B (+) or 0x25 (%)), if any.
#[inline]
fn scan_name(bytes: &[u8], from: usize) -> (usize, Option<usize>) {
    let end_or_special = find(
        bytes,
        from,
        |w| matches(w, b'&') | matches(w, b'=') | matches(w, b'+') | matches(w, b'%'),
        |b| class(b) != 0,
    );
    match bytes.get(end_or_special) {
        Some(b'+' | b'%') => {
            let end = find(
                bytes,
                end_or_special + 1,
                |w| matches(w, b'&') | matches(w, b'='),
                |b| class(b) & ENDS_NAME != 0,
            );
            (end, Some(end_or_special))
        }
        _ => (end_or_special, None),
    }
}

/// From `from`, the end of a value in `bytes` (the first 0x26 (&), or the length), and the
/// index of its first byte to decode (0x2B (+) or 0x25 (%)), if any.
// Out of line, as it was when `parse_into` shared it (its callers, `Parse::next` and what it
// is inlined into, are smaller so).
#[inline(never)]
fn scan_value(bytes: &[u8], from: usize) -> (usize, Option<usize>) {
    let end_or_special = find(
        bytes,
        from,
        |w| matches(w, b'&') | matches(w, b'+') | matches(w, b'%'),
        |b| class(b) & (ENDS_VALUE | DECODES) != 0,
    );
    match bytes.get(end_or_special) {
        Some(b'+' | b'%') => {
            let end = find(bytes, end_or_special + 1, |w| matches(w, b'&'), |b| b == b'&');
            (end, Some(end_or_special))
        }
        _ => (end_or_special, None),
    }
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        // Step 1 (sequences): each run of bytes up to the next 0x26 (&).
        loop {
            let &first = self.input.get(self.pos)?;
            // Step 3.1: skip empty sequences.
            if first == b'&' {
                self.pos += 1;
                continue;
            }
            // Steps 3.2-3.3: the name runs to the first 0x3D (=) or the end of the sequence;
            // the value (empty without `=`) from there to the end of the sequence.
            let start = self.pos;
            let (name_end, name_special) = scan_name(self.input, start);
            let name = self.component(start, name_end, name_special);
            let value = if self.input.get(name_end) == Some(&b'=') {
                let (value_end, value_special) = scan_value(self.input, name_end + 1);
                self.pos = value_end + 1;
                self.component(name_end + 1, value_end, value_special)
            } else {
                self.pos = name_end + 1;
                Cow::Borrowed("")
            };
            return Some((name, value));
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // A pair takes at least one byte, and pairs are `&`-separated.
        (0, Some(self.input.len().saturating_sub(self.pos).div_ceil(2)))
    }
}

impl core::iter::FusedIterator for Parse<'_> {}

/// The pairs of [`Parse`] as owned `String`s, returned by [`Parse::into_owned`].
///
/// ```
/// let mut pairs = weburl_form::parse_iter(b"k&a=%41").into_owned();
/// assert_eq!(pairs.next(), Some(("k".to_owned(), String::new())));
/// assert_eq!(pairs.next(), Some(("a".to_owned(), "A".to_owned())));
/// assert_eq!(pairs.next(), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ParseIntoOwned<'a> {
    inner: Parse<'a>,
}

impl Iterator for ParseIntoOwned<'_> {
    type Item = (String, String);

    #[inline]
    fn next(&mut self) -> Option<(String, String)> {
        self.inner.next().map(|(name, value)| (name.into_owned(), value.into_owned()))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl core::iter::FusedIterator for ParseIntoOwned<'_> {}

/// Steps 3.4-3.6 for a name or value that is valid UTF-8 and holds a `+` or `%` at `first`:
/// the decoded text, or `None` when nothing changes (each `%` is literal) or when the
/// percent-encoded bytes are not valid UTF-8, for [`decode`] to handle.
fn decode_text(text: &str, first: usize) -> Option<String> {
    // The output is never longer than the input.
    let mut out = String::with_capacity(text.len());
    (decode_text_into(&mut out, text, first)? != 0).then_some(out)
}

/// [`decode_text`], appending to `out`: replace each 0x2B (+) with 0x20 and percent-decode, in
/// one pass, copying runs of literal text in one piece. The number of bytes replaced (zero
/// when `out` received `text` unchanged), or `None` (with `out` partly written) when the
/// percent-encoded bytes are not valid UTF-8 (each encoded character must be whole).
#[inline]
fn decode_text_into(out: &mut String, text: &str, first: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    // The literal run not yet copied starts at `run`; bytes before `first` are literal.
    let mut run = 0;
    let mut i = first;
    let mut replaced = 0;
    while let Some(&byte) = bytes.get(i) {
        let (decoded, len) = match byte {
            b'+' => (' ', 1),
            b'%' => match escaped_byte(bytes, i) {
                Some(b) if b.is_ascii() => (char::from(b), 3),
                Some(_) => {
                    if run < i {
                        out.push_str(text.get(run..i)?);
                    }
                    let len = push_escaped_run(out, bytes, i)?;
                    i += len;
                    run = i;
                    replaced += len;
                    continue;
                }
                // A `%` that starts no percent-encoded byte is literal.
                None => {
                    i += 1;
                    continue;
                }
            },
            _ => {
                i += 1;
                continue;
            }
        };
        if run < i {
            out.push_str(text.get(run..i)?);
        }
        out.push(decoded);
        i += len;
        run = i;
        replaced += len;
    }
    if run < bytes.len() {
        out.push_str(text.get(run..)?);
    }
    Some(replaced)
}

/// The longest name or value [`decode_short`] decodes (on the stack).
const SHORT_DECODE: usize = 128;

/// Steps 3.4-3.6 for `text` into `buf`: each 0x2B (+) becomes 0x20 and each `%` that starts a
/// percent-encoded byte that byte, the literal bytes between them copied eight at a time. The
/// decoded text, or `None` when `text` is longer than [`SHORT_DECODE`] bytes or the decoded
/// bytes are not UTF-8 (they are then decoded with replacement elsewhere). Only the runs of
/// percent-encoded bytes are checked as UTF-8 ([`is_utf8`]): the bytes around them are ASCII
/// or whole literal characters, so the output is UTF-8 exactly when each run is.
#[inline]
fn decode_short<'b>(text: &str, buf: &'b mut [u8; SHORT_DECODE]) -> Option<&'b str> {
    let bytes = text.as_bytes();
    // Every write below lands in `buf` only for a text that fits it (the `unsafe` block
    // rests on this).
    if bytes.len() > SHORT_DECODE {
        return None;
    }
    // The next input byte is `bytes[i]`, the next output byte `buf[o]` (`o <= i`).
    let (mut i, mut o) = (0, 0);
    loop {
        if let Some(word) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
            // Eight bytes are copied at once: those from the first `+` or `%` on are
            // overwritten next. `o + 8 <= i + 8 <= bytes.len() <= SHORT_DECODE`.
            if let Some(to) = buf.get_mut(o..o + 8) {
                to.copy_from_slice(word);
            }
            let w = u64::from_le_bytes(*word);
            // The lowest bit of either is exact (see `matches`).
            let special = matches(w, b'%') | matches(w, b'+');
            if special == 0 {
                i += 8;
                o += 8;
                continue;
            }
            let k = (special.trailing_zeros() / 8) as usize;
            i += k;
            o += k;
        }
        // A `+` or `%` after a word, or any byte of the last seven.
        let Some(&byte) = bytes.get(i) else { break };
        let (decoded, len) = match byte {
            // Step 3.4.
            b'+' => (b' ', 1),
            // Step 3.5: a `%` without two hex digits stays.
            b'%' => match escaped_byte(bytes, i) {
                Some(b) if b.is_ascii() => (b, 3),
                Some(_) => {
                    // A run of percent-encoded bytes with one not ASCII: decoded whole, and
                    // checked as UTF-8 on its own (step 3.6 would replace in it otherwise).
                    let run = o;
                    while let Some(b) = escaped_byte(bytes, i) {
                        if let Some(to) = buf.get_mut(o) {
                            *to = b;
                        }
                        o += 1;
                        i += 3;
                    }
                    if !is_utf8(buf.get(run..o)?) {
                        return None;
                    }
                    continue;
                }
                None => (b'%', 1),
            },
            _ => (byte, 1),
        };
        if let Some(to) = buf.get_mut(o) {
            *to = decoded;
        }
        o += 1;
        i += len;
    }
    let decoded = buf.get(..o)?;
    debug_assert!(core::str::from_utf8(decoded).is_ok(), "{decoded:?}");
    #[allow(unsafe_code)]
    // SAFETY: `decoded` is `text` (UTF-8) with ASCII pieces (`+`, `%XX`) replaced by ASCII
    // bytes or by runs of bytes checked as UTF-8 above: with `text` no longer than `buf`
    // (tested first), every write is inside `buf` and every byte below `o` was written. An
    // ASCII byte is never inside a character, so the literal pieces between them are whole
    // characters, and the whole is UTF-8. (The bytes past `o` that the word copies left are
    // not part of it.)
    Some(unsafe { core::str::from_utf8_unchecked(decoded) })
}

/// Whether `bytes` is UTF-8: each sequence one of the well-formed byte sequences of the
/// Unicode Standard (section 3.9, table 3-7), none cut off. The same answer as
/// `core::str::from_utf8(bytes).is_ok()` (tested on every sequence of one or two bytes, every
/// three-byte one that starts with C0-FF, and four-byte ones around every range limit),
/// without its set-up, for the few bytes of a run of percent-encoded bytes.
#[inline]
fn is_utf8(bytes: &[u8]) -> bool {
    let mut i = 0;
    while let Some(&lead) = bytes.get(i) {
        // The sequence's length and the range of its second byte (the others are 80-BF).
        let (len, low, high) = match lead {
            0x00..=0x7F => {
                i += 1;
                continue;
            }
            0xC2..=0xDF => (2, 0x80, 0xBF),
            0xE0 => (3, 0xA0, 0xBF),
            0xE1..=0xEC | 0xEE..=0xEF => (3, 0x80, 0xBF),
            0xED => (3, 0x80, 0x9F),
            0xF0 => (4, 0x90, 0xBF),
            0xF1..=0xF3 => (4, 0x80, 0xBF),
            0xF4 => (4, 0x80, 0x8F),
            _ => return false,
        };
        let Some(rest) = bytes.get(i + 1..i + len) else { return false };
        let mut ranges = core::iter::once((low, high)).chain(core::iter::repeat((0x80, 0xBF)));
        if !rest.iter().all(|b| ranges.next().is_some_and(|(lo, hi)| (lo..=hi).contains(b))) {
            return false;
        }
        i += len;
    }
    true
}

/// Decodes the run of percent-encoded bytes from `bytes[at]` (a `%` starting one) and appends
/// it to `out`, up to 12 bytes at a time, checked as UTF-8 in one piece (a character whose
/// bytes the 12 cut is left for the next call): the number of input bytes taken, or `None`
/// when the bytes are not valid UTF-8 (each encoded character must be whole).
#[inline]
fn push_escaped_run(out: &mut String, bytes: &[u8], at: usize) -> Option<usize> {
    let mut decoded = [0u8; 12];
    let mut n = 0;
    while let Some(slot) = decoded.get_mut(n) {
        match escaped_byte(bytes, at + 3 * n) {
            Some(byte) => *slot = byte,
            None => break,
        }
        n += 1;
    }
    let run = decoded.get(..n)?;
    match core::str::from_utf8(run) {
        Ok(text) => {
            out.push_str(text);
            Some(3 * n)
        }
        // A character cut by the end of a full buffer: the bytes before it now, it next.
        Err(e) if e.error_len().is_none() && n == decoded.len() && e.valid_up_to() > 0 => {
            let valid = e.valid_up_to();
            out.push_str(core::str::from_utf8(run.get(..valid)?).ok()?);
            Some(3 * valid)
        }
        Err(_) => None,
    }
}

/// The length of `text` after steps 3.4-3.5 when its percent-encoded bytes are valid UTF-8:
/// each `%` followed by two ASCII hex digits from `first` on takes one byte instead of three.
#[inline]
fn decoded_len(text: &str, first: usize) -> usize {
    let bytes = text.as_bytes();
    let mut escapes = 0;
    let mut i = first;
    while let Some(&byte) = bytes.get(i) {
        if byte == b'%' && escaped_byte(bytes, i).is_some() {
            escapes += 1;
            i += 3;
        } else {
            i += 1;
        }
    }
    text.len() - 2 * escapes
}

/// The 0x26 (&), 0x3D (=), 0x2B (+) and 0x25 (%) bytes of an input, in order: each word of
/// eight bytes is classified once, exactly (every set bit is one of the four bytes), and its
/// bits are handed out one at a time, so that the bytes of a short pair (`a=1&`) are found in
/// one word instead of one scan for the name and another for the value.
struct Specials<'a> {
    bytes: &'a [u8],
    /// The index of the first byte of the word `mask` was computed from.
    base: usize,
    /// The high bit of each byte of the word at `base` that is one of the four and not yet
    /// handed out.
    mask: u64,
}

/// The high bit of each byte of `word` that is 0x26 (&), 0x3D (=), 0x2B (+) or 0x25 (%),
/// exactly (no false positives above a match, unlike [`matches`]).
#[inline(always)]
fn special_mask(word: u64) -> u64 {
    const LOW_SEVEN: u64 = u64::from_le_bytes([0x7F; 8]);
    // The high bit of each byte that differs from `byte`: its low seven bits plus 0x7F carry
    // into the high bit (never out of the byte) unless they are zero.
    let differs = |byte: u8| {
        let x = word ^ (LOW_BITS * u64::from(byte));
        ((x & LOW_SEVEN) + LOW_SEVEN) | x
    };
    !(differs(b'&') & differs(b'=') & differs(b'+') & differs(b'%')) & HIGH_BITS
}

/// The eight bytes of `bytes` from `at` as a little-endian word, zeros standing for the bytes
/// past the end (zero is none of the four bytes [`special_mask`] finds).
#[inline(always)]
fn word_at(bytes: &[u8], at: usize) -> u64 {
    if let Some(chunk) = bytes.get(at..).and_then(<[u8]>::first_chunk::<8>) {
        return u64::from_le_bytes(*chunk);
    }
    let past = (at + 8).saturating_sub(bytes.len());
    match bytes.last_chunk::<8>() {
        // The last eight bytes, shifted down past the `8 - past` already read (`past` is 1 to
        // 7 here unless `at` is at or past the end).
        Some(last) if past < 8 => u64::from_le_bytes(*last) >> (8 * past),
        Some(_) => 0,
        None => {
            let mut padded = [0u8; 8];
            let tail = bytes.get(at..).unwrap_or_default();
            if let Some(slot) = padded.get_mut(..tail.len()) {
                slot.copy_from_slice(tail);
            }
            u64::from_le_bytes(padded)
        }
    }
}

impl<'a> Specials<'a> {
    /// The special bytes of `bytes` from `at` on.
    #[inline(always)]
    fn from(bytes: &'a [u8], at: usize) -> Specials<'a> {
        Specials { bytes, base: at, mask: special_mask(word_at(bytes, at)) }
    }

    /// The index of the next special byte (which is then handed out), or the length of the
    /// input when there is none left.
    #[inline(always)]
    fn next(&mut self) -> usize {
        while self.mask == 0 {
            self.base += 8;
            if self.base >= self.bytes.len() {
                self.base = self.bytes.len();
                return self.bytes.len();
            }
            self.mask = special_mask(word_at(self.bytes, self.base));
        }
        // One bit a byte: the lowest is the next special byte.
        let at = self.base + (self.mask.trailing_zeros() / 8) as usize;
        self.mask &= self.mask - 1;
        at
    }
}

/// Parse `input` (as [`parse_iter`] does) straight into `list`: names and values are decoded
/// into its buffer, so that nothing but the buffer is allocated unless the input (or what it
/// percent-encodes) is not UTF-8. `text` is the longest prefix of `input` that is UTF-8
/// ([`valid_prefix`], or all of it when the caller holds a `str`).
///
/// The names and values are split at the bytes [`Specials`] hands out; after the first byte to
/// decode (`+` or `%`) of a name or value, its end is found by [`find`] (decoded names and
/// values are often dense in `%`) and the special bytes start again from there.
pub(crate) fn parse_into(input: &[u8], text: &str, list: &mut Pairs) {
    debug_assert_eq!(text, valid_prefix(input), "text is the UTF-8 prefix of input");
    // A name or value with nothing to decode (most) is copied in line; the others go through
    // `push_decoding`.
    let frame = |list: &mut Pairs, start: usize, end: usize, special: Option<usize>| match (
        text.get(start..end),
        special,
    ) {
        (Some(raw), None) => list.push_frame(raw),
        _ => push_decoding(list, input, text, start, end, special),
    };
    let mut specials = Specials::from(input, 0);
    let mut pos = 0;
    // Step 1 (sequences): each run of bytes up to the next 0x26 (&). Every special byte before
    // `pos` has been handed out.
    while let Some(&first) = input.get(pos) {
        // The first special byte at or after `pos`.
        let mut at = specials.next();
        // Step 3.1: skip empty sequences.
        if at == pos && first == b'&' {
            pos += 1;
            continue;
        }
        // Steps 3.2-3.3: the name runs to the first 0x3D (=) or the end of the sequence; the
        // value (empty without `=`) from there to the end of the sequence.
        let mut name_special = None;
        if let Some(b'+' | b'%') = input.get(at) {
            name_special = Some(at);
            let end = find(
                input,
                at + 1,
                |w| matches(w, b'&') | matches(w, b'='),
                |b| class(b) & ENDS_NAME != 0,
            );
            specials = Specials::from(input, end);
            // `end` itself (its byte is special), or the length.
            at = specials.next();
        }
        let name_end = at;
        frame(list, pos, name_end, name_special);
        // The name's bit in the filter of the names: from the input when the name is the
        // input's text, else from the frame just pushed.
        let bit = if name_special.is_none() && name_end <= text.len() {
            // The name is `input[pos..name_end]`: its first byte is `first`.
            let last = input.get(name_end.wrapping_sub(1)).copied().unwrap_or(0);
            let ends = if name_end > pos { (first, last) } else { (0, 0) };
            name_bit_of(ends, name_end - pos)
        } else {
            list.last_frame_bit()
        };
        if input.get(name_end) == Some(&b'=') {
            let start = name_end + 1;
            let mut at = specials.next();
            // A `=` in a value is literal.
            while input.get(at) == Some(&b'=') {
                at = specials.next();
            }
            let mut value_special = None;
            if let Some(b'+' | b'%') = input.get(at) {
                value_special = Some(at);
                let end = find(input, at + 1, |w| matches(w, b'&'), |b| b == b'&');
                specials = Specials::from(input, end);
                // The `&` at `end`, or the length.
                at = specials.next();
            }
            frame(list, start, at, value_special);
            pos = at + 1;
        } else {
            list.push_frame("");
            pos = name_end + 1;
        }
        list.end_pair(bit);
    }
}

/// [`parse_into`] for the name or value `input[start..end]` when it holds a byte to decode (the
/// first at `special`) or is not inside `text`, the valid UTF-8 prefix of `input`.
#[inline(never)]
fn push_decoding(
    list: &mut Pairs,
    input: &[u8],
    text: &str,
    start: usize,
    end: usize,
    special: Option<usize>,
) {
    match (text.get(start..end), special) {
        (Some(raw), Some(special)) if raw.len() <= SHORT_DECODE => {
            let mut buf = [0u8; SHORT_DECODE];
            match decode_short(raw, &mut buf) {
                Some(decoded) => list.push_frame(decoded),
                None => push_decoded(list, input, start, end, special - start),
            }
        }
        (Some(raw), Some(special)) => {
            let first = special - start;
            // The length when every `%` starts a percent-encoded byte (they almost always
            // do), else the exact length, counted only then.
            let tail = raw.as_bytes().get(first..).unwrap_or_default();
            let percents = count_percents(tail);
            let decode = |buf: &mut String| decode_text_into(buf, raw, first).is_some();
            let written = list.push_frame_with(raw.len().saturating_sub(2 * percents), decode)
                || list.push_frame_with(decoded_len(raw, first), decode);
            if !written {
                push_decoded(list, input, start, end, first);
            }
        }
        (Some(raw), None) => list.push_frame(raw),
        (None, _) => {
            push_decoded(list, input, start, end, special.map_or(end - start, |s| s - start));
        }
    }
}

/// The general path of [`parse_into`] for `input[start..end]` (its first byte to decode at
/// `first`, or none when `first` is past it): decoded and UTF-8 decoded with replacement.
#[cold]
#[inline(never)]
fn push_decoded(list: &mut Pairs, input: &[u8], start: usize, end: usize, first: usize) {
    let bytes = input.get(start..end).unwrap_or_default();
    match decode(bytes, first) {
        Some(decoded) => list.push_frame(&decoded),
        None => list.push_frame(&String::from_utf8_lossy(bytes)),
    }
}

/// Steps 3.4-3.6 for any name or value (UTF-8 or not) whose first `+` or `%` is at `first`:
/// replace each 0x2B (+) with 0x20, percent-decode, and UTF-8 decode without BOM (invalid
/// sequences become U+FFFD). `None` when nothing changes (each `%` starts no percent-encoded
/// byte).
fn decode(bytes: &[u8], first: usize) -> Option<String> {
    // Decoded in place in a copy: the output never gets ahead of the input.
    let mut out = bytes.to_vec();
    let (mut i, mut n) = (first, first);
    let mut changed = false;
    while let Some(&byte) = bytes.get(i) {
        let (decoded, len) = match byte {
            // Step 3.4: `+` becomes a space.
            b'+' => (b' ', 1),
            // Step 3.5: percent-decode (a `%` without two hex digits stays).
            b'%' => escaped_byte(bytes, i).map_or((b'%', 1), |b| (b, 3)),
            _ => (byte, 1),
        };
        changed |= byte == b'+' || len == 3;
        if let Some(slot) = out.get_mut(n) {
            *slot = decoded;
        }
        i += len;
        n += 1;
    }
    if !changed {
        return None;
    }
    out.truncate(n);
    // Step 3.6: UTF-8 decode without BOM.
    Some(utf8_lossy_owned(out))
}

#[cfg(test)]
mod tests;
