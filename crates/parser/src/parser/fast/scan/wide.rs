//! The path, query and fragment scans 32 bytes at a time on x86-64 CPUs with AVX2, which is
//! tested at run time: a default x86-64 build may assume only SSE2's 16-byte vectors.
//!
//! A block's bytes are classed as the 16-byte blocks class them ([`common_path_byte`] and a
//! path's `.` after a `/`, or [`common_text_byte`]), and AVX2's byte mask gives the first
//! byte outside the set at once: the scan stops there if [`Stops::bits`] says so, and
//! otherwise hands that position back ([`scan_tries`] takes this scan again after it a few
//! times, then the 16-byte scan goes on). A component that ends the input ends in the
//! input's last 32 bytes, read with the bytes before `pos` dropped. A 32-byte block costs
//! about 25 instructions, where two 16-byte blocks cost about 60, and the block with the stop
//! in it needs no exact words to find it.
//!
//! This module holds the crate's one `unsafe` block: the call of [`scan_wide`] (compiled for
//! AVX2) after the run-time test found AVX2.
//!
//! [`common_path_byte`]: super::common_path_byte
//! [`common_text_byte`]: super::common_text_byte

use core::arch::x86_64::{
    __m256i, _mm256_add_epi8, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set_epi64x, _mm256_set1_epi8,
};

use super::Stops;

/// The block width, and the fewest bytes from `pos` to the end for which the scan takes
/// 32-byte blocks (fewer go to the 16-byte scan).
const WIDTH: usize = 32;

/// What [`scan`] found: `Ok` the scan's end (as [`super::scan`] gives it), or `Err` the
/// position of the first byte outside the block set, where the 16-byte scan goes on.
pub(super) type Found = Result<usize, usize>;

/// [`super::scan`] from `pos` with `stops` through 32-byte blocks, where `PATH` says that
/// `stops` is the path scan (its blocks skip [`common_path_byte`](super::common_path_byte)s
/// without a `.` after a `/`; the others skip [`common_text_byte`](super::common_text_byte)s).
/// `None` (nothing scanned) when fewer than [`WIDTH`] bytes are left, for a path when `pos`
/// is 0 (no byte before it), or when the CPU has no AVX2.
#[inline(always)]
pub(super) fn scan<S: Stops, const PATH: bool>(
    bytes: &[u8],
    pos: usize,
    stops: S,
) -> Option<Found> {
    if bytes.len().saturating_sub(pos) < WIDTH || (PATH && pos == 0) {
        return None;
    }
    if !std::is_x86_feature_detected!("avx2") {
        return None;
    }
    #[allow(unsafe_code)]
    // SAFETY: `scan_wide` is compiled for AVX2, and the test above found it on this CPU. It
    // reads `bytes` only through safe slice indexing.
    Some(unsafe { scan_wide::<S, PATH>(bytes, pos, stops) })
}

/// How many times [`scan_tries`] takes [`scan`], which gives up at each byte outside its set
/// that is no stop (a `~` or `=` in a path), before the 16-byte scan goes on: a long path with
/// a few such bytes stays on the wide blocks, one with many does not pay a call for each.
const TRIES: usize = 4;

/// [`scan`] from `pos`, and again after each byte where it gives up, up to [`TRIES`] times:
/// `Ok` the scan's end, or `Err` where the 16-byte scan goes on (`pos` when [`scan`] does not
/// apply).
#[inline(always)]
pub(super) fn scan_tries<S: Stops, const PATH: bool>(
    bytes: &[u8],
    mut pos: usize,
    stops: S,
) -> Result<usize, usize> {
    for _ in 0..TRIES {
        match scan::<S, PATH>(bytes, pos, stops) {
            Some(Ok(end)) => return Ok(end),
            Some(Err(odd)) => pos = odd + 1,
            None => break,
        }
    }
    Err(pos)
}

/// [`scan`] after its tests: `bytes` has at least [`WIDTH`] bytes from `pos` (and, for a path,
/// one before it).
#[target_feature(enable = "avx2")]
fn scan_wide<S: Stops, const PATH: bool>(bytes: &[u8], mut pos: usize, stops: S) -> Found {
    let len = bytes.len();
    loop {
        // The block at `pos`, or the input's last one (`len >= WIDTH`) with the bytes before
        // `pos` dropped.
        let whole = pos.checked_add(WIDTH).is_some_and(|end| end <= len);
        let at = if whole { pos } else { len - WIDTH };
        let Some(mask) = odd_bytes::<PATH>(bytes, at) else {
            return Err(pos);
        };
        // `pos - at` is 0 for a whole block, and below `WIDTH` for the last one (`pos < len`:
        // a whole block that ends the input ends the scan).
        let mask = mask >> (pos - at);
        if mask == 0 {
            if !whole || pos + WIDTH == len {
                return Ok(len);
            }
            pos += WIDTH;
            continue;
        }
        // The first byte outside the block set: a stop, or where the 16-byte scan goes on.
        let odd = pos + mask.trailing_zeros() as usize;
        return if stops_at(bytes, odd, stops) { Ok(odd) } else { Err(odd) };
    }
}

/// Whether `stops` stops at byte `at` of `bytes` (at least eight bytes long): bit `at` of the
/// word of `bytes` that holds it (the last word, for a byte in the last eight).
#[inline(always)]
fn stops_at<S: Stops>(bytes: &[u8], at: usize, stops: S) -> bool {
    let start = at.min(bytes.len().saturating_sub(8));
    let Some(word) = bytes.get(start..start + 8).and_then(|w| <&[u8; 8]>::try_from(w).ok()) else {
        // Never (the scan reads 32 bytes); the 16-byte scan would decide.
        return false;
    };
    (stops.bits(bytes, word, start) >> (at - start)) & 1 != 0
}

/// The 32 bytes at `at` of `bytes` as a vector, if there are as many (read as four words,
/// which the compiler merges into one load).
#[target_feature(enable = "avx2")]
fn load(bytes: &[u8], at: usize) -> Option<__m256i> {
    let block = bytes.get(at..at.checked_add(WIDTH)?)?;
    let (a, rest) = block.split_first_chunk::<8>()?;
    let (b, rest) = rest.split_first_chunk::<8>()?;
    let (c, d) = rest.split_first_chunk::<8>()?;
    let d = <&[u8; 8]>::try_from(d).ok()?;
    let word = |w: &[u8; 8]| i64::from_le_bytes(*w);
    Some(_mm256_set_epi64x(word(d), word(c), word(b), word(a)))
}

/// Bit `i` set for each byte `at + i` of `bytes` outside the block set: for a path (`PATH`)
/// a byte that is not a [`common_path_byte`](super::common_path_byte) or is a `.` right after
/// a `/`, else one that is not a [`common_text_byte`](super::common_text_byte). `None` when
/// there are not 32 bytes at `at` (and, for a path, one before them).
#[target_feature(enable = "avx2")]
fn odd_bytes<const PATH: bool>(bytes: &[u8], at: usize) -> Option<u32> {
    let v = load(bytes, at)?;
    let splat = |b: u8| _mm256_set1_epi8(b as i8);
    let is = |b: u8| _mm256_cmpeq_epi8(v, splat(b));
    let or = _mm256_or_si256;
    // The range tests of `letter` and `marks_from`: each range moved to the bottom of the
    // signed bytes, then one signed compare.
    let within = |x: __m256i, from: u8, count: u8| {
        let moved = _mm256_add_epi8(x, splat(0x80u8.wrapping_sub(from)));
        _mm256_cmpgt_epi8(splat(0x80u8.wrapping_add(count)), moved)
    };
    let letter = within(or(v, splat(0x20)), b'a', 26);
    let from = if PATH { b'&' } else { b'(' };
    let marks = within(v, from, b';' - from + 1);
    let mut common = or(or(letter, marks), or(is(b'_'), is(b'@')));
    if !PATH {
        common = or(common, or(is(b'='), or(is(b'&'), is(b'?'))));
    }
    // The mask's 32 bits, one a byte (`as` keeps the bits of the `i32`).
    let mut odd = !(_mm256_movemask_epi8(common) as u32);
    if PATH {
        let before = load(bytes, at.checked_sub(1)?)?;
        let after_slash = _mm256_cmpeq_epi8(before, splat(b'/'));
        odd |= _mm256_movemask_epi8(_mm256_and_si256(is(b'.'), after_slash)) as u32;
    }
    Some(odd)
}

#[cfg(test)]
mod tests {
    use super::super::super::{
        FRAGMENT_CLASSES, FRAGMENT_STOPS, PATH_CLASSES, QUERY_CLASSES, QUERY_STOPS, class,
    };
    use super::super::{
        Path, Text, common_path_byte, common_text_byte, scan as narrow, scan_path, scan_text,
        slash_before,
    };
    use super::*;
    use alloc::vec::Vec;

    /// Where the blocks of [`scan`] stop, byte by byte: the first byte at or after `pos` that
    /// is outside the block set (`len` when there is none).
    fn first_odd(bytes: &[u8], pos: usize, path: bool) -> usize {
        (pos..bytes.len())
            .find(|&i| {
                let b = bytes[i];
                if path {
                    !common_path_byte(b) || (b == b'.' && bytes[i - 1] == b'/')
                } else {
                    !common_text_byte(b)
                }
            })
            .unwrap_or(bytes.len())
    }

    /// The exact stop of each scan, byte by byte: the first byte at or after `pos` that the
    /// component's table does not copy (or a path's `.` after a `/`).
    fn exact(bytes: &[u8], pos: usize, classes: &[u8; 256], path: bool) -> usize {
        (pos..bytes.len())
            .find(|&i| {
                class(classes, bytes[i]) != 0
                    || (path && i > 0 && bytes[i] == b'.' && bytes[i - 1] == b'/')
            })
            .unwrap_or(bytes.len())
    }

    /// Checks the scans of `bytes` from `pos` (path, query, fragment): the 16-byte scan and the
    /// whole scan (through [`scan`] when it applies) stop where the byte-by-byte scan stops,
    /// and [`scan`] finds the first odd byte, `Ok` only when the scan stops there. Returns how
    /// many [`scan`] took.
    fn check(bytes: &[u8], pos: usize) -> usize {
        let mut wide = 0;
        let path = Path { before: slash_before(bytes, pos) };
        let (query, fragment) = (Text(&QUERY_STOPS), Text(&FRAGMENT_STOPS));
        let scans = [
            (true, &PATH_CLASSES, scan::<_, true>(bytes, pos, path), narrow(bytes, pos, path)),
            (false, &QUERY_CLASSES, scan::<_, false>(bytes, pos, query), narrow(bytes, pos, query)),
            (
                false,
                &FRAGMENT_CLASSES,
                scan::<_, false>(bytes, pos, fragment),
                narrow(bytes, pos, fragment),
            ),
        ];
        let whole = [
            scan_path(bytes, pos),
            scan_text(bytes, pos, &QUERY_STOPS),
            scan_text(bytes, pos, &FRAGMENT_STOPS),
        ];
        for ((is_path, classes, found, narrow), whole) in scans.into_iter().zip(whole) {
            let stop = exact(bytes, pos, classes, is_path);
            assert_eq!(narrow, stop, "16-byte scan, path {is_path}, {bytes:?} from {pos}");
            assert_eq!(whole, stop, "scan, path {is_path}, {bytes:?} from {pos}");
            let Some(found) = found else {
                let short = bytes.len() - pos < WIDTH || (is_path && pos == 0);
                assert!(short || !std::is_x86_feature_detected!("avx2"), "{bytes:?} from {pos}");
                continue;
            };
            let odd = first_odd(bytes, pos, is_path);
            let want = if stop == odd { Ok(odd) } else { Err(odd) };
            assert_eq!(found, want, "path {is_path} {bytes:?} from {pos}");
            wide += 1;
        }
        wide
    }

    /// Every byte value at every place of inputs around one and two blocks long, scanned from
    /// the start, from just before and after that byte and from the last block's start; a
    /// third of the values after a `/`, so that a `.` there starts a dot segment. Under Miri
    /// (built with AVX2 on, see `.ci/run`), a sample of the values and places.
    #[test]
    fn blocks_stop_at_the_first_odd_byte() {
        let mut scanned = 0;
        let step = if cfg!(miri) { 23 } else { 1 };
        for len in [32, 33, 34, 40, 63, 64, 65, 97] {
            for place in (0..len).step_by(step) {
                for b in (0..=255u8).step_by(step) {
                    let mut bytes: Vec<u8> = (0..len).map(|i| b"ab/c-9_Z.(;@"[i % 12]).collect();
                    bytes[place] = b;
                    if place > 1 && b % 3 == 0 {
                        bytes[place - 1] = b'/';
                    }
                    let starts = [
                        0,
                        1,
                        place.saturating_sub(1),
                        place,
                        place + 1,
                        len.saturating_sub(33),
                        len - 32,
                    ];
                    for pos in starts.into_iter().filter(|&p| p <= len) {
                        scanned += check(&bytes, pos);
                    }
                }
            }
        }
        if std::is_x86_feature_detected!("avx2") {
            assert!(scanned > 300_000 / step / step, "{scanned}");
        }
    }

    /// Odd bytes that are no stop (`~`, `=` and `!` in a path, `~`, `!` and `'` in a query)
    /// spread over a long input, then a stop (also right after an odd byte): [`scan`] gives
    /// up at the first of them, the scan takes it again after each (up to its limit, then the
    /// 16-byte scan goes on), and stops where the byte-by-byte scan stops.
    #[test]
    fn scans_go_on_after_odd_bytes_that_do_not_stop() {
        let base: Vec<u8> = (0..300).map(|i| b"seg/ment-9_Z.(;@"[i % 16]).collect();
        let mut checked = 0;
        // Under Miri (see `.ci/run`), three of the gaps.
        let gaps: &[usize] =
            if cfg!(miri) { &[1, 9, 33] } else { &[1, 2, 7, 8, 9, 31, 32, 33, 50] };
        for &gap in gaps {
            for (odd, tail) in [(b'~', b'#'), (b'=', b'?'), (b'!', b'<'), (b'\'', b' ')] {
                let mut bytes = base.clone();
                for at in (5..bytes.len()).step_by(gap) {
                    bytes[at] = odd;
                }
                for end in [bytes.len(), 200, 101, 64, 5 + 3 * gap + 1, 5 + 6 * gap + 1] {
                    let mut bytes = bytes[..end.min(300)].to_vec();
                    if end < 300 {
                        bytes.push(tail);
                        bytes.extend_from_slice(b"rest");
                    }
                    for pos in [1, 2, 3, 40].into_iter().filter(|&p| p <= bytes.len()) {
                        checked += check(&bytes, pos);
                    }
                }
            }
        }
        if std::is_x86_feature_detected!("avx2") {
            assert!(checked > 100 * gaps.len(), "{checked}");
        }
    }
}
