//! Forbidden host and domain code points (URL Standard, section 3.2), the domain parser
//! ("domain to ASCII") and domain to Unicode (section 3.3).

use alloc::borrow::Cow;
use alloc::borrow::ToOwned;
use alloc::string::String;

use crate::error::{Cause, HostError, Sink, ValidationErrorKind};
use crate::idna::Errors;
use crate::uts46;

/// The 128-bit mask with bit `b` set for each ASCII byte `b` of `bytes`.
pub(crate) const fn ascii_mask(mut bytes: &[u8]) -> u128 {
    let mut mask = 0u128;
    while let [first, rest @ ..] = bytes {
        mask |= 1 << (*first & 0x7F);
        bytes = rest;
    }
    mask
}

/// Bit `b` is set when ASCII byte `b` is a forbidden host code point: NUL, TAB, LF, CR,
/// space, `#`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^` and `|`.
const FORBIDDEN_HOST: u128 = ascii_mask(b"\x00\t\n\r #/:<>?@[\\]^|");

/// Bit `b` is set when ASCII byte `b` is a forbidden domain code point: a forbidden host code
/// point, a C0 control, `%` or DEL.
const FORBIDDEN_DOMAIN: u128 = FORBIDDEN_HOST | 0xFFFF_FFFF | (1 << b'%') | (1 << 0x7F);

/// Whether the byte `byte` (of UTF-8 text) is a forbidden host code point.
#[inline]
pub(crate) const fn is_forbidden_host_byte(byte: u8) -> bool {
    byte < 0x80 && (FORBIDDEN_HOST >> byte) & 1 == 1
}

/// Whether the byte `byte` (of UTF-8 text) is a forbidden domain code point.
#[inline]
pub(crate) const fn is_forbidden_domain_byte(byte: u8) -> bool {
    byte < 0x80 && (FORBIDDEN_DOMAIN >> byte) & 1 == 1
}

/// Whether `c` is a forbidden host code point (section 3.2).
///
/// ```
/// use weburl_host::is_forbidden_host_code_point;
/// assert!(is_forbidden_host_code_point('^'));
/// assert!(!is_forbidden_host_code_point('%'));
/// ```
#[must_use]
pub const fn is_forbidden_host_code_point(c: char) -> bool {
    (c as u32) < 0x80 && (FORBIDDEN_HOST >> (c as u32)) & 1 == 1
}

/// Whether `c` is a forbidden domain code point (section 3.2): a forbidden host code point, a
/// C0 control, `%` or U+007F DELETE.
///
/// ```
/// use weburl_host::is_forbidden_domain_code_point;
/// assert!(is_forbidden_domain_code_point('%'));
/// assert!(is_forbidden_domain_code_point('\u{1}'));
/// assert!(!is_forbidden_domain_code_point('é'));
/// ```
#[must_use]
pub const fn is_forbidden_domain_code_point(c: char) -> bool {
    (c as u32) < 0x80 && (FORBIDDEN_DOMAIN >> (c as u32)) & 1 == 1
}

/// Domain parser steps 1-2: runs the strict ToASCII only when someone listens for the
/// `domain-to-ASCII` validation error; returns its result when it ran. (The test of the
/// listener is in line, so that a call without one does not pay the body's set-up.)
#[inline]
fn strict_check<'a>(domain: &'a str, sink: &mut Sink<'_>) -> Option<Result<Cow<'a, str>, Errors>> {
    if sink.is_active() { strict_check_heard(domain, sink) } else { None }
}

/// [`strict_check`] when someone listens.
#[inline(never)]
fn strict_check_heard<'a>(
    domain: &'a str,
    sink: &mut Sink<'_>,
) -> Option<Result<Cow<'a, str>, Errors>> {
    if let Some(ok) = strict_ascii_verdict(domain) {
        if !ok {
            sink.report(ValidationErrorKind::DomainToAscii, 0);
        }
        // Callers only look at the result of a non-ASCII domain, which this never decides.
        return None;
    }
    let strict = uts46::to_ascii(domain, true);
    if strict.is_err() {
        sink.report(ValidationErrorKind::DomainToAscii, 0);
    }
    Some(strict)
}

/// Whether the strict ToASCII (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on)
/// accepts `domain`, decided without running it for the usual ASCII domains: letters, digits,
/// `-`, `.` and `_`, no trailing dot and no `xn--` label. `None`: run it.
fn strict_ascii_verdict(domain: &str) -> Option<bool> {
    let bytes = domain.as_bytes();
    if bytes.is_empty()
        || bytes.last() == Some(&b'.')
        || !bytes.iter().all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
    {
        return None;
    }
    let mut ok = bytes.len() <= 253 && !bytes.contains(&b'_');
    for label in bytes.split(|&b| b == b'.') {
        if label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--")) {
            return None;
        }
        // VerifyDnsLength: 1 to 63 bytes; CheckHyphens: no `-` at either end nor in both the
        // third and fourth places.
        ok &= (1..=63).contains(&label.len())
            && label.first() != Some(&b'-')
            && label.last() != Some(&b'-')
            && label.get(2..4) != Some(b"--");
    }
    Some(ok)
}

/// The domain parser for an ASCII `domain` whose [`byte_classes`] are `classes`, with
/// beStrict false, writing the result straight into `out` (which is left as it was on
/// failure).
///
/// Steps 5, 7 and 8 from the classes: reject forbidden domain code points, copy the domain
/// and lowercase it when it has an upper-case letter.
pub(crate) fn domain_parse_ascii_into(
    domain: &str,
    classes: u8,
    out: &mut String,
    sink: &mut Sink<'_>,
) -> Result<(), HostError> {
    debug_assert_eq!(classes, byte_classes(domain), "{domain:?}");
    // Steps 1-2 (only for the validation error).
    let _ = strict_check(domain, sink);
    // Step 7.
    if domain.is_empty() {
        return Err(HostError::domain(Cause::EmptyDomain));
    }
    // Step 8.
    if classes & CLASS_FORBIDDEN != 0 {
        return Err(HostError::domain(Cause::ForbiddenDomainCodePoint));
    }
    // Step 5: the lowercased domain, whatever ToASCII said; copied in one piece.
    let start = out.len();
    out.push_str(domain);
    if classes & CLASS_UPPER != 0
        && let Some(appended) = out.get_mut(start..)
    {
        appended.make_ascii_lowercase();
    }
    Ok(())
}

// Byte classes of `ascii_domain_parse` and the host parser, as bits.
const CLASS_UPPER: u8 = 1;
const CLASS_FORBIDDEN: u8 = 2;
/// A byte of a non-ASCII code point.
pub(crate) const CLASS_NON_ASCII: u8 = 4;
/// `%` (a forbidden domain code point too).
pub(crate) const CLASS_PERCENT: u8 = 8;

/// The class bits of every byte (of UTF-8 text) for `ascii_domain_parse` and the host parser.
// Evaluated at compile time: an index out of bounds would fail the build, not a run.
#[allow(clippy::indexing_slicing)]
const DOMAIN_BYTE_CLASS: [u8; 256] = {
    let mut classes = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        classes[b] = if byte >= 0x80 {
            CLASS_NON_ASCII
        } else if byte == b'%' {
            CLASS_FORBIDDEN | CLASS_PERCENT
        } else if is_forbidden_domain_byte(byte) {
            CLASS_FORBIDDEN
        } else if byte.is_ascii_uppercase() {
            CLASS_UPPER
        } else {
            0
        };
        b += 1;
    }
    classes
};

/// The union of the classes of the bytes of `text` (one pass): eight bytes a step,
/// and for a text of eight bytes or more, its last eight again in place of the rest (a union
/// takes a byte twice alike).
#[inline]
pub(crate) fn byte_classes(text: &str) -> u8 {
    let class = |classes, &byte: &u8| {
        classes | DOMAIN_BYTE_CLASS.get(usize::from(byte)).copied().unwrap_or(CLASS_NON_ASCII)
    };
    let bytes = text.as_bytes();
    let (words, rest) = bytes.as_chunks::<8>();
    let classes = words.iter().flatten().fold(0, class);
    match bytes.last_chunk::<8>() {
        Some(last) if !rest.is_empty() => last.iter().fold(classes, class),
        _ => rest.iter().fold(classes, class),
    }
}

/// Domain parser steps 5, 7, 8 and 9 (beStrict false) for an ASCII `domain`: the lowercased
/// domain, whatever ToASCII says, or the failure; `None` for a domain that is not ASCII.
#[inline]
fn ascii_domain_parse(domain: &str) -> Option<Result<Cow<'_, str>, HostError>> {
    // A word-at-a-time test first: a non-ASCII domain stops it early and skips the classes.
    if !domain.is_ascii() {
        return None;
    }
    let classes = byte_classes(domain);
    Some(if domain.is_empty() {
        // Step 7.
        Err(HostError::domain(Cause::EmptyDomain))
    } else if classes & CLASS_FORBIDDEN != 0 {
        // Step 8.
        Err(HostError::domain(Cause::ForbiddenDomainCodePoint))
    } else if classes & CLASS_UPPER != 0 {
        // Step 5.
        Ok(Cow::Owned(domain.to_ascii_lowercase()))
    } else {
        Ok(Cow::Borrowed(domain))
    })
}

/// The domain parser ("domain to ASCII") with the sink.
pub(crate) fn domain_parse<'a>(
    domain: &'a str,
    be_strict: bool,
    sink: &mut Sink<'_>,
) -> Result<Cow<'a, str>, HostError> {
    // Steps 1-3: the strict ToASCII; with beStrict it is the answer.
    if be_strict {
        let strict = uts46::to_ascii(domain, true);
        if strict.is_err() {
            sink.report(ValidationErrorKind::DomainToAscii, 0);
        }
        return strict.map_err(|errors| HostError::domain(Cause::ToAscii(errors)));
    }
    let strict = strict_check(domain, sink);
    // Steps 4-9 for an ASCII domain, in one pass over its bytes.
    if let Some(result) = ascii_domain_parse(domain) {
        return result;
    }
    // Steps 4-6 for the others.
    let (result, ldh) = match strict {
        // Strict and relaxed ToASCII map alike and differ only in what they reject, so a strict
        // success is the relaxed answer too.
        Some(Ok(strict)) => (strict, false),
        // Step 6: the relaxed ToASCII.
        _ => {
            let (result, ldh) = uts46::to_ascii_ldh(domain, false);
            (result.map_err(|errors| HostError::domain(Cause::ToAscii(errors)))?, ldh)
        }
    };
    // Step 7.
    if result.is_empty() {
        return Err(HostError::domain(Cause::EmptyDomain));
    }
    // Step 8 (nothing to check in a result known to hold only `a-z`, `0-9`, `-` and `.`).
    if !ldh && byte_classes(&result) & CLASS_FORBIDDEN != 0 {
        return Err(HostError::domain(Cause::ForbiddenDomainCodePoint));
    }
    // Step 9.
    Ok(result)
}

/// The URL Standard's domain parser, "domain to ASCII" (section 3.3): the ASCII form of
/// `domain`, or the failure.
///
/// With `be_strict` false, an ASCII domain comes back lowercased whatever Unicode ToASCII
/// thinks of it (only forbidden domain code points and the empty string fail); a non-ASCII
/// domain goes through UTS #46 ToASCII. With `be_strict` true the strict ToASCII
/// (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength on) decides.
///
/// ```
/// use weburl_host::domain_to_ascii;
/// assert_eq!(domain_to_ascii("EXAMPLE.com", false)?, "example.com");
/// assert_eq!(domain_to_ascii("xn--ab-j1t", false)?, "xn--ab-j1t");
/// assert!(domain_to_ascii("exa mple", false).is_err());
/// assert!(domain_to_ascii("-x", true).is_err());
/// # Ok::<(), weburl_host::HostError>(())
/// ```
#[doc(alias("domain_to_ascii_strict", "domain_to_ascii_cow", "domain_to_ascii_from_cow"))]
pub fn domain_to_ascii(domain: &str, be_strict: bool) -> Result<Cow<'_, str>, HostError> {
    domain_parse(domain, be_strict, &mut Sink::new(None))
}

/// [`domain_to_ascii`], reporting the `domain-to-ASCII` validation error to `sink` (at offset 0).
///
/// ```
/// use weburl_host::{domain_to_ascii_with_errors, ValidationErrorKind};
///
/// let mut errors = Vec::new();
/// let ascii = domain_to_ascii_with_errors("Bücher.example", false, &mut |kind, at| {
///     errors.push((kind, at))
/// })?;
/// assert_eq!(ascii, "xn--bcher-kva.example");
/// assert!(errors.is_empty());
/// assert!(domain_to_ascii_with_errors("exa mple", false, &mut |kind, at| errors.push((kind, at)))
///     .is_err());
/// assert_eq!(errors, [(ValidationErrorKind::DomainToAscii, 0)]);
/// # Ok::<(), weburl_host::HostError>(())
/// ```
pub fn domain_to_ascii_with_errors<'a>(
    domain: &'a str,
    be_strict: bool,
    sink: &mut dyn FnMut(ValidationErrorKind, usize),
) -> Result<Cow<'a, str>, HostError> {
    domain_parse(domain, be_strict, &mut Sink::new(Some(sink)))
}

/// Whether an ASCII domain holds a label starting with `xn--` (any case): one pass over its
/// bytes, looking at the start and after each `.` (callers first rule out, sixteen bytes at
/// a time, the many domains without a hyphen-minus).
fn has_ace_label(domain: &str) -> bool {
    let bytes = domain.as_bytes();
    let ace_at = |at: usize| bytes.get(at..at + 4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"));
    ace_at(0) || bytes.iter().enumerate().any(|(i, &b)| b == b'.' && ace_at(i + 1))
}

/// What one pass over a domain's bytes, sixteen at a time, tells domain to Unicode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct AsciiScan {
    /// A byte is not ASCII.
    non_ascii: bool,
    /// A byte is `-` (without one, no label starts with `xn--`).
    hyphen: bool,
    /// A byte is an ASCII upper-case letter.
    upper: bool,
}

impl AsciiScan {
    /// One pass over `bytes`: sixteen at a time from eight bytes on (the last block
    /// overlapping the one before it, or made of two overlapping halves below sixteen), as
    /// lane-wise tests the compiler turns into vector instructions; one zero-padded word of
    /// eight below that.
    fn of(bytes: &[u8]) -> AsciiScan {
        let len = bytes.len();
        if len < 8 {
            return AsciiScan::of_word(bytes);
        }
        let mut lanes = Lanes::default();
        let (blocks, rest) = bytes.as_chunks::<16>();
        for block in blocks {
            lanes.add(block);
        }
        if !rest.is_empty() {
            if let Some(last) = bytes.last_chunk::<16>() {
                lanes.add(last);
            } else {
                // Eight to fifteen bytes: the first eight and the last eight.
                let mut block = [0u8; 16];
                let (head, tail) = block.split_at_mut(8);
                head.copy_from_slice(bytes.get(..8).unwrap_or_default());
                tail.copy_from_slice(bytes.get(len - 8..).unwrap_or_default());
                lanes.add(&block);
            }
        }
        lanes.scan()
    }

    /// The scan of fewer than eight bytes, as one zero-padded word.
    fn of_word(bytes: &[u8]) -> AsciiScan {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let mut array = [0u8; 8];
        for (to, &from) in array.iter_mut().zip(bytes) {
            *to = from;
        }
        let w = u64::from_le_bytes(array);
        // Bit 7 of each byte: set for a byte equal to `-` (padding zeros are not).
        let h = w ^ (ONES * u64::from(b'-'));
        let hyphen = h.wrapping_sub(ONES) & !h;
        // For a byte below 0x80, bit 7 of `byte + 0x80 - b'A'` is set when it is at least
        // `A`, that of `byte + 0x80 - b'Z' - 1` when it is past `Z`; no sum carries into the
        // next byte (exact for ASCII bytes, and only looked at when every byte is ASCII).
        let low = w & !HIGHS;
        let at_least_a = low + ONES * u64::from(0x80 - b'A');
        let past_z = low + ONES * u64::from(0x80 - b'Z' - 1);
        AsciiScan {
            non_ascii: w & HIGHS != 0,
            hyphen: hyphen & HIGHS != 0,
            upper: at_least_a & !past_z & HIGHS != 0,
        }
    }
}

/// [`AsciiScan`]'s accumulators, one byte a lane over blocks of sixteen.
#[derive(Default)]
struct Lanes {
    /// The OR of the bytes (bit 7: not ASCII).
    high: [u8; 16],
    /// 1 where a byte was `-`.
    hyphen: [u8; 16],
    /// 1 where a byte was in `A-Z`.
    upper: [u8; 16],
}

impl Lanes {
    /// Adds a block of sixteen bytes, lane by lane.
    #[inline(always)]
    fn add(&mut self, block: &[u8; 16]) {
        let lanes = self.high.iter_mut().zip(&mut self.hyphen).zip(&mut self.upper);
        for (((high, hyphen), upper), &b) in lanes.zip(block) {
            *high |= b;
            *hyphen |= u8::from(b == b'-');
            *upper |= u8::from(b.wrapping_sub(b'A') < 26);
        }
    }

    /// What the lanes say about every byte added.
    fn scan(&self) -> AsciiScan {
        let or = |lanes: &[u8; 16]| lanes.iter().fold(0, |acc, &x| acc | x);
        AsciiScan {
            non_ascii: or(&self.high) & 0x80 != 0,
            hyphen: or(&self.hyphen) != 0,
            upper: or(&self.upper) != 0,
        }
    }
}

/// Domain to Unicode (section 3.3): the Unicode form of `domain` for display, or `domain`
/// itself when Unicode ToUnicode records an error.
///
/// ```
/// use weburl_host::domain_to_unicode;
/// assert_eq!(domain_to_unicode("example.com"), "example.com");
/// // An ACE label that does not decode to a valid label is returned as it is.
/// assert_eq!(domain_to_unicode("xn--8i7caa.example"), "xn--8i7caa.example");
/// ```
#[must_use]
pub fn domain_to_unicode(domain: &str) -> String {
    // ASCII without `xn--` labels maps to its lowercase form and records no error (no label
    // can fail the validity, bidi or joiner checks without a non-ASCII code point).
    let scan = AsciiScan::of(domain.as_bytes());
    if !(scan.non_ascii || (scan.hyphen && has_ace_label(domain))) {
        let mut lower = domain.to_owned();
        if scan.upper {
            lower.make_ascii_lowercase();
        }
        return lower;
    }
    // Steps 1-3.
    match uts46::to_unicode_not_plain(domain) {
        Some(result) => result,
        None => domain.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The classes of every text of 0 to 40 bytes with one byte of each class at each place
    /// (the eight-byte steps, the last word again, the short texts byte by byte) are the union
    /// of its bytes' classes.
    #[test]
    fn byte_classes_at_every_place() {
        for len in 0..=40 {
            for at in 0..len {
                for odd in ["A", "%", " ", "\u{e9}", "Z", "^"] {
                    let mut text: String = "a".repeat(len);
                    text.replace_range(at..at + 1, odd);
                    let expected = text
                        .bytes()
                        .fold(0, |classes, b| classes | DOMAIN_BYTE_CLASS[usize::from(b)]);
                    assert_eq!(byte_classes(&text), expected, "{text:?}");
                    assert_ne!(expected, 0, "{text:?}");
                }
            }
            assert_eq!(byte_classes(&"a".repeat(len)), 0);
        }
    }

    #[test]
    fn ace_label_scan_matches_splitting() {
        let split = |d: &str| {
            d.split('.')
                .any(|l| l.as_bytes().get(..4).is_some_and(|p| p.eq_ignore_ascii_case(b"xn--")))
        };
        let pieces = ["xn--", "XN--", "x", "n", "-", ".", "a", "xn-", "n--"];
        for i in 0..9usize.pow(4) {
            let domain: String = (0..4).map(|k| pieces[i / 9usize.pow(k) % 9]).collect();
            assert_eq!(has_ace_label(&domain), split(&domain), "{domain:?}");
        }
    }

    #[test]
    fn forbidden_code_points() {
        let host: Vec<char> =
            (0u8..0x80).map(char::from).filter(|&c| is_forbidden_host_code_point(c)).collect();
        assert_eq!(
            host,
            [
                '\0', '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']',
                '^', '|'
            ]
        );
        let domain_only: Vec<char> = (0u8..0x80)
            .map(char::from)
            .filter(|&c| is_forbidden_domain_code_point(c) && !is_forbidden_host_code_point(c))
            .collect();
        let mut expected: Vec<char> =
            (0u8..0x20).map(char::from).filter(|c| !"\0\t\n\r".contains(*c)).collect();
        expected.push('%');
        expected.push('\u{7f}');
        assert_eq!(domain_only, expected);
        assert!(!is_forbidden_domain_code_point('\u{80}'));
        assert!(!is_forbidden_host_code_point('\u{10FFFF}'));
        for b in 0u8..=255 {
            assert_eq!(
                is_forbidden_host_byte(b),
                b < 0x80 && is_forbidden_host_code_point(char::from(b))
            );
            assert_eq!(
                is_forbidden_domain_byte(b),
                b < 0x80 && is_forbidden_domain_code_point(char::from(b))
            );
        }
    }

    #[test]
    fn ascii_domains_are_lowercased_whatever_toascii_says() {
        assert_eq!(domain_to_ascii("ExAmPlE.CoM", false).unwrap(), "example.com");
        assert!(matches!(domain_to_ascii("example.com", false).unwrap(), Cow::Borrowed(_)));
        assert_eq!(domain_to_ascii("XN--AB-J1T", false).unwrap(), "xn--ab-j1t");
        assert_eq!(domain_to_ascii("-x-", false).unwrap(), "-x-");
        assert_eq!(domain_to_ascii("a..b", false).unwrap(), "a..b");
        assert_eq!(domain_to_ascii("a=b", false).unwrap(), "a=b");
    }

    #[test]
    fn relaxed_failures() {
        assert_eq!(
            domain_to_ascii("", false).unwrap_err().kind(),
            ValidationErrorKind::DomainToAscii
        );
        assert!(domain_to_ascii("a%b", false).is_err());
        assert!(domain_to_ascii("a\u{7f}", false).is_err());
        assert!(domain_to_ascii("a b", false).is_err());
        assert!(domain_to_ascii("a\u{1}b", false).is_err());
    }

    #[test]
    fn strict() {
        assert_eq!(domain_to_ascii("Example.COM", true).unwrap(), "example.com");
        assert!(domain_to_ascii("-x", true).is_err());
        assert!(domain_to_ascii("a_b", true).is_err());
        assert!(domain_to_ascii("", true).is_err());
        assert!(domain_to_ascii("ab--c", true).is_err());
    }

    #[test]
    fn reports_domain_to_ascii_only_when_strict_fails() {
        let mut seen = Vec::new();
        let mut f = |k: ValidationErrorKind, at: usize| seen.push((k, at));
        assert_eq!(domain_to_ascii_with_errors("A_B", false, &mut f).unwrap(), "a_b");
        assert_eq!(domain_to_ascii_with_errors("ab", false, &mut f).unwrap(), "ab");
        assert!(domain_to_ascii_with_errors("a_b", true, &mut f).is_err());
        assert_eq!(
            seen,
            [(ValidationErrorKind::DomainToAscii, 0), (ValidationErrorKind::DomainToAscii, 0)]
        );
    }

    #[test]
    fn ascii_into_matches_the_general_parser() {
        for input in ["a", "A.B", "a%b", "", "x y", "xn--a", "Ab-.C_d", "1.2.3.4"] {
            let mut out = String::from("prefix");
            let fast =
                domain_parse_ascii_into(input, byte_classes(input), &mut out, &mut Sink::new(None));
            let slow = domain_to_ascii(input, false);
            match (fast, slow) {
                (Ok(()), Ok(s)) => assert_eq!(out, alloc::format!("prefix{s}")),
                (Err(a), Err(b)) => {
                    assert_eq!(a, b);
                    assert_eq!(out, "prefix");
                }
                (a, b) => panic!("{input}: {a:?} vs {b:?}"),
            }
        }
    }

    #[test]
    fn strict_ascii_verdict_agrees_with_to_ascii() {
        let mut decided = 0;
        for domain in [
            "example.com",
            "EXAMPLE.COM",
            "a_b.c",
            ".github",
            "a..b",
            "-a.b",
            "a-.b",
            "ab--c.d",
            "a.b.",
            "xn--ab-j1t.x",
            "XN--a.b",
            "1.2",
            "a",
            "a-b-c",
            "_",
            "a.-",
            "0x1.a",
            &"a".repeat(63),
            &"a".repeat(64),
            &"a.".repeat(127),
            &"ab.".repeat(84),
            &alloc::format!("{}.b", "a".repeat(251)),
            &alloc::format!("{}.b", "a".repeat(252)),
            "a b",
            "a%b",
            "é.com",
            "",
        ] {
            if let Some(ok) = strict_ascii_verdict(domain) {
                decided += 1;
                assert_eq!(ok, uts46::to_ascii(domain, true).is_ok(), "{domain:?}");
            }
        }
        assert!(decided >= 15, "{decided}");
    }

    #[test]
    fn to_unicode_ascii() {
        assert_eq!(domain_to_unicode("Example.COM"), "example.com");
        assert_eq!(domain_to_unicode("a-B.xn--bcher-kva.C"), "a-b.bücher.c");
        // Below eight bytes, eight to fifteen, one block, blocks and an overlapping last one.
        for len in 0..40 {
            for at in 0..len {
                let mut bytes = alloc::vec![b'a'; len];
                assert!(!AsciiScan::of(&bytes).hyphen);
                bytes[at] = b'-';
                assert!(AsciiScan::of(&bytes).hyphen, "{len} {at}");
                bytes[at] = b'.';
                assert!(!AsciiScan::of(&bytes).hyphen);
                bytes[at] = b'Q';
                assert!(AsciiScan::of(&bytes).upper);
                bytes[at] = 0xC3;
                assert!(AsciiScan::of(&bytes).non_ascii);
            }
        }
        assert!(!AsciiScan::of(b",,,,,,,,,,/./././").hyphen);
        // The shortcut past ToUnicode's ASCII pass answers as ToUnicode does.
        for domain in ["a.xn--bcher-kva.C", "XN--BCHER-KVA", "xn--zz.a", "Bücher.de", "a-b.c"] {
            assert_eq!(uts46::to_unicode_not_plain(domain), uts46::to_unicode(domain), "{domain}");
        }
        assert!(has_ace_label("a.XN--b"));
        assert!(!has_ace_label("axn--b"));
    }

    #[test]
    fn ascii_scan_matches_byte_tests() {
        let pieces = ["a", "Z", "-", "é", "@", "[", "`", "{", "A", "0", ".", "\u{7f}"];
        for len in 0..20usize {
            for i in 0..pieces.len() * 3 {
                // Strings of every length with a piece at varied places.
                let domain: String = (0..len)
                    .map(|k| {
                        if (k * 7 + i) % (len + 1) == i % (len + 1) {
                            pieces[i % pieces.len()]
                        } else {
                            pieces[(k + i / pieces.len()) % 2]
                        }
                    })
                    .collect();
                let bytes = domain.as_bytes();
                let expected = AsciiScan {
                    non_ascii: !domain.is_ascii(),
                    hyphen: bytes.contains(&b'-'),
                    upper: bytes.iter().any(u8::is_ascii_uppercase),
                };
                let got = AsciiScan::of(bytes);
                assert_eq!(got.non_ascii, expected.non_ascii, "{domain:?}");
                if !expected.non_ascii {
                    assert_eq!(got, expected, "{domain:?}");
                }
            }
        }
    }
}
