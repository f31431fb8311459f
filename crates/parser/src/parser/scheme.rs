//! Basic URL parser (section 4.4): from the scheme start state to the special authority ignore
//! slashes state, including the states that resolve against a base URL.

use super::{Parser, State, Step};
use crate::error::ValidationErrorKind;
use crate::url::SchemeType;

/// A 256-entry table, built at compile time, of whether each byte `$byte` passes `$test`.
macro_rules! byte_table {
    (|$byte:ident| $test:expr) => {{
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            let $byte = b as u8;
            table[b] = $test;
            b += 1;
        }
        table
    }};
}

/// For each byte: whether it may follow the first letter of a scheme (ASCII alphanumerics,
/// `+`, `-` and `.`).
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
static SCHEME_BYTES: [bool; 256] =
    byte_table!(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'-' | b'.'));

/// Whether an input whose first byte is `b` surely has no scheme: `b` is neither trimmed
/// ([`is_c0_or_space`](super::is_c0_or_space)) nor an ASCII alpha (scheme start state step
/// 1); one look-up rather than two range tests, as every `Url::parse` makes it.
#[inline(always)]
pub(super) fn starts_no_scheme(b: u8) -> bool {
    /// Entry `b`: whether `b` is neither a C0 control or space nor an ASCII alpha.
    #[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
    static TABLE: [bool; 256] =
        byte_table!(|byte| !super::is_c0_or_space(byte) && !byte.is_ascii_alphabetic());
    TABLE.get(usize::from(b)).copied().unwrap_or(false)
}

/// Whether `b` may follow the first letter of a scheme (scheme state, step 1).
#[inline]
pub(crate) fn is_scheme_byte(b: u8) -> bool {
    SCHEME_BYTES.get(usize::from(b)).copied().unwrap_or(false)
}

/// The scheme at the start of `input` when it is followed by `:` (scheme start state and
/// scheme state up to step 2): returns the scheme's length.
pub(crate) fn scheme_prefix_len(input: &[u8]) -> Option<usize> {
    if !input.first()?.is_ascii_alphabetic() {
        return None;
    }
    let len = input.iter().position(|&b| !is_scheme_byte(b))?;
    (input.get(len) == Some(&b':')).then_some(len)
}

impl Parser<'_, '_, '_> {
    /// scheme start state.
    pub(super) fn scheme_start_state(&mut self) -> Step {
        // Step 1: an ASCII alpha starts a scheme; step 2: otherwise, no scheme state.
        match self.c() {
            Some(b) if b.is_ascii_alphabetic() => Ok(Some(State::Scheme)),
            _ => Ok(Some(State::NoScheme)),
        }
    }

    /// scheme state (without state override; the protocol setter has its own steps).
    pub(super) fn scheme_state(&mut self) -> Step {
        let Some(len) = scheme_prefix_len(self.rest()) else {
            // Step 3: no `:` after the scheme code points: start over in no scheme state.
            self.out.clear();
            self.pos = 0;
            return Ok(Some(State::NoScheme));
        };
        // Step 1: the scheme, lowercased; step 2.2: set url's scheme.
        for b in self.rest().iter().take(len) {
            self.out.push(char::from(b.to_ascii_lowercase()));
        }
        self.scheme_end = self.out.len();
        self.out.push(':');
        self.scheme_type = SchemeType::of(self.out.get(..self.scheme_end).unwrap_or(""));
        self.pos += len;
        self.set_null_host();
        let remaining = self.remaining();
        if self.scheme_type.is_file() {
            // Step 2.5.
            if !remaining.starts_with(b"//") {
                self.report(
                    ValidationErrorKind::SpecialSchemeMissingFollowingSolidus,
                    self.pos + 1,
                );
            }
            self.pos += 1;
            return Ok(Some(State::File));
        }
        if self.is_special() {
            self.pos += 1;
            // Step 2.6: a base with the same (special) scheme.
            let same = self.base.is_some_and(|base| base.scheme() == self.scheme_str());
            return Ok(Some(if same {
                State::SpecialRelativeOrAuthority
            } else {
                // Step 2.7.
                State::SpecialAuthoritySlashes
            }));
        }
        if remaining.first() == Some(&b'/') {
            // Step 2.8.
            self.pos += 2;
            return Ok(Some(State::PathOrAuthority));
        }
        // Step 2.9: an opaque path.
        self.pos += 1;
        self.path_start = self.out.len();
        Ok(Some(State::OpaquePath))
    }

    fn scheme_str(&self) -> &str {
        self.out.get(..self.scheme_end).unwrap_or("")
    }

    /// no scheme state.
    pub(super) fn no_scheme_state(&mut self) -> Step {
        let c = self.c();
        let Some(base) = self.base else {
            // Step 1: no base.
            return Err(self.fail(ValidationErrorKind::MissingSchemeNonRelativeUrl, self.pos));
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                // Step 1: a base with an opaque path takes only a fragment.
                return Err(self.fail(ValidationErrorKind::MissingSchemeNonRelativeUrl, self.pos));
            }
            // Step 2: base's scheme, path and query, and an empty fragment.
            self.out.push_str(base.serialization.get(..base.query_end() as usize).unwrap_or(""));
            self.scheme_end = base.scheme_end as usize;
            self.scheme_type = base.scheme_type;
            self.set_null_host();
            self.path_start = base.path_start as usize;
            self.query_start = base.query_start.map(|q| q.get() as usize);
            self.fragment_start = Some(self.out.len());
            self.out.push('#');
            self.pos += 1;
            return Ok(Some(State::Fragment));
        }
        if base.scheme_type.is_file() {
            // Step 4.
            Ok(Some(State::File))
        } else {
            // Step 3.
            Ok(Some(State::Relative))
        }
    }

    /// special relative or authority state.
    pub(super) fn special_relative_or_authority_state(&mut self) -> Step {
        if self.c() == Some(b'/') && self.remaining().first() == Some(&b'/') {
            // Step 1.
            self.pos += 2;
            Ok(Some(State::SpecialAuthorityIgnoreSlashes))
        } else {
            // Step 2.
            self.report(ValidationErrorKind::SpecialSchemeMissingFollowingSolidus, self.pos);
            Ok(Some(State::Relative))
        }
    }

    /// path or authority state.
    pub(super) fn path_or_authority_state(&mut self) -> Step {
        if self.c() == Some(b'/') {
            // Step 1.
            self.pos += 1;
            Ok(Some(State::Authority))
        } else {
            // Step 2: the `/` already read starts the path.
            self.path_start = self.out.len();
            self.pending_segment = Some(self.out.len());
            self.out.push('/');
            Ok(Some(State::Path))
        }
    }

    /// relative state.
    pub(super) fn relative_state(&mut self) -> Step {
        let Some(base) = self.base else {
            return Err(self.fail(ValidationErrorKind::MissingSchemeNonRelativeUrl, self.pos));
        };
        // Step 2: url's scheme is base's scheme (already written when the input had it).
        if self.out.is_empty() {
            self.out.push_str(base.scheme());
            self.scheme_end = self.out.len();
            self.out.push(':');
            self.scheme_type = base.scheme_type;
            self.set_null_host();
        }
        match self.c() {
            // Step 3.
            Some(b'/') => {
                self.pos += 1;
                Ok(Some(State::RelativeSlash))
            }
            // Step 4.
            Some(b'\\') if self.is_special() => {
                self.report(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                self.pos += 1;
                Ok(Some(State::RelativeSlash))
            }
            // Step 5.1: base's credentials, host, port, path and query.
            c => {
                self.copy_from_base(base, base.path_end());
                // Steps 5.2-5.3.
                if let Some(next) = self.after_base_path(base, c) {
                    return Ok(next);
                }
                // Step 5.4: query null, shorten the path, path state.
                self.shorten_path();
                Ok(Some(State::Path))
            }
        }
    }

    /// Relative state steps 5.2-5.3 and file state steps 4.2-4.3, once base's path is copied:
    /// `?` starts an empty query, `#` keeps base's query and starts the fragment, and the end
    /// of the input keeps base's query. `None` for any other code point: the caller's next
    /// step (relative state 5.4, file state 4.4) handles it.
    pub(super) fn after_base_path(
        &mut self,
        base: &crate::Url,
        c: Option<u8>,
    ) -> Option<Option<State>> {
        match c {
            Some(b'?') => {
                self.query_start = Some(self.out.len());
                self.out.push('?');
                self.pos += 1;
                Some(Some(State::Query))
            }
            Some(b'#') => {
                self.copy_base_query(base);
                self.fragment_start = Some(self.out.len());
                self.out.push('#');
                self.pos += 1;
                Some(Some(State::Fragment))
            }
            None => {
                self.copy_base_query(base);
                Some(None)
            }
            Some(_) => None,
        }
    }

    /// Appends `?` and base's query when base's query is not null.
    pub(super) fn copy_base_query(&mut self, base: &crate::Url) {
        if let Some(query) = base.query() {
            self.query_start = Some(self.out.len());
            self.out.push('?');
            self.out.push_str(query);
        }
    }

    /// relative slash state.
    pub(super) fn relative_slash_state(&mut self) -> Step {
        match self.c() {
            // Step 1.
            Some(c @ (b'/' | b'\\')) if self.is_special() => {
                if c == b'\\' {
                    self.report(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                }
                self.pos += 1;
                Ok(Some(State::SpecialAuthorityIgnoreSlashes))
            }
            // Step 2.
            Some(b'/') => {
                self.pos += 1;
                Ok(Some(State::Authority))
            }
            // Step 3: base's credentials, host and port; the `/` read starts the path.
            _ => {
                let Some(base) = self.base else {
                    return Err(
                        self.fail(ValidationErrorKind::MissingSchemeNonRelativeUrl, self.pos)
                    );
                };
                self.copy_from_base(base, base.authority_end());
                self.path_start = self.out.len();
                self.pending_segment = Some(self.out.len());
                self.out.push('/');
                Ok(Some(State::Path))
            }
        }
    }

    /// special authority slashes state.
    pub(super) fn special_authority_slashes_state(&mut self) -> Step {
        if self.c() == Some(b'/') && self.remaining().first() == Some(&b'/') {
            // Step 1.
            self.pos += 2;
        } else {
            // Step 2.
            self.report(ValidationErrorKind::SpecialSchemeMissingFollowingSolidus, self.pos);
        }
        Ok(Some(State::SpecialAuthorityIgnoreSlashes))
    }

    /// special authority ignore slashes state.
    pub(super) fn special_authority_ignore_slashes_state(&mut self) -> Step {
        // Step 2, once per extra slash.
        while matches!(self.c(), Some(b'/' | b'\\')) {
            self.report(ValidationErrorKind::SpecialSchemeMissingFollowingSolidus, self.pos);
            self.pos += 1;
        }
        // Step 1.
        Ok(Some(State::Authority))
    }
}
