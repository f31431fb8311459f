//! The fast path for a URL with an opaque path (`mailto:`, `data:`, `javascript:`, `tel:`,
//! `urn:`, `blob:` ...): a scheme that is not special, `:`, and no `/` after it (scheme state
//! step 2.9), then the opaque path, query and fragment states. It gives up where the state
//! machine has more to do: a space in the path (opaque path state step 3 looks at what follows
//! it), and every byte that the other components give up on.

use super::{Component, Fast, Head, OPAQUE_CLASSES, OPAQUE_STOPS, scan_plain, special_scheme};
use crate::url::{SchemeType, Url};

impl<const STRICT: bool> Fast<'_, '_, STRICT> {
    /// From the start of the input (already checked to end in a byte above U+0020, which the
    /// scheme's first byte is too); `None` unless the input has a scheme that is not special
    /// and an opaque path.
    #[inline(never)]
    pub(super) fn opaque(&mut self) -> Option<Url> {
        let bytes = self.bytes;
        // Scheme start state: an ASCII alpha; scheme state: ASCII alphanumerics, `+`, `-` and
        // `.` up to the `:`.
        if !bytes.first()?.is_ascii_alphabetic() {
            return None;
        }
        let scheme_len = bytes
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
        let scheme = bytes.get(..scheme_len)?;
        // Step 2.9: not special, and no `/` after the `:` (else the path or authority state).
        if bytes.get(scheme_len) != Some(&b':')
            || special_scheme(scheme).is_some()
            || bytes.get(scheme_len + 1) == Some(&b'/')
        {
            return None;
        }
        // Scheme state step 2.1: the scheme in ASCII lowercase.
        if scheme.iter().any(u8::is_ascii_uppercase) {
            for &b in scheme {
                self.out.push(char::from(b.to_ascii_lowercase()));
            }
            self.run = scheme_len;
        }
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
                Some(b) => {
                    if !self.take(pos, b, &OPAQUE_CLASSES) {
                        return None;
                    }
                }
            }
            pos += 1;
        }
    }
}
