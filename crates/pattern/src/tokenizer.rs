//! Tokenizing pattern strings (URLPattern Standard, "Tokenizing", section 2.1.2).
//!
//! Positions are byte offsets into the input. The standard counts code points, but every
//! length it computes is a difference of two positions or the length of an ASCII delimiter, so
//! byte offsets give the same substrings.

use alloc::vec::Vec;

use crate::error::{PatternError, SyntaxError};

/// A token's type ("Tokens": `type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenType {
    /// `{`.
    Open,
    /// `}`.
    Close,
    /// `(<regular expression>)`; the value is the expression without the parentheses.
    Regexp,
    /// `:<name>`; the value is the name without the colon.
    Name,
    /// A code point without special meaning.
    Char,
    /// `\<char>`; the value is the escaped code point.
    EscapedChar,
    /// `?` or `+`.
    OtherModifier,
    /// `*`.
    Asterisk,
    /// The end of the input.
    End,
    /// A code point that is invalid here (lenient policy only).
    InvalidChar,
}

/// One token: its type, the position of its first code point and its value (a range of the
/// input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: TokenType,
    pub(crate) index: usize,
    pub(crate) value_start: usize,
    pub(crate) value_end: usize,
}

impl Token {
    /// The token's value within the input it was made from.
    pub(crate) fn value<'a>(&self, input: &'a str) -> &'a str {
        input.get(self.value_start..self.value_end).unwrap_or("")
    }
}

/// A tokenize policy: strict fails on invalid code points, lenient makes `invalid-char`
/// tokens of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Policy {
    Strict,
    Lenient,
}

/// The tokenizer struct of the standard.
struct Tokenizer<'a> {
    input: &'a str,
    policy: Policy,
    tokens: Vec<Token>,
    index: usize,
    next_index: usize,
    code_point: char,
}

/// "tokenize": splits `input` into tokens under `policy`, ending with an `end` token.
pub(crate) fn tokenize(input: &str, policy: Policy) -> Result<Vec<Token>, PatternError> {
    let mut t = Tokenizer {
        input,
        policy,
        tokens: Vec::with_capacity(input.len() / 2 + 1),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    let len = input.len();
    // Step 4.
    while t.index < len {
        t.seek_and_get_next_code_point(t.index);
        match t.code_point {
            // Steps 4.2 and 4.3.
            '*' => t.add_token_default(TokenType::Asterisk),
            '+' | '?' => t.add_token_default(TokenType::OtherModifier),
            // Step 4.4: an escape.
            '\\' => {
                if t.next_index == len {
                    t.tokenizing_error(t.next_index, t.index, SyntaxError::TrailingBackslash)?;
                    continue;
                }
                let escaped_index = t.next_index;
                t.get_next_code_point();
                t.add_token_default_length(TokenType::EscapedChar, t.next_index, escaped_index);
            }
            '{' => t.add_token_default(TokenType::Open),
            '}' => t.add_token_default(TokenType::Close),
            // Step 4.7: a name.
            ':' => {
                let name_start = t.next_index;
                let mut name_position = name_start;
                while name_position < len {
                    t.seek_and_get_next_code_point(name_position);
                    let first = name_position == name_start;
                    if !is_valid_name_code_point(t.code_point, first) {
                        break;
                    }
                    name_position = t.next_index;
                }
                if name_position <= name_start {
                    t.tokenizing_error(name_start, t.index, SyntaxError::MissingName)?;
                    continue;
                }
                t.add_token_default_length(TokenType::Name, name_position, name_start);
            }
            // Step 4.8: a regexp group.
            '(' => t.regexp()?,
            // Step 4.9.
            _ => t.add_token_default(TokenType::Char),
        }
    }
    // Step 5.
    t.add_token_default_length(TokenType::End, t.index, t.index);
    Ok(t.tokens)
}

impl Tokenizer<'_> {
    /// "get the next code point".
    fn get_next_code_point(&mut self) {
        let c = self.input.get(self.next_index..).and_then(|rest| rest.chars().next());
        debug_assert!(c.is_some(), "next index past the end");
        let c = c.unwrap_or('\0');
        self.code_point = c;
        self.next_index += c.len_utf8().max(1);
    }

    /// "seek and get the next code point".
    fn seek_and_get_next_code_point(&mut self, index: usize) {
        self.next_index = index;
        self.get_next_code_point();
    }

    /// "add a token".
    fn add_token(&mut self, kind: TokenType, next: usize, value_pos: usize, value_len: usize) {
        self.tokens.push(Token {
            kind,
            index: self.index,
            value_start: value_pos,
            value_end: value_pos + value_len,
        });
        self.index = next;
    }

    /// "add a token with default length".
    fn add_token_default_length(&mut self, kind: TokenType, next: usize, value_pos: usize) {
        self.add_token(kind, next, value_pos, next.saturating_sub(value_pos));
    }

    /// "add a token with default position and length".
    fn add_token_default(&mut self, kind: TokenType) {
        self.add_token_default_length(kind, self.next_index, self.index);
    }

    /// "process a tokenizing error": fails under the strict policy, otherwise adds an
    /// `invalid-char` token.
    fn tokenizing_error(
        &mut self,
        next: usize,
        value_pos: usize,
        kind: SyntaxError,
    ) -> Result<(), PatternError> {
        if self.policy == Policy::Strict {
            return Err(PatternError::syntax(kind, self.index));
        }
        self.add_token_default_length(TokenType::InvalidChar, next, value_pos);
        Ok(())
    }

    /// Tokenize, step 4.8: a `(` starts a regexp token that runs to the matching `)`.
    fn regexp(&mut self) -> Result<(), PatternError> {
        let len = self.input.len();
        let mut depth = 1u32;
        let mut position = self.next_index;
        let start = position;
        let mut error = None;
        while position < len {
            self.seek_and_get_next_code_point(position);
            let c = self.code_point;
            // Step 4.8.5.2: ASCII only.
            if !c.is_ascii() {
                error = Some(SyntaxError::NonAsciiRegExp);
                break;
            }
            // Step 4.8.5.3: no `(?` group modifiers at the start.
            if position == start && c == '?' {
                error = Some(SyntaxError::RegExpStartsWithQuestionMark);
                break;
            }
            // Step 4.8.5.4: an escape inside the expression.
            if c == '\\' {
                if self.next_index == len {
                    error = Some(SyntaxError::UnterminatedRegExp);
                    break;
                }
                self.get_next_code_point();
                if !self.code_point.is_ascii() {
                    error = Some(SyntaxError::NonAsciiRegExp);
                    break;
                }
                position = self.next_index;
                continue;
            }
            if c == ')' {
                // Step 4.8.5.5.
                depth -= 1;
                if depth == 0 {
                    position = self.next_index;
                    break;
                }
            } else if c == '(' {
                // Step 4.8.5.6: nested groups must be non-capturing or lookarounds.
                depth += 1;
                if self.next_index == len {
                    error = Some(SyntaxError::UnterminatedRegExp);
                    break;
                }
                let temporary = self.next_index;
                self.get_next_code_point();
                if self.code_point != '?' {
                    error = Some(SyntaxError::CapturingGroupInRegExp);
                    break;
                }
                self.next_index = temporary;
            }
            position = self.next_index;
        }
        if let Some(kind) = error {
            return self.tokenizing_error(start, self.index, kind);
        }
        // Steps 4.8.7 and 4.8.9.
        if depth != 0 {
            return self.tokenizing_error(start, self.index, SyntaxError::UnterminatedRegExp);
        }
        let regexp_len = position - start - 1;
        if regexp_len == 0 {
            return self.tokenizing_error(start, self.index, SyntaxError::EmptyRegExp);
        }
        self.add_token(TokenType::Regexp, position, start, regexp_len);
        Ok(())
    }
}

/// "is a valid name code point": IdentifierStart for the first code point, IdentifierPart
/// after it (ECMAScript: ID_Start, `$`, `_`; ID_Continue, `$`, ZWNJ, ZWJ). ID_Start and
/// ID_Continue are taken as XID_Start and XID_Continue (see docs/spec-notes.md).
pub(crate) fn is_valid_name_code_point(c: char, first: bool) -> bool {
    if first {
        c == '$' || c == '_' || unicode_ident::is_xid_start(c)
    } else {
        c == '$' || c == '\u{200C}' || c == '\u{200D}' || unicode_ident::is_xid_continue(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(input: &str, policy: Policy) -> Vec<(TokenType, &str)> {
        tokenize(input, policy).unwrap().into_iter().map(|t| (t.kind, t.value(input))).collect()
    }

    #[test]
    fn tokens_of_a_route() {
        use TokenType::*;
        assert_eq!(
            kinds("/a/:id(\\d+)?*{x}\\.", Policy::Strict),
            [
                (Char, "/"),
                (Char, "a"),
                (Char, "/"),
                (Name, "id"),
                (Regexp, "\\d+"),
                (OtherModifier, "?"),
                (Asterisk, "*"),
                (Open, "{"),
                (Char, "x"),
                (Close, "}"),
                (EscapedChar, "."),
                (End, ""),
            ]
        );
    }

    #[test]
    fn strict_errors_say_where() {
        let err = tokenize("ab:", Policy::Strict).unwrap_err();
        assert_eq!(err, PatternError::syntax(SyntaxError::MissingName, 2));
        assert!(tokenize("(a(b))", Policy::Strict).is_err());
        assert!(tokenize("(?a)", Policy::Strict).is_err());
        assert!(tokenize("()", Policy::Strict).is_err());
        assert!(tokenize("(\u{e9})", Policy::Strict).is_err());
        assert!(tokenize("x\\", Policy::Strict).is_err());
        assert!(tokenize("(a(?:b)", Policy::Strict).is_err());
    }

    #[test]
    fn lenient_makes_invalid_chars() {
        use TokenType::*;
        assert_eq!(kinds(":", Policy::Lenient), [(InvalidChar, ":"), (End, "")]);
        assert_eq!(
            kinds("(()", Policy::Lenient),
            [(InvalidChar, "("), (InvalidChar, "("), (Char, ")"), (End, "")]
        );
    }

    #[test]
    fn name_code_points() {
        assert!(is_valid_name_code_point('a', true));
        assert!(is_valid_name_code_point('$', true));
        assert!(!is_valid_name_code_point('1', true));
        assert!(is_valid_name_code_point('1', false));
        assert!(is_valid_name_code_point('\u{200D}', false));
        assert!(!is_valid_name_code_point('-', false));
        assert!(is_valid_name_code_point('\u{3bc}', true));
    }
}
