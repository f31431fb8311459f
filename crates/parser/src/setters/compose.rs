//! Percent-encoding a byte with one 4-byte store: an [`Encoder`] is a set's table of what each
//! byte becomes, written with no branch on whether it is encoded (into the serialization by
//! `gap`, into an aligned stack [`Block`] by the pathname's composed path, which checks it as
//! UTF-8 in whole words); and the write of a last component (a search or hash before nothing).

use weburl_percent::{AsciiSet, FRAGMENT, PATH, QUERY, SPECIAL_QUERY, USERINFO, encode_into};

use crate::Url;

/// The stack buffer the pathname's composed path writes in (`fast::compose_special_path`;
/// the userinfo, search and hash are written into the serialization by `gap`), 16-byte
/// aligned: the UTF-8 check of whole 16-byte blocks from an aligned start reads words, where
/// that of a short unaligned slice goes byte by byte.
#[repr(C, align(16))]
pub(super) struct Block<const N: usize>(pub(super) [u8; N]);

impl<const N: usize> Block<N> {
    /// A zeroed block.
    pub(super) fn new() -> Self {
        const { assert!(N.is_multiple_of(16), "the UTF-8 check reads whole 16-byte blocks") };
        Block([0; N])
    }

    /// The first `n` bytes written, as text. Only ASCII is ever written (every non-ASCII byte
    /// is a member of every set, so it is written as `%XX`), and the bytes up to the next
    /// whole 16 are ASCII too (zeros, or what earlier stores left), so the check reads whole
    /// blocks; `None` only when `n` is past the end.
    pub(super) fn text(&self, n: usize) -> Option<&str> {
        let whole = self.0.get(..n.next_multiple_of(16))?;
        core::str::from_utf8(whole).ok()?.get(..n)
    }
}

/// A percent-encode set with each byte's encoding laid out for one store: entry `b` is, as
/// little-endian bytes, what `b` becomes (`b` itself, or `%` and two uppercase hex digits),
/// zeros, and that length (1 or 3) in the top byte.
pub(crate) struct Encoder {
    /// The set, for the scans that find its members.
    pub(crate) set: &'static AsciiSet,
    words: [u32; 256],
}

impl Encoder {
    /// The encoder of `set`.
    #[allow(
        clippy::indexing_slicing,
        reason = "indices below 256 into 256 entries, and nibbles into 16"
    )]
    const fn of(set: &'static AsciiSet) -> Encoder {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        let mut words = [0; 256];
        let mut b = 0;
        while b < 256 {
            let byte = b as u8;
            words[b] = if set.contains(byte) {
                u32::from_le_bytes([b'%', HEX[b >> 4], HEX[b & 15], 3])
            } else {
                u32::from_le_bytes([byte, 0, 0, 1])
            };
            b += 1;
        }
        // Every byte of every word is ASCII (a non-ASCII byte is a member of every set):
        // `gap::splice_encoded` and `gap::push_encoded` write words into a `String`'s bytes
        // on the strength of it.
        let mut i = 0;
        while i < 256 {
            assert!(words[i] & 0x8080_8080 == 0, "an encoder writes ASCII only");
            i += 1;
        }
        Encoder { set, words }
    }

    /// What `b` becomes, as little-endian bytes: `b` itself or `%XX`, zeros, and that length
    /// (1 or 3) in the top byte. Every byte of it is ASCII (asserted in [`Encoder::of`]).
    #[inline(always)]
    pub(super) fn word(&self, b: u8) -> u32 {
        self.words.get(usize::from(b)).copied().unwrap_or_default()
    }

    /// Writes `b` into `buffer` at `n`, as `%XX` when the set has it; returns where the next
    /// byte goes, or `None` when fewer than 4 bytes are left from `n` (a buffer holds a
    /// composition of at most its length minus 3, the bytes a last store writes past it).
    #[inline(always)]
    pub(super) fn put(&self, buffer: &mut [u8], n: usize, b: u8) -> Option<usize> {
        let word = self.word(b);
        buffer.get_mut(n..n + 4)?.copy_from_slice(&word.to_le_bytes());
        Some(n + (word >> 24) as usize)
    }

    /// Writes `b` into `buffer` at `n` as [`put`](Self::put) does, but never past the end
    /// of `buffer`: the last bytes are written one by one (what does not fit is left out).
    /// Returns where the next byte goes.
    #[inline(always)]
    pub(super) fn put_within(&self, buffer: &mut [u8], n: usize, b: u8) -> usize {
        let word = self.word(b);
        let len = (word >> 24) as usize;
        if let Some(to) = buffer.get_mut(n..n + 4) {
            to.copy_from_slice(&word.to_le_bytes());
        } else {
            for (i, byte) in word.to_le_bytes().into_iter().take(len).enumerate() {
                if let Some(to) = buffer.get_mut(n + i) {
                    *to = byte;
                }
            }
        }
        n + len
    }

    /// Writes each byte of `value` into `buffer` from `n` as [`put_within`](Self::put_within)
    /// does; returns where the next byte goes. Four bytes take one step, with one bounds test,
    /// while the step's stores fit (they end at most 13 bytes on: three words of at most 3
    /// bytes, then a 4-byte store).
    #[inline(always)]
    pub(super) fn put_all_within(&self, buffer: &mut [u8], mut n: usize, value: &[u8]) -> usize {
        let mut rest = value;
        while let [a, b, c, d, tail @ ..] = rest {
            let Some(window) = buffer.get_mut(n..).and_then(<[u8]>::first_chunk_mut::<13>) else {
                break;
            };
            let mut at = 0;
            for byte in [*a, *b, *c, *d] {
                let word = self.word(byte);
                if let Some(to) = window.get_mut(at..at + 4) {
                    to.copy_from_slice(&word.to_le_bytes());
                }
                // The length is 1 or 3; the mask lets the bounds above be proven.
                at += (word >> 24) as usize & 3;
            }
            n += at;
            rest = tail;
        }
        for &b in rest {
            n = self.put_within(buffer, n, b);
        }
        n
    }
}

/// The userinfo percent-encode set's encoder.
pub(crate) static USERINFO_ENCODER: Encoder = Encoder::of(&USERINFO);
/// The path percent-encode set's encoder.
pub(crate) static PATH_ENCODER: Encoder = Encoder::of(&PATH);
/// The query percent-encode set's encoder.
pub(crate) static QUERY_ENCODER: Encoder = Encoder::of(&QUERY);
/// The special-query percent-encode set's encoder.
pub(crate) static SPECIAL_QUERY_ENCODER: Encoder = Encoder::of(&SPECIAL_QUERY);
/// The fragment percent-encode set's encoder.
pub(crate) static FRAGMENT_ENCODER: Encoder = Encoder::of(&FRAGMENT);
/// The encoder of the set with no ASCII member (for text that is ASCII already).
pub(crate) static NON_ASCII_ENCODER: Encoder = Encoder::of(&AsciiSet::NON_ASCII);

/// The encoder of the query state's set for a special URL or another (see `query_set`).
pub(crate) fn query_encoder(special: bool) -> &'static Encoder {
    if special { &SPECIAL_QUERY_ENCODER } else { &QUERY_ENCODER }
}

/// The longest last component (the delimiter and the value's longest encoding) appended
/// byte by byte by `gap::push_encoded`; a longer one takes `encode_into`, which copies runs
/// of bytes that need no encoding whole.
pub(super) const LAST: usize = 64;

impl Url {
    /// Replaces the serialization from `start` on (the last component) with `prefix` (ASCII)
    /// and `value` percent-encoded with `encoder`'s set; the caller checked that the result
    /// fits the `u32` offsets. A short value is appended byte by byte with no UTF-8 check
    /// ([`gap::push_encoded`](super::gap::push_encoded)).
    pub(super) fn write_last_encoded(
        &mut self,
        start: u32,
        prefix: &str,
        value: &str,
        encoder: &Encoder,
    ) {
        self.serialization.truncate(start as usize);
        if prefix.len() + 3 * value.len() <= LAST
            && super::gap::push_encoded(&mut self.serialization, prefix, value, encoder)
        {
            return;
        }
        // One growth at most for a value with nothing to encode.
        self.serialization.reserve(prefix.len() + value.len());
        self.serialization.push_str(prefix);
        encode_into(value, encoder.set, &mut self.serialization);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use weburl_percent::percent_encode_byte;

    /// Every entry of every encoder is the byte or its `%XX`, as the set says.
    #[test]
    fn encoders_write_what_percent_encoding_writes() {
        for encoder in [
            &USERINFO_ENCODER,
            &PATH_ENCODER,
            &QUERY_ENCODER,
            &SPECIAL_QUERY_ENCODER,
            &FRAGMENT_ENCODER,
            &NON_ASCII_ENCODER,
        ] {
            for b in 0..=255u8 {
                let mut buffer = [0xFF; 8];
                let n = encoder.put(&mut buffer, 1, b).unwrap_or(0);
                let want = if encoder.set.contains(b) {
                    percent_encode_byte(b).as_bytes().to_vec()
                } else {
                    alloc::vec![b]
                };
                assert_eq!(buffer.get(1..n), Some(want.as_slice()), "{b:#x}");
                assert_eq!(buffer[0], 0xFF);
                assert!(buffer[n..].iter().all(|&x| x.is_ascii() || x == 0xFF), "{b:#x}");
            }
        }
    }

    /// Four bytes a step writes what one byte at a time writes, into buffers that hold the
    /// longest encoding, exactly the encoding, or less (and the bytes past the encoding too).
    #[test]
    fn put_all_within_agrees_with_put_within() {
        let bytes: Vec<u8> = "aé €z%/ :@x\u{10348}".bytes().collect();
        for encoder in [&USERINFO_ENCODER, &FRAGMENT_ENCODER, &NON_ASCII_ENCODER] {
            for len in 0..=40 {
                let value: Vec<u8> = (0..len).map(|i| bytes[(i * 7 + len) % bytes.len()]).collect();
                let exact: usize =
                    value.iter().map(|&b| if encoder.set.contains(b) { 3 } else { 1 }).sum();
                for size in [exact + 2 + 3 * len, exact + 2, exact + 1, exact / 2, 0] {
                    let mut one = alloc::vec![0xFF; size];
                    let mut n = 2.min(size);
                    for &b in &value {
                        n = encoder.put_within(&mut one, n, b);
                    }
                    let mut all = alloc::vec![0xFF; size];
                    let m = encoder.put_all_within(&mut all, 2.min(size), &value);
                    assert_eq!((m, &all), (n, &one), "{len} {size}");
                }
            }
        }
    }

    /// The query encoders are the query state's sets.
    #[test]
    fn query_encoders_are_the_query_sets() {
        use crate::parser::path::query_set;
        for special in [false, true] {
            assert!(*query_encoder(special).set == *query_set(special), "{special}");
        }
        assert!(*query_encoder(true).set != *query_encoder(false).set);
    }
}
