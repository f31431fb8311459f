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
    #[must_use]
    pub fn base(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// Percent-encode the query of special URLs (except `ws` and `wss`) after encoding it with
    /// `encoding` (HTML's document encoding; the default is UTF-8). UTF-16 and the replacement
    /// encoding become UTF-8, as "get an output encoding" says.
    #[must_use]
    pub fn encoding(mut self, encoding: &'static Encoding) -> Self {
        self.encoding = Some(encoding);
        self
    }

    /// Calls `callback` with each validation error, in the order the parser meets them.
    #[must_use]
    pub fn on_validation_error<G: FnMut(ValidationError)>(
        self,
        callback: G,
    ) -> ParseOptions<'a, G> {
        ParseOptions { base: self.base, encoding: self.encoding, callback: Some(callback) }
    }

    /// Runs the basic URL parser on `input` with these options.
    pub fn parse(&mut self, input: &str) -> Result<Url, ParseError> {
        let sink = self.callback.as_mut().map(|f| f as &mut dyn FnMut(ValidationError));
        crate::parser::parse(input, self.base, self.encoding, sink)
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
