//! Percent-encoding (URL Standard, section 1.3: "percent-encode", "UTF-8 percent-encode", and
//! the byte loop shared with "percent-encode after encoding").
//!
//! Every encoder here finds the bytes in the set with the set's scan (16 bytes at a time for
//! the standard's sets, see `scan`), copies the run of bytes before each in one piece (a short
//! run as a fixed 16-byte copy cut back to its length), and appends a `%XX` triple from a
//! static table. A result with nothing to replace borrows its input without allocating.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

use crate::scan::Visit;
use crate::set::AsciiSet;

/// `%00` to `%FF`, three bytes per entry, uppercase hex as the standard requires.
#[allow(clippy::indexing_slicing, reason = "indices stay below 768 and 16 by construction")]
const ENCODED_BYTES: [u8; 768] = {
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

/// [`ENCODED_BYTES`] as a `str` (it is all ASCII), so that slicing it needs no UTF-8 check.
static ENCODED: &str = match core::str::from_utf8(&ENCODED_BYTES) {
    Ok(s) => s,
    // The table is ASCII: this arm is never taken (and the tests check the table).
    Err(_) => "",
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
    // Always in bounds (256 entries of 3 ASCII bytes); the fallback is never taken.
    ENCODED.get(start..start + 3).unwrap_or("%")
}

/// Appends `%XX` for `byte`: one three-byte `push_str` from [`ENCODED`] (of a length the
/// compiler knows, so no call to `memcpy`).
#[inline(always)]
fn push_encoded(byte: u8, out: &mut String) {
    let start = usize::from(byte) * 3;
    if let Some(triple) = ENCODED.get(start..start + 3) {
        out.push_str(triple);
    }
}

/// Percent-encode after encoding, step 3, over bytes already in the output encoding: appends
/// `bytes` to `out`, with `+` for spaces when `space_as_plus`, each byte of `set` as `%XX`, and
/// each run of other bytes copied as it is. `run(start, end)` returns `bytes[start..end]` as a
/// `str`; it is only asked for runs of bytes outside the set, which are ASCII. `window(start)`
/// may return `bytes[start..start + 16]` as a `str` (`None` when it is not one, or not
/// offered), which short runs are copied from whole before the extra bytes are cut off: a
/// fixed-size copy instead of a call to `memcpy`. The caller promises that the bytes before
/// `scan_from` are not replaced.
///
/// Returns whether any byte was replaced.
#[inline]
pub(crate) fn encode_runs<'a>(
    bytes: &[u8],
    scan_from: usize,
    run: impl Fn(usize, usize) -> Option<&'a str>,
    window: impl Fn(usize) -> Option<&'a str>,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) -> bool {
    // Step 3.1 (a space becomes `+`) comes before the set test: bytes are classified with
    // space added to the set, which copies the table only when the set lacks space.
    if space_as_plus && !set.contains(b' ') {
        let class = set.add(b' ');
        encode_members(bytes, scan_from, (run, window), &class, true, out)
    } else {
        encode_members(bytes, scan_from, (run, window), set, space_as_plus, out)
    }
}

/// [`encode_runs`] with `class`, the set that classifies bytes (space among its members when
/// `space_as_plus`): visits each member with [`AsciiSet::for_each_member`].
#[inline(always)]
fn encode_members<'a>(
    bytes: &[u8],
    scan_from: usize,
    text: (impl Fn(usize, usize) -> Option<&'a str>, impl Fn(usize) -> Option<&'a str>),
    class: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) -> bool {
    // Callers that found the first member pass it as `scan_from`.
    let first = match bytes.get(scan_from) {
        Some(&b) if class.contains(b) => scan_from,
        _ => class.first_member(bytes, scan_from),
    };
    let tail = bytes.get(first..).unwrap_or_default();
    if tail.is_empty() {
        // Nothing to replace: the input in one piece.
        push_run(0, bytes.len(), &text, out);
        return false;
    }
    if tail.len() <= DENSE_TAIL && tail.first().is_some_and(|&b| !b.is_ascii()) {
        // A short rest from a first member that is non-ASCII (as in text of most scripts,
        // whose every byte is a member) is written a byte at a time: cheaper than a scan and
        // a run copy per member when members are dense, dearer when they are sparse.
        push_run(0, first, &text, out);
        encode_dense(tail, class, space_as_plus, out);
        return true;
    }
    let mut encoder = Encoder { bytes, text, space_as_plus, out, start: 0 };
    class.for_each_member(bytes, first, &mut encoder);
    let Encoder { text, out, start, .. } = encoder;
    push_run(start, bytes.len(), &text, out);
    // Only a replaced byte moves `start` off 0 (a member sits at `scan_from` or after it).
    start > 0
}

/// The member visitor of [`encode_members`].
struct Encoder<'b, 'o, R, W> {
    bytes: &'b [u8],
    text: (R, W),
    space_as_plus: bool,
    out: &'o mut String,
    /// Where the run of bytes not yet copied starts.
    start: usize,
}

impl<'a, R, W> Visit for Encoder<'_, '_, R, W>
where
    R: Fn(usize, usize) -> Option<&'a str>,
    W: Fn(usize) -> Option<&'a str>,
{
    #[inline(always)]
    fn member(&mut self, at: usize) {
        let byte = self.bytes.get(at).copied().unwrap_or_default();
        push_run(self.start, at, &self.text, self.out);
        push_member(byte, self.space_as_plus, self.out);
        self.start = at + 1;
    }

    #[inline(always)]
    fn block(&mut self, set: &AsciiSet, block: &[u8; 16], at: usize) {
        push_run(self.start, at, &self.text, self.out);
        for &b in block {
            push_byte(b, set, self.space_as_plus, self.out);
        }
        self.start = at + 16;
    }
}

/// Appends what member `byte` becomes: step 3.1, a space becomes `+` when `space_as_plus`;
/// steps 3.4-3.5, any other member becomes `%XX`.
#[inline(always)]
fn push_member(byte: u8, space_as_plus: bool, out: &mut String) {
    if space_as_plus && byte == b' ' {
        out.push('+');
    } else {
        push_encoded(byte, out);
    }
}

/// The longest rest of an input after its first member that [`encode_members`] writes a
/// byte at a time.
const DENSE_TAIL: usize = 32;

/// Appends `tail` (at most [`DENSE_TAIL`] bytes) with each member of `class` replaced, as
/// [`push_member`] does, a byte at a time.
#[inline(never)]
fn encode_dense(tail: &[u8], class: &AsciiSet, space_as_plus: bool, out: &mut String) {
    for &b in tail {
        push_byte(b, class, space_as_plus, out);
    }
}

/// Appends `b` as [`push_member`] writes it when `class` has it, else as it is.
#[inline(always)]
fn push_byte(b: u8, class: &AsciiSet, space_as_plus: bool, out: &mut String) {
    if class.contains(b) {
        push_member(b, space_as_plus, out);
    } else {
        // Not a member, so ASCII (every non-ASCII byte is in every set); the mask tells the
        // compiler so, making the push a one-byte store.
        out.push(char::from(b & 0x7F));
    }
}

/// Appends the run `start..end` (see [`encode_runs`] for `run` and `window`).
#[inline(always)]
fn push_run<'a>(
    start: usize,
    end: usize,
    (run, window): &(impl Fn(usize, usize) -> Option<&'a str>, impl Fn(usize) -> Option<&'a str>),
    out: &mut String,
) {
    if start >= end {
        return;
    }
    // Only when `out` has room for the extra bytes: copying them must not make it grow.
    if end - start <= 16
        && out.capacity() - out.len() >= 16
        && let Some(whole) = window(start)
    {
        // The run is ASCII and its end is a character boundary of `out`.
        let keep = out.len() + (end - start);
        out.push_str(whole);
        out.truncate(keep);
        return;
    }
    out.push_str(run(start, end).unwrap_or_default());
}

/// UTF-8 percent-encode `input` with `set`, appending the result to `out`, with `+` for each
/// U+0020 SPACE when `space_as_plus` is true.
///
/// Runs of bytes outside the set are copied in one piece. Returns whether the appended text
/// differs from `input` (whether anything was encoded).
///
/// ```
/// use weburl_percent::{utf8_percent_encode_into, FORM_URLENCODED};
///
/// let mut out = String::from("q=");
/// assert!(utf8_percent_encode_into("a b&ü", &FORM_URLENCODED, true, &mut out));
/// assert_eq!(out, "q=a+b%26%C3%BC");
/// ```
#[inline]
pub fn utf8_percent_encode_into(
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) -> bool {
    // Every run boundary sits next to an ASCII byte (non-ASCII bytes are in every set), so
    // slicing the `str` there never fails.
    let window = |a: usize| input.get(a..a.checked_add(16)?);
    encode_runs(input.as_bytes(), 0, |a, b| input.get(a..b), window, set, space_as_plus, out)
}

/// UTF-8 percent-encode `input` with `set`, appending the result to `out`.
///
/// Runs of bytes outside the set are copied in one piece. Returns whether anything was encoded.
///
/// ```
/// use weburl_percent::{encode_into, PATH};
///
/// let mut out = String::from("/");
/// assert!(encode_into("a b", &PATH, &mut out));
/// assert!(!encode_into("/c", &PATH, &mut out));
/// assert_eq!(out, "/a%20b/c");
/// ```
#[inline]
pub fn encode_into(input: &str, set: &AsciiSet, out: &mut String) -> bool {
    utf8_percent_encode_into(input, set, false, out)
}

/// UTF-8 percent-encode `input` with `set`, lazily.
///
/// The returned value implements [`Display`](fmt::Display), iterates over borrowed `&str`
/// chunks (runs of the input left as they are, and `%XX` triples), and converts to
/// [`Cow<str>`] without allocating when nothing needs encoding. Call
/// [`PercentEncode::space_as_plus`] to turn spaces into `+` (as the form serializer does).
///
/// ```
/// use weburl_percent::{utf8_percent_encode, USERINFO};
/// use std::borrow::Cow;
///
/// assert_eq!(utf8_percent_encode("Say what‽", &USERINFO).to_string(), "Say%20what%E2%80%BD");
/// let chunks: Vec<&str> = utf8_percent_encode("a b", &USERINFO).collect();
/// assert_eq!(chunks, ["a", "%20", "b"]);
/// assert!(matches!(Cow::from(utf8_percent_encode("ab", &USERINFO)), Cow::Borrowed("ab")));
/// ```
#[inline]
#[must_use]
pub fn utf8_percent_encode<'a>(input: &'a str, set: &'a AsciiSet) -> PercentEncode<'a> {
    PercentEncode { source: Source::Text(input), pos: 0, set, space_as_plus: false }
}

/// Percent-encode the bytes `input` with `set`, lazily: each byte in the set (every non-ASCII
/// byte among them) becomes `%XX`, so the output is ASCII whatever the input.
///
/// This is the URL Standard's "percent-encode" applied to each byte, and rust-url
/// percent-encoding's `percent_encode`. The result behaves as [`utf8_percent_encode`]'s.
///
/// ```
/// use weburl_percent::{percent_encode, NON_ALPHANUMERIC};
///
/// assert_eq!(percent_encode(b"a \xFF\x00z", NON_ALPHANUMERIC).to_string(), "a%20%FF%00z");
/// let chunks: Vec<&str> = percent_encode(b"ab\xC3", NON_ALPHANUMERIC).collect();
/// assert_eq!(chunks, ["ab", "%C3"]);
/// ```
#[inline]
#[must_use]
pub fn percent_encode<'a>(input: &'a [u8], set: &'a AsciiSet) -> PercentEncode<'a> {
    PercentEncode { source: Source::Bytes(input), pos: 0, set, space_as_plus: false }
}

/// What a [`PercentEncode`] reads: text, whose runs of unreplaced bytes are sliced as `str`
/// without a UTF-8 check, or bytes, whose runs are checked (they are ASCII, so the check never
/// fails).
#[derive(Clone, Copy, Debug)]
enum Source<'a> {
    Text(&'a str),
    Bytes(&'a [u8]),
}

impl<'a> Source<'a> {
    #[inline]
    fn bytes(self) -> &'a [u8] {
        match self {
            Source::Text(text) => text.as_bytes(),
            Source::Bytes(bytes) => bytes,
        }
    }

    /// `[start..end]` as a `str`. Only asked for runs of bytes outside the set, which are
    /// ASCII: their ends are character boundaries.
    #[inline]
    fn run(self, start: usize, end: usize) -> Option<&'a str> {
        match self {
            Source::Text(text) => text.get(start..end),
            Source::Bytes(bytes) => {
                bytes.get(start..end).and_then(|b| core::str::from_utf8(b).ok())
            }
        }
    }
}

/// The lazy result of [`utf8_percent_encode`] and [`percent_encode`]: an iterator over `&str`
/// chunks of the output, which also implements [`Display`](fmt::Display) and converts into a
/// [`Cow<str>`]. Two are equal when they would yield the same chunks from the same set.
///
/// ```
/// use weburl_percent::{percent_encode, utf8_percent_encode, PATH};
/// use std::borrow::Cow;
///
/// let encoded = utf8_percent_encode("/a b", &PATH);
/// assert_eq!(format!("{encoded}"), "/a%20b");
/// assert_eq!(encoded.clone().count(), 3);
/// assert_eq!(encoded, percent_encode(b"/a b", &PATH));
/// assert_eq!(Cow::from(encoded), "/a%20b");
/// ```
#[derive(Clone, Debug)]
pub struct PercentEncode<'a> {
    /// The whole input. Every byte outside the set is ASCII (non-ASCII bytes are in every
    /// set), so each run of them is a `str`.
    source: Source<'a>,
    /// Where the bytes still to encode start.
    pos: usize,
    set: &'a AsciiSet,
    space_as_plus: bool,
}

impl PartialEq for PercentEncode<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.rest() == other.rest()
            && self.set == other.set
            && self.space_as_plus == other.space_as_plus
    }
}

impl Eq for PercentEncode<'_> {}

impl<'a> PercentEncode<'a> {
    /// The same encoding, except that each U+0020 SPACE becomes `+` (percent-encode after
    /// encoding with spaceAsPlus true).
    ///
    /// ```
    /// use weburl_percent::{utf8_percent_encode, FORM_URLENCODED};
    /// let enc = utf8_percent_encode("a b+c", &FORM_URLENCODED).space_as_plus();
    /// assert_eq!(enc.to_string(), "a+b%2Bc");
    /// ```
    #[inline]
    #[must_use]
    pub fn space_as_plus(self) -> PercentEncode<'a> {
        PercentEncode { space_as_plus: true, ..self }
    }

    /// Whether `byte` is replaced (by `%XX`, or by `+` for a space).
    #[inline]
    fn replaces(&self, byte: u8) -> bool {
        self.set.contains(byte) || (self.space_as_plus && byte == b' ')
    }

    /// The bytes still to encode.
    #[inline]
    fn rest(&self) -> &'a [u8] {
        self.source.bytes().get(self.pos..).unwrap_or_default()
    }
}

impl<'a> Iterator for PercentEncode<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest();
        let &first = rest.first()?;
        let start = self.pos;
        if self.replaces(first) {
            self.pos += 1;
            return Some(if self.space_as_plus && first == b' ' {
                "+"
            } else {
                percent_encode_byte(first)
            });
        }
        let len = rest.iter().position(|&b| self.replaces(b)).unwrap_or(rest.len());
        self.pos += len;
        self.source.run(start, self.pos)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // At least one chunk when bytes remain; at most one per byte.
        let left = self.rest().len();
        (usize::from(left > 0), Some(left))
    }
}

impl core::iter::FusedIterator for PercentEncode<'_> {}

impl fmt::Display for PercentEncode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.clone() {
            f.write_str(chunk)?;
        }
        Ok(())
    }
}

impl<'a> From<PercentEncode<'a>> for Cow<'a, str> {
    #[inline]
    fn from(encode: PercentEncode<'a>) -> Cow<'a, str> {
        source_to_cow(encode.source, encode.pos, encode.set, encode.space_as_plus)
    }
}

/// UTF-8 percent-encode `input`, borrowing when nothing is replaced: what
/// `Cow::from(utf8_percent_encode(input, set))` gives, for a `set` that may not live as long
/// as `input`.
#[cfg(feature = "encoding")]
#[inline]
pub(crate) fn encode_to_cow<'a>(
    input: &'a str,
    set: &AsciiSet,
    space_as_plus: bool,
) -> Cow<'a, str> {
    source_to_cow(Source::Text(input), 0, set, space_as_plus)
}

/// The encoding of `source` from byte `start`, borrowed when nothing is replaced.
#[inline(always)]
fn source_to_cow<'a>(
    source: Source<'a>,
    start: usize,
    set: &AsciiSet,
    space_as_plus: bool,
) -> Cow<'a, str> {
    let all = source.bytes();
    let bytes = all.get(start..).unwrap_or_default();
    let first = if space_as_plus && !set.contains(b' ') {
        set.add(b' ').first_member(bytes, 0)
    } else {
        match bytes.first() {
            // A leading member (a `/` for the component sets) needs no block scan.
            Some(&b) if set.contains(b) => 0,
            _ => set.first_member(bytes, 0),
        }
    };
    if first == bytes.len() {
        // Nothing to replace.
        return Cow::Borrowed(source.run(start, all.len()).unwrap_or_default());
    }
    Cow::Owned(encode_from(source, start, first, set, space_as_plus))
}

/// The encoding of `source` from byte `start`, whose first byte to replace is at `first` (from
/// `start`). Kept out of line, so that a caller with nothing to replace does not pay for the
/// encoder's registers and stack.
#[inline(never)]
fn encode_from(
    source: Source<'_>,
    start: usize,
    first: usize,
    set: &AsciiSet,
    space_as_plus: bool,
) -> String {
    let bytes = source.bytes().get(start..).unwrap_or_default();
    // Room for a run copied whole (16 bytes) as well. Text that is not ASCII from its first
    // member on (most scripts) is encoded nearly whole: room for all of it, so that it does
    // not grow (at most three times the input).
    let rest = bytes.len().saturating_sub(first);
    let capacity = if bytes.get(first).is_some_and(|b| !b.is_ascii()) {
        first.saturating_add(rest.saturating_mul(3)).saturating_add(16)
    } else {
        bytes.len() + bytes.len() / 2 + 16
    };
    let mut out = String::with_capacity(capacity);
    let run = |a: usize, b: usize| source.run(start + a, start + b);
    let window = |a: usize| match source {
        Source::Text(text) => text.get(start + a..(start + a).checked_add(16)?),
        Source::Bytes(_) => None,
    };
    encode_runs(bytes, first, run, window, set, space_as_plus, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set::{C0_CONTROL, FORM_URLENCODED, PATH, USERINFO};
    use alloc::string::ToString;
    use alloc::vec::Vec;
    use alloc::{format, vec};

    #[test]
    fn encodes_every_byte_uppercase() {
        assert!(ENCODED.len() == 768);
        for b in 0u8..=0xFF {
            assert_eq!(percent_encode_byte(b), format!("%{b:02X}"));
            let mut pushed = String::from("x");
            push_encoded(b, &mut pushed);
            assert_eq!(pushed, format!("x%{b:02X}"));
        }
    }

    #[test]
    fn spec_examples() {
        assert_eq!(utf8_percent_encode("\u{2261}", &USERINFO).to_string(), "%E2%89%A1");
        assert_eq!(utf8_percent_encode("\u{203D}", &USERINFO).to_string(), "%E2%80%BD");
        let mut out = String::from("x");
        assert!(encode_into("Say what\u{203D}", &USERINFO, &mut out));
        assert_eq!(out, "xSay%20what%E2%80%BD");
        assert!(!encode_into("plain", &USERINFO, &mut out));
        assert_eq!(out, "xSay%20what%E2%80%BDplain");
    }

    #[test]
    fn chunks() {
        let chunks: Vec<&str> = utf8_percent_encode("ab c\u{E9}d", &PATH).collect();
        assert_eq!(chunks, ["ab", "%20", "c", "%C3", "%A9", "d"]);
        let chunks: Vec<&str> =
            utf8_percent_encode("a b", &FORM_URLENCODED).space_as_plus().collect();
        assert_eq!(chunks, ["a", "+", "b"]);
        assert_eq!(utf8_percent_encode("", &PATH).next(), None);
    }

    #[test]
    fn borrows_when_nothing_to_encode() {
        let cow: Cow<'_, str> = utf8_percent_encode("abc-._*", &FORM_URLENCODED).into();
        assert!(matches!(cow, Cow::Borrowed("abc-._*")));
        let cow: Cow<'_, str> = utf8_percent_encode("a b", &FORM_URLENCODED).into();
        assert!(matches!(&cow, Cow::Owned(s) if s == "a%20b"));
        let cow: Cow<'_, str> = utf8_percent_encode("", &PATH).into();
        assert!(matches!(cow, Cow::Borrowed("")));
    }

    #[test]
    fn cow_after_partial_iteration() {
        // Stop after the first byte of a two-byte character: the rest still encodes correctly.
        let mut enc = utf8_percent_encode("\u{E9}a", &PATH);
        assert_eq!(enc.next(), Some("%C3"));
        assert_eq!(Cow::from(enc.clone()), "%A9a");
        assert_eq!(enc.to_string(), "%A9a");
        let mut enc = utf8_percent_encode("x ab", &PATH);
        assert_eq!(enc.next(), Some("x"));
        assert_eq!(enc.next(), Some("%20"));
        assert!(matches!(Cow::from(enc), Cow::Borrowed("ab")));
    }

    #[test]
    fn space_as_plus() {
        let mut out = String::new();
        assert!(utf8_percent_encode_into("a b+c", &FORM_URLENCODED, true, &mut out));
        assert_eq!(out, "a+b%2Bc");
        // Space becomes `+` even with a set that lacks space (step 3.1 comes first).
        out.clear();
        assert!(utf8_percent_encode_into(" \u{1}", &C0_CONTROL, true, &mut out));
        assert_eq!(out, "+%01");
        assert_eq!(utf8_percent_encode(" a ", &C0_CONTROL).space_as_plus().to_string(), "+a+");
        let cow: Cow<'_, str> = utf8_percent_encode(" ", &C0_CONTROL).space_as_plus().into();
        assert_eq!(cow, "+");
        let cow: Cow<'_, str> = utf8_percent_encode(" ", &C0_CONTROL).into();
        assert!(matches!(cow, Cow::Borrowed(" ")));
    }

    #[test]
    fn display_matches_into_and_cow() {
        for input in ["", "a", " ", "\u{0}\u{7F}\u{80}", "x\u{1F600}y z", "%41%"] {
            for plus in [false, true] {
                let mut lazy = utf8_percent_encode(input, &PATH);
                if plus {
                    lazy = lazy.space_as_plus();
                }
                let mut into = String::new();
                let changed = utf8_percent_encode_into(input, &PATH, plus, &mut into);
                assert_eq!(lazy.to_string(), into);
                assert_eq!(Cow::from(lazy.clone()), into);
                assert_eq!(changed, into != input, "{input:?}");
                assert_eq!(lazy.collect::<String>(), into);
            }
        }
        assert_eq!(vec![percent_encode_byte(b'%')], ["%25"]);
    }

    #[test]
    fn bytes() {
        assert_eq!(percent_encode(b"", &PATH).next(), None);
        assert_eq!(percent_encode(b"\xFF\xFE a", &PATH).to_string(), "%FF%FE%20a");
        let chunks: Vec<&str> = percent_encode(b"a\xC3b", &C0_CONTROL).collect();
        assert_eq!(chunks, ["a", "%C3", "b"]);
        assert!(matches!(Cow::from(percent_encode(b"ab", &PATH)), Cow::Borrowed("ab")));
        let cow = Cow::from(percent_encode(b"\x80 ", &C0_CONTROL).space_as_plus());
        assert_eq!(cow, "%80+");
        assert_eq!(percent_encode(b"ab", &PATH).size_hint(), (1, Some(2)));
    }

    #[test]
    fn equality_is_of_what_is_left_to_encode() {
        assert_eq!(utf8_percent_encode("a b", &PATH), percent_encode(b"a b", &PATH));
        assert_ne!(utf8_percent_encode("a b", &PATH), utf8_percent_encode("a b", &USERINFO));
        assert_ne!(
            utf8_percent_encode("a b", &PATH),
            utf8_percent_encode("a b", &PATH).space_as_plus()
        );
        let mut partly = utf8_percent_encode(" a b", &PATH);
        assert_eq!(partly.next(), Some("%20"));
        assert_eq!(partly, utf8_percent_encode("a b", &PATH));
    }

    /// The byte-by-byte definition of UTF-8 percent-encode (with `+` for spaces when asked).
    fn naive(input: &str, set: &AsciiSet, plus: bool) -> String {
        let mut out = String::new();
        for &b in input.as_bytes() {
            if plus && b == b' ' {
                out.push('+');
            } else if set.contains(b) {
                out.push_str(&format!("%{b:02X}"));
            } else {
                out.push(char::from(b));
            }
        }
        out
    }

    /// The encoders (block scan, member walk, runs copied whole and cut) agree with a byte
    /// loop on inputs of 0 to 50 characters mixing common bytes with members, non-members that
    /// are not common (`~`, `=`), spaces and characters of 2 to 4 bytes, at every position.
    #[test]
    fn encoders_match_a_byte_loop() {
        let pieces = ["/", "~", "=", " ", "\u{E9}", "\u{20AC}", "\u{1F600}", "%", "{", "\u{7F}"];
        let sets = [&PATH, &crate::set::COMPONENT, &FORM_URLENCODED, &C0_CONTROL, &USERINFO];
        let mut checked = 0;
        for len in 0..50 {
            let base: String = (0..len).map(|i| char::from(b"ab-Z_9.x/"[i % 9])).collect();
            for at in 0..=len {
                for (n, piece) in pieces.iter().enumerate() {
                    let mut input = base.clone();
                    input.insert_str(at, piece);
                    // A second odd piece further on.
                    let later = (at + 3 + n * 7) % (input.len() + 1);
                    if input.is_char_boundary(later) {
                        input.insert_str(later, pieces[(n + 4) % pieces.len()]);
                    }
                    for set in sets.iter().copied().chain([crate::set::NON_ALPHANUMERIC]) {
                        for plus in [false, true] {
                            let expected = naive(&input, set, plus);
                            let mut into = String::from("x");
                            let changed = utf8_percent_encode_into(&input, set, plus, &mut into);
                            assert_eq!(into.get(1..), Some(expected.as_str()), "{input:?}");
                            assert_eq!(changed, expected != input, "{input:?}");
                            let mut lazy = utf8_percent_encode(&input, set);
                            if plus {
                                lazy = lazy.space_as_plus();
                            }
                            assert_eq!(Cow::from(lazy), expected, "{input:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// Inputs whose rest from the first member is non-ASCII and around [`DENSE_TAIL`] bytes
    /// long (written a byte at a time up to it, by runs past it) agree with the byte loop,
    /// with spaces, members, non-members and more non-ASCII after the first member.
    #[test]
    fn dense_tails_match_a_byte_loop() {
        let pieces = ["a", " ", "\u{E9}", "/", "~", "=", "\u{1F600}", "+", "%"];
        let sets = [&PATH, &crate::set::COMPONENT, &FORM_URLENCODED, &USERINFO];
        let mut checked = 0;
        for lead in ["", "ab", "x/y"] {
            for seed in 0..pieces.len() * pieces.len() {
                let mut input = String::from(lead);
                input.push('\u{FC}');
                let mut k = seed;
                while input.len() - lead.len() < DENSE_TAIL + 8 {
                    input.push_str(pieces[k % pieces.len()]);
                    k = k / pieces.len() + k % 7 + 1;
                    // Only rests from 8 bytes below the limit on are checked.
                    let rest = input.len() - lead.len();
                    if rest + 8 < DENSE_TAIL {
                        continue;
                    }
                    for set in sets {
                        for plus in [false, true] {
                            let mut into = String::new();
                            utf8_percent_encode_into(&input, set, plus, &mut into);
                            assert_eq!(into, naive(&input, set, plus), "{input:?} {plus}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 2_000, "{checked}");
    }

    /// Inputs with whole 16-byte blocks of bytes that are not common (non-ASCII text, spaces,
    /// punctuation; encoded a block at a time) at every offset, past the dense-tail limit,
    /// agree with the byte loop: appended, as a `Cow` and displayed.
    #[test]
    fn uncommon_blocks_match_a_byte_loop() {
        let pieces = ["\u{E9}", "\u{6771}", " ", "\u{1F389}", "~", "=", "%", "+", "{", "\u{416}"];
        let sets = [&PATH, &crate::set::COMPONENT, &FORM_URLENCODED, &USERINFO, &C0_CONTROL];
        let mut checked = 0;
        for lead in ["", "a", "abc/def", "abcdefghijklmno", "abcdefghijklmnopq"] {
            for seed in 0..40 {
                let mut input = String::from(lead);
                let mut k = seed;
                while input.len() < lead.len() + 90 {
                    input.push_str(pieces[k % pieces.len()]);
                    k = (k * 7 + 3) % 1_000_003;
                    if input.len() < DENSE_TAIL + lead.len() {
                        continue;
                    }
                    for set in sets {
                        for plus in [false, true] {
                            let expected = naive(&input, set, plus);
                            let mut into = String::from("x");
                            utf8_percent_encode_into(&input, set, plus, &mut into);
                            assert_eq!(into.get(1..), Some(expected.as_str()), "{input:?}");
                            let mut lazy = utf8_percent_encode(&input, set);
                            if plus {
                                lazy = lazy.space_as_plus();
                            }
                            assert_eq!(lazy.to_string(), expected, "{input:?}");
                            assert_eq!(Cow::from(lazy), expected, "{input:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 5_000, "{checked}");
    }

    #[test]
    fn text_and_bytes_agree() {
        for input in ["", "abc", "a b\u{E9}c", "\u{1F600}", "%", " \u{0}x"] {
            for plus in [false, true] {
                let text = utf8_percent_encode(input, &PATH);
                let bytes = percent_encode(input.as_bytes(), &PATH);
                let (text, bytes) = if plus {
                    (text.space_as_plus(), bytes.space_as_plus())
                } else {
                    (text, bytes)
                };
                assert_eq!(text.clone().collect::<Vec<_>>(), bytes.clone().collect::<Vec<_>>());
                assert_eq!(Cow::from(text), Cow::from(bytes));
            }
        }
    }
}
