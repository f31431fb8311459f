//! Basic URL parser (section 4.4): the path start, path, opaque path, query and fragment
//! states.

use weburl_percent::{AsciiSet, C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY};

use super::{Parser, State, Step, is_windows_drive_letter};
use crate::error::ValidationErrorKind;
use crate::url::SchemeType;

/// Whether `segment` is a single-dot URL path segment (section 4.1): `.` or `%2e`.
pub(crate) fn is_single_dot(segment: &[u8]) -> bool {
    match segment {
        [b'.'] => true,
        [b'%', b'2', e] => e.eq_ignore_ascii_case(&b'e'),
        _ => false,
    }
}

/// Whether `segment` is a double-dot URL path segment (section 4.1): `..`, `.%2e`, `%2e.` or
/// `%2e%2e`, ASCII case-insensitively.
pub(crate) fn is_double_dot(segment: &[u8]) -> bool {
    match segment.len() {
        2 => segment == b"..",
        4 => {
            let (dot, rest) = segment.split_at(1);
            let (encoded, last) = segment.split_at(3);
            (dot == b"." && is_single_dot(rest)) || (last == b"." && is_single_dot(encoded))
        }
        6 => {
            let (a, b) = segment.split_at(3);
            is_single_dot(a) && is_single_dot(b)
        }
        _ => false,
    }
}

/// The query percent-encode set for a URL (query state, step 2.1).
pub(crate) fn query_set(special: bool) -> &'static AsciiSet {
    if special { &SPECIAL_QUERY } else { &QUERY }
}

impl Parser<'_, '_, '_> {
    /// path start state.
    pub(super) fn path_start_state(&mut self) -> Step {
        self.path_start = self.out.len();
        let c = self.c();
        if self.is_special() {
            // Step 1.
            if c == Some(b'\\') {
                self.report(ValidationErrorKind::InvalidReverseSolidus, self.pos);
            }
            if matches!(c, Some(b'/' | b'\\')) {
                self.pos += 1;
            }
            return Ok(Some(State::Path));
        }
        match c {
            // Step 2.
            Some(b'?') if self.state_override.is_none() => {
                self.query_start = Some(self.out.len());
                self.out.push('?');
                self.pos += 1;
                Ok(Some(State::Query))
            }
            // Step 3.
            Some(b'#') if self.state_override.is_none() => {
                self.fragment_start = Some(self.out.len());
                self.out.push('#');
                self.pos += 1;
                Ok(Some(State::Fragment))
            }
            // Step 4.
            Some(c) => {
                if c == b'/' {
                    self.pos += 1;
                }
                Ok(Some(State::Path))
            }
            // Step 5.
            None => {
                if self.state_override.is_some() && self.host_kind.is_none() {
                    self.out.push('/');
                }
                Ok(None)
            }
        }
    }

    /// path state: one iteration of the loop per path segment.
    pub(super) fn path_state(&mut self) -> Step {
        let special = self.is_special();
        let no_override = self.state_override.is_none();
        loop {
            // The segment's `/`, written now and removed again for a dot segment.
            let segment_start = match self.pending_segment.take() {
                Some(start) => start,
                None => {
                    self.out.push('/');
                    self.out.len() - 1
                }
            };
            let start = self.pos;
            let len = self
                .rest()
                .iter()
                .position(|&b| {
                    b == b'/'
                        || (special && b == b'\\')
                        || (no_override && matches!(b, b'?' | b'#'))
                })
                .unwrap_or(self.rest().len());
            let end = start + len;
            // Step 2: validation and percent-encoding with the path set.
            self.check_url_units(start, end);
            self.encode(self.slice(start, end), &PATH)?;
            self.pos = end;
            let c = self.c();
            // Step 1: the end of a segment.
            let slash = c == Some(b'/') || (special && c == Some(b'\\'));
            if special && c == Some(b'\\') {
                // Step 1.1.
                self.report(ValidationErrorKind::InvalidReverseSolidus, end);
            }
            let segment = self.out.as_bytes().get(segment_start + 1..).unwrap_or(&[]);
            if is_double_dot(segment) {
                // Step 1.2.
                self.out.truncate(segment_start);
                self.shorten_path();
                if !slash {
                    self.out.push('/');
                }
            } else if is_single_dot(segment) {
                // Step 1.3.
                self.out.truncate(segment_start);
                if !slash {
                    self.out.push('/');
                }
            } else if self.scheme_type == SchemeType::File
                && segment_start == self.path_start
                && is_windows_drive_letter(segment)
            {
                // Step 1.4: normalize a leading drive letter's `|` to `:`.
                self.out.replace_range(segment_start + 2..segment_start + 3, ":");
            }
            match c {
                _ if slash => self.pos += 1,
                // Step 1.6.
                Some(b'?') => {
                    self.query_start = Some(self.out.len());
                    self.out.push('?');
                    self.pos += 1;
                    return Ok(Some(State::Query));
                }
                // Step 1.7.
                Some(b'#') => {
                    self.fragment_start = Some(self.out.len());
                    self.out.push('#');
                    self.pos += 1;
                    return Ok(Some(State::Fragment));
                }
                _ => return Ok(None),
            }
        }
    }

    /// opaque path state.
    pub(super) fn opaque_path_state(&mut self) -> Step {
        let start = self.pos;
        let len =
            self.rest().iter().position(|&b| matches!(b, b'?' | b'#')).unwrap_or(self.rest().len());
        let end = start + len;
        // Steps 3.1 and 4.1 to 4.2.
        self.check_url_units(start, end);
        let text = self.slice(start, end);
        // Step 3.2: a space right before `?` or `#` becomes "%20".
        let (body, space) = match text.strip_suffix(' ') {
            Some(body) if end < self.input.len() => (body, true),
            _ => (text, false),
        };
        // Steps 3.3 and 4.3.
        self.encode(body, &C0_CONTROL)?;
        if space {
            self.out.push_str("%20");
        }
        self.pos = end;
        match self.c() {
            // Step 1.
            Some(b'?') => {
                self.query_start = Some(self.out.len());
                self.out.push('?');
                self.pos += 1;
                Ok(Some(State::Query))
            }
            // Step 2.
            Some(b'#') => {
                self.fragment_start = Some(self.out.len());
                self.out.push('#');
                self.pos += 1;
                Ok(Some(State::Fragment))
            }
            _ => Ok(None),
        }
    }

    /// query state.
    pub(super) fn query_state(&mut self) -> Step {
        let start = self.pos;
        let len = if self.state_override.is_some() {
            self.rest().len()
        } else {
            self.rest().iter().position(|&b| b == b'#').unwrap_or(self.rest().len())
        };
        let end = start + len;
        // Step 3.
        self.check_url_units(start, end);
        // Step 1: non-special URLs and ws/wss always use UTF-8.
        let encoding = self.encoding.filter(|_| {
            !matches!(self.scheme_type, SchemeType::NotSpecial | SchemeType::Ws | SchemeType::Wss)
        });
        // Step 2.2.
        let set = query_set(self.is_special());
        let text = self.slice(start, end);
        match encoding {
            Some(encoding) => {
                weburl_percent::percent_encode_after_encoding_into(
                    encoding,
                    text,
                    set,
                    false,
                    &mut self.out,
                );
                // Encoding first can grow the text by more than three times (numeric
                // character references), so the length is checked afterwards.
                self.check_len()?;
            }
            None => self.encode(text, set)?,
        }
        self.pos = end;
        // Step 2.4.
        if self.c() == Some(b'#') {
            self.fragment_start = Some(self.out.len());
            self.out.push('#');
            self.pos += 1;
            return Ok(Some(State::Fragment));
        }
        Ok(None)
    }

    /// fragment state.
    pub(super) fn fragment_state(&mut self) -> Step {
        let start = self.pos;
        let end = self.input.len();
        // Steps 1.1 to 1.3.
        self.check_url_units(start, end);
        self.encode(self.slice(start, end), &FRAGMENT)?;
        self.pos = end;
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments() {
        for s in [".", "%2e", "%2E"] {
            assert!(is_single_dot(s.as_bytes()), "{s}");
        }
        for s in ["..", ".%2e", "%2E.", "%2e%2E"] {
            assert!(is_double_dot(s.as_bytes()), "{s}");
        }
        for s in ["...", "%2e%2", ".%2f", "a."] {
            assert!(!is_double_dot(s.as_bytes()) && !is_single_dot(s.as_bytes()), "{s}");
        }
    }
}
