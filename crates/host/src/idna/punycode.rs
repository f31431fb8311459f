//! Punycode (RFC 3492): the Bootstring encoding of a Unicode label as `a-z0-9-`, with checked
//! arithmetic and a length cap that keeps every call linear in its input.
//!
//! ```
//! use weburl_host::idna::punycode;
//!
//! assert_eq!(punycode::encode("bücher")?, "bcher-kva");
//! assert_eq!(punycode::decode("bcher-kva")?, "bücher");
//! # Ok::<(), punycode::PunycodeError>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::num::NonZeroU32;

/// The longest label, in code points, that [`encode`] accepts and [`decode`] produces (the same
/// bound both ways, so that every encoding decodes again). Decoding inserts each code point into
/// the output, so its cost is quadratic in the label length; capping the label keeps the cost
/// per input byte bounded (each decoded code point takes at least one input byte). A DNS
/// label holds at most 63 bytes, so the cap only refuses labels no resolver could use.
///
/// ```
/// use weburl_host::idna::punycode::{encode, PunycodeError, MAX_LABEL_LEN};
///
/// assert!(encode(&"é".repeat(MAX_LABEL_LEN)).is_ok());
/// assert_eq!(encode(&"é".repeat(MAX_LABEL_LEN + 1)), Err(PunycodeError::TooLong));
/// ```
pub const MAX_LABEL_LEN: usize = 1000;

// RFC 3492 section 5, the Bootstring parameters for Punycode.
const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 0x80;
const DELIMITER: char = '-';

/// Why Punycode encoding or decoding failed.
///
/// ```
/// use weburl_host::idna::punycode::{decode, PunycodeError};
///
/// assert_eq!(decode("99999999999"), Err(PunycodeError::Overflow));
/// assert_eq!(decode("é"), Err(PunycodeError::NonBasic));
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PunycodeError {
    /// The input to [`decode`] holds a non-ASCII code point.
    NonBasic,
    /// The input to [`decode`] holds a character that is not a base-36 digit where a digit is
    /// needed, or ends inside a number.
    InvalidDigit,
    /// A value does not fit in 32 bits (RFC 3492 section 6.4).
    Overflow,
    /// Decoding produced a value that is not a Unicode scalar value, or a basic code point.
    InvalidCodePoint,
    /// The input to [`encode`], or the output of [`decode`], is longer than [`MAX_LABEL_LEN`]
    /// code points.
    TooLong,
}

impl fmt::Display for PunycodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PunycodeError::NonBasic => "non-ascii character in punycode",
            PunycodeError::InvalidDigit => "invalid punycode digit",
            PunycodeError::Overflow => "punycode overflow",
            PunycodeError::InvalidCodePoint => "punycode decodes to an invalid code point",
            PunycodeError::TooLong => "punycode label too long",
        })
    }
}

impl core::error::Error for PunycodeError {}

/// Dividends below this are divided by [`divide`] with a multiplication.
const SMALL_DIVIDEND: u32 = 1 << 25;

/// `ceil(2^32 / d)` for each divisor `d` from 1 to 64, and for 0 that of 1 (as [`divide`]
/// divides by 1 instead of 0).
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const RECIPROCALS: [u64; 65] = {
    let mut table = [1u64 << 32; 65];
    let mut d = 1;
    while d < 65 {
        table[d] = (1u64 << 32).div_ceil(d as u64);
        d += 1;
    }
    table
};

/// `n / d` (`n` for `d = 0`), without a division instruction when `n < SMALL_DIVIDEND` and
/// `d <= 64`.
///
/// With `m = ceil(2^32 / d) = (2^32 + e) / d` where `0 <= e < d`, `n * m / 2^32` is
/// `n / d + n * e / (d * 2^32)`; writing `n = a * d + r`, its floor is `a` as long as
/// `r + n * e / 2^32 < d`, which holds when `n * e < 2^32`: here `n < 2^25` and `e < 64`.
#[inline]
fn divide(n: u32, d: u32) -> u32 {
    match RECIPROCALS.get(d as usize) {
        Some(&m) if n < SMALL_DIVIDEND => ((u64::from(n) * m) >> 32) as u32,
        _ => n / d.max(1),
    }
}

/// The largest delta that step 3 of [`adapt`] leaves undivided.
const ADAPT_LIMIT: u32 = ((BASE - TMIN) * TMAX) / 2;

/// `((BASE - TMIN + 1) * delta) / (delta + SKEW)` for every delta up to [`ADAPT_LIMIT`].
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const ADAPT_TAIL: [u8; ADAPT_LIMIT as usize + 1] = {
    let mut table = [0u8; ADAPT_LIMIT as usize + 1];
    let mut delta = 0;
    while delta <= ADAPT_LIMIT {
        table[delta as usize] = (((BASE - TMIN + 1) * delta) / (delta + SKEW)) as u8;
        delta += 1;
    }
    table
};

/// RFC 3492 section 6.1, bias adaptation function.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    adapt_by(delta, num_points.max(1), first_time, divide)
}

/// [`adapt`] with `div` for step 2's division (by `num_points`, at least 1).
#[inline(always)]
fn adapt_by(delta: u32, num_points: u32, first_time: bool, div: impl Fn(u32, u32) -> u32) -> u32 {
    // Step 1: scale delta (damp on the first adaptation); step 2: compensate for the length.
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += div(delta, num_points);
    // Step 3: divide until delta falls under the threshold, counting steps of `BASE`.
    let mut k = 0;
    while delta > ADAPT_LIMIT {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + u32::from(ADAPT_TAIL.get(delta as usize).copied().unwrap_or(0))
}

/// The threshold `t` for position `k` of a variable-length integer (section 6.2 and 6.3).
#[inline]
fn threshold(k: u32, bias: u32) -> u32 {
    // `TMIN` when `k <= bias`, `TMAX` when `k >= bias + TMAX`, else `k - bias` (branch-free).
    k.saturating_sub(bias).clamp(TMIN, TMAX)
}

/// The value of a base-36 digit: `a-z` and `A-Z` are 0-25, `0-9` are 26-35 (section 5).
#[cfg(test)]
fn digit_value(byte: u8) -> Option<u32> {
    match byte {
        b'a'..=b'z' => Some(u32::from(byte - b'a')),
        b'A'..=b'Z' => Some(u32::from(byte - b'A')),
        b'0'..=b'9' => Some(u32::from(byte - b'0') + 26),
        _ => None,
    }
}

/// The value of each byte as a base-36 digit (section 5), or [`NOT_A_DIGIT`]: one load a
/// digit instead of three range tests.
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const DIGIT_VALUES: [u8; 256] = {
    let mut table = [NOT_A_DIGIT; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        table[b] = match byte {
            b'a'..=b'z' => byte - b'a',
            b'A'..=b'Z' => byte - b'A',
            b'0'..=b'9' => byte - b'0' + 26,
            _ => NOT_A_DIGIT,
        };
        b += 1;
    }
    table
};

/// What [`DIGIT_VALUES`] holds for a byte that is no base-36 digit.
const NOT_A_DIGIT: u8 = 0xFF;

/// Appends the ASCII byte `byte` (masked to 7 bits, so that the push needs no UTF-8 encoding).
#[inline]
pub(crate) fn push_ascii(out: &mut String, byte: u8) {
    out.push(char::from(byte & 0x7F));
}

/// The lower-case digit for a value below 36.
#[inline]
fn digit_byte(value: u32) -> u8 {
    if value < 26 { b'a' + value as u8 } else { b'0' + (value as u8).wrapping_sub(26) }
}

/// Working memory for Punycode, reused across labels so that converting a domain allocates
/// once rather than once a label.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// Decoding: the output code points (inserted in place).
    chars: Vec<char>,
    /// Encoding: `(code point, position)` of the non-basic code points.
    points: Vec<(u32, u32)>,
    /// Encoding: every code point of a short input.
    code_points: Vec<u32>,
    /// Encoding: a Fenwick tree over positions, counting the code points already handled.
    tree: Vec<u32>,
}

/// Decodes Punycode `input` (without the `xn--` prefix) into a new string.
///
/// # Errors
///
/// [`PunycodeError`] when `input` is not valid Punycode or is longer than [`MAX_LABEL_LEN`].
///
/// ```
/// use weburl_host::idna::punycode::decode;
///
/// assert_eq!(decode("bcher-kva")?, "bücher");
/// assert!(decode("99999999999").is_err());
/// # Ok::<(), weburl_host::idna::punycode::PunycodeError>(())
/// ```
#[doc(alias = "decode_to_string")]
pub fn decode(input: &str) -> Result<String, PunycodeError> {
    // Each decoded code point takes at least one input byte: a short input decodes on the
    // stack, into a string allocated once at its exact length.
    if input.len() <= 16 {
        return decode_short::<16>(input);
    }
    if input.len() <= 32 {
        return decode_short::<32>(input);
    }
    if input.len() <= SHORT_LABEL {
        return decode_short::<SHORT_LABEL>(input);
    }
    let mut out = String::new();
    decode_into(input, &mut out)?;
    Ok(out)
}

/// [`decode`] of an input of at most `N` bytes, decoded as `char`s into a buffer on the stack
/// (most labels are short: a smaller buffer is cheaper to set up).
fn decode_short<const N: usize>(input: &str) -> Result<String, PunycodeError> {
    let mut stack = ['\0'; N];
    let (len, utf8) = decode_counted(input.as_bytes(), &mut stack)?;
    let chars = stack.get(..len).unwrap_or_default();
    let mut out = String::with_capacity(utf8);
    for &c in chars {
        out.push(c);
    }
    Ok(out)
}

/// Decodes Punycode `input` (without the `xn--` prefix), appending the result to `out`. On
/// failure `out` is left as it was.
///
/// # Errors
///
/// [`PunycodeError`] when `input` is not valid Punycode or is longer than [`MAX_LABEL_LEN`].
///
/// ```
/// use weburl_host::idna::punycode::decode_into;
///
/// let mut out = String::from("label: ");
/// decode_into("bcher-kva", &mut out)?;
/// assert_eq!(out, "label: bücher");
/// assert!(decode_into("99999999999", &mut out).is_err());
/// assert_eq!(out, "label: bücher", "unchanged on failure");
/// # Ok::<(), weburl_host::idna::punycode::PunycodeError>(())
/// ```
pub fn decode_into(input: &str, out: &mut String) -> Result<(), PunycodeError> {
    decode_with(input, out, &mut Scratch::default())
}

/// [`decode_into`] with caller-provided working memory.
pub(crate) fn decode_with(
    input: &str,
    out: &mut String,
    scratch: &mut Scratch,
) -> Result<(), PunycodeError> {
    // Each decoded code point takes at least one input byte: a short input decodes on the stack.
    if input.len() <= SHORT_LABEL {
        let mut stack = [0u32; SHORT_LABEL];
        let (len, utf8) = decode_counted(input.as_bytes(), &mut stack)?;
        let points = stack.get(..len).unwrap_or_default();
        out.reserve(utf8);
        push_chars(out, points);
        return Ok(());
    }
    let chars = &mut scratch.chars;
    chars.clear();
    decode_chars(input, chars)?;
    out.reserve(chars.iter().map(|c| c.len_utf8()).sum());
    out.extend(chars.iter());
    Ok(())
}

/// Appends code points (Unicode scalar values; any other value is skipped, which the decoders
/// never produce) to `out`, a `char` at a time: the string writes each one's UTF-8 bytes in
/// place, with nothing to check afterwards.
#[inline]
pub(crate) fn push_chars(out: &mut String, points: &[u32]) {
    for &cp in points {
        if let Some(c) = char::from_u32(cp) {
            out.push(c);
        }
    }
}

/// The UTF-8 length of code points.
pub(crate) fn utf8_len(points: &[u32]) -> usize {
    points
        .iter()
        .map(|&cp| {
            1 + usize::from(cp >= 0x80) + usize::from(cp >= 0x800) + usize::from(cp >= 0x1_0000)
        })
        .sum()
}

/// RFC 3492 section 6.2, decoding procedure, the inner loop: reads one generalized
/// variable-length integer from the front of `digits` and adds it to `i`: the sum, which the
/// caller tests to fit in 32 bits (or fails with [`PunycodeError::Overflow`]).
///
/// The sum and the weight are kept in 64 bits, so that a digit costs no overflow test of its
/// own: the weight is tested as it grows (kept within 32 bits, so the sum cannot wrap), and the
/// sum once, when the number ends or fails. Both only grow, so a sum past 32 bits at that point
/// means the RFC's checked arithmetic overflowed at some digit before, and the answer is
/// [`PunycodeError::Overflow`] whatever else went wrong after it, as there.
#[inline]
fn read_delta(
    digits: &mut core::slice::Iter<'_, u8>,
    i: u32,
    bias: u32,
) -> Result<u64, PunycodeError> {
    let mut sum = u64::from(i);
    let mut w: u64 = 1;
    // `k - bias` for k = BASE, 2 * BASE, ...: the threshold is this clamped to [TMIN, TMAX].
    let mut k_less_bias = BASE as i32 - bias as i32;
    let overflowed =
        |sum: u64, e| if sum > u64::from(u32::MAX) { PunycodeError::Overflow } else { e };
    loop {
        let Some(&byte) = digits.next() else {
            return Err(overflowed(sum, PunycodeError::InvalidDigit));
        };
        let digit = u64::from(DIGIT_VALUES.get(usize::from(byte)).copied().unwrap_or(NOT_A_DIGIT));
        if digit >= u64::from(BASE) {
            return Err(overflowed(sum, PunycodeError::InvalidDigit));
        }
        sum += digit * w;
        let t = k_less_bias.clamp(TMIN as i32, TMAX as i32) as u64;
        if digit < t {
            return Ok(sum);
        }
        w *= u64::from(BASE) - t;
        if w > u64::from(u32::MAX) {
            return Err(PunycodeError::Overflow);
        }
        k_less_bias += BASE as i32;
    }
}

/// RFC 3492 section 6.2, decoding procedure, into the code point buffer `out`: the number of
/// code points decoded and their UTF-8 length. The input must not be longer than `out` (each
/// decoded code point takes at least one input byte, so they fit).
///
/// The input is checked to be ASCII as it is read (the basic code points as they are copied,
/// the digits by [`DIGIT_VALUES`], which holds no non-ASCII byte), and in full only on a
/// failure, which is [`PunycodeError::NonBasic`] for any input with a non-ASCII byte.
pub(crate) fn decode_counted<T: Copy + From<char>>(
    bytes: &[u8],
    out: &mut [T],
) -> Result<(usize, usize), PunycodeError> {
    decode_ascii(bytes, out).map_err(|e| if bytes.is_ascii() { e } else { PunycodeError::NonBasic })
}

/// [`decode_counted`], with any failure reported as if `bytes` were ASCII.
#[inline]
fn decode_ascii<T: Copy + From<char>>(
    bytes: &[u8],
    out: &mut [T],
) -> Result<(usize, usize), PunycodeError> {
    if bytes.len() > out.len() {
        return Err(PunycodeError::TooLong);
    }
    // Copy the code points before the last delimiter; the delimiter itself is consumed only
    // when at least one code point precedes it.
    let (basic, rest) = match last_hyphen(bytes) {
        Some(0) | None => (&[][..], bytes),
        Some(pos) => {
            (bytes.get(..pos).unwrap_or_default(), bytes.get(pos + 1..).unwrap_or_default())
        }
    };
    let mut high = 0;
    for (slot, &b) in out.iter_mut().zip(basic) {
        high |= b;
        *slot = T::from(char::from(b));
    }
    if high >= 0x80 {
        return Err(PunycodeError::NonBasic);
    }
    let mut len = basic.len();
    let mut utf8 = len;
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut digits = rest.iter();
    while !digits.as_slice().is_empty() {
        let old_i = i;
        let sum = read_delta(&mut digits, i, bias)?;
        i = u32::try_from(sum).map_err(|_| PunycodeError::Overflow)?;
        // The output length plus one, the number of places to insert at (`len` is at most
        // `out.len()`, a buffer of a label's code points, far below 2^32).
        let places = NonZeroU32::MIN.saturating_add(len as u32);
        bias = adapt(i - old_i, places.get(), old_i == 0);
        n = n.checked_add(i / places).ok_or(PunycodeError::Overflow)?;
        i %= places;
        let c = match char::from_u32(n) {
            Some(c) if n >= INITIAL_N => c,
            _ => return Err(PunycodeError::InvalidCodePoint),
        };
        // `c.len_utf8()` for a code point of 0x80 or more, without its branches (which cost
        // 13,216,367 -> 13,420,228 instructions on punycode/decode).
        utf8 += 2 + usize::from(n >= 0x800) + usize::from(n >= 0x1_0000);
        // i < places, so i <= len; and len < out.len(), as each code point took a byte.
        let at = i as usize;
        // Insert at `at`, moving the rest up one place: a few code points (the usual case,
        // when the buffer has room past them) as a block of a fixed size, copied in line
        // without a call to `memmove` (what it moves past `len` is not part of the output).
        if len - at <= MOVE_BLOCK
            && let Some(block) = out.get_mut(at..=at + MOVE_BLOCK)
        {
            block.copy_within(..MOVE_BLOCK, 1);
        } else if let Some(slots) = out.get_mut(at..=len) {
            slots.copy_within(..len - at, 1);
        } else {
            return Err(PunycodeError::TooLong);
        }
        if let Some(slot) = out.get_mut(at) {
            *slot = T::from(c);
        }
        len += 1;
        i += 1;
    }
    Ok((len, utf8))
}

/// Most code points after an insertion point that [`decode_ascii`] moves as a block of a fixed
/// size (when the buffer has room for the whole block).
const MOVE_BLOCK: usize = 8;

/// The position of the last `-` in `bytes`, eight bytes at a time from the end.
fn last_hyphen(bytes: &[u8]) -> Option<usize> {
    const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Bit 7 of each byte set exactly where the byte of `w` is `-`: a byte is zero after the
    // exclusive or when neither its low seven bits plus 0x7F nor itself has bit 7 set (no sum
    // carries into the next byte).
    let hyphens = |w: u64| {
        let x = w ^ (u64::from_ne_bytes([b'-'; 8]));
        !(((x & LOWS) + LOWS) | x | LOWS)
    };
    let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().unwrap_or_default());
    let mut words = bytes.rchunks_exact(8);
    let mut end = bytes.len();
    for chunk in words.by_ref() {
        end -= 8;
        let found = hyphens(word(chunk));
        if found != 0 {
            return Some(end + (63 - found.leading_zeros() as usize) / 8);
        }
    }
    // The first eight bytes (overlapping words already seen, none of which holds a `-`), or
    // the bytes one at a time when there are fewer.
    match bytes.get(..8) {
        Some(first) if end > 0 => {
            let found = hyphens(word(first));
            (found != 0).then(|| (63 - found.leading_zeros() as usize) / 8)
        }
        Some(_) => None,
        None => bytes.iter().rposition(|&b| b == b'-'),
    }
}

/// RFC 3492 section 6.2, decoding procedure, into `out` (empty on entry).
///
/// Each insertion moves the code points after it, so the cost is quadratic in the label
/// length, which [`MAX_LABEL_LEN`] bounds.
pub(crate) fn decode_chars(input: &str, out: &mut Vec<char>) -> Result<(), PunycodeError> {
    let bytes = input.as_bytes();
    if !input.is_ascii() {
        return Err(PunycodeError::NonBasic);
    }
    // Copy the code points before the last delimiter; the delimiter itself is consumed only
    // when at least one code point precedes it.
    let (basic, rest) = match input.rfind(DELIMITER) {
        Some(0) | None => ("", bytes),
        Some(pos) => {
            (input.get(..pos).unwrap_or_default(), bytes.get(pos + 1..).unwrap_or_default())
        }
    };
    // The output has at most one code point per input byte, and at most MAX_LABEL_LEN.
    if basic.len() > MAX_LABEL_LEN {
        return Err(PunycodeError::TooLong);
    }
    out.reserve(bytes.len().min(MAX_LABEL_LEN));
    out.extend(basic.chars());
    let mut n = INITIAL_N;
    let mut i: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut digits = rest.iter();
    while !digits.as_slice().is_empty() {
        let old_i = i;
        let sum = read_delta(&mut digits, i, bias)?;
        i = u32::try_from(sum).map_err(|_| PunycodeError::Overflow)?;
        // The cap is on the decoded label (what encode accepts), not on the input: an encoding
        // of MAX_LABEL_LEN code points takes more bytes than that.
        if out.len() >= MAX_LABEL_LEN {
            return Err(PunycodeError::TooLong);
        }
        // The output length plus one, the number of places to insert at.
        let places = u32::try_from(out.len() + 1).map_err(|_| PunycodeError::TooLong)?;
        bias = adapt(i - old_i, places, old_i == 0);
        n = n.checked_add(i / places).ok_or(PunycodeError::Overflow)?;
        i %= places;
        let c = char::from_u32(n).ok_or(PunycodeError::InvalidCodePoint)?;
        if c.is_ascii() {
            return Err(PunycodeError::InvalidCodePoint);
        }
        // i < places, so i <= out.len(): the insertion is in bounds.
        let at = i as usize;
        if at > out.len() {
            return Err(PunycodeError::Overflow);
        }
        out.insert(at, c);
        i += 1;
    }
    Ok(())
}

/// Encodes `input` as Punycode (without the `xn--` prefix) into a new string.
///
/// # Errors
///
/// [`PunycodeError::Overflow`] or [`PunycodeError::TooLong`] for an input too long to encode.
///
/// ```
/// use weburl_host::idna::punycode::encode;
///
/// assert_eq!(encode("bücher")?, "bcher-kva");
/// assert_eq!(encode("abc")?, "abc-");
/// # Ok::<(), weburl_host::idna::punycode::PunycodeError>(())
/// ```
#[doc(alias = "encode_str")]
pub fn encode(input: &str) -> Result<String, PunycodeError> {
    let mut out = String::new();
    encode_into(input, &mut out)?;
    Ok(out)
}

/// Encodes `input` as Punycode (without the `xn--` prefix), appending the result to `out`. On
/// failure `out` is left as it was.
///
/// # Errors
///
/// [`PunycodeError::Overflow`] or [`PunycodeError::TooLong`] for an input too long to encode.
///
/// ```
/// use weburl_host::idna::punycode::encode_into;
///
/// let mut out = String::from("xn--");
/// encode_into("bücher", &mut out)?;
/// assert_eq!(out, "xn--bcher-kva");
/// # Ok::<(), weburl_host::idna::punycode::PunycodeError>(())
/// ```
pub fn encode_into(input: &str, out: &mut String) -> Result<(), PunycodeError> {
    encode_with(input, out, &mut Scratch::default())
}

/// [`encode_into`] with caller-provided working memory.
pub(crate) fn encode_with(
    input: &str,
    out: &mut String,
    scratch: &mut Scratch,
) -> Result<(), PunycodeError> {
    let start = out.len();
    let result = encode_at(input, out, scratch);
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// Writes `q` as a generalized variable-length integer (RFC 3492 section 6.3, inner loop).
#[inline]
fn push_integer(out: &mut String, q: u32, bias: u32) {
    push_integer_by(out, q, bias, divide);
}

/// [`push_integer`] with `div` for its divisions.
#[inline(always)]
fn push_integer_by(out: &mut String, mut q: u32, bias: u32, div: impl Fn(u32, u32) -> u32) {
    let mut k = BASE;
    loop {
        let t = threshold(k, bias);
        if q < t {
            break;
        }
        let quotient = div(q - t, BASE - t);
        push_ascii(out, digit_byte(t + (q - t) - quotient * (BASE - t)));
        q = quotient;
        k += BASE;
    }
    push_ascii(out, digit_byte(q));
}

/// Number of marked positions before `pos` in the Fenwick tree `tree`.
fn tree_prefix(tree: &[u32], pos: usize) -> u32 {
    let mut sum = 0;
    let mut at = pos;
    while at > 0 {
        sum += tree.get(at).copied().unwrap_or(0);
        at &= at - 1;
    }
    sum
}

/// Marks position `pos` in the Fenwick tree `tree`.
fn tree_mark(tree: &mut [u32], pos: usize) {
    let mut at = pos + 1;
    while let Some(slot) = tree.get_mut(at) {
        *slot += 1;
        at += at & at.wrapping_neg();
    }
}

/// Labels of up to this many code points are encoded from buffers on the stack, with one bit a
/// position (see [`encode_masked`]), and decoded into a buffer on the stack.
const SHORT_LABEL: usize = 64;

/// RFC 3492 section 6.3, encoding procedure, for a label of at most [`SHORT_LABEL`] code points:
/// the basic code points, the delimiter when there are any, and the deltas.
///
/// The RFC's loop, for each code point `m` in increasing order, walks the input adding one to
/// delta for each smaller code point and writing delta at each `m`. The same deltas follow from
/// the decoder's view: the occurrences of the non-basic code points are inserted in (code point,
/// position) order, and the occurrence of `m` at position `p` goes in at index `i`, the number of
/// code points already present before `p` (basic ones, and non-basic ones inserted earlier, which
/// are those `<= m`). The decoder adds delta to its state `(n, i)` counted as
/// `n * (h + 1) + i` with `h` code points present, and moves one past each insertion, so delta is
/// `(m - n) * (h + 1) + i - (previous i + 1)`. With one bit a position, `i` is a popcount.
fn encode_masked(input: &[u32], out: &mut String) {
    // Most labels are short: their keys fit a smaller buffer, cheaper to set up.
    if input.len() <= 16 {
        encode_masked_in::<16>(input, out);
    } else {
        encode_masked_in::<SHORT_LABEL>(input, out);
    }
}

/// [`encode_masked`] with room for `N` keys (`input` holds at most `N <= 64` code points).
///
/// No step can overflow: a delta is at most `(0x10FFFF - 0x80) * 64 + 63`, under 2^27, so the
/// arithmetic is plain and every division is by a number up to 64 (see [`divide_short`]).
fn encode_masked_in<const N: usize>(input: &[u32], out: &mut String) {
    // The basic code points are copied in order as they are met; `keys` gathers
    // `code point << 6 | position` of each non-basic one (then sorted; 27 bits, as a code
    // point has 21 and a position 6), and `present` the positions of the code points present
    // so far, as bits. The unused keys stay [`KEY_PAD`].
    let mut keys = [KEY_PAD; N];
    let mut count: usize = 0;
    let mut present: u64 = 0;
    for (pos, &c) in (0u32..).zip(input) {
        if c < INITIAL_N {
            push_ascii(out, c as u8);
            present |= 1 << (pos & 63);
        } else if let Some(slot) = keys.get_mut(count) {
            *slot = c << KEY_SHIFT | (pos & KEY_POSITION);
            count += 1;
        }
    }
    // The delimiter after the basic code points, if there are any.
    let basic = input.len() - count;
    if basic > 0 {
        out.push(DELIMITER);
    }
    let basic = basic as u32;
    // Sorted: a few keys by insertion (cheapest), more by rank (no branch on the keys, where
    // the insertion loop's exits mispredict).
    let mut ordered = [0u32; N];
    let sorted = if count <= INSERTION_SORT {
        let sorted = keys.get_mut(..count).unwrap_or_default();
        sort_small(sorted);
        &*sorted
    } else {
        sort_by_rank(&keys, count, &mut ordered)
    };
    let mut n = INITIAL_N;
    // The decoder's index after the previous insertion (one past it).
    let mut next: u32 = 0;
    let mut bias = INITIAL_BIAS;
    for (h, &key) in (basic..).zip(sorted) {
        let (m, pos) = (key >> KEY_SHIFT, key & KEY_POSITION);
        let i = ones(present & ((1u64 << pos) - 1), N);
        // `m >= n` (the keys are sorted) and `i >= next` (an occurrence of the same code point
        // further on has the previous one before it), so nothing wraps.
        let delta = (m - n) * (h + 1) + i - next;
        push_integer_by(out, delta, bias, divide_short);
        bias = adapt_by(delta, h + 1, h == basic, divide_short);
        present |= 1 << pos;
        n = m;
        next = i + 1;
    }
}

/// The bits of a position in a key of [`encode_masked_in`], below its code point.
const KEY_SHIFT: u32 = 6;
/// The mask of a key's position.
const KEY_POSITION: u32 = (1 << KEY_SHIFT) - 1;
/// The unused keys: above every key (under 2^27) as a signed number too.
const KEY_PAD: u32 = i32::MAX as u32;

/// `n / d` for `1 <= d <= 64` and `n * (d - 1) < 2^32`, by [`RECIPROCALS`] with no range test:
/// exact, as [`divide`] shows. The short-label encoder's divisions all qualify: a digit's
/// dividend is under 2^27 and its divisor at most 35; [`adapt_by`]'s is under 2^26.
#[inline(always)]
fn divide_short(n: u32, d: u32) -> u32 {
    debug_assert!((1..=64).contains(&d) && u64::from(n) * u64::from(d - 1) < 1 << 32, "{n} / {d}");
    let m = RECIPROCALS.get(d as usize).copied().unwrap_or(1 << 32);
    ((u64::from(n) * m) >> 32) as u32
}

/// The number of bits set in each byte value.
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const BYTE_ONES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    table
};

/// The number of bits set in `mask`, whose bits at `bits` and above are clear: for a mask of
/// up to 16 bits, two table loads (the baseline x86-64 target has no population count
/// instruction, and its portable form takes about twenty).
#[inline]
fn ones(mask: u64, bits: usize) -> u32 {
    if bits <= 16 {
        let byte = |shift: u32| {
            u32::from(BYTE_ONES.get((mask >> shift & 0xFF) as usize).copied().unwrap_or(0))
        };
        byte(0) + byte(8)
    } else {
        mask.count_ones()
    }
}

/// The most keys [`encode_masked_in`] sorts by insertion.
const INSERTION_SORT: usize = 3;

/// The first `count` of `keys` (distinct, the rest [`KEY_PAD`]) in increasing order, written
/// to `out` (as long) by rank: each key goes where the number of smaller keys puts it.
/// Quadratic, but with no branch on the keys, and each rank is counted over whole blocks of
/// sixteen keys (four SSE2 comparisons), the padding never smaller than a key.
fn sort_by_rank<'a, const N: usize>(
    keys: &[u32; N],
    count: usize,
    out: &'a mut [u32; N],
) -> &'a [u32] {
    let (blocks, _) = keys.as_chunks::<16>();
    // The blocks that hold the `count` keys (`N` is a multiple of 16).
    let blocks = blocks.get(..count.div_ceil(16)).unwrap_or_default();
    for &key in keys.get(..count).unwrap_or_default() {
        // Lane-wise counts (each key below 2^27, so the signed comparison SSE2 has is exact),
        // summed once at the end.
        let key = key as i32;
        let mut lanes = [0i32; 4];
        for block in blocks {
            for quad in block.as_chunks::<4>().0 {
                for (lane, &other) in lanes.iter_mut().zip(quad) {
                    *lane += i32::from((other as i32) < key);
                }
            }
        }
        let rank = lanes.iter().sum::<i32>() as usize;
        if let Some(slot) = out.get_mut(rank) {
            *slot = key as u32;
        }
    }
    out.get(..count).unwrap_or_default()
}

/// Insertion sort, for the few keys of a label.
fn sort_small(keys: &mut [u32]) {
    for i in 1..keys.len() {
        let Some(&key) = keys.get(i) else { break };
        let mut j = i;
        while let Some(&before) = j.checked_sub(1).and_then(|b| keys.get(b)) {
            if before <= key {
                break;
            }
            if let Some(slot) = keys.get_mut(j) {
                *slot = before;
            }
            j -= 1;
        }
        if let Some(slot) = keys.get_mut(j) {
            *slot = key;
        }
    }
}

/// RFC 3492 section 6.3, encoding procedure, for the code points of `input`.
fn encode_at(input: &str, out: &mut String, scratch: &mut Scratch) -> Result<(), PunycodeError> {
    // Short labels (every DNS label) are held on the stack.
    let mut stack = [0u32; SHORT_LABEL];
    let mut count = 0;
    for c in input.chars() {
        match stack.get_mut(count) {
            Some(slot) => *slot = u32::from(c),
            None => {
                count = usize::MAX;
                break;
            }
        }
        count += 1;
    }
    if let Some(buffer) = stack.get(..count) {
        return encode_points(buffer, out, Some(scratch));
    }
    if input.chars().count() > MAX_LABEL_LEN {
        return Err(PunycodeError::TooLong);
    }
    let mut code_points = core::mem::take(&mut scratch.code_points);
    code_points.clear();
    code_points.extend(input.chars().map(u32::from));
    let result = encode_points(&code_points, out, Some(&mut *scratch));
    scratch.code_points = code_points;
    result
}

/// RFC 3492 section 6.3, encoding procedure, for code points given as `u32` values (Unicode
/// scalar values), appending to `out`. On failure `out` may hold part of the output. Without
/// `scratch`, a label with many non-basic code points gets working memory of its own.
pub(crate) fn encode_points(
    input: &[u32],
    out: &mut String,
    scratch: Option<&mut Scratch>,
) -> Result<(), PunycodeError> {
    if input.len() > MAX_LABEL_LEN {
        return Err(PunycodeError::TooLong);
    }
    // Room for the code points, the delimiter and (most often) every delta: a delta takes one
    // to a few digits, the first ones more.
    out.reserve(3 * input.len() + 5);
    if input.len() <= SHORT_LABEL {
        encode_masked(input, out);
        return Ok(());
    }
    // Copy the basic code points in order (counting them as the output grows), then the
    // delimiter if there were any.
    let start = out.len();
    for &c in input {
        if c < INITIAL_N {
            push_ascii(out, c as u8);
        }
    }
    let basic = out.len() - start;
    let non_basic = input.len() - basic;
    if basic > 0 {
        out.push(DELIMITER);
    }
    let basic = basic as u32;
    if non_basic == 0 {
        Ok(())
    } else {
        match scratch {
            Some(scratch) => encode_long(input, out, basic, non_basic, scratch),
            None => encode_long(input, out, basic, non_basic, &mut Scratch::default()),
        }
    }
}

/// RFC 3492 section 6.3, encoding procedure, for many non-basic code points.
///
/// The RFC's loop scans the whole input once per distinct non-basic code point (quadratic);
/// this computes the same deltas from the positions of each code point's occurrences, counting
/// the smaller code points before each with a Fenwick tree, in O(n log n).
fn encode_long(
    input: &[u32],
    out: &mut String,
    basic: u32,
    non_basic: usize,
    scratch: &mut Scratch,
) -> Result<(), PunycodeError> {
    let points = &mut scratch.points;
    points.clear();
    points.reserve(non_basic);
    for (pos, &c) in (0..).zip(input) {
        if c >= INITIAL_N {
            points.push((c, pos));
        }
    }
    points.sort_unstable();
    // The tree marks the positions of the code points below n: the basic ones first.
    let tree = &mut scratch.tree;
    tree.clear();
    tree.resize(input.len() + 1, 0);
    for (pos, &c) in input.iter().enumerate() {
        if c < INITIAL_N {
            tree_mark(tree, pos);
        }
    }
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let mut h = basic;
    let mut rest: &[(u32, u32)] = points;
    while let Some(&(m, _)) = rest.first() {
        let same = rest.iter().take_while(|&&(c, _)| c == m).count();
        let (group, tail) = rest.split_at(same);
        rest = tail;
        // Step: advance n to m, counting every place passed on the way.
        let step = (m - n).checked_mul(h + 1).ok_or(PunycodeError::Overflow)?;
        delta = delta.checked_add(step).ok_or(PunycodeError::Overflow)?;
        n = m;
        let handled = h;
        let mut previous_rank = 0;
        for &(_, pos) in group {
            // The smaller code points between the previous occurrence and this one.
            let rank = tree_prefix(tree, pos as usize);
            delta = delta.checked_add(rank - previous_rank).ok_or(PunycodeError::Overflow)?;
            previous_rank = rank;
            push_integer(out, delta, bias);
            bias = adapt(delta, h + 1, h == basic);
            delta = 0;
            h += 1;
        }
        // The smaller code points after the last occurrence, then one more for n + 1.
        delta = delta.checked_add(handled - previous_rank + 1).ok_or(PunycodeError::Overflow)?;
        n += 1;
        for &(_, pos) in group {
            tree_mark(tree, pos as usize);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod fuzz_regressions;
