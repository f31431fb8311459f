//! [`Url::make_relative`]: the shortest relative-URL string that [`Url::join`] resolves
//! back to a given URL (the inverse of `join`, as rust-url's `make_relative`).
//!
//! Each answer is checked before it is returned: candidates are tried from the most to the
//! least relative (fragment or query only, a path relative to the base's directory, a path
//! from the root, a scheme-relative `//host/...`), and the first that joins back to the target
//! wins. So a `Some` answer always joins back, whatever the corner (empty segments, `:` in a
//! first segment, Windows drive letters in `file:` URLs, the `/.` path prefix).

use alloc::string::String;

use crate::url::Url;

/// The length of the fragment part of a relative URL for `url`: `#` and the fragment, or
/// nothing.
fn fragment_len(url: &Url) -> usize {
    url.fragment().map_or(0, |f| 1 + f.len())
}

/// The length of the query and fragment part: `?` and the query (when not null), then the
/// fragment part.
fn query_and_fragment_len(url: &Url) -> usize {
    url.query().map_or(0, |q| 1 + q.len()) + fragment_len(url)
}

/// The fragment part of a relative URL for `url`: `#` and the fragment, or nothing.
fn push_fragment(out: &mut String, url: &Url) {
    if let Some(fragment) = url.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
}

/// The query and fragment part: `?` and the query (when not null), then the fragment part.
fn push_query_and_fragment(out: &mut String, url: &Url) {
    if let Some(query) = url.query() {
        out.push('?');
        out.push_str(query);
    }
    push_fragment(out, url);
}

/// A path's directory: the path up to and with its last `/` (`/a/b/` for `/a/b/c`); empty for
/// an empty path.
fn directory(path: &str) -> &str {
    path.get(..last_slash(path).map_or(0, |i| i + 1)).unwrap_or("")
}

/// The index of the last `/` of `text`: a plain byte loop, which beats `rfind`'s searcher on
/// the few bytes of a path's last segment.
fn last_slash(text: &str) -> Option<usize> {
    text.bytes().rposition(|b| b == b'/')
}

/// A relative path from the directory of `base_path` to `target_path`, as slices of the two:
/// how many `../` go first, whether `./` follows them, and the target's remaining segments.
///
/// The shared directories are the longest common prefix of the two directories that ends with
/// a `/` in both; one `../` for each of the base's directories after them, then the rest of the
/// target. Guarded against being read as something else: `./` before an empty result, one
/// starting with `/` (an empty segment) or one whose first segment holds `:` (which would read
/// as a scheme).
fn relative_path<'t>(base_path: &str, target_path: &'t str) -> (usize, bool, &'t str) {
    let (base_dir, target_dir) = (directory(base_path), directory(target_path));
    let same = base_dir.bytes().zip(target_dir.bytes()).take_while(|(a, b)| a == b).count();
    // Just past the last `/` both share (past the leading `/` when they share none).
    let common = target_dir.get(..same).and_then(last_slash).map_or(1, |i| i + 1);
    let ups = base_dir.get(common..).map_or(0, |dirs| dirs.bytes().filter(|&b| b == b'/').count());
    let rest = target_path.get(common..).unwrap_or("");
    let mut first = rest.bytes().take_while(|&b| b != b'/');
    let dot = ups == 0 && (rest.is_empty() || rest.starts_with('/') || first.any(|b| b == b':'));
    (ups, dot, rest)
}

impl Url {
    /// A relative URL string that [`join`](Self::join)s against this URL (the base) back to
    /// `url`, or `None` when there is none. The inverse of `join`: whenever the answer is
    /// `Some(rel)`, `self.join(&rel)` is `url`.
    ///
    /// `None` when the schemes differ, when the credentials, host or port differ (this method
    /// does not write scheme-relative `//host/...` answers for another host), when `url` has
    /// an opaque path (`mailto:`) and the base does not, and, for a base with an opaque path,
    /// unless `url` differs from it only in its fragment. For hierarchical URLs of the same
    /// scheme and authority there is always an answer.
    ///
    /// ```
    /// use weburl_parser::Url;
    ///
    /// let base = Url::parse("https://example.net/a/b.html")?;
    /// let url = Url::parse("https://example.net/a/c.png")?;
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("c.png"));
    /// let url = Url::parse("https://example.net/d/e?x#y")?;
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("../d/e?x#y"));
    /// let url = Url::parse("https://example.net/a/b.html?q")?;
    /// assert_eq!(base.make_relative(&url).as_deref(), Some("?q"));
    /// assert_eq!(base.make_relative(&Url::parse("https://other.net/")?), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn make_relative(&self, url: &Url) -> Option<String> {
        // Scheme, credentials, host and port: the serialization up to the path.
        if self.serialization.get(..self.authority_end() as usize)
            != url.serialization.get(..url.authority_end() as usize)
        {
            return None;
        }
        let joins_back =
            |candidate: &str| self.join(candidate).is_ok_and(|u| u.href() == url.href());

        if self.has_opaque_path() || url.has_opaque_path() {
            // Only a fragment can be resolved against an opaque path ("no scheme" state).
            let same_until_fragment = self.serialization.get(..self.query_end() as usize)
                == url.serialization.get(..url.query_end() as usize);
            if url.fragment().is_some() && same_until_fragment {
                let mut candidate = String::with_capacity(fragment_len(url));
                push_fragment(&mut candidate, url);
                return joins_back(&candidate).then_some(candidate);
            }
            return None;
        }

        // Where every candidate below is known to join back (see `known_to_join_back`), it is
        // returned without joining; debug builds join it and compare.
        let known = known_to_join_back(self, url);
        let check = |candidate: &str| {
            if known {
                debug_assert!(joins_back(candidate), "{candidate:?} from {self:?} to {url:?}");
                true
            } else {
                joins_back(candidate)
            }
        };

        // The same path: a fragment, or a query and fragment, is enough.
        if self.pathname() == url.pathname() {
            // An empty string keeps the base's query (relative state, EOF); it cannot remove one.
            let candidate = if self.query() == url.query() {
                let mut candidate = String::with_capacity(fragment_len(url));
                push_fragment(&mut candidate, url);
                Some(candidate)
            } else if url.query().is_some() {
                let mut candidate = String::with_capacity(query_and_fragment_len(url));
                push_query_and_fragment(&mut candidate, url);
                Some(candidate)
            } else {
                None
            };
            if let Some(candidate) = candidate.filter(|c| check(c)) {
                return Some(candidate);
            }
        }

        // A path relative to the base's directory.
        let (ups, dot, rest) = relative_path(self.pathname(), url.pathname());
        let len = 3 * ups + 2 * usize::from(dot) + rest.len() + query_and_fragment_len(url);
        let mut candidate = String::with_capacity(len);
        for _ in 0..ups {
            candidate.push_str("../");
        }
        if dot {
            candidate.push_str("./");
        }
        candidate.push_str(rest);
        push_query_and_fragment(&mut candidate, url);
        if check(&candidate) {
            return Some(candidate);
        }

        // A path from the root; `/.` keeps a path starting with `//` from reading as a host.
        candidate.clear();
        if url.pathname().starts_with("//") {
            candidate.push_str("/.");
        }
        candidate.push_str(url.pathname());
        push_query_and_fragment(&mut candidate, url);
        if joins_back(&candidate) {
            return Some(candidate);
        }

        // Scheme-relative, with the (same) authority: needed where a path alone cannot get
        // there, e.g. out of a Windows drive letter or to an empty path after a host.
        if url.host_kind().is_some() {
            let rest = url.serialization.get(url.scheme_end as usize + 1..).unwrap_or_default();
            if joins_back(rest) {
                return Some(String::from(rest));
            }
        }
        None
    }
}

/// Whether the fragment, query and directory-relative candidates of
/// [`make_relative`](Url::make_relative) join back from `base` to `url` without trying:
/// two URLs of the same scheme and authority, neither with an opaque path, and:
///
/// - not `file:` URLs, whose Windows drive letters `join` treats apart (file state, and
///   shorten a path, step 2);
/// - both paths non-empty (so both start with `/`).
///
/// Then each candidate is read as it was written: `url` is canonical, so its segments are no
/// dot segments, hold no byte that parsing encodes again or reads as a separator, and its query
/// and fragment come back as they are; the candidate starts with `../`, `./`, `?`, `#` or a
/// segment without `:`, so it is not read as a scheme or an authority; and the base's path, less
/// its last segment and one more per `../`, is the part it shares with `url`'s path.
fn known_to_join_back(base: &Url, url: &Url) -> bool {
    !base.scheme_type.is_file() && !base.pathname().is_empty() && !url.pathname().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(base: &str, url: &str) -> Option<String> {
        Url::parse(base).unwrap().make_relative(&Url::parse(url).unwrap())
    }

    fn relative(base: &str, target: &str) -> String {
        let (ups, dot, rest) = relative_path(base, target);
        let mut out = "../".repeat(ups);
        if dot {
            out.push_str("./");
        }
        out + rest
    }

    #[test]
    fn relative_paths() {
        assert_eq!(relative("/a/b", "/a/c"), "c");
        assert_eq!(relative("/a/b/", "/a/b/c"), "c");
        assert_eq!(relative("/a/b/c", "/a/d"), "../d");
        assert_eq!(relative("/a/b/c", "/a/"), "../");
        assert_eq!(relative("/a/b", "/a/"), "./");
        assert_eq!(relative("/a/b", "/a//c"), ".//c");
        assert_eq!(relative("/a/b", "/a/c:d"), "./c:d");
        assert_eq!(relative("/x/y", "/"), "../");
        assert_eq!(relative("", "/a"), "a");
    }

    #[test]
    fn answers() {
        let cases = [
            ("https://h/a/b", "https://h/a/b", Some("")),
            ("https://h/a/b#f", "https://h/a/b", Some("")),
            ("https://h/a/b", "https://h/a/b#g", Some("#g")),
            ("https://h/a/b?q", "https://h/a/b", Some("b")),
            ("https://h/a/b?q#f", "https://h/a/b?q", Some("")),
            ("https://h/a/?q", "https://h/a/", Some("./")),
            ("https://h/a/b", "https://h/a/b?", Some("?")),
            ("https://h/a/b", "https://h/c:d", Some("../c:d")),
            ("https://h/b", "https://h/c:d", Some("./c:d")),
            ("https://h/a/b", "https://h//x", Some("..//x")),
            ("https://h/b", "https://h//x", Some(".//x")),
            ("sc://h/a", "sc://h", Some("//h")),
            ("sc:/a/b", "sc:/.//c", Some("..//c")),
            ("file:///C:/a", "file:///x", Some("///x")),
            ("file:///b", "file:///C:/x", Some("./C:/x")),
            ("mailto:a", "mailto:a#f", Some("#f")),
            ("mailto:a#f", "mailto:a", None),
            ("mailto:a", "mailto:b", None),
            ("https://h/", "mailto:a", None),
            ("https://h/", "http://h/", None),
            ("https://h/", "https://h:1/", None),
            ("https://u@h/", "https://h/", None),
            ("sc:/a", "sc://h/a", None),
        ];
        for (base, url, want) in cases {
            assert_eq!(rel(base, url).as_deref(), want, "{base} -> {url}");
        }
    }
}
