//! A URL's query as application/x-www-form-urlencoded name-value pairs (URL Standard, section
//! 5), with rust-url's names and semantics: the lazy, borrowing [`QueryPairs`] and the
//! append-only [`QueryPairsMut`].
//!
//! Unlike [`Url::search_params_mut`] (URLSearchParams semantics, which re-serializes the whole
//! query), [`QueryPairsMut`] keeps the query's bytes as they are and appends to them, each pair
//! serialized (section 5.2) straight into the URL's serialization: onto its end when there is
//! no fragment, otherwise through a small stack buffer inserted before the fragment. The record is valid after
//! every call, and its href parses back to itself: the serializer writes only bytes that no
//! query percent-encode set holds.

use alloc::string::String;
use core::borrow::Borrow;
use core::num::NonZeroU32;

use weburl_percent::{AsciiSet, FORM_URLENCODED};

use crate::setters::{Shift, fits_u32, make_room};
use crate::url::SchemeType;
use crate::{ParseError, Url};

impl Url {
    /// The query parsed as application/x-www-form-urlencoded (section 5.1), lazily: names and
    /// values are borrowed from the URL when they need no decoding. Empty when the query is
    /// null.
    ///
    /// ```
    /// use std::borrow::Cow;
    ///
    /// let url = weburl_parser::Url::parse("https://example.org/?q=a+b&lang=en&flag")?;
    /// let mut pairs = url.query_pairs();
    /// assert_eq!(pairs.next(), Some((Cow::from("q"), Cow::from("a b"))));
    /// assert_eq!(pairs.next(), Some((Cow::from("lang"), Cow::from("en"))));
    /// assert_eq!(pairs.next(), Some((Cow::from("flag"), Cow::from(""))));
    /// assert_eq!(pairs.next(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn query_pairs(&self) -> QueryPairs<'_> {
        weburl_form::parse_iter(self.query().unwrap_or("").as_bytes())
    }

    /// An appender of application/x-www-form-urlencoded pairs to the query, which keeps the
    /// query's existing bytes as they are (rust-url's `query_pairs_mut`). For URLSearchParams
    /// semantics (delete, set, sort, and a re-serialized query) use
    /// [`search_params_mut`](Self::search_params_mut).
    ///
    /// A null query becomes the empty query (`?`) at once, as in rust-url, even when nothing
    /// is appended: `url.query_pairs_mut().clear()` is `url.set_search("?")`, not
    /// `url.set_search("")`. The fragment stays.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://app/auth?redirect_uri=https://app/cb&scope=a,b#s")?;
    /// url.query_pairs_mut().append_pair("state", "x y");
    /// assert_eq!(url.href(), "https://app/auth?redirect_uri=https://app/cb&scope=a,b&state=x+y#s");
    ///
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.query_pairs_mut();
    /// assert_eq!(url.query(), Some(""));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn query_pairs_mut(&mut self) -> QueryPairsMut<'_> {
        if self.query_start.is_none() {
            let at = self.path_end();
            // A URL of `u32::MAX` bytes stays without a query; the appender then does nothing.
            let added = if self.fragment_start.is_none() && at < u32::MAX {
                make_room(&mut self.serialization, 1);
                self.serialization.push('?');
                true
            } else {
                self.splice(at, at, "?", Shift::Fragment)
            };
            if added {
                self.query_start = NonZeroU32::new(at);
            }
            self.debug_check();
        }
        QueryPairsMut { url: Some(self) }
    }

    /// Parses `input` (as [`Url::parse`] does) and appends `pairs` to its query, as
    /// [`query_pairs_mut`](Self::query_pairs_mut) and
    /// [`extend_pairs`](QueryPairsMut::extend_pairs) do. The query is at least empty (`?`)
    /// afterwards, as in rust-url, even when `pairs` is.
    ///
    /// ```
    /// use weburl_parser::Url;
    ///
    /// let url = Url::parse_with_params("https://example.net/?dont=clobberme", &[("lang", "rust"), ("browser", "servo")])?;
    /// assert_eq!(url.href(), "https://example.net/?dont=clobberme&lang=rust&browser=servo");
    /// assert!(Url::parse_with_params("no scheme", [("a", "b")]).is_err());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn parse_with_params<I, K, V>(input: &str, pairs: I) -> Result<Url, ParseError>
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut url = Url::parse(input)?;
        url.query_pairs_mut().extend_pairs(pairs);
        Ok(url)
    }
}

impl Url {
    /// `about:blank`, built without parsing (so that making it cannot fail).
    fn about_blank() -> Url {
        Url {
            serialization: String::from("about:blank"),
            scheme_end: 5,
            username_end: 6,
            host_start: 6,
            host_end: 6,
            path_start: 6,
            query_start: None,
            fragment_start: None,
            port: None,
            host_kind: None,
            scheme_type: SchemeType::NotSpecial,
        }
    }
}

/// The name-value pairs of a URL's query, returned by [`Url::query_pairs`]: weburl-form's
/// [`Parse`](weburl_form::Parse), as rust-url's `query_pairs` returns `form_urlencoded::Parse`
/// (`Copy`, with [`into_owned`](weburl_form::Parse::into_owned)). Each name and value is
/// borrowed from the URL when it holds no `+`, no percent-encoded byte, and only valid UTF-8,
/// and decoded into a `String` otherwise.
///
/// ```
/// use std::borrow::Cow;
///
/// let url = weburl_parser::Url::parse("https://example.org/?a=1&b=%C3%A9")?;
/// let pairs: Vec<(Cow<'_, str>, Cow<'_, str>)> = url.query_pairs().collect();
/// assert!(matches!(pairs[0], (Cow::Borrowed("a"), Cow::Borrowed("1"))));
/// assert_eq!(pairs[1].1, "é");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[doc(alias = "Parse")]
pub type QueryPairs<'a> = weburl_form::Parse<'a>;

/// The pairs of [`QueryPairs`] as owned `String`s, returned by
/// [`into_owned`](weburl_form::Parse::into_owned): weburl-form's
/// [`ParseIntoOwned`](weburl_form::ParseIntoOwned).
///
/// ```
/// let url = weburl_parser::Url::parse("https://example.org/?a=%41")?;
/// let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
/// assert_eq!(pairs, [("a".to_owned(), "A".to_owned())]);
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[doc(alias = "ParseIntoOwned")]
pub type QueryPairsIntoOwned<'a> = weburl_form::ParseIntoOwned<'a>;

/// An appender of application/x-www-form-urlencoded pairs to a URL's query, returned by
/// [`Url::query_pairs_mut`] (rust-url's `form_urlencoded::Serializer<UrlQuery>`).
///
/// Each call changes the URL at once and leaves it valid: the encoded pair (section 5.2,
/// names and values percent-encoded with the application/x-www-form-urlencoded set, spaces as
/// `+`) goes after the query's existing bytes, preceded by `&` unless the query is empty, and
/// before the fragment. Existing bytes are never re-encoded. Dropping the appender does
/// nothing more. A pair that would make the URL longer than `u32::MAX` bytes is skipped.
/// After [`finish`](Self::finish), appends are dropped silently and a second `finish` leaks a
/// small `about:blank` URL (see there).
///
/// ```
/// let mut url = weburl_parser::Url::parse("https://example.org/search#results")?;
/// url.query_pairs_mut().append_pair("q", "rust & url").append_key_only("verbose");
/// assert_eq!(url.href(), "https://example.org/search?q=rust+%26+url&verbose#results");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[doc(alias = "Serializer")]
#[doc(alias = "UrlQuery")]
#[derive(Debug)]
pub struct QueryPairsMut<'a> {
    /// The URL, until [`finish`](Self::finish) hands it back.
    url: Option<&'a mut Url>,
}

impl<'a> QueryPairsMut<'a> {
    /// Removes every pair: the query becomes empty (`?`), not null.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/?a=1&b=2#f")?;
    /// url.query_pairs_mut().clear().append_pair("c", "3");
    /// assert_eq!(url.href(), "https://example.org/?c=3#f");
    /// url.query_pairs_mut().clear();
    /// assert_eq!(url.href(), "https://example.org/?#f");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn clear(&mut self) -> &mut Self {
        if let Some(url) = self.url.as_deref_mut()
            && let Some(start) = url.query_start
        {
            if url.fragment_start.is_none() {
                url.serialization.truncate(start.get() as usize + 1);
            } else {
                let end = url.query_end();
                let _removed = url.splice(start.get() + 1, end, "", Shift::Fragment);
            }
            url.debug_check();
        }
        self
    }

    /// Appends the pair `name=value`, both serialized (section 5.2).
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/?a=1")?;
    /// url.query_pairs_mut().append_pair("b c", "é=~");
    /// assert_eq!(url.query(), Some("a=1&b+c=%C3%A9%3D%7E"));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.append(name, Some(value));
        self
    }

    /// Appends `name` alone, serialized, without `=` (a pair that parses back with an empty
    /// value).
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/?a=1")?;
    /// url.query_pairs_mut().append_key_only("dry run");
    /// assert_eq!(url.query(), Some("a=1&dry+run"));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.append(name, None);
        self
    }

    /// [`append_pair`](Self::append_pair)s each pair of `pairs` in turn.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.query_pairs_mut().extend_pairs([("a", "1"), ("b", "2")]);
    /// url.query_pairs_mut().extend_pairs(&[("c".to_owned(), "3".to_owned())]);
    /// assert_eq!(url.href(), "https://example.org/?a=1&b=2&c=3");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (name, value) = pair.borrow();
            self.append(name.as_ref(), Some(value.as_ref()));
        }
        self
    }

    /// [`append_key_only`](Self::append_key_only)s each name of `names` in turn. (The item
    /// type is rust-url's `Borrow<K>`, so the name type may need spelling out.)
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/?a=1")?;
    /// url.query_pairs_mut().extend_keys_only::<_, &str>(["x", "y z"]);
    /// assert_eq!(url.query(), Some("a=1&x&y+z"));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[doc(alias = "extend_keys")]
    pub fn extend_keys_only<I, K>(&mut self, names: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<K>,
        K: AsRef<str>,
    {
        for name in names {
            self.append(name.borrow().as_ref(), None);
        }
        self
    }

    /// Hands back the URL, with every pair appended so far, borrowed for as long as the
    /// appender's own borrow (rust-url's signature, so the result may outlive the appender).
    /// The URL is always up to date, so this only ends the appender.
    ///
    /// Two things differ from rust-url, so that no call can panic:
    ///
    /// - **Appends after `finish` are dropped silently**: `append_pair`, `append_key_only`,
    ///   `extend_*` and `clear` on a finished appender change nothing and report nothing
    ///   (rust-url panics). Keep the URL that `finish` returned and edit that instead.
    /// - **A second `finish` leaks memory**: it returns a new, empty `about:blank` URL that
    ///   is boxed and leaked (about 100 bytes each time; rust-url panics), because the
    ///   signature promises a `&'a mut Url` and the real one has already been handed out.
    ///   Call `finish` at most once; in a loop, the leaks add up.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// let url = url.query_pairs_mut().append_pair("a", "b").finish();
    /// url.set_hash("top");
    /// assert_eq!(url.href(), "https://example.org/?a=b#top");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn finish(&mut self) -> &'a mut Url {
        match self.url.take() {
            Some(url) => url,
            None => alloc::boxed::Box::leak(alloc::boxed::Box::new(Url::about_blank())),
        }
    }

    /// Serializer, steps 3.2-3.5 for one pair (or one name, when `value` is `None`), appended
    /// to the query.
    fn append(&mut self, name: &str, value: Option<&str>) {
        let Some(url) = self.url.as_deref_mut() else {
            return;
        };
        append_to_query(url, name, value);
    }
}

/// The length of `text` UTF-8 percent-encoded with `set` (a space as one byte when
/// `space_as_plus`), for a URL so close to `u32::MAX` bytes that the bound of three bytes per
/// byte does not fit.
pub(crate) fn encoded_len(text: &str, set: &AsciiSet, space_as_plus: bool) -> usize {
    text.bytes().map(|b| if set.contains(b) && !(space_as_plus && b == b' ') { 3 } else { 1 }).sum()
}

/// Appends the serialized pair to the query of `url` (which is not null), before the fragment.
/// Without a fragment the bytes are encoded straight onto the end of the serialization; with
/// one they go through [`Inserter`], so that no call allocates anything but the URL's own
/// growth.
fn append_to_query(url: &mut Url, name: &str, value: Option<&str>) {
    let Some(start) = url.query_start else {
        return;
    };
    let end = url.query_end();
    // Step 3.4: a `&` before every pair but the first.
    let ampersand = end > start.get() + 1;
    let len = url.serialization.len();
    let bound = name.len().saturating_add(value.map_or(0, str::len)).saturating_mul(3);
    if !fits_u32(len, 0, bound.saturating_add(2)) {
        let exact = usize::from(ampersand)
            + encoded_len(name, &FORM_URLENCODED, true)
            + value.map_or(0, |v| 1 + encoded_len(v, &FORM_URLENCODED, true));
        if !fits_u32(len, 0, exact) {
            return;
        }
    }
    if url.fragment_start.is_none() {
        let out = &mut url.serialization;
        if ampersand {
            out.push('&');
        }
        push_encoded(out, name, &FORM_URLENCODED, true);
        if let Some(value) = value {
            out.push('=');
            push_encoded(out, value, &FORM_URLENCODED, true);
        }
    } else {
        let mut out = Inserter::new(url, end, Shift::Fragment);
        if ampersand {
            out.push("&");
        }
        out.encode(name, &FORM_URLENCODED, true);
        if let Some(value) = value {
            out.push("=");
            out.encode(value, &FORM_URLENCODED, true);
        }
        out.finish();
    }
    url.debug_check();
}

/// Up to how many bytes [`push_encoded`] encodes byte by byte.
const SHORT: usize = 32;

/// `text` UTF-8 percent-encoded with `set` (spaces as `+` when `space_as_plus`), appended to
/// `out`: short text byte by byte (cheaper than copying its runs in pieces), longer text run by
/// run. Always inlined: its callers pass one or two short names a call, and a call's own cost
/// (about 16 instructions) was a tenth of an append.
#[inline(always)]
pub(crate) fn push_encoded(out: &mut String, text: &str, set: &AsciiSet, space_as_plus: bool) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    // Every byte pushed is ASCII; the mask says so to the compiler (one-byte pushes).
    let ascii = |b: u8| char::from(b & 0x7F);
    if text.len() > SHORT {
        weburl_percent::utf8_percent_encode_into(text, set, space_as_plus, out);
        return;
    }
    // No reservation up front: room for the worst case (three bytes a byte) would grow the
    // buffer where the bytes themselves still fit.
    for &b in text.as_bytes() {
        if !set.contains(b) {
            // Not in the set, so ASCII.
            out.push(ascii(b));
        } else if space_as_plus && b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(ascii(HEX.get(usize::from(b >> 4)).copied().unwrap_or(b'0')));
            out.push(ascii(HEX.get(usize::from(b & 15)).copied().unwrap_or(b'0')));
        }
    }
}

/// The size of [`Inserter`]'s buffer.
const BUF: usize = 128;

/// A writer of ASCII text into the middle of a URL's serialization (before its fragment, or
/// before its query), without a heap buffer: text is gathered in a stack buffer and spliced in
/// when the buffer is full (each splice moves the rest of the serialization once), or directly
/// when a chunk is longer than the buffer. The caller checks beforehand that all of the text
/// fits the `u32` offsets, and calls [`finish`](Self::finish) at the end.
pub(crate) struct Inserter<'u> {
    url: &'u mut Url,
    /// Where the next text goes.
    at: u32,
    /// The first offset that the insertions move.
    shift: Shift,
    buf: [u8; BUF],
    len: usize,
}

impl<'u> Inserter<'u> {
    /// An inserter at byte `at` of `url`, moving the offsets from `shift` on.
    pub(crate) fn new(url: &'u mut Url, at: u32, shift: Shift) -> Inserter<'u> {
        Inserter { url, at, shift, buf: [0; BUF], len: 0 }
    }

    /// `text` UTF-8 percent-encoded with `set` (spaces as `+` when `space_as_plus`).
    pub(crate) fn encode(&mut self, text: &str, set: &AsciiSet, space_as_plus: bool) {
        let chunks = weburl_percent::utf8_percent_encode(text, set);
        if space_as_plus {
            chunks.space_as_plus().for_each(|chunk| self.push(chunk));
        } else {
            chunks.for_each(|chunk| self.push(chunk));
        }
    }

    /// `chunk` as it is.
    pub(crate) fn push(&mut self, chunk: &str) {
        if let Some(slot) = self.buf.get_mut(self.len..self.len + chunk.len()) {
            slot.copy_from_slice(chunk.as_bytes());
            self.len += chunk.len();
            return;
        }
        self.flush();
        if let Some(slot) = self.buf.get_mut(..chunk.len()) {
            slot.copy_from_slice(chunk.as_bytes());
            self.len = chunk.len();
        } else {
            splice_in(self.url, &mut self.at, self.shift, chunk);
        }
    }

    /// Splices in what the buffer still holds.
    pub(crate) fn finish(mut self) {
        self.flush();
    }

    fn flush(&mut self) {
        // The buffer holds whole ASCII chunks, so the check never fails.
        if let Some(text) = self.buf.get(..self.len).and_then(|b| core::str::from_utf8(b).ok()) {
            splice_in(self.url, &mut self.at, self.shift, text);
        }
        self.len = 0;
    }
}

/// Inserts `text` at `*at` and moves `*at` past it.
fn splice_in(url: &mut Url, at: &mut u32, shift: Shift, text: &str) {
    if !text.is_empty() && url.splice(*at, *at, text, shift) {
        *at += crate::url::to_u32(text.len());
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::borrow::ToOwned;
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    fn edit(href: &str, f: impl FnOnce(&mut super::QueryPairsMut<'_>)) -> String {
        let mut url = Url::parse(href).unwrap();
        f(&mut url.query_pairs_mut());
        assert_eq!(url.check_invariants(), Ok(()), "{href}");
        assert_eq!(Url::parse(url.href()).unwrap().href(), url.href(), "{href}");
        String::from(url.href())
    }

    #[test]
    fn appends_keep_the_query() {
        let href = "https://app/cb?redirect_uri=https://app/cb&scope=a,b";
        assert_eq!(edit(href, |q| _ = q.append_pair("x", "1")), format!("{href}&x=1"));
        assert_eq!(edit("https://h/?a&", |q| _ = q.append_pair("b", "")), "https://h/?a&&b=");
        assert_eq!(edit("https://h/?", |q| _ = q.append_key_only("b")), "https://h/?b");
        assert_eq!(edit("https://h/#f", |q| _ = q.append_pair("", "")), "https://h/?=#f");
        assert_eq!(edit("https://h/p#f", |_| {}), "https://h/p?#f");
        assert_eq!(edit("sc:opaque#f", |q| _ = q.append_pair("a b", "+")), "sc:opaque?a+b=%2B#f");
        assert_eq!(edit("sc:/.//p?x#f", |q| _ = q.clear().append_key_only("y")), "sc:/.//p?y#f");
        assert_eq!(
            edit("https://h/?%zz=1", |q| _ = q.extend_keys_only::<_, &str>(["\u{1F600}", "\u{0}"])),
            "https://h/?%zz=1&%F0%9F%98%80&%00"
        );
    }

    #[test]
    fn pairs_round_trip() {
        let pairs = [("a b", "c&d"), ("é", "=+"), ("", ""), ("~*-._", "\u{FFFD}")];
        let url = Url::parse_with_params("https://h/#f", &pairs).unwrap();
        let parsed: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        let expected: Vec<(String, String)> =
            pairs.iter().map(|&(n, v)| (n.to_owned(), v.to_owned())).collect();
        assert_eq!(parsed, expected);
        assert_eq!(url.fragment(), Some("f"));
        let empty = Url::parse_with_params("https://h/", core::iter::empty::<(&str, &str)>());
        assert_eq!(empty.unwrap().href(), "https://h/?");
    }

    #[test]
    fn finish_hands_the_url_back_once() {
        let mut url = Url::parse("https://h/?a#f").unwrap();
        let mut pairs = url.query_pairs_mut();
        pairs.append_pair("b", "1");
        let handed = pairs.finish();
        assert_eq!(handed.href(), "https://h/?a&b=1#f");
        pairs.append_pair("c", "2").clear();
        let again = pairs.finish();
        assert_eq!(again.href(), "about:blank");
        assert_eq!(again.check_invariants(), Ok(()));
        assert_eq!(Url::parse("about:blank").unwrap().href(), again.href());
        // The appender holds nothing of its own: once its borrow ends, the URL is as it left it.
        assert_eq!(url.href(), "https://h/?a&b=1#f");
    }
}
