//! Parsing pattern strings into part lists (URLPattern Standard, "Parts", "Options" and
//! "Parsing", sections 2.1.3 to 2.1.5).

use alloc::string::String;
use alloc::vec::Vec;

use crate::error::{PatternError, SyntaxError};
use crate::regexp_gen::escape_regexp_string;
use crate::tokenizer::{Policy, Token, TokenType, tokenize};

/// A part's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PartType {
    /// Fixed text.
    FixedText,
    /// A group with a custom regular expression.
    Regexp,
    /// A group matching up to the next delimiter (`:name`).
    SegmentWildcard,
    /// A group matching everything (`*`).
    FullWildcard,
}

/// A part's modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Modifier {
    None,
    Optional,
    ZeroOrMore,
    OneOrMore,
}

impl Modifier {
    /// "convert a modifier to a string".
    pub(crate) const fn as_str(self) -> &'static str {
        match self {
            Modifier::ZeroOrMore => "*",
            Modifier::Optional => "?",
            Modifier::OneOrMore => "+",
            Modifier::None => "",
        }
    }
}

/// One part of a part list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) kind: PartType,
    /// The fixed text (encoded) or the regular expression.
    pub(crate) value: String,
    pub(crate) modifier: Modifier,
    pub(crate) name: String,
    pub(crate) prefix: String,
    pub(crate) suffix: String,
}

/// The options struct: the delimiter and prefix code points and ignore case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Options {
    /// The delimiter code point (ASCII) or `None` for the empty string.
    pub(crate) delimiter: Option<u8>,
    /// The prefix code point (ASCII) or `None` for the empty string.
    pub(crate) prefix: Option<u8>,
    pub(crate) ignore_case: bool,
}

impl Options {
    /// The default options.
    pub(crate) const DEFAULT: Options =
        Options { delimiter: None, prefix: None, ignore_case: false };
    /// The hostname options.
    pub(crate) const HOSTNAME: Options =
        Options { delimiter: Some(b'.'), prefix: None, ignore_case: false };
    /// The pathname options.
    pub(crate) const PATHNAME: Options =
        Options { delimiter: Some(b'/'), prefix: Some(b'/'), ignore_case: false };

    pub(crate) const fn with_ignore_case(self, ignore_case: bool) -> Options {
        Options { ignore_case, ..self }
    }

    /// Whether `s` is the prefix code point as a string.
    pub(crate) fn is_prefix(&self, s: &str) -> bool {
        match self.prefix {
            Some(p) => s.len() == 1 && s.as_bytes().first() == Some(&p),
            None => s.is_empty(),
        }
    }
}

/// An encoding callback: validates and encodes a fixed piece of a pattern.
pub(crate) type EncodingCallback = fn(&str) -> Result<String, PatternError>;

/// "generate a segment wildcard regexp".
pub(crate) fn segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    if let Some(d) = options.delimiter {
        escape_regexp_string(char::from(d).encode_utf8(&mut [0; 4]), &mut result);
    }
    result.push_str("]+?");
    result
}

/// The full wildcard regexp value.
pub(crate) const FULL_WILDCARD_REGEXP: &str = ".*";

/// The pattern parser struct.
struct PatternParser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    encode: EncodingCallback,
    segment_wildcard: String,
    parts: Vec<Part>,
    pending_fixed: String,
    index: usize,
    next_numeric_name: u32,
}

/// "parse a pattern string".
pub(crate) fn parse_pattern_string(
    input: &str,
    options: &Options,
    encode: EncodingCallback,
) -> Result<Vec<Part>, PatternError> {
    let mut p = PatternParser {
        input,
        tokens: tokenize(input, Policy::Strict)?,
        encode,
        segment_wildcard: segment_wildcard_regexp(options),
        parts: Vec::new(),
        pending_fixed: String::new(),
        index: 0,
        next_numeric_name: 0,
    };
    // Step 3.
    while p.index < p.tokens.len() {
        // Steps 3.1 to 3.3: `<prefix char><name><regexp><modifier>`.
        let char_token = p.try_consume(TokenType::Char);
        let mut name_token = p.try_consume(TokenType::Name);
        let mut regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
        if name_token.is_some() || regexp_or_wildcard.is_some() {
            // Step 3.4.
            let mut prefix = char_token.map_or("", |t| t.value(input));
            if !prefix.is_empty() && !options.is_prefix(prefix) {
                p.pending_fixed.push_str(prefix);
                prefix = "";
            }
            p.maybe_add_part_from_pending()?;
            let modifier = p.try_consume_modifier();
            p.add_part(prefix, name_token, regexp_or_wildcard, "", modifier)?;
            continue;
        }
        // Steps 3.5 to 3.7: buffer fixed text.
        let fixed = char_token.or_else(|| p.try_consume(TokenType::EscapedChar));
        if let Some(token) = fixed {
            p.pending_fixed.push_str(token.value(input));
            continue;
        }
        // Steps 3.8 and 3.9: `<open><prefix><name><regexp><suffix><close><modifier>`.
        if p.try_consume(TokenType::Open).is_some() {
            let prefix = p.consume_text();
            name_token = p.try_consume(TokenType::Name);
            regexp_or_wildcard = p.try_consume_regexp_or_wildcard(name_token);
            let suffix = p.consume_text();
            p.consume_required(TokenType::Close, SyntaxError::UnclosedGroup)?;
            let modifier = p.try_consume_modifier();
            p.add_part(&prefix, name_token, regexp_or_wildcard, &suffix, modifier)?;
            continue;
        }
        // Steps 3.10 and 3.11.
        p.maybe_add_part_from_pending()?;
        p.consume_required(TokenType::End, SyntaxError::UnexpectedToken)?;
    }
    Ok(p.parts)
}

impl PatternParser<'_> {
    /// "try to consume a token".
    fn try_consume(&mut self, kind: TokenType) -> Option<Token> {
        let token = *self.tokens.get(self.index)?;
        if token.kind != kind {
            return None;
        }
        self.index += 1;
        Some(token)
    }

    /// "try to consume a modifier token".
    fn try_consume_modifier(&mut self) -> Option<Token> {
        self.try_consume(TokenType::OtherModifier).or_else(|| self.try_consume(TokenType::Asterisk))
    }

    /// "try to consume a regexp or wildcard token".
    fn try_consume_regexp_or_wildcard(&mut self, name: Option<Token>) -> Option<Token> {
        let token = self.try_consume(TokenType::Regexp);
        if name.is_none() && token.is_none() {
            return self.try_consume(TokenType::Asterisk);
        }
        token
    }

    /// "consume a required token".
    fn consume_required(
        &mut self,
        kind: TokenType,
        error: SyntaxError,
    ) -> Result<Token, PatternError> {
        match self.try_consume(kind) {
            Some(token) => Ok(token),
            None => {
                let at = self.tokens.get(self.index).map_or(self.input.len(), |t| t.index);
                Err(PatternError::syntax(error, at))
            }
        }
    }

    /// "consume text".
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        while let Some(token) =
            self.try_consume(TokenType::Char).or_else(|| self.try_consume(TokenType::EscapedChar))
        {
            result.push_str(token.value(self.input));
        }
        result
    }

    /// "maybe add a part from the pending fixed value".
    fn maybe_add_part_from_pending(&mut self) -> Result<(), PatternError> {
        if self.pending_fixed.is_empty() {
            return Ok(());
        }
        let value = (self.encode)(&self.pending_fixed)?;
        self.pending_fixed.clear();
        self.parts.push(Part {
            kind: PartType::FixedText,
            value,
            modifier: Modifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    /// "add a part".
    fn add_part(
        &mut self,
        prefix: &str,
        name_token: Option<Token>,
        regexp_or_wildcard: Option<Token>,
        suffix: &str,
        modifier_token: Option<Token>,
    ) -> Result<(), PatternError> {
        // Steps 1 and 2.
        let modifier = match modifier_token.map(|t| t.value(self.input)) {
            Some("?") => Modifier::Optional,
            Some("*") => Modifier::ZeroOrMore,
            Some("+") => Modifier::OneOrMore,
            _ => Modifier::None,
        };
        // Step 3: a `{foo}` grouping is more fixed text.
        if name_token.is_none() && regexp_or_wildcard.is_none() && modifier == Modifier::None {
            self.pending_fixed.push_str(prefix);
            return Ok(());
        }
        // Step 4.
        self.maybe_add_part_from_pending()?;
        // Step 5: a `{foo}?` grouping.
        if name_token.is_none() && regexp_or_wildcard.is_none() {
            debug_assert!(suffix.is_empty());
            if prefix.is_empty() {
                return Ok(());
            }
            let value = (self.encode)(prefix)?;
            self.parts.push(Part {
                kind: PartType::FixedText,
                value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        // Steps 6 to 9: the regular expression and the part type.
        let (mut kind, mut regexp_value) = match regexp_or_wildcard {
            None => (PartType::Regexp, self.segment_wildcard.clone()),
            Some(t) if t.kind == TokenType::Asterisk => {
                (PartType::Regexp, String::from(FULL_WILDCARD_REGEXP))
            }
            Some(t) => (PartType::Regexp, String::from(t.value(self.input))),
        };
        if regexp_value == self.segment_wildcard {
            kind = PartType::SegmentWildcard;
            regexp_value.clear();
        } else if regexp_value == FULL_WILDCARD_REGEXP {
            kind = PartType::FullWildcard;
            regexp_value.clear();
        }
        // Steps 10 to 12: the name.
        let mut name = String::new();
        if let Some(t) = name_token {
            name.push_str(t.value(self.input));
        } else if regexp_or_wildcard.is_some() {
            push_decimal(&mut name, self.next_numeric_name);
            self.next_numeric_name += 1;
        }
        // Step 13.
        if self.parts.iter().any(|part| part.name == name) {
            let at = name_token.or(regexp_or_wildcard).map_or(0, |t| t.index);
            return Err(PatternError::DuplicateGroupName { component: None, at });
        }
        // Steps 14 to 16.
        let prefix = (self.encode)(prefix)?;
        let suffix = (self.encode)(suffix)?;
        self.parts.push(Part { kind, value: regexp_value, modifier, name, prefix, suffix });
        Ok(())
    }
}

/// Appends `n` in decimal ("serialize an integer").
pub(crate) fn push_decimal(out: &mut String, n: u32) {
    use core::fmt::Write as _;
    let _ = write!(out, "{n}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(s: &str) -> Result<String, PatternError> {
        Ok(String::from(s))
    }

    #[test]
    fn parts_of_a_route() {
        let parts = parse_pattern_string("/books/:id?/*", &Options::PATHNAME, identity).unwrap();
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0].kind, PartType::FixedText);
        assert_eq!(parts[0].value, "/books");
        assert_eq!(
            (parts[1].kind, parts[1].modifier),
            (PartType::SegmentWildcard, Modifier::Optional)
        );
        assert_eq!((parts[1].name.as_str(), parts[1].prefix.as_str()), ("id", "/"));
        assert_eq!((parts[2].kind, parts[2].name.as_str()), (PartType::FullWildcard, "0"));
    }

    #[test]
    fn duplicate_names_and_unclosed_groups_fail() {
        let err = parse_pattern_string(":a/:a", &Options::PATHNAME, identity).unwrap_err();
        assert_eq!(err, PatternError::DuplicateGroupName { component: None, at: 3 });
        let err = parse_pattern_string("{a", &Options::DEFAULT, identity).unwrap_err();
        assert_eq!(err, PatternError::syntax(SyntaxError::UnclosedGroup, 2));
        assert!(parse_pattern_string("a}", &Options::DEFAULT, identity).is_err());
        assert!(parse_pattern_string(":a??", &Options::DEFAULT, identity).is_err());
    }

    #[test]
    fn a_regexp_equal_to_the_segment_wildcard_is_one() {
        let parts = parse_pattern_string("(.*)/([^\\/]+?)", &Options::PATHNAME, identity).unwrap();
        assert_eq!(parts[0].kind, PartType::FullWildcard);
        assert_eq!(parts[1].kind, PartType::SegmentWildcard);
    }
}
