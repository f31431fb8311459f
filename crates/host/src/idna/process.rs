//! UTS #46 section 4, Processing (map, normalize, break, convert/validate), and on top of it
//! section 4.2, ToASCII, and section 4.3, ToUnicode, with an ASCII fast path.

use alloc::borrow::Cow;
use alloc::string::String;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use super::Config;
use super::errors::{ErrorCode, Errors};
use super::fast;
use super::lookup::{self, Kind, Status};
use super::punycode::{self, Scratch};
use super::validity::{self, Origin};

/// The ACE prefix of a Punycode label.
const ACE_PREFIX: &str = "xn--";

/// UTS #46 ToASCII (section 4.2): the ASCII form of `domain`, or the failures recorded.
///
/// An all-ASCII domain without an `xn--` label is only lower-cased and checked: it is returned
/// borrowed when it is already lower case.
///
/// ```
/// use weburl_host::idna::{to_ascii, Config, ErrorCode};
///
/// assert_eq!(to_ascii("EXAMPLE.com", Config::new())?, "example.com");
/// assert_eq!(to_ascii("faß.de", Config::new())?, "xn--fa-hia.de");
/// assert_eq!(to_ascii("faß.de", Config::new().transitional_processing(true))?, "fass.de");
/// let long = Config::new().verify_dns_length(true);
/// assert!(to_ascii("a..b", long).unwrap_err().contains(ErrorCode::A4_2));
/// # Ok::<(), weburl_host::idna::Errors>(())
/// ```
///
/// # Errors
///
/// The set of UTS #46 failures when any criterion fails.
pub fn to_ascii(domain: &str, config: Config) -> Result<Cow<'_, str>, Errors> {
    let (ascii, result) = to_ascii_checked(domain, config, true);
    result.map(|()| ascii)
}

/// UTS #46 ToASCII, returning the string it computes together with the failures (step 5 turns
/// any failure into a failure value; this function keeps both, as the conformance tests compare
/// them).
///
/// ```
/// use weburl_host::idna::{to_ascii_with_errors, Config, ErrorCode};
///
/// let (ascii, result) = to_ascii_with_errors("a\u{200C}b", Config::new());
/// assert_eq!(ascii, "xn--ab-j1t");
/// assert!(result.unwrap_err().contains(ErrorCode::C1));
/// ```
pub fn to_ascii_with_errors(domain: &str, config: Config) -> (Cow<'_, str>, Result<(), Errors>) {
    to_ascii_checked(domain, config, false)
}

/// ToASCII; with `lazy`, the string is meaningless when there are failures (see
/// [`to_ascii_full`]).
fn to_ascii_checked(
    domain: &str,
    config: Config,
    lazy: bool,
) -> (Cow<'_, str>, Result<(), Errors>) {
    if let Some((lowercase, mut errors)) = ascii_fast_path(domain, config) {
        if config.verify_dns_length {
            errors = errors.union(dns_length(domain));
        }
        let ascii = if lowercase { Cow::Owned(domain.to_ascii_lowercase()) } else { domain.into() };
        return (ascii, into_result(errors));
    }
    // The usual non-ASCII domain, or an ASCII one with an `xn--` label, when processing
    // records no error.
    match fast::to_ascii(domain, config) {
        Some(Ok((ascii, _))) => return (Cow::Owned(ascii), Ok(())),
        // A lazy ToASCII needs only the failures.
        Some(Err(errors)) if lazy => return (Cow::Borrowed(""), Err(errors)),
        _ => {}
    }
    to_ascii_full(domain, config, lazy)
}

/// [`to_ascii`] for the domain parser, which also learns whether the result is known to hold
/// only `a-z`, `0-9`, `-` and `.` (`false` when unknown).
pub(crate) fn to_ascii_ldh(domain: &str, config: Config) -> (Result<Cow<'_, str>, Errors>, bool) {
    if domain.is_ascii() {
        return (to_ascii(domain, config), false);
    }
    match fast::to_ascii(domain, config) {
        Some(Ok((ascii, ldh))) => return (Ok(Cow::Owned(ascii)), ldh),
        Some(Err(errors)) => return (Err(errors), false),
        None => {}
    }
    let (ascii, result) = to_ascii_full(domain, config, true);
    (result.map(|()| ascii), false)
}

/// ToASCII without the fast paths. With `lazy`, the labels are encoded only once processing
/// has recorded no failure (the failures are the same; the string is then meaningless),
/// except with VerifyDnsLength, whose check needs the ASCII form.
fn to_ascii_full(domain: &str, config: Config, lazy: bool) -> (Cow<'_, str>, Result<(), Errors>) {
    // Steps 1 to 3: processing, breaking into labels, and Punycode for non-ASCII labels (built
    // alongside the Unicode form, see `process`).
    let mut ascii = String::with_capacity(domain.len() + 8);
    let lazy = lazy && !config.verify_dns_length;
    let mut scratch = Scratch::default();
    let mode = Output::Ascii { ascii: &mut ascii, lazy };
    let (normalized, mut errors) = process(domain, config, &mut scratch, mode);
    if lazy && errors.is_empty() {
        // Step 3 on the processed labels: with no failure, an ASCII label is kept (an `xn--`
        // one decoded to a valid non-ASCII label, or is left as it is by
        // IgnoreInvalidPunycode), and every other label is non-ASCII and gets encoded.
        for (i, label) in normalized.split('.').enumerate() {
            if i > 0 {
                ascii.push('.');
            }
            if label.is_ascii() {
                ascii.push_str(label);
            } else {
                ascii.push_str(ACE_PREFIX);
                if punycode::encode_with(label, &mut ascii, &mut scratch).is_err() {
                    errors.insert(ErrorCode::A3);
                    ascii.push_str(label);
                }
            }
        }
    }
    // Step 4: VerifyDnsLength.
    if config.verify_dns_length {
        errors = errors.union(dns_length(&ascii));
    }
    (Cow::Owned(ascii), into_result(errors))
}

/// UTS #46 ToUnicode (section 4.3): the Unicode form of `domain`, always produced, with the
/// failures recorded on the way.
///
/// With VerifyDnsLength, an empty label other than a final root label is recorded as
/// [`ErrorCode::X4_2`], as the conformance tests expect. Every other flag applies as in
/// [`to_ascii`] (the URL Standard and the conformance tests use nontransitional processing).
///
/// ```
/// use weburl_host::idna::{to_unicode, Config, ErrorCode};
///
/// assert_eq!(to_unicode("xn--fa-hia.DE", Config::new()), ("faß.de".into(), Ok(())));
/// let (unicode, result) = to_unicode("xn--a-ä.pt", Config::new());
/// assert_eq!(unicode, "xn--a-ä.pt");
/// assert!(result.unwrap_err().contains(ErrorCode::P4));
/// ```
pub fn to_unicode(domain: &str, config: Config) -> (String, Result<(), Errors>) {
    match ascii_fast_path(domain, config) {
        Some((_, errors)) => finish_unicode(domain.to_ascii_lowercase(), errors, config),
        None => to_unicode_not_plain(domain, config),
    }
}

/// [`to_unicode`] of a domain that is not all ASCII or has an `xn--` label (in any case), for
/// which the ASCII fast path has no answer.
pub(crate) fn to_unicode_not_plain(domain: &str, config: Config) -> (String, Result<(), Errors>) {
    let (unicode, errors) = match fast::to_unicode(domain, config) {
        Some(answer) => answer,
        None => {
            let (unicode, errors) =
                process(domain, config, &mut Scratch::default(), Output::Unicode);
            (unicode.into_owned(), errors)
        }
    };
    finish_unicode(unicode, errors, config)
}

/// ToUnicode's last step: VerifyDnsLength's check of empty labels.
fn finish_unicode(
    unicode: String,
    mut errors: Errors,
    config: Config,
) -> (String, Result<(), Errors>) {
    if config.verify_dns_length {
        let count = unicode.split('.').count();
        let empty_label = unicode
            .split('.')
            .enumerate()
            .any(|(i, label)| label.is_empty() && (i + 1 < count || count == 1));
        if empty_label {
            errors.insert(ErrorCode::X4_2);
        }
    }
    (unicode, into_result(errors))
}

fn into_result(errors: Errors) -> Result<(), Errors> {
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// The ASCII fast path: for an all-ASCII domain with no label starting with `xn--` (in any
/// case), processing only lower-cases (every other ASCII code point is valid), labels are NFC,
/// hold no mark and no joiner, and the domain is no Bidi domain name. Returns whether the domain
/// has upper-case letters and the failures of criteria 2, 3 and UseSTD3ASCIIRules, or `None`
/// when the domain needs the full path. No table lookup, no allocation.
fn ascii_fast_path(domain: &str, config: Config) -> Option<(bool, Errors)> {
    let bytes = domain.as_bytes();
    let mut seen = 0;
    let mut errors = Errors::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let class = BYTE_CLASS.get(usize::from(b)).copied().unwrap_or(NON_ASCII);
        if class & (DOT | NON_ASCII) != 0 {
            if class & NON_ASCII != 0 {
                return None;
            }
            fast_label(bytes.get(start..i).unwrap_or_default(), config, &mut errors)?;
            start = i + 1;
        }
        seen |= class;
    }
    fast_label(bytes.get(start..).unwrap_or_default(), config, &mut errors)?;
    if config.use_std3_ascii_rules && seen & NON_LDH != 0 {
        errors.insert(ErrorCode::U1);
    }
    Some((seen & UPPER != 0, errors))
}

// Byte classes of the fast path, as bits.
const UPPER: u8 = 1;
const NON_LDH: u8 = 2;
const DOT: u8 = 4;
const NON_ASCII: u8 = 8;

/// The class of every byte: upper-case letter, not a letter, digit or hyphen-minus (UseSTD3ASCII
/// Rules), full stop, or not ASCII.
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const BYTE_CLASS: [u8; 256] = {
    let mut classes = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        classes[b] = if byte >= 0x80 {
            NON_ASCII
        } else if byte == b'.' {
            DOT
        } else if byte.is_ascii_uppercase() {
            UPPER
        } else if byte.is_ascii_alphanumeric() || byte == b'-' {
            0
        } else {
            NON_LDH
        };
        b += 1;
    }
    classes
};

/// The fast path's per-label checks: `None` for an `xn--` label (in any case), else criteria 2
/// and 3 (CheckHyphens).
fn fast_label(label: &[u8], config: Config, errors: &mut Errors) -> Option<()> {
    if let [x, n, b'-', b'-', ..] = label
        && (x | 0x20) == b'x'
        && (n | 0x20) == b'n'
    {
        return None;
    }
    if config.check_hyphens {
        if label.get(2..4) == Some(b"--") {
            errors.insert(ErrorCode::V2);
        }
        if label.first() == Some(&b'-') || label.last() == Some(&b'-') {
            errors.insert(ErrorCode::V3);
        }
    }
    Some(())
}

/// ToASCII step 4 (VerifyDnsLength) on the ASCII result.
pub(super) fn dns_length(ascii: &str) -> Errors {
    let mut errors = Errors::new();
    // Step 4.1: the length without the root label and its dot.
    let without_root = ascii.strip_suffix('.').unwrap_or(ascii);
    if without_root.is_empty() || without_root.len() > 253 {
        errors.insert(ErrorCode::A4_1);
    }
    // Step 4.2: every label, the root label included, has 1 to 63 bytes.
    if ascii.split('.').any(|label| label.is_empty() || label.len() > 63) {
        errors.insert(ErrorCode::A4_2);
    }
    errors
}

/// Appends `mapping` to `out`; in transitional processing, deviation characters inside a
/// mapping are mapped too (U+1E9E maps to `ß`, which transitional processing maps to `ss`).
fn push_mapping(out: &mut String, mapping: &str, transitional: bool) {
    if !transitional {
        out.push_str(mapping);
        return;
    }
    for c in mapping.chars() {
        match lookup::status(c) {
            Status::Deviation(to) => out.push_str(to),
            _ => out.push(c),
        }
    }
}

/// What [`process`] builds besides the failures.
enum Output<'s> {
    /// The Unicode form.
    Unicode,
    /// The ASCII form (ToASCII steps 2 and 3), appended to `ascii`; with `lazy`, not built
    /// (only the failures count).
    Ascii { ascii: &'s mut String, lazy: bool },
}

/// Section 4, Processing: the Unicode form of `domain` and the failures recorded.
///
/// With [`Output::Ascii`], ToASCII steps 2 and 3 label by label instead: the ASCII form is
/// appended to the string, and the string returned is the mapped and normalized domain, its
/// `xn--` labels not decoded. A label decoded
/// from valid Punycode is copied as it came (Punycode is unique: encoding the decoded label
/// gives it back), any other non-ASCII label is encoded.
fn process<'a>(
    domain: &'a str,
    config: Config,
    scratch: &mut Scratch,
    output: Output<'_>,
) -> (Cow<'a, str>, Errors) {
    let (mut ascii, lazy) = match output {
        Output::Unicode => (None, false),
        Output::Ascii { ascii, lazy } => (Some(ascii), lazy),
    };
    let mut valid = true;
    // Steps 1 and 2 for ASCII input: mapping only lower-cases, and ASCII is NFC.
    let normalized: Cow<'a, str> = if domain.is_ascii() {
        if domain.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(domain.to_ascii_lowercase())
        } else {
            Cow::Borrowed(domain)
        }
    } else {
        let mapped = map(domain, config.transitional_processing, &mut valid);
        // Step 2, Normalize to NFC. A string that passes the quick check is already NFC; so is
        // one below U+0300, where every code point is NFC_QC=Yes with combining class 0 (the
        // normalization stability policy keeps it so), and one without a code point that the
        // property trie marks `nfc_unsafe` (NFC_QC other than Yes, or a combining class).
        if mapped.chars().all(|c| c < '\u{300}' || !lookup::props(c).nfc_unsafe())
            || is_nfc_quick(mapped.chars()) == IsNormalized::Yes
        {
            Cow::Owned(mapped)
        } else {
            valid = false;
            Cow::Owned(mapped.chars().nfc().collect())
        }
    };
    // Steps 3 and 4: break into labels, then convert and validate each. The Unicode result is
    // `normalized` itself until a label decodes from Punycode; from then on it is rebuilt in
    // `rebuilt` (only when the Unicode form is wanted).
    let mut rebuilt: Option<String> = None;
    let mut decoded = String::new();
    let mut offset = 0;
    let mut errors = Errors::new();
    let mut bidi_domain = false;
    let mut bidi_errors = Errors::new();
    for (i, label) in normalized.split('.').enumerate() {
        let label_start = offset;
        offset += label.len() + 1;
        // The validity criteria to apply (none for a label left as it was after a failure), and
        // whether the label is valid Punycode, decoded into `decoded`.
        let (origin, punycode) = match label.strip_prefix(ACE_PREFIX) {
            // Step 4.1.1: an `xn--` label must be ASCII.
            Some(_) if !label.is_ascii() => {
                errors.insert(ErrorCode::P4);
                (None, false)
            }
            // Step 4.1.2: decode, or record the failure (unless IgnoreInvalidPunycode) and keep
            // the label.
            Some(encoded) => {
                decoded.clear();
                if punycode::decode_with(encoded, &mut decoded, scratch).is_ok() {
                    // Step 4.1.3: the decoded label must not be empty or all ASCII.
                    if decoded.is_ascii() {
                        errors.insert(ErrorCode::P4);
                    }
                    (Some(Origin::Punycode), true)
                } else {
                    if !config.ignore_invalid_punycode {
                        errors.insert(ErrorCode::P4);
                    }
                    (None, false)
                }
            }
            None => (Some(Origin::Mapped { statuses_valid: valid }), false),
        };
        let unicode = if punycode { decoded.as_str() } else { label };
        // Step 4.1.4 and 4.2.1: the validity criteria (only the Bidi rule for a label kept as
        // it was after a failure).
        if let Some(origin) = origin {
            let checked = validity::check_label(unicode, config, origin);
            errors = errors.union(checked.errors);
            bidi_errors = bidi_errors.union(checked.bidi);
            bidi_domain |= checked.rtl;
        } else if config.check_bidi {
            bidi_errors = bidi_errors.union(validity::bidi_rule(unicode));
        }
        // A lazy ToASCII encodes nothing here (see `to_ascii_full`), but records the failure of
        // step 3 for a label too long to encode, the only way Punycode encoding fails (the
        // deltas of `MAX_LABEL_LEN` code points fit in 32 bits).
        if lazy {
            if !punycode && !unicode.is_ascii() && unicode.chars().count() > punycode::MAX_LABEL_LEN
            {
                errors.insert(ErrorCode::A3);
            }
            continue;
        }
        match ascii.as_deref_mut() {
            // ToASCII step 3.
            Some(ascii) => {
                if i > 0 {
                    ascii.push('.');
                }
                if unicode.is_ascii() {
                    ascii.push_str(unicode);
                } else if punycode {
                    ascii.push_str(label);
                } else {
                    ascii.push_str(ACE_PREFIX);
                    if punycode::encode_with(unicode, ascii, scratch).is_err() {
                        errors.insert(ErrorCode::A3);
                        ascii.push_str(unicode);
                    }
                }
            }
            // The Unicode form: from the first decoded label on, rebuilt label by label (a
            // label after the first follows a full stop).
            None => {
                if let Some(out) = rebuilt.as_mut() {
                    out.push('.');
                    out.push_str(unicode);
                } else if punycode {
                    let before = normalized.get(..label_start).unwrap_or_default();
                    let mut out = String::with_capacity(normalized.len() + unicode.len());
                    out.push_str(before);
                    out.push_str(unicode);
                    rebuilt = Some(out);
                }
            }
        }
    }
    // Criterion 9: the Bidi rule counts for every label of a Bidi domain name.
    if config.check_bidi && bidi_domain {
        errors = errors.union(bidi_errors);
    }
    (rebuilt.map_or(normalized, Cow::Owned), errors)
}

/// Section 4, step 1, Map. `valid` is cleared unless every code point pushed has a valid status
/// (for this kind of processing): mapping values hold only valid and deviation code points.
fn map(domain: &str, transitional: bool, valid: &mut bool) -> String {
    let mut mapped = String::with_capacity(domain.len());
    for c in domain.chars() {
        if c.is_ascii() {
            mapped.push(c.to_ascii_lowercase());
            continue;
        }
        // The status without the mapping comes from the trie; only mapped code points (and
        // deviations, in transitional processing) need the mapping table.
        let (props, mapping) = lookup::props_and_mapping(c);
        match props.kind() {
            Kind::Valid => {
                mapped.push(c);
                continue;
            }
            // A one-code-point mapping, from the same lookup (else the status below).
            Kind::Mapped => {
                if let Some(to) = mapping {
                    if transitional {
                        let mut buf = [0; 4];
                        push_mapping(&mut mapped, to.encode_utf8(&mut buf), true);
                    } else {
                        mapped.push(to);
                    }
                    continue;
                }
            }
            Kind::Ignored => continue,
            Kind::Disallowed => {
                mapped.push(c);
                *valid = false;
                continue;
            }
            Kind::Deviation if !transitional => {
                mapped.push(c);
                continue;
            }
            Kind::Deviation => {}
        }
        match lookup::status(c) {
            Status::Valid => mapped.push(c),
            Status::Ignored => {}
            Status::Disallowed => {
                mapped.push(c);
                *valid = false;
            }
            Status::Mapped(to) => push_mapping(&mut mapped, to, transitional),
            Status::MappedChar(to) => {
                let mut buf = [0; 4];
                push_mapping(&mut mapped, to.encode_utf8(&mut buf), transitional);
            }
            Status::Deviation(to) if transitional => mapped.push_str(to),
            Status::Deviation(_) => mapped.push(c),
        }
    }
    mapped
}

#[cfg(test)]
mod tests;
