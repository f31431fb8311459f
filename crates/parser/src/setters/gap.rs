//! Percent-encoded text written straight into the serialization's bytes. `String` has no
//! safe way to write bytes into its middle or to append bytes it has not checked as UTF-8:
//! `drain` and `insert_str` move the tail twice for a replacement, and an encoded value is
//! composed elsewhere and checked as UTF-8 before it is copied in. [`splice_encoded`] moves
//! the tail once, by the change in length, and writes the prefix, the value (percent-encoded
//! four bytes a step, then byte by byte) and the suffix into the gap; [`push_encoded`]
//! appends a short value into zeroed room and cuts off what it did not fill.
//!
//! Their two `unsafe` blocks (with the AVX2 scan's call, the parser's only ones) change the
//! bytes through `String::as_mut_vec`, and keep the text UTF-8 on their own, whatever the
//! caller passes: only ASCII is written (the `Encoder` words, asserted ASCII when built, and
//! delimiters checked to be ASCII), into a range cut at character boundaries (checked); a gap
//! not wholly written is zeroed (no caller can reach that).

#![allow(
    unsafe_code,
    reason = "in-place writes of ASCII; the module's tests, also under Miri, check them"
)]

use alloc::string::String;

use super::compose::Encoder;
use super::credentials::encoded_len;
use super::make_room;

/// Replaces `start..end` of `text` with `prefix`, `value` percent-encoded with `encoder`'s set
/// and `suffix`, moving the bytes after `end` once. `encoded` is the length of `value`
/// encoded ([`super::credentials::encoded_len`]); when it equals `value.len()`, `value` has
/// nothing to encode and is copied as it is.
///
/// Returns `false` and changes nothing when `start..end` is not a range of `text` between
/// character boundaries, or when `prefix` or `suffix` is not ASCII. The caller has checked
/// that the result fits its offsets.
pub(super) fn splice_encoded(
    text: &mut String,
    (start, end): (usize, usize),
    (prefix, value, suffix): (&str, &str, &str),
    encoder: &Encoder,
    encoded: usize,
) -> bool {
    if start > end
        || !text.is_char_boundary(start)
        || !text.is_char_boundary(end)
        || !is_ascii(prefix)
        || !is_ascii(suffix)
    {
        return false;
    }
    let Some(new) = prefix.len().checked_add(encoded).and_then(|n| n.checked_add(suffix.len()))
    else {
        return false;
    };
    let (len, old) = (text.len(), end - start);
    if new > old {
        make_room(text, new - old);
    }
    // SAFETY: `as_mut_vec` needs the bytes to be UTF-8 again when the borrow ends, and
    // nothing below can panic while they may not be (`copy_within` gets ranges inside the
    // bytes, and every write is through `get_mut`). The bytes before `start` and from `end` on
    // are kept (moved by `new - old`); both are cut at character boundaries (checked above),
    // so each is UTF-8. The `new` bytes between them are all written, with ASCII only: the
    // delimiters (checked above) and the encoder's words (ASCII, `Encoder::of` asserts it);
    // if fewer were written, the gap is zeroed. So the whole is UTF-8.
    let bytes = unsafe { text.as_mut_vec() };
    if new > old {
        // The room was made above, so this does not allocate; the zeros are overwritten.
        bytes.resize(len + (new - old), 0);
        bytes.copy_within(end..len, start + new);
    } else if new < old {
        bytes.copy_within(end..len, start + new);
        bytes.truncate(len - (old - new));
    }
    let Some(gap) = bytes.get_mut(start..start + new) else {
        // Not reached: the bytes hold `start + new` or more now.
        return true;
    };
    let mut n = put_bytes(gap, 0, prefix);
    if encoded != value.len() || !copy_ascii(gap, n, value.as_bytes()) {
        n = encoder.put_all_within(gap, n, value.as_bytes());
    } else {
        n += value.len();
    }
    n = put_bytes(gap, n, suffix);
    if n != new {
        // Not reached when `encoded` is right (every caller computes it with `encoded_len`);
        // the text stays UTF-8 all the same.
        gap.fill(0);
    }
    true
}

/// Appends `prefix` and `value` percent-encoded with `encoder`'s set to `text`: the room is
/// zeroed (a zero is ASCII) and the value written into it four bytes a step
/// ([`Encoder::put_all_within`]), then the unwritten rest cut off; no composition elsewhere
/// and no UTF-8 check of it. Returns `false` and changes nothing when `prefix` is not ASCII.
///
/// When the spare room holds the longest encoding (three bytes a byte) nothing is measured;
/// else room is made for the exact length, so that a clone's spare room is used before the
/// buffer grows.
pub(super) fn push_encoded(
    text: &mut String,
    prefix: &str,
    value: &str,
    encoder: &Encoder,
) -> bool {
    if !is_ascii(prefix) {
        return false;
    }
    let longest = prefix.len().saturating_add(value.len().saturating_mul(3));
    let room = if text.capacity() - text.len() >= longest {
        longest
    } else {
        let exact = prefix.len().saturating_add(encoded_len(value, encoder.set));
        make_room(text, exact);
        exact
    };
    let len = text.len();
    // SAFETY: `as_mut_vec` needs the bytes to be UTF-8 again when the borrow ends, and
    // nothing below can panic while they may not be (every write is through `get_mut`). They
    // were UTF-8, and only ASCII bytes are added: zeros, the delimiter (checked above) and the
    // encoder's words (ASCII, as `Encoder::of` asserts).
    let bytes = unsafe { text.as_mut_vec() };
    bytes.resize(len + room, 0);
    let Some(to) = bytes.get_mut(len..) else {
        // Not reached: the bytes hold `len + room` now.
        return true;
    };
    let n = put_bytes(to, 0, prefix);
    let n = encoder.put_all_within(to, n, value.as_bytes());
    bytes.truncate(len + n);
    true
}

/// Whether `piece` (a delimiter, one byte or two) is ASCII, tested inline.
#[inline(always)]
fn is_ascii(piece: &str) -> bool {
    piece.bytes().all(|b| b.is_ascii())
}

/// Copies `value` into `gap` at `n` when it is ASCII and fits (`false`, nothing written,
/// otherwise), 8 bytes a store: values of 4 to 16 bytes take two stores of two overlapping
/// words (the bytes are checked as they are read).
#[inline(always)]
fn copy_ascii(gap: &mut [u8], n: usize, value: &[u8]) -> bool {
    let len = value.len();
    let Some(to) = gap.get_mut(n..n + len) else {
        return false;
    };
    if (8..=16).contains(&len) {
        let (head, tail) = (word::<8>(value, 0), word::<8>(value, len - 8));
        if (u64::from_ne_bytes(head) | u64::from_ne_bytes(tail)) & 0x8080_8080_8080_8080 != 0 {
            return false;
        }
        put_word(to, 0, head);
        put_word(to, len - 8, tail);
    } else if (4..8).contains(&len) {
        let (head, tail) = (word::<4>(value, 0), word::<4>(value, len - 4));
        if (u32::from_ne_bytes(head) | u32::from_ne_bytes(tail)) & 0x8080_8080 != 0 {
            return false;
        }
        put_word(to, 0, head);
        put_word(to, len - 4, tail);
    } else {
        if !value.is_ascii() {
            return false;
        }
        to.copy_from_slice(value);
    }
    true
}

/// The `N` bytes of `bytes` from `at` (zeros past its end).
#[inline(always)]
fn word<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    bytes.get(at..at + N).and_then(|w| w.try_into().ok()).unwrap_or([0; N])
}

/// Writes `word` into `to` at `at` (nothing when it does not fit).
#[inline(always)]
fn put_word<const N: usize>(to: &mut [u8], at: usize, word: [u8; N]) {
    if let Some(place) = to.get_mut(at..at + N) {
        place.copy_from_slice(&word);
    }
}

/// Writes `piece` into `gap` at `n`, byte by byte (as much of it as fits); returns where the
/// next byte goes.
#[inline(always)]
fn put_bytes(gap: &mut [u8], n: usize, piece: &str) -> usize {
    for (i, b) in piece.bytes().enumerate() {
        if let Some(to) = gap.get_mut(n + i) {
            *to = b;
        }
    }
    n + piece.len()
}

#[cfg(test)]
mod tests {
    use super::super::compose::{NON_ASCII_ENCODER, USERINFO_ENCODER};
    use super::super::credentials::encoded_len;
    use super::*;
    use alloc::string::ToString;
    use weburl_percent::{USERINFO, encode_into};

    /// The splice against `replace_range` of the encoded text, over every range of texts
    /// with multi-byte characters, growing, shrinking and keeping the length.
    #[test]
    fn in_place_splices_stay_utf8() {
        let texts = ["https://example.org/a?b#c", "sc://é/💩x", ""];
        let values = ["", "a", "secret", "p@ss w0rd", "jürgen", "💩💩", "%41é"];
        let steps = if cfg!(miri) { 3 } else { 1 };
        for text in texts {
            for start in (0..=text.len()).step_by(steps) {
                for end in (start..=text.len()).step_by(steps) {
                    for value in values {
                        for (prefix, suffix) in [("", ""), (":", "@"), (":", ""), ("", "@")] {
                            check(text, start, end, prefix, value, suffix);
                        }
                    }
                }
            }
        }
    }

    fn check(text: &str, start: usize, end: usize, prefix: &str, value: &str, suffix: &str) {
        let mut got = text.to_string();
        let encoded = encoded_len(value, &USERINFO);
        let pieces = (prefix, value, suffix);
        let done = splice_encoded(&mut got, (start, end), pieces, &USERINFO_ENCODER, encoded);
        if !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            assert!(!done, "{text:?} {start}..{end}");
            assert_eq!(got, text);
            return;
        }
        assert!(done, "{text:?} {start}..{end}");
        let mut want = text.to_string();
        let mut new = prefix.to_string();
        encode_into(value, &USERINFO, &mut new);
        new.push_str(suffix);
        want.replace_range(start..end, &new);
        assert_eq!(got, want, "{text:?} {start}..{end} {value:?}");
    }

    /// Appending writes what `encode_into` writes, with room for the longest encoding, with
    /// exactly the room needed (no growth: the last stores are exact) and with less.
    #[test]
    fn appends_agree_with_encode_into() {
        let values = ["", "a", "secret", "p@ss w0rd", "jürgen", "💩💩", "%41é", "~!'()*"];
        for value in values {
            for prefix in ["", "#", "?"] {
                let mut want = String::from("https://h/");
                want.push_str(prefix);
                encode_into(value, &USERINFO, &mut want);
                for room in [3 * value.len() + prefix.len() + 8, want.len() - 10, 0] {
                    let mut got = String::with_capacity(10 + room);
                    got.push_str("https://h/");
                    let capacity = got.capacity();
                    assert!(push_encoded(&mut got, prefix, value, &USERINFO_ENCODER));
                    assert_eq!(got, want, "{value:?} room {room}");
                    if capacity >= want.len() {
                        assert_eq!(got.capacity(), capacity, "{value:?} grew");
                    }
                }
            }
        }
        let mut text = String::from("a");
        assert!(!push_encoded(&mut text, "é", "b", &USERINFO_ENCODER));
        assert_eq!(text, "a");
    }

    /// Non-ASCII delimiters and ranges that are not the text's change nothing; a wrong
    /// encoded length (no caller passes one) still leaves UTF-8.
    #[test]
    fn bad_arguments_leave_utf8() {
        let mut text = "https://é/".to_string();
        let enc = &USERINFO_ENCODER;
        assert!(!splice_encoded(&mut text, (3, 2), ("", "a", ""), enc, 1));
        assert!(!splice_encoded(&mut text, (0, 99), ("", "a", ""), enc, 1));
        assert!(!splice_encoded(&mut text, (9, 9), ("", "a", ""), enc, 1));
        assert!(!splice_encoded(&mut text, (0, 0), ("é", "a", ""), enc, 1));
        assert!(!splice_encoded(&mut text, (0, 0), ("", "a", "é"), enc, 1));
        assert_eq!(text, "https://é/");
        // Lengths that are not the value's encoded length leave zeros.
        assert!(splice_encoded(&mut text, (0, 0), ("", "é", ""), &NON_ASCII_ENCODER, 2));
        assert_eq!(text, "\0\0https://é/");
        assert!(splice_encoded(&mut text, (0, 2), ("", "a", ""), enc, 4));
        assert_eq!(text, "\0\0\0\0https://é/");
        assert!(splice_encoded(&mut text, (0, 4), ("", "éé", ""), enc, 3));
        assert_eq!(text, "\0\0\0https://é/");
    }
}
