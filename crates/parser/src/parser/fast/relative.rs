//! The fast path with a base URL: a relative reference against a special base other than
//! `file` (no scheme state step 3, relative state, relative slash state), when the reference
//! is scheme-relative (`//host/p`), root-relative (`/p`), path-relative (`p`, `../p`), a query
//! (`?q`) or a fragment (`#f`). The base's serialization up to the part the reference replaces
//! is copied in one piece with its offsets, and the reference is walked by the same code as
//! an absolute input ([`Fast::authority`], [`Fast::rest`]), so the output is one allocation
//! of the base's and the input's length. Anything else gives up, as the fast path does.

use alloc::string::String;

use super::{Component, Fast, Head, Notes};
use crate::parser::scheme::scheme_prefix_len;
use crate::url::Url;

/// Parses the relative reference `input` (not cleaned) against `base` on the fast path into
/// `out` (empty). On giving up, returns `None` with `out` emptied for the state machine to
/// reuse. With `strict`, gives up on every input with a validation error.
#[inline]
pub(crate) fn join(input: &str, base: &Url, strict: bool, out: &mut String) -> Option<Url> {
    let url = if strict {
        Fast::<true> { input, bytes: input.as_bytes(), out: &mut *out, run: 0, notes: () }
            .relative(base)
    } else {
        Fast::<false> { input, bytes: input.as_bytes(), out: &mut *out, run: 0, notes: () }
            .relative(base)
    };
    if url.is_none() {
        out.clear();
    }
    url
}

impl<const STRICT: bool, N: Notes> Fast<'_, '_, STRICT, N> {
    fn relative(&mut self, base: &Url) -> Option<Url> {
        let bytes = self.bytes;
        // A special base other than file: it has a host, and its path starts with `/`.
        if !base.scheme_type.is_special() || base.scheme_type.is_file() {
            return None;
        }
        let host_kind = Some(base.host_kind?);
        // Basic URL parser step 1: nothing to trim.
        let (&first, &last) = (bytes.first()?, bytes.last()?);
        if first <= b' ' || last <= b' ' || u32::try_from(bytes.len()).is_err() {
            return None;
        }
        let serialization = base.serialization.as_str();
        let scheme_end = base.scheme_end as usize;
        let path_start = base.path_start as usize;
        let head = Head {
            scheme_end,
            username_end: base.username_end as usize,
            host_start: base.host_start as usize,
            host_end: base.host_end as usize,
            port: base.port,
            host_kind,
            scheme_type: base.scheme_type,
            path_start,
        };
        match first {
            b'/' => match bytes.get(1) {
                // Relative slash state step 1, special authority ignore slashes state: the
                // input's own authority after base's scheme.
                Some(b'/') => {
                    self.out.push_str(serialization.get(..=scheme_end)?);
                    self.authority(scheme_end, 2, base.scheme_type)
                }
                Some(b'\\') => None,
                // Relative slash state step 3: base's credentials, host and port; the `/`
                // starts the path.
                _ => {
                    self.out.push_str(serialization.get(..path_start)?);
                    self.rest(1, Component::Path { at_segment: false }, head, None)
                }
            },
            b'\\' => None,
            // Relative state steps 5.1-5.2: base's path, a new query.
            b'?' => {
                self.out.push_str(serialization.get(..base.path_end() as usize)?);
                self.rest(1, Component::Query, head, None)
            }
            // Relative state steps 5.1 and 5.3: base's path and query, a new fragment.
            b'#' => {
                self.out.push_str(serialization.get(..base.query_end() as usize)?);
                self.rest(1, Component::Fragment, head, base.query_start)
            }
            _ => {
                // Scheme state: a scheme makes the input absolute (the state machine's).
                if scheme_prefix_len(bytes).is_some() {
                    return None;
                }
                // Relative state steps 5.1 and 5.4: base's path without its last segment,
                // then path state from the input's first byte (a segment's start).
                let path = serialization.get(path_start..base.path_end() as usize)?;
                let last_slash = path.rfind('/')?;
                self.out.push_str(serialization.get(..path_start + last_slash + 1)?);
                self.rest(0, Component::Path { at_segment: true }, head, None)
            }
        }
    }
}
