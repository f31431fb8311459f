//! WHATWG URL kernels over Apache Arrow string arrays: parse a column of URLs into a struct of
//! components, take one component, resolve against a base, read search parameters, find
//! registrable domains, convert domains to ASCII or Unicode, and check RFC 3986, writing
//! straight into Arrow builders.
//!
//! ```
//! use arrow_array::{Array, StringArray, cast::AsArray};
//! use weburl_arrow::{Component, Options};
//!
//! let urls = StringArray::from(vec![
//!     Some("https://User@WWW.Example.co.uk:8443/a/../b?q=1"),
//!     Some("not a url"),
//!     None,
//! ]);
//! let options = Options::new();
//! let hosts = weburl_arrow::component(&urls, Component::Hostname, &options)?;
//! let hosts = hosts.as_string::<i32>();
//! assert_eq!(hosts.value(0), "www.example.co.uk");
//! assert!(hosts.is_null(1) && hosts.is_null(2)); // invalid and null rows give null
//!
//! let domains = weburl_arrow::registrable_domain(&urls, &options)?;
//! assert_eq!(domains.as_string::<i32>().value(0), "example.co.uk");
//!
//! // Or make a row that does not parse fail the batch, naming the row.
//! let strict = Options::new().invalid(weburl_arrow::OnInvalid::Error);
//! let error = weburl_arrow::component(&urls, Component::Href, &strict).unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "row 1: relative URL without a base (missing-scheme-non-relative-URL)"
//! );
//! # Ok::<(), weburl_arrow::Error>(())
//! ```
//!
//! # Inputs, outputs, nulls
//!
//! Every kernel reads `Utf8`, `LargeUtf8` and `Utf8View` arrays, and `Binary`, `LargeBinary`
//! and `BinaryView` ones whose values must be UTF-8 ([`Options::invalid_utf8`] makes other
//! values an error, the default, or null). Any other type is [`Error::UnsupportedType`].
//! String results are `Utf8`, or `LargeUtf8` when the URL argument has 64-bit offsets
//! ([`string_output_type`]). A null input gives a null output; a URL that does not parse
//! gives null (or `valid = false` in [`parse`]'s struct) unless [`Options::invalid`] is
//! [`OnInvalid::Error`]. No row can panic or fail the batch otherwise.
//!
//! Each URL is parsed once by [`weburl::Url::parse_with_buffer`], into one buffer that is
//! handed from row to row, so a column allocates only when a URL is longer than every one
//! before it ([`join`] builds its results, and a per-row base, in buffers reused the same
//! way). The kernels copy components from it into the output builders and allocate nothing
//! else per row, except [`search_param`] and [`search_param_all`] on a pair whose name or
//! value needs decoding (`+` or `%`), decoded into a new `String`, and [`domain_to_unicode`]
//! and [`render`], whose `weburl` functions return a new `String`. Multi-argument kernels
//! take [`Arg`]s, so either side may be an array or a scalar; a scalar base URL is parsed
//! once per batch.
//!
//! # Modules
//!
//! `url` has [`parse`], [`component`] (with [`Component`]), [`port_number`], [`host_kind`]
//! and [`render`]; `join` has [`join`] and [`can_parse`]; `search` has [`search_param`] and
//! [`search_param_all`]; `host` has [`registrable_domain`], [`public_suffix`],
//! [`domain_to_ascii`] and [`domain_to_unicode`]; `rfc3986` has [`rfc3986_is_valid`] and
//! [`rfc3986_normalize`]. `input` reads arguments ([`Arg`]), `output` builds string columns
//! with offset-overflow checks, and `error` holds [`Error`] and [`Options`].
//!
//! The crate depends on `arrow-array`, `arrow-buffer` and `arrow-schema` only (the version
//! DataFusion 55 uses), not on `arrow` and its compute kernels. It needs `std`.
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

mod error;
mod host;
mod input;
mod join;
mod output;
mod rfc3986;
mod search;
mod url;

pub use error::{Error, OnInvalid, Options};
pub use host::{domain_to_ascii, domain_to_unicode, public_suffix, registrable_domain};
pub use input::{Arg, is_supported, string_output_type};
pub use join::{can_parse, join};
pub use rfc3986::{rfc3986_is_valid, rfc3986_normalize};
pub use search::{search_param, search_param_all, search_param_all_item};
pub use url::{
    Component, component, host_kind, host_kind_name, parse, parse_fields, port_number, render,
};
