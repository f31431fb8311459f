//! File paths to `file:` URLs and back: [`Url::from_file_path`], [`Url::from_directory_path`]
//! and [`Url::to_file_path`] (the names and shapes of rust-url's, with a typed error).
//!
//! The conversions are pure functions over the path's bytes (Unix) or text (Windows, in
//! [`windows`]), so both are unit-tested on every platform; the `cfg` wiring at the end picks
//! one for the platform the crate is built for.
//!
//! Dot segments: the URL parser removes `.` and `..` segments (basic URL parser, path state,
//! steps 1.2 to 1.4), and no percent-encoding keeps one alive (`%2e` counts as a dot). A `.`
//! component names the directory it is in, so it is dropped (a trailing one leaves a trailing
//! `/`); `std::path::Path` compares such paths equal. A `..` component cannot be dropped or
//! folded without changing which file is meant (symbolic links), so it is an error:
//! [`FilePathError::ParentComponent`]. With that, `to_file_path(from_file_path(p))` is `p`
//! itself, byte for byte on Unix, apart from the dropped `.` components.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use weburl_percent::{AsciiSet, PATH, percent_decode, percent_encode};

use crate::url::{SchemeType, Url};
use crate::{HostKind, ParseError};

#[cfg_attr(not(windows), allow(dead_code, reason = "used on Windows, unit-tested everywhere"))]
pub(crate) mod windows;

/// Why a path could not become a `file:` URL, or a URL a path.
///
/// ```
/// use weburl_parser::{FilePathError, Url};
///
/// assert_eq!(Url::from_file_path("relative/path"), Err(FilePathError::RelativePath));
/// let url = Url::parse("https://example.org/")?;
/// assert_eq!(url.to_file_path(), Err(FilePathError::NotFileUrl));
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FilePathError {
    /// The path is not absolute (Unix: does not start with `/`; Windows: has no drive letter
    /// and root, nor a UNC prefix).
    RelativePath,
    /// The path has a `..` component, which the URL parser would fold away; `at` is its byte
    /// offset in the path.
    ParentComponent {
        /// Byte offset of the `..` in the path.
        at: usize,
    },
    /// The path, or the URL's percent-decoded path, holds a NUL byte; `at` is the byte offset
    /// in the path, or in the URL's serialization.
    NulByte {
        /// Byte offset of the NUL in the path, or of the URL's path segment holding `%00`.
        at: usize,
    },
    /// A segment of the URL's path percent-decodes to a path separator (`%2F`, and `%5C` for
    /// Windows paths), which no file name can hold; `at` is the segment's byte offset in the
    /// URL's serialization.
    EncodedSeparator {
        /// Byte offset of the segment in the URL's serialization.
        at: usize,
    },
    /// Windows: the path is not valid Unicode, or the URL's path decodes to bytes that are not
    /// UTF-8.
    NotUnicode,
    /// Windows: a device path (`\\.\`) or a verbatim prefix other than `\\?\C:\` and
    /// `\\?\UNC\`.
    UnsupportedPrefix,
    /// Windows: a UNC path without a server or a share name, or whose share is named `.` or
    /// `..` (which a URL reads as a dot segment), or a URL with a host but no share.
    InvalidUncPath,
    /// Windows: a verbatim (`\\?\`) path has a `.` component. Windows does not normalize
    /// verbatim paths, so it is not the directory itself, and no URL path can hold a `.`
    /// segment; `at` is its byte offset in the path.
    VerbatimDotComponent {
        /// Byte offset of the `.` in the path.
        at: usize,
    },
    /// Windows: the UNC server name is not a valid host for a `file:` URL (the host parser
    /// rejects it, it is `localhost`, which the parser turns into the empty host, or it holds
    /// a tab or newline, which the parser would remove).
    InvalidHost,
    /// The URL's scheme is not `file`.
    NotFileUrl,
    /// The URL's host cannot be part of a path here: any non-empty host on Unix, an IPv6
    /// address or the host `.` (which would make a `\\.\` device path) on Windows.
    HostNotAllowed,
    /// Windows: a URL with an empty host whose path does not start with a drive letter.
    MissingDrive,
    /// The URL would be longer than `u32::MAX` bytes.
    TooLong,
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilePathError::RelativePath => f.write_str("the path is not absolute"),
            FilePathError::ParentComponent { at } => {
                write!(f, "the path has a `..` component at byte {at}")
            }
            FilePathError::NulByte { at } => write!(f, "a NUL byte at byte {at}"),
            FilePathError::EncodedSeparator { at } => {
                write!(f, "the path segment at byte {at} decodes to a path separator")
            }
            FilePathError::NotUnicode => f.write_str("the path is not valid Unicode"),
            FilePathError::UnsupportedPrefix => {
                f.write_str("device and non-disk verbatim path prefixes are not supported")
            }
            FilePathError::InvalidUncPath => {
                f.write_str("the UNC path lacks a server or a valid share name")
            }
            FilePathError::VerbatimDotComponent { at } => {
                write!(f, "the verbatim path has a `.` component at byte {at}")
            }
            FilePathError::InvalidHost => {
                f.write_str("the UNC server name is not a valid file URL host")
            }
            FilePathError::NotFileUrl => f.write_str("the URL's scheme is not file"),
            FilePathError::HostNotAllowed => f.write_str("the URL's host cannot be in a path"),
            FilePathError::MissingDrive => f.write_str("the URL's path has no drive letter"),
            FilePathError::TooLong => f.write_str("the URL would be longer than 4 GiB"),
        }
    }
}

impl core::error::Error for FilePathError {}

/// What a path segment percent-encodes: the path percent-encode set, plus `%` (so that the
/// bytes read back as they are), `\` (a path separator in special URLs), `/` and `|` (so that
/// `C|` is not read as a Windows drive letter).
const SEGMENT: AsciiSet = PATH.add_all(b"%\\/|");

/// Appends `/` and each segment, percent-encoded, to `out`; `.` segments are dropped (a last
/// one leaves a trailing `/`), a `..` segment is an error. `segments` yields each segment with
/// its byte offset in the path. `directory` ensures a trailing `/`.
fn push_segments<'a>(
    out: &mut String,
    segments: impl Iterator<Item = (usize, &'a [u8])>,
    directory: bool,
) -> Result<(), FilePathError> {
    let mut last_was_dot = false;
    for (at, segment) in segments {
        last_was_dot = false;
        match segment {
            b".." => return Err(FilePathError::ParentComponent { at }),
            b"." => last_was_dot = true,
            _ => {
                if let Some(i) = segment.iter().position(|&b| b == 0) {
                    return Err(FilePathError::NulByte { at: at + i });
                }
                out.push('/');
                out.extend(percent_encode(segment, &SEGMENT));
            }
        }
    }
    if last_was_dot || (directory && !out.ends_with('/')) {
        out.push('/');
    }
    Ok(())
}

/// Splits `bytes` at every byte `is_separator` accepts, yielding each part with its offset
/// (`base` plus its index in `bytes`).
fn split_at_separators(
    bytes: &[u8],
    base: usize,
    is_separator: fn(u8) -> bool,
) -> impl Iterator<Item = (usize, &[u8])> {
    let mut offset = base;
    bytes.split(move |&b| is_separator(b)).map(move |part| {
        let at = offset;
        offset += part.len() + 1;
        (at, part)
    })
}

/// How many bytes [`push_segments`] may write for `bytes`: at most each byte, three for a byte
/// that is percent-encoded, and two more (a first `/` and a last one), so that the href's
/// buffer is allocated once.
fn segments_capacity(bytes: &[u8]) -> usize {
    let encoded = bytes.iter().filter(|&&b| SEGMENT.contains(b)).count();
    bytes.len() + 2 * encoded + 2
}

/// A buffer for the href of a `file:` URL: `file://`, with room for `more` bytes.
fn file_href(more: usize) -> String {
    let mut href = String::with_capacity(FILE_PREFIX.len() + more);
    href.push_str(FILE_PREFIX);
    href
}

const FILE_PREFIX: &str = "file://";

/// The URL whose href is `href`: `file://`, the empty host, and a path that [`push_segments`]
/// wrote (after a Windows drive letter, `/C:`, when there is one). Such a path is what the
/// basic URL parser would keep as it is, byte for byte: every byte it percent-encodes or reads
/// as a separator is encoded, no segment is a dot segment, and the empty host stays empty
/// (file host state), so the record is made directly instead of parsing `href` again. Debug
/// builds parse it and compare.
fn empty_host_file_url(href: String) -> Result<Url, FilePathError> {
    if u32::try_from(href.len()).is_err() {
        return Err(FilePathError::TooLong);
    }
    // `file:` ends at 4; the empty host and the path start after `file://`.
    let after = crate::url::to_u32(FILE_PREFIX.len());
    let url = Url {
        serialization: href,
        scheme_end: 4,
        username_end: after,
        host_start: after,
        host_end: after,
        path_start: after,
        query_start: None,
        fragment_start: None,
        port: None,
        host_kind: Some(HostKind::Empty),
        scheme_type: SchemeType::File,
    };
    url.debug_check();
    debug_assert_eq!(
        Url::parse(url.href()).map(Url::into_string).as_deref(),
        Ok(url.href()),
        "a file URL made without parsing is not canonical"
    );
    Ok(url)
}

/// Parses `href` (`file://`, a host of `host_len` bytes, then a path written by
/// [`push_segments`]) and checks that the parser kept the host and path as they were built, so
/// that the URL is valid and its href reparses to itself.
#[cfg_attr(not(windows), allow(dead_code, reason = "used on Windows, unit-tested everywhere"))]
fn parse_file_href(href: &str, host_len: usize) -> Result<Url, FilePathError> {
    let path = href.get(FILE_PREFIX.len() + host_len..).unwrap_or("");
    let url = Url::parse(href).map_err(|error| match error {
        ParseError::TooLong => FilePathError::TooLong,
        _ => FilePathError::InvalidHost,
    })?;
    let host_ok = (host_len == 0) == (url.host_kind() == Some(HostKind::Empty));
    if !host_ok || url.pathname() != path || url.query().is_some() || url.fragment().is_some() {
        // The segments are encoded so that this cannot happen; a server name that ends the
        // host early (UNC) or becomes the empty host is the only way here.
        return Err(FilePathError::InvalidHost);
    }
    Ok(url)
}

/// A Unix path (its bytes) as a `file:` URL.
#[cfg_attr(windows, allow(dead_code, reason = "used off Windows, unit-tested everywhere"))]
pub(crate) fn unix_path_to_url(path: &[u8], directory: bool) -> Result<Url, FilePathError> {
    let Some((b'/', rest)) = path.split_first() else {
        return Err(FilePathError::RelativePath);
    };
    // Room for the path as it is and some bytes to encode; more grows the buffer as usual.
    let mut href = file_href(rest.len() + rest.len() / 8 + 16);
    push_unix_segments(&mut href, rest, directory)?;
    empty_host_file_url(href)
}

/// [`push_segments`] for the components of a Unix path (`rest`, after its first `/`), in one
/// pass over the bytes. A path's `/` is the URL's, so runs of bytes copied as they are span
/// segments; they are broken only by a byte to encode, a NUL (an error), or a dot segment
/// (dropped with the `/` after it; at the end, the `/` before it stays, as [`push_segments`]
/// leaves it).
fn push_unix_segments(out: &mut String, rest: &[u8], directory: bool) -> Result<(), FilePathError> {
    // Runs of bytes outside the set, and `/`, are ASCII, so they are slices of the text when
    // the path is UTF-8 (one check for the whole path) and are pushed byte by byte otherwise.
    let text = core::str::from_utf8(rest).ok();
    let push_run = |out: &mut String, start: usize, end: usize| match text {
        Some(text) => out.push_str(text.get(start..end).unwrap_or_default()),
        None => rest.get(start..end).unwrap_or_default().iter().for_each(|&b| out.push(b.into())),
    };
    // Whether the segment `start..end` is `.`; a `..` segment is an error.
    let dot_segment = |start: usize, end: usize| match rest.get(start..end) {
        Some(b".") => Ok(true),
        Some(b"..") => Err(FilePathError::ParentComponent { at: 1 + start }),
        _ => Ok(false),
    };
    out.push('/');
    // Where the current segment starts, and where the current run of bytes to copy starts.
    let (mut segment, mut run, mut i) = (0, 0, 0);
    while let Some(offset) = rest.get(i..).and_then(|t| t.iter().position(|&b| SEGMENT.contains(b)))
    {
        let at = i + offset;
        i = at + 1;
        match rest.get(at).copied().unwrap_or_default() {
            b'/' => {
                if dot_segment(segment, at)? {
                    // `./` is dropped.
                    push_run(out, run, segment);
                    run = i;
                }
                segment = i;
            }
            0 => return Err(FilePathError::NulByte { at: 1 + at }),
            b => {
                push_run(out, run, at);
                out.push_str(weburl_percent::percent_encode_byte(b));
                run = i;
            }
        }
    }
    // A last `.` is dropped; the `/` before it stays.
    let end = if dot_segment(segment, rest.len())? { segment } else { rest.len() };
    push_run(out, run, end);
    if directory && !out.ends_with('/') {
        out.push('/');
    }
    Ok(())
}

/// Percent-decodes the segments of a `file:` URL's path: each decoded segment with its byte
/// offset in the serialization. A segment that decodes to a NUL or a byte `is_separator`
/// accepts is an error.
fn decoded_segments(
    url: &Url,
    is_separator: fn(u8) -> bool,
) -> Result<Vec<alloc::borrow::Cow<'_, [u8]>>, FilePathError> {
    if url.scheme() != "file" {
        return Err(FilePathError::NotFileUrl);
    }
    let path = url.pathname();
    // A file URL always has a host, so its path is a list of segments starting with `/`.
    let Some(rest) = path.strip_prefix('/') else {
        return Err(FilePathError::NotFileUrl);
    };
    let start = url.path_start as usize + 1;
    let mut segments = Vec::new();
    for (at, segment) in split_at_separators(rest.as_bytes(), start, |b| b == b'/') {
        let decoded = percent_decode(segment).into_bytes();
        if decoded.contains(&0) {
            return Err(FilePathError::NulByte { at });
        }
        if decoded.iter().any(|&b| is_separator(b)) {
            return Err(FilePathError::EncodedSeparator { at });
        }
        segments.push(decoded);
    }
    Ok(segments)
}

/// A `file:` URL as a Unix path (its bytes): the percent-decoded path. The host must be empty
/// (`localhost` already is, after parsing).
#[cfg_attr(windows, allow(dead_code, reason = "used off Windows, unit-tested everywhere"))]
pub(crate) fn url_to_unix_path(url: &Url) -> Result<Vec<u8>, FilePathError> {
    let segments = decoded_segments(url, |b| b == b'/')?;
    if !matches!(url.host_kind(), None | Some(HostKind::Empty)) {
        return Err(FilePathError::HostNotAllowed);
    }
    let mut out = Vec::with_capacity(url.pathname().len());
    for segment in &segments {
        out.push(b'/');
        out.extend_from_slice(segment);
    }
    Ok(out)
}

#[cfg(feature = "std")]
mod sys {
    //! The platform wiring: the path's bytes on Unix, its text elsewhere.
    use std::path::{Path, PathBuf};

    use super::FilePathError;
    use crate::url::Url;

    #[cfg(unix)]
    pub(super) fn from_path(path: &Path, directory: bool) -> Result<Url, FilePathError> {
        use std::os::unix::ffi::OsStrExt;
        super::unix_path_to_url(path.as_os_str().as_bytes(), directory)
    }

    #[cfg(unix)]
    pub(super) fn to_path(url: &Url) -> Result<PathBuf, FilePathError> {
        use std::os::unix::ffi::OsStringExt;
        let bytes = super::url_to_unix_path(url)?;
        Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
    }

    #[cfg(windows)]
    pub(super) fn from_path(path: &Path, directory: bool) -> Result<Url, FilePathError> {
        let text = path.to_str().ok_or(FilePathError::NotUnicode)?;
        super::windows::windows_path_to_url(text, directory)
    }

    #[cfg(windows)]
    pub(super) fn to_path(url: &Url) -> Result<PathBuf, FilePathError> {
        super::windows::url_to_windows_path(url).map(PathBuf::from)
    }

    #[cfg(not(any(unix, windows)))]
    pub(super) fn from_path(path: &Path, directory: bool) -> Result<Url, FilePathError> {
        let text = path.to_str().ok_or(FilePathError::NotUnicode)?;
        super::unix_path_to_url(text.as_bytes(), directory)
    }

    #[cfg(not(any(unix, windows)))]
    pub(super) fn to_path(url: &Url) -> Result<PathBuf, FilePathError> {
        let bytes = super::url_to_unix_path(url)?;
        let text =
            alloc::string::String::from_utf8(bytes).map_err(|_| FilePathError::NotUnicode)?;
        Ok(PathBuf::from(text))
    }
}

#[cfg(feature = "std")]
impl Url {
    /// Converts an absolute file path to a `file:` URL.
    ///
    /// Each component is percent-encoded so that the path reads back unchanged with
    /// [`to_file_path`](Self::to_file_path): on Unix any bytes (spaces, `%`, `#`, `?`, `\`,
    /// non-ASCII and non-UTF-8); on Windows a drive path `C:\dir\file` becomes
    /// `file:///C:/dir/file` and a UNC path `\\server\share\file` (also `\\?\UNC\server\share`)
    /// becomes `file://server/share/file`; a verbatim `\\?\C:\` prefix is read as `C:\`.
    ///
    /// `.` components are dropped and a `..` component is an error (the URL parser would fold
    /// it away, and folding it here could name another file through a symbolic link).
    ///
    /// # Errors
    ///
    /// [`FilePathError::RelativePath`] for a relative path, [`FilePathError::ParentComponent`]
    /// for `..`, [`FilePathError::NulByte`]; on Windows also the prefix and host errors.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use weburl_parser::Url;
    ///
    /// let url = Url::from_file_path("/tmp/a b/100%#1?.txt")?;
    /// assert_eq!(url.href(), "file:///tmp/a%20b/100%25%231%3F.txt");
    /// assert_eq!(url.to_file_path()?, std::path::Path::new("/tmp/a b/100%#1?.txt"));
    /// assert!(Url::from_file_path("/tmp/../etc").is_err());
    /// # }
    /// # Ok::<(), weburl_parser::FilePathError>(())
    /// ```
    #[doc(alias = "pathToFileURL")]
    pub fn from_file_path<P: AsRef<std::path::Path>>(path: P) -> Result<Url, FilePathError> {
        sys::from_path(path.as_ref(), false)
    }

    /// Converts an absolute directory path to a `file:` URL that ends with `/`, so that
    /// [`join`](Self::join) resolves names inside the directory. Otherwise the same as
    /// [`from_file_path`](Self::from_file_path).
    ///
    /// # Errors
    ///
    /// As [`from_file_path`](Self::from_file_path).
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use weburl_parser::Url;
    ///
    /// let dir = Url::from_directory_path("/srv/www")?;
    /// assert_eq!(dir.href(), "file:///srv/www/");
    /// assert_eq!(dir.join("index.html").map(|u| u.into_string()).ok().as_deref(),
    ///            Some("file:///srv/www/index.html"));
    /// # }
    /// # Ok::<(), weburl_parser::FilePathError>(())
    /// ```
    pub fn from_directory_path<P: AsRef<std::path::Path>>(path: P) -> Result<Url, FilePathError> {
        sys::from_path(path.as_ref(), true)
    }

    /// Converts a `file:` URL to a file path: the path's segments, percent-decoded.
    ///
    /// On Unix the host must be empty (`file://localhost/` parses to the empty host). On
    /// Windows an empty host needs a drive letter (`file:///C:/x` is `C:\x`), and a host gives
    /// a UNC path (`file://server/share/x` is `\\server\share\x`). A segment that decodes to a
    /// separator (`%2F`) or NUL is an error rather than a different path.
    ///
    /// # Errors
    ///
    /// [`FilePathError::NotFileUrl`], [`FilePathError::HostNotAllowed`],
    /// [`FilePathError::EncodedSeparator`], [`FilePathError::NulByte`]; on Windows also
    /// [`FilePathError::MissingDrive`], [`FilePathError::InvalidUncPath`] and
    /// [`FilePathError::NotUnicode`].
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use weburl_parser::{FilePathError, Url};
    ///
    /// let url = Url::parse("file://localhost/etc/caf%C3%A9")?;
    /// assert_eq!(url.to_file_path(), Ok("/etc/café".into()));
    /// let url = Url::parse("file://server/share")?;
    /// assert_eq!(url.to_file_path(), Err(FilePathError::HostNotAllowed));
    /// # }
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[doc(alias = "fileURLToPath")]
    pub fn to_file_path(&self) -> Result<std::path::PathBuf, FilePathError> {
        sys::to_path(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    fn href(path: &[u8]) -> Result<String, FilePathError> {
        unix_path_to_url(path, false).map(Url::into_string)
    }

    #[test]
    fn unix_paths_to_urls() {
        assert_eq!(href(b"/").unwrap(), "file:///");
        assert_eq!(href(b"/a/b").unwrap(), "file:///a/b");
        assert_eq!(href(b"/a/b/").unwrap(), "file:///a/b/");
        assert_eq!(href(b"/a//b").unwrap(), "file:///a//b");
        assert_eq!(href(b"//a").unwrap(), "file:////a");
        assert_eq!(href(b"/a/./b/.").unwrap(), "file:///a/b/");
        assert_eq!(href(b"/.").unwrap(), "file:///");
        assert_eq!(href(b"/a b/%2e/#?\\|").unwrap(), "file:///a%20b/%252e/%23%3F%5C%7C");
        assert_eq!(href(b"/C|/x").unwrap(), "file:///C%7C/x");
        assert_eq!(href(b"/C:/x").unwrap(), "file:///C:/x");
        assert_eq!(href(b"/\xFF\xC3\xA9").unwrap(), "file:///%FF%C3%A9");
        assert_eq!(href(b"/\t\n\r\x7F").unwrap(), "file:///%09%0A%0D%7F");
        assert_eq!(unix_path_to_url(b"/a", true).unwrap().href(), "file:///a/");
        assert_eq!(unix_path_to_url(b"/", true).unwrap().href(), "file:///");
    }

    #[test]
    fn unix_path_errors() {
        assert_eq!(href(b""), Err(FilePathError::RelativePath));
        assert_eq!(href(b"a/b"), Err(FilePathError::RelativePath));
        assert_eq!(href(b"/a/../b"), Err(FilePathError::ParentComponent { at: 3 }));
        assert_eq!(href(b"/.."), Err(FilePathError::ParentComponent { at: 1 }));
        assert_eq!(href(b"/a/b\0c"), Err(FilePathError::NulByte { at: 4 }));
        // `...` and `.x` are names, not dot segments.
        assert_eq!(href(b"/.../.x/..x").unwrap(), "file:///.../.x/..x");
    }

    #[test]
    fn urls_to_unix_paths() {
        let path = |s: &str| url_to_unix_path(&Url::parse(s).unwrap());
        assert_eq!(path("file:///").unwrap(), b"/");
        assert_eq!(path("file://localhost/a%20b/").unwrap(), b"/a b/");
        assert_eq!(path("file:///%FF/%25").unwrap(), b"/\xFF/%");
        assert_eq!(path("file:///C:/x").unwrap(), b"/C:/x");
        assert_eq!(path("file:///a%2Fb"), Err(FilePathError::EncodedSeparator { at: 8 }));
        assert_eq!(path("file:///a/b%00"), Err(FilePathError::NulByte { at: 10 }));
        assert_eq!(path("file://host/a"), Err(FilePathError::HostNotAllowed));
        assert_eq!(path("http://host/a"), Err(FilePathError::NotFileUrl));
        assert_eq!(path("sc:/a"), Err(FilePathError::NotFileUrl));
        // Backslashes are separators inside a URL but `%5C` is a byte of a Unix file name.
        assert_eq!(path("file:///a%5Cb").unwrap(), b"/a\\b");
    }

    #[test]
    fn every_error_displays_in_lower_case() {
        let errors = [
            FilePathError::RelativePath,
            FilePathError::ParentComponent { at: 1 },
            FilePathError::NulByte { at: 2 },
            FilePathError::EncodedSeparator { at: 3 },
            FilePathError::NotUnicode,
            FilePathError::UnsupportedPrefix,
            FilePathError::InvalidUncPath,
            FilePathError::VerbatimDotComponent { at: 4 },
            FilePathError::InvalidHost,
            FilePathError::NotFileUrl,
            FilePathError::HostNotAllowed,
            FilePathError::MissingDrive,
            FilePathError::TooLong,
        ];
        for error in errors {
            let text = error.to_string();
            assert!(text.chars().next().is_some_and(|c| !c.is_ascii_uppercase()), "{text}");
        }
    }
}
