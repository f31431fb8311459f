//! Lookups in the generated tables: the UTS #46 status and mapping of a code point (section 5,
//! IDNA Mapping Table) and the character properties the validity criteria use.
//!
//! The mapping table is a sorted array of `start << 11 | value` entries; the entry of a code
//! point is the last one whose start is not after it, found by binary search. The character
//! information (properties, and the status without the mapping) comes from a three-level trie
//! in O(1).

use super::tables;

// Kinds of `tables::MAPPING` entries, as `xtask/src/idna.rs` numbers them (checked by a test
// against `tables::MAPPING_KIND_NAMES`).
const VALID: u32 = 0;
const IGNORED: u32 = 1;
const DISALLOWED: u32 = 2;
const MAPPED: u32 = 3;
const MAPPED_DELTA: u32 = 4;
const MAPPED_ALTERNATING: u32 = 5;
const DEVIATION: u32 = 6;

// The generated data stays well under the 100 KB budget.
const _: () = assert!(tables::DATA_BYTES < 72 * 1024, "IDNA tables over budget");

/// The status of a code point in the IDNA Mapping Table, with its mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    /// Valid: kept.
    Valid,
    /// Ignored: removed.
    Ignored,
    /// Disallowed: kept, and refused by validity criterion 7.
    Disallowed,
    /// Mapped to a string.
    Mapped(&'static str),
    /// Mapped to one code point.
    MappedChar(char),
    /// Deviation: kept in nontransitional processing, mapped in transitional processing.
    Deviation(&'static str),
}

/// The entry of `table` for code point `c`, with its index: the block index narrows the search
/// to the ranges of `c`'s block (or, past the indexed planes, to the ranges after them).
fn find(table: &[u32], index: &[u16], c: u32) -> (usize, u32) {
    let block = (c / tables::BLOCK) as usize;
    let low = usize::from(index.get(block).or(index.last()).copied().unwrap_or(0));
    let high = index.get(block + 1).map_or(table.len(), |&i| usize::from(i) + 1);
    let candidates = table.get(low..high).unwrap_or_default();
    let index = low + candidates.partition_point(|&entry| entry >> 11 <= c).saturating_sub(1);
    (index, table.get(index).copied().unwrap_or(0))
}

/// The UTS #46 status of `c` (section 5).
pub(super) fn status(c: char) -> Status {
    let cp = u32::from(c);
    let (index, entry) = find(&tables::MAPPING, &tables::MAPPING_INDEX, cp);
    let from_start = cp - (entry >> 11);
    let text = || {
        let offset = usize::from(tables::MAPPING_PAYLOAD.get(index).copied().unwrap_or(0));
        tables::MAPPING_POOL.get(offset..offset + (entry & 0xFF) as usize).unwrap_or_default()
    };
    let shifted = || {
        let first = text().chars().next().map_or(0, u32::from);
        char::from_u32(first + from_start).map_or(Status::Disallowed, Status::MappedChar)
    };
    match entry >> 8 & 7 {
        VALID => Status::Valid,
        IGNORED => Status::Ignored,
        MAPPED => Status::Mapped(text()),
        MAPPED_DELTA => shifted(),
        MAPPED_ALTERNATING if from_start % 2 == 0 => shifted(),
        MAPPED_ALTERNATING => Status::Valid,
        DEVIATION => Status::Deviation(text()),
        DISALLOWED => Status::Disallowed,
        _ => Status::Disallowed,
    }
}

/// Bidi_Class values (the UCD's short aliases), numbered as `tables::BIDI_CLASS_NAMES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
#[allow(clippy::upper_case_acronyms)]
pub(super) enum BidiClass {
    L,
    R,
    AL,
    EN,
    ES,
    ET,
    AN,
    CS,
    NSM,
    BN,
    B,
    S,
    WS,
    ON,
    LRE,
    LRO,
    RLE,
    RLO,
    PDF,
    LRI,
    RLI,
    FSI,
    PDI,
}

const BIDI_CLASSES: [BidiClass; 23] = {
    use BidiClass::*;
    [
        L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, RLE, RLO, PDF, LRI, RLI,
        FSI, PDI,
    ]
};

/// Joining_Type values, numbered as `tables::JOINING_TYPE_NAMES`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum JoiningType {
    /// Non_Joining.
    U,
    /// Left_Joining.
    L,
    /// Dual_Joining.
    D,
    /// Right_Joining.
    R,
    /// Transparent.
    T,
    /// Join_Causing.
    C,
}

const JOINING_TYPES: [JoiningType; 6] = {
    use JoiningType::*;
    [U, L, D, R, T, C]
};

/// The status of a code point without its mapping, from the information trie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Valid.
    Valid,
    /// Mapped (the mapping comes from [`status`]).
    Mapped,
    /// Ignored.
    Ignored,
    /// Deviation.
    Deviation,
    /// Disallowed.
    Disallowed,
}

// The status field of the information values, as `xtask/src/idna.rs` numbers it.
const INFO_KINDS: [Kind; 5] =
    [Kind::Valid, Kind::Mapped, Kind::Ignored, Kind::Deviation, Kind::Disallowed];

/// What a failed trie lookup (which cannot happen with the generated tables) answers:
/// disallowed, and not known to be NFC.
const FALLBACK: u16 = 3 << 14 | 4 << 11;

/// The information of one code point: Bidi_Class, Joining_Type, General_Category=Mark,
/// Canonical_Combining_Class=Virama, the UTS #46 status (without the mapping), whether
/// NFC_Quick_Check is other than Yes and whether Canonical_Combining_Class is other than 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Props(u16);

impl Props {
    pub(super) fn bidi_class(self) -> BidiClass {
        BIDI_CLASSES.get(usize::from(self.0 & 0x1F)).copied().unwrap_or(BidiClass::L)
    }

    /// The bit of the Bidi class in a set of classes (`validity::class_bit` of
    /// [`Props::bidi_class`]).
    #[inline]
    pub(super) fn class_bit(self) -> u32 {
        1 << (self.0 & 0x1F)
    }

    pub(super) fn joining_type(self) -> JoiningType {
        JOINING_TYPES.get(usize::from(self.0 >> 5 & 7)).copied().unwrap_or(JoiningType::U)
    }

    pub(super) fn is_mark(self) -> bool {
        self.0 & 1 << 10 != 0
    }

    pub(super) fn is_virama(self) -> bool {
        self.0 & 1 << 9 != 0
    }

    /// Whether the status is valid and the code point cannot keep a string from being NFC.
    #[inline]
    pub(super) fn is_valid_nfc(self) -> bool {
        // The status (bits 11 to 13, valid is 0), NFC_Quick_Check other than Yes (bit 14) and
        // a combining class (bit 15) are all clear.
        self.0 >> 11 == 0
    }

    /// Whether the status is valid or a deviation other than the joiners (valid in
    /// nontransitional processing, joiners aside), NFC_Quick_Check is Yes, and the code point
    /// can follow a code point of class 0 in NFC text: a code point the fast paths accept after
    /// one of class 0. Returns `Some(combining)` then (whether its combining class is not 0).
    #[inline]
    pub(super) fn nfc_after_starter(self, cp: u32) -> Option<bool> {
        (self.kept_status(cp) && self.0 & 1 << 14 == 0).then_some(self.0 & 1 << 15 != 0)
    }

    /// Whether the status of `cp` (whose information this is) is valid or a deviation other
    /// than the joiners: valid in nontransitional processing, joiners aside.
    #[inline]
    pub(super) fn kept_status(self, cp: u32) -> bool {
        match self.0 >> 11 & 7 {
            0 => true,
            3 => cp != 0x200C && cp != 0x200D,
            _ => false,
        }
    }

    /// The UTS #46 status, without the mapping.
    #[inline]
    pub(super) fn kind(self) -> Kind {
        INFO_KINDS.get(usize::from(self.0 >> 11 & 7)).copied().unwrap_or(Kind::Disallowed)
    }

    /// Whether the code point has NFC_Quick_Check other than Yes or a non-zero
    /// Canonical_Combining_Class. A string without such a code point is in NFC.
    #[inline]
    pub(super) fn nfc_unsafe(self) -> bool {
        self.0 & 3 << 14 != 0
    }

    /// Whether the Canonical_Combining_Class is other than 0.
    #[cfg(test)]
    pub(super) fn combining(self) -> bool {
        self.0 & 1 << 15 != 0
    }
}

/// `tables::INFO_VALUES` padded with [`FALLBACK`] to 256 entries, and `tables::INFO_DELTAS`
/// padded with 0: a trie value (a `u8`) indexes them without a bounds check, and the values
/// the tables do not hold (255 among them, which [`props_and_value`] gives for a failed
/// lookup) answer as a failed lookup does.
const VALUES: [u16; 256] = {
    let mut padded = [FALLBACK; 256];
    let mut i = 0;
    while i < tables::INFO_VALUES.len() {
        // Evaluated at compile time: an index out of bounds would fail the build, not a run.
        #[allow(clippy::indexing_slicing)]
        let value = tables::INFO_VALUES[i];
        #[allow(clippy::indexing_slicing)]
        {
            padded[i] = value;
        }
        i += 1;
    }
    padded
};

/// See [`VALUES`].
const DELTAS: [i32; 256] = {
    let mut padded = [0; 256];
    let mut i = 0;
    while i < tables::INFO_DELTAS.len() {
        // Evaluated at compile time: an index out of bounds would fail the build, not a run.
        #[allow(clippy::indexing_slicing)]
        let delta = tables::INFO_DELTAS[i];
        #[allow(clippy::indexing_slicing)]
        {
            padded[i] = delta;
        }
        i += 1;
    }
    padded
};

// The value 255 is free for a failed lookup.
const _: () = assert!(
    tables::INFO_VALUES.len() < 256 && tables::INFO_DELTAS.len() == tables::INFO_VALUES.len()
);

/// What [`props_and_value`] gives for a failed lookup: no value of the tables.
const NO_VALUE: u8 = 255;

/// The trie value (the index in `INFO_VALUES`) of the information of `c`, from the three-level
/// trie (see `xtask/src/idna.rs`); `None` cannot happen with the generated tables.
#[inline]
fn value_index(c: char) -> Option<u8> {
    let cp = u32::from(c) as usize;
    // The leaf block: straight from `INFO_BMP` in the Basic Multilingual Plane.
    let leaf_block = if cp < 0x1_0000 {
        tables::INFO_BMP.get(cp >> 5)
    } else {
        tables::INFO_TOP
            .get(cp >> 10)
            .and_then(|&top| tables::INFO_MID.get(usize::from(top) * 32 + (cp >> 5 & 31)))
    };
    leaf_block.and_then(|&mid| tables::INFO_LEAF.get(usize::from(mid) * 32 + (cp & 31))).copied()
}

/// The information of `c`, from the three-level trie.
#[inline]
pub(super) fn props(c: char) -> Props {
    props_and_value(c).0
}

/// The information of `c` and the trie value it comes from, which [`mapping_at`] takes: a
/// caller that needs the mapping of only some code points reads it only for those.
#[inline]
pub(super) fn props_and_value(c: char) -> (Props, u8) {
    let value = value_index(c).unwrap_or(NO_VALUE);
    (Props(VALUES.get(usize::from(value)).copied().unwrap_or(FALLBACK)), value)
}

/// For the code point `c` of trie value `value` (see [`props_and_value`]), its mapping when it
/// is one code point held by the trie, as in [`props_and_mapping`].
#[inline]
pub(super) fn mapping_at(value: u8, c: char) -> Option<char> {
    let delta = DELTAS.get(usize::from(value)).copied().unwrap_or(0);
    if delta == 0 { None } else { u32::from(c).checked_add_signed(delta).and_then(char::from_u32) }
}

/// The information of `c` and, for a mapped code point whose mapping is one code point held
/// by the trie (the usual case mappings: the generator keeps the most frequent offsets), that
/// code point: one lookup instead of the trie and then the mapping table's binary search.
/// `None` for the mapping says nothing: [`status`] has it.
#[inline]
pub(super) fn props_and_mapping(c: char) -> (Props, Option<char>) {
    let (props, value) = props_and_value(c);
    (props, mapping_at(value, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn numbering_matches_the_generator() {
        for (i, class) in BIDI_CLASSES.iter().enumerate() {
            assert_eq!(*class as usize, i);
            assert_eq!(format!("{class:?}"), tables::BIDI_CLASS_NAMES[i]);
        }
        for (i, jt) in JOINING_TYPES.iter().enumerate() {
            assert_eq!(*jt as usize, i);
            assert_eq!(format!("{jt:?}"), tables::JOINING_TYPE_NAMES[i]);
        }
        let kinds =
            [VALID, IGNORED, DISALLOWED, MAPPED, MAPPED_DELTA, MAPPED_ALTERNATING, DEVIATION];
        let names = [
            "Valid",
            "Ignored",
            "Disallowed",
            "Mapped",
            "MappedDelta",
            "MappedAlternating",
            "Deviation",
        ];
        for (kind, name) in kinds.iter().zip(names) {
            assert_eq!(tables::MAPPING_KIND_NAMES[*kind as usize], name);
        }
        assert_eq!(tables::MAPPING_KIND_NAMES.len(), kinds.len());
    }

    #[test]
    fn padded_values_are_the_tables() {
        for i in 0..256 {
            assert_eq!(VALUES[i], tables::INFO_VALUES.get(i).copied().unwrap_or(FALLBACK));
            assert_eq!(DELTAS[i], tables::INFO_DELTAS.get(i).copied().unwrap_or(0));
        }
        assert_eq!(VALUES[usize::from(NO_VALUE)], FALLBACK);
        assert_eq!(mapping_at(NO_VALUE, 'A'), None);
    }

    #[test]
    fn data_size_is_counted() {
        let bytes = tables::MAPPING.len() * 4
            + tables::MAPPING_INDEX.len() * 2
            + tables::MAPPING_PAYLOAD.len() * 2
            + tables::MAPPING_POOL.len()
            + tables::INFO_TOP.len()
            + tables::INFO_MID.len() * 2
            + tables::INFO_LEAF.len()
            + tables::INFO_VALUES.len() * 2
            + tables::INFO_DELTAS.len() * 4
            + tables::INFO_BMP.len() * 2;
        assert_eq!(bytes, tables::DATA_BYTES);
        assert_eq!(tables::MAPPING.len(), tables::MAPPING_PAYLOAD.len());
    }

    #[test]
    fn statuses() {
        assert_eq!(status('a'), Status::Valid);
        assert_eq!(status('A'), Status::MappedChar('a'));
        assert_eq!(status('\u{AD}'), Status::Ignored);
        assert_eq!(status('ß'), Status::Deviation("ss"));
        assert_eq!(status('\u{200C}'), Status::Deviation(""));
        assert_eq!(status('\u{BC}'), Status::Mapped("1\u{2044}4"));
        assert_eq!(status('\u{80}'), Status::Disallowed);
        // Latin Extended-A case pairs (alternating ranges) and full-width letters (delta ranges).
        assert_eq!(status('\u{100}'), Status::MappedChar('\u{101}'));
        assert_eq!(status('\u{101}'), Status::Valid);
        assert_eq!(status('Ｚ'), Status::MappedChar('z'));
        assert_eq!(status('\u{10FFFF}'), Status::Disallowed);
        assert_eq!(status('。'), Status::MappedChar('.'));
        assert_eq!(status('\u{FF61}'), Status::MappedChar('.'));
    }

    #[test]
    fn properties() {
        assert_eq!(props('a').bidi_class(), BidiClass::L);
        assert_eq!(props('\u{5D0}').bidi_class(), BidiClass::R);
        assert_eq!(props('\u{627}').bidi_class(), BidiClass::AL);
        assert_eq!(props('\u{627}').joining_type(), JoiningType::R);
        assert_eq!(props('\u{628}').joining_type(), JoiningType::D);
        assert_eq!(props('\u{660}').bidi_class(), BidiClass::AN);
        assert_eq!(props('1').bidi_class(), BidiClass::EN);
        assert_eq!(props('\u{300}').bidi_class(), BidiClass::NSM);
        assert!(props('\u{300}').is_mark());
        assert!(!props('a').is_mark());
        assert!(props('\u{94D}').is_virama());
        assert!(!props('\u{94C}').is_virama());
        // An unassigned code point of the Hebrew block defaults to R.
        assert_eq!(props('\u{5FF}').bidi_class(), BidiClass::R);
    }

    /// The trie's status agrees with the mapping table, and a code point the trie calls NFC-safe
    /// passes the NFC quick check of unicode-normalization (which the full path uses) with
    /// combining class 0, so that the fast path and the full path agree on step 2.
    #[test]
    fn information_agrees_with_status_and_normalization() {
        use unicode_normalization::{IsNormalized, char::canonical_combining_class, is_nfc_quick};
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let p = props(c);
            let expected = match status(c) {
                Status::Valid => Kind::Valid,
                Status::Mapped(_) | Status::MappedChar(_) => Kind::Mapped,
                Status::Ignored => Kind::Ignored,
                Status::Deviation(_) => Kind::Deviation,
                Status::Disallowed => Kind::Disallowed,
            };
            assert_eq!(p.kind(), expected, "U+{:04X}", u32::from(c));
            assert_eq!(p.is_valid_nfc(), expected == Kind::Valid && !p.nfc_unsafe());
            assert_eq!(p.class_bit(), 1 << p.bidi_class() as u32);
            assert_eq!(
                p.class_bit() & super::super::validity::RTL_CLASSES != 0,
                matches!(p.bidi_class(), BidiClass::R | BidiClass::AL | BidiClass::AN)
            );
            // What the fast paths accept after a code point of class 0 is valid in
            // nontransitional processing, and the NFC quick check of unicode-normalization (the
            // full path's) says Yes for it there.
            if let Some(combining) = p.nfc_after_starter(u32::from(c)) {
                assert!(
                    expected == Kind::Valid
                        || (expected == Kind::Deviation && !matches!(c, '\u{200C}' | '\u{200D}')),
                    "U+{:04X}",
                    u32::from(c)
                );
                assert_eq!(combining, p.combining());
                let after_starter = is_nfc_quick(['a', c].into_iter());
                assert_eq!(after_starter, IsNormalized::Yes, "U+{:04X}", u32::from(c));
            }
            if !p.nfc_unsafe() && matches!(expected, Kind::Valid | Kind::Deviation) {
                assert_eq!(
                    is_nfc_quick([c].into_iter()),
                    IsNormalized::Yes,
                    "U+{:04X}",
                    u32::from(c)
                );
                assert_eq!(canonical_combining_class(c), 0, "U+{:04X}", u32::from(c));
            }
        }
        assert!(props('\u{301}').nfc_unsafe());
        assert!(props('\u{340}').nfc_unsafe());
        assert!(!props('a').nfc_unsafe());
        assert!(props('ü').is_valid_nfc());
    }

    /// Every mapping the trie holds is the mapping table's, and the usual case mappings are
    /// there.
    #[test]
    fn trie_mappings_agree_with_the_mapping_table() {
        let mut held = 0;
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let (p, to) = props_and_mapping(c);
            assert_eq!(p, props(c));
            if let Some(to) = to {
                let expected = match status(c) {
                    Status::MappedChar(m) => Some(m),
                    Status::Mapped(m) if m.chars().count() == 1 => m.chars().next(),
                    _ => None,
                };
                assert_eq!(expected, Some(to), "U+{:04X}", u32::from(c));
                held += 1;
            }
        }
        for c in ['A', 'Ü', 'Σ', 'Ж', '\u{100}', 'Ｑ', 'Ա', 'Ⴀ'] {
            assert!(props_and_mapping(c).1.is_some(), "{c}");
        }
        assert!(held > 1000, "{held}");
    }

    /// `0041` or `0041..005A`.
    fn range(field: &str) -> core::ops::RangeInclusive<u32> {
        let hex = |s: &str| u32::from_str_radix(s.trim(), 16).unwrap();
        match field.split_once("..") {
            Some((a, b)) => hex(a)..=hex(b),
            None => hex(field)..=hex(field),
        }
    }

    /// The data lines of a UCD file as `(range, second field, third field)`.
    fn ucd_lines(text: &str) -> impl Iterator<Item = (core::ops::RangeInclusive<u32>, &str, &str)> {
        text.lines().filter_map(|line| {
            let data = line.split('#').next()?.trim();
            let mut fields = data.split(';').map(str::trim);
            let first = fields.next().filter(|f| !f.is_empty())?;
            Some((range(first), fields.next().unwrap_or(""), fields.next().unwrap_or("")))
        })
    }

    fn load(name: &str) -> alloc::string::String {
        weburl_test_support::load_text(&alloc::format!("unicode/17.0.0/{name}"))
    }

    /// Every code point's status and mapping against IdnaMappingTable.txt itself.
    #[test]
    fn mapping_table_matches_the_ucd_file() {
        let text = load("IdnaMappingTable.txt");
        let mut checked = 0;
        for (cps, status_name, mapping) in ucd_lines(&text) {
            let mapping: alloc::string::String = mapping
                .split_whitespace()
                .map(|h| char::from_u32(u32::from_str_radix(h, 16).unwrap()).unwrap())
                .collect();
            for cp in cps {
                let Some(c) = char::from_u32(cp) else { continue };
                let got = status(c);
                let ok = match (status_name, got) {
                    ("valid", Status::Valid)
                    | ("ignored", Status::Ignored)
                    | ("disallowed", Status::Disallowed) => true,
                    ("mapped", Status::Mapped(to)) | ("deviation", Status::Deviation(to)) => {
                        to == mapping
                    }
                    ("mapped", Status::MappedChar(to)) => mapping.chars().eq([to]),
                    _ => false,
                };
                assert!(ok, "U+{cp:04X}: {got:?}, expected {status_name} {mapping:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 0x11_0000 - 0x800);
    }

    /// Every code point's properties against the UCD files the generator read.
    #[test]
    fn properties_match_the_ucd_files() {
        let bidi = load("DerivedBidiClass.txt");
        let joining = load("DerivedJoiningType.txt");
        let category = load("DerivedGeneralCategory.txt");
        let combining = load("DerivedCombiningClass.txt");
        let mut expected = alloc::vec![(BidiClass::L, JoiningType::U, false, false); 0x11_0000];
        let bidi_by_name = |name: &str| {
            let long = [
                ("Left_To_Right", "L"),
                ("Right_To_Left", "R"),
                ("Arabic_Letter", "AL"),
                ("European_Terminator", "ET"),
            ];
            let short = long.iter().find(|(l, _)| *l == name).map_or(name, |(_, s)| *s);
            let index = tables::BIDI_CLASS_NAMES.iter().position(|n| *n == short).unwrap();
            BIDI_CLASSES[index]
        };
        for line in bidi.lines() {
            if let Some(rest) = line.strip_prefix("# @missing:") {
                let (cps, name) = rest.split_once(';').unwrap();
                for cp in range(cps.trim()) {
                    expected[cp as usize].0 = bidi_by_name(name.trim());
                }
            }
        }
        for (cps, name, _) in ucd_lines(&bidi) {
            for cp in cps {
                expected[cp as usize].0 = bidi_by_name(name);
            }
        }
        for (cps, name, _) in ucd_lines(&joining) {
            let index = tables::JOINING_TYPE_NAMES.iter().position(|n| *n == name).unwrap();
            for cp in cps {
                expected[cp as usize].1 = JOINING_TYPES[index];
            }
        }
        for (cps, name, _) in ucd_lines(&category) {
            for cp in cps {
                expected[cp as usize].2 = matches!(name, "Mn" | "Mc" | "Me");
            }
        }
        for (cps, class, _) in ucd_lines(&combining) {
            for cp in cps {
                expected[cp as usize].3 = class == "9";
            }
        }
        for (cp, want) in expected.iter().enumerate() {
            let Some(c) = char::from_u32(cp as u32) else { continue };
            let p = props(c);
            let got = (p.bidi_class(), p.joining_type(), p.is_mark(), p.is_virama());
            assert_eq!(got, *want, "U+{cp:04X}");
        }
    }
}
