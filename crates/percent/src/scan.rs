//! The block scans behind [`AsciiSet::first_member`] and [`AsciiSet::for_each_member`]:
//! finding the bytes of a set 16 bytes at a time, for the sets that leave every "common" byte
//! alone.
//!
//! A common byte is an ASCII letter, digit, `-`, `.` or `_` (and, for the sets without `/`,
//! `/`): most of the bytes of real paths, queries and names. Whether a byte is common is a few
//! range tests that the compiler runs on 16 bytes at once, so a block of common bytes costs no
//! table load at all. The first-member scan searches a block that is not all common byte by
//! byte (rare where members are); the member walk of the encoder, for which such blocks are
//! the rule (a `/` in most blocks of a path, for the component set), reads one candidate lane
//! per byte that is not common and looks up only those.
//!
//! Which of the two kinds of common byte a set may skip is [`Common`], worked out when the set
//! is built; a set with a common byte among its members (such as [`NON_ALPHANUMERIC`]) scans
//! with its table alone.
//!
//! [`NON_ALPHANUMERIC`]: crate::NON_ALPHANUMERIC

use crate::set::AsciiSet;

/// Which bytes a set's scan may skip without looking them up: what [`AsciiSet`] keeps beside
/// its table (a function of the table).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Common {
    /// Some letter, digit, `-`, `.` or `_` is a member: every byte is looked up.
    None,
    /// No letter, digit, `-`, `.` or `_` is a member, but `/` is.
    NoSlash,
    /// No letter, digit, `-`, `.`, `_` or `/` is a member.
    WithSlash,
}

impl Common {
    /// The common bytes of the kinds [`Common::NoSlash`] (`with_slash` false) and
    /// [`Common::WithSlash`] (`with_slash` true).
    #[inline(always)]
    pub(crate) const fn holds(b: u8, with_slash: bool) -> bool {
        // Each range test moves its range to the bottom of the signed bytes (from -128), so
        // that one signed compare tests it (SSE2 compares signed bytes, not unsigned ones).
        // `| 0x20` lowercases an upper letter and makes no other byte a lower one.
        let letter = ((b | 0x20).wrapping_add(0x80 - b'a') as i8) < i8::MIN + 26;
        // `-`, `.`, `/` and the digits are 0x2D to 0x39; `/` is 0x2F.
        let mark_or_digit = if with_slash {
            (b.wrapping_add(0x80 - b'-') as i8) < i8::MIN + 13
        } else {
            ((b.wrapping_add(0x80 - b'0') as i8) < i8::MIN + 10)
                | ((b.wrapping_add(0x80 - b'-') as i8) < i8::MIN + 2)
        };
        letter | mark_or_digit | (b == b'_')
    }

    /// The kind of a set whose member bytes are the `true` entries of `table`.
    #[allow(clippy::indexing_slicing, reason = "indices run from 0 to 127 over 256 entries")]
    pub(crate) const fn of(table: &[bool; 256]) -> Common {
        let mut common = Common::WithSlash;
        let mut b = 0;
        while b < 0x80 {
            if table[b] {
                common = common.with_member(b as u8);
            }
            b += 1;
        }
        common
    }

    /// The kind once `byte` becomes a member too.
    #[inline]
    pub(crate) const fn with_member(self, byte: u8) -> Common {
        if Common::holds(byte, false) {
            Common::None
        } else if byte == b'/' && matches!(self, Common::WithSlash) {
            Common::NoSlash
        } else {
            self
        }
    }
}

/// One lane per byte of `block`, least significant first: 0xFF where the byte is not common,
/// else 0.
#[inline(always)]
fn candidates(block: &[u8; 16], with_slash: bool) -> u128 {
    let mut lanes = [0u8; 16];
    // Every lane computed with no exit, and all-ones lanes (a vector compare's result), so
    // that the compiler tests the 16 bytes at once and reads the lanes out as two words.
    for (lane, &b) in lanes.iter_mut().zip(block) {
        *lane = if Common::holds(b, with_slash) { 0 } else { 0xFF };
    }
    u128::from_le_bytes(lanes)
}

/// Whether every byte of `block` is common: every byte tested with no exit per byte, so that
/// the compiler tests the 16 at once.
#[inline(always)]
fn plain(block: &[u8; 16], with_slash: bool) -> bool {
    let mut plain = true;
    for &b in block {
        plain &= Common::holds(b, with_slash);
    }
    plain
}

/// The first member of `set` in `bytes` from `from` on (`bytes.len()` when none, or `from`
/// when it is past the end), for a set whose kind is not [`Common::None`]: the
/// [`Common::WithSlash`] kind when `with_slash`, else [`Common::NoSlash`].
///
/// Blocks of 16 bytes from `from`, then the input's last 16 bytes (overlapping those already
/// passed), each skipped whole when all its bytes are common; a block that is not is searched
/// byte by byte with the table. An input shorter than 16 bytes is searched byte by byte.
/// (Reading the candidate lanes out as integers instead costs a round trip through memory
/// that is slower than the byte loop over the rare blocks with an odd byte.)
#[inline(always)]
pub(crate) fn first_member_common(
    set: &AsciiSet,
    bytes: &[u8],
    mut from: usize,
    with_slash: bool,
) -> usize {
    let len = bytes.len();
    while let Some(block) = bytes.get(from..).and_then(<[u8]>::first_chunk::<16>) {
        if !plain(block, with_slash)
            && let Some(k) = block.iter().position(|&b| set.contains(b))
        {
            return from + k;
        }
        from += 16;
    }
    if from >= len {
        return from;
    }
    if bytes.last_chunk::<16>().is_some_and(|last| plain(last, with_slash)) {
        return len;
    }
    let rest = bytes.get(from..).unwrap_or_default();
    from + rest.iter().position(|&b| set.contains(b)).unwrap_or(rest.len())
}

/// What is done with each member a scan finds ([`AsciiSet::for_each_member`]): a trait with
/// an always-inlined method rather than a closure, so that the per-member work is compiled
/// into the scan loop.
pub(crate) trait Visit {
    /// Called with the index of each member, in order.
    fn member(&mut self, at: usize);

    /// Called instead of [`Visit::member`] for the 16 bytes from `at` when none of them is
    /// common (text of most scripts, every byte non-ASCII): visits each member in order, or
    /// does what that would do in one pass over the block.
    #[inline(always)]
    fn block(&mut self, set: &AsciiSet, block: &[u8; 16], at: usize) {
        for (k, &b) in block.iter().enumerate() {
            if set.contains(b) {
                self.member(at + k);
            }
        }
    }
}

/// Calls `visit` with the index of each member of `set` in `bytes` from `from` on, in order,
/// for a set whose kind is not [`Common::None`] (as [`first_member_common`]).
///
/// The blocks are those of [`first_member_common`]; each block's candidates are walked in
/// order without recomputing them, so that members close together (the `/` of a path, for
/// the component set) cost one block each.
#[inline(always)]
pub(crate) fn for_each_member_common(
    set: &AsciiSet,
    bytes: &[u8],
    mut from: usize,
    with_slash: bool,
    visit: &mut impl Visit,
) {
    let len = bytes.len();
    if len < 16 {
        // Short input: straight to the byte loop, without the blocks' set-up.
        visit_by_table(set, bytes, from, visit);
        return;
    }
    loop {
        // One lane per byte from `from` on (zeros past the end).
        let lanes = if let Some(block) = bytes.get(from..).and_then(<[u8]>::first_chunk::<16>) {
            let lanes = candidates(block, with_slash);
            if lanes == u128::MAX {
                // No common byte: the block in one pass, without a lane walk.
                visit.block(set, block, from);
                from += 16;
                continue;
            }
            lanes
        } else if let Some(last) = bytes.last_chunk::<16>().filter(|_| from < len) {
            candidates(last, with_slash) >> (8 * (16 - (len - from)))
        } else {
            return;
        };
        if lanes != 0 {
            visit_marked(set, bytes, from, lanes as u64, visit);
            visit_marked(set, bytes, from + 8, (lanes >> 64) as u64, visit);
        }
        from = (from + 16).min(len);
    }
}

/// Calls `visit` with the index of each member of `set` in `bytes` from `from` on, in order,
/// one table load per byte.
#[inline(always)]
pub(crate) fn visit_by_table(set: &AsciiSet, bytes: &[u8], from: usize, visit: &mut impl Visit) {
    let rest = bytes.get(from..).unwrap_or_default();
    for (i, &b) in rest.iter().enumerate() {
        if set.contains(b) {
            visit.member(from + i);
        }
    }
}

/// Calls `visit` with `base + k` for each lane `k` of `lanes` (all-ones lanes, least
/// significant first) whose byte `bytes[base + k]` is a member of `set`, in order.
#[inline(always)]
fn visit_marked(set: &AsciiSet, bytes: &[u8], base: usize, mut lanes: u64, visit: &mut impl Visit) {
    while lanes != 0 {
        let at = base + (lanes.trailing_zeros() / 8) as usize;
        if bytes.get(at).is_some_and(|&b| set.contains(b)) {
            visit.member(at);
        }
        // The lowest marked lane is all ones: its lowest bit times 0xFF.
        lanes ^= (lanes & lanes.wrapping_neg()).wrapping_mul(0xFF);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set::{C0_CONTROL, COMPONENT, FORM_URLENCODED, NON_ALPHANUMERIC, PATH, USERINFO};
    use alloc::vec::Vec;

    /// The byte-by-byte definition of the first member from `from` on.
    fn oracle(set: &AsciiSet, bytes: &[u8], from: usize) -> usize {
        bytes
            .iter()
            .enumerate()
            .skip(from)
            .find(|&(_, &b)| set.contains(b))
            .map_or(bytes.len().max(from), |(i, _)| i)
    }

    /// Collects the members a scan visits.
    struct Collect(Vec<usize>);

    impl Visit for Collect {
        fn member(&mut self, at: usize) {
            self.0.push(at);
        }
    }

    /// The byte-by-byte definition of every member from `from` on.
    fn all_oracle(set: &AsciiSet, bytes: &[u8], from: usize) -> Vec<usize> {
        (from..bytes.len()).filter(|&i| set.contains(bytes[i])).collect()
    }

    #[test]
    fn common_bytes() {
        for b in 0u8..=0xFF {
            let base = b.is_ascii_alphanumeric() || b"-._".contains(&b);
            assert_eq!(Common::holds(b, false), base, "{b:#x}");
            assert_eq!(Common::holds(b, true), base || b == b'/', "{b:#x}");
        }
    }

    #[test]
    fn kinds_of_the_sets() {
        assert_eq!(Common::of(&[false; 256]), Common::WithSlash);
        for (set, kind) in [
            (&C0_CONTROL, Common::WithSlash),
            (&PATH, Common::WithSlash),
            (&USERINFO, Common::NoSlash),
            (&COMPONENT, Common::NoSlash),
            (&FORM_URLENCODED, Common::NoSlash),
            (NON_ALPHANUMERIC, Common::None),
        ] {
            assert_eq!(set.common(), kind, "{set:?}");
        }
    }

    /// The block scan agrees with a byte loop: inputs of 0 to 70 bytes of common bytes (with
    /// and without `/`) holding one or two odd bytes (members or not) at every place, from
    /// every start, for sets of each kind.
    #[test]
    fn block_scan_matches_a_byte_loop() {
        let odd = [b' ', b'/', b'~', b'=', b'%', b'?', 0x00, 0x7F, 0x80, 0xC3, 0xFF, b'{'];
        let mut checked = 0;
        for set in [&PATH, &COMPONENT, &C0_CONTROL, &FORM_URLENCODED] {
            for len in 0..70 {
                let base: Vec<u8> = (0..len).map(|i| b"ab-Z_9./x"[i % 9]).collect();
                for at in 0..len {
                    for (n, &o) in odd.iter().enumerate() {
                        let mut bytes = base.clone();
                        bytes[at] = o;
                        // A second odd byte further on, to test the walk past a non-member.
                        let later = at + 1 + (n * 5) % 19;
                        if let Some(b) = bytes.get_mut(later) {
                            *b = odd[(n + 3) % odd.len()];
                        }
                        for from in [0, 1, at.saturating_sub(1), at, at + 1, len, len + 1] {
                            let got = set.first_member(&bytes, from);
                            assert_eq!(got, oracle(set, &bytes, from), "{bytes:?} {from}");
                            let mut all = Collect(Vec::new());
                            set.for_each_member(&bytes, from, &mut all);
                            assert_eq!(all.0, all_oracle(set, &bytes, from), "{bytes:?} {from}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Blocks with no common byte (each visited as a whole) agree with the byte loop: runs of
    /// 14 to 40 odd bytes (members or not) at every place of common bytes, from every start.
    #[test]
    fn uncommon_blocks_match_a_byte_loop() {
        let odd = [b' ', b'~', 0xC3, 0xA9, b'=', b'%', 0xFF, b'{', 0x80, b'!'];
        let mut checked = 0;
        for set in [&PATH, &COMPONENT, &C0_CONTROL, &FORM_URLENCODED] {
            for run in 14..40 {
                for at in 0..20 {
                    let mut bytes: Vec<u8> =
                        (0..at + run + 5).map(|i| b"ab-Z_9./x"[i % 9]).collect();
                    for (k, b) in bytes.iter_mut().skip(at).take(run).enumerate() {
                        *b = odd[(k * 3 + run) % odd.len()];
                    }
                    for from in [0, at, at + 1, at + 7] {
                        let mut all = Collect(Vec::new());
                        set.for_each_member(&bytes, from, &mut all);
                        assert_eq!(all.0, all_oracle(set, &bytes, from), "{bytes:?} {from}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 8_000, "{checked}");
    }

    #[test]
    fn table_only_sets_scan_too() {
        let bytes = b"abc-def_ghi.jkl/mno~pqr stu";
        for from in 0..=bytes.len() + 1 {
            let got = NON_ALPHANUMERIC.first_member(bytes, from);
            assert_eq!(got, oracle(NON_ALPHANUMERIC, bytes, from));
            let mut all = Collect(Vec::new());
            NON_ALPHANUMERIC.for_each_member(bytes, from, &mut all);
            assert_eq!(all.0, all_oracle(NON_ALPHANUMERIC, bytes, from));
        }
    }
}
