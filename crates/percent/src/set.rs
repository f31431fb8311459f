//! The [`AsciiSet`] type and the percent-encode sets of the URL Standard, section 1.3.
//!
//! A set lists which code points must be percent-encoded. Every non-ASCII code point is a
//! member of every set (the C0 control percent-encode set includes "code points greater than
//! U+007E", and every other set is built on it), so only the ASCII members vary.
//!
//! A set is stored as a 256-entry table indexed by byte, so that classifying a byte while
//! scanning is one load. The table is filled in `const` context: the eight sets of the
//! standard are `const` values, built from each other exactly as the standard defines them.
//! Beside the table a set keeps which "common" bytes (letters, digits, `-`, `.`, `_`, maybe
//! `/`) none of its members are, so that its scan can skip them 16 at a time (`scan`).

use core::{fmt, ops};

use crate::scan::{Common, Visit, first_member_common, for_each_member_common, visit_by_table};

/// A percent-encode set: some ASCII bytes, plus every non-ASCII byte.
///
/// Sets are built in `const` context from [`AsciiSet::EMPTY`] (also named
/// [`AsciiSet::NON_ASCII`]), [`CONTROLS`], [`NON_ALPHANUMERIC`] or one of the standard's sets
/// with [`AsciiSet::add`], [`AsciiSet::add_all`], [`AsciiSet::add_range`],
/// [`AsciiSet::remove`], [`AsciiSet::union`] and [`AsciiSet::complement`] (or the `+` and `!`
/// operators), as with rust-url's `percent-encoding` crate.
///
/// ```
/// use weburl_percent::{AsciiSet, CONTROLS, QUERY, utf8_percent_encode};
///
/// const MY_SET: AsciiSet = QUERY.add(b'/');
/// assert!(MY_SET.contains(b'/') && MY_SET.contains(b'#') && MY_SET.contains(0xC3));
/// assert!(!MY_SET.contains(b'a'));
///
/// // Written as for `percent-encoding`: a `&AsciiSet` constant built from `CONTROLS`.
/// const FRAGMENT: &AsciiSet = &CONTROLS.add(b' ').add(b'"').add(b'<').add(b'>').add(b'`');
/// assert_eq!(utf8_percent_encode("foo <bar>", FRAGMENT).to_string(), "foo%20%3Cbar%3E");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    /// Entry `b` is true when byte `b` is a member. Entries 0x80 to 0xFF are always true.
    table: [bool; 256],
    /// Which common bytes the scan may skip without the table: always `Common::of(&table)`.
    common: Common,
}

/// The table with only the non-ASCII bytes set.
#[allow(clippy::indexing_slicing, reason = "indices run from 0x80 to 0xFF over 256 entries")]
const NON_ASCII_TABLE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0x80;
    while b < 256 {
        table[b] = true;
        b += 1;
    }
    table
};

impl AsciiSet {
    /// The set whose only members are the non-ASCII code points.
    ///
    /// ```
    /// use weburl_percent::{AsciiSet, utf8_percent_encode};
    ///
    /// assert!(AsciiSet::NON_ASCII.contains(0x80) && !AsciiSet::NON_ASCII.contains(b' '));
    /// assert_eq!(utf8_percent_encode("a b€", &AsciiSet::NON_ASCII).to_string(), "a b%E2%82%AC");
    /// ```
    #[doc(alias = "EMPTY")]
    pub const NON_ASCII: AsciiSet = AsciiSet::from_table(NON_ASCII_TABLE);

    /// The set with no ASCII member: percent-encoding's name for [`AsciiSet::NON_ASCII`].
    /// Non-ASCII bytes are members of every set, this one included (percent-encoding encodes
    /// them whatever the set, too).
    ///
    /// ```
    /// use weburl_percent::{AsciiSet, percent_encode};
    ///
    /// assert_eq!(AsciiSet::EMPTY, AsciiSet::NON_ASCII);
    /// assert_eq!(percent_encode(b"% \xFF", &AsciiSet::EMPTY).to_string(), "% %FF");
    /// ```
    pub const EMPTY: AsciiSet = AsciiSet::NON_ASCII;

    /// The set whose members are the `true` entries of `table` (entries 0x80 to 0xFF true).
    const fn from_table(table: [bool; 256]) -> AsciiSet {
        AsciiSet { common: Common::of(&table), table }
    }

    /// Which common bytes the scan of this set may skip (see [`crate::scan`]).
    #[cfg(test)]
    pub(crate) const fn common(&self) -> Common {
        self.common
    }

    /// This set plus the ASCII byte `byte`. A non-ASCII `byte` leaves the set unchanged
    /// (non-ASCII bytes are always members).
    ///
    /// ```
    /// use weburl_percent::{AsciiSet, PATH};
    ///
    /// const PATH_AND_SLASH: AsciiSet = PATH.add(b'/');
    /// assert!(PATH_AND_SLASH.contains(b'/') && !PATH.contains(b'/'));
    /// assert_eq!(AsciiSet::EMPTY.add(0xC3), AsciiSet::EMPTY);
    /// ```
    #[must_use]
    #[allow(
        clippy::indexing_slicing,
        reason = "a `u8` index into a 256-entry table is always in bounds"
    )]
    pub const fn add(&self, byte: u8) -> AsciiSet {
        let mut table = self.table;
        table[byte as usize] = true;
        // Adding a member can only narrow what the scan skips (a non-ASCII byte changes
        // nothing: `with_member` keeps the kind for it).
        AsciiSet { table, common: self.common.with_member(byte) }
    }

    /// This set plus every byte of `bytes`.
    ///
    /// ```
    /// use weburl_percent::AsciiSet;
    ///
    /// const DELIMITERS: AsciiSet = AsciiSet::EMPTY.add_all(b":/?#");
    /// assert!(DELIMITERS.contains(b'?') && !DELIMITERS.contains(b'a'));
    /// ```
    #[must_use]
    pub const fn add_all(&self, bytes: &[u8]) -> AsciiSet {
        let mut set = *self;
        let mut rest = bytes;
        while let [first, tail @ ..] = rest {
            set = set.add(*first);
            rest = tail;
        }
        set
    }

    /// This set plus every byte from `first` to `last`, both included (none when `first` is
    /// greater than `last`).
    ///
    /// ```
    /// use weburl_percent::AsciiSet;
    ///
    /// const DIGITS: AsciiSet = AsciiSet::EMPTY.add_range(b'0', b'9');
    /// assert!(DIGITS.contains(b'0') && DIGITS.contains(b'9') && !DIGITS.contains(b'a'));
    /// assert_eq!(AsciiSet::EMPTY.add_range(b'9', b'0'), AsciiSet::EMPTY);
    /// ```
    #[must_use]
    pub const fn add_range(&self, first: u8, last: u8) -> AsciiSet {
        let mut set = *self;
        let mut b = first;
        while b <= last {
            set = set.add(b);
            if b == u8::MAX {
                break;
            }
            b += 1;
        }
        set
    }

    /// This set without the ASCII byte `byte`. A non-ASCII `byte` leaves the set unchanged
    /// (non-ASCII bytes are always members).
    ///
    /// ```
    /// use weburl_percent::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
    ///
    /// const UNRESERVED: &AsciiSet =
    ///     &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');
    /// assert_eq!(utf8_percent_encode("a-b c~", UNRESERVED).to_string(), "a-b%20c~");
    /// ```
    #[must_use]
    #[allow(
        clippy::indexing_slicing,
        reason = "a `u8` index into a 256-entry table is always in bounds"
    )]
    pub const fn remove(&self, byte: u8) -> AsciiSet {
        let mut table = self.table;
        if byte < 0x80 {
            table[byte as usize] = false;
        }
        AsciiSet::from_table(table)
    }

    /// The union of two sets (also written `a + b`).
    ///
    /// ```
    /// use weburl_percent::{AsciiSet, FRAGMENT, QUERY};
    ///
    /// const BOTH: AsciiSet = FRAGMENT.union(QUERY);
    /// assert!(BOTH.contains(b'`') && BOTH.contains(b'#'));
    /// assert_eq!(BOTH, FRAGMENT + QUERY);
    /// ```
    #[must_use]
    #[allow(clippy::indexing_slicing, reason = "indices run from 0 to 255 over 256-entry tables")]
    pub const fn union(&self, other: AsciiSet) -> AsciiSet {
        let mut table = self.table;
        let mut b = 0;
        while b < 256 {
            table[b] = table[b] || other.table[b];
            b += 1;
        }
        AsciiSet::from_table(table)
    }

    /// The set of the ASCII bytes that are not in this set, plus (as always) every non-ASCII
    /// byte (also written `!set`).
    ///
    /// ```
    /// use weburl_percent::{AsciiSet, CONTROLS, NON_ALPHANUMERIC};
    ///
    /// const ALPHANUMERIC: AsciiSet = NON_ALPHANUMERIC.complement();
    /// assert!(ALPHANUMERIC.contains(b'a') && !ALPHANUMERIC.contains(b'-'));
    /// assert!(ALPHANUMERIC.contains(0xFF), "non-ASCII bytes stay members");
    /// assert_eq!(!*CONTROLS, CONTROLS.complement());
    /// assert_eq!(AsciiSet::EMPTY.complement().complement(), AsciiSet::EMPTY);
    /// ```
    #[must_use]
    #[allow(clippy::indexing_slicing, reason = "indices run from 0 to 127 over a 256-entry table")]
    pub const fn complement(&self) -> AsciiSet {
        let mut table = self.table;
        let mut b = 0;
        while b < 0x80 {
            table[b] = !table[b];
            b += 1;
        }
        AsciiSet::from_table(table)
    }

    /// Whether `byte` is in the set (always true for bytes 0x80 and above).
    ///
    /// ```
    /// use weburl_percent::PATH;
    ///
    /// assert!(PATH.contains(b' ') && PATH.contains(0x80) && !PATH.contains(b'/'));
    /// ```
    #[inline]
    #[must_use]
    #[allow(
        clippy::indexing_slicing,
        reason = "a `u8` index into a 256-entry table is always in bounds"
    )]
    pub const fn contains(&self, byte: u8) -> bool {
        self.table[byte as usize]
    }

    /// The index of the first byte of `bytes` from `from` on that is in the set, or
    /// `bytes.len()` (or `from`, when it is past the end) when there is none.
    ///
    /// A set that leaves the common bytes alone (see [`crate::scan`]) is scanned 16 bytes at
    /// a time, skipping blocks of common bytes whole; any other set with
    /// [`AsciiSet::first_member_by_table`].
    #[inline]
    pub(crate) fn first_member(&self, bytes: &[u8], from: usize) -> usize {
        match self.common {
            Common::WithSlash => first_member_common(self, bytes, from, true),
            Common::NoSlash => first_member_common(self, bytes, from, false),
            Common::None => self.first_member_by_table(bytes, from),
        }
    }

    /// Calls `visit` with the index of each byte of `bytes` from `from` on that is in the set,
    /// in order: blocks of 16 bytes as [`AsciiSet::first_member`], or a byte loop.
    #[inline(always)]
    pub(crate) fn for_each_member(&self, bytes: &[u8], from: usize, visit: &mut impl Visit) {
        match self.common {
            Common::WithSlash => for_each_member_common(self, bytes, from, true, visit),
            Common::NoSlash => for_each_member_common(self, bytes, from, false, visit),
            Common::None => visit_by_table(self, bytes, from, visit),
        }
    }

    /// [`AsciiSet::first_member`] with a table load for every byte.
    ///
    /// Eight bytes at a time, one branch a group (an `or` of the eight table entries); in the
    /// group that has a member its first one is the lowest set bit of the group's member bits,
    /// found without a byte loop. The last group is the input's last eight bytes, shifted past
    /// those already passed.
    #[inline]
    pub(crate) fn first_member_by_table(&self, bytes: &[u8], mut from: usize) -> usize {
        let hit = |b: u8| u32::from(self.contains(b));
        let bits =
            |chunk: &[u8; 8]| chunk.iter().enumerate().fold(0, |acc, (k, &b)| acc | hit(b) << k);
        while let Some(chunk) = bytes.get(from..).and_then(<[u8]>::first_chunk::<8>) {
            if chunk.iter().fold(0, |acc, &b| acc | hit(b)) != 0 {
                return from + bits(chunk).trailing_zeros() as usize;
            }
            from += 8;
        }
        let left = bytes.len().saturating_sub(from);
        if left == 0 {
            return from;
        }
        if let Some(last) = bytes.last_chunk::<8>() {
            // `left` is 1 to 7; bit `left` marks the end.
            let found = (bits(last) >> (8 - left)) | 1 << left;
            return from + found.trailing_zeros() as usize;
        }
        // An input shorter than eight bytes.
        let rest = bytes.get(from..).unwrap_or_default();
        from + rest.iter().position(|&b| self.contains(b)).unwrap_or(rest.len())
    }

    /// Whether the code point `c` is in the set (always true for non-ASCII code points).
    ///
    /// ```
    /// use weburl_percent::PATH;
    ///
    /// assert!(PATH.contains_char('{') && PATH.contains_char('é') && !PATH.contains_char('a'));
    /// ```
    #[inline]
    #[must_use]
    pub const fn contains_char(&self, c: char) -> bool {
        let c = c as u32;
        if c < 0x80 { self.contains(c as u8) } else { true }
    }
}

impl ops::Add for AsciiSet {
    type Output = AsciiSet;

    /// The union of two sets, as [`AsciiSet::union`].
    fn add(self, other: AsciiSet) -> AsciiSet {
        self.union(other)
    }
}

impl ops::Not for AsciiSet {
    type Output = AsciiSet;

    /// The complement of the set, as [`AsciiSet::complement`].
    fn not(self) -> AsciiSet {
        self.complement()
    }
}

impl fmt::Debug for AsciiSet {
    /// Lists the ASCII members (the non-ASCII code points are always members).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AsciiSet { ascii: \"")?;
        for b in 0u8..0x80 {
            if self.contains(b) {
                fmt::Display::fmt(&char::from(b).escape_debug(), f)?;
            }
        }
        f.write_str("\", non_ascii: true }")
    }
}

/// The C0 control percent-encode set: the C0 controls (U+0000 to U+001F) and every code point
/// greater than U+007E (so DEL, U+007F, and all of non-ASCII).
///
/// ```
/// use weburl_percent::{utf8_percent_encode, C0_CONTROL};
///
/// assert_eq!(utf8_percent_encode("a b\u{1}\u{7F}~é", &C0_CONTROL).to_string(), "a b%01%7F~%C3%A9");
/// ```
pub const C0_CONTROL: AsciiSet = AsciiSet::NON_ASCII.add_range(0x00, 0x1F).add(0x7F);

/// percent-encoding's `CONTROLS`: the C0 controls and DEL (and, as in every set, the non-ASCII
/// bytes). It is the [`C0_CONTROL`] set, as a reference, as percent-encoding defines it, so
/// that `utf8_percent_encode(s, CONTROLS)` ports unchanged.
///
/// ```
/// use weburl_percent::{C0_CONTROL, CONTROLS, utf8_percent_encode};
///
/// assert_eq!(*CONTROLS, C0_CONTROL);
/// assert_eq!(utf8_percent_encode("a\tb c\u{7F}é", CONTROLS).to_string(), "a%09b c%7F%C3%A9");
/// ```
pub const CONTROLS: &AsciiSet = &C0_CONTROL;

/// percent-encoding's `NON_ALPHANUMERIC`: every byte but the ASCII letters and digits, as a
/// reference, as percent-encoding defines it.
///
/// ```
/// use weburl_percent::{NON_ALPHANUMERIC, utf8_percent_encode};
///
/// let encoded = utf8_percent_encode("a-b_c.d~e f", NON_ALPHANUMERIC).to_string();
/// assert_eq!(encoded, "a%2Db%5Fc%2Ed%7Ee%20f");
/// ```
pub const NON_ALPHANUMERIC: &AsciiSet = &AsciiSet::NON_ASCII
    .add_range(0x00, b'0' - 1)
    .add_range(b'9' + 1, b'A' - 1)
    .add_range(b'Z' + 1, b'a' - 1)
    .add_range(b'z' + 1, 0x7F);

/// The fragment percent-encode set: the C0 control percent-encode set and U+0020 SPACE,
/// U+0022 (`"`), U+003C (`<`), U+003E (`>`) and U+0060 (`` ` ``).
///
/// ```
/// use weburl_percent::{utf8_percent_encode, FRAGMENT};
///
/// assert_eq!(utf8_percent_encode("a b<`>#?", &FRAGMENT).to_string(), "a%20b%3C%60%3E#?");
/// ```
pub const FRAGMENT: AsciiSet = C0_CONTROL.add_all(b" \"<>`");

/// The query percent-encode set: the C0 control percent-encode set and U+0020 SPACE,
/// U+0022 (`"`), U+0023 (`#`), U+003C (`<`) and U+003E (`>`).
///
/// It cannot be built from the fragment set, which holds `` ` `` and this set does not.
///
/// ```
/// use weburl_percent::{utf8_percent_encode, QUERY};
///
/// assert_eq!(utf8_percent_encode("a b#'`", &QUERY).to_string(), "a%20b%23'`");
/// ```
pub const QUERY: AsciiSet = C0_CONTROL.add_all(b" \"#<>");

/// The special-query percent-encode set: the query percent-encode set and U+0027 (`'`).
///
/// ```
/// use weburl_percent::{utf8_percent_encode, SPECIAL_QUERY};
///
/// assert_eq!(utf8_percent_encode("it's", &SPECIAL_QUERY).to_string(), "it%27s");
/// ```
pub const SPECIAL_QUERY: AsciiSet = QUERY.add(b'\'');

/// The path percent-encode set: the query percent-encode set and U+003F (`?`), U+005E (`^`),
/// U+0060 (`` ` ``), U+007B (`{`) and U+007D (`}`).
///
/// ```
/// use weburl_percent::{utf8_percent_encode, PATH};
///
/// assert_eq!(utf8_percent_encode("/a b?{x}", &PATH).to_string(), "/a%20b%3F%7Bx%7D");
/// ```
pub const PATH: AsciiSet = QUERY.add_all(b"?^`{}");

/// The userinfo percent-encode set: the path percent-encode set and U+002F (`/`), U+003A (`:`),
/// U+003B (`;`), U+003D (`=`), U+0040 (`@`), U+005B (`[`) to U+005D (`]`), and U+007C (`|`).
///
/// ```
/// use weburl_percent::{utf8_percent_encode, USERINFO};
///
/// assert_eq!(utf8_percent_encode("me@x:pw/", &USERINFO).to_string(), "me%40x%3Apw%2F");
/// ```
pub const USERINFO: AsciiSet = PATH.add_all(b"/:;=@").add_range(b'[', b']').add(b'|');

/// The component percent-encode set: the userinfo percent-encode set and U+0024 (`$`) to
/// U+0026 (`&`), U+002B (`+`) and U+002C (`,`).
///
/// With [`utf8_percent_encode`](crate::utf8_percent_encode) it gives the same result as
/// JavaScript's `encodeURIComponent()`.
///
/// ```
/// use weburl_percent::{utf8_percent_encode, COMPONENT};
///
/// // encodeURIComponent("a+b&c=d e!")
/// assert_eq!(utf8_percent_encode("a+b&c=d e!", &COMPONENT).to_string(), "a%2Bb%26c%3Dd%20e!");
/// ```
pub const COMPONENT: AsciiSet = USERINFO.add_range(b'$', b'&').add_all(b"+,");

/// The application/x-www-form-urlencoded percent-encode set: the component percent-encode set
/// and U+0021 (`!`), U+0027 (`'`) to U+0029 (`)`), and U+007E (`~`).
///
/// It holds every code point but the ASCII alphanumerics, `*`, `-`, `.` and `_`.
///
/// ```
/// use weburl_percent::{utf8_percent_encode, FORM_URLENCODED};
///
/// assert_eq!(utf8_percent_encode("a b~*", &FORM_URLENCODED).to_string(), "a%20b%7E*");
/// ```
pub const FORM_URLENCODED: AsciiSet = COMPONENT.add(b'!').add_range(b'\'', b')').add(b'~');

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn first_member_matches_a_byte_loop() {
        // Every length to 40 (shorter than a group, whole groups, the overlapping last group),
        // every start, a member at every place, for sets with and without space.
        for set in [PATH, COMPONENT, C0_CONTROL] {
            for len in 0..40 {
                for at in 0..=len {
                    let mut bytes = alloc::vec![b'a'; len];
                    if let Some(b) = bytes.get_mut(at) {
                        *b = if at % 2 == 0 { b'\x80' } else { b'\x01' };
                    }
                    for from in 0..=len + 1 {
                        let naive = bytes
                            .iter()
                            .enumerate()
                            .skip(from)
                            .find(|&(_, &b)| set.contains(b))
                            .map_or(len.max(from), |(i, _)| i);
                        assert_eq!(set.first_member(&bytes, from), naive, "{len} {at} {from}");
                        let by_table = set.first_member_by_table(&bytes, from);
                        assert_eq!(by_table, naive, "{len} {at} {from}");
                    }
                }
            }
        }
    }

    /// The scan kind kept beside the table is the one worked out from the table, however the
    /// set was built (adding a member updates it without looking at the table).
    #[test]
    fn kept_scan_kind_matches_the_table() {
        let mut sets = alloc::vec![AsciiSet::EMPTY, *NON_ALPHANUMERIC, !*NON_ALPHANUMERIC];
        for b in 0u8..=0xFF {
            sets.push(AsciiSet::EMPTY.add(b));
            sets.push(PATH.add(b));
            sets.push(COMPONENT.remove(b));
            sets.push(USERINFO.remove(b).add(b'/'));
            sets.push(PATH.complement().add(b).remove(b.wrapping_add(1)));
            sets.push(C0_CONTROL.union(AsciiSet::EMPTY.add_range(b, b.saturating_add(3))));
        }
        for set in sets {
            assert_eq!(set.common, Common::of(&set.table), "{set:?}");
        }
    }

    /// Checks that `set` holds exactly the C0 controls, DEL, `extra`, and all non-ASCII bytes.
    #[track_caller]
    fn assert_members(name: &str, set: &AsciiSet, extra: &[u8]) {
        for b in 0u8..=0xFF {
            let expected = b <= 0x1F || b >= 0x7F || extra.contains(&b);
            assert_eq!(set.contains(b), expected, "{name}: byte {b:#04X}");
            if let Some(c) = char::from_u32(u32::from(b)) {
                assert_eq!(set.contains_char(c), expected, "{name}: char {c:?}");
            }
        }
        for c in ['\u{80}', '\u{FF}', '\u{100}', '\u{FFFD}', '\u{10FFFF}'] {
            assert!(set.contains_char(c), "{name}: {c:?}");
        }
    }

    // The lists below are written out from the standard's prose, not built from each other.

    #[test]
    fn c0_control_set() {
        assert_members("C0 control", &C0_CONTROL, b"");
        assert!(C0_CONTROL.contains(0x7F), "DEL is greater than U+007E");
        assert!(!C0_CONTROL.contains(b'~'));
    }

    #[test]
    fn fragment_set() {
        assert_members("fragment", &FRAGMENT, b" \"<>`");
    }

    #[test]
    fn query_set() {
        assert_members("query", &QUERY, b" \"#<>");
    }

    #[test]
    fn special_query_set() {
        assert_members("special-query", &SPECIAL_QUERY, b" \"#<>'");
    }

    #[test]
    fn path_set() {
        assert_members("path", &PATH, b" \"#<>?^`{}");
    }

    #[test]
    fn userinfo_set() {
        assert_members("userinfo", &USERINFO, b" \"#<>?^`{}/:;=@[\\]|");
    }

    #[test]
    fn component_set() {
        assert_members("component", &COMPONENT, b" \"#<>?^`{}/:;=@[\\]|$%&+,");
    }

    #[test]
    fn form_urlencoded_set() {
        assert_members("form", &FORM_URLENCODED, b" \"#<>?^`{}/:;=@[\\]|$%&+,!'()~");
        // The standard's second description: everything but ASCII alphanumerics and `*-._`.
        for b in 0u8..=0xFF {
            let kept = b.is_ascii_alphanumeric() || b"*-._".contains(&b);
            assert_eq!(FORM_URLENCODED.contains(b), !kept, "byte {b:#04X}");
        }
    }

    #[test]
    fn rust_url_sets() {
        assert_eq!(*CONTROLS, C0_CONTROL);
        for b in 0u8..=0xFF {
            assert_eq!(NON_ALPHANUMERIC.contains(b), !b.is_ascii_alphanumeric(), "{b:#04X}");
        }
        assert_eq!(AsciiSet::EMPTY, AsciiSet::NON_ASCII);
    }

    #[test]
    fn builders() {
        assert_eq!(AsciiSet::NON_ASCII.add(0xC3), AsciiSet::NON_ASCII);
        assert_eq!(QUERY.remove(0xC3), QUERY);
        assert_eq!(QUERY.add(b'a').remove(b'a'), QUERY);
        assert_eq!(FRAGMENT.union(QUERY), C0_CONTROL.add_all(b" \"#<>`"));
        assert_eq!(AsciiSet::NON_ASCII.add_range(b'a', b'c'), AsciiSet::NON_ASCII.add_all(b"abc"));
        assert_eq!(AsciiSet::NON_ASCII.add_range(0xF0, 0xFF), AsciiSet::NON_ASCII);
        assert_eq!(AsciiSet::EMPTY.add_range(b'b', b'a'), AsciiSet::EMPTY);
        assert_eq!(QUERY.complement().complement(), QUERY);
        assert_eq!(!QUERY + QUERY, AsciiSet::EMPTY.add_range(0, 0x7F));
        for b in 0u8..=0xFF {
            assert_eq!(QUERY.complement().contains(b), b >= 0x80 || !QUERY.contains(b));
        }
        let debug = format!("{:?}", AsciiSet::NON_ASCII.add_all(b"b\"a"));
        assert_eq!(debug, r#"AsciiSet { ascii: "\"ab", non_ascii: true }"#);
    }
}
