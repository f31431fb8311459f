//! The URL record, the basic URL parser, the serializer, the URL API setters and origins of the
//! WHATWG URL Standard (sections 4 and 6.1).
//!
//! ```
//! use weburl_parser::Url;
//!
//! let base = Url::parse("https://user@EXAMPLE.org:443/a/b?q#f")?;
//! assert_eq!(base.href(), "https://user@example.org/a/b?q#f");
//! let url = base.join("../c d?x=1")?;
//! assert_eq!(url.href(), "https://user@example.org/c%20d?x=1");
//! assert_eq!(url.origin().to_string(), "https://example.org");
//!
//! let mut url = url;
//! url.set_port("8080");
//! url.set_hash("top");
//! assert_eq!(url.host(), "example.org:8080");
//! assert_eq!(url.hash(), "#top");
//!
//! // Validation errors do not stop parsing; ask for them with a callback.
//! let mut errors = Vec::new();
//! let url = Url::options().on_validation_error(|e| errors.push(e.kind().name())).parse("https:x")?;
//! assert_eq!(url.href(), "https://x/");
//! assert_eq!(errors, ["special-scheme-missing-following-solidus"]);
//! # Ok::<(), weburl_parser::ParseError>(())
//! ```
//!
//! Modules: `url` holds the [`Url`] record (one `String` plus offsets) and the getters;
//! `parser` the basic URL parser (section 4.4), one function per state, split by spec section
//! (`scheme`, `authority`, `file`, `path`; `fast` is a fast path for common inputs and `check`
//! the URL-free check behind [`Url::can_parse`]); `setters` the URL API setters (section 6.1);
//! `search_params` the `searchParams` copy and [`SearchParamsMut`] (section 6.2);
//! `query_pairs` rust-url's query API ([`Url::query_pairs`], the append-only
//! [`Url::query_pairs_mut`], [`Url::parse_with_params`]); `path_segments` the path as segments
//! ([`Url::path_segments`], [`Url::path_segments_mut`]); `serialize`
//! the serializer (4.5), equivalence (4.6) and the standard traits; `origin` the [`Origin`]
//! (4.7); `options` the [`ParseOptions`] builder; `error` the [`ValidationError`]s and
//! [`ParseError`]; `host` the bridge to `weburl-host`. Beside the standard, with rust-url's
//! names: `file_path` (feature `std`) turns file paths into `file:` URLs and back
//! (`Url::from_file_path`, `Url::to_file_path`), `position` slices a URL by [`Position`]s, and
//! `relative` gives [`Url::make_relative`].
//!
//! A `Url` holds at most `u32::MAX` bytes: parsing input that is, or would serialize to,
//! anything longer fails with [`ParseError::TooLong`] (checked as the serialization grows), and a
//! setter whose result would be longer leaves the URL unchanged.
//!
//! Features: `std` (default) adds the std-only parts: file paths, and on x86-64 the run-time
//! test for AVX2 that lets the parser scan paths, queries and fragments 32 bytes at a time;
//! `serde` serializes a [`Url`] as its href and deserializes by parsing. The crate is `no_std`
//! with `alloc` either way.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod error;
#[cfg(feature = "std")]
mod file_path;
mod host;
mod host_api;
#[cfg(feature = "http")]
pub mod http_interop;
mod options;
mod origin;
mod parser;
mod path_segments;
mod position;
mod query_pairs;
mod relative;
mod rust_setters;
mod search_params;
#[cfg(feature = "serde")]
mod serde_impl;
mod serialize;
mod setter_outcome;
mod setters;
mod url;
#[cfg(feature = "url")]
pub mod url_interop;
mod utf16;

pub use error::{HostFailure, ParseError, ValidationError, ValidationErrorKind};
#[cfg(feature = "std")]
pub use file_path::FilePathError;
pub use host::HostKind;
pub use host_api::HostRef;
pub use options::ParseOptions;
pub use origin::{OpaqueOrigin, Origin, OriginHost};
/// Hooks for the fuzz targets in `fuzz/` (feature `fuzzing`): not a public API, and not
/// covered by semver.
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing {
    pub use crate::parser::fuzzing::*;

    /// The Windows path to `file:` URL conversion, on every platform (what
    /// `Url::from_file_path` and `Url::from_directory_path` do on Windows).
    pub fn windows_path_to_url(
        path: &str,
        directory: bool,
    ) -> Result<crate::Url, crate::FilePathError> {
        crate::file_path::windows::windows_path_to_url(path, directory)
    }

    /// The `file:` URL to Windows path conversion, on every platform (what
    /// `Url::to_file_path` does on Windows).
    pub fn url_to_windows_path(
        url: &crate::Url,
    ) -> Result<alloc::string::String, crate::FilePathError> {
        crate::file_path::windows::url_to_windows_path(url)
    }
}
pub use path_segments::{PathSegments, PathSegmentsMut};
pub use position::Position;
pub use query_pairs::{QueryPairs, QueryPairsIntoOwned, QueryPairsMut};
pub use search_params::SearchParamsMut;
pub use setter_outcome::{SetOutcome, SetterError};
pub use url::Url;

impl Url {
    /// Parses `input` with the basic URL parser and no base URL (the API URL parser, section
    /// 6.1, without a base).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("HTTP://example.com/a/./b/../c")?;
    /// assert_eq!(url.href(), "http://example.com/a/c");
    /// assert!(weburl_parser::Url::parse("/relative").is_err());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        parser::parse(input, None, None, None).map_err(|e| e.classify(None))
    }

    /// [`Url::parse`], writing the serialization into `buffer`'s allocation (its text is
    /// dropped first) instead of a new one. A loop over many inputs that hands each URL's
    /// buffer back with [`Url::into_string`] allocates only when a URL outgrows every one
    /// before it; the buffer is consumed when parsing fails.
    ///
    /// ```
    /// use weburl_parser::Url;
    ///
    /// let mut buffer = String::new();
    /// let mut hosts = Vec::new();
    /// for input in ["https://a.example/x", "HTTPS://B.EXAMPLE/y"] {
    ///     let url = Url::parse_with_buffer(input, buffer)?;
    ///     hosts.push(url.host().to_owned());
    ///     buffer = url.into_string();
    /// }
    /// assert_eq!(hosts, ["a.example", "b.example"]);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn parse_with_buffer(
        input: &str,
        buffer: alloc::string::String,
    ) -> Result<Url, ParseError> {
        parser::parse_into(input, None, None, None, buffer).map_err(|e| e.classify(None))
    }

    /// Parses `input` against this URL as the base URL.
    ///
    /// ```
    /// let base = weburl_parser::Url::parse("https://example.org/dir/page")?;
    /// assert_eq!(base.join("other?q")?.href(), "https://example.org/dir/other?q");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        parser::parse(input, Some(self), None, None).map_err(|e| e.classify(Some(self)))
    }

    /// [`Url::join`], writing the serialization into `buffer`'s allocation (its text is dropped
    /// first), as [`Url::parse_with_buffer`] does.
    ///
    /// ```
    /// let base = weburl_parser::Url::parse("https://example.org/dir/page")?;
    /// let url = base.join_with_buffer("../up?q", String::with_capacity(64))?;
    /// assert_eq!(url.href(), "https://example.org/up?q");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn join_with_buffer(
        &self,
        input: &str,
        buffer: alloc::string::String,
    ) -> Result<Url, ParseError> {
        parser::parse_into(input, Some(self), None, None, buffer)
            .map_err(|e| e.classify(Some(self)))
    }

    /// A builder for parsing with a base URL, a query encoding, or a validation error callback.
    ///
    /// ```
    /// let url = weburl_parser::Url::options().parse("https://example.org/")?;
    /// assert_eq!(url.href(), "https://example.org/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions::new()
    }

    /// `URL.canParse(input, base)` (section 6.1): whether `input` parses, against `base` parsed
    /// first when given.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert!(Url::can_parse("/a", Some("https://example.org")));
    /// assert!(!Url::can_parse("/a", None));
    /// assert!(!Url::can_parse("/a", Some("not a base")));
    /// ```
    #[must_use]
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        match base {
            // Without a base only the scheme, host and port can fail: no URL is built.
            None => parser::check::can_parse(input),
            Some(base) => Url::parse(base).is_ok_and(|base| base.join(input).is_ok()),
        }
    }
}
