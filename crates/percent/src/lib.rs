//! Percent-encode sets, percent-encoding and percent-decoding as the WHATWG URL Standard
//! defines them (section 1.3, "Percent-encoded bytes"), including percent-encode after encoding
//! for the legacy encodings of the Encoding Standard.
//!
//! ```
//! use weburl_percent::{utf8_percent_encode, percent_decode_str, PATH};
//!
//! let encoded = utf8_percent_encode("a b/ü", &PATH).to_string();
//! assert_eq!(encoded, "a%20b/%C3%BC");
//! assert_eq!(percent_decode_str(&encoded).decode_utf8()?, "a b/ü");
//! # Ok::<(), core::str::Utf8Error>(())
//! ```
//!
//! With the `encoding` feature, text can first be encoded in a legacy encoding, as the URL
//! parser does for the query of a special URL in a non-UTF-8 document:
//!
//! ```
//! # #[cfg(feature = "encoding")] {
//! use weburl_percent::{percent_encode_after_encoding, SPECIAL_QUERY};
//! use weburl_percent::encoding_rs::SHIFT_JIS;
//!
//! let query = percent_encode_after_encoding(SHIFT_JIS, "≡ ‽", &SPECIAL_QUERY, false);
//! assert_eq!(query, "%81%DF%20%26%238253%3B");
//! # }
//! ```
//!
//! Code written for rust-url's `percent-encoding` crate ports by renaming the crate: the same
//! [`percent_encode`] (over bytes), [`utf8_percent_encode`], [`percent_decode`],
//! [`percent_decode_str`], [`percent_encode_byte`], [`CONTROLS`], [`NON_ALPHANUMERIC`],
//! [`AsciiSet::EMPTY`] and the `const fn` set builders, with the same results:
//!
//! ```
//! use weburl_percent::{percent_encode, percent_decode, AsciiSet, NON_ALPHANUMERIC};
//!
//! const QUERY_VALUE: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_');
//! assert_eq!(percent_encode(b"a-b c\xFF", QUERY_VALUE).to_string(), "a-b%20c%FF");
//! assert_eq!(percent_decode(b"a-b%20c").decode_utf8()?, "a-b c");
//! # Ok::<(), core::str::Utf8Error>(())
//! ```
//!
//! Modules: [`set`] holds the [`AsciiSet`] type and the eight sets of the standard (and
//! percent-encoding's two); [`encode`] the percent-encoders; [`decode`] the percent-decoder;
//! `after_encoding` (feature `encoding`) percent-encode after encoding.
//!
//! Features: `std` (default) is reserved for `std`-only additions (everything here works with
//! `alloc` alone); `encoding` (default) adds [`percent_encode_after_encoding`] for legacy
//! encodings through `encoding_rs` (re-exported as [`encoding_rs`]). Without `std` the crate is
//! `no_std` with `alloc`.
#![no_std]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "encoding")]
mod after_encoding;
pub mod decode;
pub mod encode;
mod scan;
pub mod set;

#[cfg(feature = "encoding")]
pub use after_encoding::{percent_encode_after_encoding, percent_encode_after_encoding_into};
pub use decode::{
    PercentDecode, decode_escape, percent_decode, percent_decode_str, utf8_lossy_owned,
};
pub use encode::{
    PercentEncode, encode_into, percent_encode, percent_encode_byte, utf8_percent_encode,
    utf8_percent_encode_into,
};
/// The `encoding_rs` crate, whose [`Encoding`](encoding_rs::Encoding) values select the
/// encoding of [`percent_encode_after_encoding`].
#[cfg(feature = "encoding")]
pub use encoding_rs;
pub use set::{
    AsciiSet, C0_CONTROL, COMPONENT, CONTROLS, FORM_URLENCODED, FRAGMENT, NON_ALPHANUMERIC, PATH,
    QUERY, SPECIAL_QUERY, USERINFO,
};
