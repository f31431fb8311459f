//! RFC 3986 URI references: parsing and validation, reference resolution, normalization and
//! comparison, beside weburl's WHATWG URL parser.
//!
//! ```
//! use weburl_rfc3986::{UriRef, validate};
//!
//! // Parse (without allocating) and read the components (section 3).
//! let base = UriRef::parse("http://a/b/c/d;p?q")?;
//! assert_eq!((base.scheme(), base.host(), base.path()), (Some("http"), Some("a"), "/b/c/d;p"));
//!
//! // Resolve a relative reference (section 5.2).
//! let target = base.resolve(&UriRef::parse("../g#s")?)?;
//! assert_eq!(target.as_str(), "http://a/b/g#s");
//!
//! // Normalize and compare (section 6.2).
//! let a = UriRef::parse("HTTP://Example.com:80/%7euser/./x")?;
//! assert_eq!(a.normalized().as_str(), "http://example.com/~user/x");
//! assert!(a.equivalent(&UriRef::parse("http://example.com/~user/x")?));
//!
//! // Validate; errors name the ABNF rule and the first offending byte.
//! let err = validate("http://exa mple.com/").unwrap_err();
//! assert_eq!(err.to_string(), "invalid reg-name at byte 10");
//! # Ok::<(), weburl_rfc3986::Error>(())
//! ```
//!
//! RFC 3986 is stricter than the WHATWG URL Standard: only ASCII, no spaces, `|`, `^`, `{`,
//! `}` or `\`, `%` only in triplets, `[` and `]` only around an IP literal. It also accepts what
//! the URL Standard rejects or rewrites, such as empty hosts (`"https://"`) and ports of any
//! length.
//!
//! Modules: [`parse`] matches the ABNF of Appendix A in one forward scan (with [`host`] for
//! section 3.2.2 and a private 256-entry byte-class table, `chars`); [`uri_ref`] holds the
//! borrowing [`UriRef`] and owned [`UriRefBuf`]; [`resolve`] is section 5.2; [`normalize`] is
//! section 6.2; [`rules`] has one predicate per ABNF rule; [`error`] the [`Error`] type.
//! Components stay percent-encoded; [`percent_decode_str`] (from `weburl-percent`) decodes
//! them.
//!
//! Features: `std` (default) has no effect beyond linking `std`; the crate is `no_std` with
//! `alloc`, and nothing allocates except resolution and normalization.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;
#[cfg(test)]
#[macro_use]
extern crate std;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

mod builder;
mod chars;
pub mod error;
pub mod host;
pub mod normalize;
pub mod parse;
#[cfg(test)]
mod pieced;
pub mod resolve;
pub mod rules;
pub mod uri_ref;

pub use error::{Error, Rule};
pub use host::HostKind;
pub use parse::{
    Grammar, PathKind, validate, validate_absolute_uri, validate_relative_ref, validate_uri,
};
pub use resolve::remove_dot_segments;
pub use uri_ref::{UriRef, UriRefBuf};
/// Percent-decoding (section 2.1) for the components of a [`UriRef`], which stay encoded.
/// In a valid reference every `%` starts a triplet, so decoding is exact.
///
/// ```
/// use weburl_rfc3986::{UriRef, percent_decode_str};
///
/// let uri = UriRef::parse("http://h/a%20b%2Fc")?;
/// assert_eq!(percent_decode_str(uri.path()).decode_utf8_lossy(), "/a b/c");
/// # Ok::<(), weburl_rfc3986::Error>(())
/// ```
pub use weburl_percent::{PercentDecode, percent_decode_str};
