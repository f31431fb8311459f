//! UTF-16 input, for JavaScript engines: [`Url::parse_utf16`] and
//! [`ParseOptions::parse_utf16`](crate::ParseOptions::parse_utf16). The input is converted to
//! a scalar value string (WebIDL's USVString conversion: each lone surrogate becomes U+FFFD),
//! parsed, and every offset reported is mapped back to a UTF-16 code unit index.

use alloc::string::String;

use crate::Url;
use crate::error::{ParseError, ValidationError};

/// The USVString conversion of `input`: UTF-16 decoded, lone surrogates replaced by U+FFFD.
pub(crate) fn to_usv_string(input: &[u16]) -> String {
    char::decode_utf16(input.iter().copied())
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

/// Maps byte offsets of the converted string to UTF-16 code unit indices of the input. Every
/// scalar value takes as many code units in the input as its UTF-16 form (a lone surrogate
/// and its U+FFFD one each), so the index is the UTF-16 length of the prefix. Offsets mostly
/// come in increasing order, so the count resumes from the last one.
pub(crate) struct OffsetMap<'a> {
    text: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> OffsetMap<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        OffsetMap { text, byte: 0, unit: 0 }
    }

    /// The UTF-16 index of byte `offset` (a char boundary of the text, or its end).
    pub(crate) fn unit(&mut self, offset: usize) -> usize {
        if offset < self.byte {
            (self.byte, self.unit) = (0, 0);
        }
        let gap = self.text.get(self.byte..offset).unwrap_or("");
        self.unit += gap.chars().map(char::len_utf16).sum::<usize>();
        self.byte = offset;
        self.unit
    }

    pub(crate) fn error(&mut self, error: ValidationError) -> ValidationError {
        ValidationError::new(error.kind(), self.unit(error.offset()))
    }

    pub(crate) fn parse_error(&mut self, error: ParseError) -> ParseError {
        match error {
            ParseError::Invalid(e) => ParseError::Invalid(self.error(e)),
            ParseError::InvalidHost(failure) => {
                ParseError::InvalidHost(failure.at(self.unit(failure.offset())))
            }
            other => other,
        }
    }
}

impl Url {
    /// Parses UTF-16 `input` (a JavaScript string) with no base URL, lone surrogates converted
    /// to U+FFFD as the conversion to a USVString does. A failure's offset is a UTF-16 code
    /// unit index into `input`. [`ParseOptions::parse_utf16`](crate::ParseOptions::parse_utf16)
    /// takes a base URL.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let input: Vec<u16> = "https://example.org/\u{e9}".encode_utf16().collect();
    /// assert_eq!(Url::parse_utf16(&input)?.href(), "https://example.org/%C3%A9");
    /// // A lone surrogate is U+FFFD.
    /// let input = [u16::from(b'a'), u16::from(b':'), 0xD800];
    /// assert_eq!(Url::parse_utf16(&input)?.href(), "a:%EF%BF%BD");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn parse_utf16(input: &[u16]) -> Result<Url, ParseError> {
        Url::options().parse_utf16(input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn utf16(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let input = [0x61, 0xDC00, 0x62, 0xD83D, 0xDE00, 0xD83D];
        assert_eq!(to_usv_string(&input), "a\u{fffd}b\u{1F600}\u{fffd}");
        assert_eq!(to_usv_string(&[]), "");
    }

    #[test]
    fn offsets_are_code_unit_indices() {
        let text = "a\u{e9}\u{1F600}b";
        let mut map = OffsetMap::new(text);
        assert_eq!(
            [map.unit(0), map.unit(1), map.unit(3), map.unit(7), map.unit(8)],
            [0, 1, 2, 4, 5]
        );
        assert_eq!(map.unit(1), 1);
        // A failure's offset: the port starts after "http://\u{1F600}:" (10 code units).
        let err = Url::parse_utf16(&utf16("http://\u{1F600}:x/")).unwrap_err();
        assert_eq!(err.validation_error().map(|e| e.offset()), Some(10));
        let err = Url::parse_utf16(&utf16("\u{e9}\u{e9}://[::1/")).unwrap_err();
        assert!(matches!(err, ParseError::RelativeUrlWithoutBase), "{err}");
        let err = Url::parse_utf16(&utf16("sc://\u{e9}/")).map(|u| String::from(u.href()));
        assert_eq!(err, Ok(String::from("sc://%C3%A9/")));
    }

    proptest::proptest! {
        /// Any UTF-16 (lone surrogates included) parses as its USVString does, and every
        /// offset reported is a code unit index within the input.
        #[test]
        fn any_utf16_parses_as_its_usv_string(
            prefix in proptest::sample::select(alloc::vec!["https://", "http://h/", "sc://", "sc:", ""]),
            units in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..40),
        ) {
            let mut input: Vec<u16> = prefix.encode_utf16().collect();
            input.extend(units);
            let text = to_usv_string(&input);
            let mut offsets = Vec::new();
            let ours = Url::options().on_validation_error(|e| offsets.push(e.offset())).parse_utf16(&input);
            let theirs = Url::parse(&text);
            proptest::prop_assert_eq!(ours.as_ref().ok().map(Url::href), theirs.as_ref().ok().map(Url::href));
            for offset in offsets {
                proptest::prop_assert!(offset <= input.len(), "{} > {}", offset, input.len());
            }
            if let Err(error) = ours {
                let offset = error.validation_error().map_or(0, |e| e.offset());
                proptest::prop_assert!(offset <= input.len());
            }
        }
    }

    /// Every WPT input with a lone surrogate parses as its U+FFFD form does.
    #[test]
    fn agrees_with_str_parsing() {
        for input in ["https://example.org/\u{fffd}", "sc:\u{fffd}", "https://\u{fffd}/", "x"] {
            let ours = Url::parse_utf16(&utf16(input)).map(|u| String::from(u.href()));
            assert_eq!(ours, Url::parse(input).map(|u| String::from(u.href())), "{input}");
        }
    }
}
