//! rust-url's `form_urlencoded` API over weburl's form encoding (URL Standard, section 5), so
//! that code written for `url::form_urlencoded` (or the `form_urlencoded` crate) ports by
//! renaming the path to `weburl::form_urlencoded`.
//!
//! ```
//! use weburl::form_urlencoded::{byte_serialize, parse, Serializer};
//!
//! let pairs: Vec<(String, String)> = parse(b"a=1&b=x+y%21").into_owned().collect();
//! assert_eq!(pairs, [("a".into(), "1".into()), ("b".into(), "x y!".into())]);
//! assert_eq!(byte_serialize(b"x y!").collect::<String>(), "x+y%21");
//! let query = Serializer::new(String::new())
//!     .append_pair("q", "a&b")
//!     .append_key_only("k")
//!     .finish();
//! assert_eq!(query, "q=a%26b&k");
//! ```
//!
//! Everything here is weburl-form's: [`Parse`] (also [`Url::query_pairs`](crate::Url::query_pairs)'s
//! type, as in rust-url), [`ParseIntoOwned`], [`byte_serialize`], [`Serializer`], [`Target`]
//! and [`EncodingOverride`]; only [`parse`] is defined here, as weburl-form's own `parse`
//! returns a [`SearchParams`](weburl_form::SearchParams). The differences from rust-url, all so
//! that no call can panic, are listed in [`Serializer`] and [`Target`].

pub use weburl_form::{
    ByteSerialize, EncodingOverride, Parse, ParseIntoOwned, Serializer, Target, byte_serialize,
};

/// Parses `input` as application/x-www-form-urlencoded (URL Standard, section 5.1), lazily
/// (weburl-form's [`parse_iter`](weburl_form::parse_iter) under rust-url's name).
///
/// ```
/// use std::borrow::Cow;
///
/// let mut pairs = weburl::form_urlencoded::parse(b"name=plain&q=a+b");
/// assert_eq!(pairs.next(), Some((Cow::Borrowed("name"), Cow::Borrowed("plain"))));
/// assert_eq!(pairs.next(), Some((Cow::Borrowed("q"), Cow::Owned("a b".to_owned()))));
/// assert_eq!(pairs.next(), None);
/// ```
#[inline]
#[must_use]
pub fn parse(input: &[u8]) -> Parse<'_> {
    weburl_form::parse_iter(input)
}
