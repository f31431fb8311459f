//! The fast path's less common shapes, tried after the usual ones give up (`parse_rare`):
//!
//! - a URL with an opaque path (`mailto:`, `data:`, `javascript:`, `tel:`, `urn:`, `blob:`
//!   ...): a scheme that is not special, `:`, and no `/` after it (scheme state step 2.9),
//!   then the opaque path, query and fragment states. It gives up where the state machine has
//!   more to do: a space in the path (opaque path state step 3 looks at what follows it), and
//!   every byte that the other components give up on;
//! - in lax mode, a special URL (not file) with credentials that need no encoding, or with a
//!   host that the plain host scan leaves (an IPv6 address, an IPv4 address in another form,
//!   a domain to map or encode): the host parser serializes it;
//! - in lax mode, a URL that is not special with `//`, a host (opaque, or an IPv6 address,
//!   through the host parser) and a path that starts with `/`.

use alloc::string::String;

use weburl_percent::USERINFO;

use super::super::authority::ends_authority;
use super::super::check::has_tab_or_newline;
use super::super::scheme::scheme_prefix_len;
use super::{
    Component, Fast, Head, Notes, OPAQUE_CLASSES, OPAQUE_STOPS, scan_plain, special_scheme,
};
use crate::error::ParseError;
use crate::url::{SchemeType, Url};

impl<const STRICT: bool, N: Notes> Fast<'_, '_, STRICT, N> {
    /// What [`parse_rare`] takes: an opaque path, or (lax mode) credentials.
    #[inline(always)]
    fn rare(&mut self) -> Option<Url> {
        let bytes = self.bytes;
        let scheme_len = scheme_prefix_len(bytes)?;
        if let Some(url) = self.opaque(scheme_len) {
            return Some(url);
        }
        if STRICT {
            return None;
        }
        self.out.clear();
        self.run = 0;
        // A scheme other than file and `//`, then the authority (scheme state steps 2.7 and
        // 2.8 with the special authority slashes or path or authority state).
        let scheme = bytes.get(..scheme_len)?;
        let scheme_type = special_scheme(scheme).unwrap_or(SchemeType::NotSpecial);
        let slashes = bytes.get(scheme_len + 1..scheme_len + 3)?;
        if scheme_type == SchemeType::File {
            return None;
        }
        // Special authority slashes and ignore slashes states: two of `/` and `\\` (lax mode)
        // are taken as `//`.
        let backslashed = !matches!(slashes, b"//");
        if backslashed
            && !(Self::backslash_is_slash(scheme_type)
                && slashes.iter().all(|&b| matches!(b, b'/' | b'\\')))
        {
            return None;
        }
        self.write_scheme(scheme);
        if backslashed {
            self.flush(scheme_len + 1, scheme_len + 3);
            self.out.push_str("//");
        }
        // No `@` anywhere (memchr, a word at a time): no credentials, but a host for the host
        // parser (an IPv6 address, a domain to map ...).
        if !bytes.contains(&b'@') {
            return self.host_and_rest(scheme_len, scheme_len + 3, None, scheme_type, true);
        }
        self.credentials(scheme_len, scheme_len + 3, scheme_type)
    }

    /// Scheme start and scheme states, step 1: `scheme` (the input's first bytes) in ASCII
    /// lowercase, written only when it has an upper-case letter (else it stays pending).
    #[inline(always)]
    fn write_scheme(&mut self, scheme: &[u8]) {
        if scheme.iter().any(u8::is_ascii_uppercase) {
            for &b in scheme {
                self.out.push(char::from(b.to_ascii_lowercase()));
            }
            self.run = scheme.len();
        }
    }

    /// Authority state for credentials (lax mode): the authority from `start` of the input
    /// (after `//`) to its first `/`, `?` or `#` (or `\\`, when special) holds one `@`, and
    /// before it a username and an optional `:` and password that need no encoding (most do
    /// not); they are copied as they are, and the host follows the `@`. `None` for the state machine: more than one
    /// `@`, a byte the userinfo set encodes, or credentials the serializer shortens (an empty
    /// password after `:`, or nothing at all).
    #[inline(never)]
    fn credentials(
        &mut self,
        scheme_end: usize,
        start: usize,
        scheme_type: SchemeType,
    ) -> Option<Url> {
        let rest = self.bytes.get(start..)?;
        // Authority state step 2: where the authority ends.
        let special = scheme_type.is_special();
        let end = rest.iter().position(|&b| ends_authority(b, special)).unwrap_or(rest.len());
        let authority = rest.get(..end)?;
        let at = authority.iter().position(|&b| b == b'@')?;
        let userinfo = authority.get(..at)?;
        // Authority state step 1.4: every byte but the `:` that ends the username is encoded
        // with the userinfo set; only text that needs none is taken.
        let colon = userinfo.iter().position(|&b| b == b':');
        let needs_encoding = |part: &[u8]| part.iter().any(|&b| USERINFO.contains(b));
        let (username, password) = match colon {
            Some(colon) => (userinfo.get(..colon)?, Some(userinfo.get(colon + 1..)?)),
            None => (userinfo, None),
        };
        if needs_encoding(username)
            || password.is_some_and(|p| p.is_empty() || needs_encoding(p))
            || (username.is_empty() && password.is_none())
        {
            return None;
        }
        let username_end = self.out_len(start + username.len());
        self.host_and_rest(scheme_end, start + at + 1, Some(username_end), scheme_type, true)
    }

    /// From the start of the input (already checked to end in a byte above U+0020, which the
    /// scheme's first byte is too), whose scheme is its first `scheme_len` bytes; `None`
    /// unless the scheme is not special and an opaque path follows.
    #[inline(always)]
    pub(super) fn opaque(&mut self, scheme_len: usize) -> Option<Url> {
        let bytes = self.bytes;
        let scheme = bytes.get(..scheme_len)?;
        // Step 2.9: not special, and no `/` after the `:` (else the path or authority state).
        if special_scheme(scheme).is_some() || bytes.get(scheme_len + 1) == Some(&b'/') {
            return None;
        }
        self.write_scheme(scheme);
        let after = scheme_len + 1;
        let head = Head {
            scheme_end: scheme_len,
            username_end: after,
            host_start: after,
            host_end: after,
            port: None,
            host_kind: None,
            scheme_type: SchemeType::NotSpecial,
            path_start: after,
        };
        self.rest(after, Component::OpaquePath, head, None)
    }

    /// Opaque path state from `pos` to the end of the path (a `?`, a `#` or the end): returns
    /// where it ends and the byte there, `None` to give up.
    #[inline(always)]
    pub(super) fn opaque_path(&mut self, mut pos: usize) -> Option<(usize, Option<u8>)> {
        loop {
            // Word by word (the query scan's blocks copy a `?`, which ends this path).
            pos = scan_plain(self.bytes, pos, &OPAQUE_STOPS);
            match self.bytes.get(pos).copied() {
                // Steps 1 and 2.
                b @ (None | Some(b'?' | b'#')) => return Some((pos, b)),
                // Step 4 (a space, step 3, is not taken).
                Some(b) => pos = self.take(pos, b, &OPAQUE_CLASSES)?,
            }
        }
    }
}

/// [`parse`] for the less common shapes it gives up on: a URL with an opaque path (`mailto:`,
/// `data:`, ...) and, in lax mode, a special URL (not file) with credentials that need no
/// encoding or with a host for the host parser (an IPv6 address, a domain to map ...). The
/// parser's entry tries it after [`parse`] and [`join`], so that the usual inputs never pay
/// for it.
#[inline(never)]
pub(crate) fn parse_rare(input: &str, strict: bool, out: &mut String) -> Option<Url> {
    parse_rare_with(input, strict, out, ()).0
}

/// [`parse_rare`] for the parser's entry: `Some(Err(..))` when the walk learned the state
/// machine's failure. In lax mode, where a special URL other than file fails as the state
/// machine would fail it, the walk notes the host parser's failure of its host, or the port
/// state's of its port, or the host state's for an empty host, with the state machine's
/// offset. (The host or port is the state machine's when the walk gets to it; `parse_rare`
/// takes no padded input.)
#[inline(never)]
pub(crate) fn parse_rare_or_fail(
    input: &str,
    strict: bool,
    out: &mut String,
) -> Option<Result<Url, ParseError>> {
    match parse_rare_with(input, strict, out, None) {
        (Some(url), _) => Some(Ok(url)),
        // The state machine removes tabs and newlines first (basic URL parser step 2), which
        // can change the port, and moves the offsets.
        (None, failure) => failure.filter(|_| !has_tab_or_newline(input.as_bytes())).map(Err),
    }
}

/// [`parse_rare`], with the lax walk noting its failures in `notes` (returned with the URL;
/// the strict walk notes none).
#[inline(always)]
fn parse_rare_with<N: Notes>(
    input: &str,
    strict: bool,
    out: &mut String,
    notes: N,
) -> (Option<Url>, N) {
    let bytes = input.as_bytes();
    // Basic URL parser step 1: no leading or trailing C0 control or space to trim (the
    // scheme's first byte is an alpha, so only the end needs a look).
    if bytes.last().is_none_or(|&b| b <= b' ') || u32::try_from(bytes.len()).is_err() {
        return (None, notes);
    }
    out.clear();
    let (url, notes) = if strict {
        (Fast::<true> { input, bytes, out: &mut *out, run: 0, notes: () }.rare(), notes)
    } else {
        let mut walk = Fast::<false, N> { input, bytes, out: &mut *out, run: 0, notes };
        (walk.rare(), walk.notes)
    };
    if url.is_none() {
        out.clear();
    }
    (url, notes)
}
