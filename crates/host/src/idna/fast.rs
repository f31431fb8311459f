//! A fast path for UTS #46 ToASCII (section 4.2) on the non-ASCII domains met in practice: the
//! mapped domain is held as code points on the stack, one trie lookup a code point decides its
//! status, NFC and Bidi class, and the labels are Punycode-encoded straight from there.
//!
//! It answers only when the errors processing records are ones it can tell exactly (the Bidi
//! rule's, and criterion 7's for a disallowed code point that cannot keep the text from being
//! NFC) and no step needs more than that: any other disallowed code point, joiner, code point
//! that may not be NFC, `xn--` label that needs more, leading mark, failed check or over-long
//! domain sends the domain to the full path (`process`), which then computes the answer and its
//! errors. Every answer it gives is the one the full path gives (tested in `process`'s tests).

use alloc::string::String;

use unicode_normalization::char::{canonical_combining_class, compose, decompose_canonical};
use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use super::Config;
use super::errors::{ErrorCode, Errors};
use super::lookup::{self, BidiClass, Kind, Props, Status};
use super::punycode;
use super::validity::{self, RTL_CLASSES};

/// Most code points of a mapped domain the fast path holds in its smallest buffers (zeroed on
/// every call, so kept to the usual host: most have at most this many bytes), used when the
/// input has at most this many bytes.
const SMALL_POINTS: usize = 40;
/// Most code points of a mapped domain the fast path holds in its middle buffers, used when
/// the input has at most this many bytes.
const SHORT_POINTS: usize = 96;
/// Most bytes of an ASCII domain whose decoded labels ToUnicode's fast path holds in its
/// smallest buffer.
const SHORT_ASCII: usize = 48;
/// Most code points of a mapped domain the fast path holds (label ends are `u8`): longer
/// domains (beyond any DNS name) take the full path.
const MAX_POINTS: usize = 255;
/// Most labels of a domain the fast path handles.
const MAX_LABELS: usize = 24;

const HYPHEN: u32 = 0x2D;

/// For each ASCII byte: its lower-case form (bits 0 to 6), bit 7 set unless that form is one
/// that UseSTD3ASCIIRules allows in a mapped domain (`a-z`, `0-9`, `-`) or the label separator
/// `.`, and above bit 7 its Bidi class as a set (`validity::class_bit`), which the fast paths
/// gather for the Bidi rule.
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const ASCII_MAP: [u32; 128] = {
    let mut table = [0u32; 128];
    let mut b = 0;
    while b < 128 {
        let lower = (b as u8).to_ascii_lowercase();
        let allowed =
            lower.is_ascii_lowercase() || lower.is_ascii_digit() || lower == b'-' || lower == b'.';
        let class = validity::class_bit(ascii_class(b as u8)) << 8;
        table[b] = class | if allowed { lower as u32 } else { lower as u32 | 0x80 };
        b += 1;
    }
    table
};

/// The Bidi class of an ASCII code point (the UCD's, which a test checks against the tables;
/// L for any other byte).
const fn ascii_class(byte: u8) -> BidiClass {
    use BidiClass::*;
    match byte {
        0x09 | 0x0B | 0x1F => S,
        0x0A | 0x0D | 0x1C..=0x1E => B,
        0x0C | b' ' => WS,
        0x00..=0x1F | 0x7F => BN,
        b'#' | b'$' | b'%' => ET,
        b'+' | b'-' => ES,
        b',' | b'.' | b'/' | b':' => CS,
        b'0'..=b'9' => EN,
        0x21..=0x7E if !byte.is_ascii_alphabetic() => ON,
        _ => L,
    }
}

/// The mapped domain's code points go to a buffer on the stack; this is the rest of the state
/// of the mapping (kept apart from the buffers so that it stays in registers).
struct Mapper {
    /// Code points in the buffer.
    len: usize,
    /// Labels ended so far (each by a full stop).
    label_count: usize,
    /// Whether the current label holds a non-ASCII code point.
    non_ascii: bool,
    /// The Bidi classes of the current label's code points, as a set (`validity::class_bit`).
    classes: u32,
    /// UseSTD3ASCIIRules.
    std3: bool,
    /// An ASCII code point other than `a-z`, `0-9`, `-` and `.` was pushed.
    non_ldh: bool,
    /// The last code point pushed has a combining class other than 0.
    combining: bool,
    /// A disallowed code point was pushed (kept, as mapping keeps it; validity criterion 7 then
    /// fails).
    disallowed: bool,
}

/// The buffers of the mapped domain: its code points, its labels, and the decoded forms of its
/// `xn--` labels (zeroed only for a domain that has one).
struct Buffers<const N: usize> {
    points: [u32; N],
    labels: [Label; MAX_LABELS],
    decoded: Option<[u32; N]>,
}

impl<const N: usize> Buffers<N> {
    fn new() -> Buffers<N> {
        Buffers { points: [0; N], labels: [Label::default(); MAX_LABELS], decoded: None }
    }

    /// The mapped code points of `label`, which starts at `start`.
    fn mapped(&self, start: usize, label: Label) -> &[u32] {
        self.points.get(start..usize::from(label.end)).unwrap_or_default()
    }

    /// The Unicode form of `label`: decoded for an `xn--` label, else as mapped.
    fn unicode(&self, start: usize, label: Label) -> &[u32] {
        match (label.kind, &self.decoded) {
            (LabelKind::Ace, Some(decoded)) => {
                decoded.get(usize::from(label.from)..usize::from(label.to)).unwrap_or_default()
            }
            _ => self.mapped(start, label),
        }
    }
}

/// What [`process`] learns of the domain besides its buffers.
struct Summary {
    /// Number of labels.
    label_count: usize,
    /// An ASCII code point other than `a-z`, `0-9`, `-` and `.` was mapped.
    non_ldh: bool,
    /// The failures processing records, the only ones it can record when the fast path answers
    /// (the Bidi rule's, and criterion 7's for a disallowed code point): the domain is
    /// processed exactly, and fails when this is not empty.
    errors: Errors,
}

impl Mapper {
    /// Appends the ASCII byte `byte`, mapped (lower-cased), noting what UseSTD3ASCIIRules
    /// refuses; a full stop ends the label.
    #[inline(always)]
    fn push_ascii<const N: usize>(&mut self, buffers: &mut Buffers<N>, byte: u8) -> Option<()> {
        let entry = ASCII_MAP.get(usize::from(byte & 0x7F)).copied().unwrap_or(0x80);
        // UseSTD3ASCIIRules refuses it: checked once, at the end of the mapping.
        self.non_ldh |= entry & 0x80 != 0;
        let mapped = (entry & 0x7F) as u8;
        self.combining = false;
        if mapped == b'.' {
            *buffers.labels.get_mut(self.label_count)? = Label {
                end: self.len as u8,
                kind: LabelKind::mapped(self.non_ascii),
                classes: self.classes,
                ..Label::default()
            };
            self.label_count += 1;
            self.non_ascii = false;
            self.classes = 0;
        } else {
            self.classes |= entry >> 8;
        }
        *buffers.points.get_mut(self.len)? = u32::from(mapped);
        self.len += 1;
        Some(())
    }

    /// Appends a non-ASCII code point `cp` of the mapped text, with its information `props`:
    /// it must be valid (nontransitional: deviations other than the joiners are kept) and not
    /// keep the text from being NFC (NFC_Quick_Check=Yes, and a combining class other than 0
    /// only after a code point of class 0).
    #[inline(always)]
    fn push_checked<const N: usize>(
        &mut self,
        buffers: &mut Buffers<N>,
        cp: u32,
        props: Props,
    ) -> Option<()> {
        if props.is_valid_nfc() {
            self.combining = false;
        } else {
            let Some(combining) = props.nfc_after_starter(cp) else {
                return self.push_composable(buffers, cp, props);
            };
            if combining && self.combining {
                return None;
            }
            self.combining = combining;
        }
        self.push_non_ascii(buffers, cp, props)
    }

    /// Stores the non-ASCII code point `cp` (whose checks passed) and its Bidi class from
    /// `props`: the tail every `push_*` of a non-ASCII code point shares.
    #[inline(always)]
    fn push_non_ascii<const N: usize>(
        &mut self,
        buffers: &mut Buffers<N>,
        cp: u32,
        props: Props,
    ) -> Option<()> {
        self.classes |= props.class_bit();
        self.non_ascii = true;
        *buffers.points.get_mut(self.len)? = cp;
        self.len += 1;
        Some(())
    }

    /// [`Mapper::push_checked`] for a code point `cp` of NFC_Quick_Check=Maybe (one that may
    /// compose with a starter before it), which the normalization (the full path's) decides:
    /// the text stays NFC when `cp` does not follow a code point of combining class other than
    /// 0 if it has one itself (the order of adjacent marks is left to the full path), and the
    /// code point before it, when a starter, forms an NFC pair with it (neither composes with
    /// it nor decomposes into marks that `cp` would be reordered among). A starter after a
    /// mark is blocked from every starter before it. Nothing after `cp` can compose with a
    /// starter before it: a code point that may has NFC_Quick_Check=Maybe, and is blocked by
    /// `cp` or, as a mark after a mark, left to the full path.
    ///
    /// When the pair normalizes to one code point (`e` and U+0301 to `é`, a Hangul LV
    /// syllable and a trailing jamo to an LVT one), that code point replaces the starter, as
    /// step 2 (Normalize) writes it: the text before the starter is NFC and ends before a
    /// starter, so nothing in it composes with the pair, and the pair's NFC is the whole
    /// text's from there. The composed code point must be valid and NFC-safe like any other
    /// (normalization can make one that is not, which the full path then reports), and of the
    /// starter's Bidi class (which the label's class set already holds).
    #[cold]
    #[inline(never)]
    fn push_composable<const N: usize>(
        &mut self,
        buffers: &mut Buffers<N>,
        cp: u32,
        props: Props,
    ) -> Option<()> {
        let c = char::from_u32(cp)?;
        if !props.kept_status(cp) || is_nfc_quick(core::iter::once(c)) != IsNormalized::Maybe {
            return None;
        }
        let combining = canonical_combining_class(c) != 0;
        if combining && self.combining {
            return None;
        }
        if !self.combining
            && let Some(&before) = self.len.checked_sub(1).and_then(|at| buffers.points.get(at))
        {
            let before = char::from_u32(before)?;
            if let Some(composed) = pair_nfc(before, c)? {
                return self.compose(buffers, before, composed);
            }
        }
        self.combining = combining;
        self.push_non_ascii(buffers, cp, props)
    }

    /// Replaces the last code point pushed, the starter `before`, with `composed`, the NFC
    /// of it and the code point that followed it (see [`Mapper::push_composable`]).
    fn compose<const N: usize>(
        &mut self,
        buffers: &mut Buffers<N>,
        before: char,
        composed: char,
    ) -> Option<()> {
        let props = lookup::props(composed);
        if !props.is_valid_nfc() || props.class_bit() != lookup::props(before).class_bit() {
            return None;
        }
        let last = buffers.points.get_mut(self.len.checked_sub(1)?)?;
        *last = u32::from(composed);
        self.combining = false;
        self.non_ascii = true;
        Some(())
    }

    /// Appends a disallowed code point `c` with its information `props` (mapping keeps it,
    /// and validity criterion 7 fails for its label): it must have NFC_Quick_Check=Yes and
    /// combining class 0, so that the text stays NFC as with a valid code point of class 0.
    /// The tables' NFC information agrees with the normalization of the full path for valid
    /// code points (tested), not for every disallowed one (unassigned ones among them): that
    /// normalization decides.
    #[cold]
    #[inline(never)]
    fn push_disallowed<const N: usize>(
        &mut self,
        buffers: &mut Buffers<N>,
        c: char,
        props: Props,
    ) -> Option<()> {
        if props.nfc_unsafe()
            || canonical_combining_class(c) != 0
            || is_nfc_quick(core::iter::once(c)) != IsNormalized::Yes
        {
            return None;
        }
        self.combining = false;
        self.disallowed = true;
        self.push_non_ascii(buffers, u32::from(c), props)
    }

    /// Appends one code point of a mapping value.
    #[inline(always)]
    fn push_mapping_char<const N: usize>(
        &mut self,
        buffers: &mut Buffers<N>,
        to: char,
    ) -> Option<()> {
        match u8::try_from(to) {
            Ok(byte) if byte.is_ascii() => self.push_ascii(buffers, byte),
            _ => self.push_checked(buffers, u32::from(to), lookup::props(to)),
        }
    }
}

/// The NFC of the starter `before` followed by `c` (NFC_Quick_Check=Maybe): `Some(None)` when
/// it is the pair itself, `Some(Some(composed))` when it is one code point, `None` otherwise.
/// A starter and a `c` without canonical decompositions (none below U+00C0 has one) are their
/// own NFD, so the pair's NFC is their primary composite if they have one; so is a Hangul
/// syllable's pair (its jamo recompose to it, and only an LV syllable composes further, with a
/// trailing jamo). Any other pair is normalized whole.
pub(super) fn pair_nfc(before: char, c: char) -> Option<Option<char>> {
    let undecomposed = |x: char| {
        let mut itself = true;
        decompose_canonical(x, |part| itself &= part == x);
        itself
    };
    let simple =
        before < '\u{C0}' || ('\u{AC00}'..='\u{D7A3}').contains(&before) || undecomposed(before);
    if simple && undecomposed(c) {
        return Some(compose(before, c));
    }
    let mut pair = [before, c].into_iter().nfc();
    match (pair.next(), pair.next(), pair.next()) {
        (Some(first), Some(second), None) if first == before && second == c => Some(None),
        (Some(composed), None, None) => Some(Some(composed)),
        _ => None,
    }
}

/// What one label of the mapped domain holds: eight bytes with no padding, all zeros by
/// default, so that the buffers' labels are zeroed a few words at a time.
#[derive(Clone, Copy, Default)]
struct Label {
    /// The Bidi classes of its code points (in its Unicode form), as a set
    /// (`validity::class_bit`).
    classes: u32,
    /// Its end in `points`.
    end: u8,
    /// What its code points are.
    kind: LabelKind,
    /// For an [`LabelKind::Ace`] label, its decoded form: `decoded`'s range `from..to`.
    /// (Plain fields rather than an `Option`: a default label is all zeros.)
    from: u8,
    to: u8,
}

/// What kind of label a [`Label`] is.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum LabelKind {
    /// Only ASCII code points, and not an `xn--` label.
    #[default]
    Ascii,
    /// A non-ASCII code point among its code points.
    NonAscii,
    /// An `xn--` label (ASCII), decoded.
    Ace,
}

impl LabelKind {
    /// The kind of a label as mapped: [`LabelKind::NonAscii`] when `non_ascii`.
    fn mapped(non_ascii: bool) -> LabelKind {
        if non_ascii { LabelKind::NonAscii } else { LabelKind::Ascii }
    }
}

/// The status of `c`, mapped and without its mapping in the trie: for the ideographic full
/// stops (U+3002, and U+FF61 halfwidth), which East Asian input methods type between labels,
/// U+002E without the mapping table's search.
#[inline]
fn full_stop_or_status(c: char) -> Status {
    if matches!(c, '\u{3002}' | '\u{FF61}') { Status::MappedChar('.') } else { lookup::status(c) }
}

/// UTS #46 Processing (section 4) for the fast paths: maps `domain`, decodes its `xn--` labels
/// and applies the validity criteria and the Bidi rule; `None` unless every step succeeds with
/// no step needing more than the fast path does, but the Bidi rule and criterion 7 for
/// disallowed code points, whose failures (then the only ones possible) are in the summary.
fn process<const N: usize>(
    domain: &str,
    config: Config,
    buffers: &mut Buffers<N>,
) -> Option<Summary> {
    if config.transitional_processing {
        return None;
    }
    let mut mapper = Mapper {
        len: 0,
        label_count: 0,
        non_ascii: false,
        classes: 0,
        std3: config.use_std3_ascii_rules,
        non_ldh: false,
        combining: false,
        disallowed: false,
    };
    // Section 4, step 1 (Map); step 2 (Normalize) has nothing to do, as every code point pushed
    // has NFC_Quick_Check=Yes and no two adjacent ones have combining classes other than 0 (the
    // NFC quick check says Yes).
    for c in domain.chars() {
        if let Ok(byte) = u8::try_from(c)
            && byte.is_ascii()
        {
            mapper.push_ascii(buffers, byte)?;
            continue;
        }
        let (props, value) = lookup::props_and_value(c);
        if props.is_valid_nfc() {
            // The usual case: kept as it is.
            mapper.push_checked(buffers, u32::from(c), props)?;
            continue;
        }
        match props.kind() {
            Kind::Ignored => {}
            // A case mapping, from the same lookup; else the status.
            Kind::Mapped => match lookup::mapping_at(value, c) {
                Some(to) => mapper.push_mapping_char(buffers, to)?,
                None => match full_stop_or_status(c) {
                    Status::MappedChar(to) => mapper.push_mapping_char(buffers, to)?,
                    Status::Mapped(to) => {
                        for to in to.chars() {
                            mapper.push_mapping_char(buffers, to)?;
                        }
                    }
                    _ => return None,
                },
            },
            // Kept, and criterion 7 fails (without statuses to check again here).
            Kind::Disallowed => mapper.push_disallowed(buffers, c, props)?,
            _ => mapper.push_checked(buffers, u32::from(c), props)?,
        }
    }
    // UseSTD3ASCIIRules (the full path records the failure).
    if mapper.std3 && mapper.non_ldh {
        return None;
    }
    // The last label.
    *buffers.labels.get_mut(mapper.label_count)? = Label {
        end: mapper.len as u8,
        kind: LabelKind::mapped(mapper.non_ascii),
        classes: mapper.classes,
        ..Label::default()
    };
    let label_count = mapper.label_count + 1;
    // The Bidi classes of the whole domain.
    let mut classes = 0;
    // Steps 3 and 4: each label is checked (criteria 1 and 7 hold by construction, 5 and 8
    // cannot fail without a full stop or joiner in a label); `xn--` labels are decoded.
    let mut start = 0;
    let mut decoded_len = 0;
    for slot in buffers.labels.get_mut(..label_count)? {
        let label = buffers.points.get(start..usize::from(slot.end))?;
        start = usize::from(slot.end) + 1;
        match label {
            [0x78, 0x6E, HYPHEN, HYPHEN, encoded @ ..] if slot.kind == LabelKind::Ascii => {
                let decoded = buffers.decoded.get_or_insert([0; N]);
                let room = decoded.get_mut(decoded_len..)?;
                let (len, label_classes) = check_ace_label(encoded, config, room)?;
                (slot.kind, slot.from, slot.to) =
                    (LabelKind::Ace, decoded_len as u8, (decoded_len + len) as u8);
                slot.classes = label_classes;
                decoded_len += len;
            }
            _ => check_label(label, config)?,
        }
        classes |= slot.classes;
    }
    // Criterion 7 for the disallowed code points kept by the mapping (the labels' other
    // criteria hold, as checked above).
    let mut errors = Errors::new();
    if mapper.disallowed {
        errors.insert(ErrorCode::V7);
    }
    // Criterion 9 (CheckBidi), for every label of a Bidi domain name, in its Unicode form.
    if config.check_bidi && classes & RTL_CLASSES != 0 {
        let mut start = 0;
        for &label in buffers.labels.get(..label_count)? {
            errors = errors.union(bidi_rule(buffers.unicode(start, label), label.classes));
            start = usize::from(label.end) + 1;
        }
    }
    Some(Summary { label_count, non_ldh: mapper.non_ldh, errors })
}

/// ToASCII of a domain holding non-ASCII text or `xn--` labels, with whether the result holds
/// only `a-z`, `0-9`, `-` and `.`; or its failures (the Bidi rule's and criterion 7's, without
/// VerifyDnsLength); or `None` when the full path must decide.
pub(super) fn to_ascii(domain: &str, config: Config) -> Option<Result<(String, bool), Errors>> {
    if domain.len() <= SMALL_POINTS {
        to_ascii_in(domain, config, &mut Buffers::<SMALL_POINTS>::new())
    } else if domain.len() <= SHORT_POINTS {
        to_ascii_in(domain, config, &mut Buffers::<SHORT_POINTS>::new())
    } else {
        to_ascii_in(domain, config, &mut Buffers::<MAX_POINTS>::new())
    }
}

/// [`to_ascii`] with buffers for `N` code points.
fn to_ascii_in<const N: usize>(
    domain: &str,
    config: Config,
    buffers: &mut Buffers<N>,
) -> Option<Result<(String, bool), Errors>> {
    let summary = process(domain, config, buffers)?;
    if !summary.errors.is_empty() {
        // VerifyDnsLength would add the failures of the ASCII form, not built here.
        return (!config.verify_dns_length).then_some(Err(summary.errors));
    }
    let labels = buffers.labels.get(..summary.label_count)?;
    // ToASCII step 3: non-ASCII labels are encoded; ASCII ones, `xn--` labels included, are
    // left as they are. Room for every label, as `punycode::encode_points` reserves it.
    let mut capacity = summary.label_count;
    let mut start = 0;
    for &label in labels {
        let mapped = buffers.mapped(start, label);
        capacity +=
            if label.kind == LabelKind::NonAscii { 4 + 5 + 3 * mapped.len() } else { mapped.len() };
        start = usize::from(label.end) + 1;
    }
    let mut out = String::with_capacity(capacity);
    let mut start = 0;
    for &label in labels {
        let mapped = buffers.mapped(start, label);
        if start > 0 {
            out.push('.');
        }
        start = usize::from(label.end) + 1;
        if label.kind == LabelKind::NonAscii {
            out.push_str("xn--");
            punycode::encode_points(mapped, &mut out, None).ok()?;
        } else {
            for &cp in mapped {
                punycode::push_ascii(&mut out, cp as u8);
            }
        }
    }
    // ToASCII step 4.
    if config.verify_dns_length && !super::process::dns_length(&out).is_empty() {
        return None;
    }
    // Punycode writes only `a-z`, `0-9` and `-`.
    Some(Ok((out, !summary.non_ldh)))
}

/// ToUnicode (section 4.3) of a domain that is not all ASCII or has an `xn--` label, with the
/// failures recorded (the Bidi rule's and criterion 7's); `None` when the full path must decide.
pub(super) fn to_unicode(domain: &str, config: Config) -> Option<(String, Errors)> {
    if domain.is_ascii() {
        return to_unicode_ascii(domain, config);
    }
    // The same buffers as `to_ascii`'s, so that both answer the same domains.
    if domain.len() <= SMALL_POINTS {
        to_unicode_in(domain, config, &mut Buffers::<SMALL_POINTS>::new())
    } else if domain.len() <= SHORT_POINTS {
        to_unicode_in(domain, config, &mut Buffers::<SHORT_POINTS>::new())
    } else {
        to_unicode_in(domain, config, &mut Buffers::<MAX_POINTS>::new())
    }
}

/// [`to_unicode`] with buffers for `N` code points.
fn to_unicode_in<const N: usize>(
    domain: &str,
    config: Config,
    buffers: &mut Buffers<N>,
) -> Option<(String, Errors)> {
    let summary = process(domain, config, buffers)?;
    let mut start = 0;
    let mut parts: [&[u32]; MAX_LABELS] = [&[]; MAX_LABELS];
    for (part, &label) in parts.iter_mut().zip(buffers.labels.get(..summary.label_count)?) {
        *part = buffers.unicode(start, label);
        start = usize::from(label.end) + 1;
    }
    let parts = parts.get(..summary.label_count)?;
    let len: usize = parts.iter().map(|part| punycode::utf8_len(part) + 1).sum();
    let mut out = String::with_capacity(len);
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        punycode::push_chars(&mut out, part);
    }
    Some((out, summary.errors))
}

/// [`to_unicode`] of an ASCII domain (one with an `xn--` label: the others have a faster path
/// still), straight from its bytes: mapping only lower-cases, so the labels are its bytes in
/// either case, an `xn--` label is decoded from them (Punycode digits are read in either case;
/// the basic code points are lower-cased after decoding) and checked as [`process`] checks
/// it, any other label needs only CheckHyphens (and UseSTD3ASCIIRules, which sends a domain
/// it refuses to the full path, as `process` does).
// Not inlined: in its callers' plain-ASCII paths, its registers and stack would crowd theirs.
#[inline(never)]
fn to_unicode_ascii(domain: &str, config: Config) -> Option<(String, Errors)> {
    if config.transitional_processing {
        return None;
    }
    // Most domains are short: their buffer is cheaper to set up (zeroing it is a good part of
    // the work on a domain of one or two short labels).
    if domain.len() <= SHORT_ASCII {
        to_unicode_ascii_in::<SHORT_ASCII>(domain, config)
    } else if domain.len() <= SHORT_POINTS {
        to_unicode_ascii_in::<SHORT_POINTS>(domain, config)
    } else {
        to_unicode_ascii_in::<MAX_POINTS>(domain, config)
    }
}

/// Bit 7 of each byte of `w` set exactly where that byte is `byte` (any byte values).
#[inline(always)]
fn bytes_equal(w: u64, byte: u8) -> u64 {
    const LOWS: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // A byte is zero after the exclusive or when neither its low seven bits plus 0x7F nor
    // itself has bit 7 set (no sum carries into the next byte).
    let x = w ^ (u64::from_ne_bytes([byte; 8]));
    !(((x & LOWS) + LOWS) | x | LOWS)
}

/// Reads the ASCII `bytes` eight at a time: whether one is upper case, and the number of full
/// stops, whose positions go to the front of `dots`; `None` when there are more than `dots`
/// holds.
#[inline(always)]
fn upper_and_dots(bytes: &[u8], dots: &mut [u8]) -> Option<(bool, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut upper = 0u64;
    let mut dot_count = 0;
    let mut at = 0usize;
    while at < bytes.len() {
        let w = match bytes.get(at..at + 8) {
            Some(chunk) => u64::from_le_bytes(chunk.try_into().unwrap_or_default()),
            // The last bytes, zero-padded (no zero byte is upper case or a full stop).
            None => bytes
                .get(at..)
                .unwrap_or_default()
                .iter()
                .rev()
                .fold(0, |w, &b| w << 8 | u64::from(b)),
        };
        // For a byte below 0x80, bit 7 of `byte + 0x80 - b'A'` is set when it is at least `A`,
        // that of `byte + 0x80 - b'Z' - 1` when it is past `Z`; no sum carries into the next
        // byte.
        let low = w & !HIGHS;
        upper |= (low + ONES * u64::from(0x80 - b'A')) & !(low + ONES * u64::from(0x80 - b'Z' - 1));
        let mut found = bytes_equal(w, b'.');
        while found != 0 {
            *dots.get_mut(dot_count)? = (at + found.trailing_zeros() as usize / 8) as u8;
            dot_count += 1;
            found &= found - 1;
        }
        at += 8;
    }
    Some((upper & HIGHS != 0, dot_count))
}

/// Whether `label` starts with `xn--` in any case.
#[inline(always)]
fn is_ace_prefix(label: &[u8]) -> bool {
    // Setting bit 5 of the first two bytes lower-cases `X` and `N`, and gives `x` and `n` only
    // for those and `x` and `n`.
    label
        .get(..4)
        .and_then(|p| p.try_into().ok())
        .map(u32::from_le_bytes)
        .is_some_and(|p| p | 0x2020 == u32::from_le_bytes(*b"xn--"))
}

/// [`to_unicode_ascii`] of a domain of at most `N` bytes, decoded into a buffer of `N` code
/// points.
fn to_unicode_ascii_in<const N: usize>(domain: &str, config: Config) -> Option<(String, Errors)> {
    let bytes = domain.as_bytes();
    if bytes.len() > N {
        return None;
    }
    // Whether the domain has upper case; where its full stops are (more than the fast path's
    // labels take the full path).
    let mut dots = [0u8; MAX_LABELS - 1];
    let (upper, dot_count) = upper_and_dots(bytes, &mut dots)?;
    // UseSTD3ASCIIRules refuses a byte: the full path records the failure.
    if config.use_std3_ascii_rules
        && bytes.iter().any(|&b| ASCII_MAP.get(usize::from(b)).is_none_or(|&m| m & 0x80 != 0))
    {
        return None;
    }
    // Each label's range in `bytes` and, decoded, in `decoded` with its Bidi classes.
    let mut labels = [(0u8, 0u8, None::<(u8, u8, u32)>); MAX_LABELS];
    let label_count = dot_count + 1;
    let mut decoded = [Decoded('\0'); N];
    let mut decoded_len = 0;
    let mut rtl = false;
    let mut start = 0;
    // The length of the output: each label's Unicode form and a byte for its separator.
    let mut out_len = 0;
    let ends = dots.get(..dot_count)?.iter().map(|&d| usize::from(d)).chain([bytes.len()]);
    for (slot, end) in labels.iter_mut().zip(ends) {
        let label = bytes.get(start..end)?;
        *slot = (start as u8, end as u8, None);
        start = end + 1;
        if is_ace_prefix(label) {
            let room = decoded.get_mut(decoded_len..)?;
            let (len, utf8, classes) = check_ace_bytes(label.get(4..)?, config, room)?;
            slot.2 = Some((decoded_len as u8, (decoded_len + len) as u8, classes));
            decoded_len += len;
            rtl |= classes & RTL_CLASSES != 0;
            out_len += utf8 + 1;
        } else if config.check_hyphens
            && (label.get(2..4) == Some(b"--")
                || label.first() == Some(&b'-')
                || label.last() == Some(&b'-'))
        {
            return None;
        } else {
            out_len += label.len() + 1;
        }
    }
    let labels = labels.get(..label_count)?;
    let unicode = |(from, to, decoded_range): (u8, u8, Option<(u8, u8, u32)>)| match decoded_range {
        Some((a, b, classes)) => AsciiLabel::Decoded(
            decoded.get(usize::from(a)..usize::from(b)).unwrap_or_default(),
            classes,
        ),
        None => AsciiLabel::Kept(bytes.get(usize::from(from)..usize::from(to)).unwrap_or_default()),
    };
    // Criterion 9 (CheckBidi), for every label of a Bidi domain name, in its Unicode form.
    let mut errors = Errors::new();
    if config.check_bidi && rtl {
        for &label in labels {
            errors = errors.union(match unicode(label) {
                AsciiLabel::Kept(ascii) => bidi_rule_ascii(ascii),
                AsciiLabel::Decoded(points, classes) => bidi_rule(points, classes),
            });
        }
    }
    let mut out = String::with_capacity(out_len);
    for (i, &label) in labels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        match unicode(label) {
            // The input's own bytes (ASCII, so a `str`), lower-cased below with the rest.
            AsciiLabel::Kept(_) => {
                out.push_str(domain.get(usize::from(label.0)..usize::from(label.1))?);
            }
            AsciiLabel::Decoded(chars, _) => {
                for &Decoded(c) in chars {
                    out.push(c);
                }
            }
        }
    }
    if upper {
        out.make_ascii_lowercase();
    }
    Some((out, errors))
}

/// The Unicode form of a label of an ASCII domain.
enum AsciiLabel<'a> {
    /// Not an `xn--` label: its bytes (in either case).
    Kept(&'a [u8]),
    /// An `xn--` label: its decoded code points and their Bidi classes, as a set.
    Decoded(&'a [Decoded], u32),
}

/// [`bidi_rule`] for an ASCII label (whose code points have no class NSM).
fn bidi_rule_ascii(label: &[u8]) -> Errors {
    let classes = label.iter().fold(0, |set, &byte| {
        set | ASCII_MAP.get(usize::from(byte & 0x7F)).copied().unwrap_or(0) >> 8
    });
    let class = |byte: Option<&u8>| byte.map_or(BidiClass::L, |&b| ascii_class(b));
    validity::bidi_rule_of(class(label.first()), classes, class(label.last()))
}

/// A code point as the fast paths hold it: a `u32` (the mapped domain) or a `char` (the
/// decoded labels of an ASCII domain, pushed to the output and looked up with no check).
trait CodePoint: Copy + From<char> + Into<u32> {
    /// The `char`, `None` for a value that is no Unicode scalar value.
    fn to_char(self) -> Option<char>;

    /// [`check_label`] of a label of these.
    fn check_label(label: &[Self], config: Config) -> Option<()>;
}

impl CodePoint for u32 {
    #[inline(always)]
    fn to_char(self) -> Option<char> {
        char::from_u32(self)
    }

    #[inline(always)]
    fn check_label(label: &[u32], config: Config) -> Option<()> {
        check_label(label, config)
    }
}

/// A decoded code point of an ASCII domain's `xn--` label (a type of its own, so that the
/// Punycode decoder's copy for it is not the one [`punycode::decode`] shares with it).
#[derive(Clone, Copy)]
struct Decoded(char);

impl From<char> for Decoded {
    #[inline(always)]
    fn from(c: char) -> Decoded {
        Decoded(c)
    }
}

impl From<Decoded> for u32 {
    #[inline(always)]
    fn from(c: Decoded) -> u32 {
        u32::from(c.0)
    }
}

impl CodePoint for Decoded {
    #[inline(always)]
    fn to_char(self) -> Option<char> {
        Some(self.0)
    }

    #[inline(always)]
    fn check_label(label: &[Decoded], config: Config) -> Option<()> {
        check_label_of(label, config)
    }
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
    check_hyphens(label, config)
}

/// [`check_label`] for code points of any [`CodePoint`] type.
#[inline]
fn check_label_of<T: CodePoint>(label: &[T], config: Config) -> Option<()> {
    let at = |k: usize| label.get(k).map(|&c| c.into());
    // Step 4.1: an `xn--` label is decoded by the full path.
    if [at(0), at(1), at(2), at(3)] == [Some(0x78), Some(0x6E), Some(HYPHEN), Some(HYPHEN)] {
        return None;
    }
    // Criterion 6: no leading combining mark.
    if let Some(&first) = label.first()
        && first.into() >= 0x80
        && lookup::props(first.to_char()?).is_mark()
    {
        return None;
    }
    check_hyphens_of(label, config)
}

/// Criteria 2 and 3 (CheckHyphens).
#[inline]
fn check_hyphens(label: &[u32], config: Config) -> Option<()> {
    if config.check_hyphens
        && (label.get(2..4) == Some(&[HYPHEN, HYPHEN])
            || label.first() == Some(&HYPHEN)
            || label.last() == Some(&HYPHEN))
    {
        return None;
    }
    Some(())
}

/// [`check_hyphens`] for code points of any [`CodePoint`] type.
#[inline]
fn check_hyphens_of<T: CodePoint>(label: &[T], config: Config) -> Option<()> {
    let at = |k: usize| label.get(k).map(|&c| c.into());
    if config.check_hyphens
        && ((at(2), at(3)) == (Some(HYPHEN), Some(HYPHEN))
            || at(0) == Some(HYPHEN)
            || label.last().map(|&c| c.into()) == Some(HYPHEN))
    {
        return None;
    }
    Some(())
}

/// Processing step 4.1 for a (mapped, so lower-case ASCII) `xn--` label whose part after the
/// prefix is `encoded`: decodes it into `decoded` and checks what the full path checks of a
/// decoded label (step 4.1.3 and the validity criteria with nontransitional statuses, but the
/// Bidi rule), with the fast path's stricter rules: `None` unless every decoded non-ASCII code
/// point is valid (or a deviation other than the joiners) and NFC-safe, the first is no mark,
/// and the label passes CheckHyphens and does not itself start with `xn--`. Returns the decoded
/// length and the Bidi classes of the decoded code points, as a set (`validity::class_bit`).
fn check_ace_label(encoded: &[u32], config: Config, decoded: &mut [u32]) -> Option<(usize, u32)> {
    let mut bytes = [0u8; MAX_POINTS];
    let bytes = bytes.get_mut(..encoded.len())?;
    for (byte, &cp) in bytes.iter_mut().zip(encoded) {
        *byte = u8::try_from(cp).ok()?;
    }
    check_ace_bytes(bytes, config, decoded).map(|(len, _, classes)| (len, classes))
}

/// [`check_ace_label`] for the part after the prefix as ASCII bytes in either case (the decoded
/// basic code points are lower-cased in `decoded`, as mapping lower-cases them); also returns
/// the UTF-8 length of the decoded label (second).
fn check_ace_bytes<T: CodePoint>(
    encoded: &[u8],
    config: Config,
    decoded: &mut [T],
) -> Option<(usize, usize, u32)> {
    let (len, utf8) = punycode::decode_counted(encoded, decoded).ok()?;
    let label = decoded.get_mut(..len)?;
    let mut classes = 0;
    // Step 4.1.3: not empty, not all ASCII (the full path records the failure).
    let mut non_ascii = false;
    // As `Mapper::push_checked` requires of mapped code points.
    let mut combining = false;
    for slot in label.iter_mut() {
        let cp: u32 = (*slot).into();
        if cp < 0x80 {
            combining = false;
            // Lower-cased, as mapping would have (`encoded` may be in either case).
            let entry = ASCII_MAP.get(cp as usize).copied().unwrap_or(0);
            *slot = T::from(char::from((entry & 0x7F) as u8));
            classes |= entry >> 8;
            continue;
        }
        let props = lookup::props((*slot).to_char()?);
        if props.is_valid_nfc() {
            combining = false;
        } else {
            let this = props.nfc_after_starter(cp)?;
            if this && combining {
                return None;
            }
            combining = this;
        }
        classes |= props.class_bit();
        non_ascii = true;
    }
    if !non_ascii {
        return None;
    }
    // Criteria 2, 3, 4 and 6, as `check_label` checks them.
    T::check_label(label, config)?;
    Some((len, utf8, classes))
}

/// RFC 5893 section 2, the Bidi rule, for one label whose code points have the Bidi classes
/// `classes` (a set, gathered as it was mapped or decoded): its failures, from the classes of
/// its first code point and of its last one other than NSM.
fn bidi_rule<T: CodePoint>(label: &[T], classes: u32) -> Errors {
    let class = |cp: T| cp.to_char().map_or(BidiClass::L, |c| lookup::props(c).bidi_class());
    let Some(&first) = label.first() else {
        return Errors::new();
    };
    let last = label.iter().rev().map(|&cp| class(cp)).find(|&c| c != BidiClass::NSM);
    validity::bidi_rule_of(class(first), classes, last.unwrap_or(BidiClass::NSM))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`upper_and_dots`] against a byte-at-a-time search for upper case and full stops, on
    /// generated ASCII inputs of every length up to 270 (upper and lower case, the bytes next
    /// to `A-Z` and `.`, every ASCII byte), with room for 3 and 23 full stops.
    #[test]
    fn upper_and_dots_matches_bytewise() {
        const PICKS: &[u8] = b"AZaz@[`{.-/,Nx0Q.";
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for round in 0..8_000 {
            let len = round % 270;
            let bytes: alloc::vec::Vec<u8> = (0..len)
                .map(|_| match next(3) {
                    0 => next(128) as u8,
                    _ => PICKS[next(PICKS.len())],
                })
                .collect();
            let room = if round % 3 == 0 { 3 } else { 23 };
            let mut dots = [0u8; 23];
            let got = upper_and_dots(&bytes, &mut dots[..room]);
            let positions: alloc::vec::Vec<u8> =
                (0..len).filter(|&i| bytes[i] == b'.').map(|i| i as u8).collect();
            if positions.len() > room {
                assert_eq!(got, None, "{bytes:?}");
                continue;
            }
            let upper = bytes.iter().any(u8::is_ascii_uppercase);
            assert_eq!(got, Some((upper, positions.len())), "{bytes:?}");
            assert_eq!(&dots[..positions.len()], &positions[..], "{bytes:?}");
        }
    }

    /// [`is_ace_prefix`] against `eq_ignore_ascii_case` on every label of up to four bytes
    /// from bytes next to `x`, `n` and `-` by value or case bit.
    #[test]
    fn ace_prefix_is_case_insensitive_xn() {
        const PICKS: &[u8] = b"xXnN-\rmo8yY.\x0E\x58";
        let pick = |i: usize| PICKS[i % PICKS.len()];
        for len in 0..=5 {
            for i in 0..PICKS.len().pow(len as u32) {
                let label: alloc::vec::Vec<u8> =
                    (0..len).map(|k| pick(i / PICKS.len().pow(k as u32))).collect();
                let expected = label.len() >= 4 && label[..4].eq_ignore_ascii_case(b"xn--");
                assert_eq!(is_ace_prefix(&label), expected, "{label:?}");
            }
        }
    }

    /// The ASCII table's Bidi classes are the tables', and its other fields what they say.
    #[test]
    fn ascii_map_classes_are_the_tables() {
        for byte in 0..128u8 {
            let entry = ASCII_MAP[usize::from(byte)];
            let class = lookup::props(char::from(byte)).bidi_class();
            assert_eq!(ascii_class(byte), class, "{byte:#04X}");
            assert_eq!(entry >> 8, validity::class_bit(class), "{byte:#04X}");
            let lower = byte.to_ascii_lowercase();
            assert_eq!(entry & 0x7F, u32::from(lower));
            let ldh =
                lower.is_ascii_lowercase() || lower.is_ascii_digit() || b"-.".contains(&lower);
            assert_eq!(entry & 0x80 == 0, ldh, "{byte:#04X}");
        }
    }
}
