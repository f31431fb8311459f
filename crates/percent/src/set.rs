//! The [`AsciiSet`] type and the percent-encode sets of the URL Standard, section 1.3.
//!
//! A set lists which code points must be percent-encoded. Every non-ASCII code point is a
//! member of every set (the C0 control percent-encode set includes "code points greater than
//! U+007E", and every other set is built on it), so a set stores only its ASCII members as a
//! 128-bit mask.

/// A percent-encode set: the ASCII bytes it contains, plus every non-ASCII byte.
///
/// Sets are built in `const` context with [`AsciiSet::add`] and [`AsciiSet::union`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct AsciiSet {
    /// Bit `b` is set when ASCII byte `b` is a member.
    mask: u128,
}

impl AsciiSet {
    /// The set whose only members are the non-ASCII code points.
    pub const NON_ASCII: AsciiSet = AsciiSet { mask: 0 };

    /// This set plus the ASCII byte `byte`. A non-ASCII `byte` leaves the set unchanged
    /// (non-ASCII bytes are always members).
    #[must_use]
    pub const fn add(self, byte: u8) -> AsciiSet {
        if byte < 0x80 { AsciiSet { mask: self.mask | (1u128 << byte) } } else { self }
    }

    /// This set plus every byte of `bytes`.
    #[must_use]
    pub const fn add_all(self, bytes: &[u8]) -> AsciiSet {
        let mut set = self;
        let mut i = 0;
        while i < bytes.len() {
            set = set.add(bytes[i]);
            i += 1;
        }
        set
    }

    /// This set without the ASCII byte `byte`.
    #[must_use]
    pub const fn remove(self, byte: u8) -> AsciiSet {
        if byte < 0x80 { AsciiSet { mask: self.mask & !(1u128 << byte) } } else { self }
    }

    /// The union of two sets.
    #[must_use]
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        AsciiSet { mask: self.mask | other.mask }
    }

    /// Whether `byte` is in the set (always true for bytes 0x80 and above).
    #[inline]
    #[must_use]
    pub const fn contains(&self, byte: u8) -> bool {
        byte >= 0x80 || (self.mask >> byte) & 1 == 1
    }

    /// Whether the code point `c` is in the set (always true for non-ASCII code points).
    #[inline]
    #[must_use]
    pub const fn contains_char(&self, c: char) -> bool {
        let c = c as u32;
        c >= 0x80 || (self.mask >> c) & 1 == 1
    }
}

/// Every byte from 0x00 to 0x1F and 0x7F: the C0 controls and DEL.
const C0_AND_DEL: AsciiSet = {
    let mut set = AsciiSet::NON_ASCII;
    let mut b = 0u8;
    while b < 0x20 {
        set = set.add(b);
        b += 1;
    }
    set.add(0x7F)
};

/// The C0 control percent-encode set: C0 controls and every code point above U+007E.
pub const C0_CONTROL: AsciiSet = C0_AND_DEL;

/// The fragment percent-encode set: C0 control set plus space, `"`, `<`, `>` and `` ` ``.
pub const FRAGMENT: AsciiSet = C0_CONTROL.add_all(b" \"<>`");

/// The query percent-encode set: C0 control set plus space, `"`, `#`, `<` and `>`.
pub const QUERY: AsciiSet = C0_CONTROL.add_all(b" \"#<>");

/// The special-query percent-encode set: query set plus `'`.
pub const SPECIAL_QUERY: AsciiSet = QUERY.add(b'\'');

/// The path percent-encode set: query set plus `?`, `^`, `` ` ``, `{` and `}`.
pub const PATH: AsciiSet = QUERY.add_all(b"?^`{}");

/// The userinfo percent-encode set: path set plus `/`, `:`, `;`, `=`, `@`, `[` to `]`, and `|`.
pub const USERINFO: AsciiSet = PATH.add_all(b"/:;=@[\\]|");

/// The component percent-encode set: userinfo set plus `$` to `&`, `+` and `,`.
pub const COMPONENT: AsciiSet = USERINFO.add_all(b"$%&+,");

/// The application/x-www-form-urlencoded percent-encode set: component set plus `!`, `'` to
/// `)`, and `~`.
pub const FORM_URLENCODED: AsciiSet = COMPONENT.add_all(b"!'()~");
