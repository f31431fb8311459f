//! The application/x-www-form-urlencoded format of the WHATWG URL Standard (section 5): its
//! parser and serializer, and [`SearchParams`], the data model of `URLSearchParams`
//! (section 6.2).
//!
//! ```
//! use weburl_form::SearchParams;
//!
//! let pairs = weburl_form::parse(b"name=J%C3%BCrgen+M&tags=a&tags=b");
//! assert_eq!(pairs.iter().next(), Some(("name", "Jürgen M")));
//! assert_eq!(pairs.get_all("tags").collect::<Vec<_>>(), ["a", "b"]);
//!
//! let mut params = SearchParams::parse("?tags=a&tags=b&name=x");
//! params.set("name", "Jürgen M");
//! params.sort();
//! assert_eq!(params.to_string(), "name=J%C3%BCrgen+M&tags=a&tags=b");
//! assert_eq!(weburl_form::serialize_utf8([("q", "1 + 1")]), "q=1+%2B+1");
//! ```
//!
//! Modules: `parse` (section 5.1: [`parse`], the borrowing [`parse_iter`]), `serialize`
//! (section 5.2: [`serialize_utf8`], and [`serialize`] for any encoding), `search_params`
//! ([`SearchParams`], stored compactly: one string of names and values, each framed by its
//! length, one allocation of 1.5 times the input per parse), `serializer` (rust-url's `form_urlencoded`
//! serializer API: [`Serializer`], [`Target`], [`EncodingOverride`], [`byte_serialize`]).
//!
//! Features: `std` (default) is reserved for `std`-only additions (everything works with
//! `alloc` alone); `encoding` (default) adds [`serialize`] and [`serialize_into`], which take
//! an optional legacy encoding from `encoding_rs` (re-exported by `weburl_percent`). Without
//! `std` the crate is `no_std` with `alloc`.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod parse;
mod search_params;
mod serialize;
mod serializer;

pub use parse::{Parse, ParseIntoOwned, parse, parse_iter};
pub use search_params::{IntoIter, Iter, SearchParams};
#[cfg(feature = "encoding")]
pub use serialize::{serialize, serialize_into};
pub use serialize::{serialize_utf8, serialize_utf8_into};
pub use serializer::{ByteSerialize, EncodingOverride, Serializer, Target, byte_serialize};
