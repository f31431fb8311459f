//! UTS #46 section 4, Processing (map, normalize, break, convert/validate), and on top of it
//! section 4.2, ToASCII, and section 4.3, ToUnicode, with an ASCII fast path.

use alloc::borrow::Cow;
use alloc::string::String;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

use super::Config;
use super::errors::{ErrorCode, Errors};
use super::lookup::{self, Status};
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
    let (ascii, result) = to_ascii_with_errors(domain, config);
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
    if let Some((lowercase, mut errors)) = ascii_fast_path(domain, config) {
        if config.verify_dns_length {
            errors = errors.union(dns_length(domain));
        }
        let ascii = if lowercase { Cow::Owned(domain.to_ascii_lowercase()) } else { domain.into() };
        return (ascii, into_result(errors));
    }
    let mut scratch = Scratch::default();
    let (unicode, mut errors) = process(domain, config, &mut scratch);
    // Steps 2 and 3: break into labels; Punycode-encode each label with non-ASCII characters.
    let mut ascii = String::with_capacity(unicode.len() + 8);
    for (i, label) in unicode.split('.').enumerate() {
        if i > 0 {
            ascii.push('.');
        }
        if label.is_ascii() {
            ascii.push_str(label);
            continue;
        }
        ascii.push_str(ACE_PREFIX);
        if punycode::encode_with(label, &mut ascii, &mut scratch).is_err() {
            errors.insert(ErrorCode::A3);
            ascii.push_str(label);
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
/// [`ErrorCode::X4_2`], as the conformance tests expect.
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
    let (unicode, mut errors) = match ascii_fast_path(domain, config) {
        Some((_, errors)) => (domain.to_ascii_lowercase(), errors),
        None => process(domain, config, &mut Scratch::default()),
    };
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
    if !domain.is_ascii() {
        return None;
    }
    let mut uppercase = false;
    let mut errors = Errors::new();
    for label in domain.split('.') {
        let bytes = label.as_bytes();
        if bytes.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(ACE_PREFIX.as_bytes())) {
            return None;
        }
        for &b in bytes {
            uppercase |= b.is_ascii_uppercase();
            if config.use_std3_ascii_rules && !(b.is_ascii_alphanumeric() || b == b'-') {
                errors.insert(ErrorCode::U1);
            }
        }
        if config.check_hyphens {
            if bytes.get(2..4) == Some(b"--") {
                errors.insert(ErrorCode::V2);
            }
            if bytes.first() == Some(&b'-') || bytes.last() == Some(&b'-') {
                errors.insert(ErrorCode::V3);
            }
        }
    }
    Some((uppercase, errors))
}

/// ToASCII step 4 (VerifyDnsLength) on the ASCII result.
fn dns_length(ascii: &str) -> Errors {
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

/// Section 4, Processing: the Unicode form of `domain` and the failures recorded.
fn process(domain: &str, config: Config, scratch: &mut Scratch) -> (String, Errors) {
    let transitional = config.transitional_processing;
    // Step 1, Map. `valid` stays true while every code point pushed has a valid status (for
    // this kind of processing): mapping values hold only valid and deviation code points.
    let mut mapped = String::with_capacity(domain.len());
    let mut valid = true;
    for c in domain.chars() {
        if c.is_ascii() {
            mapped.push(c.to_ascii_lowercase());
            continue;
        }
        match lookup::status(c) {
            Status::Valid => mapped.push(c),
            Status::Ignored => {}
            Status::Disallowed => {
                mapped.push(c);
                valid = false;
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
    // Step 2, Normalize to NFC (a string that passes the quick check is already NFC).
    let normalized = if is_nfc_quick(mapped.chars()) == IsNormalized::Yes {
        mapped
    } else {
        valid = false;
        mapped.chars().nfc().collect()
    };
    // Steps 3 and 4: break into labels, then convert and validate each.
    let mut out = String::with_capacity(normalized.len());
    let mut errors = Errors::new();
    let mut bidi_domain = false;
    for (i, label) in normalized.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        let start = out.len();
        let origin = match label.strip_prefix(ACE_PREFIX) {
            Some(encoded) => {
                // Step 4.1.1: an `xn--` label must be ASCII.
                if !label.is_ascii() {
                    errors.insert(ErrorCode::P4);
                    out.push_str(label);
                    continue;
                }
                // Step 4.1.2: decode, or record the failure (unless IgnoreInvalidPunycode) and
                // keep the label.
                if punycode::decode_with(encoded, &mut out, scratch).is_err() {
                    if !config.ignore_invalid_punycode {
                        errors.insert(ErrorCode::P4);
                    }
                    out.push_str(label);
                    continue;
                }
                // Step 4.1.3: the decoded label must not be empty or all ASCII.
                if out.get(start..).is_none_or(str::is_ascii) {
                    errors.insert(ErrorCode::P4);
                }
                Origin::Punycode
            }
            None => {
                out.push_str(label);
                Origin::Mapped { statuses_valid: valid }
            }
        };
        // Step 4.1.4 and 4.2.1: the validity criteria.
        let checked = validity::check_label(out.get(start..).unwrap_or_default(), config, origin);
        errors = errors.union(checked.errors);
        bidi_domain |= checked.rtl;
    }
    // Criterion 9: the Bidi rule, for every label of a Bidi domain name.
    if config.check_bidi && bidi_domain {
        for label in out.split('.') {
            errors = errors.union(validity::bidi_rule(label));
        }
    }
    (out, errors)
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
                let (full, full_errors) = process(domain, config, &mut Scratch::default());
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
                    let (full, full_errors) = process(&domain, config, &mut Scratch::default());
                    proptest::prop_assert_eq!(&full, &domain.to_ascii_lowercase());
                    proptest::prop_assert_eq!(uppercase, full != domain);
                    proptest::prop_assert_eq!(errors, full_errors);
                }
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
