//! rust-url's `form_urlencoded` serializer API over the application/x-www-form-urlencoded
//! serializer (URL Standard, section 5.2): [`byte_serialize`], [`Serializer`] writing to a
//! [`Target`], and [`EncodingOverride`], so that code written for the `form_urlencoded` crate
//! ports by renaming the path (the `weburl` facade re-exports them as
//! `weburl::form_urlencoded`).
//!
//! ```
//! use weburl_form::{byte_serialize, Serializer};
//!
//! assert_eq!(byte_serialize(b"x y!").collect::<String>(), "x+y%21");
//! let query = Serializer::new(String::new())
//!     .append_pair("q", "a&b")
//!     .append_key_only("k")
//!     .finish();
//! assert_eq!(query, "q=a%26b&k");
//! ```
//!
//! The differences from rust-url, all so that no call can panic:
//!
//! - [`Serializer::for_suffix`] takes a start position past the end of the target (or inside
//!   a character) as the end (rust-url panics);
//! - [`Target::finish`] takes the target by `&mut`, so [`Serializer::finish`] may be called
//!   again (rust-url panics): a `String` target is taken and left empty, and a `&mut String`
//!   target finishes with `()` (rust-url returns the `&mut String`, which the caller holds
//!   anyway). A `Target` of your own implements `finish(&mut self)`.

use alloc::borrow::Cow;
use alloc::string::String;
use core::borrow::Borrow;

use weburl_percent::{FORM_URLENCODED, PercentEncode, percent_encode};

/// The application/x-www-form-urlencoded byte serializer: every byte but the ASCII
/// alphanumerics and `*-._` percent-encoded, spaces as `+`. Iterates over `&str` chunks and
/// implements `Display`.
///
/// ```
/// use weburl_form::byte_serialize;
///
/// assert_eq!(byte_serialize("Bücher & Co.".as_bytes()).to_string(), "B%C3%BCcher+%26+Co.");
/// ```
#[must_use]
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    percent_encode(input, &FORM_URLENCODED).space_as_plus()
}

/// The lazy result of [`byte_serialize`].
///
/// ```
/// let chunks: Vec<&str> = weburl_form::byte_serialize(b"a b").collect();
/// assert_eq!(chunks, ["a", "+", "b"]);
/// ```
pub type ByteSerialize<'a> = PercentEncode<'a>;

/// How [`Serializer::encoding_override`] encodes names and values to bytes before
/// percent-encoding them (UTF-8 when `None`), as in rust-url.
///
/// ```
/// use std::borrow::Cow;
/// use weburl_form::{EncodingOverride, Serializer};
///
/// fn upper(s: &str) -> Cow<'_, [u8]> {
///     s.to_ascii_uppercase().into_bytes().into()
/// }
/// let encoding: EncodingOverride<'_> = Some(&upper);
/// let out = Serializer::new(String::new()).encoding_override(encoding).append_pair("a", "b").finish();
/// assert_eq!(out, "A=B");
/// ```
pub type EncodingOverride<'a> = Option<&'a dyn Fn(&str) -> Cow<'_, [u8]>>;

/// Where a [`Serializer`] writes: a `String`, a `&mut String`, or a type of yours.
///
/// Unlike rust-url's, [`Target::finish`] takes the target by `&mut`, so that calling
/// [`Serializer::finish`] twice cannot fail (the second call finds the target empty).
///
/// ```
/// use weburl_form::{Serializer, Target};
///
/// struct Query(String);
/// impl Target for Query {
///     type Finished = String;
///     fn as_mut_string(&mut self) -> &mut String {
///         &mut self.0
///     }
///     fn finish(&mut self) -> String {
///         format!("?{}", std::mem::take(&mut self.0))
///     }
/// }
/// assert_eq!(Serializer::new(Query(String::new())).append_pair("a", "b").finish(), "?a=b");
/// ```
pub trait Target {
    /// The string pairs are appended to.
    ///
    /// ```
    /// use weburl_form::Target;
    ///
    /// let mut target = String::from("a=1");
    /// target.as_mut_string().push_str("&b=2");
    /// assert_eq!(target, "a=1&b=2");
    /// ```
    fn as_mut_string(&mut self) -> &mut String;
    /// What [`Serializer::finish`] returns.
    type Finished;
    /// Ends the serialization.
    ///
    /// ```
    /// use weburl_form::Target;
    ///
    /// let mut target = String::from("a=1");
    /// assert_eq!(Target::finish(&mut target), "a=1");
    /// assert_eq!(target, "", "a String target is taken");
    /// ```
    fn finish(&mut self) -> Self::Finished;
}

impl Target for String {
    type Finished = String;

    fn as_mut_string(&mut self) -> &mut String {
        self
    }

    fn finish(&mut self) -> String {
        core::mem::take(self)
    }
}

impl Target for &mut String {
    /// Nothing: the caller still holds the string (rust-url hands the `&mut String` back,
    /// which a `finish` that may be called twice cannot do).
    type Finished = ();

    fn as_mut_string(&mut self) -> &mut String {
        self
    }

    fn finish(&mut self) {}
}

/// The application/x-www-form-urlencoded serializer (URL Standard, section 5.2), appending
/// pairs to a [`Target`] as rust-url's `form_urlencoded::Serializer` does.
///
/// ```
/// use weburl_form::Serializer;
///
/// let mut query = String::from("page=1");
/// Serializer::for_suffix(&mut query, 0).extend_pairs([("q", "rust url"), ("lang", "en")]);
/// assert_eq!(query, "page=1&q=rust+url&lang=en");
/// ```
pub struct Serializer<'a, T: Target> {
    target: T,
    start_position: usize,
    encoding: EncodingOverride<'a>,
}

impl<T: Target + core::fmt::Debug> core::fmt::Debug for Serializer<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Serializer")
            .field("target", &self.target)
            .field("start_position", &self.start_position)
            .field("encoding_override", &self.encoding.is_some())
            .finish()
    }
}

impl<'a, T: Target> Serializer<'a, T> {
    /// A serializer whose output starts at position 0 of `target`: what `target` already
    /// holds is kept, and the first new pair is preceded by `&` when it is not empty.
    ///
    /// ```
    /// use weburl_form::Serializer;
    ///
    /// let out = Serializer::new(String::new()).append_pair("a", "1").finish();
    /// assert_eq!(out, "a=1");
    /// ```
    #[must_use]
    pub fn new(target: T) -> Serializer<'a, T> {
        Serializer::for_suffix(target, 0)
    }

    /// A serializer whose output starts at byte `start_position` of `target` (a prefix such as
    /// `"?"` before it is left alone); a start position past the end, or inside a character, is
    /// taken as the end.
    ///
    /// ```
    /// use weburl_form::Serializer;
    ///
    /// let mut serializer = Serializer::for_suffix(String::from("/search?"), 8);
    /// let out = serializer.append_pair("q", "x").finish();
    /// assert_eq!(out, "/search?q=x");
    /// ```
    #[must_use]
    pub fn for_suffix(mut target: T, start_position: usize) -> Serializer<'a, T> {
        let string = target.as_mut_string();
        // Past the end (or inside a character): the end.
        let start_position =
            if string.is_char_boundary(start_position) { start_position } else { string.len() };
        Serializer { target, start_position, encoding: None }
    }

    /// Removes every pair written after the start position.
    ///
    /// ```
    /// use weburl_form::Serializer;
    ///
    /// let mut serializer = Serializer::for_suffix(String::from("?a=1"), 1);
    /// let out = serializer.clear().append_pair("b", "2").finish();
    /// assert_eq!(out, "?b=2");
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        let start = self.start_position;
        let string = self.target.as_mut_string();
        if start <= string.len() && string.is_char_boundary(start) {
            string.truncate(start);
        }
        self
    }

    /// Encodes the following names and values with `new` before percent-encoding them (for a
    /// legacy encoding), or in UTF-8 when `None`.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use weburl_form::Serializer;
    ///
    /// fn latin1(s: &str) -> Cow<'_, [u8]> {
    ///     s.chars().map(|c| u8::try_from(c).unwrap_or(b'?')).collect::<Vec<u8>>().into()
    /// }
    /// let mut serializer = Serializer::new(String::new());
    /// let out = serializer.encoding_override(Some(&latin1)).append_pair("é", "ü").finish();
    /// assert_eq!(out, "%E9=%FC");
    /// ```
    pub fn encoding_override(&mut self, new: EncodingOverride<'a>) -> &mut Self {
        self.encoding = new;
        self
    }

    /// Appends `name=value`, each serialized.
    ///
    /// ```
    /// let mut s = weburl_form::Serializer::new(String::new());
    /// s.append_pair("a b", "c&d");
    /// assert_eq!(s.finish(), "a+b=c%26d");
    /// ```
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.separate();
        self.serialize(name);
        self.target.as_mut_string().push('=');
        self.serialize(value);
        self
    }

    /// Appends `name` alone, without `=`.
    ///
    /// ```
    /// use weburl_form::Serializer;
    ///
    /// let out = Serializer::new(String::new()).append_key_only("flag").finish();
    /// assert_eq!(out, "flag");
    /// ```
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.separate();
        self.serialize(name);
        self
    }

    /// Appends each pair of `iter`.
    ///
    /// ```
    /// let out = weburl_form::Serializer::new(String::new())
    ///     .extend_pairs(&[("a", "1"), ("b", "2")])
    ///     .finish();
    /// assert_eq!(out, "a=1&b=2");
    /// ```
    pub fn extend_pairs<I, K, V>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in iter {
            let (name, value) = pair.borrow();
            self.append_pair(name.as_ref(), value.as_ref());
        }
        self
    }

    /// Appends each name of `iter` alone.
    ///
    /// ```
    /// let out = weburl_form::Serializer::new(String::new())
    ///     .extend_keys_only::<_, &str>(["x", "y z"])
    ///     .finish();
    /// assert_eq!(out, "x&y+z");
    /// ```
    pub fn extend_keys_only<I, K>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<K>,
        K: AsRef<str>,
    {
        for name in iter {
            self.append_key_only(name.borrow().as_ref());
        }
        self
    }

    /// Ends the serialization and returns what the target makes of it (the `String` itself
    /// for a `String` target, which is left empty for a later call; `()` for a `&mut String`).
    ///
    /// ```
    /// let mut s = weburl_form::Serializer::new(String::new());
    /// assert_eq!(s.append_pair("a", "1").finish(), "a=1");
    /// assert_eq!(s.finish(), "");
    /// ```
    pub fn finish(&mut self) -> T::Finished {
        self.start_position = 0;
        self.target.finish()
    }

    /// `&` before a pair when the output already holds one.
    fn separate(&mut self) {
        let start = self.start_position;
        let string = self.target.as_mut_string();
        if string.len() > start {
            string.push('&');
        }
    }

    /// Appends `text` byte-serialized, after the encoding override when there is one.
    fn serialize(&mut self, text: &str) {
        let string = self.target.as_mut_string();
        match self.encoding {
            Some(encode) => string.extend(byte_serialize(&encode(text))),
            None => {
                weburl_percent::utf8_percent_encode_into(text, &FORM_URLENCODED, true, string);
            }
        }
    }
}

impl<T: Target> Serializer<'_, T> {
    /// The target's string so far (for tests and inspection).
    #[cfg(test)]
    fn as_str(&mut self) -> &str {
        self.target.as_mut_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::borrow::ToOwned;
    use alloc::vec::Vec;

    #[test]
    fn separators_and_suffix() {
        let mut s = Serializer::for_suffix(String::from("ab"), 10);
        s.append_key_only("c");
        assert_eq!(s.as_str(), "abc", "a start past the end is taken as the end");
        let mut s = Serializer::for_suffix(String::from("é"), 1);
        s.append_key_only("c").clear();
        assert_eq!(s.as_str(), "é", "a start inside a character is taken as the end");
        let mut s = Serializer::for_suffix(String::from("?"), 1);
        s.append_pair("", "").append_pair("", "");
        assert_eq!(s.finish(), "?=&=");
        let mut s = Serializer::new(String::new());
        s.finish();
        s.append_pair("a", "b");
        assert_eq!(s.finish(), "a=b", "usable after finish");
    }

    #[test]
    fn mut_string_target() {
        let mut out = String::from("x=1");
        Serializer::new(&mut out).append_pair("y", "2").finish();
        assert_eq!(out, "x=1&y=2");
    }

    #[test]
    fn parse_round_trip() {
        let query = Serializer::new(String::new())
            .extend_pairs([("a b", "ü"), ("&", "=")])
            .append_key_only("k")
            .finish();
        let pairs: Vec<(String, String)> =
            crate::parse_iter(query.as_bytes()).into_owned().collect();
        assert_eq!(
            pairs,
            [
                ("a b".to_owned(), "ü".to_owned()),
                ("&".to_owned(), "=".to_owned()),
                ("k".to_owned(), String::new())
            ]
        );
    }
}
