//! Windows paths to `file:` URLs and back, as pure functions over the path's text so that they
//! are tested on every platform.
//!
//! Accepted: drive paths `C:\dir` (or `C:/dir`), UNC paths `\\server\share\dir`, and their
//! verbatim forms `\\?\C:\dir` and `\\?\UNC\server\share\dir`, read as the plain forms (the
//! URL does not keep the `\\?\`; `/` is a separator there too, as no file name can hold one).
//! Windows does not normalize inside a verbatim path, so there a `.` component would name a
//! file called `.` rather than its directory; as no URL can hold such a segment (the parser
//! drops it), a `.` component of a verbatim path is an error,
//! [`FilePathError::VerbatimDotComponent`] (`..` is [`FilePathError::ParentComponent`] in both
//! forms). A UNC share named `.` or `..` is [`FilePathError::InvalidUncPath`].
//! Rejected: relative and drive-relative paths (`dir`, `\dir`, `C:dir`), device paths
//! (`\\.\COM1`) and other verbatim prefixes (`\\?\Volume{...}`).

use alloc::string::String;

use super::{
    FilePathError, decoded_segments, empty_host_file_url, file_href, parse_file_href,
    push_segments, segments_capacity,
};
use crate::HostKind;
use crate::url::Url;

fn is_separator(b: u8) -> bool {
    b == b'\\' || b == b'/'
}

/// The prefix of an absolute Windows path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Prefix<'a> {
    /// `C:\` or `\\?\C:\`: the drive letter as written.
    Disk(u8),
    /// `\\server\share` or `\\?\UNC\server\share`.
    Unc {
        /// The server name.
        server: &'a str,
        /// The share name.
        share: &'a str,
        /// The byte offset of the share name in the path.
        share_at: usize,
    },
}

/// Splits `text` at its first separator: the part before it and the rest after it (`None` when
/// there is no separator).
fn split_component(text: &str) -> (&str, Option<&str>) {
    match text.bytes().position(is_separator) {
        Some(i) => (text.get(..i).unwrap_or(""), text.get(i + 1..)),
        None => (text, None),
    }
}

/// `X:` with an ASCII letter `X`.
fn drive_letter(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [letter, b':'] if letter.is_ascii_alphabetic() => Some(*letter),
        _ => None,
    }
}

/// Parses the prefix of `path`: the prefix, and the byte offset where the components after it
/// start (just past the separator that ends the prefix), or `None` when the prefix is all of
/// `path`.
pub(crate) fn parse_prefix(path: &str) -> Result<(Prefix<'_>, Option<usize>), FilePathError> {
    let bytes = path.as_bytes();
    let after = |offset: usize, rest: Option<&str>| rest.map(|_| offset);
    match bytes {
        // Verbatim: `\\?\` (only backslashes).
        [b'\\', b'\\', b'?', b'\\', ..] => {
            let (first, rest) = split_component(path.get(4..).unwrap_or(""));
            if first.eq_ignore_ascii_case("UNC") {
                return parse_unc(path, 8, rest.is_some());
            }
            match drive_letter(first) {
                Some(letter) => Ok((Prefix::Disk(letter), after(7, rest))),
                None => Err(FilePathError::UnsupportedPrefix),
            }
        }
        // Device paths and the other spellings of the prefixes (`\\.\`, `//./`, `//?/`, `\??\`).
        [a, b, b'.' | b'?', c, ..] if is_separator(*a) && is_separator(*b) && is_separator(*c) => {
            Err(FilePathError::UnsupportedPrefix)
        }
        [b'\\', b'?', b'?', b'\\', ..] => Err(FilePathError::UnsupportedPrefix),
        [a, b, ..] if is_separator(*a) && is_separator(*b) => parse_unc(path, 2, true),
        [letter, b':', sep, ..] if letter.is_ascii_alphabetic() && is_separator(*sep) => {
            Ok((Prefix::Disk(*letter), Some(3)))
        }
        _ => Err(FilePathError::RelativePath),
    }
}

/// `server\share` at byte `start` of `path` (`present` is false when the verbatim `UNC` has
/// nothing after it), then an optional separator.
fn parse_unc(
    path: &str,
    start: usize,
    present: bool,
) -> Result<(Prefix<'_>, Option<usize>), FilePathError> {
    let text = if present { path.get(start..).unwrap_or("") } else { "" };
    let (server, after_server) = split_component(text);
    let (share, after_share) = split_component(after_server.unwrap_or(""));
    // A share named `.` or `..` would be read as a dot segment and name another share (or
    // none), so it is not a share name here.
    if server.is_empty() || matches!(share, "" | "." | "..") {
        return Err(FilePathError::InvalidUncPath);
    }
    let share_at = start + server.len() + 1;
    let prefix = Prefix::Unc { server, share, share_at };
    Ok((prefix, after_share.map(|_| share_at + share.len() + 1)))
}

/// A Windows path as a `file:` URL.
pub(crate) fn windows_path_to_url(path: &str, directory: bool) -> Result<Url, FilePathError> {
    let (prefix, components) = parse_prefix(path)?;
    let rest = components.map(|start| (start, path.get(start..).unwrap_or("").as_bytes()));
    let segments = || {
        rest.into_iter()
            .flat_map(|(start, rest)| super::split_at_separators(rest, start, is_separator))
    };
    // Verbatim paths are not normalized by Windows: `.` there is not the directory itself.
    if path.starts_with(r"\\?\")
        && let Some((at, _)) = segments().find(|(_, segment)| *segment == b".")
    {
        return Err(FilePathError::VerbatimDotComponent { at });
    }
    let segments = segments();
    let rest_bytes = rest.map_or(&[][..], |(_, bytes)| bytes);
    match prefix {
        Prefix::Disk(letter) => {
            let mut href = file_href(3 + segments_capacity(rest_bytes));
            href.push('/');
            href.push(char::from(letter));
            href.push(':');
            // `C:` alone (verbatim `\\?\C:`) is the drive's root.
            push_segments(&mut href, segments, directory || components.is_none())?;
            empty_host_file_url(href)
        }
        Prefix::Unc { server, share, share_at } => {
            // Bytes that would end the host early, or change it when percent-decoded, and the
            // tab and newlines the URL parser removes (so `a<TAB>b` would become `ab`).
            let bad = |b| matches!(b, b'%' | b'?' | b'#' | b'@' | b':' | b'\t' | b'\n' | b'\r');
            if server.bytes().any(bad) {
                return Err(FilePathError::InvalidHost);
            }
            let capacity = server.len() + segments_capacity(share.as_bytes()) + 1;
            let mut href = file_href(capacity + segments_capacity(rest_bytes));
            href.push_str(server);
            let share = core::iter::once((share_at, share.as_bytes()));
            push_segments(&mut href, share.chain(segments), directory)?;
            // The host parser decides about the server name (and may change it). The host `.`
            // would read back as the device namespace `\\.\` (see `url_to_windows_path`).
            let url = parse_file_href(&href, server.len())?;
            if url.hostname() == "." {
                return Err(FilePathError::InvalidHost);
            }
            Ok(url)
        }
    }
}

/// A `file:` URL as a Windows path: a drive path when the host is empty, a UNC path otherwise.
pub(crate) fn url_to_windows_path(url: &Url) -> Result<String, FilePathError> {
    let segments = decoded_segments(url, is_separator)?;
    let mut out = String::with_capacity(url.pathname().len() + 2);
    let mut rest = segments.iter();
    match url.host_kind() {
        None | Some(HostKind::Empty) => {
            let first = rest.next().map(|s| &**s).unwrap_or_default();
            let letter = match first {
                // The parser already turned `C|` into `C:`; `C%3A` decodes to it too.
                [letter, b':'] if letter.is_ascii_alphabetic() => *letter,
                _ => return Err(FilePathError::MissingDrive),
            };
            out.push(char::from(letter));
            out.push(':');
            if rest.len() == 0 {
                out.push('\\');
            }
        }
        // `\\.\` would be a device path (`file://./pipe/x` a named pipe), not a UNC path.
        Some(HostKind::Domain) if url.hostname() == "." => {
            return Err(FilePathError::HostNotAllowed);
        }
        Some(HostKind::Domain | HostKind::Ipv4) => {
            out.push_str("\\\\");
            out.push_str(url.hostname());
            if segments.first().is_none_or(|share| share.is_empty()) {
                return Err(FilePathError::InvalidUncPath);
            }
        }
        Some(_) => return Err(FilePathError::HostNotAllowed),
    }
    for segment in rest {
        let text = core::str::from_utf8(segment).map_err(|_| FilePathError::NotUnicode)?;
        out.push('\\');
        out.push_str(text);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use alloc::{format, vec};

    fn href(path: &str) -> Result<String, FilePathError> {
        windows_path_to_url(path, false).map(Url::into_string)
    }

    fn back(href: &str) -> Result<String, FilePathError> {
        url_to_windows_path(&Url::parse(href).unwrap())
    }

    #[test]
    fn prefixes() {
        assert_eq!(parse_prefix(r"C:\x"), Ok((Prefix::Disk(b'C'), Some(3))));
        assert_eq!(parse_prefix(r"c:/x"), Ok((Prefix::Disk(b'c'), Some(3))));
        assert_eq!(parse_prefix(r"\\?\D:\x"), Ok((Prefix::Disk(b'D'), Some(7))));
        assert_eq!(parse_prefix(r"\\?\D:"), Ok((Prefix::Disk(b'D'), None)));
        let unc = |share_at| Prefix::Unc { server: "srv", share: "sh", share_at };
        assert_eq!(parse_prefix(r"\\srv\sh\x"), Ok((unc(6), Some(9))));
        assert_eq!(parse_prefix(r"\\srv\sh"), Ok((unc(6), None)));
        assert_eq!(parse_prefix(r"//srv/sh/x"), Ok((unc(6), Some(9))));
        assert_eq!(parse_prefix(r"\\?\UNC\srv\sh\x"), Ok((unc(12), Some(15))));
        assert_eq!(parse_prefix(r"\\?\unc\srv\sh"), Ok((unc(12), None)));
        for relative in [r"x\y", r"\x", r"C:", r"C:x", "", r"1:\x"] {
            assert_eq!(parse_prefix(relative), Err(FilePathError::RelativePath), "{relative}");
        }
        for device in [r"\\.\COM1", r"\\?\Volume{1}\x", r"//./C:/", r"//?/C:/", r"\??\C:\"] {
            assert_eq!(parse_prefix(device), Err(FilePathError::UnsupportedPrefix), "{device}");
        }
        for bad_unc in [
            r"\\srv",
            r"\\srv\",
            r"\\\sh",
            r"\\?\UNC\srv",
            r"\\srv\.",
            r"\\srv\.\x",
            r"\\srv\..",
            r"\\srv\..\x",
            r"//srv/./x",
            r"\\?\UNC\srv\.\x",
        ] {
            assert_eq!(parse_prefix(bad_unc), Err(FilePathError::InvalidUncPath), "{bad_unc}");
        }
    }

    #[test]
    fn drive_paths() {
        assert_eq!(href(r"C:\").unwrap(), "file:///C:/");
        assert_eq!(href(r"C:\a\b").unwrap(), "file:///C:/a/b");
        assert_eq!(href(r"c:/a/b/").unwrap(), "file:///c:/a/b/");
        assert_eq!(href(r"C:\a b\%\#?").unwrap(), "file:///C:/a%20b/%25/%23%3F");
        assert_eq!(href(r"C:\été").unwrap(), "file:///C:/%C3%A9t%C3%A9");
        assert_eq!(href(r"C:\a\.\b\.").unwrap(), "file:///C:/a/b/");
        assert_eq!(href(r"\\?\C:\a\b").unwrap(), "file:///C:/a/b");
        assert_eq!(href(r"\\?\C:").unwrap(), "file:///C:/");
        assert_eq!(href(r"\\?\C:\a\.\b"), Err(FilePathError::VerbatimDotComponent { at: 9 }));
        assert_eq!(href(r"\\?\C:\."), Err(FilePathError::VerbatimDotComponent { at: 7 }));
        assert_eq!(href(r"\\?\C:\a\..\b"), Err(FilePathError::ParentComponent { at: 9 }));
        assert_eq!(windows_path_to_url(r"C:\a", true).unwrap().href(), "file:///C:/a/");
        assert_eq!(href(r"C:\a\..\b"), Err(FilePathError::ParentComponent { at: 5 }));
        assert_eq!(href("C:\\a\0"), Err(FilePathError::NulByte { at: 4 }));
    }

    #[test]
    fn unc_paths() {
        assert_eq!(href(r"\\server\share").unwrap(), "file://server/share");
        assert_eq!(href(r"\\server\share\").unwrap(), "file://server/share/");
        assert_eq!(href(r"\\Server\share\a b\c").unwrap(), "file://server/share/a%20b/c");
        assert_eq!(href(r"\\?\UNC\server\share\x").unwrap(), "file://server/share/x");
        assert_eq!(href(r"\\?\UNC\s\sh\.\x"), Err(FilePathError::VerbatimDotComponent { at: 13 }));
        // `...` and `.x` are share names, not dot segments.
        assert_eq!(href(r"\\server\...\x").unwrap(), "file://server/.../x");
        assert_eq!(href(r"\\server\.x").unwrap(), "file://server/.x");
        for bad in [r"\\server\.\x", r"\\server\.", r"\\server\..\x"] {
            assert_eq!(href(bad), Err(FilePathError::InvalidUncPath), "{bad}");
        }
        assert_eq!(href(r"\\10.0.0.1\c$\x").unwrap(), "file://10.0.0.1/c$/x");
        assert_eq!(href(r"\\bücher\s").unwrap(), "file://xn--bcher-kva/s");
        assert_eq!(windows_path_to_url(r"\\s\sh", true).unwrap().href(), "file://s/sh/");
        for bad in [r"\\localhost\c$", r"\\a b\s", r"\\a%41\s", r"\\a?b\s", r"\\u@h\s", r"\\C:\s"] {
            assert_eq!(href(bad), Err(FilePathError::InvalidHost), "{bad}");
        }
    }

    #[test]
    fn servers_the_url_parser_would_rewrite() {
        // Found by the `file_path_windows` fuzz target: the URL parser removes tabs and
        // newlines anywhere, so `\\a<TAB>b\share` became `file://ab/share`, another server.
        for bad in ["\\\\a\tb\\share", "\\\\a\nb\\s", "\\\\\rab\\s", "\\\\?\\UNC\\a\tb\\s"] {
            assert_eq!(href(bad), Err(FilePathError::InvalidHost), "{bad:?}");
        }
        // Found by the same target: the host `.` gave the device path `\\.\elephant`.
        assert_eq!(back("file://./elephant"), Err(FilePathError::HostNotAllowed));
        assert_eq!(back("file://./pipe/x"), Err(FilePathError::HostNotAllowed));
        assert_eq!(back("file://../s").unwrap(), r"\\..\s");
        // Found by the same target: the verbatim UNC server `.` (or one the host parser maps
        // to `.`, U+3002) gave that host, which reads back as a device path.
        for server in [".", "\u{3002}"] {
            let path = format!("\\\\?\\UNC\\{server}\\m");
            assert_eq!(href(&path), Err(FilePathError::InvalidHost), "{path:?}");
        }
        // In a segment they are percent-encoded and read back.
        assert_eq!(href("\\\\a\\s\tx").unwrap(), "file://a/s%09x");
        assert_eq!(back("file://a/s%09x").unwrap(), "\\\\a\\s\tx");
    }

    #[test]
    fn urls_to_paths() {
        assert_eq!(back("file:///C:/").unwrap(), r"C:\");
        assert_eq!(back("file:///C:").unwrap(), r"C:\");
        assert_eq!(back("file:///c|/a/b").unwrap(), r"c:\a\b");
        assert_eq!(back("file:///C:/a%20b/").unwrap(), r"C:\a b\");
        assert_eq!(back("file://server/share/x").unwrap(), r"\\server\share\x");
        assert_eq!(back("file://server/share").unwrap(), r"\\server\share");
        assert_eq!(back("file://server/"), Err(FilePathError::InvalidUncPath));
        assert_eq!(back("file://[::1]/s"), Err(FilePathError::HostNotAllowed));
        assert_eq!(back("file:///tmp/x"), Err(FilePathError::MissingDrive));
        assert_eq!(back("file:///C:/a%5Cb"), Err(FilePathError::EncodedSeparator { at: 11 }));
        assert_eq!(back("file:///C:/a%2Fb"), Err(FilePathError::EncodedSeparator { at: 11 }));
        assert_eq!(back("file:///C:/%FF"), Err(FilePathError::NotUnicode));
        assert_eq!(back("file:///C%3A/x").unwrap(), r"C:\x");
        assert_eq!(back("file:///C%7C/x"), Err(FilePathError::MissingDrive));
        assert_eq!(back("https://h/C:/"), Err(FilePathError::NotFileUrl));
    }

    #[test]
    fn windows_round_trips() {
        for path in [
            r"C:\",
            r"C:\Users\me\My Documents\a#b%c?.txt",
            r"D:\dir\",
            r"\\server\share",
            r"\\server\share\dir\file",
            r"Z:\日本\ü",
        ] {
            let url = windows_path_to_url(path, false).unwrap();
            assert_eq!(Url::parse(url.href()).unwrap().href(), url.href());
            assert_eq!(url_to_windows_path(&url).unwrap(), path, "{}", url.href());
        }
    }

    /// The path that a Windows path reads back as: `.` components dropped (a last one leaves a
    /// trailing `\`), or the offset of the first `..`.
    fn expected(root: &str, segments: &[(usize, String)]) -> Result<String, usize> {
        let mut out = String::from(root);
        let mut last_dot = false;
        for (at, segment) in segments {
            last_dot = segment == ".";
            match segment.as_str() {
                ".." => return Err(*at),
                "." => {}
                _ => {
                    out.push('\\');
                    out.push_str(segment);
                }
            }
        }
        if last_dot || out.len() == 2 {
            out.push('\\');
        }
        Ok(out)
    }

    fn component() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let chars = prop::sample::select(vec![
            'a', 'b', 'Z', ' ', '%', '#', '?', ':', '|', '.', 'é', '日', '^', '{', '~', '@', '[',
        ]);
        prop_oneof![
            6 => prop::collection::vec(chars, 1..5).prop_map(|c| c.into_iter().collect()),
            1 => Just(String::from(".")),
            1 => Just(String::from("..")),
        ]
    }

    /// A share name: mostly a component (`.` and `..` among them), sometimes a name that only
    /// looks like a dot segment.
    fn share() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        prop_oneof![
            4 => component(),
            1 => prop::sample::select(vec!["...", ".x", "c$"]).prop_map(String::from),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(2048))]

        #[test]
        fn windows_paths_round_trip(
            unc in proptest::prelude::any::<bool>(),
            server in proptest::sample::select(vec!["server", "10.0.0.1", "xn--bcher-kva"]),
            share in share(),
            parts in proptest::collection::vec(component(), 0..5),
        ) {
            if unc && (share == "." || share == "..") {
                let path = format!(r"\\{server}\{share}\{}", parts.join(r"\"));
                let got = windows_path_to_url(&path, false);
                proptest::prop_assert_eq!(got, Err(FilePathError::InvalidUncPath), "{}", path);
                let got = windows_path_to_url(&format!(r"\\{server}\{share}"), false);
                proptest::prop_assert_eq!(got, Err(FilePathError::InvalidUncPath));
                return Ok(());
            }
            let (path, root, segments) = if unc {
                let mut path = format!(r"\\{server}\{share}");
                let mut segments = vec![(2 + server.len() + 1, share.clone())];
                for part in &parts {
                    path.push('\\');
                    segments.push((path.len(), part.clone()));
                    path.push_str(part);
                }
                (path, format!(r"\\{server}"), segments)
            } else {
                let path = format!(r"C:\{}", parts.join(r"\"));
                let mut at = 3;
                let mut segments = Vec::new();
                for part in if parts.is_empty() { vec![String::new()] } else { parts.clone() } {
                    segments.push((at, part.clone()));
                    at += part.len() + 1;
                }
                (path, String::from("C:"), segments)
            };
            match (expected(&root, &segments), windows_path_to_url(&path, false)) {
                (Err(at), got) => {
                    proptest::prop_assert_eq!(got, Err(FilePathError::ParentComponent { at }));
                }
                (Ok(want), Ok(url)) => {
                    let reparsed = Url::parse(url.href()).unwrap();
                    proptest::prop_assert_eq!(reparsed.href(), url.href());
                    proptest::prop_assert_eq!(url_to_windows_path(&url), Ok(want), "{}", url.href());
                }
                (Ok(_), Err(error)) => proptest::prop_assert!(false, "{path}: {error:?}"),
            }
        }
    }
}
