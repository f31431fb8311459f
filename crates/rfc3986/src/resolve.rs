//! Reference resolution (section 5.2): the transform of section 5.2.2 in its strict form,
//! merging paths (5.2.3) and removing dot segments (5.2.4), written out as in section 5.3.

use alloc::string::String;

use crate::builder::Builder;
use crate::error::Error;
use crate::uri_ref::{UriRef, UriRefBuf};

/// Removes the `"."` and `".."` segments of `path` (section 5.2.4).
///
/// ```
/// use weburl_rfc3986::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
#[must_use]
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into(path, &mut out);
    out
}

/// Removes the last segment and its preceding `"/"` (if any) from the output buffer, which is
/// `out[floor..]` (section 5.2.4, step 2C).
fn pop_segment(out: &mut String, floor: usize) {
    let written = out.get(floor..).unwrap_or_default();
    let keep = written.rfind('/').unwrap_or(0);
    out.truncate(floor + keep);
}

/// Section 5.2.4 with `input` as the input buffer and what follows the current end of `out`
/// as the output buffer. Linear: each step consumes input, and step 2C only looks back over
/// the segment it removes.
pub(crate) fn remove_dot_segments_into(path: &str, out: &mut String) {
    let floor = out.len();
    let mut input = path;
    // Step 2: while the input buffer is not empty.
    while !input.is_empty() {
        // Step 2A: drop a leading "../" or "./".
        if let Some(rest) = input.strip_prefix("../").or_else(|| input.strip_prefix("./")) {
            input = rest;
        }
        // Step 2B: "/./" or a final "/." becomes "/".
        else if input.starts_with("/./") || input == "/." {
            input = input.get(2..).filter(|rest| !rest.is_empty()).unwrap_or("/");
        }
        // Step 2C: "/../" or a final "/.." becomes "/", removing the last output segment.
        else if input.starts_with("/../") || input == "/.." {
            input = input.get(3..).filter(|rest| !rest.is_empty()).unwrap_or("/");
            pop_segment(out, floor);
        }
        // Step 2D: a lone "." or ".." is dropped.
        else if input == "." || input == ".." {
            input = "";
        }
        // Step 2E: move the first segment (with its leading "/", if any) to the output.
        else {
            let after_slash = usize::from(input.starts_with('/'));
            let rest = input.get(after_slash..).unwrap_or_default();
            let end = rest.find('/').map_or(input.len(), |i| i + after_slash);
            let (segment, rest) = input.split_at_checked(end).unwrap_or((input, ""));
            out.push_str(segment);
            input = rest;
        }
    }
}

/// Section 5.2.3, merge: the base path up to and including its last `"/"` (or `"/"` when the
/// base has an authority and an empty path), then the reference's path.
fn merge(base: &UriRef<'_>, reference_path: &str) -> String {
    let base_path = base.path();
    let mut merged = String::with_capacity(base_path.len() + reference_path.len() + 1);
    if base.has_authority() && base_path.is_empty() {
        merged.push('/');
    } else if let Some(last_slash) = base_path.rfind('/') {
        merged.push_str(base_path.get(..=last_slash).unwrap_or_default());
    }
    merged.push_str(reference_path);
    merged
}

impl UriRef<'_> {
    /// Resolves `reference` against this base URI (section 5.2.2, the strict parser: a scheme
    /// in the reference is always kept, so `"http:g"` stays `"http:g"`).
    ///
    /// The base must have a scheme; its fragment, if any, is ignored (section 5.1). The result
    /// is always a `URI`. Where section 5.3 would write a path starting with `"//"` without
    /// an authority (a string that reads back differently), `"/."` is put before the path,
    /// as the URL Standard does.
    ///
    /// ```
    /// use weburl_rfc3986::UriRef;
    ///
    /// let base = UriRef::parse("http://a/b/c/d;p?q")?;
    /// let target = base.resolve(&UriRef::parse("../g?y#s")?)?;
    /// assert_eq!(target.as_str(), "http://a/b/g?y#s");
    /// # Ok::<(), weburl_rfc3986::Error>(())
    /// ```
    pub fn resolve(&self, reference: &UriRef<'_>) -> Result<UriRefBuf, Error> {
        let base = self;
        let Some(base_scheme) = base.scheme() else {
            return Err(Error::BaseNotAbsolute);
        };
        let r = reference;
        let mut t = Builder::new(base.as_str().len() + r.as_str().len() + 2);
        // Section 5.2.2: each branch writes T.scheme, T.authority, T.path and T.query.
        if let Some(scheme) = r.scheme() {
            t.out().push_str(scheme);
            t.end_scheme();
            if r.has_authority() {
                t.copy_authority(r);
            }
            t.start_path();
            remove_dot_segments_into(r.path(), t.out());
            t.end_path();
            push_query(&mut t, r.query());
        } else {
            t.out().push_str(base_scheme);
            t.end_scheme();
            if r.has_authority() {
                t.copy_authority(r);
                t.start_path();
                remove_dot_segments_into(r.path(), t.out());
                t.end_path();
                push_query(&mut t, r.query());
            } else {
                if base.has_authority() {
                    t.copy_authority(base);
                }
                t.start_path();
                if r.path().is_empty() {
                    t.out().push_str(base.path());
                    t.end_path();
                    push_query(&mut t, r.query().or(base.query()));
                } else {
                    if r.path().starts_with('/') {
                        remove_dot_segments_into(r.path(), t.out());
                    } else {
                        remove_dot_segments_into(&merge(base, r.path()), t.out());
                    }
                    t.end_path();
                    push_query(&mut t, r.query());
                }
            }
        }
        // T.fragment = R.fragment.
        if let Some(fragment) = r.fragment() {
            t.start_fragment();
            t.out().push_str(fragment);
        }
        Ok(t.finish())
    }
}

/// Writes `"?"` and the query when it is defined.
fn push_query(t: &mut Builder, query: Option<&str>) {
    if let Some(query) = query {
        t.start_query();
        t.out().push_str(query);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_traces_of_section_5_2_4() {
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    }

    #[test]
    fn dot_segment_edges() {
        for (input, expected) in [
            ("", ""),
            (".", ""),
            ("..", ""),
            ("/", "/"),
            ("/.", "/"),
            ("/..", "/"),
            ("/./", "/"),
            ("/../", "/"),
            ("../../a", "a"),
            ("./a/./b", "a/b"),
            ("a/..", "/"),
            ("a/../", "/"),
            ("/a/b/..", "/a/"),
            ("/a/b/../..", "/"),
            ("/a//..", "/a/"),
            ("/..//g", "//g"),
            ("/.//g", "//g"),
            ("/a/.b/..c/...", "/a/.b/..c/..."),
            ("/%2E/%2e%2E", "/%2E/%2e%2E"),
            ("a", "a"),
        ] {
            assert_eq!(remove_dot_segments(input), expected, "{input}");
        }
    }

    #[test]
    fn base_must_have_a_scheme() {
        let base = UriRef::parse("//a/b").unwrap();
        let r = UriRef::parse("g").unwrap();
        assert_eq!(base.resolve(&r), Err(Error::BaseNotAbsolute));
    }

    #[test]
    fn no_authority_paths_never_start_with_two_slashes() {
        let base = UriRef::parse("a:/b/c").unwrap();
        let t = base.resolve(&UriRef::parse("/..//g").unwrap()).unwrap();
        assert_eq!(t.as_str(), "a:/.//g");
        assert_eq!((t.authority(), t.path()), (None, "/.//g"));
        let t = base.resolve(&UriRef::parse("x:/.//g?q").unwrap()).unwrap();
        assert_eq!(t.as_str(), "x:/.//g?q");
        // With an authority "//" is a fine path-abempty.
        let t = UriRef::parse("a://h/b").unwrap().resolve(&UriRef::parse("/..//g").unwrap());
        assert_eq!(t.unwrap().as_str(), "a://h//g");
    }
}
