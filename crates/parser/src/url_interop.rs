//! Conversions between [`Url`] and rust-url's [`url::Url`] (feature `url`).
//!
//! Both libraries implement the WHATWG URL Standard, but rust-url follows an older revision
//! and differs on some inputs (IDNA details, IPv4 in opaque hosts, Windows drive letters, ...).
//! A conversion therefore re-parses the href with the other library and compares the two
//! serializations: it succeeds exactly when both libraries agree on the URL, and otherwise
//! returns a [`UrlConversionError`] that says which library rejected which href, or gives both
//! serializations. It never panics.
//!
//! The impls live in this crate rather than in the facade because of Rust's orphan rule (a
//! `TryFrom` between two foreign types cannot be written in a third crate); the facade's `url`
//! feature turns them on and re-exports this module as `weburl::url_interop`.

use alloc::string::String;
use core::fmt;

use crate::{ParseError, Url};

/// Why a URL could not be converted between [`Url`] and [`url::Url`].
///
/// ```
/// use weburl_parser::{Url, url_interop::UrlConversionError};
///
/// // Where both agree, both directions succeed.
/// let theirs = url::Url::parse("http://example.com/a b")?;
/// assert_eq!(Url::try_from(&theirs)?.href(), "http://example.com/a%20b");
///
/// // rust-url 2.5 rejects this host (an IDNA check of an older revision); weburl accepts it.
/// let ours = Url::parse("http://a.b.c.XN--pokxncvks")?;
/// let Err(UrlConversionError::RejectedByUrl { href, .. }) = url::Url::try_from(&ours) else {
///     panic!("rust-url accepts {ours}");
/// };
/// assert_eq!(href, "http://a.b.c.xn--pokxncvks/");
///
/// // rust-url keeps a `|` as a Windows drive letter's `:`; the current standard writes `:`.
/// let theirs = url::Url::parse("file:///w|/m")?;
/// assert_eq!(
///     Url::try_from(&theirs),
///     Err(UrlConversionError::SerializedDifferently {
///         weburl: "file:///w:/m".into(),
///         url: "file:///w|/m".into(),
///     })
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlConversionError {
    /// rust-url's parser rejects weburl's href.
    RejectedByUrl {
        /// weburl's href, as given to `url::Url::parse`.
        href: String,
        /// rust-url's error.
        error: url::ParseError,
    },
    /// weburl's parser rejects rust-url's serialization.
    RejectedByWeburl {
        /// rust-url's serialization, as given to [`Url::parse`].
        href: String,
        /// weburl's error.
        error: ParseError,
    },
    /// Both libraries parse the href but serialize it differently.
    SerializedDifferently {
        /// weburl's href.
        weburl: String,
        /// rust-url's serialization.
        url: String,
    },
}

impl fmt::Display for UrlConversionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UrlConversionError::RejectedByUrl { href, error } => {
                write!(f, "rust-url rejects {href:?}: {error}")
            }
            UrlConversionError::RejectedByWeburl { href, error } => {
                write!(f, "weburl rejects rust-url's {href:?}: {error}")
            }
            UrlConversionError::SerializedDifferently { weburl, url } => {
                write!(f, "weburl serializes the URL as {weburl:?}, rust-url as {url:?}")
            }
        }
    }
}

impl core::error::Error for UrlConversionError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            UrlConversionError::RejectedByUrl { error, .. } => Some(error),
            UrlConversionError::RejectedByWeburl { error, .. } => Some(error),
            UrlConversionError::SerializedDifferently { .. } => None,
        }
    }
}

/// weburl's URL as a rust-url URL, when rust-url parses weburl's href to the same
/// serialization.
fn to_url(ours: &Url) -> Result<url::Url, UrlConversionError> {
    let href = ours.href();
    match url::Url::parse(href) {
        Ok(theirs) if theirs.as_str() == href => Ok(theirs),
        Ok(theirs) => Err(UrlConversionError::SerializedDifferently {
            weburl: href.into(),
            url: theirs.as_str().into(),
        }),
        Err(error) => Err(UrlConversionError::RejectedByUrl { href: href.into(), error }),
    }
}

/// rust-url's URL as a weburl URL, when weburl parses its serialization to the same href.
fn from_url(theirs: &url::Url) -> Result<Url, UrlConversionError> {
    let href = theirs.as_str();
    match Url::parse(href) {
        Ok(ours) if ours.href() == href => Ok(ours),
        Ok(ours) => Err(UrlConversionError::SerializedDifferently {
            weburl: ours.into_string(),
            url: href.into(),
        }),
        Err(error) => Err(UrlConversionError::RejectedByWeburl { href: href.into(), error }),
    }
}

impl TryFrom<&Url> for url::Url {
    type Error = UrlConversionError;

    /// Parses the href with rust-url; fails when rust-url rejects it or serializes it
    /// differently.
    ///
    /// ```
    /// let ours = weburl_parser::Url::parse("https://example.org/a?b#c")?;
    /// let theirs = url::Url::try_from(&ours)?;
    /// assert_eq!(theirs.as_str(), ours.href());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(ours: &Url) -> Result<url::Url, UrlConversionError> {
        to_url(ours)
    }
}

impl TryFrom<Url> for url::Url {
    type Error = UrlConversionError;

    /// As the conversion from `&Url`.
    ///
    /// ```
    /// let ours = weburl_parser::Url::parse("https://example.org/")?;
    /// let theirs: url::Url = ours.try_into()?;
    /// assert_eq!(theirs.host_str(), Some("example.org"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(ours: Url) -> Result<url::Url, UrlConversionError> {
        to_url(&ours)
    }
}

impl TryFrom<&url::Url> for Url {
    type Error = UrlConversionError;

    /// Parses rust-url's serialization with weburl; fails when weburl rejects it or serializes
    /// it differently.
    ///
    /// ```
    /// let theirs = url::Url::parse("https://example.org/a?b#c")?;
    /// let ours = weburl_parser::Url::try_from(&theirs)?;
    /// assert_eq!(ours.href(), theirs.as_str());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(theirs: &url::Url) -> Result<Url, UrlConversionError> {
        from_url(theirs)
    }
}

impl TryFrom<url::Url> for Url {
    type Error = UrlConversionError;

    /// As the conversion from `&url::Url`.
    ///
    /// ```
    /// let theirs = url::Url::parse("https://example.org/")?;
    /// let ours: weburl_parser::Url = theirs.try_into()?;
    /// assert_eq!(ours.hostname(), "example.org");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn try_from(theirs: url::Url) -> Result<Url, UrlConversionError> {
        from_url(&theirs)
    }
}

/// Unit tests of this module alone: one URL converted both ways and back, and the wording of
/// each error (the library that failed and the hrefs). The conversions over every WPT input
/// and benchmark URL, and their failures, are tested in `crates/interop-tests`
/// (`tests/url_interop.rs`, `tests/interop_props.rs`).
#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn both_directions_agree() {
        let ours = Url::parse("https://user:pw@example.org:8080/p?q#f").unwrap();
        let theirs = url::Url::try_from(&ours).unwrap();
        assert_eq!(theirs.as_str(), ours.href());
        assert_eq!(Url::try_from(theirs).unwrap(), ours);
    }

    #[test]
    fn errors_name_the_library_and_both_hrefs() {
        let err = UrlConversionError::SerializedDifferently {
            weburl: "http://a/".into(),
            url: "http://b/".into(),
        };
        assert_eq!(
            err.to_string(),
            r#"weburl serializes the URL as "http://a/", rust-url as "http://b/""#
        );
        let theirs = url::Url::parse("http://example.com/").unwrap();
        assert!(from_url(&theirs).is_ok());
        let err = UrlConversionError::RejectedByUrl {
            href: "x:".into(),
            error: url::ParseError::EmptyHost,
        };
        assert!(err.to_string().starts_with("rust-url rejects \"x:\": "));
        assert!(core::error::Error::source(&err).is_some());
    }
}
