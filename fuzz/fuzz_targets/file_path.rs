//! Unix file paths and `file:` URLs. The input's bytes are a path (`OsStr` on Unix): when
//! `from_file_path`/`from_directory_path` accept it, the URL passes `check_url` and
//! `to_file_path` gives the path back minus its `.` components (a trailing one, and a
//! directory, leave a trailing `/`); they fail only for a relative path, a `..` component or
//! a NUL byte. The input as URL text: `to_file_path` never panics, and any path it gives
//! converts back to a URL whose path reads the same.
#![no_main]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{check_url, text};
use weburl_parser::FilePathError;

fuzz_target!(|data: &[u8]| {
    let path = OsStr::from_bytes(data);
    for directory in [false, true] {
        let result =
            if directory { Url::from_directory_path(path) } else { Url::from_file_path(path) };
        match (result, expected(data, directory)) {
            (Ok(url), Ok(want)) => {
                check_url(&url);
                let back = url.to_file_path();
                let back = back.as_ref().map(|p| p.as_os_str().as_bytes());
                assert_eq!(back, Ok(want.as_slice()), "round trip of {data:?} via {}", url.href());
            }
            (Err(got), Err(want)) => assert_eq!(got, want, "error for {data:?}"),
            (got, want) => panic!("{data:?} (directory {directory}): {got:?}, expected {want:?}"),
        }
    }

    let Ok(url) = Url::parse(&text(data)) else {
        return;
    };
    if let Ok(path) = url.to_file_path() {
        // The path names the same file: it converts back to the URL's path, with each
        // segment re-encoded the one way from_file_path encodes it.
        let again = Url::from_file_path(&path);
        let again = again.unwrap_or_else(|e| panic!("{:?} -> {path:?} -> {e:?}", url.href()));
        check_url(&again);
        assert_eq!(again.to_file_path().as_ref(), Ok(&path), "{:?}", url.href());
    }
});

/// The documented result for the path `bytes`: the path `to_file_path` reads back (each `.`
/// component dropped; a last one, or a directory, leaves a trailing `/`), or the error.
fn expected(bytes: &[u8], directory: bool) -> Result<Vec<u8>, FilePathError> {
    let Some((b'/', rest)) = bytes.split_first() else {
        return Err(FilePathError::RelativePath);
    };
    let mut out = Vec::new();
    let mut at = 1;
    let mut last_was_dot = false;
    for segment in rest.split(|&b| b == b'/') {
        last_was_dot = false;
        match segment {
            b".." => return Err(FilePathError::ParentComponent { at }),
            b"." => last_was_dot = true,
            _ => {
                if let Some(i) = segment.iter().position(|&b| b == 0) {
                    return Err(FilePathError::NulByte { at: at + i });
                }
                out.push(b'/');
                out.extend_from_slice(segment);
            }
        }
        at += segment.len() + 1;
    }
    if last_was_dot || (directory && !out.ends_with(b"/")) {
        out.push(b'/');
    }
    Ok(out)
}
