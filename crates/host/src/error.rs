//! Validation errors of the IDNA and host-parsing groups (URL Standard, section 1.1) and the
//! [`HostError`] returned when the host parser fails.
//!
//! Validation errors are non-fatal reports delivered to an optional sink, a
//! `&mut dyn FnMut(ValidationErrorKind, usize)` that receives the error and the byte offset in
//! the parser's input where it arose. With no sink, reporting costs nothing.

use core::fmt;

use crate::idna::Errors;

/// A validation error of the URL Standard's IDNA and host-parsing groups (section 1.1), plus
/// `invalid-URL-unit`, the one URL-parsing error that the opaque-host parser reports.
///
/// [`name`](ValidationErrorKind::name) gives the spec's name, which `Display` also prints.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValidationErrorKind {
    /// `domain-to-ASCII`: Unicode ToASCII records an error with CheckHyphens,
    /// UseSTD3ASCIIRules and VerifyDnsLength set (the strict check of the domain parser).
    DomainToAscii,
    /// `domain-percent-encoded`: a host to be parsed as a domain holds a percent-encoded byte.
    DomainPercentEncoded,
    /// `host-invalid-code-point`: an opaque host holds a forbidden host code point.
    HostInvalidCodePoint,
    /// `IPv4-empty-part`: an IPv4 address ends with `.`.
    Ipv4EmptyPart,
    /// `IPv4-too-few-parts`: an IPv4 address has fewer than four parts.
    Ipv4TooFewParts,
    /// `IPv4-too-many-parts`: an IPv4 address has more than four parts.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: an IPv4 address part is not numeric.
    Ipv4NonNumericPart,
    /// `IPv4-non-decimal-part`: an IPv4 address part is written in hexadecimal or octal.
    Ipv4NonDecimalPart,
    /// `IPv4-out-of-range-part`: an IPv4 address part exceeds 255.
    Ipv4OutOfRangePart,
    /// `IPv4-non-ASCII-input`: an IPv4 address came from a non-ASCII string through IDNA.
    Ipv4NonAsciiInput,
    /// `IPv6-unclosed`: an IPv6 address lacks the closing `]`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address begins with an improper compression.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: an IPv6 address has more than eight pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: an IPv6 address is compressed in more than one spot.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: an IPv6 address holds a code point that is neither an ASCII
    /// hex digit nor `:`, or ends unexpectedly.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: an uncompressed IPv6 address has fewer than eight pieces.
    Ipv6TooFewPieces,
    /// `IPv6-piece-leading-zero`: an IPv6 address piece has a leading `0`.
    Ipv6PieceLeadingZero,
    /// `IPv4-in-IPv6-too-many-pieces`: an IPv6 address with IPv4 syntax has more than six
    /// pieces before the IPv4 part.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: the IPv4 part of an IPv6 address is empty, holds a
    /// non-digit or a leading zero, or has too many parts.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: an IPv4 part of an IPv6 address exceeds 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: the IPv4 part of an IPv6 address has too few parts.
    Ipv4InIpv6TooFewParts,
    /// `invalid-URL-unit` (URL-parsing group): the opaque-host parser found a code point that
    /// is not a URL code point, or a `%` not followed by two ASCII hex digits.
    InvalidUrlUnit,
}

impl ValidationErrorKind {
    /// Every kind, in the order of the spec's table.
    pub const ALL: [ValidationErrorKind; 22] = [
        ValidationErrorKind::DomainToAscii,
        ValidationErrorKind::DomainPercentEncoded,
        ValidationErrorKind::HostInvalidCodePoint,
        ValidationErrorKind::Ipv4EmptyPart,
        ValidationErrorKind::Ipv4TooFewParts,
        ValidationErrorKind::Ipv4TooManyParts,
        ValidationErrorKind::Ipv4NonNumericPart,
        ValidationErrorKind::Ipv4NonDecimalPart,
        ValidationErrorKind::Ipv4OutOfRangePart,
        ValidationErrorKind::Ipv4NonAsciiInput,
        ValidationErrorKind::Ipv6Unclosed,
        ValidationErrorKind::Ipv6InvalidCompression,
        ValidationErrorKind::Ipv6TooManyPieces,
        ValidationErrorKind::Ipv6MultipleCompression,
        ValidationErrorKind::Ipv6InvalidCodePoint,
        ValidationErrorKind::Ipv6TooFewPieces,
        ValidationErrorKind::Ipv6PieceLeadingZero,
        ValidationErrorKind::Ipv4InIpv6TooManyPieces,
        ValidationErrorKind::Ipv4InIpv6InvalidCodePoint,
        ValidationErrorKind::Ipv4InIpv6OutOfRangePart,
        ValidationErrorKind::Ipv4InIpv6TooFewParts,
        ValidationErrorKind::InvalidUrlUnit,
    ];

    /// The spec's name for this error, e.g. `"IPv4-too-few-parts"`.
    ///
    /// ```
    /// use weburl_host::ValidationErrorKind;
    /// assert_eq!(ValidationErrorKind::Ipv4TooFewParts.name(), "IPv4-too-few-parts");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            ValidationErrorKind::DomainToAscii => "domain-to-ASCII",
            ValidationErrorKind::DomainPercentEncoded => "domain-percent-encoded",
            ValidationErrorKind::HostInvalidCodePoint => "host-invalid-code-point",
            ValidationErrorKind::Ipv4EmptyPart => "IPv4-empty-part",
            ValidationErrorKind::Ipv4TooFewParts => "IPv4-too-few-parts",
            ValidationErrorKind::Ipv4TooManyParts => "IPv4-too-many-parts",
            ValidationErrorKind::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            ValidationErrorKind::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            ValidationErrorKind::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            ValidationErrorKind::Ipv4NonAsciiInput => "IPv4-non-ASCII-input",
            ValidationErrorKind::Ipv6Unclosed => "IPv6-unclosed",
            ValidationErrorKind::Ipv6InvalidCompression => "IPv6-invalid-compression",
            ValidationErrorKind::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            ValidationErrorKind::Ipv6MultipleCompression => "IPv6-multiple-compression",
            ValidationErrorKind::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            ValidationErrorKind::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            ValidationErrorKind::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            ValidationErrorKind::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            ValidationErrorKind::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            ValidationErrorKind::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            ValidationErrorKind::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            ValidationErrorKind::InvalidUrlUnit => "invalid-URL-unit",
        }
    }

    /// Whether the spec's table marks this error as a failure (the parser returns failure
    /// after reporting it).
    ///
    /// Two are failures only sometimes, and return `true` here: `domain-to-ASCII` fails when
    /// beStrict is true or when the domain is not ASCII and the relaxed ToASCII fails too;
    /// `IPv4-out-of-range-part` fails when it concerns a part other than the last, or the
    /// last part exceeds what the remaining bytes can hold.
    ///
    /// ```
    /// use weburl_host::ValidationErrorKind;
    /// assert!(ValidationErrorKind::Ipv6Unclosed.is_failure());
    /// assert!(!ValidationErrorKind::Ipv4NonDecimalPart.is_failure());
    /// ```
    #[must_use]
    pub const fn is_failure(&self) -> bool {
        !matches!(
            self,
            ValidationErrorKind::DomainPercentEncoded
                | ValidationErrorKind::Ipv4EmptyPart
                | ValidationErrorKind::Ipv4TooFewParts
                | ValidationErrorKind::Ipv4NonDecimalPart
                | ValidationErrorKind::Ipv4NonAsciiInput
                | ValidationErrorKind::Ipv6PieceLeadingZero
                | ValidationErrorKind::InvalidUrlUnit
        )
    }
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why the domain parser failed, beyond the validation error it reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Cause {
    /// The failure is the validation error itself.
    Validation,
    /// Unicode ToASCII failed with these UTS #46 errors.
    ToAscii(Errors),
    /// The domain became the empty string.
    EmptyDomain,
    /// The domain holds a forbidden domain code point.
    ForbiddenDomainCodePoint,
}

/// The host parser returned failure; [`kind`](HostError::kind) names the validation error
/// that caused it.
///
/// ```
/// use weburl_host::{Host, ValidationErrorKind};
/// let err = Host::parse("[::1", false).unwrap_err();
/// assert_eq!(err.kind(), ValidationErrorKind::Ipv6Unclosed);
/// assert_eq!(err.to_string(), "invalid host: IPv6-unclosed");
/// assert_eq!(err.offset(), 4);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HostError {
    kind: ValidationErrorKind,
    cause: Cause,
    /// See [`offset`](HostError::offset).
    offset: usize,
}

impl HostError {
    /// A failure caused by `kind` (its offset is set where the parse ends, by [`Sink::stamp`]).
    pub(crate) const fn new(kind: ValidationErrorKind) -> HostError {
        HostError { kind, cause: Cause::Validation, offset: 0 }
    }

    /// A domain-parser failure (reported as `domain-to-ASCII`) with a more precise cause.
    pub(crate) const fn domain(cause: Cause) -> HostError {
        HostError { kind: ValidationErrorKind::DomainToAscii, cause, offset: 0 }
    }

    /// The byte offset in the host parser's input of the last validation error the parser
    /// reported before it failed, whether or not anyone listened: the offset a listener
    /// (such as [`Host::parse_with_errors`](crate::Host::parse_with_errors)) heard last, or
    /// 0 when it heard nothing.
    ///
    /// Every failure of a domain (`domain-to-ASCII`) is at 0; so is every error of a host
    /// that was percent-decoded first, whose offsets no longer map to the input.
    ///
    /// ```
    /// use weburl_host::Host;
    /// assert_eq!(Host::parse("[1::2::3]", false).unwrap_err().offset(), 6);
    /// assert_eq!(Host::parse("1.x.3.4", false).unwrap_err().offset(), 2);
    /// assert_eq!(Host::parse("a<b", true).unwrap_err().offset(), 1);
    /// assert_eq!(Host::parse("a b", false).unwrap_err().offset(), 0);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The validation error that caused the failure.
    ///
    /// Every failure of the domain parser is `domain-to-ASCII`: its strict check rejects every
    /// domain that the relaxed steps reject (empty results and forbidden domain code points
    /// included).
    ///
    /// ```
    /// use weburl_host::{Host, ValidationErrorKind};
    /// let err = Host::parse("[::1", false).unwrap_err();
    /// assert_eq!(err.kind(), ValidationErrorKind::Ipv6Unclosed);
    /// assert_eq!(Host::parse("a b", false).unwrap_err().kind(), ValidationErrorKind::DomainToAscii);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ValidationErrorKind {
        self.kind
    }

    /// The UTS #46 errors, when the failure is Unicode ToASCII rejecting the domain.
    ///
    /// ```
    /// use weburl_host::{domain_to_ascii, idna::ErrorCode};
    /// let err = domain_to_ascii("a\u{200C}b.example", false).unwrap_err();
    /// assert!(err.idna_errors().unwrap().contains(ErrorCode::C1));
    /// ```
    #[must_use]
    pub const fn idna_errors(&self) -> Option<Errors> {
        match self.cause {
            Cause::ToAscii(errors) => Some(errors),
            _ => None,
        }
    }

    /// Whether the domain parser failed because the domain holds a forbidden domain code point
    /// (section 3.2, domain to ASCII step 8).
    ///
    /// ```
    /// use weburl_host::Host;
    /// assert!(Host::parse("a b", false).unwrap_err().is_forbidden_domain_code_point());
    /// assert!(!Host::parse("[::1", false).unwrap_err().is_forbidden_domain_code_point());
    /// ```
    #[must_use]
    pub const fn is_forbidden_domain_code_point(&self) -> bool {
        matches!(self.cause, Cause::ForbiddenDomainCodePoint)
    }

    /// Whether the domain parser failed because the domain became the empty string (section
    /// 3.3, domain to ASCII step 7).
    ///
    /// ```
    /// use weburl_host::Host;
    /// assert!(Host::parse("", false).unwrap_err().is_empty_domain());
    /// assert!(!Host::parse("[::1", false).unwrap_err().is_empty_domain());
    /// ```
    #[must_use]
    pub const fn is_empty_domain(&self) -> bool {
        matches!(self.cause, Cause::EmptyDomain)
    }

    /// The cause beyond the validation error's name, in words, when there is one: "forbidden
    /// domain code point", "the domain is empty", or the UTS #46 ToASCII errors.
    ///
    /// ```
    /// use weburl_host::Host;
    /// let err = Host::parse("a b", false).unwrap_err();
    /// assert_eq!(err.detail().unwrap().to_string(), "forbidden domain code point");
    /// assert!(Host::parse("[::1", false).unwrap_err().detail().is_none());
    /// ```
    #[must_use]
    pub fn detail(&self) -> Option<impl fmt::Display + use<>> {
        match self.cause {
            Cause::Validation => None,
            cause => Some(Detail(cause)),
        }
    }
}

/// The words for a [`Cause`], as [`HostError::detail`] returns them.
struct Detail(Cause);

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Cause::Validation => Ok(()),
            Cause::ToAscii(errors) => write!(f, "UTS #46 ToASCII errors: {errors}"),
            Cause::EmptyDomain => f.write_str("the domain is empty"),
            Cause::ForbiddenDomainCodePoint => f.write_str("forbidden domain code point"),
        }
    }
}

impl fmt::Display for HostError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid host: {}", self.kind.name())?;
        match self.detail() {
            Some(detail) => write!(f, " ({detail})"),
            None => Ok(()),
        }
    }
}

impl core::error::Error for HostError {}

/// The optional validation-error sink, with the offset of the current input within the
/// host parser's input.
pub(crate) struct Sink<'a> {
    report: Option<&'a mut dyn FnMut(ValidationErrorKind, usize)>,
    /// Added to every offset reported.
    base: usize,
    /// False once the input no longer maps to the original (after percent-decoding or IDNA):
    /// every offset is then reported as `base`.
    exact: bool,
    /// The offset of the last error reported, listened to or not (a failure's offset).
    last: usize,
}

impl<'a> Sink<'a> {
    /// A sink forwarding to `report`, offsets unchanged.
    pub(crate) fn new(report: Option<&'a mut dyn FnMut(ValidationErrorKind, usize)>) -> Self {
        Sink { report, base: 0, exact: true, last: 0 }
    }

    /// Whether anyone listens: callers skip work done only to report errors.
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        self.report.is_some()
    }

    /// Reports `kind` at byte offset `at` of the current input.
    #[inline]
    pub(crate) fn report(&mut self, kind: ValidationErrorKind, at: usize) {
        let at = if self.exact { self.base.saturating_add(at) } else { self.base };
        self.last = at;
        if let Some(report) = self.report.as_deref_mut() {
            report(kind, at);
        }
    }

    /// Runs `f` with this sink reporting for a sub-input that starts `by` bytes into the
    /// current one.
    pub(crate) fn shifted<T>(&mut self, by: usize, f: impl FnOnce(&mut Self) -> T) -> T {
        let base = self.base;
        if self.exact {
            self.base = base.saturating_add(by);
        }
        let result = f(self);
        self.base = base;
        result
    }

    /// Runs `f` with this sink reporting for an input that no longer maps byte for byte to
    /// the current one: every offset becomes that of the current input's start.
    pub(crate) fn inexact<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        let exact = self.exact;
        self.exact = false;
        let result = f(self);
        self.exact = exact;
        result
    }

    /// `error`, the host parser's failure, with the offset of the last validation error
    /// reported before it. The domain parser's strict check (run only for a listener)
    /// reports `domain-to-ASCII` at the host's start before every failure of the domain
    /// parser, so those are at 0 whoever listened (`tests/host.rs` checks both against a
    /// listener).
    pub(crate) fn stamp(&self, error: HostError) -> HostError {
        let offset = if matches!(error.cause, Cause::Validation) { self.last } else { 0 };
        HostError { offset, ..error }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn names_are_unique_and_spelled_as_the_spec() {
        let names: Vec<&str> = ValidationErrorKind::ALL.iter().map(|k| k.name()).collect();
        for (i, a) in names.iter().enumerate() {
            for b in names.iter().skip(i + 1) {
                assert_ne!(a, b);
            }
        }
        assert_eq!(ValidationErrorKind::DomainToAscii.to_string(), "domain-to-ASCII");
        assert_eq!(ValidationErrorKind::Ipv4NonAsciiInput.name(), "IPv4-non-ASCII-input");
    }

    #[test]
    fn failure_flags_follow_the_table() {
        assert!(ValidationErrorKind::Ipv6Unclosed.is_failure());
        assert!(ValidationErrorKind::HostInvalidCodePoint.is_failure());
        assert!(!ValidationErrorKind::Ipv4TooFewParts.is_failure());
        assert!(!ValidationErrorKind::Ipv6PieceLeadingZero.is_failure());
        assert!(!ValidationErrorKind::DomainPercentEncoded.is_failure());
        // Every kind against the "Failure" column of the spec's table, written out from it.
        use ValidationErrorKind as K;
        let not_failures = [
            K::DomainPercentEncoded,
            K::Ipv4EmptyPart,
            K::Ipv4TooFewParts,
            K::Ipv4NonDecimalPart,
            K::Ipv4NonAsciiInput,
            K::Ipv6PieceLeadingZero,
            K::InvalidUrlUnit,
        ];
        for kind in ValidationErrorKind::ALL {
            assert_eq!(kind.is_failure(), !not_failures.contains(&kind), "{kind}");
        }
        assert_eq!(ValidationErrorKind::ALL.iter().filter(|k| k.is_failure()).count(), 15);
    }

    #[test]
    fn sink_offsets() {
        let mut seen = Vec::new();
        let mut f = |k: ValidationErrorKind, at: usize| seen.push((k, at));
        {
            let mut sink = Sink::new(Some(&mut f));
            sink.report(ValidationErrorKind::Ipv4EmptyPart, 3);
            sink.shifted(1, |s| s.report(ValidationErrorKind::Ipv6TooFewPieces, 4));
            assert_eq!(sink.last, 5);
            sink.shifted(2, |s| s.inexact(|s| s.report(ValidationErrorKind::Ipv4EmptyPart, 9)));
            assert_eq!(sink.last, 2);
            // Both scopes ended: offsets map as before.
            sink.report(ValidationErrorKind::Ipv4EmptyPart, 7);
        }
        assert_eq!(
            seen,
            [
                (ValidationErrorKind::Ipv4EmptyPart, 3),
                (ValidationErrorKind::Ipv6TooFewPieces, 5),
                (ValidationErrorKind::Ipv4EmptyPart, 2),
                (ValidationErrorKind::Ipv4EmptyPart, 7)
            ]
        );
        let mut none = Sink::new(None);
        assert!(!none.is_active());
        none.shifted(3, |s| s.report(ValidationErrorKind::Ipv4EmptyPart, 1));
        assert_eq!(none.last, 4, "heard or not");
    }
}
