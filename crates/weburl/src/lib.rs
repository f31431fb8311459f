//! weburl: the WHATWG URL Standard for Rust, complete and fast: parsing, serializing, setters,
//! origins, hosts and IDNA, form encoding, and RFC 3986 beside it.
//!
//! ```
//! use weburl::Url;
//!
//! let url = Url::parse("https://user@EXAMPLE.com:443/a/./b/../c?x=1 2#f")?;
//! assert_eq!(url.href(), "https://user@example.com/a/c?x=1%202#f");
//! assert_eq!(url.hostname(), "example.com");
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! # A tour
//!
//! Parse, and resolve against a base with [`Url::join`] (or [`Url::options`] to also pick a
//! query encoding and collect validation errors):
//!
//! ```
//! use weburl::Url;
//!
//! let base = Url::parse("https://example.org/docs/guide/intro.html")?;
//! let url = base.join("../api/Url.html?lang=en#parse")?;
//! assert_eq!(url.href(), "https://example.org/docs/api/Url.html?lang=en#parse");
//! assert!(Url::can_parse("../x", Some("https://example.org/")));
//! assert!(!Url::can_parse("../x", None));
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! Read the components, named and formatted as in the JavaScript URL API:
//!
//! ```
//! let url = weburl::Url::parse("https://user:pass@example.org:8080/p/a/t/h?query=string#hash")?;
//! assert_eq!(url.protocol(), "https:");
//! assert_eq!(url.username(), "user");
//! assert_eq!(url.password(), "pass");
//! assert_eq!(url.host(), "example.org:8080");
//! assert_eq!(url.hostname(), "example.org");
//! assert_eq!(url.port(), "8080");
//! assert_eq!(url.pathname(), "/p/a/t/h");
//! assert_eq!(url.search(), "?query=string");
//! assert_eq!(url.hash(), "#hash");
//! // Rust-side accessors: no delimiters, `None` when absent.
//! assert_eq!(url.scheme(), "https");
//! assert_eq!(url.port_u16(), Some(8080));
//! assert_eq!(url.query(), Some("query=string"));
//! assert_eq!(url.fragment(), Some("hash"));
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! Change it with the setters, which follow the standard (invalid values are ignored, as in
//! JavaScript; only [`Url::set_href`] can fail):
//!
//! ```
//! let mut url = weburl::Url::parse("http://example.org/")?;
//! url.set_protocol("https");
//! url.set_port("8443");
//! url.set_pathname("/a b");
//! url.set_search("q=1");
//! url.set_hash("top");
//! assert_eq!(url.href(), "https://example.org:8443/a%20b?q=1#top");
//! url.set_port("not a port");
//! assert_eq!(url.port(), "8443");
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! Search parameters and the origin:
//!
//! ```
//! let url = weburl::Url::parse("https://example.org:443/search?q=rust+url&lang=en")?;
//! let params = url.search_params();
//! assert_eq!(params.get("q"), Some("rust url"));
//! assert_eq!(url.origin().to_string(), "https://example.org");
//!
//! // The linked view: changes are written back to the query when the guard drops.
//! let mut url = url;
//! url.search_params_mut().append("page", "2");
//! assert_eq!(url.search(), "?q=rust+url&lang=en&page=2");
//! url.search_params_mut().clear();
//! assert_eq!(url.href(), "https://example.org/search");
//! assert_eq!(weburl::Url::parse("data:,x")?.origin().to_string(), "null");
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! Hosts and IDNA, and the form encoding:
//!
//! ```
//! use weburl::host::{domain_to_ascii, domain_to_unicode};
//!
//! assert_eq!(domain_to_ascii("Bücher.example", false)?, "xn--bcher-kva.example");
//! assert_eq!(domain_to_unicode("xn--bcher-kva.example"), "bücher.example");
//!
//! let pairs = weburl::form::parse(b"a=1&b=%C3%BC+x");
//! assert_eq!(pairs, [("a".to_owned(), "1".to_owned()), ("b".to_owned(), "ü x".to_owned())]);
//! assert_eq!(weburl::form::serialize_utf8([("a", "1"), ("b", "ü x")]), "a=1&b=%C3%BC+x");
//! # Ok::<(), weburl::host::HostError>(())
//! ```
//!
//! Show a URL to a person with [`render`] (URL Standard, section 4.8), and check it against
//! RFC 3986 with [`rfc3986_bridge`]:
//!
//! ```
//! let url = weburl::Url::parse("https://user@xn--bcher-kva.example/%C3%BC")?;
//! assert_eq!(weburl::render(&url), "https://bücher.example/ü");
//! assert!(weburl::rfc3986_bridge::to_rfc3986(&url).is_ok());
//! # Ok::<(), weburl::ParseError>(())
//! ```
//!
//! # From the JavaScript URL API
//!
//! | JavaScript | weburl |
//! | --- | --- |
//! | `new URL(input)` | [`Url::parse(input)?`](Url::parse) |
//! | `new URL(input, base)` | [`Url::parse(base)?.join(input)?`](Url::join), or [`Url::options().base(Some(&base)).parse(input)`](Url::options) |
//! | `URL.canParse(input, base)` | [`Url::can_parse(input, Some(base))`](Url::can_parse) |
//! | `URL.parse(input)` | `Url::parse(input).ok()` |
//! | `url.href`, `url.toString()`, `url.toJSON()` | [`url.href()`](Url::href), `url.to_string()`, `url.as_ref()` |
//! | `url.href = s` | [`url.set_href(s)?`](Url::set_href) (the URL is unchanged on error) |
//! | `url.origin` | [`url.origin().to_string()`](Url::origin) |
//! | `url.protocol`, `url.protocol = s` | [`url.protocol()`](Url::protocol), [`url.set_protocol(s)`](Url::set_protocol) |
//! | `url.username`, `url.password` | [`url.username()`](Url::username), [`url.password()`](Url::password), `set_username`, `set_password` |
//! | `url.host`, `url.hostname`, `url.port` | [`url.host()`](Url::host), [`url.hostname()`](Url::hostname), [`url.port()`](Url::port), `set_host`, `set_hostname`, `set_port` |
//! | `url.pathname`, `url.search`, `url.hash` | [`url.pathname()`](Url::pathname), [`url.search()`](Url::search), [`url.hash()`](Url::hash), `set_pathname`, `set_search`, `set_hash` |
//! | `url.searchParams` (read) | [`url.search_params()`](Url::search_params) (a parsed copy) |
//! | `url.searchParams.append(n, v)` etc. | [`url.search_params_mut().append(n, v)`](Url::search_params_mut) (written back when the guard drops) |
//! | `JSON.stringify(url)` | `serde_json::to_string(&url)` with the `serde` feature |
//! | `new URLSearchParams(s)` | [`form::SearchParams`] |
//! | `a.href === b.href` | `a == b` (`Eq`, `Hash` and `Ord` compare hrefs) |
//! | `url.hostname` shown to a person | [`render(&url)`](render) |
//! | Node's `url.domainToASCII(d)`, `url.domainToUnicode(d)` | [`host::domain_to_ascii(d, false)`](host::domain_to_ascii), [`host::domain_to_unicode(d)`](host::domain_to_unicode) |
//!
//! # From rust-url
//!
//! rust-url's names work wherever they do not clash with a JavaScript name; the full table, with
//! every public item of url 2.5, percent-encoding 2.3, form_urlencoded 1.2 and idna 1.x, is in
//! `docs/migrating-from-url.md`.
//!
//! | rust-url | weburl |
//! | --- | --- |
//! | `Url::parse`, `join`, `options`, `as_str`, `into_string`, `scheme`, `is_special`, `username`, `query`, `fragment`, `origin`, `cannot_be_a_base` | the same names on [`Url`] ([`Url::has_opaque_path`] is the standard's name for the last) |
//! | `url.host()` (typed) | [`url.host_ref()`](Url::host_ref) (a [`HostRef`]: `Domain`, `Ipv4`, `Ipv6`, `Opaque`, `Empty`), because [`url.host()`](Url::host) is JavaScript's `host:port` |
//! | `url.host_str()`, `domain()`, `has_host()`, `has_authority()`, `authority()`, `path()`, `port_or_known_default()`, `socket_addrs()` | [`host_str`](Url::host_str), [`domain`](Url::domain), [`has_host`](Url::has_host), [`has_authority`](Url::has_authority), [`authority`](Url::authority), [`path`](Url::path), [`port_or_known_default`](Url::port_or_known_default), `socket_addrs` (feature `std`) |
//! | `url.port()` (a number) | [`url.port_u16()`](Url::port_u16), because [`url.port()`](Url::port) is JavaScript's string |
//! | `url.password()` (an `Option`) | [`url.password()`](Url::password) (a `&str`, empty when absent) |
//! | `url.path_segments()` | [`url.path_segments()`](Url::path_segments) (`Some` of no segments for `sc://host`, where rust-url gives `None`) |
//! | `url.query_pairs()`, `url.query_pairs_mut()` (appends, keeps the query's bytes) | the same names: [`QueryPairs`] is [`form_urlencoded::Parse`], and [`QueryPairsMut`] writes on every call; [`url.search_params_mut()`](Url::search_params_mut) rewrites the whole query |
//! | `url.path_segments_mut()`, `Url::parse_with_params`, `url.make_relative(&other)` | [`path_segments_mut`](Url::path_segments_mut), [`parse_with_params`](Url::parse_with_params), [`make_relative`](Url::make_relative) |
//! | `set_query(Option)`, `set_fragment(Option)`, `set_path`, `set_scheme`, `set_ip_host` | [`set_query`](Url::set_query), [`set_fragment`](Url::set_fragment), [`set_path`](Url::set_path), [`set_scheme`](Url::set_scheme) and [`set_ip_host`](Url::set_ip_host) (the last two fail with a [`SetterError`]) |
//! | `url.set_port(Option<u16>)` | [`url.set_port_u16(port)`](Url::set_port_u16), because [`set_port`](Url::set_port) is JavaScript's string setter |
//! | `url.set_host(Some(h))`, `set_host(None)`, `set_username`, `set_password(Some(p))` | [`set_hostname(h)`](Url::set_hostname), [`remove_host()`](Url::remove_host), [`set_username`](Url::set_username), [`set_password(p)`](Url::set_password) (a [`SetOutcome`] says whether they applied) |
//! | `Url::from_file_path`, `from_directory_path`, `url.to_file_path()` | the same names (feature `std`) |
//! | `&url[Position::BeforePath..]` | the same, with [`Position`] |
//! | `ParseOptions::base_url`, `encoding_override`, `syntax_violation_callback` | [`ParseOptions::base_url`] (or `base`), [`ParseOptions::encoding`] (an encoding, not a closure), [`ParseOptions::syntax_violation_callback`] (or [`on_validation_error`](ParseOptions::on_validation_error)) |
//! | `ParseError::RelativeUrlWithoutBase`, `RelativeUrlWithCannotBeABaseBase`, the other variants, `SyntaxViolation` | [`ParseError`] has the two relative variants under the same names; other failures are `Invalid` or `InvalidHost` (a [`HostFailure`]) with a [`ValidationErrorKind`] (the standard's names) from [`err.kind()`](ParseError::kind); [`err.is_relative_without_base()`](ParseError::is_relative_without_base) |
//! | `Host`, `Origin`, `OpaqueOrigin`, `Origin::unicode_serialization` | [`host::Host`] (with `Opaque` and `Empty` kinds), [`Origin`], [`OpaqueOrigin`], [`Origin::unicode_serialization`] |
//! | `impl Debug for Url` | the same: the components |
//! | `url::Url` ↔ `weburl::Url`, `http::Uri` | `TryFrom` both ways with features `url` and `http` (modules `url_interop`, `http_interop`) |
//! | `percent_encoding::{percent_encode, utf8_percent_encode, percent_decode, percent_decode_str, AsciiSet, CONTROLS, NON_ALPHANUMERIC}` | the same names in [`percent`] (also named `percent_encoding`) |
//! | `url::form_urlencoded::{parse, Parse, ParseIntoOwned, byte_serialize, Serializer, Target, EncodingOverride}` | the same names in [`form_urlencoded`] (weburl-form's types); weburl's own: [`form::parse_iter`], [`form::serialize_utf8`], [`form::SearchParams`] |
//! | `idna::domain_to_ascii`, `domain_to_ascii_strict`, `domain_to_unicode` | [`host::domain_to_ascii(d, false)`](host::domain_to_ascii), `domain_to_ascii(d, true)`, [`host::domain_to_unicode`]; UTS 46 with options: [`idna::to_ascii`] with an [`idna::Config`] |
//!
//! # Crates and modules
//!
//! This crate re-exports the layered crates, so one dependency is enough: [`Url`] and its
//! companions from `weburl-parser` at the root; [`host`] (`weburl-host`: hosts, IDNA through
//! [`idna`], public suffixes); [`percent`] (`weburl-percent`: percent-encode sets and
//! coding); [`form`] (`weburl-form`: application/x-www-form-urlencoded and `SearchParams`);
//! [`rfc3986`] (`weburl-rfc3986`: RFC 3986 URI references); and [`encoding_rs`], whose
//! encodings [`ParseOptions::encoding`] takes. What needs several crates lives here:
//! [`render`], [`rfc3986_bridge`] and [`form_urlencoded`] (rust-url's form API: re-exports of
//! [`form`]'s types and rust-url's `parse`).
//!
//! Features: `std` (default) forwards to every crate's `std` feature; without it the crate is
//! `no_std` with `alloc`. `encoding` (default) adds [`form::serialize`], which serializes in
//! legacy encodings. `serde` serializes a [`Url`] as its href and deserializes by parsing.
//! `url` (off by default) adds `TryFrom` in both directions between [`Url`] and rust-url's
//! `url::Url` (module `url_interop`); `http` (off by default) the same with `http::Uri` (module
//! `http_interop`).
//! `pattern` (default) re-exports `weburl-pattern`, the URLPattern Standard, as `pattern`.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;

pub mod form_urlencoded;
mod render;
pub mod rfc3986_bridge;

/// Conversions between [`Url`] and rust-url's `url::Url` (feature `url`): `TryFrom` in both
/// directions, owned and by reference, failing with a
/// [`UrlConversionError`](url_interop::UrlConversionError) where the libraries disagree.
///
/// ```
/// let ours = weburl::Url::parse("https://example.org/a b")?;
/// let theirs = url::Url::try_from(&ours)?;
/// assert_eq!(theirs.path(), "/a%20b");
/// assert_eq!(weburl::Url::try_from(theirs)?, ours);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "url")]
pub mod url_interop {
    pub use weburl_parser::url_interop::UrlConversionError;
}

/// Conversions between [`Url`] and `http::Uri` (feature `http`): `TryFrom` in both directions,
/// owned and by reference, and [`to_request_uri`](http_interop::to_request_uri). An
/// `http::Uri` has no fragment and HTTP forbids credentials in a target URI, so `TryFrom`
/// refuses a URL with either, and [`to_request_uri`](http_interop::to_request_uri) leaves both
/// out; credentials in an `http::Uri` are kept when converting it to a [`Url`]. The details are
/// in [`UriConversionError`](http_interop::UriConversionError).
///
/// ```
/// use weburl::http_interop::{UriConversionError, to_request_uri};
///
/// let url = weburl::Url::parse("https://user@example.org/a?b#c")?;
/// assert!(matches!(http::Uri::try_from(&url), Err(UriConversionError::HasFragment { .. })));
/// let uri = to_request_uri(&url)?;
/// assert_eq!(uri, "https://example.org/a?b");
/// assert_eq!(weburl::Url::try_from(uri)?.href(), "https://example.org/a?b");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "http")]
pub mod http_interop {
    pub use weburl_parser::http_interop::{UriConversionError, to_request_uri};
}

pub use encoding_rs;
pub use render::{is_invisible, render};
pub use weburl_form as form;
pub use weburl_host as host;
pub use weburl_host::idna;
#[cfg(feature = "std")]
pub use weburl_parser::FilePathError;
pub use weburl_parser::{
    HostFailure, HostKind, HostRef, OpaqueOrigin, Origin, OriginHost, ParseError, ParseOptions,
    PathSegments, PathSegmentsMut, Position, QueryPairs, QueryPairsIntoOwned, QueryPairsMut,
    SearchParamsMut, SetOutcome, SetterError, Url, ValidationError, ValidationErrorKind,
};
#[cfg(feature = "pattern")]
pub use weburl_pattern as pattern;
pub use weburl_percent as percent;
/// [`percent`] under the name of rust-url's crate, so that `percent_encoding::` ports as
/// `weburl::percent_encoding::`.
///
/// ```
/// use weburl::percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
///
/// assert_eq!(utf8_percent_encode("a b", NON_ALPHANUMERIC).to_string(), "a%20b");
/// ```
#[doc(no_inline)]
pub use weburl_percent as percent_encoding;
pub use weburl_rfc3986 as rfc3986;
