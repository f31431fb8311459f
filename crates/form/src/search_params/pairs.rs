//! The storage of [`SearchParams`](super::SearchParams): one `String` holding every name and
//! value in list order, each framed by its byte length before and after it, so that a parse
//! takes one allocation and a list of tiny pairs costs about its text plus four bytes a pair
//! (issue 11: a `Vec<(String, String)>` took 28 times the input of `"a=b&"` repeated).
//!
//! ```text
//! pairs  ("a", "1") ("", "xyz")
//! buf    01 a 01  01 1 01  00 00  03 x y z 03
//!        len text len (one frame per name and per value)
//! ```
//!
//! A length is written in base 64, low digits first, one ASCII byte a digit: the digit in the
//! low six bits and 0x40 on every digit but the last. The copy after the text has the same
//! bytes in reverse order, so it reads from the back exactly as the first reads from the front:
//! [`Iter`] is double-ended without an index. Every byte of a length is ASCII, so the buffer
//! stays UTF-8 and names and values are borrowed from it as `&str`.
//!
//! Beside the buffer, a 64-bit filter of the names (one bit, chosen by a hash of a name's
//! length and first and last bytes, set for each name of the list) lets a look-up of a name
//! that is not in the list (`get`, `has`, `set` of a new name, `delete`) return without walking
//! the frames, whatever the list's length. A second filter holds the bits that two names (or
//! more) have: a name whose bit is not in it is in the list at most once, so `set` of a name
//! it found stops there instead of walking the rest of the list for later pairs of that name.
//!
//! Invariant: the buffer is a sequence of `2 * count` frames (length, text, the length
//! reversed), each length in its shortest form, each text ending at a character boundary,
//! `text_len` is the sum of the lengths, `names` has exactly the bits [`name_bit`] gives the
//! names and `repeated` exactly those it gives two names or more (whatever their order). So two
//! lists hold equal bytes and filters exactly when they hold equal pairs, and the derived
//! `PartialEq`, `Eq` and `Hash` compare pairs.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;

/// The list: framed names and values, their number of pairs and total text length.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Pairs {
    /// Every name and value, framed by its length (see the module docs).
    buf: String,
    /// The number of pairs.
    count: usize,
    /// The total length of the names and values (without their frames).
    text_len: usize,
    /// The union of [`name_bit`] over the names.
    names: u64,
    /// The bits of `names` that two names or more have.
    repeated: u64,
}

/// The bit of `name` in the filter of the names: one of 64, from a multiplicative hash of its
/// length and its first and last bytes (all a look-up can read without a loop).
#[inline(always)]
pub(crate) fn name_bit(name: &[u8]) -> u64 {
    let ends = match (name.first(), name.last()) {
        (Some(&first), Some(&last)) => (first, last),
        _ => (0, 0),
    };
    name_bit_of(ends, name.len())
}

/// [`name_bit`] of a name of `len` bytes whose first and last bytes are `ends` (zeros when
/// it is empty).
#[inline(always)]
pub(crate) fn name_bit_of((first, last): (u8, u8), len: usize) -> u64 {
    // Every bit of the two bytes goes into the key (so that names that differ in their last
    // character, `id1`, `id2`, ..., get unrelated bits), and a multiplication gives the top six
    // bits of the product a share of every bit of the key.
    let key = (u32::from(first) | u32::from(last) << 8) ^ len as u32;
    1 << (key.wrapping_mul(0x9E37_79B1) >> 26)
}

/// The flag of a length digit that is not the last one.
const MORE: u8 = 0x40;
/// The bits of a length digit.
const DIGIT: usize = 0x3F;

/// The number of digits of `len` (1 below 64).
#[inline(always)]
fn digits(len: usize) -> usize {
    let bits = usize::BITS - (len | 1).leading_zeros();
    bits.div_ceil(6) as usize
}

/// The ASCII character of digit `i` of `len`, out of `n` digits.
#[inline(always)]
fn digit(len: usize, i: usize, n: usize) -> char {
    let flag = if i + 1 < n { MORE } else { 0 };
    // Six bits and a flag below 0x80: an ASCII character.
    char::from(((len >> (6 * i)) & DIGIT) as u8 | flag)
}

/// The most digits a length takes.
const MAX_DIGITS: usize = (usize::BITS as usize).div_ceil(6);

/// The bytes of [`ONE_DIGIT`]: byte `i` is `i`.
#[allow(clippy::indexing_slicing, reason = "indices below 64 into a 64-byte table")]
const ONE_DIGIT_BYTES: [u8; DIGIT + 1] = {
    let mut table = [0u8; DIGIT + 1];
    let mut i = 0;
    while i <= DIGIT {
        table[i] = i as u8;
        i += 1;
    }
    table
};

/// The 64 one-digit lengths, each its own ASCII character (character `i` is `i`).
const ONE_DIGIT: &str = match core::str::from_utf8(&ONE_DIGIT_BYTES) {
    Ok(text) => text,
    Err(_) => "",
};

/// `len` as written before a text, or after it when `reversed`, in `out` (or, below 64, in a
/// constant).
fn len_text(len: usize, reversed: bool, out: &mut [u8; MAX_DIGITS]) -> &str {
    if len <= DIGIT {
        return ONE_DIGIT.get(len..len + 1).unwrap_or_default();
    }
    let n = digits(len);
    for i in 0..n {
        let slot = if reversed { n - 1 - i } else { i };
        if let Some(slot) = out.get_mut(slot) {
            // ASCII, by `digit`.
            *slot = digit(len, i, n) as u8;
        }
    }
    core::str::from_utf8(out.get(..n).unwrap_or_default()).unwrap_or_default()
}

/// Appends `len` as written before a text.
#[inline(always)]
fn push_len(buf: &mut String, len: usize) {
    if len <= DIGIT {
        // One digit, no flag.
        buf.push(char::from(len as u8));
        return;
    }
    let n = digits(len);
    for i in 0..n {
        buf.push(digit(len, i, n));
    }
}

/// Appends `len` as written after a text (the digits of [`push_len`] in reverse order).
#[inline(always)]
fn push_len_reversed(buf: &mut String, len: usize) {
    if len <= DIGIT {
        buf.push(char::from(len as u8));
        return;
    }
    let n = digits(len);
    for i in (0..n).rev() {
        buf.push(digit(len, i, n));
    }
}

/// Reads a length from `bytes` in the order they come: the length and the number of digits.
#[inline(always)]
fn read_len<'a>(mut bytes: impl Iterator<Item = &'a u8>) -> Option<(usize, usize)> {
    let mut len = 0usize;
    for n in 0..MAX_DIGITS {
        let byte = *bytes.next()?;
        len |= (usize::from(byte) & DIGIT) << (6 * n);
        if byte & MORE == 0 {
            return Some((len, n + 1));
        }
    }
    None
}

/// Whether `a` and `b` are equal: up to 16 bytes by two loads a side that between them cover
/// every byte (one, two or three bytes; four at each end; eight at each end), longer ones
/// through `memcmp`.
#[inline(always)]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        1..=3 => a.first() == b.first() && a.get(n / 2) == b.get(n / 2) && a.last() == b.last(),
        4..=8 => {
            let head = |s: &[u8]| s.first_chunk::<4>().copied().map_or(0, u32::from_le_bytes);
            let tail = |s: &[u8]| s.last_chunk::<4>().copied().map_or(0, u32::from_le_bytes);
            (head(a) ^ head(b)) | (tail(a) ^ tail(b)) == 0
        }
        9..=16 => {
            let head = |s: &[u8]| s.first_chunk::<8>().copied().map_or(0, u64::from_le_bytes);
            let tail = |s: &[u8]| s.last_chunk::<8>().copied().map_or(0, u64::from_le_bytes);
            (head(a) ^ head(b)) | (tail(a) ^ tail(b)) == 0
        }
        _ => a == b,
    }
}

/// A value frame found by a walk: its offset in the buffer, its text's length and the number
/// of digits of that length.
type ValueFrame = (usize, usize, usize);

/// The length written at `bytes[at..]` and its number of digits.
#[inline(always)]
fn len_at(bytes: &[u8], at: usize) -> Option<(usize, usize)> {
    let rest = bytes.get(at..)?;
    match rest.first() {
        Some(&b) if usize::from(b) <= DIGIT => Some((usize::from(b), 1)),
        _ => read_len(rest.iter()),
    }
}

/// The first frame of `rest`: its text, and `rest` after the frame.
#[inline(always)]
fn split_front(rest: &str) -> Option<(&str, &str)> {
    let bytes = rest.as_bytes();
    let (len, n) = match bytes.first() {
        // Texts shorter than 64 bytes (almost all) take one digit.
        Some(&b) if usize::from(b) <= DIGIT => (usize::from(b), 1),
        _ => read_len(bytes.iter())?,
    };
    let text = rest.get(n..n + len)?;
    let after = rest.get(n + len + n..)?;
    Some((text, after))
}

/// The last frame of `rest`: `rest` before the frame, and its text.
#[inline(always)]
fn split_back(rest: &str) -> Option<(&str, &str)> {
    let bytes = rest.as_bytes();
    let (len, n) = match bytes.last() {
        Some(&b) if usize::from(b) <= DIGIT => (usize::from(b), 1),
        _ => read_len(bytes.iter().rev())?,
    };
    let end = rest.len().checked_sub(n)?;
    let start = end.checked_sub(len)?;
    let text = rest.get(start..end)?;
    let before = rest.get(..start.checked_sub(n)?)?;
    Some((before, text))
}

/// The first frame of `bytes` (as [`split_front`] on bytes): the text's range and the frame's
/// length.
#[inline]
fn frame_front(bytes: &[u8]) -> Option<(core::ops::Range<usize>, usize)> {
    let (len, n) = read_len(bytes.iter())?;
    let frame = n + len + n;
    (frame <= bytes.len()).then_some((n..n + len, frame))
}

impl Pairs {
    /// An empty list, to borrow from.
    pub(crate) const EMPTY: &'static Pairs = &Pairs::new();

    /// An empty list.
    pub(crate) const fn new() -> Pairs {
        Pairs { buf: String::new(), count: 0, text_len: 0, names: 0, repeated: 0 }
    }

    /// An empty list with room for `bytes` bytes of framed names and values (a frame takes
    /// two bytes beside a text shorter than 64 bytes).
    pub(crate) fn with_capacity(bytes: usize) -> Pairs {
        Pairs { buf: String::with_capacity(bytes), count: 0, text_len: 0, names: 0, repeated: 0 }
    }

    /// The number of pairs.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.count
    }

    /// Whether the list has no pairs.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The total length of the names and values.
    #[inline]
    pub(crate) fn text_len(&self) -> usize {
        self.text_len
    }

    /// Appends one frame holding `text`. A pair is two frames: callers push a name and a
    /// value, then call [`Pairs::end_pair`] with the name's [`name_bit`].
    #[inline]
    pub(crate) fn push_frame(&mut self, text: &str) {
        let len = text.len();
        if len <= DIGIT {
            // One digit on each side, no flag.
            let digit = char::from(len as u8);
            self.buf.reserve(len + 2);
            self.buf.push(digit);
            self.buf.push_str(text);
            self.buf.push(digit);
        } else {
            push_len(&mut self.buf, len);
            self.buf.push_str(text);
            push_len_reversed(&mut self.buf, len);
        }
        self.text_len += len;
    }

    /// Appends one frame of exactly `len` bytes that `write` appends to the buffer. When
    /// `write` returns `false` or writes another length, the buffer is restored and `false`
    /// returned (the caller pushes the frame another way).
    #[inline]
    pub(crate) fn push_frame_with(
        &mut self,
        len: usize,
        write: impl FnOnce(&mut String) -> bool,
    ) -> bool {
        let restore = self.buf.len();
        push_len(&mut self.buf, len);
        let start = self.buf.len();
        if !write(&mut self.buf) || self.buf.len() - start != len {
            self.buf.truncate(restore);
            return false;
        }
        push_len_reversed(&mut self.buf, len);
        self.text_len += len;
        true
    }

    /// The [`name_bit`] of the text of the last frame (the empty text's when there is none).
    #[inline(never)]
    pub(crate) fn last_frame_bit(&self) -> u64 {
        let text = split_back(&self.buf).map_or("", |(_, text)| text);
        name_bit(text.as_bytes())
    }

    /// Counts the pair whose name and value frames were just pushed, `name_bit` being what
    /// pushing the name returned.
    #[inline]
    pub(crate) fn end_pair(&mut self, name_bit: u64) {
        self.repeated |= self.names & name_bit;
        self.names |= name_bit;
        self.count += 1;
    }

    /// Whether the filter of the names rules `name` out (it may pass names that are absent).
    #[inline(always)]
    pub(crate) fn lacks(&self, name: &str) -> bool {
        self.names & name_bit(name.as_bytes()) == 0
    }

    /// Appends a pair.
    #[inline]
    pub(crate) fn push(&mut self, name: &str, value: &str) {
        self.buf.reserve(name.len() + value.len() + 4);
        self.push_frame(name);
        self.push_frame(value);
        self.end_pair(name_bit(name.as_bytes()));
    }

    /// Removes every pair.
    pub(crate) fn clear(&mut self) {
        self.buf.clear();
        self.count = 0;
        self.text_len = 0;
        self.names = 0;
        self.repeated = 0;
    }

    /// The pairs in order, as the bytes of each name and value (for readers of bytes, which
    /// need no character boundary checks).
    #[inline]
    pub(crate) fn byte_pairs(&self) -> BytePairs<'_> {
        BytePairs { rest: self.buf.as_bytes() }
    }

    /// The pairs in order.
    #[inline]
    pub(crate) fn iter(&self) -> Iter<'_> {
        Iter { rest: &self.buf, remaining: self.count }
    }

    /// The value of the first pair named `name` ([`Pairs::find`]), sliced from the buffer.
    #[inline]
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        // The value is sliced where each pair is found, with what that path knows.
        self.find(name, |pairs, frame, _| pairs.value_text(frame))
    }

    /// The text of the value frame `frame`. One-digit lengths (known to be ASCII once read)
    /// end the slice and the digit before the text is stripped as a character, so that no
    /// byte of the text is read for a character boundary test.
    #[inline(always)]
    fn value_text(&self, (value_at, value_len, v): ValueFrame) -> Option<&str> {
        let bytes = self.buf.as_bytes();
        let end = value_at + 1 + value_len;
        if v == 1
            && let (Some(&lead), Some(&trail)) = (bytes.get(value_at), bytes.get(end))
            && lead == trail
            && lead <= DIGIT as u8
        {
            return self.buf.get(value_at..end)?.strip_prefix(char::from(lead));
        }
        self.buf.get(value_at + v..value_at + v + value_len)
    }

    /// The value frame of the first pair named `name`, and whether it is the only pair of that
    /// name (`false`: there may be others after it).
    ///
    /// The first pair is tried before the filter of the names (most lists hold one pair, and
    /// then the filter is not needed at all). A name that the second filter says is in the
    /// list at most once is then looked for in the last pair (read from the back), and only
    /// then by a walk from the front ([`Pairs::seek_name`]).
    #[inline(always)]
    fn find<'a, R>(
        &'a self,
        name: &str,
        hit: impl Fn(&'a Pairs, ValueFrame, bool) -> Option<R>,
    ) -> Option<R> {
        let bytes = self.buf.as_bytes();
        let wanted = name.as_bytes();
        let &first = bytes.first()?;
        // Where the walk starts: the second pair when the first is ruled out.
        let mut from = 0;
        // A one-digit length (a longer one has the flag, above 63).
        if first <= DIGIT as u8 {
            let value_at = usize::from(first) + 2;
            if usize::from(first) == wanted.len()
                && bytes.get(1..value_at - 1).is_some_and(|text| same_bytes(text, wanted))
            {
                // Most lists have no name twice, and then no bit to compute.
                let unique = self.repeated == 0 || self.repeated & name_bit(wanted) == 0;
                // A one-digit value length is matched here, so that `hit` sees it as one.
                if let Some(&value_len) = bytes.get(value_at)
                    && value_len <= DIGIT as u8
                {
                    return hit(self, (value_at, usize::from(value_len), 1), unique);
                }
                let (value_len, v) = len_at(bytes, value_at)?;
                return hit(self, (value_at, value_len, v), unique);
            }
            if self.count <= 1 {
                return None;
            }
            from = value_at;
        }
        let bit = name_bit(wanted);
        if self.names & bit == 0 {
            return None;
        }
        let unique = self.repeated & bit == 0;
        if unique && let Some(frame) = self.last_pair_named(wanted) {
            return hit(self, frame, true);
        }
        let (frame, unique) = self.find_after_first(name, unique, from)?;
        hit(self, frame, unique)
    }

    /// The rest of [`Pairs::find`] (out of line: what is in line stays small): the walk from
    /// the pair after the first (`from` is the first pair's value frame, or 0 to walk from the
    /// first pair).
    #[inline(never)]
    fn find_after_first(
        &self,
        name: &str,
        unique: bool,
        from: usize,
    ) -> Option<(ValueFrame, bool)> {
        // Past the first pair's value frame (a frame of one-digit lengths takes its length
        // and two bytes).
        let from = match self.buf.as_bytes().get(from) {
            Some(&value_len) if from > 0 && value_len <= DIGIT as u8 => {
                from + usize::from(value_len) + 2
            }
            _ => 0,
        };
        Some((self.seek_name(from, name)?, unique))
    }

    /// The value frame of the last pair when it is named `name` and its lengths take one digit
    /// each (read from the back: the value's length, then the name's).
    #[inline(always)]
    fn last_pair_named(&self, name: &[u8]) -> Option<ValueFrame> {
        let bytes = self.buf.as_bytes();
        let &value_len = bytes.last()?;
        let value_at = bytes.len().checked_sub(usize::from(value_len) + 2)?;
        let &name_len = bytes.get(value_at.checked_sub(1)?)?;
        if (value_len | name_len) > DIGIT as u8 || usize::from(name_len) != name.len() {
            return None;
        }
        let text = bytes.get(value_at - 1 - name.len()..value_at - 1)?;
        same_bytes(text, name).then_some((value_at, usize::from(value_len), 1))
    }

    /// [`Pairs::seek_name`] on a small list: its texts take fewer than 64 bytes in all, so
    /// every length is one digit.
    #[inline(always)]
    fn seek_small(&self, from: usize, name: &str) -> Option<ValueFrame> {
        let bytes = self.buf.as_bytes();
        let mut at = from;
        loop {
            let name_len = usize::from(*bytes.get(at)?);
            let value_at = at + name_len + 2;
            let value_len = usize::from(*bytes.get(value_at)?);
            if name_len == name.len()
                && bytes.get(at + 1..value_at - 1).is_some_and(|n| same_bytes(n, name.as_bytes()))
            {
                return Some((value_at, value_len, 1));
            }
            at = value_at + value_len + 2;
        }
    }

    /// The value frame of the first pair at or after `from` (a pair boundary) named `name`
    /// (the filter of the names is the caller's to test).
    ///
    /// On a small list every length is one digit, so the walk needs no test for longer ones;
    /// otherwise one-digit lengths are read in line (both lengths of a pair first, so that a
    /// miss is one addition to the next pair) and longer ones out of line.
    #[inline(always)]
    fn seek_name(&self, from: usize, name: &str) -> Option<ValueFrame> {
        if self.text_len <= DIGIT {
            return self.seek_small(from, name);
        }
        let bytes = self.buf.as_bytes();
        let mut at = from;
        loop {
            let &name_digit = bytes.get(at)?;
            let value_at = at + usize::from(name_digit) + 2;
            let value_digit = bytes.get(value_at).copied().unwrap_or(MORE);
            if (name_digit | value_digit) > DIGIT as u8 {
                return self.find_name_long(at, name);
            }
            if usize::from(name_digit) == name.len()
                && bytes.get(at + 1..value_at - 1).is_some_and(|n| same_bytes(n, name.as_bytes()))
            {
                return Some((value_at, usize::from(value_digit), 1));
            }
            at = value_at + usize::from(value_digit) + 2;
        }
    }

    /// [`Pairs::seek_name`] for any lengths.
    #[cold]
    #[inline(never)]
    fn find_name_long(&self, from: usize, name: &str) -> Option<ValueFrame> {
        let bytes = self.buf.as_bytes();
        let mut at = from;
        while at < bytes.len() {
            let (name_len, n) = len_at(bytes, at)?;
            let name_start = at + n;
            let value_at = name_start + name_len + n;
            let (value_len, v) = len_at(bytes, value_at)?;
            if name_len == name.len()
                && bytes
                    .get(name_start..name_start + name_len)
                    .is_some_and(|n| same_bytes(n, name.as_bytes()))
            {
                return Some((value_at, value_len, v));
            }
            at = value_at + v + value_len + v;
        }
        None
    }

    /// Keeps the pairs for which `keep(name, value)` holds (comparing bytes), in order,
    /// compacting the buffer in place (linear time, no second copy).
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&[u8], &[u8]) -> bool) {
        // A first pass through `&str` finds the first pair to drop; most calls drop none.
        let mut first_dropped = None;
        let mut rest: &str = &self.buf;
        let mut at = 0;
        while let Some((name, after_name)) = split_front(rest) {
            let Some((value, after_value)) = split_front(after_name) else { break };
            if !keep(name.as_bytes(), value.as_bytes()) {
                first_dropped = Some(at);
                break;
            }
            at = self.buf.len() - after_value.len();
            rest = after_value;
        }
        let Some(first) = first_dropped else { return };
        // Then the bytes are moved (which `String` cannot do in place without `unsafe`), and
        // checked once at the end.
        let mut bytes = core::mem::take(&mut self.buf).into_bytes();
        let (mut read, mut write) = (first, first);
        let mut dropped = 0;
        let mut dropped_text = 0;
        // The filters of the names kept, rebuilt from the pairs before the first dropped one.
        let (mut names, mut repeated) = (0u64, 0u64);
        let mut add = |bit: u64| {
            repeated |= names & bit;
            names |= bit;
        };
        let mut rest = bytes.get(..first).unwrap_or_default();
        while let Some((name, name_frame)) = frame_front(rest) {
            add(name_bit(rest.get(name).unwrap_or_default()));
            let value_frame = rest.get(name_frame..).and_then(frame_front).map_or(0, |(_, f)| f);
            rest = rest.get(name_frame + value_frame..).unwrap_or_default();
        }
        while let Some(tail) = bytes.get(read..).filter(|t| !t.is_empty()) {
            let Some((name, name_frame)) = frame_front(tail) else {
                debug_assert!(false, "frames cover the buffer");
                break;
            };
            let Some((value, value_frame)) = tail.get(name_frame..).and_then(frame_front) else {
                debug_assert!(false, "every name frame has a value frame");
                break;
            };
            let pair = name_frame + value_frame;
            let name_bytes = tail.get(name.clone()).unwrap_or_default();
            let value_bytes =
                tail.get(name_frame + value.start..name_frame + value.end).unwrap_or_default();
            if keep(name_bytes, value_bytes) {
                add(name_bit(name_bytes));
                bytes.copy_within(read..read + pair, write);
                write += pair;
            } else {
                dropped += 1;
                dropped_text += name.len() + value.len();
            }
            read += pair;
        }
        bytes.truncate(write);
        // Whole frames were moved, so the bytes are still UTF-8.
        self.buf = String::from_utf8(bytes).unwrap_or_else(|err| {
            debug_assert!(false, "compaction keeps UTF-8");
            String::from_utf8_lossy(err.as_bytes()).into_owned()
        });
        self.count -= dropped;
        self.text_len -= dropped_text;
        self.names = names;
        self.repeated = repeated;
    }

    /// `set(name, value)`: gives the first pair named `name` the value `value` and removes the
    /// other pairs of that name; appends the pair when there is none.
    #[inline]
    pub(crate) fn set(&mut self, name: &str, value: &str) {
        // Where the pair is found: `None` when it is the only one of its name and holds the
        // value already (nothing to do), else what the rest needs.
        let found = self.find(name, |pairs, frame, unique| {
            let (value_start, old_len, n_old) = frame;
            let text_start = value_start + n_old;
            let same = unique
                && old_len == value.len()
                && pairs
                    .buf
                    .as_bytes()
                    .get(text_start..text_start + old_len)
                    .is_some_and(|old| same_bytes(old, value.as_bytes()));
            Some((!same).then_some((frame, unique)))
        });
        let Some(found) = found else {
            self.push_new(name, value);
            return;
        };
        let Some((frame, unique)) = found else { return };
        self.set_found(name, value, frame, unique);
    }

    /// [`Pairs::push`] out of line, for [`Pairs::set`] of a new name.
    #[inline(never)]
    fn push_new(&mut self, name: &str, value: &str) {
        self.push(name, value);
    }

    /// The rest of [`Pairs::set`] once the first pair of the name is found: its value frame,
    /// and whether the second filter says it is the only pair of the name.
    #[inline(never)]
    fn set_found(&mut self, name: &str, value: &str, frame: ValueFrame, unique: bool) {
        let (value_start, old_len, n_old) = frame;
        let text_start = value_start + n_old;
        let value_end = text_start + old_len + n_old;
        let same = self
            .buf
            .as_bytes()
            .get(text_start..text_start + old_len)
            .is_some_and(|old| same_bytes(old, value.as_bytes()));
        // Remove the later pairs of that name first (offsets before them stay valid). There
        // are none when no other name has its bit.
        debug_assert!(!unique || self.seek_name(value_end, name).is_none());
        if !unique && self.seek_name(value_end, name).is_some() {
            let mut seen = false;
            let name = name.as_bytes();
            self.retain(|n, _| {
                if n != name {
                    return true;
                }
                let first = !seen;
                seen = true;
                first
            });
        }
        if same {
            return;
        }
        if value_end == self.buf.len() {
            // The last frame: cut it off and append the new one (no tail to move).
            self.buf.truncate(value_start);
            self.text_len -= old_len;
            self.push_frame(value);
            return;
        }
        // The text first (one move of the tail, none when the length stays), then the lengths
        // around it, which move nothing more unless their number of digits changes.
        self.buf.replace_range(text_start..text_start + old_len, value);
        if value.len() != old_len {
            let mut digits_buf = [0u8; MAX_DIGITS];
            let end = text_start + value.len();
            self.buf.replace_range(end..end + n_old, len_text(value.len(), true, &mut digits_buf));
            self.buf.replace_range(
                value_start..text_start,
                len_text(value.len(), false, &mut digits_buf),
            );
        }
        self.text_len = self.text_len - old_len + value.len();
    }

    /// The list reordered by a stable sort on the names with `cmp`: the pairs' names and
    /// frames are sorted (32 bytes a pair and the sort's scratch), then copied once.
    pub(crate) fn sorted_by_name(&self, cmp: impl Fn(&str, &str) -> Ordering) -> Pairs {
        let mut order: Vec<(&str, &str)> = Vec::with_capacity(self.count);
        let mut rest: &str = &self.buf;
        let mut at = 0;
        while let Some((name, after_name)) = split_front(rest) {
            let Some((_, after_value)) = split_front(after_name) else { break };
            let end = self.buf.len() - after_value.len();
            if let Some(pair) = self.buf.get(at..end) {
                order.push((name, pair));
            }
            at = end;
            rest = after_value;
        }
        // `sort_by` is stable.
        order.sort_by(|(a, _), (b, _)| cmp(a, b));
        let mut buf = String::with_capacity(self.buf.len());
        for (_, pair) in order {
            buf.push_str(pair);
        }
        // The same names: the same filters (which do not depend on the order).
        Pairs {
            buf,
            count: self.count,
            text_len: self.text_len,
            names: self.names,
            repeated: self.repeated,
        }
    }
}

/// The pairs of a [`Pairs`] list, from either end.
#[derive(Clone, Debug)]
pub(crate) struct Iter<'a> {
    /// The frames not yet yielded.
    rest: &'a str,
    /// The number of pairs not yet yielded.
    remaining: usize,
}

impl<'a> Iter<'a> {
    /// The number of pairs not yet yielded.
    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.remaining
    }
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        if self.remaining == 0 {
            return None;
        }
        let bytes = self.rest.as_bytes();
        let (name_len, n) = len_at(bytes, 0)?;
        let value_at = n + name_len + n;
        let (value_len, v) = len_at(bytes, value_at)?;
        let value_start = value_at + v;
        let name = self.rest.get(n..n + name_len)?;
        let value = self.rest.get(value_start..value_start + value_len)?;
        self.rest = self.rest.get(value_start + value_len + v..)?;
        self.remaining -= 1;
        Some((name, value))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl<'a> DoubleEndedIterator for Iter<'a> {
    #[inline]
    fn next_back(&mut self) -> Option<(&'a str, &'a str)> {
        if self.remaining == 0 {
            return None;
        }
        let (rest, value) = split_back(self.rest)?;
        let (rest, name) = split_back(rest)?;
        self.rest = rest;
        self.remaining -= 1;
        Some((name, value))
    }
}

/// The pairs of a [`Pairs`] list as bytes, from the front ([`Pairs::byte_pairs`]).
#[derive(Clone, Debug)]
pub(crate) struct BytePairs<'a> {
    /// The frames not yet yielded.
    rest: &'a [u8],
}

impl<'a> BytePairs<'a> {
    /// The text of the first frame of `self.rest`, and the frame's length: one-digit lengths
    /// in line.
    #[inline(always)]
    fn front(&self, at: usize) -> Option<(&'a [u8], usize)> {
        let rest = self.rest.get(at..)?;
        match rest.first() {
            Some(&len) if len <= DIGIT as u8 => {
                let len = usize::from(len);
                Some((rest.get(1..1 + len)?, len + 2))
            }
            _ => {
                let (text, frame) = frame_front(rest)?;
                Some((rest.get(text)?, frame))
            }
        }
    }
}

impl<'a> Iterator for BytePairs<'a> {
    type Item = (&'a [u8], &'a [u8]);

    #[inline]
    fn next(&mut self) -> Option<(&'a [u8], &'a [u8])> {
        let (name, name_frame) = self.front(0)?;
        let (value, value_frame) = self.front(name_frame)?;
        self.rest = self.rest.get(name_frame + value_frame..)?;
        Some((name, value))
    }
}

/// An owning iterator: the list and the range of its buffer not yet yielded.
#[derive(Clone, Debug)]
pub(crate) struct IntoIter {
    pairs: Pairs,
    /// Bytes of the buffer yielded from the front.
    front: usize,
    /// Where the bytes yielded from the back start.
    end: usize,
    remaining: usize,
}

impl IntoIter {
    pub(crate) fn new(pairs: Pairs) -> IntoIter {
        let end = pairs.buf.len();
        let remaining = pairs.count;
        IntoIter { pairs, front: 0, end, remaining }
    }

    /// The part not yet yielded, as a borrowing iterator.
    fn view(&self) -> Iter<'_> {
        Iter {
            rest: self.pairs.buf.get(self.front..self.end).unwrap_or_default(),
            remaining: self.remaining,
        }
    }

    pub(crate) fn remaining(&self) -> usize {
        self.remaining
    }

    pub(crate) fn next_pair(&mut self) -> Option<(String, String)> {
        let mut view = self.view();
        let before = view.rest.len();
        let (name, value) = view.next()?;
        let pair = (String::from(name), String::from(value));
        self.front += before - view.rest.len();
        self.remaining -= 1;
        Some(pair)
    }

    pub(crate) fn next_back_pair(&mut self) -> Option<(String, String)> {
        let mut view = self.view();
        let before = view.rest.len();
        let (name, value) = view.next_back()?;
        let pair = (String::from(name), String::from(value));
        self.end -= before - view.rest.len();
        self.remaining -= 1;
        Some(pair)
    }
}

#[cfg(test)]
mod tests;
