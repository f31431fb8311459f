//! Conversions between [`Url`] and [`http::Uri`] (feature `http`).
//!
//! An `http::Uri` is an RFC 3986 URI as HTTP uses it: a request target. A conversion re-parses
//! the serialization with the other library and compares the two serializations; it succeeds
//! exactly when both agree, and otherwise returns a [`UriConversionError`] that says why. It
//! never panics. The rules, decided here:
//!
//! - **Fragments.** An `http::Uri` has no fragment (its parser drops one). Converting a [`Url`]
//!   that has a fragment (even an empty one, `#`) is refused with
//!   [`UriConversionError::HasFragment`] rather than silently losing it. To build a request
//!   target, use [`to_request_uri`], which leaves the fragment out as HTTP clients do.
//! - **Credentials.** An `http::Uri` authority can carry userinfo, but HTTP forbids sending it
//!   in a target URI (RFC 9110, section 4.2.4), and a URI is often logged. Converting a [`Url`]
//!   with a username or password is refused with [`UriConversionError::HasCredentials`];
//!   [`to_request_uri`] leaves them out (send them in an `Authorization` header instead).
//!   In the other direction, credentials in an `http::Uri` are kept: they become the URL's
//!   username and password.
//! - **Only absolute URIs with an authority.** An `http::Uri` holds a scheme only together
//!   with an authority (`scheme://host`), so URLs without a host (`mailto:`, `data:`, `file:`
//!   with an empty host, which the `http` crate rejects) cannot be converted; in the other
//!   direction the origin form (`/path`), the authority form (`host:port`) and `*` have no
//!   scheme and are not URLs.
//! - **Strict comparison.** The two libraries normalize differently (weburl lowercases the
//!   host, drops a default port, percent-encodes non-ASCII and adds `/` to an empty special
//!   path; `http::Uri` keeps what it was given), so `http://EXAMPLE.com:80/` converts to a
//!   [`Url`] only through `Url::parse(&uri.to_string())`, which normalizes, and not through
//!   `TryFrom`, which reports [`UriConversionError::SerializedDifferently`].
//!
//! The impls live in this crate rather than in the facade because of Rust's orphan rule; the
//! facade's `http` feature turns them on and re-exports this module as `weburl::http_interop`.

use alloc::string::{String, ToString};
use core::fmt;

use crate::{ParseError, Url};

/// Why a URL could not be converted between [`Url`] and [`http::Uri`].
///
/// ```
/// use weburl_parser::{Url, http_interop::UriConversionError};
///
/// let url = Url::parse("https://user@example.org/a#top")?;
/// assert!(matches!(http::Uri::try_from(&url), Err(UriConversionError::HasFragment { .. })));
/// let mut url = url;
/// url.set_hash("");
/// assert!(matches!(http::Uri::try_from(&url), Err(UriConversionError::HasCredentials { .. })));
/// url.set_username("");
/// assert_eq!(http::Uri::try_from(&url)?, "https://example.org/a");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum UriConversionError {
    /// The URL has a fragment, which an `http::Uri` cannot hold.
    HasFragment {
        /// The URL's href.
        href: String,
    },
    /// The URL has a username or password, which this conversion refuses to put in an
    /// `http::Uri` (see the [module docs](self)).
    HasCredentials {
        /// The URL's href.
        href: String,
    },
    /// The URL has no host, and an `http::Uri` holds a scheme only with an authority; or the
    /// `http::Uri` has no scheme (origin form, authority form or `*`), so it is not a URL.
    NotAbsoluteWithAuthority {
        /// The href or URI in question.
        href: String,
    },
    /// The `http` crate rejects weburl's href.
    RejectedByHttp {
        /// weburl's href, as given to the `http` crate.
        href: String,
        /// The `http` crate's error.
        error: http::uri::InvalidUri,
    },
    /// weburl's parser rejects the URI's serialization.
    RejectedByWeburl {
        /// The URI's serialization, as given to [`Url::parse`].
        href: String,
        /// weburl's error.
        error: ParseError,
    },
    /// Both libraries parse the string but serialize it differently.
    SerializedDifferently {
        /// weburl's href.
        weburl: String,
        /// The `http::Uri`'s serialization.
        http: String,
    },
}

impl fmt::Display for UriConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UriConversionError::HasFragment { href } => {
                write!(f, "{href:?} has a fragment, which an http::Uri cannot hold")
            }
            UriConversionError::HasCredentials { href } => {
                write!(f, "{href:?} has credentials, which are not put in an http::Uri")
            }
            UriConversionError::NotAbsoluteWithAuthority { href } => {
                write!(f, "{href:?} is not an absolute URL with an authority (scheme://host)")
            }
            UriConversionError::RejectedByHttp { href, error } => {
                write!(f, "the http crate rejects {href:?}: {error}")
            }
            UriConversionError::RejectedByWeburl { href, error } => {
                write!(f, "weburl rejects the http::Uri {href:?}: {error}")
            }
            UriConversionError::SerializedDifferently { weburl, http } => {
                write!(f, "weburl serializes the URL as {weburl:?}, http::Uri as {http:?}")
            }
        }
    }
}

impl core::error::Error for UriConversionError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            UriConversionError::RejectedByHttp { error, .. } => Some(error),
            UriConversionError::RejectedByWeburl { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// The URL as an `http::Uri`, when the `http` crate reads the href back unchanged.
fn to_uri(url: &Url) -> Result<http::Uri, UriConversionError> {
    let href = url.href();
    if url.fragment().is_some() {
        return Err(UriConversionError::HasFragment { href: href.into() });
    }
    if url.has_credentials() {
        return Err(UriConversionError::HasCredentials { href: href.into() });
    }
    if !url.has_authority() {
        return Err(UriConversionError::NotAbsoluteWithAuthority { href: href.into() });
    }
    let uri = match http::Uri::try_from(href) {
        Ok(uri) => uri,
        Err(error) => return Err(UriConversionError::RejectedByHttp { href: href.into(), error }),
    };
    let serialized = uri.to_string();
    if serialized != href {
        return Err(UriConversionError::SerializedDifferently {
            weburl: href.into(),
            http: serialized,
        });
    }
    // The same text could in theory be read with another structure; check the scheme too.
    if uri.scheme_str() != Some(url.scheme()) {
        return Err(UriConversionError::NotAbsoluteWithAuthority { href: href.into() });
    }
    Ok(uri)
}

/// The `http::Uri` as a URL, when weburl parses its serialization to the same href.
fn from_uri(uri: &http::Uri) -> Result<Url, UriConversionError> {
    let serialized = uri.to_string();
    if uri.scheme().is_none() || uri.authority().is_none() {
        return Err(UriConversionError::NotAbsoluteWithAuthority { href: serialized });
    }
    match Url::parse(&serialized) {
        Ok(url) if url.href() == serialized => Ok(url),
        Ok(url) => Err(UriConversionError::SerializedDifferently {
            weburl: url.into_string(),
            http: serialized,
        }),
        Err(error) => Err(UriConversionError::RejectedByWeburl { href: serialized, error }),
    }
}

/// The URL as an HTTP request target: the URL without its fragment and credentials, as an
/// `http::Uri` (see the [module docs](self) for why `TryFrom` refuses both instead).
///
/// Fails as `TryFrom` does otherwise: a URL without a host, an href the `http` crate rejects
/// (such as a `file:` URL's empty host), or one it serializes differently.
///
/// ```
/// use weburl_parser::{Url, http_interop::to_request_uri};
///
/// let url = Url::parse("https://user:secret@example.org/search?q=1#results")?;
/// let uri = to_request_uri(&url)?;
/// assert_eq!(uri, "https://example.org/search?q=1");
/// assert_eq!(uri.path_and_query().map(|p| p.as_str()), Some("/search?q=1"));
/// assert!(to_request_uri(&Url::parse("mailto:someone@example.org")?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_request_uri(url: &Url) -> Result<http::Uri, UriConversionError> {
    if url.fragment().is_none() && !url.has_credentials() {
        return to_uri(url);
    }
    let mut target = url.clone();
    target.set_hash("");
    target.set_username("");
    target.set_password("");
    to_uri(&target)
}

impl TryFrom<&Url> for http::Uri {
    type Error = UriConversionError;

    /// Parses the href with the `http` crate; fails on a fragment, credentials, a URL without
    /// a host, or when the `http` crate rejects the href or serializes it differently.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://example.org:8443/a?b")?;
    /// let uri = http::Uri::try_from(&url)?;
    /// assert_eq!(uri.port_u16(), Some(8443));
    /// assert_eq!(uri.to_string(), url.href());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(url: &Url) -> Result<http::Uri, UriConversionError> {
        to_uri(url)
    }
}

impl TryFrom<Url> for http::Uri {
    type Error = UriConversionError;

    /// As the conversion from `&Url`.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("http://example.org/")?;
    /// let uri: http::Uri = url.try_into()?;
    /// assert_eq!(uri.host(), Some("example.org"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(url: Url) -> Result<http::Uri, UriConversionError> {
        to_uri(&url)
    }
}

impl TryFrom<&http::Uri> for Url {
    type Error = UriConversionError;

    /// Parses the URI's serialization with weburl; fails on a URI without a scheme, or when
    /// weburl rejects it or serializes it differently. Credentials are kept.
    ///
    /// ```
    /// let uri: http::Uri = "https://user@example.org/a?b".parse()?;
    /// let url = weburl_parser::Url::try_from(&uri)?;
    /// assert_eq!(url.username(), "user");
    /// let origin_form: http::Uri = "/a?b".parse()?;
    /// assert!(weburl_parser::Url::try_from(&origin_form).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: &http::Uri) -> Result<Url, UriConversionError> {
        from_uri(uri)
    }
}

impl TryFrom<http::Uri> for Url {
    type Error = UriConversionError;

    /// As the conversion from `&http::Uri`.
    ///
    /// ```
    /// let uri: http::Uri = "http://example.org/".parse()?;
    /// let url: weburl_parser::Url = uri.try_into()?;
    /// assert_eq!(url.href(), "http://example.org/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(uri: http::Uri) -> Result<Url, UriConversionError> {
        from_uri(&uri)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(s: &str) -> http::Uri {
        s.parse().unwrap()
    }

    #[test]
    fn decisions() {
        let url = Url::parse("http://u:p@h/#f").unwrap();
        assert!(matches!(to_uri(&url), Err(UriConversionError::HasFragment { .. })));
        assert_eq!(to_request_uri(&url).unwrap(), "http://h/");
        let url = Url::parse("http://u:p@h/").unwrap();
        assert!(matches!(to_uri(&url), Err(UriConversionError::HasCredentials { .. })));
        assert_eq!(from_uri(&uri("http://u:p@h/")).unwrap(), url, "credentials are kept");
        let url = Url::parse("http://h/#").unwrap();
        assert!(matches!(to_uri(&url), Err(UriConversionError::HasFragment { .. })));
    }

    #[test]
    fn not_absolute() {
        for s in ["/a?b", "example.com:80", "*"] {
            let err = from_uri(&uri(s)).unwrap_err();
            assert!(matches!(err, UriConversionError::NotAbsoluteWithAuthority { .. }), "{s}");
        }
        // `mailto:a@b` reads as an authority form in the http crate: never a URL with a host.
        for s in ["mailto:a@b", "data:,x"] {
            let err = to_uri(&Url::parse(s).unwrap()).unwrap_err();
            assert!(matches!(err, UriConversionError::NotAbsoluteWithAuthority { .. }), "{s}");
        }
    }

    #[test]
    fn disagreements() {
        let err = from_uri(&uri("http://EXAMPLE.com:80/")).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"weburl serializes the URL as "http://example.com/", http::Uri as "http://EXAMPLE.com:80/""#
        );
        // weburl keeps `sc://h` without a path; the http crate adds `/`.
        let err = to_uri(&Url::parse("sc://h").unwrap()).unwrap_err();
        assert!(matches!(err, UriConversionError::SerializedDifferently { .. }));
        let err = to_uri(&Url::parse("file:///etc").unwrap()).unwrap_err();
        assert!(matches!(err, UriConversionError::RejectedByHttp { .. }), "{err}");
        assert!(core::error::Error::source(&err).is_some());
        let err = from_uri(&uri("http://h/\u{e9}")).unwrap_err();
        assert!(matches!(err, UriConversionError::SerializedDifferently { .. }), "{err}");
    }
}
