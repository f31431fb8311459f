//! Basic URL parser (section 4.4): the file state, the file slash state and the file host
//! state, with the Windows drive letter quirks.

use super::{
    Parser, State, Step, is_normalized_windows_drive_letter, is_windows_drive_letter,
    starts_with_windows_drive_letter,
};
use crate::Url;
use crate::error::ValidationErrorKind;
use crate::host::HostKind;
use crate::url::SchemeType;

/// The first segment of `base`'s path, when its path is a list with at least one segment.
fn first_segment(base: &Url) -> Option<&str> {
    let path = base.pathname().strip_prefix('/')?;
    Some(path.split('/').next().unwrap_or(path))
}

impl Parser<'_, '_, '_> {
    /// Writes base's host as url's host (file state step 4.1, file slash state step 2.1).
    fn copy_base_host(&mut self, base: &Url) {
        self.out.push_str(base.hostname());
        self.host_end = self.out.len();
        self.host_kind = base.host_kind;
    }

    /// file state.
    pub(super) fn file_state(&mut self) -> Step {
        // Step 1: scheme "file" (already written when the input had it).
        if self.out.is_empty() {
            self.out.push_str("file");
            self.scheme_end = self.out.len();
            self.out.push(':');
            self.scheme_type = SchemeType::File;
        }
        // Step 2: the empty host.
        self.out.push_str("//");
        self.username_end = self.out.len();
        self.host_start = self.out.len();
        self.host_end = self.out.len();
        self.host_kind = Some(HostKind::Empty);
        self.port = None;
        let c = self.c();
        let base = self.base.filter(|base| base.scheme_type.is_file());
        match (c, base) {
            // Step 3.
            (Some(c @ (b'/' | b'\\')), _) => {
                if c == b'\\' {
                    self.report(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                }
                self.pos += 1;
                Ok(Some(State::FileSlash))
            }
            // Step 4: base's host, path and query.
            (_, Some(base)) => {
                self.copy_base_host(base);
                self.path_start = self.out.len();
                self.out.push_str(base.pathname());
                // Steps 4.2-4.3.
                if let Some(next) = self.after_base_path(base, c) {
                    return Ok(next);
                }
                // Step 4.4: query null; shorten, or drop the path before a drive letter.
                if starts_with_windows_drive_letter(self.rest()) {
                    self.report(ValidationErrorKind::FileInvalidWindowsDriveLetter, self.pos);
                    self.out.truncate(self.path_start);
                } else {
                    self.shorten_path();
                }
                Ok(Some(State::Path))
            }
            // Step 5.
            (_, None) => {
                self.path_start = self.out.len();
                self.pending_segment = Some(self.out.len());
                self.out.push('/');
                Ok(Some(State::Path))
            }
        }
    }

    /// file slash state.
    pub(super) fn file_slash_state(&mut self) -> Step {
        match self.c() {
            // Step 1.
            Some(c @ (b'/' | b'\\')) => {
                if c == b'\\' {
                    self.report(ValidationErrorKind::InvalidReverseSolidus, self.pos);
                }
                self.pos += 1;
                Ok(Some(State::FileHost))
            }
            // Step 2.
            _ => {
                let base = self.base.filter(|base| base.scheme_type.is_file());
                if let Some(base) = base {
                    // Step 2.1: base's host, and base's drive letter unless the input has one.
                    self.copy_base_host(base);
                    self.path_start = self.out.len();
                    if !starts_with_windows_drive_letter(self.rest())
                        && let Some(first) = first_segment(base)
                            .filter(|s| is_normalized_windows_drive_letter(s.as_bytes()))
                    {
                        self.out.push('/');
                        self.out.push_str(first);
                    }
                } else {
                    self.path_start = self.out.len();
                }
                // Step 2.2: the `/` already read starts a segment.
                self.pending_segment = Some(self.out.len());
                self.out.push('/');
                Ok(Some(State::Path))
            }
        }
    }

    /// file host state (without state override; the host setters have their own steps).
    pub(super) fn file_host_state(&mut self) -> Step {
        let start = self.pos;
        let len = self
            .rest()
            .iter()
            .position(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(self.rest().len());
        let end = start + len;
        let buffer = self.input.as_bytes().get(start..end).unwrap_or(&[]);
        if is_windows_drive_letter(buffer) {
            // Step 1.1: the drive letter is the path's first segment, not a host.
            self.report(ValidationErrorKind::FileInvalidWindowsDriveLetterHost, start);
            self.path_start = self.out.len();
            self.pending_segment = Some(self.out.len());
            self.out.push('/');
            self.out.push_str(self.slice(start, end));
            self.pos = end;
            return Ok(Some(State::Path));
        }
        if !buffer.is_empty() {
            // Step 1.3: parse the host; "localhost" becomes the empty host.
            let kind = self.parse_host(start, end, false)?;
            if self.out.get(self.host_start..) == Some("localhost") {
                self.out.truncate(self.host_start);
                self.host_kind = Some(HostKind::Empty);
            } else {
                self.host_kind = Some(kind);
            }
            self.host_end = self.out.len();
        }
        // Steps 1.2 and 1.3: path start state.
        self.pos = end;
        Ok(Some(State::PathStart))
    }
}
