//! The borrowing [`UriRef`] and the owned [`UriRefBuf`]: a validated URI reference and the
//! offsets of its components (section 3), read as slices without allocating.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use crate::error::Error;
use crate::host::HostKind;
use crate::parse::{Grammar, Offset, Parts, PathKind, parse, parse_inline};

/// A valid URI reference borrowed from a `&str`, with its components located.
///
/// Components that RFC 3986 can leave undefined (section 5.3: the delimiter is absent) are
/// `Option`s, so that `"http://h?"` has an empty query and `"http://h"` has none. The path is
/// always defined, possibly empty.
///
/// ```
/// use weburl_rfc3986::UriRef;
///
/// let uri = UriRef::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.scheme(), Some("foo"));
/// assert_eq!(uri.authority(), Some("user@example.com:8042"));
/// assert_eq!(uri.userinfo(), Some("user"));
/// assert_eq!(uri.host(), Some("example.com"));
/// assert_eq!(uri.port(), Some("8042"));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query(), Some("name=ferret"));
/// assert_eq!(uri.fragment(), Some("nose"));
/// assert!(uri.is_uri() && !uri.is_absolute());
/// # Ok::<(), weburl_rfc3986::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct UriRef<'a> {
    input: &'a str,
    parts: Parts,
}

impl<'a> UriRef<'a> {
    /// Parses `input` as a `URI-reference` (section 4.1): a `URI` or a `relative-ref`.
    pub fn parse(input: &'a str) -> Result<UriRef<'a>, Error> {
        // The parser inlined for this one grammar: the offsets go straight into the result.
        Ok(UriRef { input, parts: parse_inline::<true>(input, Grammar::UriReference)? })
    }

    /// Parses `input` as a `URI` (section 3): a scheme is required.
    pub fn parse_uri(input: &'a str) -> Result<UriRef<'a>, Error> {
        UriRef::parse_as(input, Grammar::Uri)
    }

    /// Parses `input` as an `absolute-URI` (section 4.3): a scheme is required and a fragment
    /// is not allowed.
    pub fn parse_absolute_uri(input: &'a str) -> Result<UriRef<'a>, Error> {
        UriRef::parse_as(input, Grammar::AbsoluteUri)
    }

    /// Parses `input` as a `relative-ref` (section 4.2): there is no scheme.
    pub fn parse_relative_ref(input: &'a str) -> Result<UriRef<'a>, Error> {
        UriRef::parse_as(input, Grammar::RelativeRef)
    }

    /// Parses `input` as the rule `grammar`.
    pub fn parse_as(input: &'a str, grammar: Grammar) -> Result<UriRef<'a>, Error> {
        Ok(UriRef { input, parts: parse(input, grammar)? })
    }

    /// A reference from a string and offsets known to describe it.
    pub(crate) fn from_parts(input: &'a str, parts: Parts) -> UriRef<'a> {
        UriRef { input, parts }
    }

    /// The offsets of the components.
    pub(crate) fn parts(&self) -> &Parts {
        &self.parts
    }

    #[inline]
    fn slice(&self, start: usize, end: usize) -> &'a str {
        self.input.get(start..end).unwrap_or_default()
    }

    /// The whole reference as it was parsed.
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The scheme (section 3.1), without the `":"`, as written (not lowercased).
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        self.parts.scheme_end.map(|end| self.slice(0, end))
    }

    /// The authority (section 3.2), without the `"//"`; `Some("")` for `"file:///x"`.
    #[must_use]
    pub fn authority(&self) -> Option<&'a str> {
        self.parts.authority.map(|a| self.slice(a.start, self.parts.path_start))
    }

    /// The userinfo (section 3.2.1), without the `"@"`.
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        let a = self.parts.authority?;
        a.userinfo_end.map(|end| self.slice(a.start, end))
    }

    /// The host (section 3.2.2) when there is an authority; IP literals keep their brackets.
    #[must_use]
    pub fn host(&self) -> Option<&'a str> {
        self.parts.authority.map(|a| self.slice(a.host_start, a.host_end))
    }

    /// Which form the host has, when there is an authority.
    #[must_use]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.parts.authority.map(|a| a.kind)
    }

    /// The port (section 3.2.3), without the `":"`: `Some("")` for `"http://h:/"`. It is any
    /// number of digits, so it may not fit a `u16`.
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        let a = self.parts.authority?;
        a.port_start.map(|start| self.slice(start, self.parts.path_start))
    }

    /// The path (section 3.3), possibly empty.
    #[must_use]
    pub fn path(&self) -> &'a str {
        self.slice(self.parts.path_start, self.parts.path_end)
    }

    /// Which alternative of the `path` rule the path matched.
    #[must_use]
    pub fn path_kind(&self) -> PathKind {
        self.parts.path_kind(self.path().as_bytes())
    }

    /// The query (section 3.4), without the `"?"`.
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        let end = self.parts.fragment_start.map_or(self.input.len(), |f| f - 1);
        self.parts.query_start.map(|start| self.slice(start, end))
    }

    /// The fragment (section 3.5), without the `"#"`.
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.parts.fragment_start.map(|start| self.slice(start, self.input.len()))
    }

    /// True when the reference is a `URI` (it has a scheme).
    #[must_use]
    pub fn is_uri(&self) -> bool {
        self.parts.scheme_end.is_some()
    }

    /// True when the reference is a `relative-ref` (it has no scheme).
    #[must_use]
    pub fn is_relative(&self) -> bool {
        self.parts.scheme_end.is_none()
    }

    /// True when the reference is an `absolute-URI` (section 4.3): a scheme and no fragment,
    /// as a base URI must be.
    #[must_use]
    pub fn is_absolute(&self) -> bool {
        self.is_uri() && self.parts.fragment_start.is_none()
    }

    /// True when the reference has an authority (it has `"//"` after the scheme or at the
    /// start).
    #[must_use]
    pub fn has_authority(&self) -> bool {
        self.parts.authority.is_some()
    }

    /// The reference without its fragment and `"#"`.
    #[must_use]
    pub fn without_fragment(&self) -> UriRef<'a> {
        match self.parts.fragment_start.get() {
            Some(start) => UriRef {
                input: self.slice(0, start - 1),
                parts: Parts { fragment_start: Offset::NONE, ..self.parts },
            },
            None => *self,
        }
    }

    /// An owned copy.
    #[must_use]
    pub fn to_buf(&self) -> UriRefBuf {
        UriRefBuf { string: String::from(self.input), parts: self.parts }
    }
}

/// The reference's text, padded and truncated by the format's width and precision as a
/// `str` is.
impl fmt::Display for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.input)
    }
}

impl fmt::Debug for UriRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UriRef({:?})", self.input)
    }
}

impl<'a> TryFrom<&'a str> for UriRef<'a> {
    type Error = Error;

    fn try_from(input: &'a str) -> Result<UriRef<'a>, Error> {
        UriRef::parse(input)
    }
}

/// An owned, valid URI reference: a `String` and the offsets of its components.
///
/// [`UriRefBuf::as_uri_ref`] lends it as a [`UriRef`], whose methods it also has.
///
/// ```
/// use weburl_rfc3986::UriRefBuf;
///
/// let uri: UriRefBuf = "HTTP://Example.COM:80/a/./b".parse()?;
/// assert_eq!(uri.host(), Some("Example.COM"));
/// assert_eq!(uri.normalized().as_str(), "http://example.com/a/b");
/// # Ok::<(), weburl_rfc3986::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UriRefBuf {
    string: String,
    parts: Parts,
}

/// Forwards `UriRefBuf` methods to `UriRef`.
macro_rules! forward {
    ($($(#[$doc:meta])* $name:ident -> $ret:ty;)*) => {
        $(
            $(#[$doc])*
            #[must_use]
            pub fn $name(&self) -> $ret {
                self.as_uri_ref().$name()
            }
        )*
    };
}

impl UriRefBuf {
    /// Parses `string` as a `URI-reference` (section 4.1), keeping it.
    pub fn parse(string: String) -> Result<UriRefBuf, Error> {
        UriRefBuf::parse_as(string, Grammar::UriReference)
    }

    /// Parses `string` as the rule `grammar`, keeping it.
    pub fn parse_as(string: String, grammar: Grammar) -> Result<UriRefBuf, Error> {
        let parts = parse(&string, grammar)?;
        Ok(UriRefBuf { string, parts })
    }

    /// A reference from a string and offsets known to describe it.
    pub(crate) fn from_parts(string: String, parts: Parts) -> UriRefBuf {
        UriRefBuf { string, parts }
    }

    /// The reference as a borrowing [`UriRef`].
    #[must_use]
    pub fn as_uri_ref(&self) -> UriRef<'_> {
        UriRef::from_parts(&self.string, self.parts)
    }

    /// The whole reference.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.string
    }

    /// The string.
    #[must_use]
    pub fn into_string(self) -> String {
        self.string
    }

    forward! {
        /// See [`UriRef::scheme`].
        scheme -> Option<&str>;
        /// See [`UriRef::authority`].
        authority -> Option<&str>;
        /// See [`UriRef::userinfo`].
        userinfo -> Option<&str>;
        /// See [`UriRef::host`].
        host -> Option<&str>;
        /// See [`UriRef::host_kind`].
        host_kind -> Option<HostKind>;
        /// See [`UriRef::port`].
        port -> Option<&str>;
        /// See [`UriRef::path`].
        path -> &str;
        /// See [`UriRef::path_kind`].
        path_kind -> PathKind;
        /// See [`UriRef::query`].
        query -> Option<&str>;
        /// See [`UriRef::fragment`].
        fragment -> Option<&str>;
        /// See [`UriRef::is_uri`].
        is_uri -> bool;
        /// See [`UriRef::is_relative`].
        is_relative -> bool;
        /// See [`UriRef::is_absolute`].
        is_absolute -> bool;
        /// See [`UriRef::has_authority`].
        has_authority -> bool;
        /// See [`UriRef::normalized`].
        normalized -> UriRefBuf;
    }

    /// See [`UriRef::resolve`].
    pub fn resolve(&self, reference: &UriRef<'_>) -> Result<UriRefBuf, Error> {
        self.as_uri_ref().resolve(reference)
    }

    /// See [`UriRef::equivalent`].
    #[must_use]
    pub fn equivalent(&self, other: &UriRef<'_>) -> bool {
        self.as_uri_ref().equivalent(other)
    }
}

/// The reference's text, padded and truncated as [`UriRef`]'s.
impl fmt::Display for UriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.string)
    }
}

impl fmt::Debug for UriRefBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "UriRefBuf({:?})", self.string)
    }
}

impl FromStr for UriRefBuf {
    type Err = Error;

    fn from_str(input: &str) -> Result<UriRefBuf, Error> {
        Ok(UriRef::parse(input)?.to_buf())
    }
}

impl TryFrom<String> for UriRefBuf {
    type Error = Error;

    fn try_from(string: String) -> Result<UriRefBuf, Error> {
        UriRefBuf::parse(string)
    }
}

impl From<UriRef<'_>> for UriRefBuf {
    fn from(uri: UriRef<'_>) -> UriRefBuf {
        uri.to_buf()
    }
}

impl From<UriRefBuf> for String {
    fn from(uri: UriRefBuf) -> String {
        uri.string
    }
}

impl AsRef<str> for UriRefBuf {
    fn as_ref(&self) -> &str {
        &self.string
    }
}

impl PartialEq<UriRef<'_>> for UriRefBuf {
    fn eq(&self, other: &UriRef<'_>) -> bool {
        self.string == other.as_str()
    }
}

impl PartialEq<str> for UriRefBuf {
    fn eq(&self, other: &str) -> bool {
        self.string == other
    }
}

impl PartialEq<&str> for UriRefBuf {
    fn eq(&self, other: &&str) -> bool {
        self.string == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undefined_and_empty_components_differ() {
        let empty = UriRef::parse("s://@:?#").unwrap();
        assert_eq!(
            (empty.userinfo(), empty.host(), empty.port(), empty.query(), empty.fragment()),
            (Some(""), Some(""), Some(""), Some(""), Some(""))
        );
        let none = UriRef::parse("s:").unwrap();
        assert_eq!(
            (none.authority(), none.userinfo(), none.host(), none.port()),
            (None, None, None, None)
        );
        assert_eq!((none.path(), none.query(), none.fragment()), ("", None, None));
    }

    #[test]
    fn without_fragment_and_owned_forms() {
        let uri = UriRef::parse("a:b?c#d").unwrap();
        let base = uri.without_fragment();
        assert_eq!((base.as_str(), base.query(), base.fragment()), ("a:b?c", Some("c"), None));
        assert!(base.is_absolute() && !uri.is_absolute());
        let owned: UriRefBuf = "a:b?c#d".parse().unwrap();
        assert_eq!(owned, uri);
        assert_eq!(owned.as_uri_ref(), uri);
        assert_eq!(UriRefBuf::from(uri), owned);
        // Display pads and truncates as a `str` does.
        assert_eq!(alloc::format!("{uri:>9}|{owned:.3}|{uri:-<8}|"), "  a:b?c#d|a:b|a:b?c#d-|");
        assert_eq!(format!("{owned:?} {uri:?}"), r#"UriRefBuf("a:b?c#d") UriRef("a:b?c#d")"#);
        assert_eq!(String::from(owned), "a:b?c#d");
    }
}
