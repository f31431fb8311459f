//! Validation errors (URL Standard, section 1.1, the table of validation errors) and the
//! [`ParseError`] returned when parsing fails.

use core::fmt;

use weburl_host::HostError;

/// One kind of validation error, named as in the table of the URL Standard, section 1.1.
///
/// The table has three groups: IDNA, host parsing (reported through
/// [`weburl_host`](https://docs.rs/weburl-host)) and URL parsing. [`name`](Self::name) gives
/// the spec's name for each kind.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ValidationErrorKind {
    // IDNA group.
    /// `domain-to-ASCII`: Unicode ToASCII recorded an error.
    DomainToAscii,
    // Host-parsing group.
    /// `domain-percent-encoded`: a domain's input holds percent-encoded bytes.
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
    /// `IPv4-non-ASCII-input`: an IPv4 address was derived from non-ASCII input by IDNA.
    Ipv4NonAsciiInput,
    /// `IPv6-unclosed`: an IPv6 address lacks its closing `]`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address begins with improper compression.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: an IPv6 address has more than eight pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: an IPv6 address is compressed in more than one spot.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: an IPv6 address holds an unexpected code point or ends early.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: an uncompressed IPv6 address has fewer than eight pieces.
    Ipv6TooFewPieces,
    /// `IPv6-piece-leading-zero`: an IPv6 address piece has a leading `0`.
    Ipv6PieceLeadingZero,
    /// `IPv4-in-IPv6-too-many-pieces`: an IPv4-in-IPv6 address has more than six pieces.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: an IPv4 part of an IPv6 address is malformed.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: an IPv4 part of an IPv6 address exceeds 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: an IPv4 part of an IPv6 address has too few parts.
    Ipv4InIpv6TooFewParts,
    // URL-parsing group.
    /// `invalid-URL-unit`: a code point that is not a URL unit.
    InvalidUrlUnit,
    /// `special-scheme-missing-following-solidus`: a special scheme not followed by `//`.
    SpecialSchemeMissingFollowingSolidus,
    /// `missing-scheme-non-relative-URL`: no scheme and no usable base URL.
    MissingSchemeNonRelativeUrl,
    /// `invalid-reverse-solidus`: a special URL uses `\` instead of `/`.
    InvalidReverseSolidus,
    /// `invalid-credentials`: the input holds credentials.
    InvalidCredentials,
    /// `host-missing`: a special URL (or one with credentials) has no host.
    HostMissing,
    /// `port-out-of-range`: the port is larger than 65535.
    PortOutOfRange,
    /// `port-invalid`: the port holds something other than ASCII digits.
    PortInvalid,
    /// `file-invalid-Windows-drive-letter`: a relative input starts with a Windows drive letter
    /// against a `file` base.
    FileInvalidWindowsDriveLetter,
    /// `file-invalid-Windows-drive-letter-host`: a `file` URL's host is a Windows drive letter.
    FileInvalidWindowsDriveLetterHost,
}

impl ValidationErrorKind {
    /// Every kind, in the order of the spec's table.
    pub const ALL: [ValidationErrorKind; 31] = {
        use ValidationErrorKind as K;
        [
            K::DomainToAscii,
            K::DomainPercentEncoded,
            K::HostInvalidCodePoint,
            K::Ipv4EmptyPart,
            K::Ipv4TooFewParts,
            K::Ipv4TooManyParts,
            K::Ipv4NonNumericPart,
            K::Ipv4NonDecimalPart,
            K::Ipv4OutOfRangePart,
            K::Ipv4NonAsciiInput,
            K::Ipv6Unclosed,
            K::Ipv6InvalidCompression,
            K::Ipv6TooManyPieces,
            K::Ipv6MultipleCompression,
            K::Ipv6InvalidCodePoint,
            K::Ipv6TooFewPieces,
            K::Ipv6PieceLeadingZero,
            K::Ipv4InIpv6TooManyPieces,
            K::Ipv4InIpv6InvalidCodePoint,
            K::Ipv4InIpv6OutOfRangePart,
            K::Ipv4InIpv6TooFewParts,
            K::InvalidUrlUnit,
            K::SpecialSchemeMissingFollowingSolidus,
            K::MissingSchemeNonRelativeUrl,
            K::InvalidReverseSolidus,
            K::InvalidCredentials,
            K::HostMissing,
            K::PortOutOfRange,
            K::PortInvalid,
            K::FileInvalidWindowsDriveLetter,
            K::FileInvalidWindowsDriveLetterHost,
        ]
    };

    /// The spec's name for this error, e.g. `"invalid-URL-unit"`.
    ///
    /// ```
    /// use weburl_parser::ValidationErrorKind;
    /// assert_eq!(ValidationErrorKind::InvalidUrlUnit.name(), "invalid-URL-unit");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        use ValidationErrorKind as K;
        match self {
            K::DomainToAscii => "domain-to-ASCII",
            K::DomainPercentEncoded => "domain-percent-encoded",
            K::HostInvalidCodePoint => "host-invalid-code-point",
            K::Ipv4EmptyPart => "IPv4-empty-part",
            K::Ipv4TooFewParts => "IPv4-too-few-parts",
            K::Ipv4TooManyParts => "IPv4-too-many-parts",
            K::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            K::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            K::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            K::Ipv4NonAsciiInput => "IPv4-non-ASCII-input",
            K::Ipv6Unclosed => "IPv6-unclosed",
            K::Ipv6InvalidCompression => "IPv6-invalid-compression",
            K::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            K::Ipv6MultipleCompression => "IPv6-multiple-compression",
            K::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            K::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            K::Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
            K::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            K::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            K::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            K::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            K::InvalidUrlUnit => "invalid-URL-unit",
            K::SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            K::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            K::InvalidReverseSolidus => "invalid-reverse-solidus",
            K::InvalidCredentials => "invalid-credentials",
            K::HostMissing => "host-missing",
            K::PortOutOfRange => "port-out-of-range",
            K::PortInvalid => "port-invalid",
            K::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            K::FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
        }
    }

    /// The kind whose spec name is `name`, if any.
    ///
    /// ```
    /// use weburl_parser::ValidationErrorKind;
    /// assert_eq!(ValidationErrorKind::from_name("port-invalid"), Some(ValidationErrorKind::PortInvalid));
    /// assert_eq!(ValidationErrorKind::from_name("nope"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<ValidationErrorKind> {
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

impl fmt::Display for ValidationErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A validation error: its kind and the byte offset in the input where it arose.
///
/// Validation errors do not stop parsing (see [`ParseError`] for failures); they are delivered
/// to the callback given to [`ParseOptions::on_validation_error`](crate::ParseOptions::on_validation_error).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ValidationError {
    kind: ValidationErrorKind,
    offset: usize,
}

impl ValidationError {
    /// A validation error of `kind` at byte `offset` of the input.
    ///
    /// ```
    /// use weburl_parser::{ValidationError, ValidationErrorKind};
    /// let error = ValidationError::new(ValidationErrorKind::PortInvalid, 20);
    /// assert_eq!(error.to_string(), "port-invalid at byte 20");
    /// ```
    #[must_use]
    pub const fn new(kind: ValidationErrorKind, offset: usize) -> ValidationError {
        ValidationError { kind, offset }
    }

    /// What went wrong.
    ///
    /// ```
    /// let error = weburl_parser::Url::parse("https://h:x").unwrap_err().validation_error().unwrap();
    /// assert_eq!(error.kind(), weburl_parser::ValidationErrorKind::PortInvalid);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ValidationErrorKind {
        self.kind
    }

    /// The byte offset in the original input (before any trimming or tab removal).
    ///
    /// ```
    /// let error = weburl_parser::Url::parse("  https://h:x").unwrap_err().validation_error().unwrap();
    /// assert_eq!(error.offset(), 12); // counted in the input as given
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.name(), self.offset)
    }
}

/// The host parser's failure while parsing a URL: where it happened (a [`ValidationError`]
/// with the offset in the URL's input) and why (the host parser's [`HostError`], which names
/// the precise cause, e.g. a forbidden domain code point or the UTS #46 errors).
///
/// ```
/// use weburl_parser::{ParseError, Url, ValidationErrorKind};
///
/// let Err(ParseError::InvalidHost(failure)) = Url::parse("http://a b/") else { panic!() };
/// assert_eq!(failure.kind(), ValidationErrorKind::DomainToAscii);
/// assert_eq!(failure.offset(), 7);
/// assert_eq!(failure.to_string(), "domain-to-ASCII at byte 7 (forbidden domain code point)");
/// assert!(failure.host_error().is_forbidden_domain_code_point());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HostFailure {
    error: ValidationError,
    cause: HostError,
}

impl HostFailure {
    /// A failure caused by `cause`, reported as `kind` at byte `offset`.
    pub(crate) fn new(cause: HostError, offset: usize) -> HostFailure {
        HostFailure { error: ValidationError::new(cause.kind().into(), offset), cause }
    }

    /// The same failure at byte `offset` (of a longer input).
    #[must_use]
    pub(crate) fn at(self, offset: usize) -> HostFailure {
        HostFailure { error: ValidationError::new(self.error.kind(), offset), ..self }
    }

    /// The validation error that made the host parser fail, with its offset.
    ///
    /// ```
    /// use weburl_parser::{ParseError, Url, ValidationErrorKind};
    /// let Err(ParseError::InvalidHost(failure)) = Url::parse("http://[::1/") else { panic!() };
    /// assert_eq!(failure.validation_error().kind(), ValidationErrorKind::Ipv6Unclosed);
    /// ```
    #[must_use]
    pub const fn validation_error(&self) -> ValidationError {
        self.error
    }

    /// What went wrong, in the spec's terms.
    ///
    /// ```
    /// use weburl_parser::{ParseError, Url, ValidationErrorKind};
    /// let Err(ParseError::InvalidHost(failure)) = Url::parse("https://1.2.3.4.5/") else { panic!() };
    /// assert_eq!(failure.kind(), ValidationErrorKind::Ipv4TooManyParts);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> ValidationErrorKind {
        self.error.kind()
    }

    /// The byte offset in the input where the host parser's last validation error arose: the
    /// host's start when the host was percent-decoded or mapped by IDNA first, and for every
    /// failure of the domain parser.
    ///
    /// ```
    /// use weburl_parser::{ParseError, Url};
    /// let Err(ParseError::InvalidHost(failure)) = Url::parse("sc://a^b/") else { panic!() };
    /// assert_eq!(failure.offset(), 6);
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.error.offset()
    }

    /// The host parser's own error, with the precise cause.
    ///
    /// ```
    /// use weburl_parser::{ParseError, Url};
    /// let Err(ParseError::InvalidHost(failure)) = Url::parse("https://a\u{200C}b.example/") else { panic!() };
    /// assert!(failure.host_error().idna_errors().is_some());
    /// ```
    #[must_use]
    pub const fn host_error(&self) -> HostError {
        self.cause
    }
}

impl fmt::Display for HostFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.error)?;
        match self.cause.detail() {
            Some(detail) => write!(f, " ({detail})"),
            None => Ok(()),
        }
    }
}

/// No `source`: the message already holds the host parser's cause.
impl core::error::Error for HostFailure {}

/// Why parsing failed.
///
/// The two "relative URL" variants keep rust-url's names, so that code matching
/// `ParseError::RelativeUrlWithoutBase` ports unchanged; both are the spec's
/// `missing-scheme-non-relative-URL` failure (see [`kind`](Self::kind)).
///
/// ```
/// use weburl_parser::{ParseError, Url};
///
/// assert_eq!(Url::parse("/relative"), Err(ParseError::RelativeUrlWithoutBase));
/// assert!(Url::parse("/relative").unwrap_err().is_relative_without_base());
/// let url = match Url::parse("/relative") {
///     Err(ParseError::RelativeUrlWithoutBase) => Url::parse("https://example.org")?.join("/relative")?,
///     other => other?,
/// };
/// assert_eq!(url.href(), "https://example.org/relative");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ParseError {
    /// The parser returned failure; the validation error it reported is given.
    Invalid(ValidationError),
    /// The host parser returned failure: where, and the host parser's cause.
    InvalidHost(HostFailure),
    /// The input has no scheme and there is no base URL (`missing-scheme-non-relative-URL`).
    RelativeUrlWithoutBase,
    /// The input has no scheme and is not a lone fragment, and the base URL has an opaque path
    /// (rust-url's "cannot-be-a-base" URL; `missing-scheme-non-relative-URL`).
    RelativeUrlWithCannotBeABaseBase,
    /// The input, or the serialization it parses to, is longer than `u32::MAX` bytes, the
    /// most a [`Url`](crate::Url) can hold.
    TooLong,
}

impl ParseError {
    /// The validation error that made parsing fail, with its offset, when the error records
    /// one. The two relative-URL variants carry no offset (the failure is at the input's
    /// first byte after leading C0 controls and spaces): [`kind`](Self::kind) names them, and
    /// [`ParseOptions::on_validation_error`](crate::ParseOptions::on_validation_error)
    /// receives them with their offset.
    ///
    /// ```
    /// use weburl_parser::{Url, ValidationErrorKind};
    /// let error = Url::parse("https://example.org:7z").unwrap_err().validation_error().unwrap();
    /// assert_eq!((error.kind(), error.offset()), (ValidationErrorKind::PortInvalid, 21));
    /// assert_eq!(Url::parse("x").unwrap_err().validation_error(), None);
    /// ```
    #[must_use]
    pub const fn validation_error(&self) -> Option<ValidationError> {
        match self {
            ParseError::Invalid(error) => Some(*error),
            ParseError::InvalidHost(failure) => Some(failure.validation_error()),
            ParseError::RelativeUrlWithoutBase
            | ParseError::RelativeUrlWithCannotBeABaseBase
            | ParseError::TooLong => None,
        }
    }

    /// The kind of validation error that made parsing fail (`None` for [`TooLong`](Self::TooLong)).
    ///
    /// ```
    /// use weburl_parser::{Url, ValidationErrorKind};
    /// let kind = Url::parse("x").unwrap_err().kind();
    /// assert_eq!(kind, Some(ValidationErrorKind::MissingSchemeNonRelativeUrl));
    /// ```
    #[must_use]
    pub const fn kind(&self) -> Option<ValidationErrorKind> {
        match self {
            ParseError::Invalid(error) => Some(error.kind()),
            ParseError::InvalidHost(failure) => Some(failure.kind()),
            ParseError::RelativeUrlWithoutBase | ParseError::RelativeUrlWithCannotBeABaseBase => {
                Some(ValidationErrorKind::MissingSchemeNonRelativeUrl)
            }
            ParseError::TooLong => None,
        }
    }

    /// Whether the input was a relative URL with no base URL to resolve it against: none
    /// given, or one with an opaque path (which only takes a fragment). The usual cue to retry
    /// with a base.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert!(Url::parse("a/b").unwrap_err().is_relative_without_base());
    /// assert!(Url::parse("mailto:x")?.join("y").unwrap_err().is_relative_without_base());
    /// assert!(!Url::parse("https://[::1").unwrap_err().is_relative_without_base());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub const fn is_relative_without_base(&self) -> bool {
        matches!(
            self,
            ParseError::RelativeUrlWithoutBase | ParseError::RelativeUrlWithCannotBeABaseBase
        )
    }

    /// The public form of a failure of the basic URL parser run against `base`: a
    /// `missing-scheme-non-relative-URL` failure becomes one of the relative-URL variants.
    pub(crate) fn classify(self, base: Option<&crate::Url>) -> ParseError {
        match self {
            ParseError::Invalid(error)
                if error.kind() == ValidationErrorKind::MissingSchemeNonRelativeUrl =>
            {
                if base.is_some_and(crate::Url::has_opaque_path) {
                    ParseError::RelativeUrlWithCannotBeABaseBase
                } else {
                    ParseError::RelativeUrlWithoutBase
                }
            }
            other => other,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Invalid(error) => write!(f, "invalid URL: {error}"),
            ParseError::InvalidHost(failure) => write!(f, "invalid host: {failure}"),
            ParseError::RelativeUrlWithoutBase => {
                f.write_str("relative URL without a base (missing-scheme-non-relative-URL)")
            }
            ParseError::RelativeUrlWithCannotBeABaseBase => f.write_str(
                "relative URL with a base that has an opaque path (missing-scheme-non-relative-URL)",
            ),
            ParseError::TooLong => {
                f.write_str("input or its serialization longer than 4 GiB (u32::MAX bytes)")
            }
        }
    }
}

/// No `source`: the message already holds the cause, so error reports do not repeat it.
impl core::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in ValidationErrorKind::ALL {
            assert_eq!(ValidationErrorKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(ValidationErrorKind::from_name("nope"), None);
    }

    /// Every error of the host parser has its own variant here: the bridge in `host.rs` never
    /// needs its catch-all.
    #[test]
    fn every_host_error_maps_by_name() {
        for kind in weburl_host::ValidationErrorKind::ALL {
            let ours = ValidationErrorKind::from_name(kind.name());
            assert_eq!(ours.map(ValidationErrorKind::name), Some(kind.name()));
            assert_eq!(ValidationErrorKind::from(kind).name(), kind.name());
        }
    }
}
