//! The scans of the fast path: where a run of bytes that a component copies unchanged ends.
//! Each scan reads eight bytes at a time through per-position tables (see
//! [`super::positional`]). The path, query and fragment scans first skip whole 16-byte blocks
//! of the bytes most URL text is made of (ASCII letters, digits, `(` to `;` (which holds `-`,
//! `.` and `/`), `_` and `@`; also `&` and `'` in a path, `=`, `&` and `?` in a query or
//! fragment), and test the input's last 16 bytes at once when the component ends the input.
//! A block test looks at every byte with no exit per byte, which the compiler turns into a
//! few vector compares and no table look-up; a block that holds any other byte is read as two
//! exact words. On x86-64 CPUs with AVX2 (tested at run time, with `std`), `wide` scans the
//! path, query and fragment 32 bytes at a time first, and this scan goes on only where that
//! one hands over.

use super::{PATH_STOPS, SEPARATORS, STRICT_HOST_STOPS, class};

#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod wide;

/// Entry `b` of the 256-entry `table` (a `u8` index: always in bounds).
#[inline(always)]
#[allow(clippy::indexing_slicing, reason = "a `u8` index into a 256-entry table")]
fn entry<T: Copy>(table: &[T; 256], b: u8) -> T {
    table[usize::from(b)]
}

/// The OR of the entries of the eight bytes `word`, byte `i` looked up in `tables[i]`: no
/// branch and no shift per byte.
#[inline(always)]
fn or_entries<T: Copy + core::ops::BitOr<Output = T>>(tables: &[[T; 256]; 8], word: &[u8; 8]) -> T {
    let [t0, t1, t2, t3, t4, t5, t6, t7] = tables;
    let [b0, b1, b2, b3, b4, b5, b6, b7] = *word;
    entry(t0, b0)
        | entry(t1, b1)
        | entry(t2, b2)
        | entry(t3, b3)
        | entry(t4, b4)
        | entry(t5, b5)
        | entry(t6, b6)
        | entry(t7, b7)
}

/// Bit `i` set for each byte `i` of the eight bytes `word` where the scan of the
/// per-position `tables` (see [`positional`](super::positional)) stops.
#[inline(always)]
fn stop_bits(tables: &[[u8; 256]; 8], word: &[u8; 8]) -> u32 {
    u32::from(or_entries(tables, word))
}

/// [`stop_bits`] of the path scan for the eight bytes `word` at `start` of `bytes`: the bytes
/// [`PATH_CLASSES`](super::PATH_CLASSES) does not copy, and each `.` right after a `/` (a segment that may be a
/// dot segment; the byte before `word` is read from `bytes`). Testing the pair in the same
/// pass keeps the scan from stopping at the `.` of every file name.
#[inline(always)]
fn path_stop_bits(bytes: &[u8], word: &[u8; 8], start: usize) -> u32 {
    path_stops_after(or_entries(&PATH_STOPS, word), slash_before(bytes, start))
}

/// 1 when the byte before `pos` of `bytes` is a `/`, else 0 (also at `pos` 0).
#[inline(always)]
fn slash_before(bytes: &[u8], pos: usize) -> u32 {
    u32::from(bytes.get(pos.wrapping_sub(1)) == Some(&b'/'))
}

/// The path scan's stop bits of a word whose [`PATH_STOPS`] entries OR to `bits`, where
/// `before` (0 or 1) says that the byte before the word is a `/`.
#[inline(always)]
fn path_stops_after(bits: u32, before: u32) -> u32 {
    // Bits 0-7 of `bits >> 8`: the dots; of `bits >> 16`, bytes 0-7 follow a `/` (bits 1-8:
    // the slash bits sit one above their byte). Their other bits do not meet.
    let dots_after_slash = (bits >> 8) & ((bits >> 16) | before);
    (bits & 0xFF) | dots_after_slash
}

/// Where a word-at-a-time scan stops (a trait rather than a closure so that it is inlined at
/// each call site).
pub(super) trait Stops: Copy {
    /// Whether [`Stops::block`] may skip whole blocks (false: it never does, and the scan
    /// keeps no count of its exact words).
    const BLOCKS: bool = false;

    /// Bit `i` set for each byte `i` of the eight bytes `word`, at `start` of `bytes`, where
    /// the scan stops.
    fn bits(self, bytes: &[u8], word: &[u8; 8], start: usize) -> u32;

    /// [`Stops::bits`] in the word loop, where the scan may carry what it needs from the
    /// previous word in `self` (the default carries nothing).
    #[inline(always)]
    fn next_bits(&mut self, bytes: &[u8], word: &[u8; 8], start: usize) -> u32 {
        self.bits(bytes, word, start)
    }

    /// Whether the scan surely does not stop in the 16 bytes at `pos` of `bytes` (false when
    /// fewer are left, or when one of them is not a [`common_byte`]). It keeps no state:
    /// after blocks, [`Stops::resume`] sets what [`Stops::next_bits`] carries.
    #[inline(always)]
    fn block(self, _: &[u8], _: usize) -> bool {
        false
    }

    /// Sets the state [`Stops::next_bits`] carries for a word at `pos` of `bytes` (read from
    /// the bytes before it), after [`Stops::block`] skipped the blocks before `pos`: once per
    /// run of blocks rather than once per block.
    #[inline(always)]
    fn resume(&mut self, _: &[u8], _: usize) {}
}

/// Whether `b` is one of the bytes most URL text is made of: an ASCII letter or digit, one of
/// `()*+,-./:;` (0x28 to 0x3B), `_` or `@` (the scoped packages of `node_modules` paths). The
/// path, query and fragment states copy each unchanged, with no validation error (a path's `.`
/// after a `/` aside: it may start a dot segment).
#[inline(always)]
fn common_byte(b: u8) -> bool {
    letter(b) | marks_from(b, b'(') | (b == b'_') | (b == b'@')
}

/// Whether `b` is an ASCII letter, in one range test. Each range test of the blocks moves its
/// range to the bottom of the signed bytes (from -128), so that one signed compare tests it
/// (SSE2 has signed byte compares, no unsigned ones); `| 0x20` lowercases an upper letter and
/// makes no other byte a lower one.
#[inline(always)]
fn letter(b: u8) -> bool {
    ((b | 0x20).wrapping_add(0x80 - b'a') as i8) < i8::MIN + 26
}

/// Whether `b` is one of `from` to `;` (0x3B): the marks, digits, `:` and `;` that every
/// component copies (from `(`), or the path copies (from `&`, with `'`). One range test, as
/// in [`letter`].
#[inline(always)]
fn marks_from(b: u8, from: u8) -> bool {
    (b.wrapping_add(0x80u8.wrapping_sub(from)) as i8)
        < i8::MIN.wrapping_add((b';' - from + 1) as i8)
}

/// Whether `b` is a [`common_byte`], `&` or `'` (0x26 and 0x27, before the common marks): what
/// a path copies in bulk, tested with no more operations than [`common_byte`].
#[inline(always)]
fn common_path_byte(b: u8) -> bool {
    letter(b) | marks_from(b, b'&') | (b == b'_') | (b == b'@')
}

/// Whether `b` is a [`common_byte`], `=`, `&` or `?`: what a query or fragment copies in
/// bulk (`?` also lets the last block of a query start in the path; not `'`, which a special
/// URL's query encodes).
#[inline(always)]
fn common_text_byte(b: u8) -> bool {
    common_byte(b) | (b == b'=') | (b == b'&') | (b == b'?')
}

/// Whether each of the 16 bytes of `block` is a [`common_path_byte`] and no `.` among them
/// follows a `/` (`before` holds the byte before each): every byte tested with no exit per
/// byte, so that the compiler tests the 16 at once.
#[inline(always)]
fn plain_path_block(before: &[u8; 16], block: &[u8; 16]) -> bool {
    let mut plain = true;
    for (&b, &prev) in block.iter().zip(before) {
        plain &= common_path_byte(b) & !((b == b'.') & (prev == b'/'));
    }
    plain
}

/// Whether every byte of `value` after the first is a [`common_path_byte`] and no `.` follows
/// a `/` (so a path of such bytes has no byte to encode and no dot segment after its first
/// byte), tested 16 bytes at a time, the last 16 overlapping the block before them. `None`
/// when `value` is shorter than 17 bytes.
pub(crate) fn plain_path_bytes(value: &[u8]) -> Option<bool> {
    let last = value.len().checked_sub(16).filter(|&last| last > 0)?;
    let mut plain = true;
    let mut pos = 1;
    while pos < last {
        let (before, block) = pair_at(value, pos)?;
        plain &= plain_path_block(before, block);
        pos += 16;
    }
    let (before, block) = pair_at(value, last)?;
    Some(plain & plain_path_block(before, block))
}

/// The 16 bytes before `pos` of `bytes` (from `pos - 1`) and the 16 at `pos`, if there are as
/// many (and `pos` is not 0).
#[inline(always)]
fn pair_at(bytes: &[u8], pos: usize) -> Option<(&[u8; 16], &[u8; 16])> {
    let window = bytes.get(pos.checked_sub(1)?..pos.checked_add(16)?)?;
    let window = <&[u8; 17]>::try_from(window).ok()?;
    Some((window.first_chunk::<16>()?, window.last_chunk::<16>()?))
}

/// The 16 bytes at `pos` of `bytes`, if there are as many.
#[inline(always)]
fn block_at(bytes: &[u8], pos: usize) -> Option<&[u8; 16]> {
    bytes.get(pos..pos.checked_add(16)?).and_then(|b| <&[u8; 16]>::try_from(b).ok())
}

/// The scan of per-position stop tables (see [`positional`](super::positional)).
#[derive(Clone, Copy)]
struct Plain<'t>(&'t [[u8; 256]; 8]);

impl Stops for Plain<'_> {
    #[inline(always)]
    fn bits(self, _: &[u8], word: &[u8; 8], _: usize) -> u32 {
        stop_bits(self.0, word)
    }
}

/// The scan of a query or fragment: per-position stop `tables` (see [`positional`](super::positional)), and
/// blocks of [`common_text_byte`]s skipped whole.
#[derive(Clone, Copy)]
struct Text<'t>(&'t [[u8; 256]; 8]);

impl Stops for Text<'_> {
    const BLOCKS: bool = true;

    #[inline(always)]
    fn bits(self, _: &[u8], word: &[u8; 8], _: usize) -> u32 {
        stop_bits(self.0, word)
    }

    #[inline(always)]
    fn block(self, bytes: &[u8], pos: usize) -> bool {
        // Every byte tested, with no exit per byte (not `all`), so that the compiler tests the
        // 16 at once.
        let Some(block) = block_at(bytes, pos) else { return false };
        let mut plain = true;
        for &b in block {
            plain &= common_text_byte(b);
        }
        plain
    }
}

/// The path scan (see [`path_stop_bits`]); in the word loop, `before` carries whether the
/// last byte of the previous word is a `/` (instead of reading it again; after a run of
/// blocks, [`Stops::resume`] reads it). Blocks of [`common_path_byte`]s without a `.` right
/// after a `/` are skipped whole.
#[derive(Clone, Copy)]
struct Path {
    before: u32,
}

impl Stops for Path {
    const BLOCKS: bool = true;

    #[inline(always)]
    fn bits(self, bytes: &[u8], word: &[u8; 8], start: usize) -> u32 {
        path_stop_bits(bytes, word, start)
    }

    #[inline(always)]
    fn next_bits(&mut self, _: &[u8], word: &[u8; 8], _: usize) -> u32 {
        let bits = or_entries(&PATH_STOPS, word);
        let mask = path_stops_after(bits, self.before);
        // The slash bit of byte 7 is the highest entry bit.
        self.before = bits >> 24;
        mask
    }

    #[inline(always)]
    fn block(self, bytes: &[u8], pos: usize) -> bool {
        // Each byte beside the one before it (`pos` is never 0 in a path: a `/` or the
        // host is before it; at 0 there is no pair).
        pair_at(bytes, pos).is_some_and(|(before, block)| plain_path_block(before, block))
    }

    #[inline(always)]
    fn resume(&mut self, bytes: &[u8], pos: usize) {
        self.before = slash_before(bytes, pos);
    }
}

/// The host scan of strict mode: the host stops of [`HOST_STOPS`](super::HOST_STOPS), and also a `.` or `-`
/// right after another one, where the fast path gives up (the strict ToASCII check needs the
/// labels split there; see [`surely_strict_ok`](super::surely_strict_ok)).
#[derive(Clone, Copy)]
pub(super) struct StrictHost;

impl Stops for StrictHost {
    #[inline(always)]
    fn bits(self, bytes: &[u8], word: &[u8; 8], start: usize) -> u32 {
        let bits = u32::from(or_entries(&STRICT_HOST_STOPS, word));
        let separators = bits >> 8;
        let before =
            bytes.get(start.wrapping_sub(1)).map_or(0, |&b| u32::from(class(&SEPARATORS, b)));
        // Bit `i` of `after_separator`: byte `i - 1` is a separator.
        let after_separator = (separators << 1) | before;
        (bits & 0xFF) | (separators & after_separator)
    }
}

/// The index of the first byte at or after `pos` where `stops` stops, or the end.
///
/// Eight bytes at a time, without a branch per byte: the exact stop is the lowest set bit.
/// Fewer than eight bytes before the end are read as the input's last eight bytes with the
/// ones before `pos` dropped; an input shorter than eight bytes is padded with 0 bytes, which
/// every table stops at.
#[inline(always)]
pub(super) fn scan<S: Stops>(bytes: &[u8], mut pos: usize, mut stops: S) -> usize {
    let first_stop = |mask: u32| mask.trailing_zeros() as usize;
    let len = bytes.len();
    // `bytes` is the whole input, nearly always eight bytes or more.
    let Some(last_word) = len.checked_sub(8) else { return scan_short(bytes, pos, stops) };
    // With blocks: the 16 bytes at `pos` skipped whole, or read as two exact words; then
    // the input's last 16 bytes, if the component ends the input.
    if let Some(last_block) = len.checked_sub(16).filter(|_| S::BLOCKS) {
        while pos <= last_block {
            if stops.block(bytes, pos) {
                pos += 16;
                continue;
            }
            // The block holds a byte to look at (`pos + 16` is in bounds).
            stops.resume(bytes, pos);
            for _ in 0..2 {
                let Some(word) = bytes.get(pos..pos + 8).and_then(|w| <&[u8; 8]>::try_from(w).ok())
                else {
                    return len;
                };
                let mask = stops.next_bits(bytes, word, pos);
                if mask != 0 {
                    return pos + first_stop(mask);
                }
                pos += 8;
            }
        }
        // The last 16 bytes, from before `pos` (a byte there that is not a common one only
        // costs the exact tail below).
        if pos < len && stops.block(bytes, last_block) {
            return len;
        }
        stops.resume(bytes, pos);
    }
    // The word loop, bounded by the last word's start (so `pos + 8` needs no overflow check).
    while pos <= last_word {
        let Some(word) = bytes.get(pos..pos + 8).and_then(|w| <&[u8; 8]>::try_from(w).ok()) else {
            break;
        };
        let mask = stops.next_bits(bytes, word, pos);
        if mask != 0 {
            return pos + first_stop(mask);
        }
        pos += 8;
    }
    if pos >= len {
        return len;
    }
    let Some(word) = bytes.get(last_word..).and_then(|w| <&[u8; 8]>::try_from(w).ok()) else {
        return len;
    };
    // `pos` is past `last_word` (fewer than eight bytes are left): a shift below 8.
    let mask = stops.bits(bytes, word, last_word) >> (pos - last_word);
    if mask == 0 { len } else { pos + first_stop(mask) }
}

/// [`scan`] of an input shorter than eight bytes: one word padded with 0 bytes.
#[cold]
#[inline(never)]
fn scan_short(bytes: &[u8], pos: usize, stops: impl Stops) -> usize {
    let mut word = [0u8; 8];
    for (to, &from) in word.iter_mut().zip(bytes.get(pos..).unwrap_or_default()) {
        *to = from;
    }
    (pos + stops.bits(bytes, &word, pos).trailing_zeros() as usize).min(bytes.len())
}

/// [`scan`] over per-position stop `tables`: the first byte at or after `pos` they flag.
#[inline(always)]
pub(in crate::parser) fn scan_plain(bytes: &[u8], pos: usize, tables: &[[u8; 256]; 8]) -> usize {
    scan(bytes, pos, Plain(tables))
}

/// [`scan`] of a query or fragment over its per-position stop `tables`.
#[inline(always)]
pub(super) fn scan_text(bytes: &[u8], pos: usize, tables: &[[u8; 256]; 8]) -> usize {
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    let pos = match wide::scan_tries::<_, false>(bytes, pos, Text(tables)) {
        Ok(end) => return end,
        Err(pos) => pos,
    };
    scan(bytes, pos, Text(tables))
}

/// [`scan`] in a path: the first byte at or after `pos` that [`PATH_CLASSES`](super::PATH_CLASSES) does not copy,
/// or a `.` right after a `/`.
#[inline(always)]
pub(super) fn scan_path(bytes: &[u8], pos: usize) -> usize {
    // The wide scan asks only `Path::bits`, which reads the byte before a word itself.
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    let pos = match wide::scan_tries::<_, true>(bytes, pos, Path { before: 0 }) {
        Ok(end) => return end,
        Err(pos) => pos,
    };
    scan(bytes, pos, Path { before: slash_before(bytes, pos) })
}

#[cfg(test)]
mod tests {
    use super::super::{COPY, FRAGMENT_CLASSES, PATH_CLASSES, QUERY_CLASSES};
    use super::*;
    use alloc::vec::Vec;

    /// The bytes the blocks skip are exactly the ones named, and each component's table copies
    /// them (so skipping them changes nothing but the count of look-ups).
    #[test]
    fn block_bytes_are_copied_unchanged() {
        for b in 0..=255u8 {
            let named = b.is_ascii_alphanumeric() || b"()*+,-./:;_@".contains(&b);
            assert_eq!(common_byte(b), named, "{b:#x}");
            assert_eq!(common_path_byte(b), named || b"&'".contains(&b), "{b:#x}");
            assert_eq!(common_text_byte(b), named || b"=&?".contains(&b), "{b:#x}");
            if common_path_byte(b) {
                assert_eq!(class(&PATH_CLASSES, b), COPY, "{b:#x}");
            }
            if common_text_byte(b) {
                assert_eq!(class(&QUERY_CLASSES, b), COPY, "{b:#x}");
                assert_eq!(class(&FRAGMENT_CLASSES, b), COPY, "{b:#x}");
            }
        }
    }
    /// The byte-by-byte definition of [`plain_path_bytes`].
    fn plain_path_oracle(value: &[u8]) -> Option<bool> {
        (value.len() >= 17).then(|| {
            value.windows(2).all(|pair| {
                let [prev, b] = [pair[0], pair[1]];
                common_path_byte(b) && !(b == b'.' && prev == b'/')
            })
        })
    }

    /// The block test of whole values agrees with the byte-by-byte definition: one odd byte
    /// or `/.` pair at every position of values of 0 to 80 bytes (so in every block, in the
    /// overlapping last one and at both ends of each), and the first byte never counted.
    #[test]
    fn plain_path_bytes_agree_with_a_byte_by_byte_oracle() {
        let mut checked = 0;
        for len in 0..=80 {
            let base: Vec<u8> = (0..len).map(|i| b"/ab-c_9.Z"[i % 9]).collect();
            assert_eq!(plain_path_bytes(&base), plain_path_oracle(&base), "{base:?}");
            for at in 0..len {
                for odd in [b'?', b' ', b'%', b'\\', 0xC3, b'.', b'~', 0, b'<', b'\'', b';', b'&'] {
                    let mut value = base.clone();
                    value[at] = odd;
                    if odd == b'.' && at > 0 {
                        value[at - 1] = b'/';
                    }
                    assert_eq!(plain_path_bytes(&value), plain_path_oracle(&value), "{value:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 20_000);
    }
}
