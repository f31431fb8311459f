//! The crate's error type: which ABNF rule failed and at which byte.

use core::fmt;

/// A rule of the RFC 3986 ABNF (Appendix A) that an input failed to match.
///
/// [`Rule::name`] gives the rule's name as the ABNF spells it.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// `absolute-URI` (section 4.3): the input has a fragment.
    AbsoluteUri,
    /// `scheme` (section 3.1): also reported when a `URI` has no scheme, and when the first
    /// segment of a relative reference holds a colon (which a scheme would explain).
    Scheme,
    /// `userinfo` (section 3.2.1).
    Userinfo,
    /// `IP-literal` (section 3.2.2): `"[" ( IPv6address / IPvFuture ) "]"`.
    IpLiteral,
    /// `IPv6address` (section 3.2.2).
    Ipv6Address,
    /// `IPvFuture` (section 3.2.2).
    IpvFuture,
    /// `IPv4address` (section 3.2.2), inside an `IPv6address`.
    Ipv4Address,
    /// `reg-name` (section 3.2.2).
    RegName,
    /// `port` (section 3.2.3).
    Port,
    /// `path-abempty` (section 3.3): the path after an authority.
    PathAbempty,
    /// `path-absolute` (section 3.3).
    PathAbsolute,
    /// `path-noscheme` (section 3.3): the path of a relative reference.
    PathNoscheme,
    /// `path-rootless` (section 3.3).
    PathRootless,
    /// `segment-nz-nc` (section 3.3): a colon in the first segment of a relative path.
    SegmentNzNc,
    /// `query` (section 3.4).
    Query,
    /// `fragment` (section 3.5).
    Fragment,
    /// `pct-encoded` (section 2.1): a `%` not followed by two hex digits.
    PctEncoded,
}

impl Rule {
    /// The rule's name as RFC 3986 Appendix A spells it, e.g. `"IPv6address"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::AbsoluteUri => "absolute-URI",
            Rule::Scheme => "scheme",
            Rule::Userinfo => "userinfo",
            Rule::IpLiteral => "IP-literal",
            Rule::Ipv6Address => "IPv6address",
            Rule::IpvFuture => "IPvFuture",
            Rule::Ipv4Address => "IPv4address",
            Rule::RegName => "reg-name",
            Rule::Port => "port",
            Rule::PathAbempty => "path-abempty",
            Rule::PathAbsolute => "path-absolute",
            Rule::PathNoscheme => "path-noscheme",
            Rule::PathRootless => "path-rootless",
            Rule::SegmentNzNc => "segment-nz-nc",
            Rule::Query => "query",
            Rule::Fragment => "fragment",
            Rule::PctEncoded => "pct-encoded",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of this crate's parsers and of reference resolution.
///
/// ```
/// use weburl_rfc3986::{Error, Rule, UriRef};
///
/// let err = UriRef::parse("http://example.com/a b").unwrap_err();
/// assert_eq!(err, Error::Syntax { rule: Rule::PathAbempty, offset: 20 });
/// assert_eq!(err.to_string(), "invalid path-abempty at byte 20");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// The input does not match `rule`; `offset` is the index of the first byte that cannot
    /// be part of it (the input's length when the input ended too early).
    Syntax {
        /// The rule that failed.
        rule: Rule,
        /// The byte offset in the input of the first offending byte.
        offset: usize,
    },
    /// Reference resolution (section 5.1) was given a base URI that has no scheme.
    BaseNotAbsolute,
}

impl Error {
    /// The rule that failed, for a syntax error.
    #[must_use]
    pub const fn rule(&self) -> Option<Rule> {
        match self {
            Error::Syntax { rule, .. } => Some(*rule),
            Error::BaseNotAbsolute => None,
        }
    }

    /// The byte offset of the first offending byte, for a syntax error.
    #[must_use]
    pub const fn offset(&self) -> Option<usize> {
        match self {
            Error::Syntax { offset, .. } => Some(*offset),
            Error::BaseNotAbsolute => None,
        }
    }

    /// A syntax error of `rule` at `offset`.
    pub(crate) const fn at(rule: Rule, offset: usize) -> Error {
        Error::Syntax { rule, offset }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax { rule, offset } => write!(f, "invalid {rule} at byte {offset}"),
            Error::BaseNotAbsolute => f.write_str("base URI has no scheme"),
        }
    }
}

impl core::error::Error for Error {}
