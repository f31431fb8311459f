//! [`ParseOptions`], the builder behind [`Url::options`].

use encoding_rs::Encoding;

use crate::Url;
use crate::error::{ParseError, ValidationError};

/// Options for the basic URL parser: a base URL, a query encoding and a validation error
/// callback. Made by [`Url::options`].
///
/// ```
/// use weburl_parser::Url;
///
/// let base = Url::parse("https://example.org/dir/")?;
/// let url = Url::options()
///     .base(Some(&base))
///     .encoding(encoding_rs::WINDOWS_1252)
///     .parse("page?sm\u{f6}rg\u{e5}sbord")?;
/// assert_eq!(url.href(), "https://example.org/dir/page?sm%F6rg%E5sbord");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
pub struct ParseOptions<'a, F = fn(ValidationError)> {
    base: Option<&'a Url>,
    encoding: Option<&'static Encoding>,
    callback: Option<F>,
}

impl<'a> ParseOptions<'a> {
    pub(crate) fn new() -> Self {
        ParseOptions { base: None, encoding: None, callback: None }
    }
}

impl<'a, F: FnMut(ValidationError)> ParseOptions<'a, F> {
    /// Parse against `base` (`None` for no base URL).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let base = Url::parse("https://example.org/a/")?;
    /// assert_eq!(Url::options().base(Some(&base)).parse("b")?.href(), "https://example.org/a/b");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn base(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// rust-url's name for [`base`](Self::base).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let base = Url::parse("https://example.org/a/")?;
    /// assert_eq!(Url::options().base_url(Some(&base)).parse("../c")?.href(), "https://example.org/c");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn base_url(self, base: Option<&'a Url>) -> Self {
        self.base(base)
    }

    /// Percent-encode the query of special URLs (except `ws` and `wss`) after encoding it with
    /// `encoding` (HTML's document encoding; the default is UTF-8). UTF-16 and the replacement
    /// encoding become UTF-8, as "get an output encoding" says.
    ///
    /// rust-url's `encoding_override` takes a function that encodes the query; here the
    /// encoding is an `encoding_rs` encoding, as the standard's is.
    ///
    /// ```
    /// let url = weburl_parser::Url::options()
    ///     .encoding(encoding_rs::WINDOWS_1252)
    ///     .parse("https://example.org/?\u{e9}")?;
    /// assert_eq!(url.query(), Some("%E9"));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[doc(alias = "encoding_override")]
    #[must_use]
    pub fn encoding(mut self, encoding: &'static Encoding) -> Self {
        self.encoding = Some(encoding);
        self
    }

    /// Calls `callback` with each validation error, in the order the parser meets them.
    ///
    /// ```
    /// let mut names = Vec::new();
    /// let url = weburl_parser::Url::options()
    ///     .on_validation_error(|e| names.push(e.kind().name()))
    ///     .parse("https://example.org\\x")?;
    /// assert_eq!(url.href(), "https://example.org/x");
    /// assert_eq!(names, ["invalid-reverse-solidus"]);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn on_validation_error<G: FnMut(ValidationError)>(
        self,
        callback: G,
    ) -> ParseOptions<'a, G> {
        ParseOptions { base: self.base, encoding: self.encoding, callback: Some(callback) }
    }

    /// rust-url's form of [`on_validation_error`](Self::on_validation_error): an optional
    /// borrowed callback. It receives the standard's [`ValidationError`]s (rust-url's
    /// `SyntaxViolation`s have other names).
    ///
    /// ```
    /// use std::cell::RefCell;
    /// let errors = RefCell::new(Vec::new());
    /// let url = weburl_parser::Url::options()
    ///     .syntax_violation_callback(Some(&|e| errors.borrow_mut().push(e.kind().name())))
    ///     .parse("https://exa%41mple.org")?;
    /// assert_eq!(url.href(), "https://exaample.org/");
    /// assert_eq!(errors.into_inner(), ["domain-percent-encoded"]);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn syntax_violation_callback(
        self,
        callback: Option<&'a dyn Fn(ValidationError)>,
    ) -> ParseOptions<'a, &'a dyn Fn(ValidationError)> {
        ParseOptions { base: self.base, encoding: self.encoding, callback }
    }

    /// Runs the basic URL parser on `input` with these options.
    ///
    /// ```
    /// let url = weburl_parser::Url::options().parse("HTTPS://example.org")?;
    /// assert_eq!(url.href(), "https://example.org/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn parse(&mut self, input: &str) -> Result<Url, ParseError> {
        let sink = self.callback.as_mut().map(|f| f as &mut dyn FnMut(ValidationError));
        crate::parser::parse(input, self.base, self.encoding, sink)
            .map_err(|e| e.classify(self.base))
    }

    /// Runs the basic URL parser on UTF-16 `input` (a JavaScript string), lone surrogates
    /// converted to U+FFFD as the conversion to a USVString does. Validation errors, and the
    /// offset of a failure, are UTF-16 code unit indices into `input`.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let base = Url::parse("https://example.org/")?;
    /// let input: Vec<u16> = "caf\u{e9} \u{1F600}".encode_utf16().collect();
    /// let url = Url::options().base(Some(&base)).parse_utf16(&input)?;
    /// assert_eq!(url.href(), "https://example.org/caf%C3%A9%20%F0%9F%98%80");
    ///
    /// let mut offsets = Vec::new();
    /// let input: Vec<u16> = "https://\u{1F600}\\x".encode_utf16().collect();
    /// Url::options().on_validation_error(|e| offsets.push(e.offset())).parse_utf16(&input)?;
    /// assert_eq!(offsets, [10]);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn parse_utf16(&mut self, input: &[u16]) -> Result<Url, ParseError> {
        let text = crate::utf16::to_usv_string(input);
        let mut map = crate::utf16::OffsetMap::new(&text);
        let result = match self.callback.as_mut() {
            Some(callback) => {
                let mut map_errors = crate::utf16::OffsetMap::new(&text);
                let mut forward = |error: ValidationError| callback(map_errors.error(error));
                crate::parser::parse(&text, self.base, self.encoding, Some(&mut forward))
            }
            None => crate::parser::parse(&text, self.base, self.encoding, None),
        };
        result.map_err(|e| map.parse_error(e.classify(self.base)))
    }
}

impl<F> core::fmt::Debug for ParseOptions<'_, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ParseOptions")
            .field("base", &self.base)
            .field("encoding", &self.encoding.map(Encoding::name))
            .field("on_validation_error", &self.callback.is_some())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;

    fn parse_1252(input: &str) -> alloc::string::String {
        let url = Url::options().encoding(encoding_rs::WINDOWS_1252).parse(input).unwrap();
        alloc::string::String::from(url.href())
    }

    /// Query state, step 1: the encoding only applies to the query of a special URL other
    /// than ws and wss; paths and fragments are always UTF-8 (not covered by WPT's data).
    #[test]
    fn encoding_applies_to_special_queries_only() {
        assert_eq!(parse_1252("http://h/\u{e9}?\u{e9}#\u{e9}"), "http://h/%C3%A9?%E9#%C3%A9");
        assert_eq!(parse_1252("file:///?\u{e9}"), "file:///?%E9");
        assert_eq!(parse_1252("ws://h/?\u{e9}"), "ws://h/?%C3%A9");
        assert_eq!(parse_1252("wss://h/?\u{e9}"), "wss://h/?%C3%A9");
        assert_eq!(parse_1252("sc://h/?\u{e9}"), "sc://h/?%C3%A9");
        assert_eq!(parse_1252("sc:opaque?\u{e9}"), "sc:opaque?%C3%A9");
        // A code point the encoding lacks becomes a decimal character reference, encoded.
        assert_eq!(parse_1252("http://h/?\u{3042}"), "http://h/?%26%2312354%3B");
        // The encoding step takes the output encoding: UTF-16 queries are written as UTF-8.
        let url = Url::options().encoding(encoding_rs::UTF_16LE).parse("http://h/?\u{e9}");
        assert_eq!(url.unwrap().href(), "http://h/?%C3%A9");
    }

    /// The setters always use UTF-8 (section 6.1 runs the basic URL parser without an
    /// encoding), whatever the URL was parsed with.
    #[test]
    fn setters_use_utf8() {
        let mut url =
            Url::options().encoding(encoding_rs::WINDOWS_1252).parse("http://h/").unwrap();
        url.set_search("\u{e9}");
        assert_eq!(url.href(), "http://h/?%C3%A9");
    }
}
