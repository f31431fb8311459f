//! The [`Host`] type (URL Standard, section 3.1), its parser entry points and host equality
//! (section 3.7).

use alloc::string::String;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::error::{HostError, Sink, ValidationErrorKind};
use crate::parse::{HostKind, Parsed, host_parse};

/// A host: a domain, an IP address, an opaque host or the empty host.
///
/// Equality is the spec's host equality (section 3.7): two hosts are equal when they are the
/// same kind with the same value. `example.com` and `example.com.` are different domains.
///
/// ```
/// use weburl_host::Host;
/// use core::net::Ipv4Addr;
///
/// assert_eq!(Host::parse("EXAMPLE.com", false)?, Host::Domain("example.com".into()));
/// assert_eq!(Host::parse("0x7f.1", false)?, Host::Ipv4(Ipv4Addr::new(127, 0, 0, 1)));
/// assert_eq!(Host::parse("[0:0::1]", false)?.to_string(), "[::1]");
/// assert_eq!(Host::parse("EXAMPLE.com", true)?, Host::Opaque("EXAMPLE.com".into()));
/// assert!(Host::parse("09", false).is_err());
/// # Ok::<(), weburl_host::HostError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// A domain: a non-empty ASCII string, as the host parser returns it (lowercase, IDNA
    /// labels in their `xn--` form).
    Domain(String),
    /// An IPv4 address.
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host: a non-empty ASCII string (percent-encoded) of a non-special URL.
    Opaque(String),
    /// The empty host.
    Empty,
}

impl Host {
    /// The host parser (section 3.5): parses `input` as the host of a special URL
    /// (`is_opaque` false) or of a non-special one (`is_opaque` true).
    ///
    /// ```
    /// use weburl_host::Host;
    /// use std::net::Ipv6Addr;
    ///
    /// assert_eq!(Host::parse("EXAMPLE.org", false)?, Host::Domain("example.org".into()));
    /// assert_eq!(Host::parse("[::1]", true)?, Host::Ipv6(Ipv6Addr::LOCALHOST));
    /// assert_eq!(Host::parse("", true)?, Host::Empty);
    /// assert!(Host::parse("a b", false).is_err());
    /// # Ok::<(), weburl_host::HostError>(())
    /// ```
    #[doc(alias = "parse_opaque")]
    pub fn parse(input: &str, is_opaque: bool) -> Result<Host, HostError> {
        Host::parse_inner(input, is_opaque, &mut Sink::new(None))
    }

    /// [`Host::parse`], reporting each validation error and its byte offset in `input` to
    /// `sink`.
    ///
    /// ```
    /// use weburl_host::{Host, ValidationErrorKind};
    /// let mut errors = Vec::new();
    /// let host = Host::parse_with_errors("[::01]", false, &mut |kind, at| errors.push((kind, at)))?;
    /// assert_eq!(host.to_string(), "[::1]");
    /// assert_eq!(errors, [(ValidationErrorKind::Ipv6PieceLeadingZero, 3)]);
    /// # Ok::<(), weburl_host::HostError>(())
    /// ```
    pub fn parse_with_errors(
        input: &str,
        is_opaque: bool,
        sink: &mut dyn FnMut(ValidationErrorKind, usize),
    ) -> Result<Host, HostError> {
        Host::parse_inner(input, is_opaque, &mut Sink::new(Some(sink)))
    }

    fn parse_inner(input: &str, is_opaque: bool, sink: &mut Sink<'_>) -> Result<Host, HostError> {
        let mut text = String::new();
        Ok(match host_parse(input, is_opaque, &mut text, sink)? {
            Parsed::Text(HostKind::Opaque) => Host::Opaque(text),
            Parsed::Text(HostKind::Empty) => Host::Empty,
            Parsed::Text(_) => Host::Domain(text),
            Parsed::Ipv4(address) => Host::Ipv4(Ipv4Addr::from(address)),
            Parsed::Ipv6(pieces) => Host::Ipv6(Ipv6Addr::from(pieces)),
        })
    }

    /// Which kind of host this is.
    ///
    /// ```
    /// use weburl_host::{Host, HostKind};
    ///
    /// assert_eq!(Host::parse("1.2.3.4", false)?.kind(), HostKind::Ipv4);
    /// assert_eq!(Host::parse("Mixed.Case", true)?.kind(), HostKind::Opaque);
    /// # Ok::<(), weburl_host::HostError>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> HostKind {
        match self {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }

    /// The domain, when this host is one.
    ///
    /// ```
    /// use weburl_host::Host;
    ///
    /// assert_eq!(Host::parse("Example.COM", false)?.as_domain(), Some("example.com"));
    /// assert_eq!(Host::parse("127.1", false)?.as_domain(), None);
    /// # Ok::<(), weburl_host::HostError>(())
    /// ```
    #[must_use]
    pub fn as_domain(&self) -> Option<&str> {
        match self {
            Host::Domain(domain) => Some(domain),
            _ => None,
        }
    }
}
