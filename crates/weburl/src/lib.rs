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
//! # Crates and modules
//!
//! This crate re-exports the layered crates, so one dependency is enough: [`Url`] and its
//! companions from `weburl-parser` at the root; [`host`] (`weburl-host`: hosts, IDNA through
//! [`idna`], public suffixes); [`percent`] (`weburl-percent`: percent-encode sets and
//! coding); [`form`] (`weburl-form`: application/x-www-form-urlencoded and `SearchParams`);
//! [`rfc3986`] (`weburl-rfc3986`: RFC 3986 URI references); and [`encoding_rs`], whose
//! encodings [`ParseOptions::encoding`] takes. What needs several crates lives here:
//! [`render`] and [`rfc3986_bridge`].
//!
//! Features: `std` (default) forwards to every crate's `std` feature; without it the crate is
//! `no_std` with `alloc`. `encoding` (default) adds [`form::serialize`], which serializes in
//! legacy encodings. `serde` serializes a [`Url`] as its href and deserializes by parsing.
//! `pattern` (default) re-exports `weburl-pattern`, the URLPattern Standard, as `pattern`.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;

mod render;
pub mod rfc3986_bridge;

pub use encoding_rs;
pub use render::{is_invisible, render};
pub use weburl_form as form;
pub use weburl_host as host;
pub use weburl_host::idna;
pub use weburl_parser::{
    HostKind, OpaqueOrigin, Origin, ParseError, ParseOptions, PathSegments, SearchParamsMut, Url,
    ValidationError, ValidationErrorKind,
};
#[cfg(feature = "pattern")]
pub use weburl_pattern as pattern;
pub use weburl_percent as percent;
pub use weburl_rfc3986 as rfc3986;
