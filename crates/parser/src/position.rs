//! [`Position`]: named places in a URL's serialization, and slicing a [`Url`] by ranges of them
//! (`&url[Position::BeforePath..Position::AfterQuery]`), as rust-url's `Position` does.
//!
//! Every position is an offset of the record (see the diagram on [`Url`]), so slicing never
//! allocates. A reversed range (its start after its end) gives the empty string instead of
//! panicking as `str` slicing would.

use core::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};

use crate::url::Url;

/// A place in a URL's serialization, before or after one of its components.
///
/// The components and the delimiters between them are, in order:
///
/// ```text
/// scheme ":" [ "//" [ username [ ":" password ]? "@" ]? host [ ":" port ]? ]? path [ "?" query ]? [ "#" fragment ]?
/// ```
///
/// A missing component's `Before` and `After` positions are the same place, where it would
/// be, so that `&url[BeforeQuery..AfterQuery]` is empty when the query is null and the
/// positions stay in this order. Delimiters lie between an `After` position and the next
/// `Before` one (`&url[..BeforeFragment]` ends with the `#` when there is a fragment); the
/// `/` that starts a path belongs to the path. The `/.` that the serializer puts before a
/// path starting with `//` when the host is null (URL serializer, step 3) lies between
/// `AfterPort` and `BeforePath`.
///
/// ```
/// use weburl_parser::{Position, Url};
///
/// let url = Url::parse("https://user:pw@example.org:8080/a/b?q=1#top")?;
/// assert_eq!(&url[..Position::AfterScheme], "https");
/// assert_eq!(&url[Position::BeforeUsername..Position::AfterPort], "user:pw@example.org:8080");
/// assert_eq!(&url[Position::BeforeHost..Position::AfterHost], "example.org");
/// assert_eq!(&url[Position::BeforePath..Position::AfterQuery], "/a/b?q=1");
/// assert_eq!(&url[..Position::AfterQuery], "https://user:pw@example.org:8080/a/b?q=1");
/// assert_eq!(&url[Position::BeforeFragment..], "top");
/// assert_eq!(&url[..], url.href());
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Position {
    /// The start of the serialization.
    BeforeScheme,
    /// After the scheme, before its `:`.
    AfterScheme,
    /// After `://` when there is a host, after `:` otherwise.
    BeforeUsername,
    /// After the username.
    AfterUsername,
    /// After the `:` that starts a password, or [`AfterUsername`](Self::AfterUsername).
    BeforePassword,
    /// After the password (before `@`), or [`AfterUsername`](Self::AfterUsername).
    AfterPassword,
    /// Where the host starts (after the `@` of any credentials).
    BeforeHost,
    /// After the host.
    AfterHost,
    /// After the `:` that starts a port, or [`AfterHost`](Self::AfterHost).
    BeforePort,
    /// After the port, or [`AfterHost`](Self::AfterHost).
    AfterPort,
    /// Where the path starts (its first `/` when it has one).
    BeforePath,
    /// After the path.
    AfterPath,
    /// After the `?` of a query, or [`AfterPath`](Self::AfterPath) when the query is null.
    BeforeQuery,
    /// After the query.
    AfterQuery,
    /// After the `#` of a fragment, or the end when the fragment is null.
    BeforeFragment,
    /// The end of the serialization.
    AfterFragment,
}

impl Position {
    /// The 16 positions, in order.
    ///
    /// ```
    /// use weburl_parser::Position;
    /// assert_eq!(Position::ALL.len(), 16);
    /// assert!(Position::ALL.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub const ALL: [Position; 16] = [
        Position::BeforeScheme,
        Position::AfterScheme,
        Position::BeforeUsername,
        Position::AfterUsername,
        Position::BeforePassword,
        Position::AfterPassword,
        Position::BeforeHost,
        Position::AfterHost,
        Position::BeforePort,
        Position::AfterPort,
        Position::BeforePath,
        Position::AfterPath,
        Position::BeforeQuery,
        Position::AfterQuery,
        Position::BeforeFragment,
        Position::AfterFragment,
    ];
}

impl Url {
    /// The byte offset of `position` in the serialization. Offsets never decrease along
    /// [`Position::ALL`].
    ///
    /// ```
    /// use weburl_parser::{Position, Url};
    ///
    /// let url = Url::parse("mailto:someone@example.org?subject=hi")?;
    /// assert_eq!(url.position(Position::AfterScheme), 6);
    /// assert_eq!(url.position(Position::BeforeHost), 7);
    /// assert_eq!(url.position(Position::AfterPath), 26);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn position(&self, position: Position) -> usize {
        let has_authority = self.host_kind.is_some();
        let has_password = has_authority
            && self.serialization.as_bytes().get(self.username_end as usize) == Some(&b':');
        let offset = match position {
            Position::BeforeScheme => 0,
            Position::AfterScheme => self.scheme_end,
            Position::BeforeUsername => {
                if has_authority {
                    self.scheme_end + 3
                } else {
                    self.scheme_end + 1
                }
            }
            Position::AfterUsername => self.username_end,
            Position::BeforePassword => {
                if has_password {
                    self.username_end + 1
                } else {
                    self.username_end
                }
            }
            Position::AfterPassword => {
                if has_password {
                    self.host_start.saturating_sub(1)
                } else {
                    self.username_end
                }
            }
            Position::BeforeHost => self.host_start,
            Position::AfterHost => self.host_end,
            Position::BeforePort => {
                if self.port.is_some() {
                    self.host_end + 1
                } else {
                    self.host_end
                }
            }
            Position::AfterPort => self.authority_end(),
            Position::BeforePath => self.path_start,
            Position::AfterPath => self.path_end(),
            Position::BeforeQuery => match self.query_start {
                Some(start) => start.get() + 1,
                None => self.path_end(),
            },
            Position::AfterQuery => self.query_end(),
            Position::BeforeFragment => match self.fragment_start {
                Some(start) => start.get() + 1,
                None => self.len_u32(),
            },
            Position::AfterFragment => self.len_u32(),
        };
        offset as usize
    }

    /// The serialization from `start` to `end`; empty when `start` comes after `end`.
    fn slice_positions(&self, start: Position, end: Position) -> &str {
        let (start, end) = (self.position(start), self.position(end));
        self.serialization.get(start..end).unwrap_or("")
    }
}

/// `&url[start..end]`: the serialization between two positions. Empty (never a panic) when
/// `start` comes after `end`.
///
/// ```
/// use weburl_parser::{Position, Url};
///
/// let url = Url::parse("http://example.org/index.html?x#y")?;
/// assert_eq!(&url[Position::BeforeHost..Position::AfterPath], "example.org/index.html");
/// assert_eq!(&url[Position::AfterPath..Position::BeforeHost], "");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
impl Index<Range<Position>> for Url {
    type Output = str;
    fn index(&self, range: Range<Position>) -> &str {
        self.slice_positions(range.start, range.end)
    }
}

/// `&url[start..]`: the serialization from a position to the end.
///
/// ```
/// use weburl_parser::{Position, Url};
///
/// let url = Url::parse("https://example.org/a?b#c")?;
/// assert_eq!(&url[Position::BeforeUsername..], "example.org/a?b#c");
/// assert_eq!(&url[Position::AfterFragment..], "");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
impl Index<RangeFrom<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeFrom<Position>) -> &str {
        self.slice_positions(range.start, Position::AfterFragment)
    }
}

/// `&url[..end]`: the serialization up to a position.
///
/// ```
/// use weburl_parser::{Position, Url};
///
/// let url = Url::parse("https://example.org/a?b#c")?;
/// assert_eq!(&url[..Position::AfterQuery], "https://example.org/a?b");
/// assert_eq!(&url[..Position::BeforeScheme], "");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
impl Index<RangeTo<Position>> for Url {
    type Output = str;
    fn index(&self, range: RangeTo<Position>) -> &str {
        self.slice_positions(Position::BeforeScheme, range.end)
    }
}

/// `&url[..]`: the whole serialization, the same as [`Url::href`].
///
/// ```
/// let url = weburl_parser::Url::parse("https://example.org/")?;
/// assert_eq!(&url[..], "https://example.org/");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
impl Index<RangeFull> for Url {
    type Output = str;
    fn index(&self, _: RangeFull) -> &str {
        &self.serialization
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_of_every_shape() {
        let cases = [
            ("https://u:p@h:1/p?q#f", ["https", "u", "p", "h", "1", "/p", "q", "f"]),
            ("https://u@h/p", ["https", "u", "", "h", "", "/p", "", ""]),
            ("https://:p@h/", ["https", "", "p", "h", "", "/", "", ""]),
            ("sc:opaque?#", ["sc", "", "", "", "", "opaque", "", ""]),
            ("sc:/.//x", ["sc", "", "", "", "", "//x", "", ""]),
            ("file:///C:/x", ["file", "", "", "", "", "/C:/x", "", ""]),
            ("sc://[::1]:2", ["sc", "", "", "[::1]", "2", "", "", ""]),
        ];
        use Position::*;
        for (input, parts) in cases {
            let url = Url::parse(input).unwrap();
            let got = [
                &url[BeforeScheme..AfterScheme],
                &url[BeforeUsername..AfterUsername],
                &url[BeforePassword..AfterPassword],
                &url[BeforeHost..AfterHost],
                &url[BeforePort..AfterPort],
                &url[BeforePath..AfterPath],
                &url[BeforeQuery..AfterQuery],
                &url[BeforeFragment..AfterFragment],
            ];
            assert_eq!(got, parts, "{input}");
            let offsets = Position::ALL.map(|p| url.position(p));
            assert!(offsets.windows(2).all(|w| w[0] <= w[1]), "{input}: {offsets:?}");
        }
        let url = Url::parse("sc:/.//x").unwrap();
        assert_eq!(&url[AfterPort..BeforePath], "/.");
    }

    #[test]
    fn reversed_ranges_are_empty() {
        let url = Url::parse("https://u:p@h:1/p?q#f").unwrap();
        for &a in &Position::ALL {
            for &b in &Position::ALL {
                if a > b {
                    assert_eq!(&url[a..b], "", "{a:?}..{b:?}");
                }
            }
        }
    }
}
