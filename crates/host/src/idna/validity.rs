//! UTS #46 section 4.1, Validity Criteria, for one label, with the ContextJ rules of RFC 5892
//! Appendix A (criterion 8) and the Bidi rule of RFC 5893 section 2 (criterion 9).

use super::Config;
use super::errors::{ErrorCode, Errors};
use super::lookup::{self, BidiClass, JoiningType, Kind};

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

/// How a label reached validation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    /// Decoded from an `xn--` label: validated as nontransitional, checked for NFC (V1) and for
    /// an `xn--` prefix (V4).
    Punycode,
    /// Mapped and normalized by processing steps 1 and 2. With `statuses_valid`, every code
    /// point is already known to have a valid status (criterion 7 holds).
    Mapped {
        /// Criterion 7 already holds.
        statuses_valid: bool,
    },
}

/// The result of validating one label.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Checked {
    /// The failed criteria, except the Bidi rule.
    pub(super) errors: Errors,
    /// The Bidi rule's failures, which count only if the domain name is a Bidi domain name
    /// (computed only with CheckBidi).
    pub(super) bidi: Errors,
    /// Whether the label holds an R, AL or AN character, which makes the domain name a Bidi
    /// domain name (computed only with CheckBidi).
    pub(super) rtl: bool,
}

/// Validity criteria 1-9 for a non-empty `label`. Criterion 9, the Bidi rule, applies only if
/// the whole domain name is a Bidi domain name: its failures are returned apart.
pub(super) fn check_label(label: &str, config: Config, origin: Origin) -> Checked {
    let mut errors = Errors::new();
    let Some(first) = label.chars().next() else {
        return Checked::default();
    };
    let decoded = origin == Origin::Punycode;
    // Criterion 1: NFC (labels from steps 1 and 2 are NFC by construction).
    // A label without a code point that may keep a string from being NFC is NFC.
    if decoded
        && label.chars().any(|c| !c.is_ascii() && lookup::props(c).nfc_unsafe())
        && !unicode_normalization::is_nfc(label)
    {
        errors.insert(ErrorCode::V1);
    }
    // Criteria 2 and 3 (CheckHyphens).
    if config.check_hyphens {
        let mut chars = label.chars();
        if chars.nth(2) == Some('-') && chars.next() == Some('-') {
            errors.insert(ErrorCode::V2);
        }
        if label.starts_with('-') || label.ends_with('-') {
            errors.insert(ErrorCode::V3);
        }
    }
    // Criteria 4 and 5: only a decoded label can start with `xn--` or hold a full stop.
    if decoded {
        if label.starts_with("xn--") {
            errors.insert(ErrorCode::V4);
        }
        if label.contains('.') {
            errors.insert(ErrorCode::V5);
        }
    }
    // Criterion 6: no leading combining mark.
    if !first.is_ascii() && lookup::props(first).is_mark() {
        errors.insert(ErrorCode::V6);
    }
    // Criterion 7: statuses (nontransitional for decoded labels), and UseSTD3ASCIIRules.
    let transitional = config.transitional_processing && !decoded;
    let check_status = !matches!(origin, Origin::Mapped { statuses_valid: true });
    let mut joiners = false;
    let mut bidi = BidiRule::new();
    for c in label.chars() {
        let props = lookup::props(c);
        if config.check_bidi {
            bidi.push(props.bidi_class());
        }
        if c.is_ascii() {
            if config.use_std3_ascii_rules
                && !matches!(c, 'a'..='z' | '0'..='9' | '-')
                && !c.is_ascii_uppercase()
            {
                errors.insert(ErrorCode::U1);
            }
            if c.is_ascii_uppercase() {
                errors.insert(ErrorCode::V7);
            }
            continue;
        }
        if check_status {
            match props.kind() {
                Kind::Valid => {}
                Kind::Deviation if !transitional => {}
                _ => errors.insert(ErrorCode::V7),
            }
        }
        joiners |= c == ZWNJ || c == ZWJ;
    }
    // Criterion 8 (CheckJoiners): RFC 5892 Appendix A.1 and A.2.
    if config.check_joiners && joiners {
        errors = errors.union(context_j(label));
    }
    Checked { errors, bidi: bidi.finish(), rtl: bidi.rtl }
}

/// RFC 5892 Appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER) for every joiner
/// of `label`.
fn context_j(label: &str) -> Errors {
    let mut errors = Errors::new();
    for (at, c) in label.char_indices() {
        if c != ZWNJ && c != ZWJ {
            continue;
        }
        let before = label.get(..at).unwrap_or_default();
        let after = label.get(at + c.len_utf8()..).unwrap_or_default();
        // A.1 and A.2, rule 1: a virama before the joiner allows it.
        if before.chars().next_back().is_some_and(|b| lookup::props(b).is_virama()) {
            continue;
        }
        if c == ZWJ {
            errors.insert(ErrorCode::C2);
            continue;
        }
        // A.1, rule 2: (L | D) T* ZWNJ T* (R | D).
        let skip_transparent = |ch: &char| lookup::props(*ch).joining_type() == JoiningType::T;
        let left = before.chars().rev().find(|ch| !skip_transparent(ch));
        let right = after.chars().find(|ch| !skip_transparent(ch));
        let left_ok = left.is_some_and(|ch| {
            matches!(lookup::props(ch).joining_type(), JoiningType::L | JoiningType::D)
        });
        let right_ok = right.is_some_and(|ch| {
            matches!(lookup::props(ch).joining_type(), JoiningType::R | JoiningType::D)
        });
        if !(left_ok && right_ok) {
            errors.insert(ErrorCode::C1);
        }
    }
    errors
}

/// RFC 5893 section 2, the Bidi rule, for one non-empty label of a Bidi domain name.
pub(super) fn bidi_rule(label: &str) -> Errors {
    let mut rule = BidiRule::new();
    for c in label.chars() {
        rule.push(lookup::props(c).bidi_class());
    }
    rule.finish()
}

/// The bit of `class` in a set of Bidi classes (bit `c` for the class numbered `c`), the form
/// in which the fast paths gather a label's classes as they map or decode it.
pub(super) const fn class_bit(class: BidiClass) -> u32 {
    1 << class as u32
}

/// The set of the Bidi classes `classes`.
const fn class_set(classes: &[BidiClass]) -> u32 {
    let mut set = 0;
    let mut i = 0;
    while i < classes.len() {
        // Evaluated at compile time: an index out of bounds would fail the build, not a run.
        #[allow(clippy::indexing_slicing)]
        let class = classes[i];
        set |= class_bit(class);
        i += 1;
    }
    set
}

/// The classes R, AL and AN: a label holding one makes a Bidi domain name.
pub(super) const RTL_CLASSES: u32 = {
    use BidiClass::*;
    class_set(&[R, AL, AN])
};

/// RFC 5893 section 2, the Bidi rule, for a label summed up as the class of its first character
/// (`first`), the set of the classes of all its characters (`classes`, see [`class_bit`]) and
/// the class of its last character other than NSM (`last`; any class when every character is
/// NSM): the failures [`BidiRule`] records when fed the label, without a pass over it. An empty
/// label (an empty set) has none.
///
/// The rules read only that much: rule 1 the first class; rules 2 and 5 whether a class outside
/// their list occurs after the first (the first, R or AL for rule 2 and L for rule 5, is in the
/// list, so the set of all classes answers the same); rules 3 and 6 the last class other than
/// NSM (or the first, when all the others are NSM); rule 4 whether both EN and AN occur.
pub(super) fn bidi_rule_of(first: BidiClass, classes: u32, last: BidiClass) -> Errors {
    use BidiClass::*;
    // Rule 2's and rule 5's lists.
    const RTL_ALLOWED: u32 = class_set(&[R, AL, AN, EN, ES, CS, ET, ON, BN, NSM]);
    const LTR_ALLOWED: u32 = class_set(&[L, EN, ES, CS, ET, ON, BN, NSM]);
    const EN_AND_AN: u32 = class_set(&[EN, AN]);
    let mut errors = Errors::new();
    if classes == 0 {
        return errors;
    }
    match first {
        R | AL => {
            if classes & !RTL_ALLOWED != 0 {
                errors.insert(ErrorCode::B2);
            }
            if !matches!(last, R | AL | EN | AN) {
                errors.insert(ErrorCode::B3);
            }
            if classes & EN_AND_AN == EN_AND_AN {
                errors.insert(ErrorCode::B4);
            }
        }
        L => {
            if classes & !LTR_ALLOWED != 0 {
                errors.insert(ErrorCode::B5);
            }
            if !matches!(last, L | EN) {
                errors.insert(ErrorCode::B6);
            }
        }
        _ => errors.insert(ErrorCode::B1),
    }
    errors
}

/// The Bidi rule (RFC 5893 section 2) fed one Bidi class at a time.
pub(super) struct BidiRule {
    /// The label's direction, once its first character is seen: `Some(true)` for right to left.
    /// After a failed rule 1 the label is not checked further.
    direction: Option<bool>,
    started: bool,
    errors: Errors,
    /// The last class other than NSM.
    last: BidiClass,
    en: bool,
    an: bool,
    /// Whether an R, AL or AN character was seen (whatever the direction).
    rtl: bool,
}

impl BidiRule {
    pub(super) fn new() -> BidiRule {
        BidiRule {
            direction: None,
            started: false,
            errors: Errors::new(),
            last: BidiClass::L,
            en: false,
            an: false,
            rtl: false,
        }
    }

    pub(super) fn push(&mut self, class: BidiClass) {
        use BidiClass::*;
        self.rtl |= matches!(class, R | AL | AN);
        if !self.started {
            // Rule 1: the first character decides the direction; any other start fails the
            // label without the other rules.
            self.started = true;
            self.direction = match class {
                R | AL => Some(true),
                L => Some(false),
                _ => {
                    self.errors.insert(ErrorCode::B1);
                    None
                }
            };
            self.last = class;
            return;
        }
        match self.direction {
            // Rule 2.
            Some(true) if !matches!(class, R | AL | AN | EN | ES | CS | ET | ON | BN | NSM) => {
                self.errors.insert(ErrorCode::B2);
            }
            // Rule 5.
            Some(false) if !matches!(class, L | EN | ES | CS | ET | ON | BN | NSM) => {
                self.errors.insert(ErrorCode::B5);
            }
            _ => {}
        }
        self.en |= class == EN;
        self.an |= class == AN;
        if class != NSM {
            self.last = class;
        }
    }

    pub(super) fn finish(&self) -> Errors {
        use BidiClass::*;
        let mut errors = self.errors;
        match self.direction {
            Some(true) => {
                // Rule 3 and rule 4.
                if !matches!(self.last, R | AL | EN | AN) {
                    errors.insert(ErrorCode::B3);
                }
                if self.en && self.an {
                    errors.insert(ErrorCode::B4);
                }
            }
            // Rule 6.
            Some(false) if !matches!(self.last, L | EN) => errors.insert(ErrorCode::B6),
            _ => {}
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(errors: Errors) -> alloc::vec::Vec<&'static str> {
        errors.iter().map(ErrorCode::code).collect()
    }

    #[test]
    fn bidi_rules() {
        assert!(bidi_rule("\u{5D0}\u{5D1}").is_empty());
        assert!(bidi_rule("abc").is_empty());
        assert_eq!(codes(bidi_rule("0a")), ["B1"]);
        assert_eq!(codes(bidi_rule("\u{300}")), ["B1"]);
        assert_eq!(codes(bidi_rule("a\u{5D0}")), ["B5", "B6"]);
        assert_eq!(codes(bidi_rule("\u{5D0}a")), ["B2", "B3"]);
        assert_eq!(codes(bidi_rule("\u{5D0}0\u{660}")), ["B4"]);
        assert!(bidi_rule("\u{5D0}\u{308}").is_empty());
        assert!(bidi_rule("a1\u{300}").is_empty());
    }

    /// Every class sequence of up to three classes, and seeded random longer ones: the summary
    /// gives the failures of the rule fed one class at a time.
    #[test]
    fn bidi_rule_of_a_summary_is_the_rule() {
        use super::super::lookup::BidiClass::*;
        const ALL: [BidiClass; 23] = [
            L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON, LRE, LRO, RLE, RLO, PDF, LRI, RLI,
            FSI, PDI,
        ];
        let check = |label: &[BidiClass]| {
            let mut rule = BidiRule::new();
            for &class in label {
                rule.push(class);
            }
            let first = label.first().copied().unwrap_or(L);
            let classes = label.iter().fold(0, |set, &class| set | class_bit(class));
            let last = label.iter().rev().copied().find(|&c| c != NSM).unwrap_or(NSM);
            assert_eq!(bidi_rule_of(first, classes, last), rule.finish(), "{label:?}");
        };
        check(&[]);
        for a in ALL {
            check(&[a]);
            for b in ALL {
                check(&[a, b]);
                for c in ALL {
                    check(&[a, b, c]);
                }
            }
        }
        // Longer labels over the classes that matter most, NSM and the digits often.
        let common = [L, R, AL, EN, AN, NSM, NSM, ES, CS, ON, WS, BN];
        let mut seed: u64 = 0x6269_6469;
        for _ in 0..20_000 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let len = (seed >> 60) as usize + 1;
            let label: alloc::vec::Vec<BidiClass> =
                (0..len).map(|i| common[(seed >> (4 * i % 56)) as usize % common.len()]).collect();
            check(&label);
        }
    }

    #[test]
    fn joiners() {
        assert_eq!(codes(context_j("a\u{200C}b")), ["C1"]);
        assert_eq!(codes(context_j("a\u{200D}b")), ["C2"]);
        assert!(context_j("a\u{94D}\u{200C}b").is_empty());
        assert!(context_j("a\u{94D}\u{200D}b").is_empty());
        // BEH (D), transparent marks, ZWNJ, transparent marks, BEH (D).
        assert!(context_j("\u{628}\u{308}\u{200C}\u{308}\u{628}").is_empty());
        assert_eq!(codes(context_j("\u{628}\u{200C}")), ["C1"]);
        assert_eq!(codes(context_j("\u{200C}\u{628}")), ["C1"]);
    }
}
