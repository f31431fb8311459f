//! The URL serializer (section 4.5), URL equivalence (section 4.6), and the standard traits,
//! all over the stored serialization.

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::Url;
use crate::error::ParseError;

impl Url {
    /// The URL serializer (section 4.5): the whole serialization, or without the fragment
    /// (and its `#`) when `exclude_fragment` is true.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://example.org/?q#frag")?;
    /// assert_eq!(url.serialize(true), "https://example.org/?q");
    /// assert_eq!(url.serialize(false), url.href());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn serialize(&self, exclude_fragment: bool) -> &str {
        if exclude_fragment {
            self.serialization.get(..self.query_end() as usize).unwrap_or("")
        } else {
            &self.serialization
        }
    }

    /// URL equivalence (section 4.6): whether the two serializations are equal, ignoring
    /// fragments when `exclude_fragments` is true.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let a = Url::parse("https://example.org/#a")?;
    /// let b = Url::parse("HTTPS://EXAMPLE.org:443/#b")?;
    /// assert!(a.equals(&b, true));
    /// assert!(!a.equals(&b, false));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn equals(&self, other: &Url, exclude_fragments: bool) -> bool {
        self.serialize(exclude_fragments) == other.serialize(exclude_fragments)
    }
}

/// The href, padded and truncated by the format's width and precision as a `str` is
/// (`{:<40}` aligns URLs in a table, as with rust-url).
impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.serialization)
    }
}

/// The components, as rust-url shows them (scheme, `cannot_be_a_base`, username, password,
/// typed host, port, path, query, fragment); [`Display`](fmt::Display) is the href.
///
/// ```
/// let url = weburl_parser::Url::parse("https://u@example.org:8443/p?q")?;
/// assert_eq!(
///     format!("{url:?}"),
///     "Url { scheme: \"https\", cannot_be_a_base: false, username: \"u\", password: None, \
///      host: Some(Domain(\"example.org\")), port: Some(8443), path: \"/p\", query: Some(\"q\"), \
///      fragment: None }"
/// );
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let password = Some(self.password()).filter(|p| !p.is_empty());
        f.debug_struct("Url")
            .field("scheme", &self.scheme())
            .field("cannot_be_a_base", &self.cannot_be_a_base())
            .field("username", &self.username())
            .field("password", &password)
            .field("host", &self.host_ref())
            .field("port", &self.port_u16())
            .field("path", &self.pathname())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// Equality is URL equivalence without excluding fragments (section 4.6).
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl Hash for Url {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.serialization.hash(state);
    }
}

/// URLs order by their serializations.
impl Ord for Url {
    fn cmp(&self, other: &Url) -> Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl FromStr for Url {
    type Err = ParseError;

    fn from_str(input: &str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

impl TryFrom<&str> for Url {
    type Error = ParseError;

    fn try_from(input: &str) -> Result<Url, ParseError> {
        Url::parse(input)
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}
