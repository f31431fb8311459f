//! Percent-encode sets, percent-encoding and percent-decoding as the WHATWG URL Standard
//! defines them (section 1.3, "Percent-encoded bytes").
//!
//! ```
//! use weburl_percent::{utf8_percent_encode, percent_decode_str, PATH};
//!
//! let encoded = utf8_percent_encode("a b/ü", &PATH).to_string();
//! assert_eq!(encoded, "a%20b/%C3%BC");
//! assert_eq!(percent_decode_str(&encoded).decode_utf8_lossy(), "a b/ü");
//! ```
//!
//! Modules: [`set`] holds the [`AsciiSet`] type and the eight sets of the standard;
//! [`encode`] the UTF-8 percent-encoders; [`decode`] the percent-decoder.
//!
//! Features: `std` (default) implements `std::error::Error` where relevant; `encoding`
//! (default) adds percent-encode after encoding for legacy encodings through `encoding_rs`.
//! Without `std` the crate is `no_std` with `alloc`.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod decode;
pub mod encode;
pub mod set;

pub use decode::{PercentDecode, percent_decode, percent_decode_str};
pub use encode::{PercentEncode, encode_into, percent_encode_byte, utf8_percent_encode};
pub use set::{
    AsciiSet, C0_CONTROL, COMPONENT, FORM_URLENCODED, FRAGMENT, PATH, QUERY, SPECIAL_QUERY,
    USERINFO,
};
