//! A fast path for UTS #46 ToASCII (section 4.2) on the non-ASCII domains met in practice: the
//! mapped domain is held as code points on the stack, one trie lookup a code point decides its
//! status, NFC and Bidi class, and the labels are Punycode-encoded straight from there.
//!
//! It answers only when processing records no error and no step needs more than that: any
//! disallowed code point, joiner, code point that may not be NFC, `xn--` label, leading mark,
//! failed check or over-long domain sends the domain to the full path (`process`), which then
//! computes the answer and its errors. Every string it returns is the one the full path returns
//! (tested in `process`'s tests).

use alloc::string::String;
use alloc::vec::Vec;

use super::Config;
use super::lookup::{self, Kind, Props, Status};
use super::punycode;
use super::validity::BidiRule;

/// Most code points of a mapped domain the fast path holds; longer domains take the full path.
const MAX_POINTS: usize = 96;
/// Most labels of a domain the fast path handles.
const MAX_LABELS: usize = 24;

const FULL_STOP: u32 = 0x2E;
const HYPHEN: u32 = 0x2D;
const ZWNJ: u32 = 0x200C;
const ZWJ: u32 = 0x200D;

/// For each ASCII byte: its lower-case form, with bit 7 set unless that form is one that
/// UseSTD3ASCIIRules allows in a mapped domain (`a-z`, `0-9`, `-`) or the label separator `.`.
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const ASCII_MAP: [u8; 128] = {
    let mut table = [0u8; 128];
    let mut b = 0;
    while b < 128 {
        let lower = (b as u8).to_ascii_lowercase();
        let allowed =
            lower.is_ascii_lowercase() || lower.is_ascii_digit() || lower == b'-' || lower == b'.';
        table[b] = if allowed { lower } else { lower | 0x80 };
        b += 1;
    }
    table
};

/// The mapped domain's code points go to a buffer on the stack; this is the rest of the state
/// of the mapping (kept apart from the buffers so that it stays in registers).
struct Mapper {
    /// Code points in the buffer.
    len: usize,
    /// Labels ended so far (each by a full stop).
    label_count: usize,
    /// Whether the current label holds a non-ASCII code point.
    non_ascii: bool,
    /// A code point of Bidi class R, AL or AN was pushed: this is a Bidi domain name.
    rtl: bool,
    /// UseSTD3ASCIIRules.
    std3: bool,
    /// An ASCII code point other than `a-z`, `0-9`, `-` and `.` was pushed.
    non_ldh: bool,
}

/// The buffers of the mapped domain: its code points, and for each label its end in `points`
/// and whether it holds a non-ASCII code point.
struct Buffers {
    points: [u32; MAX_POINTS],
    labels: [(u8, bool); MAX_LABELS],
}

impl Mapper {
    /// Appends the ASCII byte `byte`, mapped (lower-cased), refusing what UseSTD3ASCIIRules
    /// refuses; a full stop ends the label.
    #[inline(always)]
    fn push_ascii(&mut self, buffers: &mut Buffers, byte: u8) -> Option<()> {
        let mapped = ASCII_MAP.get(usize::from(byte & 0x7F)).copied().unwrap_or(0x80);
        if mapped & 0x80 != 0 {
            if self.std3 {
                return None;
            }
            self.non_ldh = true;
        }
        let mapped = mapped & 0x7F;
        if mapped == b'.' {
            *buffers.labels.get_mut(self.label_count)? = (self.len as u8, self.non_ascii);
            self.label_count += 1;
            self.non_ascii = false;
        }
        *buffers.points.get_mut(self.len)? = u32::from(mapped);
        self.len += 1;
        Some(())
    }

    /// Appends a non-ASCII code point `cp` of the mapped text, with its information `props`:
    /// it must be valid (nontransitional: deviations other than the joiners are kept) and not
    /// keep the text from being NFC.
    #[inline(always)]
    fn push_checked(&mut self, buffers: &mut Buffers, cp: u32, props: Props) -> Option<()> {
        if !props.is_valid_nfc() {
            match props.kind() {
                Kind::Deviation if cp != ZWNJ && cp != ZWJ && !props.nfc_unsafe() => {}
                _ => return None,
            }
        }
        self.rtl |= props.is_rtl();
        self.non_ascii = true;
        *buffers.points.get_mut(self.len)? = cp;
        self.len += 1;
        Some(())
    }

    /// Appends one code point of a mapping value.
    #[inline(always)]
    fn push_mapping_char(&mut self, buffers: &mut Buffers, to: char) -> Option<()> {
        match u8::try_from(to) {
            Ok(byte) if byte.is_ascii() => self.push_ascii(buffers, byte),
            _ => self.push_checked(buffers, u32::from(to), lookup::props(to)),
        }
    }
}

/// ToASCII of a domain holding non-ASCII text, with whether the result holds only `a-z`, `0-9`,
/// `-` and `.`; or `None` when the full path must decide.
pub(super) fn to_ascii(domain: &str, config: Config) -> Option<(String, bool)> {
    if config.transitional_processing {
        return None;
    }
    let mut buffers = Buffers { points: [0; MAX_POINTS], labels: [(0, false); MAX_LABELS] };
    let mut mapper = Mapper {
        len: 0,
        label_count: 0,
        non_ascii: false,
        rtl: false,
        std3: config.use_std3_ascii_rules,
        non_ldh: false,
    };
    // Section 4, step 1 (Map); step 2 (Normalize) has nothing to do, as every code point pushed
    // has NFC_Quick_Check=Yes and combining class 0.
    for c in domain.chars() {
        if let Ok(byte) = u8::try_from(c)
            && byte.is_ascii()
        {
            mapper.push_ascii(&mut buffers, byte)?;
            continue;
        }
        let props = lookup::props(c);
        if props.is_valid_nfc() {
            // The usual case: kept as it is.
            mapper.push_checked(&mut buffers, u32::from(c), props)?;
            continue;
        }
        match props.kind() {
            Kind::Ignored => {}
            Kind::Mapped => match lookup::status(c) {
                Status::MappedChar(to) => mapper.push_mapping_char(&mut buffers, to)?,
                Status::Mapped(to) => {
                    for to in to.chars() {
                        mapper.push_mapping_char(&mut buffers, to)?;
                    }
                }
                _ => return None,
            },
            _ => mapper.push_checked(&mut buffers, u32::from(c), props)?,
        }
    }
    // The last label.
    *buffers.labels.get_mut(mapper.label_count)? = (mapper.len as u8, mapper.non_ascii);
    let labels = buffers.labels.get(..=mapper.label_count)?;
    // Steps 3 and 4: each label is checked (criteria 1 and 7 hold by construction, 5 and 8
    // cannot fail without a full stop or joiner in a label), and the Bidi rule, all before
    // any encoding, so that a domain the full path must take costs no Punycode here.
    let mut start = 0;
    // Decoded `xn--` labels (allocated only when there is one) and whether there was one.
    let mut decoded = Vec::new();
    let mut ace = false;
    for &(end, non_ascii) in labels {
        let end = usize::from(end);
        let label = buffers.points.get(start..end)?;
        start = end + 1;
        match label {
            [0x78, 0x6E, HYPHEN, HYPHEN, encoded @ ..] if !non_ascii => {
                check_ace_label(encoded, config, &mut decoded)?;
                ace = true;
            }
            _ => check_label(label, config)?,
        }
    }
    // Criterion 9 (CheckBidi), for every label of a Bidi domain name (left to the full path
    // when a decoded label would take part).
    if config.check_bidi && mapper.rtl {
        if ace {
            return None;
        }
        let points = buffers.points.get(..mapper.len)?;
        for label in points.split(|&cp| cp == FULL_STOP) {
            bidi_rule_holds(label)?;
        }
    }
    // ToASCII step 3: non-ASCII labels are encoded; ASCII ones, decoded `xn--` labels
    // included, are left as they are.
    // Encoding a label takes about as many bytes as its UTF-8 form, plus the `xn--` prefix and a
    // few digits.
    let mut out = String::with_capacity(domain.len() + 8 * labels.len());
    let mut start = 0;
    for &(end, non_ascii) in labels {
        let end = usize::from(end);
        let label = buffers.points.get(start..end)?;
        if start > 0 {
            out.push('.');
        }
        start = end + 1;
        if non_ascii {
            out.push_str("xn--");
            punycode::encode_points(label, &mut out, None).ok()?;
        } else {
            for &cp in label {
                punycode::push_ascii(&mut out, cp as u8);
            }
        }
    }
    // ToASCII step 4.
    if config.verify_dns_length && !super::process::dns_length(&out).is_empty() {
        return None;
    }
    // Punycode writes only `a-z`, `0-9` and `-`.
    Some((out, !mapper.non_ldh))
}

/// The validity criteria, other than the Bidi rule, that can fail for a mapped label of valid,
/// NFC code points without joiners: `None` when one fails or the label needs Punycode decoding.
#[inline]
fn check_label(label: &[u32], config: Config) -> Option<()> {
    match label {
        // Step 4.1: an `xn--` label is decoded by the full path.
        [0x78, 0x6E, HYPHEN, HYPHEN, ..] => return None,
        // Criterion 6: no leading combining mark.
        [first, ..] if *first >= 0x80 && lookup::props(char::from_u32(*first)?).is_mark() => {
            return None;
        }
        _ => {}
    }
    // Criteria 2 and 3 (CheckHyphens).
    if config.check_hyphens
        && (label.get(2..4) == Some(&[HYPHEN, HYPHEN])
            || label.first() == Some(&HYPHEN)
            || label.last() == Some(&HYPHEN))
    {
        return None;
    }
    Some(())
}

/// Processing step 4.1 for a (mapped, so lower-case ASCII) `xn--` label whose part after the
/// prefix is `encoded`: decodes it into `decoded` and checks what the full path checks of a
/// decoded label (step 4.1.3 and the validity criteria with nontransitional statuses), with the
/// fast path's stricter rules: `None` unless every decoded non-ASCII code point is valid and
/// NFC-safe, none is right-to-left (the Bidi rule is left to the full path), the first is no
/// mark, and the label passes CheckHyphens and does not itself start with `xn--`.
fn check_ace_label(encoded: &[u32], config: Config, decoded: &mut Vec<char>) -> Option<()> {
    let mut bytes = [0u8; MAX_POINTS];
    let bytes = bytes.get_mut(..encoded.len())?;
    for (byte, &cp) in bytes.iter_mut().zip(encoded) {
        *byte = u8::try_from(cp).ok()?;
    }
    decoded.clear();
    punycode::decode_chars(core::str::from_utf8(bytes).ok()?, decoded).ok()?;
    // Step 4.1.3: not empty, not all ASCII (the full path records the failure).
    if decoded.iter().all(char::is_ascii) {
        return None;
    }
    for &c in decoded.iter().filter(|c| !c.is_ascii()) {
        let props = lookup::props(c);
        if !props.is_valid_nfc() || props.is_rtl() {
            return None;
        }
    }
    // Criteria 2, 3, 4 and 6, as `check_label` checks them.
    match decoded.as_slice() {
        ['x', 'n', '-', '-', ..] => return None,
        [first, ..] if !first.is_ascii() && lookup::props(*first).is_mark() => return None,
        _ => {}
    }
    if config.check_hyphens
        && (decoded.get(2..4) == Some(&['-', '-'])
            || decoded.first() == Some(&'-')
            || decoded.last() == Some(&'-'))
    {
        return None;
    }
    Some(())
}

/// RFC 5893 section 2, the Bidi rule, for one label: `None` when it fails.
fn bidi_rule_holds(label: &[u32]) -> Option<()> {
    let mut rule = BidiRule::new();
    for &cp in label {
        rule.push(lookup::props(char::from_u32(cp)?).bidi_class());
    }
    rule.finish().is_empty().then_some(())
}
