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
