//! Validation errors (URL Standard, section 1.1, the table of validation errors) and the
//! [`ParseError`] returned when parsing fails.

use core::fmt;

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
    #[must_use]
    pub const fn new(kind: ValidationErrorKind, offset: usize) -> ValidationError {
        ValidationError { kind, offset }
    }

    /// What went wrong.
    #[must_use]
    pub const fn kind(&self) -> ValidationErrorKind {
        self.kind
    }

    /// The byte offset in the original input (before any trimming or tab removal).
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

/// Why parsing failed.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ParseError {
    /// The parser returned failure; the validation error it reported is given.
    Invalid(ValidationError),
    /// The host parser returned failure; the validation error that caused it is given, at the
    /// offset of the last host error reported (or the host's start).
    InvalidHost(ValidationError),
    /// The input, or the serialization it parses to, is longer than `u32::MAX` bytes, the
    /// most a [`Url`](crate::Url) can hold.
    TooLong,
}

impl ParseError {
    /// The validation error that made parsing fail, when there is one.
    #[must_use]
    pub const fn validation_error(&self) -> Option<ValidationError> {
        match self {
            ParseError::Invalid(error) | ParseError::InvalidHost(error) => Some(*error),
            ParseError::TooLong => None,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Invalid(error) => write!(f, "invalid URL: {error}"),
            ParseError::InvalidHost(error) => write!(f, "invalid host: {error}"),
            ParseError::TooLong => {
                f.write_str("input or its serialization longer than 4 GiB (u32::MAX bytes)")
            }
        }
    }
}

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
