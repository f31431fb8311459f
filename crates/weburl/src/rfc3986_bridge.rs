//! Bridges between the URL Standard and RFC 3986: an href as a validated RFC 3986 URI, and a
//! report of where the two standards disagree on an input.
//!
//! ```
//! use weburl::Url;
//! use weburl::rfc3986_bridge::{Disagreement, disagreement, to_rfc3986};
//!
//! let url = Url::parse("https://example.org/a/b?q=1")?;
//! assert_eq!(to_rfc3986(&url).map(|uri| uri.path()), Ok("/a/b"));
//!
//! // The URL Standard leaves `|` unencoded in paths; RFC 3986 does not allow it.
//! let url = Url::parse("https://example.org/a|b")?;
//! let err = to_rfc3986(&url).unwrap_err();
//! assert_eq!((err.offset(), err.byte()), (21, Some(b'|')));
//!
//! // A backslash is a path separator for the URL Standard and an error for RFC 3986.
//! assert!(matches!(
//!     disagreement("https:\\\\example.org\\a", None),
//!     Some(Disagreement::WhatwgOnly { .. })
//! ));
//! assert_eq!(disagreement("https://EXAMPLE.org:443/a/../b", None), None);
//! # Ok::<(), weburl::ParseError>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use weburl_parser::{ParseError, Url};
use weburl_rfc3986::{Error as Rfc3986Error, UriRef, UriRefBuf};

/// Why an href is not an RFC 3986 URI: the first byte that the `URI` rule cannot match.
///
/// ```
/// use weburl::rfc3986_bridge::to_rfc3986;
///
/// let url = weburl::Url::parse("https://example.org/?a{b}")?;
/// let err = to_rfc3986(&url).unwrap_err();
/// assert_eq!(err.to_string(), "byte 22 ('{') is not allowed here by RFC 3986 (rule query)");
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NotRfc3986 {
    error: Rfc3986Error,
    offset: usize,
    byte: Option<u8>,
}

impl NotRfc3986 {
    /// The byte offset of the first offending byte in the href (its length when the href ends
    /// where RFC 3986 needs more).
    ///
    /// ```
    /// let url = weburl::Url::parse("https://example.org/a|b")?;
    /// let err = weburl::rfc3986_bridge::to_rfc3986(&url).unwrap_err();
    /// assert_eq!(&url.href()[err.offset()..], "|b");
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The first offending byte, `None` when the href ended too early.
    ///
    /// ```
    /// let url = weburl::Url::parse("https://example.org/a|b")?;
    /// let err = weburl::rfc3986_bridge::to_rfc3986(&url).unwrap_err();
    /// assert_eq!(err.byte(), Some(b'|'));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn byte(&self) -> Option<u8> {
        self.byte
    }

    /// The RFC 3986 error, naming the rule that failed.
    ///
    /// ```
    /// let url = weburl::Url::parse("https://example.org/a|b")?;
    /// let err = weburl::rfc3986_bridge::to_rfc3986(&url).unwrap_err();
    /// assert_eq!(err.error().offset(), Some(err.offset()));
    /// # Ok::<(), weburl::ParseError>(())
    /// ```
    #[must_use]
    pub const fn error(&self) -> Rfc3986Error {
        self.error
    }
}

impl fmt::Display for NotRfc3986 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = self.error.rule().map_or("URI", |rule| rule.name());
        match self.byte {
            // The href is ASCII (the URL serializer percent-encodes everything else).
            Some(byte) if byte.is_ascii_graphic() => write!(
                f,
                "byte {} ('{}') is not allowed here by RFC 3986 (rule {rule})",
                self.offset,
                char::from(byte)
            ),
            Some(byte) => write!(
                f,
                "byte {} (0x{byte:02X}) is not allowed here by RFC 3986 (rule {rule})",
                self.offset
            ),
            None => write!(f, "the href ends where RFC 3986 needs more (rule {rule})"),
        }
    }
}

impl core::error::Error for NotRfc3986 {}

/// The href of `url` as a validated RFC 3986 `URI` (section 3), borrowing from `url`.
///
/// A WHATWG serialization is not always a URI: the URL Standard leaves `|`, `^`, `{`, `}`,
/// `` ` ``, `"` and stray `%` signs unencoded in some components, a space can end an opaque
/// path, and domains may hold code points `reg-name` forbids. The error names the first
/// offending byte.
///
/// # Errors
///
/// [`NotRfc3986`] when the href does not match RFC 3986's `URI` rule.
///
/// ```
/// use weburl::rfc3986_bridge::to_rfc3986;
///
/// let url = weburl::Url::parse("https://user@example.org:8080/p?q#f")?;
/// let uri = to_rfc3986(&url).expect("a URI");
/// assert_eq!((uri.path(), uri.query(), uri.fragment()), ("/p", Some("q"), Some("f")));
/// assert!(to_rfc3986(&weburl::Url::parse("https://example.org/`")?).is_ok());
/// assert!(to_rfc3986(&weburl::Url::parse("https://example.org/?`")?).is_err());
/// # Ok::<(), weburl::ParseError>(())
/// ```
pub fn to_rfc3986(url: &Url) -> Result<UriRef<'_>, NotRfc3986> {
    let href = url.href();
    UriRef::parse_uri(href).map_err(|error| {
        let offset = error.offset().unwrap_or(href.len());
        NotRfc3986 { error, offset, byte: href.as_bytes().get(offset).copied() }
    })
}

/// A component of a URI, for [`Disagreement::Components`].
///
/// ```
/// use weburl::rfc3986_bridge::Component;
///
/// assert_eq!(Component::Userinfo.name(), "userinfo");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// The scheme.
    Scheme,
    /// The userinfo (WHATWG username and password).
    Userinfo,
    /// The host.
    Host,
    /// The port.
    Port,
    /// The path.
    Path,
    /// The query.
    Query,
    /// The fragment.
    Fragment,
}

impl Component {
    /// The component's name in RFC 3986.
    ///
    /// ```
    /// use weburl::rfc3986_bridge::Component;
    ///
    /// assert_eq!(Component::Query.name(), "query");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

/// How the URL Standard and RFC 3986 disagree on an input; see [`disagreement`].
///
/// ```
/// use weburl::rfc3986_bridge::{Disagreement, disagreement};
///
/// // RFC 3986 rejects the `|` of the input; the URL Standard keeps it.
/// let Some(Disagreement::WhatwgOnly { href, .. }) = disagreement("https://h/a|b", None) else {
///     panic!("expected WhatwgOnly");
/// };
/// assert_eq!(href, "https://h/a|b");
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement {
    /// The URL Standard parses the input; RFC 3986 rejects it (or cannot resolve it).
    WhatwgOnly {
        /// The WHATWG href.
        href: String,
        /// Why RFC 3986 rejects the input (or the base).
        error: Rfc3986Error,
    },
    /// RFC 3986 accepts and resolves the input; the URL Standard fails to parse it.
    Rfc3986Only {
        /// The resolved RFC 3986 URI.
        uri: String,
        /// Why the URL Standard fails (on the base, when the base is what fails).
        error: ParseError,
    },
    /// Both accept the input, but the WHATWG href is not an RFC 3986 URI.
    HrefNotUri {
        /// The WHATWG href.
        href: String,
        /// Where the href breaks RFC 3986.
        error: NotRfc3986,
    },
    /// Both accept the input, and after RFC 3986 normalization (section 6.2.2 and the
    /// scheme-based normalization of 6.2.3) of both results these components still differ.
    Components {
        /// The WHATWG href.
        href: String,
        /// The resolved RFC 3986 URI.
        uri: String,
        /// The components that differ, in URI order.
        differences: Vec<Component>,
    },
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Disagreement::WhatwgOnly { href, error } => {
                write!(f, "the URL Standard parses it (as {href}) but RFC 3986 does not ({error})")
            }
            Disagreement::Rfc3986Only { uri, error } => {
                write!(f, "RFC 3986 accepts it (as {uri}) but the URL Standard does not ({error})")
            }
            Disagreement::HrefNotUri { href, error } => {
                write!(f, "both accept it, but the href {href} is not an RFC 3986 URI: {error}")
            }
            Disagreement::Components { href, uri, differences } => {
                f.write_str("the results differ in ")?;
                for (i, component) in differences.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(component.name())?;
                }
                write!(f, ": URL Standard {href}, RFC 3986 {uri}")
            }
        }
    }
}

/// Whether the URL Standard and RFC 3986 disagree on `input` (resolved against `base` when
/// given): `None` when they agree.
///
/// They agree when both reject the input, or when both accept it and the WHATWG href and the
/// resolved RFC 3986 URI have the same components after RFC 3986 normalization. On the RFC
/// 3986 side, without a base the input must be a `URI`; with one, `base` must be a `URI` and
/// the input a `URI-reference`, resolved by section 5.2.
///
/// ```
/// use weburl::rfc3986_bridge::{Component, Disagreement, disagreement};
///
/// // Relative resolution agrees.
/// assert_eq!(disagreement("../c?d", Some("http://a/b/c/d;p?q")), None);
/// // A special scheme without "//": the URL Standard adds the authority, RFC 3986 does not.
/// match disagreement("http:/example.org/x", None) {
///     Some(Disagreement::Components { differences, .. }) => {
///         assert!(differences.contains(&Component::Host));
///     }
///     other => panic!("{other:?}"),
/// }
/// // Both reject it: they agree.
/// assert_eq!(disagreement("http://[::1", None), None);
/// ```
#[must_use]
pub fn disagreement(input: &str, base: Option<&str>) -> Option<Disagreement> {
    let whatwg = whatwg_side(input, base);
    let rfc = rfc3986_side(input, base);
    match (whatwg, rfc) {
        (Err(_), Err(_)) => None,
        (Ok(url), Err(error)) => Some(Disagreement::WhatwgOnly { href: url.into_string(), error }),
        (Err(error), Ok(uri)) => Some(Disagreement::Rfc3986Only { uri: uri.into_string(), error }),
        (Ok(url), Ok(uri)) => {
            let href_uri = match to_rfc3986(&url) {
                Ok(href_uri) => href_uri.normalized(),
                Err(error) => {
                    return Some(Disagreement::HrefNotUri { href: url.into_string(), error });
                }
            };
            let uri_norm = uri.normalized();
            let (a, b) = (href_uri.as_uri_ref(), uri_norm.as_uri_ref());
            let mut differences = Vec::new();
            let pairs = [
                (Component::Scheme, a.scheme() != b.scheme()),
                (Component::Userinfo, a.userinfo() != b.userinfo()),
                (Component::Host, a.host() != b.host()),
                (Component::Port, a.port() != b.port()),
                (Component::Path, a.path() != b.path()),
                (Component::Query, a.query() != b.query()),
                (Component::Fragment, a.fragment() != b.fragment()),
            ];
            for (component, differs) in pairs {
                if differs {
                    differences.push(component);
                }
            }
            (!differences.is_empty()).then(|| Disagreement::Components {
                href: url.into_string(),
                uri: uri.into_string(),
                differences,
            })
        }
    }
}

/// The URL Standard's result: the API URL parser, with `base` parsed first.
fn whatwg_side(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
    match base {
        None => Url::parse(input),
        Some(base) => {
            // A base that fails fails the whole parse (the URL constructor throws).
            Url::parse(base)?.join(input)
        }
    }
}

/// RFC 3986's result: the input as a `URI`, or resolved against the base `URI`.
fn rfc3986_side(input: &str, base: Option<&str>) -> Result<UriRefBuf, Rfc3986Error> {
    match base {
        None => Ok(UriRef::parse_uri(input)?.to_buf()),
        Some(base) => {
            let base = UriRef::parse_uri(base)?;
            base.resolve(&UriRef::parse(input)?)
        }
    }
}
