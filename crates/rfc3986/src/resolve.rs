//! Reference resolution (section 5.2): the transform of section 5.2.2 in its strict form,
//! merging paths (5.2.3) and removing dot segments (5.2.4), written out as in section 5.3.

use alloc::string::String;

use crate::builder::Builder;
use crate::chars::{find_byte_near, load_short, splat, zero_bytes};
use crate::error::Error;
use crate::parse::{Authority, Offset, Parts};
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

/// True when `path` has a `"."` or `".."` segment (between slashes or at either end): the
/// only paths that section 5.2.4 changes. Eight bytes at a time: only a `.` right after a `/`
/// (or at the start) can begin such a segment, and words without one are passed at once.
#[inline]
fn has_dot_segment(path: &str) -> bool {
    scan_path(path.as_bytes()).dot_segment
}

/// What one pass over a path finds.
struct PathScan {
    /// Whether the path has a `"."` or `".."` segment (then `last_slash` is not looked for).
    dot_segment: bool,
    /// The index of the path's last `"/"`, if any.
    last_slash: Option<usize>,
}

/// Looks for dot segments (as [`has_dot_segment`]) and the last `"/"` of `bytes` in one pass,
/// eight bytes at a time; the last bytes (fewer than eight) are one more, shorter word.
#[inline(always)]
fn scan_path(bytes: &[u8]) -> PathScan {
    let (dot_word, slash_word) = (splat(b'.'), splat(b'/'));
    let mut last_slash = None;
    // Whether the byte before the word is a `/` (the start counts as one).
    let mut after_slash = true;
    // One word of the path from `i`: true when a dot segment starts in it.
    let mut step = |word: u64, i: usize, after_slash: &mut bool| {
        let slashes = zero_bytes(word ^ slash_word);
        let mut starts =
            zero_bytes(word ^ dot_word) & (slashes << 8 | u64::from(*after_slash) << 7);
        while starts != 0 {
            if is_dot_segment_at(bytes, i + (starts.trailing_zeros() / 8) as usize) {
                return true;
            }
            starts &= starts - 1;
        }
        if slashes != 0 {
            last_slash = Some(i + (63 - slashes.leading_zeros() as usize) / 8);
        }
        *after_slash = slashes >> 63 != 0;
        false
    };
    let mut i = 0;
    while let Some(chunk) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if step(u64::from_le_bytes(*chunk), i, &mut after_slash) {
            return PathScan { dot_segment: true, last_slash: None };
        }
        i += 8;
    }
    // The zero bytes that fill the last word are neither "." nor "/".
    let dot_segment = step(load_short(bytes.get(i..).unwrap_or_default()), i, &mut after_slash);
    PathScan { dot_segment, last_slash }
}

/// True when the `.` at `bytes[dot]` starts a `"."` or `".."` segment.
#[inline]
fn is_dot_segment_at(bytes: &[u8], dot: usize) -> bool {
    let starts = dot == 0 || bytes.get(dot - 1) == Some(&b'/');
    let after = match bytes.get(dot + 1) {
        Some(b'.') => dot + 2,
        _ => dot + 1,
    };
    starts && matches!(bytes.get(after), None | Some(b'/'))
}

/// Section 5.2.4 in place on `buf[start..]`, the input buffer: the output buffer is written
/// over the input already consumed (it never gets ahead of it). Linear: each step consumes
/// input, and step 2C only looks back over the segment it removes.
fn remove_dot_segments_in_place(buf: &mut [u8], start: usize) -> usize {
    // `read..` is the input buffer, `start..write` the output buffer; `write <= read`.
    let (mut read, mut write) = (start, start);
    let end = buf.len();
    let at = |buf: &[u8], i: usize| buf.get(i).copied();
    // Step 2: while the input buffer is not empty.
    while read < end {
        let b0 = at(buf, read);
        let b1 = at(buf, read + 1);
        let b2 = at(buf, read + 2);
        let b3 = at(buf, read + 3);
        match (b0, b1, b2, b3) {
            // Step 2A: drop a leading "../" or "./".
            (Some(b'.'), Some(b'.'), Some(b'/'), _) => read += 3,
            (Some(b'.'), Some(b'/'), _, _) => read += 2,
            // Step 2B: "/./" becomes "/" (the input keeps its third byte).
            (Some(b'/'), Some(b'.'), Some(b'/'), _) => read += 2,
            // Step 2B: a final "/." becomes "/".
            (Some(b'/'), Some(b'.'), None, _) => {
                read += 1;
                if let Some(slot) = buf.get_mut(read) {
                    *slot = b'/';
                }
            }
            // Step 2C: "/../" or a final "/.." becomes "/", removing the last output segment.
            (Some(b'/'), Some(b'.'), Some(b'.'), b3 @ (Some(b'/') | None)) => {
                if b3.is_some() {
                    read += 3;
                } else {
                    read += 2;
                    if let Some(slot) = buf.get_mut(read) {
                        *slot = b'/';
                    }
                }
                let written = buf.get(start..write).unwrap_or_default();
                write = start + written.iter().rposition(|&b| b == b'/').unwrap_or(0);
            }
            // Step 2D: a lone "." or ".." is dropped.
            (Some(b'.'), None, _, _) | (Some(b'.'), Some(b'.'), None, _) => read = end,
            // Step 2E: move the first segment (with its leading "/", if any) to the output.
            _ => {
                let from = read + usize::from(b0 == Some(b'/'));
                let rest = buf.get(from..end).unwrap_or_default();
                let segment_end = rest.iter().position(|&b| b == b'/').map_or(end, |i| from + i);
                buf.copy_within(read..segment_end, write);
                write += segment_end - read;
                read = segment_end;
            }
        }
    }
    write
}

/// Removes the dot segments (section 5.2.4) of the path `out[start..]`, in place: nothing is
/// allocated, and a path without dot segments is not touched.
pub(crate) fn remove_dot_segments_at(out: &mut String, start: usize) {
    if !out.get(start..).is_some_and(has_dot_segment) {
        return;
    }
    // `String` cannot move bytes in place without `unsafe`: work on the bytes, check once.
    let mut bytes = core::mem::take(out).into_bytes();
    let len = remove_dot_segments_in_place(&mut bytes, start);
    bytes.truncate(len);
    // Whole segments and ASCII slashes were moved, so the bytes are still UTF-8.
    *out = String::from_utf8(bytes).unwrap_or_else(|err| {
        debug_assert!(false, "removing dot segments keeps UTF-8");
        String::from_utf8_lossy(err.as_bytes()).into_owned()
    });
}

/// Section 5.2.4 for a path that starts with `"/"`, written to `out` in one pass.
///
/// For such a path the algorithm comes down to a stack of `"/"`-led segments: a `"."`
/// segment is dropped, a `".."` one also drops the segment before it (if any), and when the
/// last segment was either, the path ends with `"/"`. Each segment is written as it comes and
/// taken off again if it is a dot segment, so nothing is moved twice.
pub(crate) struct DotFree {
    /// Where the path starts in `out`.
    root: usize,
    /// Whether the last segment ended was `"."` or `".."`.
    ends_in_dot: bool,
}

impl DotFree {
    /// A path that starts at the end of `out`.
    pub(crate) fn start(out: &str) -> DotFree {
        DotFree { root: out.len(), ends_in_dot: false }
    }

    /// Ends the segment written after the `"/"` at `out[slash]`, the last one in `out`: a
    /// `"."` segment goes with its `"/"`, a `".."` segment also with the segment before it.
    #[inline]
    pub(crate) fn end_segment(&mut self, out: &mut String, slash: usize) {
        let keep = match out.as_bytes().get(slash + 1..) {
            Some(b".") => slash,
            Some(b"..") => {
                let stack = out.as_bytes().get(self.root..slash).unwrap_or_default();
                self.root + stack.iter().rposition(|&b| b == b'/').unwrap_or(0)
            }
            _ => {
                self.ends_in_dot = false;
                return;
            }
        };
        self.ends_in_dot = true;
        out.truncate(keep);
    }

    /// Drops the `"."` (or, with `double`, `".."`) segment whose `"/"` is at `out[slash]`,
    /// the last segment in `out`, as [`DotFree::end_segment`] does.
    #[inline]
    pub(crate) fn drop_dot_segment(&mut self, out: &mut String, slash: usize, double: bool) {
        let keep = if double {
            let stack = out.as_bytes().get(self.root..slash).unwrap_or_default();
            self.root + stack.iter().rposition(|&b| b == b'/').unwrap_or(0)
        } else {
            slash
        };
        self.ends_in_dot = true;
        out.truncate(keep);
    }

    /// Ends the last segment in `out` (which has no `"/"` in its text, so the last `"/"` of
    /// `out` leads it): [`DotFree::end_segment`] without the `"/"`'s place.
    #[inline]
    pub(crate) fn end_last_segment(&mut self, out: &mut String) {
        let len = out.len();
        match out.as_bytes().get(self.root..) {
            Some([.., b'/', b'.']) => self.drop_dot_segment(out, len - 2, false),
            Some([.., b'/', b'.', b'.']) => self.drop_dot_segment(out, len - 3, true),
            _ => self.ends_in_dot = false,
        }
    }

    /// Notes that text other than a dot segment was written last.
    #[inline]
    pub(crate) fn wrote_text(&mut self) {
        self.ends_in_dot = false;
    }

    /// Appends the segments of `path`, which is empty or starts with `"/"`.
    fn push(&mut self, out: &mut String, path: &str) {
        let bytes = path.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let end = find_byte_near(bytes, i + 1, b'/');
            let slash = out.len();
            out.push_str(path.get(i..end).unwrap_or_default());
            self.end_segment(out, slash);
            i = end;
        }
    }

    /// Appends `"/"` and then `path` (whose first segment that `"/"` leads).
    fn push_after_slash(&mut self, out: &mut String, path: &str) {
        let end = find_byte_near(path.as_bytes(), 0, b'/');
        let slash = out.len();
        out.push('/');
        out.push_str(path.get(..end).unwrap_or_default());
        self.end_segment(out, slash);
        self.push(out, path.get(end..).unwrap_or_default());
    }

    /// Ends the path: with `"/"` when its last segment was a dot segment.
    pub(crate) fn finish(self, out: &mut String) {
        if self.ends_in_dot {
            out.push('/');
        }
    }
}

/// Section 5.2.4 for `path`, appended to `out`.
pub(crate) fn remove_dot_segments_into(path: &str, out: &mut String) {
    if path.starts_with('/') {
        if has_dot_segment(path) {
            let mut dot_free = DotFree::start(out);
            dot_free.push(out, path);
            dot_free.finish(out);
        } else {
            out.push_str(path);
        }
        return;
    }
    let start = out.len();
    out.push_str(path);
    remove_dot_segments_at(out, start);
}

/// Section 5.2.3, merge, then 5.2.4, appended to `out`: the base path up to and including its
/// last `"/"` (or `"/"` when the base has an authority and an empty path), then the
/// reference's path, without dot segments.
fn merge_without_dots_into(base: &UriRef<'_>, reference_path: &str, out: &mut String) {
    let base_path = base.path();
    let prefix = if base.has_authority() && base_path.is_empty() {
        "/"
    } else {
        base_path.rfind('/').and_then(|last| base_path.get(..=last)).unwrap_or_default()
    };
    let Some(rooted) = prefix.strip_suffix('/').filter(|_| prefix.starts_with('/')) else {
        // A rootless base path: the merged path need not start with "/".
        let start = out.len();
        out.push_str(prefix);
        out.push_str(reference_path);
        remove_dot_segments_at(out, start);
        return;
    };
    // The prefix ends with "/", so a dot segment of the merged path lies in one of the two
    // pieces, and a piece without one is copied whole (it leaves the stack as it found it).
    let mut dot_free = DotFree::start(out);
    if has_dot_segment(rooted) {
        dot_free.push(out, rooted);
    } else {
        out.push_str(rooted);
    }
    if has_dot_segment(reference_path) {
        dot_free.push_after_slash(out, reference_path);
        dot_free.finish(out);
    } else {
        out.push('/');
        out.push_str(reference_path);
    }
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
        if !self.is_uri() {
            return Err(Error::BaseNotAbsolute);
        }
        Ok(resolve_by_copies(self, reference).unwrap_or_else(|| resolve_steps(self, reference)))
    }
}

/// The offsets of `parts` moved `by` bytes to the right.
fn shifted(parts: &Parts, by: usize) -> Parts {
    let at = |i: usize| i + by;
    Parts {
        scheme_end: parts.scheme_end.map(at).into(),
        authority: parts.authority.map(|a| Authority {
            start: at(a.start),
            userinfo_end: a.userinfo_end.map(at),
            host_start: at(a.host_start),
            host_end: at(a.host_end),
            port_start: a.port_start.map(at),
            kind: a.kind,
        }),
        path_start: at(parts.path_start),
        path_end: at(parts.path_end),
        query_start: parts.query_start.map(at).into(),
        fragment_start: parts.fragment_start.map(at).into(),
    }
}

/// Section 5.2.2 when no dot segment is to be removed: the target is then a prefix of the
/// base (`head`), possibly a `"/"`, and the whole reference, so it is written in two copies
/// and its offsets are the base's and the reference's moved. `None` when a path that the
/// transform passes through `remove_dot_segments` has a dot segment.
///
/// The cases, by what the reference has (`r` is all of it):
///
/// - a scheme: `r` (its path had no dot segments to remove);
/// - an authority: the base's `scheme ":"`, then `r`;
/// - an empty path and a query: the base up to the end of its path, then `r` (`"?q#f"`);
/// - an empty path and no query: the base up to the end of its query, then `r` (`""` or
///   `"#f"`);
/// - a path starting with `"/"`: the base's scheme and authority, then `r`;
/// - another path (merge, section 5.2.3): the base up to and including the last `"/"` of
///   its path (or `"/"` after the authority when the base path is empty), then `r`; neither
///   piece has a dot segment, and as the first ends with `"/"`, neither has the whole.
fn resolve_by_copies(base: &UriRef<'_>, r: &UriRef<'_>) -> Option<UriRefBuf> {
    let (b, rp) = (base.parts(), r.parts());
    let text = base.as_str();
    let (head, slash, parts) = if rp.scheme_end.is_some() || rp.authority.is_some() {
        if has_dot_segment(r.path()) {
            return None;
        }
        if rp.scheme_end.is_some() {
            ("", false, *rp)
        } else {
            let head = text.get(..b.scheme_end.get()? + 1)?;
            (head, false, Parts { scheme_end: b.scheme_end, ..shifted(rp, head.len()) })
        }
    } else if r.path().is_empty() && rp.query_start.is_none() {
        let query_end = b.fragment_start.map_or(text.len(), |f| f - 1);
        let head = text.get(..query_end)?;
        let fragment_start = rp.fragment_start.map(|f| f + head.len()).into();
        let parts = Parts { fragment_start, ..*b };
        (head, false, parts)
    } else {
        let (head, slash) = if r.path().is_empty() {
            (text.get(..b.path_end)?, false)
        } else if r.path().starts_with('/') {
            (text.get(..b.path_start)?, false)
        } else if b.authority.is_some() && b.path_start == b.path_end {
            (text.get(..b.path_start)?, true)
        } else {
            // A dot segment after the last "/" would not matter, but is rare enough to leave
            // to the steps.
            let scan = scan_path(base.path().as_bytes());
            if scan.dot_segment {
                return None;
            }
            let prefix = scan.last_slash.map_or(0, |last| last + 1);
            (text.get(..b.path_start + prefix)?, false)
        };
        if has_dot_segment(r.path()) {
            return resolve_up(base, r, head, slash)
                .or_else(|| resolve_dotted(base, r, head, slash));
        }
        let moved = shifted(rp, head.len() + usize::from(slash));
        let parts = Parts {
            scheme_end: b.scheme_end,
            authority: b.authority,
            path_start: b.path_start,
            ..moved
        };
        (head, slash, parts)
    };
    let mut out = String::with_capacity(head.len() + usize::from(slash) + r.as_str().len());
    out.push_str(head);
    if slash {
        out.push('/');
    }
    out.push_str(r.as_str());
    Some(Builder::from_string(out, parts).finish())
}

/// [`resolve_by_copies`] for a reference whose path is `"../"` one or more times and then a
/// path without dot segments (`"../../a/b"`, the common relative link up): each `"../"`
/// takes the last segment off the base's directory (`head`, and with `slash` a `"/"` after
/// it), never the root, and the target is what is left of the base, then the reference from
/// after its `"../"`s, in two copies. `None` for other paths, a base path that is not rooted,
/// or a path that would start with `"//"` without an authority (which `end_path` marks).
fn resolve_up(base: &UriRef<'_>, r: &UriRef<'_>, head: &str, slash: bool) -> Option<UriRefBuf> {
    let path = r.path().as_bytes();
    let ups = path.chunks_exact(3).take_while(|&c| c == b"../").count();
    let cut = 3 * ups;
    let rest = path.get(cut..)?;
    if ups == 0 || scan_path(rest).dot_segment {
        return None;
    }
    let b = base.parts();
    // The base's directory, which ends with "/" (the empty one after an authority is "/").
    let dir = if slash { b"/".as_slice() } else { head.as_bytes().get(b.path_start..)? };
    if dir.first() != Some(&b'/') {
        return None;
    }
    let mut kept = dir.len();
    for _ in 0..ups {
        // The "/" before the last segment, if it is not the root.
        kept = match dir.get(..kept - 1).and_then(|d| d.iter().rposition(|&c| c == b'/')) {
            Some(slash) => slash + 1,
            None => break,
        };
    }
    if b.authority.is_none() && kept == 1 && rest.first() == Some(&b'/') {
        return None;
    }
    let tail = r.as_str().get(cut..)?;
    let mut out = String::with_capacity(b.path_start + kept + tail.len());
    out.push_str(base.as_str().get(..b.path_start)?);
    out.push_str(if slash { "/" } else { head.get(b.path_start..b.path_start + kept)? });
    let at = out.len();
    out.push_str(tail);
    // The reference's offsets after its path's start are at least `cut`.
    let moved = |i: usize| i.saturating_sub(cut) + at;
    let rp = r.parts();
    let parts = Parts {
        scheme_end: b.scheme_end,
        authority: b.authority,
        path_start: b.path_start,
        path_end: moved(rp.path_end),
        query_start: rp.query_start.map(moved).into(),
        fragment_start: rp.fragment_start.map(moved).into(),
    };
    Some(Builder::from_string(out, parts).finish())
}

/// [`resolve_by_copies`] for a reference without scheme or authority whose path has dot
/// segments: `head` is the base up to its path and the clean part of the base path that the
/// reference's path follows (with `slash`, a `"/"` to put between them); the path is then
/// written through [`DotFree`] and the reference's query and fragment copied in one piece.
/// `None` (for the steps) when the merged path would not start with `"/"`.
fn resolve_dotted(base: &UriRef<'_>, r: &UriRef<'_>, head: &str, slash: bool) -> Option<UriRefBuf> {
    let b = base.parts();
    let path_start = b.path_start;
    let mut t = Builder::from_string(
        String::with_capacity(head.len() + 2 + r.as_str().len()),
        Parts {
            path_start,
            path_end: path_start,
            query_start: Offset::NONE,
            fragment_start: Offset::NONE,
            ..*b
        },
    );
    let mut dot_free = DotFree { root: path_start, ends_in_dot: false };
    if r.path().starts_with('/') {
        t.out().push_str(head);
        dot_free.push(t.out(), r.path());
    } else {
        // The stack holds the head's path without the "/" that leads the reference's first
        // segment (or a "/" of our own after an empty base path).
        let kept = if slash { Some(head) } else { head.strip_suffix('/') };
        match kept {
            Some(kept) if slash || head.as_bytes().get(path_start) == Some(&b'/') => {
                t.out().push_str(kept);
            }
            _ => return None,
        }
        dot_free.push_after_slash(t.out(), r.path());
    }
    dot_free.finish(t.out());
    t.end_path();
    t.copy_query_and_fragment(r);
    Some(t.finish())
}

/// Section 5.2.2 step by step, each component written in turn (the general form, which
/// [`resolve_by_copies`] shortens when no dot segment is removed). `base` has a scheme.
fn resolve_steps(base: &UriRef<'_>, r: &UriRef<'_>) -> UriRefBuf {
    let base_scheme = base.scheme().unwrap_or_default();
    let mut t = Builder::new(base.as_str().len() + r.as_str().len() + 2);
    // Section 5.2.2: each branch writes T.scheme, T.authority, T.path and T.query. T.scheme is
    // R.scheme when defined, else Base.scheme.
    t.out().push_str(r.scheme().unwrap_or(base_scheme));
    t.end_scheme();
    if r.scheme().is_some() || r.has_authority() {
        // The first two branches: R's authority (if any), path without dot segments and query.
        if r.has_authority() {
            t.copy_authority(r);
        }
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
                merge_without_dots_into(base, r.path(), t.out());
            }
            t.end_path();
            push_query(&mut t, r.query());
        }
    }
    // T.fragment = R.fragment.
    if let Some(fragment) = r.fragment() {
        t.start_fragment();
        t.out().push_str(fragment);
    }
    t.finish()
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
    use alloc::format;
    use alloc::vec::Vec;

    use super::*;

    /// Section 5.2.4 by the in-place loop alone: the oracle of the one-pass forms.
    fn in_place(path: &str) -> String {
        let mut bytes = path.as_bytes().to_vec();
        let len = remove_dot_segments_in_place(&mut bytes, 0);
        bytes.truncate(len);
        String::from_utf8(bytes).unwrap()
    }

    /// Random paths from pieces that make every kind of dot segment.
    fn random_paths(seed: u64, count: usize) -> impl Iterator<Item = String> {
        const PIECES: [&str; 11] = ["/", "/", ".", "..", "a", "bc", ".d", "e.", "...", "/", "%2E"];
        crate::pieced::pieced(&PIECES, seed, count, 9)
    }

    #[test]
    fn one_pass_rooted_paths_match_the_in_place_loop() {
        for tail in random_paths(0x9E37_79B9_7F4A_7C15, 20_000) {
            let path = format!("/{tail}");
            let mut out = String::from("x:");
            remove_dot_segments_into(&path, &mut out);
            assert_eq!(out, format!("x:{}", in_place(&path)), "{path:?}");
        }
    }

    #[test]
    fn one_pass_merges_match_the_in_place_loop() {
        let bases = random_paths(0x2545_F491_4F6C_DD1D, 400).collect::<Vec<_>>();
        let references = random_paths(0x1234_5678_9ABC_DEF1, 50).collect::<Vec<_>>();
        for base_path in &bases {
            for authority in [true, false] {
                let base_text = if authority {
                    format!("x://h/{base_path}")
                } else {
                    format!("x:/{base_path}")
                };
                let Ok(base) = UriRef::parse(&base_text) else { continue };
                for reference in references.iter().filter(|r| !r.starts_with('/')) {
                    let prefix = match base.path().rfind('/') {
                        Some(last) => &base.path()[..=last],
                        None => "/",
                    };
                    let mut out = String::new();
                    merge_without_dots_into(&base, reference, &mut out);
                    let merged = format!("{prefix}{reference}");
                    assert_eq!(out, in_place(&merged), "{base_text:?} {reference:?}");
                }
            }
        }
    }

    #[test]
    fn copies_match_the_steps() {
        // Bases: a scheme, then pieces that make authorities, rooted, rootless and empty
        // paths with and without dot segments, queries and fragments.
        const BASE: [&str; 12] =
            ["//h", "//u@h:8", "/", "/", "a", "b.", ".", "..", "?q", "#f", "/c/", "//"];
        // References: all the kinds of section 5.2.2, with and without dot segments.
        const REFERENCE: [&str; 14] =
            ["y:", "//g", "/", "/", "d", "e/", ".", "..", "?r", "#s", "%2E", "", "/.", "z:/"];
        let bases: Vec<String> = crate::pieced::pieced(&BASE, 0x9E37_79B9_7F4A_7C15, 300, 6)
            .map(|tail| format!("x:{tail}"))
            .filter(|b| UriRef::parse(b).is_ok())
            .collect();
        let references: Vec<String> =
            crate::pieced::pieced(&REFERENCE, 0x2545_F491_4F6C_DD1D, 300, 6)
                .filter(|r| UriRef::parse(r).is_ok())
                .collect();
        let mut copied = 0;
        for base in &bases {
            let base = UriRef::parse(base).unwrap();
            for reference in &references {
                let r = UriRef::parse(reference).unwrap();
                if let Some(fast) = resolve_by_copies(&base, &r) {
                    let steps = resolve_steps(&base, &r);
                    assert_eq!(fast, steps, "{base:?} {r:?}");
                    assert_eq!(fast.as_uri_ref().parts(), steps.as_uri_ref().parts(), "{r:?}");
                    copied += 1;
                }
            }
        }
        // Most pairs take the copies (the rest have dot segments to remove).
        assert!(copied > bases.len() * references.len() / 3, "{copied}");
    }

    #[test]
    fn links_up_match_the_steps() {
        // Bases with and without authority, of every depth, rooted or not, with dot segments
        // or an empty path; references "../" one to four times, then paths with and without
        // dot segments, rooted, empty, with query and fragment.
        const BASE: [&str; 9] = ["/", "a", "b/", "/c", "..", ".", "%2E", "d;p", "/"];
        const REST: [&str; 12] =
            ["", "g", "/", "h/", "..", ".", "/x", "?q", "#f", "i", "./", "../"];
        let mut up = 0;
        for (k, tail) in crate::pieced::pieced(&BASE, 0x7137_449E_B8C0_1A2D, 3000, 6).enumerate() {
            for head in ["x://h", "x://h/", "x:", "x:/"] {
                let text = format!("{head}{tail}");
                let Ok(base) = UriRef::parse(&text) else { continue };
                let rests = crate::pieced::pieced(&REST, k as u64 * 0x9E37 + 1, 12, 3);
                for (n, rest) in rests.enumerate() {
                    let reference = format!("{}{rest}", "../".repeat(n % 4 + 1));
                    let Ok(r) = UriRef::parse(&reference) else { continue };
                    let steps = resolve_steps(&base, &r);
                    assert_eq!(base.resolve(&r).unwrap(), steps, "{base:?} {reference:?}");
                    let (Some(head), slash) = (match base.path().rfind('/') {
                        _ if base.has_authority() && base.path().is_empty() => {
                            (base.as_str().get(..base.parts().path_start), true)
                        }
                        Some(last) => {
                            (base.as_str().get(..base.parts().path_start + last + 1), false)
                        }
                        None => (None, false),
                    }) else {
                        continue;
                    };
                    // As `resolve_by_copies` calls it: with a base path without dot segments.
                    if has_dot_segment(base.path()) {
                        continue;
                    }
                    if let Some(fast) = resolve_up(&base, &r, head, slash) {
                        assert_eq!(fast, steps, "{base:?} {reference:?}");
                        assert_eq!(fast.as_uri_ref().parts(), steps.as_uri_ref().parts());
                        up += 1;
                    }
                }
            }
        }
        assert!(up > 10_000, "{up}");
    }

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

    /// Section 5.2.4 step by step with a second buffer, as an oracle for the in-place version.
    fn oracle(path: &str) -> String {
        let mut out = String::new();
        let mut input = path;
        while !input.is_empty() {
            if let Some(rest) = input.strip_prefix("../").or_else(|| input.strip_prefix("./")) {
                input = rest;
            } else if input.starts_with("/./") || input == "/." {
                input = if input.len() > 2 { &input[2..] } else { "/" };
            } else if input.starts_with("/../") || input == "/.." {
                input = if input.len() > 3 { &input[3..] } else { "/" };
                out.truncate(out.rfind('/').unwrap_or(0));
            } else if input == "." || input == ".." {
                input = "";
            } else {
                let skip = usize::from(input.starts_with('/'));
                let end = input[skip..].find('/').map_or(input.len(), |i| i + skip);
                out.push_str(&input[..end]);
                input = &input[end..];
            }
        }
        out
    }

    #[test]
    fn in_place_removal_matches_the_two_buffer_steps() {
        let alphabet = ["/", ".", "..", "a", "é", "./", "../", "/.", "/..", "b.c", "..."];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..50_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = (seed % 13) as usize;
            let path: String = (0..len)
                .map(|k| alphabet[((seed >> (k * 5)) % alphabet.len() as u64) as usize])
                .collect();
            assert_eq!(remove_dot_segments(&path), oracle(&path), "{path:?}");
            let mut out = String::from("x:");
            remove_dot_segments_into(&path, &mut out);
            assert_eq!(out, format!("x:{}", oracle(&path)), "{path:?}");
            assert_eq!(has_dot_segment(&path), oracle(&path) != path, "{path:?}");
            let scan = scan_path(path.as_bytes());
            if !scan.dot_segment {
                assert_eq!(scan.last_slash, path.rfind('/'), "{path:?}");
            }
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
