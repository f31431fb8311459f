//! Lookups in the generated tables: the UTS #46 status and mapping of a code point (section 5,
//! IDNA Mapping Table) and the character properties the validity criteria use.
//!
//! Both tables are sorted arrays of `start << 11 | value` entries; the entry of a code point is
//! the last one whose start is not after it, found by binary search.

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
const _: () = assert!(tables::DATA_BYTES < 64 * 1024, "IDNA tables over budget");

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

/// The entry of `table` for code point `c`, with its index.
fn find(table: &[u32], c: u32) -> (usize, u32) {
    let index = table.partition_point(|&entry| entry >> 11 <= c).saturating_sub(1);
    (index, table.get(index).copied().unwrap_or(0))
}

/// The UTS #46 status of `c` (section 5).
pub(super) fn status(c: char) -> Status {
    let cp = u32::from(c);
    let (index, entry) = find(&tables::MAPPING, cp);
    let offset = usize::from(tables::MAPPING_PAYLOAD.get(index).copied().unwrap_or(0));
    let text = tables::MAPPING_POOL.get(offset..offset + (entry & 0xFF) as usize).unwrap_or("");
    let from_start = cp - (entry >> 11);
    let shifted = || {
        let first = text.chars().next().map_or(0, u32::from);
        char::from_u32(first + from_start).map_or(Status::Disallowed, Status::MappedChar)
    };
    match entry >> 8 & 7 {
        VALID => Status::Valid,
        IGNORED => Status::Ignored,
        MAPPED => Status::Mapped(text),
        MAPPED_DELTA => shifted(),
        MAPPED_ALTERNATING if from_start % 2 == 0 => shifted(),
        MAPPED_ALTERNATING => Status::Valid,
        DEVIATION => Status::Deviation(text),
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

/// The properties of one code point: Bidi_Class, Joining_Type, General_Category=Mark and
/// Canonical_Combining_Class=Virama.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Props(u32);

impl Props {
    pub(super) fn bidi_class(self) -> BidiClass {
        BIDI_CLASSES.get((self.0 & 0x1F) as usize).copied().unwrap_or(BidiClass::L)
    }

    pub(super) fn joining_type(self) -> JoiningType {
        JOINING_TYPES.get((self.0 >> 5 & 7) as usize).copied().unwrap_or(JoiningType::U)
    }

    pub(super) fn is_mark(self) -> bool {
        self.0 & 1 << 10 != 0
    }

    pub(super) fn is_virama(self) -> bool {
        self.0 & 1 << 9 != 0
    }
}

/// The properties of `c`.
pub(super) fn props(c: char) -> Props {
    Props(find(&tables::PROPS, u32::from(c)).1 & 0x7FF)
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
    fn data_size_is_counted() {
        let bytes = tables::MAPPING.len() * 4
            + tables::MAPPING_PAYLOAD.len() * 2
            + tables::MAPPING_POOL.len()
            + tables::PROPS.len() * 4;
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
}
