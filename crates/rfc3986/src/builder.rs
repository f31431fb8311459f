//! Writes a URI reference component by component (the recomposition of section 5.3) and
//! records the offsets of each component as it goes, so that the result needs no re-parse.

use alloc::string::String;

use crate::host::{HostKind, is_ipv4};
use crate::parse::{Authority, Offset, Parts};
use crate::uri_ref::{UriRef, UriRefBuf};

/// A reference being written. Callers write each component's text into [`Builder::out`]
/// between the calls that mark its delimiters, in the order of section 5.3.
pub(crate) struct Builder {
    out: String,
    parts: Parts,
}

/// The kind of the host text `host`, by the first-match-wins order of section 3.2.2.
fn classify_host(host: &str) -> HostKind {
    match host.as_bytes() {
        [b'[', b'v' | b'V', ..] => HostKind::IpvFuture,
        [b'[', ..] => HostKind::Ipv6,
        bytes if is_ipv4(bytes) => HostKind::Ipv4,
        _ => HostKind::RegName,
    }
}

impl Builder {
    /// An empty reference with room for `capacity` bytes.
    pub(crate) fn new(capacity: usize) -> Builder {
        Builder { out: String::with_capacity(capacity), parts: Parts::EMPTY }
    }

    /// A reference already written: `out` and the offsets `parts` that describe it.
    pub(crate) fn from_string(out: String, parts: Parts) -> Builder {
        Builder { out, parts }
    }

    /// The text written so far, to append the current component to.
    pub(crate) fn out(&mut self) -> &mut String {
        &mut self.out
    }

    /// Ends the scheme written so far with `":"`.
    pub(crate) fn end_scheme(&mut self) {
        self.parts.scheme_end = Offset::at(self.out.len());
        self.out.push(':');
    }

    /// Writes `"//"`: the userinfo or host follows.
    pub(crate) fn start_authority(&mut self) {
        self.out.push_str("//");
        let at = self.out.len();
        self.parts.authority = Some(Authority {
            start: at,
            userinfo_end: None,
            host_start: at,
            host_end: at,
            port_start: None,
            kind: HostKind::RegName,
        });
    }

    /// Ends the userinfo written since [`Builder::start_authority`] with `"@"`.
    pub(crate) fn end_userinfo(&mut self) {
        if let Some(authority) = &mut self.parts.authority {
            authority.userinfo_end = Some(self.out.len());
            self.out.push('@');
            authority.host_start = self.out.len();
        }
    }

    /// Marks the end of the host written since the authority or userinfo.
    pub(crate) fn end_host(&mut self) {
        if let Some(authority) = &mut self.parts.authority {
            authority.host_end = self.out.len();
            let host = self.out.get(authority.host_start..).unwrap_or_default();
            authority.kind = classify_host(host);
        }
    }

    /// Writes the `":"` before a port.
    pub(crate) fn start_port(&mut self) {
        if let Some(authority) = &mut self.parts.authority {
            self.out.push(':');
            authority.port_start = Some(self.out.len());
        }
    }

    /// Copies the authority of `source` (which has one) as it is: `"//"` and the authority's
    /// text in one piece, its offsets (and host kind) moved over from `source`.
    pub(crate) fn copy_authority(&mut self, source: &UriRef<'_>) {
        let Some(from) = source.parts().authority else { return };
        // The source's `"//"` comes just before its authority: one copy for both.
        let end = source.parts().path_start;
        match from.start.checked_sub(2).and_then(|s| source.as_str().get(s..end)) {
            Some(text) => self.out.push_str(text),
            None => {
                debug_assert!(false, "an authority follows \"//\"");
                self.out.push_str("//");
                self.out.push_str(source.as_str().get(from.start..end).unwrap_or_default());
            }
        }
        let at = self.out.len() - (end - from.start);
        // Every offset of the authority is at least its start (the parser's invariant).
        let moved = |i: usize| i.saturating_sub(from.start).saturating_add(at);
        self.parts.authority = Some(Authority {
            start: at,
            userinfo_end: from.userinfo_end.map(moved),
            host_start: moved(from.host_start),
            host_end: moved(from.host_end),
            port_start: from.port_start.map(moved),
            kind: from.kind,
        });
    }

    /// Marks the start of the path (and the end of any authority).
    pub(crate) fn start_path(&mut self) {
        self.parts.path_start = self.out.len();
    }

    /// Marks the end of the path written since [`Builder::start_path`].
    ///
    /// Without an authority, a path that starts with `"//"` would be read back as an
    /// authority (section 3.3 forbids it: `path-absolute` cannot start with `"//"`), which
    /// section 5.3 does not address. Such a path, which only `remove_dot_segments` can make
    /// (from `"/.//x"` or `"/..//x"`), gets the prefix `"/."`, as the URL Standard's
    /// serializer does: `remove_dot_segments` takes it off again, so the reference means the
    /// same and the process is idempotent.
    pub(crate) fn end_path(&mut self) {
        let start = self.parts.path_start;
        if self.parts.authority.is_none()
            && self.out.as_bytes().get(start..start + 2) == Some(b"//")
        {
            self.out.insert_str(start, "/.");
        }
        self.parts.path_end = self.out.len();
    }

    /// Copies the query and fragment of `source` (each with its delimiter, when defined) as
    /// they are, in one piece, their offsets moved over.
    pub(crate) fn copy_query_and_fragment(&mut self, source: &UriRef<'_>) {
        let from = source.parts().path_end;
        let at = self.out.len();
        self.out.push_str(source.as_str().get(from..).unwrap_or_default());
        // Both offsets are past the source's path end (the parser's invariant).
        let moved = |i: usize| i.saturating_sub(from).saturating_add(at);
        self.parts.query_start = source.parts().query_start.map(moved).into();
        self.parts.fragment_start = source.parts().fragment_start.map(moved).into();
    }

    /// Writes `"?"`: the query follows.
    pub(crate) fn start_query(&mut self) {
        self.out.push('?');
        self.parts.query_start = Offset::at(self.out.len());
    }

    /// Writes `"#"`: the fragment follows.
    pub(crate) fn start_fragment(&mut self) {
        self.out.push('#');
        self.parts.fragment_start = Offset::at(self.out.len());
    }

    /// The finished reference.
    pub(crate) fn finish(self) -> UriRefBuf {
        debug_assert_eq!(
            crate::parse::parse(&self.out, crate::Grammar::UriReference),
            Ok(self.parts),
            "{}",
            self.out
        );
        UriRefBuf::from_parts(self.out, self.parts)
    }
}
