//! Typed and rust-url-style access to a URL's host and authority: [`HostRef`],
//! [`Url::host_ref`], [`Url::host_str`], [`Url::domain`], [`Url::has_host`],
//! [`Url::has_authority`], [`Url::authority`] and (feature `std`) [`Url::socket_addrs`].
//!
//! The standard's `host` getter keeps its name ([`Url::host`] is `host:port` as a string), so
//! the typed host is [`Url::host_ref`]. rust-url files an opaque host as a domain and has no
//! empty host (`file:///x` has none); here both are their own kinds, and the string getters
//! follow rust-url: [`Url::host_str`] is `None` for the empty host.

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::Url;
use crate::host::HostKind;

/// A URL's host, borrowed from the URL: what [`Url::host_ref`] returns.
///
/// Unlike rust-url's `Host<&str>`, opaque hosts (of non-special URLs) are not domains and the
/// empty host is a kind of its own; [`Display`](fmt::Display) writes the host serializer's
/// output (IPv6 addresses in brackets).
///
/// ```
/// use std::net::Ipv4Addr;
/// use weburl_parser::{HostRef, Url};
///
/// assert_eq!(Url::parse("https://EXAMPLE.org/")?.host_ref(), Some(HostRef::Domain("example.org")));
/// assert_eq!(Url::parse("http://0x7f.1/")?.host_ref(), Some(HostRef::Ipv4(Ipv4Addr::new(127, 0, 0, 1))));
/// assert_eq!(Url::parse("sc://EXAMPLE.org/")?.host_ref(), Some(HostRef::Opaque("EXAMPLE.org")));
/// assert_eq!(Url::parse("file:///tmp")?.host_ref(), Some(HostRef::Empty));
/// assert_eq!(Url::parse("data:,x")?.host_ref(), None);
/// assert_eq!(Url::parse("http://[::1]/")?.host_ref().unwrap().to_string(), "[::1]");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[doc(alias = "Host")]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HostRef<'a> {
    /// A domain (special URLs): lowercase ASCII, IDNA labels in their `xn--` form.
    Domain(&'a str),
    /// An IPv4 address (special URLs).
    Ipv4(Ipv4Addr),
    /// An IPv6 address.
    Ipv6(Ipv6Addr),
    /// An opaque host (non-special URLs): ASCII, possibly percent-encoded, case kept.
    Opaque(&'a str),
    /// The empty host, e.g. of `file:///tmp` or `sc:///x`.
    Empty,
}

impl HostRef<'_> {
    /// An owned copy, as `weburl_host`'s [`Host`](weburl_host::Host) (rust-url's
    /// `Host<&str>::to_owned`).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let url = Url::parse("https://example.org/")?;
    /// let host = url.host_ref().unwrap().to_owned();
    /// assert_eq!(host, weburl_host::Host::Domain("example.org".into()));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    #[allow(clippy::should_implement_trait)]
    pub fn to_owned(&self) -> weburl_host::Host {
        match *self {
            HostRef::Domain(domain) => weburl_host::Host::Domain(domain.into()),
            HostRef::Ipv4(address) => weburl_host::Host::Ipv4(address),
            HostRef::Ipv6(address) => weburl_host::Host::Ipv6(address),
            HostRef::Opaque(host) => weburl_host::Host::Opaque(host.into()),
            HostRef::Empty => weburl_host::Host::Empty,
        }
    }
}

impl From<HostRef<'_>> for weburl_host::Host {
    fn from(host: HostRef<'_>) -> weburl_host::Host {
        host.to_owned()
    }
}

/// The host serializer, padded and truncated by the format's width and precision as a `str`
/// is (as rust-url's `Host` is).
impl fmt::Display for HostRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HostRef::Domain(text) | HostRef::Opaque(text) => f.pad(text),
            HostRef::Ipv4(address) => fmt::Display::fmt(&weburl_host::Host::Ipv4(*address), f),
            // The host serializer's compression, not core's dotted IPv4-mapped form.
            HostRef::Ipv6(address) => fmt::Display::fmt(&weburl_host::Host::Ipv6(*address), f),
            HostRef::Empty => f.pad(""),
        }
    }
}

impl Url {
    /// The host, typed (rust-url's `host()`; [`host`](Self::host) is the standard's getter,
    /// a string with the port). `None` when the host is null.
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use weburl_parser::{HostRef, Url};
    /// let url = Url::parse("https://[::1]:8443/")?;
    /// assert_eq!(url.host_ref(), Some(HostRef::Ipv6(Ipv6Addr::LOCALHOST)));
    /// assert_eq!(url.host(), "[::1]:8443");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[doc(alias = "host")]
    #[must_use]
    pub fn host_ref(&self) -> Option<HostRef<'_>> {
        let text = self.hostname();
        Some(match self.host_kind? {
            HostKind::Domain => HostRef::Domain(text),
            HostKind::Opaque => HostRef::Opaque(text),
            HostKind::Empty => HostRef::Empty,
            // The serializer wrote these addresses: they always parse back; a record that
            // says otherwise is reported as the text it holds.
            HostKind::Ipv4 => text.parse().map_or(HostRef::Opaque(text), HostRef::Ipv4),
            HostKind::Ipv6 => text
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .and_then(|t| t.parse().ok())
                .map_or(HostRef::Opaque(text), HostRef::Ipv6),
        })
    }

    /// The serialized host (IPv6 addresses in brackets), or `None` when the host is null or
    /// empty, as rust-url's `host_str` (which has no empty host). [`hostname`](Self::hostname)
    /// is the standard's getter (`""` for both).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert_eq!(Url::parse("https://user@EXAMPLE.org:8443/")?.host_str(), Some("example.org"));
    /// assert_eq!(Url::parse("http://[::1]/")?.host_str(), Some("[::1]"));
    /// assert_eq!(Url::parse("file:///tmp")?.host_str(), None);
    /// assert_eq!(Url::parse("mailto:a@example.org")?.host_str(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn host_str(&self) -> Option<&str> {
        match self.host_kind? {
            HostKind::Empty => None,
            _ => Some(self.hostname()),
        }
    }

    /// The host when it is a domain or an opaque host (rust-url's `domain`, which calls both
    /// domains): `None` for IP addresses and for null and empty hosts.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert_eq!(Url::parse("https://example.org/")?.domain(), Some("example.org"));
    /// assert_eq!(Url::parse("sc://opaque.example/")?.domain(), Some("opaque.example"));
    /// assert_eq!(Url::parse("https://127.0.0.1/")?.domain(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn domain(&self) -> Option<&str> {
        match self.host_kind? {
            HostKind::Domain | HostKind::Opaque => Some(self.hostname()),
            HostKind::Ipv4 | HostKind::Ipv6 | HostKind::Empty => None,
        }
    }

    /// Whether the URL has a non-empty host, i.e. [`host_str`](Self::host_str) is `Some`
    /// (rust-url's `has_host`). See [`host_kind`](Self::host_kind) for the empty host.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert!(Url::parse("https://example.org/")?.has_host());
    /// assert!(!Url::parse("file:///tmp")?.has_host());
    /// assert!(!Url::parse("sc:/path")?.has_host());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn has_host(&self) -> bool {
        self.host_str().is_some()
    }

    /// Whether the serialization has an authority (`//` after the scheme), that is, whether
    /// the host is non-null, even empty (rust-url's `has_authority`).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert!(Url::parse("file:///tmp")?.has_authority());
    /// assert!(!Url::parse("mailto:a@example.org")?.has_authority());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn has_authority(&self) -> bool {
        self.host_kind.is_some()
    }

    /// The authority: credentials, host and port as serialized (`user:pass@host:8080`), empty
    /// when there is none (rust-url's `authority`).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let url = Url::parse("https://user:pass@example.org:8443/a")?;
    /// assert_eq!(url.authority(), "user:pass@example.org:8443");
    /// assert_eq!(Url::parse("https://example.org:443/")?.authority(), "example.org");
    /// assert_eq!(Url::parse("file:///tmp")?.authority(), "");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn authority(&self) -> &str {
        if self.host_kind.is_some() {
            self.serialization
                .get(self.scheme_end as usize + 3..self.path_start as usize)
                .unwrap_or("")
        } else {
            ""
        }
    }

    /// Resolves the host to socket addresses (rust-url's `socket_addrs`, feature `std`): the
    /// port is the URL's, else the scheme's default, else `default_port_number()`. IP
    /// addresses need no lookup; domains and opaque hosts are resolved with the system
    /// resolver ([`std::net::ToSocketAddrs`]).
    ///
    /// # Errors
    ///
    /// [`std::io::ErrorKind::InvalidInput`] when the host is null or empty or there is no
    /// port; the resolver's error when the lookup fails.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let url = Url::parse("https://127.0.0.1/")?;
    /// assert_eq!(url.socket_addrs(|| None)?, ["127.0.0.1:443".parse()?]);
    /// let url = Url::parse("sc://[::1]/")?;
    /// assert_eq!(url.socket_addrs(|| Some(9000))?, ["[::1]:9000".parse()?]);
    /// assert!(Url::parse("sc://[::1]/")?.socket_addrs(|| None).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn socket_addrs(
        &self,
        default_port_number: impl Fn() -> Option<u16>,
    ) -> std::io::Result<alloc::vec::Vec<std::net::SocketAddr>> {
        use std::io::{Error, ErrorKind};
        use std::net::{SocketAddr, ToSocketAddrs};

        let host = self.host_ref().filter(|h| *h != HostRef::Empty);
        let Some(host) = host else {
            return Err(Error::new(ErrorKind::InvalidInput, "the URL has no host"));
        };
        let Some(port) = self.port_or_known_default().or_else(default_port_number) else {
            return Err(Error::new(ErrorKind::InvalidInput, "the URL has no port number"));
        };
        match host {
            HostRef::Ipv4(address) => Ok(alloc::vec![SocketAddr::from((address, port))]),
            HostRef::Ipv6(address) => Ok(alloc::vec![SocketAddr::from((address, port))]),
            HostRef::Domain(name) | HostRef::Opaque(name) => {
                Ok((name, port).to_socket_addrs()?.collect())
            }
            HostRef::Empty => Err(Error::new(ErrorKind::InvalidInput, "the URL has no host")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn every_kind() {
        let url = Url::parse("sc://u:p@[::1]:9/").unwrap();
        assert_eq!(url.host_ref(), Some(HostRef::Ipv6(Ipv6Addr::LOCALHOST)));
        assert_eq!(
            (url.host_str(), url.domain(), url.authority()),
            (Some("[::1]"), None, "u:p@[::1]:9")
        );
        let url = Url::parse("sc:///x").unwrap();
        assert_eq!(
            (url.host_ref(), url.host_str(), url.has_host()),
            (Some(HostRef::Empty), None, false)
        );
        assert!(url.has_authority());
        assert_eq!(url.authority(), "");
        let url = Url::parse("sc:/x").unwrap();
        assert_eq!((url.host_ref(), url.has_authority(), url.authority()), (None, false, ""));
        let url = Url::parse("http://[::ffff:1.2.3.4]/").unwrap();
        assert_eq!(url.host_ref().unwrap().to_string(), "[::ffff:102:304]");
        assert_eq!(HostRef::Empty.to_string(), "");
        assert_eq!(
            weburl_host::Host::from(HostRef::Opaque("x")),
            weburl_host::Host::Opaque("x".into())
        );
    }

    #[cfg(feature = "std")]
    #[test]
    fn socket_addrs_without_host_or_port() {
        for href in ["file:///x", "sc:/x", "mailto:x", "sc://h/"] {
            let err = Url::parse(href).unwrap().socket_addrs(|| None).unwrap_err();
            assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput, "{href}");
        }
    }
}
