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
            // A one-code-point mapping, from the same lookup.
            Kind::Mapped if let Some(to) = mapping => {
                if transitional {
                    let mut buf = [0; 4];
                    push_mapping(&mut mapped, to.encode_utf8(&mut buf), true);
                } else {
                    mapped.push(to);
                }
                continue;
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
            Kind::Mapped | Kind::Deviation => {}
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
mod tests {
    use super::*;

    fn strict() -> Config {
        Config::new().check_hyphens(true).use_std3_ascii_rules(true).verify_dns_length(true)
    }

    #[test]
    fn fast_path_borrows_lower_case() {
        assert!(matches!(to_ascii("example.com", Config::new()), Ok(Cow::Borrowed("example.com"))));
        assert!(matches!(to_ascii("a_b.c", Config::new()), Ok(Cow::Borrowed(_))));
        match to_ascii("ExAmple.COM", Config::new()) {
            Ok(Cow::Owned(s)) => assert_eq!(s, "example.com"),
            other => panic!("{other:?}"),
        }
        assert_eq!(ascii_fast_path("a.xn--b", Config::new()), None);
        assert_eq!(ascii_fast_path("a.XN--b", Config::new()), None);
        assert_eq!(ascii_fast_path("a.é", Config::new()), None);
        assert_eq!(ascii_fast_path("A.xn-b", Config::new()), Some((true, Errors::new())));
    }

    #[test]
    fn fast_path_agrees_with_the_full_path() {
        let configs = [Config::new(), strict(), strict().transitional_processing(true)];
        let domains =
            ["", ".", "a.", "-a", "ab--c", "a_b", "A B", "a..b", "x\u{7f}y", "EXAMPLE.ORG", "a-"];
        for config in configs {
            for domain in domains {
                let (fast, fast_errors) = to_unicode(domain, config);
                let (full, full_errors) =
                    process(domain, config, &mut Scratch::default(), Output::Unicode);
                assert_eq!(fast, full, "{domain:?}");
                let fast_errors = fast_errors.err().unwrap_or_default().without(ErrorCode::X4_2);
                assert_eq!(fast_errors, full_errors, "{domain:?} {config:?}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn fast_path_matches_the_full_path(domain in "([a-zA-Z0-9_ -]|xn--|XN-|\\.){0,12}") {
            for config in [Config::new(), strict(), strict().transitional_processing(true)] {
                if let Some((uppercase, errors)) = ascii_fast_path(&domain, config) {
                    let (full, full_errors) =
                        process(&domain, config, &mut Scratch::default(), Output::Unicode);
                    proptest::prop_assert_eq!(&full, &domain.to_ascii_lowercase());
                    proptest::prop_assert_eq!(uppercase, full != domain);
                    proptest::prop_assert_eq!(errors, full_errors);
                }
            }
        }
    }

    /// Checks that the non-ASCII fast paths, whenever they answer, give the full path's answer
    /// with no error (ToUnicode answering exactly when ToASCII does, unless ToASCII's own steps
    /// fail); returns whether the ToASCII one answered.
    fn fast_answer_is_the_full_answer(domain: &str, config: Config) -> bool {
        let unicode = fast::to_unicode(domain, config);
        if let Some((unicode, fast_errors)) = &unicode {
            let (full, errors) = process(domain, config, &mut Scratch::default(), Output::Unicode);
            assert_eq!(*fast_errors, errors, "{domain:?} {config:?}");
            assert_eq!(*unicode, full, "{domain:?} {config:?}");
        }
        let answer = fast::to_ascii(domain, config);
        if !config.verify_dns_length {
            assert_eq!(unicode.is_some(), answer.is_some(), "{domain:?} {config:?}");
        }
        let Some(answer) = answer else { return false };
        let (fast, ldh) = match answer {
            Ok(answer) => answer,
            Err(fast_errors) => {
                // Only the Bidi rule and criterion 7 (a disallowed code point) fail here, and
                // exactly as in the full path.
                let (_, result) = to_ascii_full(domain, config, false);
                assert_eq!(result, Err(fast_errors), "{domain:?} {config:?}");
                assert!(!fast_errors.is_empty());
                return false;
            }
        };
        let (full, result) = to_ascii_full(domain, config, false);
        assert_eq!(result, Ok(()), "{domain:?} {config:?}");
        assert_eq!(fast, full, "{domain:?} {config:?}");
        if ldh {
            let ldh_byte =
                |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.".contains(&b);
            assert!(fast.bytes().all(ldh_byte), "{domain:?}: {fast:?}");
        }
        true
    }

    #[test]
    fn non_ascii_fast_path_agrees_with_the_full_path_on_the_conformance_data() {
        let text = weburl_test_support::load_text("unicode/17.0.0/IdnaTestV2.txt");
        let configs = [Config::new(), strict(), Config::new().check_bidi(false)];
        let (mut answered, mut ace_answered) = (0, 0);
        for line in text.lines() {
            let data = line.split('#').next().unwrap_or("");
            let Some(source) = data.split(';').next().map(str::trim).filter(|s| !s.is_empty())
            else {
                continue;
            };
            let source = weburl_test_support::unescape_idna_test_field(source);
            for config in configs {
                // Also with the labels upper-cased and joined by an ideographic full stop.
                for domain in [source.clone(), source.to_uppercase().replace('.', "\u{3002}")] {
                    let ok = fast_answer_is_the_full_answer(&domain, config);
                    answered += usize::from(ok);
                    ace_answered += usize::from(ok && domain.to_lowercase().contains("xn--"));
                }
            }
        }
        // The fast path must answer for a good share of the data to be tested at all, its
        // `xn--` label decoding included.
        assert!(answered > 2000, "{answered}");
        assert!(ace_answered > 200, "{ace_answered}");
    }

    /// The lazy ToASCII of `to_ascii`, which encodes only when processing records no failure,
    /// records the same failures, and gives the same string, as `to_ascii_with_errors`.
    #[test]
    fn lazy_to_ascii_records_every_failure() {
        let text = weburl_test_support::load_text("unicode/17.0.0/IdnaTestV2.txt");
        let configs = [
            Config::new(),
            strict(),
            Config::new().check_bidi(false),
            strict().verify_dns_length(false),
        ];
        let mut failed = 0;
        let long = "\u{E9}".repeat(punycode::MAX_LABEL_LEN + 1);
        let extra = [alloc::format!("a\u{200C}.{long}"), alloc::format!("\u{5D0}.1.{long}")];
        let sources = text.lines().filter_map(|line| {
            let source = line.split('#').next()?.split(';').next()?.trim();
            (!source.is_empty()).then(|| weburl_test_support::unescape_idna_test_field(source))
        });
        for domain in sources.chain(extra) {
            for config in configs {
                let lazy = to_ascii(&domain, config);
                let (ascii, full) = to_ascii_with_errors(&domain, config);
                assert_eq!(lazy.as_ref().err(), full.as_ref().err(), "{domain:?} {config:?}");
                if full.is_ok() {
                    assert_eq!(lazy.as_deref(), Ok(&*ascii));
                }
                failed += usize::from(full.is_err());
            }
        }
        assert!(failed > 10_000, "{failed}");
        let (_, full) = to_ascii_with_errors(&alloc::format!("a\u{200C}.{long}"), Config::new());
        assert!(full.unwrap_err().contains(ErrorCode::A3));
    }

    #[test]
    fn non_ascii_fast_path_examples() {
        let c = Config::new();
        let rtl = alloc::format!("xn--{}.ü", punycode::encode("\u{5D0}").unwrap());
        let hindi = alloc::format!("xn--{}.com", punycode::encode("हिन्दी").unwrap());
        // Past the smaller buffers (96 bytes): the larger ones take it, mapped or decoded.
        let long_unicode =
            ["日本語テスト中文", "Παράδειγμα", "한국어도메인", "ไทยทดสอบ", "ελλάδα"].join(".");
        let long_ace = to_ascii(&long_unicode, c).unwrap().into_owned();
        assert!(long_ace.len() > 96, "{long_ace}");
        let long_mapped = long_unicode.to_uppercase().repeat(3).replace("ไทยทดสอบ", "ไทย.");
        for domain in [
            // A combining code point (NFC_Quick_Check=Yes) after one of class 0, mapped or
            // decoded.
            "हिन्दी.com",
            "हिन्दी.COM",
            hindi.as_str(),
            "\u{E44}\u{E17}\u{E22}\u{E48}.th",
            "bücher.de",
            "ÉCOLE.fr",
            "faß.de",
            // NFC_Quick_Check=Maybe code points that compose with nothing before them: U+0307
            // after `i` (the mapping of U+0130), a trailing jamo after an LVT syllable.
            "İstanbul.tr",
            "i\u{307}.ü",
            "\u{AC01}\u{11A8}.kr",
            "日本語。ＪＰ",
            "\u{627}\u{644}1.com",
            "a\u{AD}b.ü",
            "xn--bcher-kva.ü",
            "WWW.テスト-login.XN--P1AI",
            "XN--BCHER-KVA.de",
            // Decoded right-to-left labels take part in the Bidi rule; decoded deviations are
            // valid.
            rtl.as_str(),
            "xn--bcher-kva.\u{5D0}",
            "xn--fa-hia.de",
            "xn--4db.xn--5dbc",
            long_ace.as_str(),
            long_mapped.as_str(),
        ] {
            assert!(fast_answer_is_the_full_answer(domain, c), "{domain:?}");
            assert!(fast::to_unicode(domain, c).is_some(), "{domain:?}");
        }
        // Each of these needs the full path: an `xn--` label that decodes to ASCII only, to
        // nothing, to a non-NFC label, to a mapped code point or a joiner, or that is not
        // Punycode; a joiner, a leading mark, a not-NFC code point (a disallowed one among
        // them, which the normalization gives a combining class), a transitional deviation.
        let mapped = alloc::format!("xn--{}.ü", punycode::encode("\u{DC}").unwrap());
        let rtl_then_digit = alloc::format!("xn--{}.1a", punycode::encode("\u{5D0}").unwrap());
        let joiner = alloc::format!("xn--{}.ü", punycode::encode("a\u{200C}b").unwrap());
        for domain in [
            "xn--ascii-.ü",
            "xn--.ü",
            "xn--u-ccb.ü",
            mapped.as_str(),
            joiner.as_str(),
            "xn--a-ä.ü",
            "xn--99999999999.ü",
            "a\u{200C}b.ü",
            "\u{300}a.ü",
            "e\u{301}.ü",
            "\u{AC00}\u{11A8}.kr",
            // U+032D after `ê` composes with the `e` of its decomposition.
            "\u{EA}\u{32D}.ü",
            "\u{304B}\u{3099}.jp",
            "\u{5EB}\u{5C9}\u{5B0}.ü",
            // Two adjacent combining code points: the full path checks their order.
            "\u{5E9}\u{5B8}\u{5C1}.ü",
            "\u{915}\u{94D}\u{94D}.ü",
        ] {
            assert_eq!(fast::to_ascii(domain, c), None, "{domain:?}");
            assert_eq!(fast::to_unicode(domain, c), None, "{domain:?}");
        }
        assert_eq!(fast::to_ascii("faß.de", c.transitional_processing(true)), None);
        assert_eq!(fast::to_ascii("a_b.ü", strict()), None);
        assert_eq!(fast::to_ascii("a_b.ü", c), Some(Ok(("a_b.xn--tda".into(), false))));
        // A failed Bidi rule, or a disallowed code point kept by the mapping, is answered with
        // its failures, as the full path records them.
        for domain in [
            "\u{80}.ü",
            "a\u{3A2}b.\u{5D0}",
            "1\u{5D0}.ü",
            rtl_then_digit.as_str(),
            "\u{5D0}a.b",
            "a.\u{627}1\u{660}",
            "xn--4db.a\u{5D0}",
        ] {
            assert!(matches!(fast::to_ascii(domain, c), Some(Err(_))), "{domain:?}");
            assert!(!fast_answer_is_the_full_answer(domain, c));
            let (unicode, result) = to_unicode(domain, c);
            let (full, errors) = process(domain, c, &mut Scratch::default(), Output::Unicode);
            assert_eq!((unicode, result), (full.into_owned(), Err(errors)));
        }
    }

    /// Seeded domains of one to five labels over many scripts (right-to-left ones with their
    /// marks and digits, combining marks, case, digits, hyphens, ASCII punctuation, joiners, the
    /// four dots): the fast paths answer as the full path, Bidi failures included.
    #[test]
    fn non_ascii_fast_path_matches_the_full_path_on_generated_scripts() {
        const RANGES: &[(u32, u32)] = &[
            (0x61, 0x7A),
            (0x41, 0x5A),
            (0x21, 0x2F),
            (0xC0, 0x17F),
            (0x300, 0x36F),
            (0x370, 0x3FF),
            (0x400, 0x45F),
            (0x531, 0x58A),
            (0x591, 0x5F4),
            (0x600, 0x6FF),
            (0x710, 0x74F),
            (0x780, 0x7B1),
            (0x7C0, 0x7FF),
            (0x900, 0x97F),
            (0xE01, 0xE5B),
            (0x10A0, 0x10FF),
            (0x1100, 0x11FF),
            (0x200B, 0x200F),
            (0x3041, 0x30FF),
            (0x4E00, 0x4E40),
            (0xAC00, 0xAC40),
            (0xFB1D, 0xFB4F),
            (0xFF01, 0xFF9F),
            (0x1F600, 0x1F64F),
        ];
        const DOTS: [char; 6] = ['.', '.', '.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];
        let mut seed: u64 = 0x5eed_1d4a;
        let mut below = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let configs = [Config::new(), strict(), Config::new().check_hyphens(true)];
        let (mut answered, mut bidi_failed) = (0, 0);
        for _ in 0..12_000 {
            let mut domain = alloc::string::String::new();
            for label in 0..1 + below(5) {
                if label > 0 {
                    domain.push(DOTS[below(DOTS.len())]);
                }
                let scripts = [RANGES[below(RANGES.len())], RANGES[below(RANGES.len())]];
                let len = below(12);
                for k in 0..len {
                    let (lo, hi) = scripts[below(3) % 2];
                    match below(10) {
                        0 if k > 0 => domain.push('-'),
                        1 => domain.push(char::from(b'0' + below(10) as u8)),
                        _ => {
                            domain.extend(char::from_u32(lo + below((hi - lo + 1) as usize) as u32))
                        }
                    }
                }
            }
            for config in configs {
                answered += usize::from(fast_answer_is_the_full_answer(&domain, config));
                bidi_failed += usize::from(matches!(fast::to_ascii(&domain, config), Some(Err(_))));
            }
        }
        assert!(answered > 5000, "{answered}");
        assert!(bidi_failed > 2500, "{bidi_failed}");
    }

    proptest::proptest! {
        #[test]
        fn non_ascii_fast_path_matches_the_full_path(
            domain in "([a-zA-Z0-9_ -]|\\.|。|xn--|ü|Ü|ß|ẞ|σ|Σ|ς|é|e\u{301}|\u{300}|\u{5D0}|\u{627}|\u{660}|中|文|ﬀ|Ⅻ|\u{AD}|\u{200C}|\u{200D}|\u{94D}|😀|\u{E000}|\u{80}|⑴|Ｘ){0,14}",
        ) {
            let configs = [Config::new(), strict(), Config::new().check_hyphens(true)];
            for config in configs {
                fast_answer_is_the_full_answer(&domain, config);
            }
        }
    }

    #[test]
    fn flags() {
        let c = Config::new();
        // CheckHyphens.
        assert!(to_ascii("ab--c", c).is_ok());
        assert_eq!(to_ascii("ab--c", c.check_hyphens(true)), Err(ErrorCode::V2.into()));
        assert_eq!(to_ascii("-a.b-", c.check_hyphens(true)), Err(ErrorCode::V3.into()));
        // UseSTD3ASCIIRules, also after mapping: U+2474 maps to "(1)".
        assert!(to_ascii("\u{2474}", c).is_ok());
        assert_eq!(to_ascii("\u{2474}", c.use_std3_ascii_rules(true)), Err(ErrorCode::U1.into()));
        // CheckJoiners.
        assert_eq!(to_ascii("a\u{200D}b", c), Err(ErrorCode::C2.into()));
        assert_eq!(to_ascii("a\u{200D}b", c.check_joiners(false)).unwrap(), "xn--ab-m1t");
        // CheckBidi.
        assert_eq!(to_ascii("0a.\u{5D0}", c), Err(ErrorCode::B1.into()));
        assert!(to_ascii("0a.\u{5D0}", c.check_bidi(false)).is_ok());
        // Transitional_Processing.
        assert_eq!(to_ascii("FAẞ.de", c).unwrap(), "xn--fa-hia.de");
        assert_eq!(to_ascii("FAẞ.de", c.transitional_processing(true)).unwrap(), "fass.de");
        assert_eq!(to_ascii("a\u{200C}b", c.transitional_processing(true)).unwrap(), "ab");
        // VerifyDnsLength.
        let label = "a".repeat(64);
        assert!(to_ascii(&label, c).is_ok());
        assert_eq!(to_ascii(&label, c.verify_dns_length(true)), Err(ErrorCode::A4_2.into()));
        assert_eq!(to_ascii("a.", c.verify_dns_length(true)), Err(ErrorCode::A4_2.into()));
        let domain = ["a"; 127].join(".");
        assert!(to_ascii(&domain, c.verify_dns_length(true)).is_ok());
        let domain = ["a"; 128].join(".");
        assert_eq!(to_ascii(&domain, c.verify_dns_length(true)), Err(ErrorCode::A4_1.into()));
        // IgnoreInvalidPunycode.
        assert_eq!(to_ascii("xn--0.pt", c), Err(ErrorCode::P4.into()));
        assert_eq!(to_ascii("xn--0.pt", c.ignore_invalid_punycode(true)).unwrap(), "xn--0.pt");
        assert_eq!(to_ascii("xn--a-ä", c.ignore_invalid_punycode(true)), Err(ErrorCode::P4.into()));
    }

    #[test]
    fn punycode_labels() {
        let c = Config::new();
        assert_eq!(to_unicode("XN--BCHER-KVA.de", c), ("bücher.de".into(), Ok(())));
        assert_eq!(to_ascii("xn--bcher-kva.de", c).unwrap(), "xn--bcher-kva.de");
        // Decodes to ASCII only, to nothing, or to a non-NFC label.
        assert_eq!(to_unicode("xn--ascii-", c), ("ascii".into(), Err(ErrorCode::P4.into())));
        assert_eq!(to_unicode("xn--", c), (String::new(), Err(ErrorCode::P4.into())));
        assert_eq!(to_unicode("xn--u-ccb", c).1, Err(ErrorCode::V1.into()));
        // A decoded label holding a mapped code point is not valid.
        let upper = alloc::format!("xn--{}", punycode::encode("\u{DC}").unwrap());
        assert_eq!(to_unicode(&upper, c), ("\u{DC}".into(), Err(ErrorCode::V7.into())));
    }

    #[test]
    fn no_panic_on_odd_input() {
        for domain in
            ["\u{10FFFF}", "\u{FFFD}.\u{0}", "xn--99999999999", "。。", "\u{1E9E}\u{200D}"]
        {
            let _ = to_ascii(domain, strict());
            let _ = to_unicode(domain, strict().transitional_processing(true));
        }
    }
}
