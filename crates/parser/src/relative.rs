//! [`Url::make_relative`]: the shortest relative-URL string that [`Url::join`] resolves
//! back to a given URL (the inverse of `join`, as rust-url's `make_relative`).
//!
//! Each answer is checked before it is returned: candidates are tried from the most to the
//! least relative (fragment or query only, a path relative to the base's directory, a path
//! from the root, a scheme-relative `//host/...`), and the first that joins back to the target
//! wins. So a `Some` answer always joins back, whatever the corner (empty segments, `:` in a
//! first segment, Windows drive letters in `file:` URLs, the `/.` path prefix).

use alloc::string::String;
use alloc::vec::Vec;

use crate::Position;
use crate::url::Url;

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

/// A list path's segments (the path after its first `/`, split at `/`); none for an empty
/// path.
fn segments(path: &str) -> Vec<&str> {
    match path.strip_prefix('/') {
        Some(rest) => rest.split('/').collect(),
        None => Vec::new(),
    }
}

/// A relative path from the directory of `base_path` to `target_path`: `../` for each of the
/// base's directories not shared, then the target's remaining segments. Guarded against being
/// read as something else: `./` before an empty result, one starting with `/` (an empty
/// segment) or one whose first segment holds `:` (which would read as a scheme).
fn relative_path(base_path: &str, target_path: &str) -> String {
    let base = segments(base_path);
    let target = segments(target_path);
    let base_dir = base.get(..base.len().saturating_sub(1)).unwrap_or_default();
    let target_dir = target.get(..target.len().saturating_sub(1)).unwrap_or_default();
    let common = base_dir.iter().zip(target_dir).take_while(|(a, b)| a == b).count();
    let mut out = String::with_capacity(target_path.len());
    for _ in common..base_dir.len() {
        out.push_str("../");
    }
    let rest = target.get(common..).unwrap_or_default();
    let first = rest.first().copied().unwrap_or_default();
    if out.is_empty() && (first.is_empty() || first.contains(':')) {
        out.push_str("./");
    }
    for (i, segment) in rest.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        out.push_str(segment);
    }
    out
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
        if self.scheme() != url.scheme() {
            return None;
        }
        // Scheme, credentials, host and port.
        if self[..Position::AfterPort] != url[..Position::AfterPort] {
            return None;
        }
        let joins_back =
            |candidate: &str| self.join(candidate).is_ok_and(|u| u.href() == url.href());
        let mut candidate = String::new();

        if self.has_opaque_path() || url.has_opaque_path() {
            // Only a fragment can be resolved against an opaque path ("no scheme" state).
            if url.fragment().is_some()
                && self[..Position::AfterQuery] == url[..Position::AfterQuery]
            {
                push_fragment(&mut candidate, url);
                return joins_back(&candidate).then_some(candidate);
            }
            return None;
        }

        // The same path: a fragment, or a query and fragment, is enough.
        if self.pathname() == url.pathname() {
            // An empty string keeps the base's query (relative state, EOF); it cannot remove one.
            let usable = if self.query() == url.query() {
                push_fragment(&mut candidate, url);
                true
            } else if url.query().is_some() {
                push_query_and_fragment(&mut candidate, url);
                true
            } else {
                false
            };
            if usable && joins_back(&candidate) {
                return Some(candidate);
            }
        }

        // A path relative to the base's directory.
        candidate = relative_path(self.pathname(), url.pathname());
        push_query_and_fragment(&mut candidate, url);
        if joins_back(&candidate) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rel(base: &str, url: &str) -> Option<String> {
        Url::parse(base).unwrap().make_relative(&Url::parse(url).unwrap())
    }

    #[test]
    fn relative_paths() {
        assert_eq!(relative_path("/a/b", "/a/c"), "c");
        assert_eq!(relative_path("/a/b/", "/a/b/c"), "c");
        assert_eq!(relative_path("/a/b/c", "/a/d"), "../d");
        assert_eq!(relative_path("/a/b/c", "/a/"), "../");
        assert_eq!(relative_path("/a/b", "/a/"), "./");
        assert_eq!(relative_path("/a/b", "/a//c"), ".//c");
        assert_eq!(relative_path("/a/b", "/a/c:d"), "./c:d");
        assert_eq!(relative_path("/x/y", "/"), "../");
        assert_eq!(relative_path("", "/a"), "a");
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
