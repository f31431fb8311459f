//! [`SearchParams`]: the data model of the `URLSearchParams` class (URL Standard, section 6.2)
//! as an ordered list of name-value pairs.
//!
//! The link to a URL object (the standard's "update" steps) belongs to the URL facade, which
//! writes [`SearchParams::serialize_into`]'s output into the URL's query after each change.

use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use crate::parse::{pair_capacity, parse_iter};
use crate::serialize::append_pairs;

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
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchParams {
    /// The standard's list of name-value tuples.
    list: Vec<(String, String)>,
}

impl SearchParams {
    /// An empty list (`new URLSearchParams()`).
    #[inline]
    #[must_use]
    pub const fn new() -> SearchParams {
        SearchParams { list: Vec::new() }
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
        SearchParams::parse_bytes(input.as_bytes())
    }

    /// Parse `input` as application/x-www-form-urlencoded (no `?` is removed).
    #[must_use]
    pub fn parse_bytes(input: &[u8]) -> SearchParams {
        let mut list = Vec::with_capacity(pair_capacity(input));
        list.extend(parse_iter(input).map(|(n, v)| (n.into_owned(), v.into_owned())));
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
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the list has no pairs.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Append a pair at the end (`append(name, value)`).
    pub fn append(&mut self, name: impl Into<String>, value: impl Into<String>) {
        self.list.push((name.into(), value.into()));
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
        match value {
            Some(value) => self.list.retain(|(n, v)| !(n == name && v == value)),
            None => self.list.retain(|(n, _)| n != name),
        }
    }

    /// The value of the first pair named `name` (`get(name)`).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The values of every pair named `name`, in list order (`getAll(name)`).
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.list.iter().filter(move |(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Whether a pair is named `name`, or, when `value` is given, whether a pair is named `name`
    /// and has that value (`has(name, value)`).
    #[must_use]
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        match value {
            Some(value) => self.list.iter().any(|(n, v)| n == name && v == value),
            None => self.list.iter().any(|(n, _)| n == name),
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
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let Some(first) = self.list.iter().position(|(n, _)| n == name) else {
            self.list.push((name.into(), value.into()));
            return;
        };
        let mut index = 0;
        let mut value = Some(value.into());
        self.list.retain_mut(|(n, v)| {
            let keep = if index == first {
                if let Some(value) = value.take() {
                    *v = value;
                }
                true
            } else {
                index < first || n != name
            };
            index += 1;
            keep
        });
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
        // `sort_by` is stable, as the standard requires.
        self.list.sort_by(|(a, _), (b, _)| cmp_code_units(a, b));
    }

    /// Remove every pair.
    #[inline]
    pub fn clear(&mut self) {
        self.list.clear();
    }

    /// The pairs in order, as `(name, value)`.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> Iter<'_> {
        Iter { inner: self.list.iter() }
    }

    /// The pairs as a slice.
    #[inline]
    #[must_use]
    pub fn as_slice(&self) -> &[(String, String)] {
        &self.list
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
        append_pairs(self.iter(), self.serialized_len_estimate(), out);
    }

    /// The serialization (application/x-www-form-urlencoded, UTF-8), as the stringifier
    /// returns it; the same text as `to_string()`.
    #[must_use]
    pub fn serialize(&self) -> String {
        let mut out = String::new();
        self.serialize_into(&mut out);
        out
    }

    /// A guess at the length of the serialization: the text, a quarter more for the bytes that
    /// encoding lengthens, and the separators.
    fn serialized_len_estimate(&self) -> usize {
        let text: usize = self.list.iter().map(|(n, v)| n.len() + v.len()).sum();
        text + text / 4 + 2 * self.list.len()
    }
}

/// The key of a character in UTF-16 code unit order: code points below U+D800 and above
/// U+FFFF keep their order, and U+E000 to U+FFFF move above every supplementary code point
/// (whose leading surrogate, 0xD800 to 0xDBFF, is smaller than their single code unit).
#[inline]
fn utf16_key(c: char) -> u32 {
    let c = u32::from(c);
    if (0xE000..=0xFFFF).contains(&c) { c + 0x20_0000 } else { c }
}

/// Compare `a` and `b` as sequences of UTF-16 code units ("code unit less than").
fn cmp_code_units(a: &str, b: &str) -> Ordering {
    // The strings agree up to their first different byte; find the character it is in.
    let same = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    let mut start = same;
    while start > 0 && !a.is_char_boundary(start) {
        start -= 1;
    }
    let next = |s: &str| s.get(start..).and_then(|rest| rest.chars().next());
    match (next(a), next(b)) {
        (Some(x), Some(y)) => utf16_key(x).cmp(&utf16_key(y)),
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (None, None) => Ordering::Equal,
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
        SearchParams { list: iter.into_iter().map(|(n, v)| (n.into(), v.into())).collect() }
    }
}

impl<N: Into<String>, V: Into<String>> Extend<(N, V)> for SearchParams {
    /// Appends each pair, as [`SearchParams::append`] does.
    fn extend<I: IntoIterator<Item = (N, V)>>(&mut self, iter: I) {
        self.list.extend(iter.into_iter().map(|(n, v)| (n.into(), v.into())));
    }
}

impl From<Vec<(String, String)>> for SearchParams {
    fn from(list: Vec<(String, String)>) -> SearchParams {
        SearchParams { list }
    }
}

impl From<SearchParams> for Vec<(String, String)> {
    fn from(params: SearchParams) -> Vec<(String, String)> {
        params.list
    }
}

impl IntoIterator for SearchParams {
    type Item = (String, String);
    type IntoIter = alloc::vec::IntoIter<(String, String)>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
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
    inner: core::slice::Iter<'a, (String, String)>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    #[inline]
    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        self.inner.next().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl core::iter::FusedIterator for Iter<'_> {}

#[cfg(test)]
mod tests;
