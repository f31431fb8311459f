//! A URL's path as a list of segments (the URL Standard's URL path, section 4.1): the borrowing
//! [`PathSegments`] iterator and the [`PathSegmentsMut`] editor, with rust-url's names and
//! semantics.
//!
//! [`PathSegmentsMut`] edits the serialization in place, without a heap buffer, and keeps the
//! record valid after every call: the query and fragment stay where they are, a pushed segment
//! is percent-encoded so that it stays one segment, and the serializer's `/.` prefix (section
//! 4.5, step 3) is added or removed as the path needs it. The href after any sequence of calls
//! parses back to itself.

use core::iter::FusedIterator;

use weburl_percent::{AsciiSet, PATH};

use crate::Url;
use crate::query_pairs::{Inserter, encoded_len, push_encoded};
use crate::setters::{Shift, fits_u32, has_member, make_room};

/// The segments of a URL's path (percent-encoded, as they are in the href), returned by
/// [`Url::path_segments`]. Iterates from either end.
///
/// ```
/// let url = weburl_parser::Url::parse("https://example.org/a/b/c.txt")?;
/// let mut segments = url.path_segments().ok_or("opaque path")?;
/// assert_eq!(segments.next_back(), Some("c.txt"));
/// assert_eq!(segments.collect::<Vec<_>>(), ["a", "b"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    /// The segments not yet returned, `/`-separated; `None` once all are.
    rest: Option<&'a str>,
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.split_once('/') {
            Some((segment, tail)) => {
                self.rest = Some(tail);
                Some(segment)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self.rest {
            None => (0, Some(0)),
            // One segment more than there are `/`, each byte at most one more.
            Some(rest) => (1, Some(rest.len() + 1)),
        }
    }
}

impl<'a> DoubleEndedIterator for PathSegments<'a> {
    fn next_back(&mut self) -> Option<&'a str> {
        let rest = self.rest?;
        match rest.rsplit_once('/') {
            Some((head, segment)) => {
                self.rest = Some(head);
                Some(segment)
            }
            None => {
                self.rest = None;
                Some(rest)
            }
        }
    }
}

impl FusedIterator for PathSegments<'_> {}

/// The percent-encode set for a segment given to [`PathSegmentsMut::push`]: the path
/// percent-encode set, and U+0025 (`%`) so that the text stands for itself, and U+002F (`/`)
/// so that it stays one segment.
const SEGMENT: AsciiSet = PATH.add_all(b"%/");

/// [`SEGMENT`] for special URLs, whose parser also ends a segment at U+005C (`\`).
const SPECIAL_SEGMENT: AsciiSet = SEGMENT.add(b'\\');

/// From how many bytes on [`PathSegmentsMut::push`] copies a segment that needs no encoding
/// in one piece.
const PLAIN_COPY: usize = 8;

impl Url {
    /// The path's segments (percent-encoded), or `None` when the path is opaque.
    ///
    /// A URL with a host may have an empty path (`sc://host`), which has no segments: the
    /// iterator is then empty, where rust-url returns `None`.
    ///
    /// ```
    /// use weburl_parser::Url;
    ///
    /// let url = Url::parse("https://example.org/a/b%20c/")?;
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "b%20c", ""]);
    /// assert_eq!(url.path_segments().unwrap().rev().next(), Some(""));
    /// assert!(Url::parse("mailto:someone@example.org")?.path_segments().is_none());
    /// assert_eq!(Url::parse("sc://host")?.path_segments().unwrap().count(), 0);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> Option<PathSegments<'_>> {
        if self.has_opaque_path() {
            return None;
        }
        Some(PathSegments { rest: self.pathname().get(1..) })
    }

    /// An editor of the path as a list of segments, or `Err(())` when the path is opaque (a
    /// URL that "cannot be a base" in rust-url's words, such as `mailto:someone@example.org`).
    /// The unit error is rust-url's signature; [`has_opaque_path`](Self::has_opaque_path) tells
    /// the same beforehand.
    ///
    /// ```
    /// use weburl_parser::Url;
    ///
    /// let mut url = Url::parse("https://example.net/foo/index.html?q#top")?;
    /// url.path_segments_mut().map_err(|()| "opaque path")?.pop().push("img").push("2/100%.png");
    /// assert_eq!(url.href(), "https://example.net/foo/img/2%2F100%25.png?q#top");
    ///
    /// assert!(Url::parse("mailto:someone@example.org")?.path_segments_mut().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(clippy::result_unit_err, reason = "rust-url's signature, kept for porting")]
    pub fn path_segments_mut(&mut self) -> Result<PathSegmentsMut<'_>, ()> {
        if self.has_opaque_path() {
            return Err(());
        }
        Ok(PathSegmentsMut { url: self })
    }

    /// Replaces the path from byte `keep` of the pathname on with `text` (already encoded), and
    /// adds or removes the `/.` prefix that a null host and a path starting with `//` need
    /// (URL serializer, step 3). Changes nothing when the result would not fit the `u32`
    /// offsets.
    fn rewrite_path_tail(&mut self, keep: usize, text: &str) {
        let path = self.pathname();
        let Some(head) = path.get(..keep) else {
            return;
        };
        let removed = path.len() - keep;
        // Room for the text and a `/.` prefix that may be added.
        if !fits_u32(self.serialization.len(), removed, text.len().saturating_add(2)) {
            return;
        }
        let mut first_two = head.bytes().chain(text.bytes()).take(2);
        let double_slash = first_two.next() == Some(b'/') && first_two.next() == Some(b'/');
        let start = self.path_start + crate::url::to_u32(keep);
        let end = self.path_end();
        if end == self.len_u32() && text.is_empty() {
            // Nothing follows the path: cutting its tail moves no offset.
            self.serialization.truncate(start as usize);
        } else if !self.splice(start, end, text, Shift::Query) {
            return;
        }
        if self.host_kind.is_none() {
            let after_colon = self.scheme_end + 1;
            let has_prefix = self.path_start == after_colon + 2;
            if double_slash && !has_prefix {
                // Cannot fail: the room for it was checked above.
                let _added = self.splice(after_colon, after_colon, "/.", Shift::PathStart);
            } else if !double_slash && has_prefix {
                let _removed = self.splice(after_colon, after_colon + 2, "", Shift::PathStart);
            }
        }
        self.debug_check();
    }
}

/// An editor of a URL's path as a list of segments, returned by [`Url::path_segments_mut`].
/// Each method changes the URL at once (its query and fragment stay), keeps it valid, and
/// returns the editor so that calls chain. Dropping it does nothing more.
///
/// The path is `/` followed by the `/`-separated segments; a URL with a host may also have an
/// empty path (`sc://host`, no segments). [`push`](Self::push) percent-encodes the segment it
/// is given, so `%` and `/` stand for themselves.
///
/// ```
/// let mut url = weburl_parser::Url::parse("https://github.com/servo/rust-url/")?;
/// url.path_segments_mut().map_err(|()| "opaque path")?.clear().push("logout");
/// assert_eq!(url.href(), "https://github.com/logout");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct PathSegmentsMut<'a> {
    url: &'a mut Url,
}

impl PathSegmentsMut<'_> {
    /// Removes every segment, leaving the path `/`; an empty path (`sc://host`) stays empty.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/a/b?q")?;
    /// url.path_segments_mut().map_err(|()| "opaque path")?.clear();
    /// assert_eq!(url.href(), "https://example.org/?q");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        if !self.url.pathname().is_empty() {
            self.url.rewrite_path_tail(0, "/");
        }
        self
    }

    /// Removes the last segment when it is empty and is not the only one: one trailing `/` of
    /// the path goes, unless the path is `/`.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/a/")?;
    /// url.path_segments_mut().map_err(|()| "opaque path")?.pop_if_empty().push("b");
    /// assert_eq!(url.href(), "https://example.org/a/b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pop_if_empty(&mut self) -> &mut Self {
        let path = self.url.pathname();
        if path.len() > 1 && path.ends_with('/') {
            self.url.rewrite_path_tail(path.len() - 1, "");
        }
        self
    }

    /// Removes the last segment; when it is the only one, the path becomes `/`. An empty path
    /// stays empty.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/a/b#f")?;
    /// url.path_segments_mut().map_err(|()| "opaque path")?.pop();
    /// assert_eq!(url.href(), "https://example.org/a#f");
    /// url.path_segments_mut().map_err(|()| "opaque path")?.pop().pop();
    /// assert_eq!(url.href(), "https://example.org/#f");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pop(&mut self) -> &mut Self {
        let path = self.url.pathname();
        if let Some(last_slash) = path.rfind('/') {
            self.url.rewrite_path_tail(last_slash.max(1), "");
        }
        self
    }

    /// Appends `segment` as one new segment, UTF-8 percent-encoded with the path
    /// percent-encode set plus `%` and `/` (and `\` for special URLs), so that it stays one
    /// segment and its `%` stands for itself. A path that is `/` (or empty) becomes `/` and the
    /// segment; otherwise a `/` joins them, so after a trailing `/` the new segment follows an
    /// empty one (call [`pop_if_empty`](Self::pop_if_empty) first to avoid that).
    ///
    /// A segment that is exactly `.` or `..` is skipped, as rust-url skips it: no URL path can
    /// hold it (even `%2e` is a dot segment, which parsing removes). The first segment of a
    /// `file` URL that is a Windows drive letter with `|` (`C|`) is written `C:`, as parsing
    /// writes it (path state, step 1.4) and as rust-url does. A segment that would make the URL
    /// longer than `u32::MAX` bytes is skipped.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.path_segments_mut()
    ///     .map_err(|()| "opaque path")?
    ///     .push("a b")
    ///     .push("..")
    ///     .push("c/d?e#f%g\\");
    /// assert_eq!(url.href(), "https://example.org/a%20b/c%2Fd%3Fe%23f%25g%5C");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push(&mut self, segment: &str) -> &mut Self {
        if matches!(segment, "." | "..") {
            return self;
        }
        let url = &mut *self.url;
        let path = url.pathname();
        let set = if url.scheme_type.is_special() { &SPECIAL_SEGMENT } else { &SEGMENT };
        let drive_quirk = (path.is_empty() || path == "/")
            && url.scheme_type.is_file()
            && matches!(segment.as_bytes(), [letter, b'|'] if letter.is_ascii_alphabetic());
        // The new segment goes at the end of the path, after a `/` unless the path is `/`. The
        // `/.` prefix needs no change: the path's first two bytes stay as they are (or become
        // `/x`, an encoded segment never starting with `/`).
        let separator = if path == "/" { "" } else { "/" };
        // Percent-encoding at most triples the segment.
        let len = url.serialization.len();
        if !fits_u32(len, 0, segment.len().saturating_mul(3).saturating_add(1))
            && !fits_u32(len, 0, 1 + encoded_len(segment, set, false))
        {
            return self;
        }
        // Path state, step 1.4: a drive letter's `|` becomes `:`.
        let letter = if drive_quirk { segment.get(..1) } else { None };
        // Room for the segment as it is (all it needs unless it has bytes to encode).
        make_room(&mut url.serialization, separator.len() + segment.len());
        let end = url.path_end();
        if end == url.len_u32() {
            // Nothing follows the path: encode straight onto the end of the URL.
            let out = &mut url.serialization;
            out.push_str(separator);
            match letter {
                Some(letter) => {
                    out.push_str(letter);
                    out.push(':');
                }
                // A segment of eight bytes or more with nothing to encode (`index.html`) is
                // copied in one piece; shorter ones cost less byte by byte than the copy's call.
                None if segment.len() >= PLAIN_COPY && !has_member(segment, set) => {
                    out.push_str(segment);
                }
                None => push_encoded(out, segment, set, false),
            }
        } else {
            // A query or fragment follows: insert before it, without a heap buffer.
            let mut out = Inserter::new(url, end, Shift::Query);
            out.push(separator);
            match letter {
                Some(letter) => {
                    out.push(letter);
                    out.push(":");
                }
                None => out.encode(segment, set, false),
            }
            out.finish();
        }
        url.debug_check();
        self
    }

    /// [`push`](Self::push)es each segment of `segments` in turn.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/api/")?;
    /// url.path_segments_mut().map_err(|()| "opaque path")?.pop_if_empty().extend(["v1", "a b"]);
    /// assert_eq!(url.href(), "https://example.org/api/v1/a%20b");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extend<I>(&mut self, segments: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for segment in segments {
            self.push(segment.as_ref());
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn edit(href: &str, f: impl FnOnce(&mut super::PathSegmentsMut<'_>)) -> String {
        let mut url = Url::parse(href).unwrap();
        f(&mut url.path_segments_mut().unwrap());
        assert_eq!(url.check_invariants(), Ok(()), "{href}");
        assert_eq!(Url::parse(url.href()).unwrap().href(), url.href(), "{href}");
        String::from(url.href())
    }

    #[test]
    fn segments_from_both_ends() {
        let url = Url::parse("https://h/a//b/").unwrap();
        let segments = url.path_segments().unwrap();
        assert_eq!(segments.clone().collect::<Vec<_>>(), ["a", "", "b", ""]);
        assert_eq!(segments.clone().rev().collect::<Vec<_>>(), ["", "b", "", "a"]);
        let mut mixed = segments;
        assert_eq!(
            (mixed.next(), mixed.next_back(), mixed.next()),
            (Some("a"), Some(""), Some(""))
        );
        assert_eq!((mixed.next_back(), mixed.next(), mixed.next_back()), (Some("b"), None, None));
        let url = Url::parse("https://h/").unwrap();
        assert_eq!(url.path_segments().unwrap().rev().collect::<Vec<_>>(), [""]);
    }

    #[test]
    fn push_and_pop() {
        assert_eq!(edit("https://h/", |p| _ = p.push("a").push("b")), "https://h/a/b");
        assert_eq!(edit("https://h/a/", |p| _ = p.push("b")), "https://h/a//b");
        assert_eq!(edit("https://h/a", |p| _ = p.push("index.html")), "https://h/a/index.html");
        assert_eq!(edit("https://h/", |p| _ = p.push("abcdefg\\")), "https://h/abcdefg%5C");
        assert_eq!(edit("sc://h/", |p| _ = p.push("abcdefg\\")), "sc://h/abcdefg\\");
        assert_eq!(edit("https://h/a?q#f", |p| _ = p.push("b c")), "https://h/a/b%20c?q#f");
        assert_eq!(edit("sc://h", |p| _ = p.push("x")), "sc://h/x");
        assert_eq!(edit("sc://h", |p| _ = p.pop().pop_if_empty()), "sc://h");
        assert_eq!(edit("sc://h", |p| _ = p.clear()), "sc://h");
        assert_eq!(edit("sc://h", |p| _ = p.push("")), "sc://h/");
        assert_eq!(edit("sc://h/a", |p| _ = p.clear()), "sc://h/");
        assert_eq!(edit("sc://h/a\\b", |p| _ = p.push("c\\d")), "sc://h/a\\b/c\\d");
        assert_eq!(edit("https://h/a/b", |p| _ = p.pop().pop().pop()), "https://h/");
        assert_eq!(edit("https://h//", |p| _ = p.pop_if_empty().pop_if_empty()), "https://h/");
        assert_eq!(
            edit("https://h/", |p| _ = p.extend([".", "..", "%2e", "."])),
            "https://h/%252e"
        );
    }

    #[test]
    fn dot_prefix_follows_the_path() {
        assert_eq!(edit("sc:/.///x", |p| _ = p.pop()), "sc:/.//");
        assert_eq!(edit("sc:/.///x", |p| _ = p.pop().pop()), "sc:/");
        assert_eq!(edit("sc:/.//x", |p| _ = p.pop()), "sc:/");
        assert_eq!(edit("sc:/.//x/", |p| _ = p.pop_if_empty().push("y")), "sc:/.//x/y");
        assert_eq!(edit("sc:/.//x?q#f", |p| _ = p.clear().push("y")), "sc:/y?q#f");
        assert_eq!(edit("sc:/.//", |p| _ = p.pop_if_empty()), "sc:/");
    }

    #[test]
    fn file_drive_letters() {
        assert_eq!(edit("file:///", |p| _ = p.push("C|")), "file:///C:");
        assert_eq!(edit("file:///?q", |p| _ = p.push("C|")), "file:///C:?q");
        assert_eq!(edit("file://h/x", |p| _ = p.pop().push("c|")), "file://h/c:");
        assert_eq!(edit("file:///", |p| _ = p.push("C:").push("D|")), "file:///C:/D|");
        assert_eq!(edit("file:///C:/", |p| _ = p.pop().pop()), "file:///");
    }
}
