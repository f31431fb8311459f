//! [`SearchParams`]: the data model of the `URLSearchParams` class (URL Standard, section 6.2)
//! as an ordered list of name-value pairs.
//!
//! The link to a URL object (the standard's "update" steps) belongs to the URL facade, which
//! writes [`SearchParams::serialize_into`]'s output into the URL's query after each change.
//!
//! The list is stored compactly (module `pairs`): all names and values in one `String`, each
//! framed by its length before and after it. Parsing `"a=b&"` repeated takes one allocation of
//! 1.5 bytes per input byte (six bytes a pair used of it), where a `Vec<(String, String)>`
//! took 28.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use crate::parse::{parse_into, valid_prefix};
use crate::serialize::append_pairs;

mod pairs;

pub(crate) use pairs::{Pairs, name_bit_of};

/// An ordered list of name-value pairs with the methods of `URLSearchParams`.
///
/// ```
/// use weburl_form::SearchParams;
///
/// let mut params = SearchParams::parse("?q=rust+url&page=2&q=whatwg");
/// assert_eq!(params.get("q"), Some("rust url"));
/// assert_eq!(params.get_all("q").collect::<Vec<_>>(), ["rust url", "whatwg"]);
/// params.set("page", "3");
/// params.append("lang", "日本");
/// params.delete("q", Some("whatwg"));
/// params.sort();
/// assert_eq!(params.to_string(), "lang=%E6%97%A5%E6%9C%AC&page=3&q=rust+url");
/// assert_eq!(params.len(), 3);
/// ```
///
/// Equality and hashing compare the pairs in order; a `SearchParams` also compares equal to a
/// slice, array or `Vec` of the same `(name, value)` pairs.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct SearchParams {
    /// The standard's list of name-value tuples.
    list: Pairs,
}

impl SearchParams {
    /// An empty list (`new URLSearchParams()`).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let mut params = SearchParams::new();
    /// assert!(params.is_empty());
    /// params.append("a", "1");
    /// assert_eq!(params.to_string(), "a=1");
    /// ```
    #[inline]
    #[must_use]
    pub const fn new() -> SearchParams {
        SearchParams { list: Pairs::new() }
    }

    /// Parse a query string as `new URLSearchParams(init)` does for a string: one leading `?`
    /// is removed, then the rest is parsed as application/x-www-form-urlencoded.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::parse("??a=1");
    /// assert_eq!(params.iter().collect::<Vec<_>>(), [("?a", "1")]);
    /// ```
    #[must_use]
    pub fn parse(input: &str) -> SearchParams {
        // Constructor step 1: strip one leading U+003F (?).
        let input = input.strip_prefix('?').unwrap_or(input);
        // A `str` is UTF-8 already: no second check.
        SearchParams::parse_text(input.as_bytes(), input)
    }

    /// Parse `input` as application/x-www-form-urlencoded (no `?` is removed); the same list
    /// as [`parse`](crate::parse).
    ///
    /// Memory: one buffer of 1.5 times `input.len()` plus at most 24 bytes (grown only when
    /// invalid UTF-8 becoming U+FFFD, or many tiny pairs, need more), holding the decoded text
    /// and four bytes a pair, and two 64-bit filters of the names.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::parse_bytes(b"?a=%C3%A9&b=\xFF");
    /// assert_eq!(params.get("?a"), Some("é"));
    /// assert_eq!(params.get("b"), Some("\u{FFFD}"));
    /// ```
    #[must_use]
    pub fn parse_bytes(input: &[u8]) -> SearchParams {
        SearchParams::parse_text(input, valid_prefix(input))
    }

    /// [`parse_bytes`](Self::parse_bytes) of `input` whose longest UTF-8 prefix is `text`.
    fn parse_text(input: &[u8], text: &str) -> SearchParams {
        // The decoded text is at most the input (but for U+FFFD replacements), and the frames
        // take four bytes a pair: about half the input for pairs of a few bytes. More grows
        // the buffer as usual.
        // Rounded up to 8 bytes short of a multiple of 16 (at least 24): the usable size of
        // the block a 16-byte-granular allocator such as glibc's returns for the request
        // anyway, so the bytes a later `set` or `append` may need cost no memory.
        let want = input.len() + input.len() / 2 + 8;
        let mut list = Pairs::with_capacity((want.max(24) + 8).next_multiple_of(16) - 8);
        parse_into(input, text, &mut list);
        SearchParams { list }
    }

    /// A list holding `pairs` in order, as `new URLSearchParams(sequence)` or
    /// `new URLSearchParams(record)` builds it.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::from_pairs([("a", "1"), ("b", "2")]);
    /// assert_eq!(params.to_string(), "a=1&b=2");
    /// ```
    #[must_use]
    pub fn from_pairs<I, N, V>(pairs: I) -> SearchParams
    where
        I: IntoIterator<Item = (N, V)>,
        N: Into<String>,
        V: Into<String>,
    {
        pairs.into_iter().collect()
    }

    /// The number of pairs (the `size` attribute).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// assert_eq!(SearchParams::parse("a=1&&b=2&a=3").len(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list has no pairs.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// assert!(SearchParams::parse("?&&").is_empty());
    /// assert!(!SearchParams::parse("=").is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Append a pair at the end (`append(name, value)`).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let mut params = SearchParams::parse("a=1");
    /// params.append("a", "2");
    /// params.append(String::from("b c"), "&");
    /// assert_eq!(params.to_string(), "a=1&a=2&b+c=%26");
    /// ```
    pub fn append(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.list.push(&name.into(), &value.into());
    }

    /// Remove every pair named `name`, or, when `value` is given, every pair named `name` with
    /// that value (`delete(name, value)`).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let mut params = SearchParams::parse("a=1&b=2&a=3&a=1");
    /// params.delete("a", Some("1"));
    /// assert_eq!(params.to_string(), "b=2&a=3");
    /// params.delete("a", None);
    /// assert_eq!(params.to_string(), "b=2");
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        if self.list.lacks(name) {
            return;
        }
        match value {
            Some(value) => {
                let (name, value) = (name.as_bytes(), value.as_bytes());
                self.list.retain(|n, v| !(n == name && v == value));
            }
            None => {
                let name = name.as_bytes();
                self.list.retain(|n, _| n != name);
            }
        }
    }

    /// The value of the first pair named `name` (`get(name)`).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::parse("a=1&a=2&b");
    /// assert_eq!(params.get("a"), Some("1"));
    /// assert_eq!(params.get("b"), Some(""));
    /// assert_eq!(params.get("c"), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list.get(name)
    }

    /// The values of every pair named `name`, in list order (`getAll(name)`).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::parse("a=1&b=2&a=3");
    /// assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["1", "3"]);
    /// assert_eq!(params.get_all("c").count(), 0);
    /// ```
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        // None of the pairs when the filter of the names rules `name` out.
        let pairs = if self.list.lacks(name) { Pairs::EMPTY.iter() } else { self.list.iter() };
        pairs.filter(move |&(n, _)| n == name).map(|(_, v)| v)
    }

    /// Whether a pair is named `name`, or, when `value` is given, whether a pair is named `name`
    /// and has that value (`has(name, value)`).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::parse("a=1&b=2");
    /// assert!(params.has("a", None));
    /// assert!(params.has("a", Some("1")));
    /// assert!(!params.has("a", Some("2")));
    /// ```
    #[must_use]
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        match value {
            Some(value) => {
                !self.list.lacks(name) && self.list.iter().any(|(n, v)| n == name && v == value)
            }
            None => self.list.get(name).is_some(),
        }
    }

    /// Give the first pair named `name` the value `value` and remove the other pairs of that
    /// name; append the pair when there is none (`set(name, value)`).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let mut params = SearchParams::parse("a=1&b=2&a=3");
    /// params.set("a", "4");
    /// params.set("c", "5");
    /// assert_eq!(params.to_string(), "a=4&b=2&c=5");
    /// ```
    pub fn set(&mut self, name: &str, value: impl AsRef<str>) {
        self.list.set(name, value.as_ref());
    }

    /// Sort the pairs by name, comparing names by UTF-16 code units; pairs with equal names
    /// keep their order (`sort()`).
    ///
    /// UTF-16 order differs from Rust's `str` order for characters above U+FFFF, which sort
    /// before U+E000 to U+FFFF (their first code unit is a surrogate, 0xD800 to 0xDBFF).
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let mut params = SearchParams::parse("\u{FB03}=1&\u{1F308}=2&a=3");
    /// params.sort();
    /// let names: Vec<_> = params.iter().map(|(name, _)| name).collect();
    /// assert_eq!(names, ["a", "\u{1F308}", "\u{FB03}"]);
    /// ```
    pub fn sort(&mut self) {
        let mut names = self.list.iter().map(|(name, _)| name);
        let sorted = names.next().is_none_or(|mut previous| {
            names.all(|name| {
                let in_order = cmp_code_units(previous, name) != Ordering::Greater;
                previous = name;
                in_order
            })
        });
        if sorted {
            return;
        }
        // A stable sort, as the standard requires.
        self.list = self.list.sorted_by_name(cmp_code_units);
    }

    /// Remove every pair.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let mut params = SearchParams::parse("a=1&b=2");
    /// params.clear();
    /// assert!(params.is_empty());
    /// assert_eq!(params.to_string(), "");
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// The pairs in order, as `(name, value)`.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::parse("a=1&b=x+y");
    /// let pairs: Vec<(&str, &str)> = params.iter().collect();
    /// assert_eq!(pairs, [("a", "1"), ("b", "x y")]);
    /// assert_eq!(params.iter().rev().next(), Some(("b", "x y")));
    /// ```
    #[inline]
    #[must_use]
    pub fn iter(&self) -> Iter<'_> {
        Iter { inner: self.list.iter() }
    }

    /// Append the serialization (application/x-www-form-urlencoded, UTF-8) to `out`. This is
    /// what the standard's "update" steps write into a URL's query.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let mut query = String::from("?");
    /// SearchParams::from_pairs([("a b", "c&d")]).serialize_into(&mut query);
    /// assert_eq!(query, "?a+b=c%26d");
    /// ```
    pub fn serialize_into(&self, out: &mut String) {
        append_pairs(self.list.byte_pairs(), self.serialized_len_estimate(), out);
    }

    /// The serialization (application/x-www-form-urlencoded, UTF-8), as the stringifier
    /// returns it; the same text as `to_string()`.
    ///
    /// ```
    /// use weburl_form::SearchParams;
    /// let params = SearchParams::from_pairs([("q", "1 + 1"), ("ü", "")]);
    /// assert_eq!(params.serialize(), "q=1+%2B+1&%C3%BC=");
    /// assert_eq!(params.serialize(), params.to_string());
    /// ```
    #[must_use]
    pub fn serialize(&self) -> String {
        let mut out = String::new();
        self.serialize_into(&mut out);
        out
    }

    /// A guess at the length of the serialization: the text, a quarter more for the bytes that
    /// encoding lengthens, the separators, and the serializer's spare bytes after its last
    /// four-byte store (without which a list that encodes to about the guess would grow the
    /// buffer for them alone).
    fn serialized_len_estimate(&self) -> usize {
        let text = self.list.text_len();
        text + text / 4 + 2 * self.list.len() + 8
    }
}

/// The index of the first byte where `a` and `b` differ (`None` when one is a prefix of the
/// other), comparing eight bytes at a time.
#[inline]
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let (Some(x), Some(y)) = (
        a.get(i..).and_then(<[u8]>::first_chunk::<8>),
        b.get(i..).and_then(<[u8]>::first_chunk::<8>),
    ) {
        let diff = u64::from_le_bytes(*x) ^ u64::from_le_bytes(*y);
        if diff != 0 {
            // The byte index of the lowest set bit: below 8.
            return Some(i + (diff.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    let (x, y) = (a.get(i..).unwrap_or_default(), b.get(i..).unwrap_or_default());
    x.iter().zip(y).position(|(p, q)| p != q).map(|k| i + k)
}

/// Compare `a` and `b` as sequences of UTF-16 code units ("code unit less than").
///
/// UTF-8 bytes sort as code points, and code points sort as UTF-16 code units except that
/// U+E000 to U+FFFF (lead bytes 0xEE and 0xEF) come after every supplementary code point
/// (lead bytes 0xF0 to 0xF4, a leading surrogate 0xD800 to 0xDBFF in UTF-16). The strings
/// agree up to their first different byte, so both bytes there are lead bytes of characters
/// starting at the same place, or continuation bytes after the same lead byte: only the first
/// case with one lead byte in each range reverses the byte order.
fn cmp_code_units(a: &str, b: &str) -> Ordering {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let Some(i) = first_difference(x, y) else {
        return x.len().cmp(&y.len());
    };
    let (p, q) = (x.get(i).copied().unwrap_or(0), y.get(i).copied().unwrap_or(0));
    if p >= 0xEE && q >= 0xEE && (p >= 0xF0) != (q >= 0xF0) {
        // One supplementary character (before in UTF-16) and one of U+E000 to U+FFFF.
        if p >= 0xF0 { Ordering::Less } else { Ordering::Greater }
    } else {
        p.cmp(&q)
    }
}

impl fmt::Debug for SearchParams {
    /// `SearchParams [("name", "value"), ...]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SearchParams ")?;
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for SearchParams {
    /// The serialization (the stringifier): [`SearchParams::serialize`], written in one piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialize())
    }
}

impl core::str::FromStr for SearchParams {
    type Err = core::convert::Infallible;

    /// [`SearchParams::parse`]: a leading `?` is removed. Never fails.
    fn from_str(s: &str) -> Result<SearchParams, Self::Err> {
        Ok(SearchParams::parse(s))
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for SearchParams {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> SearchParams {
        let mut params = SearchParams::new();
        params.extend(iter);
        params
    }
}

impl<N: Into<String>, V: Into<String>> Extend<(N, V)> for SearchParams {
    /// Appends each pair, as [`SearchParams::append`] does.
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        for (name, value) in iter {
            self.append(name, value);
        }
    }
}

impl From<Vec<(String, String)>> for SearchParams {
    fn from(list: Vec<(String, String)>) -> SearchParams {
        list.into_iter().collect()
    }
}

impl From<SearchParams> for Vec<(String, String)> {
    fn from(params: SearchParams) -> Vec<(String, String)> {
        params.into_iter().collect()
    }
}

/// Whether `params` holds exactly `other`'s pairs, in order.
fn same_pairs<N: AsRef<str>, V: AsRef<str>>(params: &SearchParams, other: &[(N, V)]) -> bool {
    params.len() == other.len()
        && params.iter().zip(other).all(|((n, v), (on, ov))| n == on.as_ref() && v == ov.as_ref())
}

impl<N: AsRef<str>, V: AsRef<str>> PartialEq<[(N, V)]> for SearchParams {
    fn eq(&self, other: &[(N, V)]) -> bool {
        same_pairs(self, other)
    }
}

impl<N: AsRef<str>, V: AsRef<str>, const K: usize> PartialEq<[(N, V); K]> for SearchParams {
    fn eq(&self, other: &[(N, V); K]) -> bool {
        same_pairs(self, other)
    }
}

impl<N: AsRef<str>, V: AsRef<str>> PartialEq<Vec<(N, V)>> for SearchParams {
    fn eq(&self, other: &Vec<(N, V)>) -> bool {
        same_pairs(self, other)
    }
}

impl IntoIterator for SearchParams {
    type Item = (String, String);
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter { inner: pairs::IntoIter::new(self.list) }
    }
}

impl<'a> IntoIterator for &'a SearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The iterator of [`SearchParams::iter`]: `(name, value)` pairs in list order.
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    inner: pairs::Iter<'a>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        self.inner.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = self.inner.remaining();
        (remaining, Some(remaining))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back()
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl core::iter::FusedIterator for Iter<'_> {}

/// The owning iterator of a [`SearchParams`] (`into_iter()`): `(name, value)` pairs in list
/// order, each a new pair of `String`s.
///
/// ```
/// use weburl_form::SearchParams;
/// let pairs: Vec<(String, String)> = SearchParams::parse("a=1&b=2").into_iter().collect();
/// assert_eq!(pairs, [("a".to_owned(), "1".to_owned()), ("b".to_owned(), "2".to_owned())]);
/// ```
#[derive(Clone, Debug)]
pub struct IntoIter {
    inner: pairs::IntoIter,
}

impl Iterator for IntoIter {
    type Item = (String, String);

    #[inline]
    fn next(&mut self) -> Option<(String, String)> {
        self.inner.next_pair()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = self.inner.remaining();
        (remaining, Some(remaining))
    }
}

impl DoubleEndedIterator for IntoIter {
    #[inline]
    fn next_back(&mut self) -> Option<(String, String)> {
        self.inner.next_back_pair()
    }
}

impl ExactSizeIterator for IntoIter {}

impl core::iter::FusedIterator for IntoIter {}

#[cfg(test)]
mod tests;
