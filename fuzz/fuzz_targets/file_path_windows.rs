//! Windows file paths and `file:` URLs, through the platform-independent conversions that
//! `from_file_path`/`from_directory_path`/`to_file_path` use on Windows (the `fuzzing` hooks
//! of weburl-parser). The input's bytes are the path's text (lossily UTF-8).
//!
//! Path to URL: the result is the one of [`model`], a description of the documented rules
//! written apart from the code (drive paths, UNC paths, their verbatim `\\?\` forms, both
//! separators, `.` dropped except in a verbatim path, `..` and NUL refused); a URL passes
//! `check_url` (so its href reparses to itself), converts back to the path the model names
//! and from that path to the same URL. The input as URL text: `url_to_windows_path` never
//! panics, and any path it gives converts to a URL that gives the same path again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{check_url, text};
use weburl_parser::FilePathError;
use weburl_parser::fuzzing::{url_to_windows_path, windows_path_to_url};

fuzz_target!(|data: &[u8]| {
    let path = text(data);
    for directory in [false, true] {
        let got = windows_path_to_url(&path, directory);
        match (got, model(&path, directory)) {
            (Ok(url), Ok(want)) => {
                check_url(&url);
                assert_eq!(url.scheme(), "file");
                assert!(url.query().is_none() && url.fragment().is_none(), "{}", url.href());
                let back = url_to_windows_path(&url);
                let back = back.unwrap_or_else(|e| panic!("{path:?} -> {} -> {e:?}", url.href()));
                let want = want.to_path(url.hostname());
                assert_eq!(back, want, "{path:?} (directory {directory}) via {}", url.href());
                let again = windows_path_to_url(&back, false);
                assert_eq!(again.as_ref().map(Url::href), Ok(url.href()), "{path:?} -> {back:?}");
            }
            (Err(got), Err(want)) => assert_eq!(got, want, "error for {path:?}"),
            (got, want) => {
                panic!("{path:?} (directory {directory}): {got:?}, expected {want:?}")
            }
        }
    }

    let Ok(url) = Url::parse(&path) else {
        return;
    };
    if let Ok(back) = url_to_windows_path(&url) {
        let again = windows_path_to_url(&back, false);
        let again = again.unwrap_or_else(|e| panic!("{:?} -> {back:?} -> {e:?}", url.href()));
        check_url(&again);
        assert_eq!(url_to_windows_path(&again), Ok(back), "{:?} -> {}", url.href(), again.href());
    }
});

/// A path the model accepts: its root and the components the URL keeps.
#[derive(Debug)]
struct Expected {
    /// `Some(letter)` for a drive path, `None` for a UNC path (whose server is the URL's host).
    drive: Option<char>,
    /// The path's segments after the drive or server (for UNC the share first); a last empty
    /// one for a trailing separator.
    segments: Vec<String>,
}

impl Expected {
    /// The Windows path that names the same file: `X:` or `\\host`, then `\` and each segment.
    fn to_path(&self, host: &str) -> String {
        let mut out = match self.drive {
            Some(letter) => format!("{letter}:"),
            None => format!(r"\\{host}"),
        };
        for segment in &self.segments {
            out.push('\\');
            out.push_str(segment);
        }
        out
    }
}

fn is_sep(c: char) -> bool {
    c == '\\' || c == '/'
}

/// The documented result for the Windows path `path` (see `FilePathError` and the module docs
/// of weburl-parser's `file_path::windows`), with the errors in the order the checks run:
/// the prefix, a verbatim `.`, the server's characters, each segment in turn (`..`, NUL), and
/// last the host parser on the server name. URL to path refuses the host `.` (a `\\.\`
/// device path), which the round trips below would otherwise catch.
fn model<'a>(path: &'a str, directory: bool) -> Result<Expected, FilePathError> {
    let verbatim = path.starts_with(r"\\?\");
    let starts_drive = |s: &str| matches!(s.as_bytes(), [l, b':', ..] if l.is_ascii_alphabetic());
    // (drive, UNC body start, components start) where components start is None when the
    // prefix is the whole path.
    let (drive, unc_at, rest_at): (Option<char>, Option<usize>, Option<usize>) = if verbatim {
        let after = &path[4..];
        let first_len = after.find(is_sep).unwrap_or(after.len());
        let first = &after[..first_len];
        let has_rest = first_len < after.len();
        if first.eq_ignore_ascii_case("UNC") {
            if !has_rest {
                return Err(FilePathError::InvalidUncPath);
            }
            (None, Some(8), None)
        } else if first.len() == 2 && starts_drive(first) {
            (first.chars().next(), None, has_rest.then_some(7))
        } else {
            return Err(FilePathError::UnsupportedPrefix);
        }
    } else {
        let c: Vec<char> = path.chars().take(4).collect();
        match c.as_slice() {
            [a, b, '.' | '?', d, ..] if is_sep(*a) && is_sep(*b) && is_sep(*d) => {
                return Err(FilePathError::UnsupportedPrefix);
            }
            ['\\', '?', '?', '\\', ..] => return Err(FilePathError::UnsupportedPrefix),
            [a, b, ..] if is_sep(*a) && is_sep(*b) => (None, Some(2), None),
            [l, ':', s, ..] if l.is_ascii_alphabetic() && is_sep(*s) => (Some(*l), None, Some(3)),
            _ => return Err(FilePathError::RelativePath),
        }
    };

    // Every (offset, segment) after the root; for UNC the server is split off first.
    let mut parts: Vec<(usize, &'a str)> = Vec::new();
    let mut server = "";
    let split_from = |start: usize, parts: &mut Vec<(usize, &'a str)>| {
        let mut at = start;
        for part in path[start..].split(is_sep) {
            parts.push((at, part));
            at += part.len() + 1;
        }
    };
    if let Some(start) = unc_at {
        let body = &path[start..];
        let Some(server_len) = body.find(is_sep) else {
            return Err(FilePathError::InvalidUncPath);
        };
        server = &body[..server_len];
        split_from(start + server_len + 1, &mut parts);
        let share = parts.first().map_or("", |p| p.1);
        if server.is_empty() || matches!(share, "" | "." | "..") {
            return Err(FilePathError::InvalidUncPath);
        }
    } else if let Some(start) = rest_at {
        split_from(start, &mut parts);
    }
    if verbatim {
        // The share of a verbatim UNC path is not a component (and is not `.` here).
        if let Some((at, _)) = parts.iter().find(|(_, p)| *p == ".") {
            return Err(FilePathError::VerbatimDotComponent { at: *at });
        }
    }
    // Bytes that end or change the host, and the tab and newlines the URL parser removes.
    if unc_at.is_some() && server.contains(['%', '?', '#', '@', ':', '\t', '\n', '\r']) {
        return Err(FilePathError::InvalidHost);
    }
    let mut segments = Vec::new();
    let mut last_was_dot = false;
    for (at, part) in parts {
        last_was_dot = part == ".";
        match part {
            ".." => return Err(FilePathError::ParentComponent { at }),
            "." => {}
            _ => {
                if let Some(i) = part.find('\0') {
                    return Err(FilePathError::NulByte { at: at + i });
                }
                segments.push(part.to_owned());
            }
        }
    }
    // `C:` alone is the drive's root; a trailing `.` or a directory ends with a separator.
    let ends_open = segments.last().is_some_and(String::is_empty);
    if last_was_dot || segments.is_empty() || (directory && !ends_open) {
        segments.push(String::new());
    }
    if drive.is_none() && !server_is_host(server) {
        return Err(FilePathError::InvalidHost);
    }
    Ok(Expected { drive, segments })
}

/// Whether a UNC server name is a `file:` URL host of its own: the URL parser accepts it as
/// the host (not `localhost`, which becomes the empty host, nor a name that becomes `.`,
/// which reads back as the device namespace `\\.\`).
fn server_is_host(server: &str) -> bool {
    Url::parse(&format!("file://{server}/"))
        .is_ok_and(|u| !u.hostname().is_empty() && u.hostname() != ".")
}
