//! Constructor string parsing (URLPattern Standard, section 1.6): splits a pattern string like
//! `https://*.example.com/books/:id` into a [`UrlPatternInit`].

use alloc::string::String;
use alloc::vec::Vec;

use crate::canonicalize::canonicalize_protocol;
use crate::component::compile_component;
use crate::error::{Component, PatternError};
use crate::init::UrlPatternInit;
use crate::parser::Options;
use crate::pattern::protocol_component_matches_special_scheme;
use crate::tokenizer::{Policy, Token, TokenType, tokenize};

/// The constructor string parser's states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

impl State {
    /// The component a state collects, if any.
    const fn component(self) -> Option<Component> {
        match self {
            State::Protocol => Some(Component::Protocol),
            State::Username => Some(Component::Username),
            State::Password => Some(Component::Password),
            State::Hostname => Some(Component::Hostname),
            State::Port => Some(Component::Port),
            State::Pathname => Some(Component::Pathname),
            State::Search => Some(Component::Search),
            State::Hash => Some(Component::Hash),
            State::Init | State::Authority | State::Done => None,
        }
    }
}

/// The constructor string parser struct.
struct ConstructorParser<'a> {
    input: &'a str,
    tokens: Vec<Token>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    hostname_ipv6_bracket_depth: usize,
    protocol_matches_special_scheme: bool,
    state: State,
}

/// "parse a constructor string".
pub(crate) fn parse_constructor_string(input: &str) -> Result<UrlPatternInit, PatternError> {
    let mut p = ConstructorParser {
        input,
        tokens: tokenize(input, Policy::Lenient)?,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_special_scheme: false,
        state: State::Init,
    };
    // Step 2.
    while p.token_index < p.tokens.len() {
        p.token_increment = 1;
        // Step 2.2: the end of the input.
        if p.token(p.token_index).kind == TokenType::End {
            if p.state == State::Init {
                // No protocol terminator: a relative constructor string.
                p.rewind();
                if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else {
                    p.change_state(State::Pathname, 0);
                }
                p.token_index += p.token_increment;
                continue;
            }
            if p.state == State::Authority {
                // No `@`: no username or password.
                p.rewind_and_set_state(State::Hostname);
                p.token_index += p.token_increment;
                continue;
            }
            p.change_state(State::Done, 0);
            break;
        }
        // Steps 2.3 and 2.4: skip `{ ... }` groupings.
        if p.is_group_open() {
            p.group_depth += 1;
            p.token_index += p.token_increment;
            continue;
        }
        if p.group_depth > 0 {
            if p.is_group_close() {
                p.group_depth -= 1;
            } else {
                p.token_index += p.token_increment;
                continue;
            }
        }
        // Step 2.5.
        match p.state {
            State::Init => {
                if p.is_protocol_suffix() {
                    p.rewind_and_set_state(State::Protocol);
                }
            }
            State::Protocol => {
                if p.is_protocol_suffix() {
                    p.compute_protocol_matches_special_scheme()?;
                    let mut next = State::Pathname;
                    let mut skip = 1;
                    if p.next_is_authority_slashes() {
                        next = State::Authority;
                        skip = 3;
                    } else if p.protocol_matches_special_scheme {
                        next = State::Authority;
                    }
                    p.change_state(next, skip);
                }
            }
            State::Authority => {
                if p.is_identity_terminator() {
                    p.rewind_and_set_state(State::Username);
                } else if p.is_pathname_start() || p.is_search_prefix() || p.is_hash_prefix() {
                    p.rewind_and_set_state(State::Hostname);
                }
            }
            State::Username => {
                if p.is_password_prefix() {
                    p.change_state(State::Password, 1);
                } else if p.is_identity_terminator() {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if p.is_identity_terminator() {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if p.is_ipv6_open() {
                    p.hostname_ipv6_bracket_depth += 1;
                } else if p.is_ipv6_close() {
                    p.hostname_ipv6_bracket_depth = p.hostname_ipv6_bracket_depth.saturating_sub(1);
                } else if p.is_port_prefix() && p.hostname_ipv6_bracket_depth == 0 {
                    p.change_state(State::Port, 1);
                } else if p.is_pathname_start() {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if p.is_pathname_start() {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if p.is_hash_prefix() {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Hash => {}
            // Never reached: the loop breaks on entering "done".
            State::Done => break,
        }
        p.token_index += p.token_increment;
    }
    // Step 3: a hostname without a port means the default port.
    if p.result.hostname.is_some() && p.result.port.is_none() {
        p.result.port = Some(String::new());
    }
    Ok(p.result)
}

impl ConstructorParser<'_> {
    fn token(&self, index: usize) -> Token {
        self.safe_token(index)
    }

    /// "change state".
    fn change_state(&mut self, new_state: State, skip: usize) {
        use State::*;
        // Step 1.
        if let Some(component) = self.state.component() {
            let value = String::from(self.make_component_string());
            *self.result.slot_mut(component) = Some(value);
        }
        // Step 2: defaults for the components between the old and the new state.
        if self.state != Init && new_state != Done {
            if matches!(self.state, Protocol | Authority | Username | Password)
                && matches!(new_state, Port | Pathname | Search | Hash)
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            if matches!(self.state, Protocol | Authority | Username | Password | Hostname | Port)
                && matches!(new_state, Search | Hash)
                && self.result.pathname.is_none()
            {
                let path = if self.protocol_matches_special_scheme { "/" } else { "" };
                self.result.pathname = Some(String::from(path));
            }
            if matches!(
                self.state,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new_state == Hash
                && self.result.search.is_none()
            {
                self.result.search = Some(String::new());
            }
        }
        // Steps 3 to 6.
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// "rewind".
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// "rewind and set state".
    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// "get a safe token": the token at `index`, or the last (`end`) token past the list.
    fn safe_token(&self, index: usize) -> Token {
        match self.tokens.get(index).or_else(|| self.tokens.last()) {
            Some(token) => *token,
            // The tokenizer always ends the list with an end token.
            None => Token {
                kind: TokenType::End,
                index: self.input.len(),
                value_start: 0,
                value_end: 0,
            },
        }
    }

    /// "is a non-special pattern char".
    fn is_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        let token = self.safe_token(index);
        token.value(self.input) == value
            && matches!(
                token.kind,
                TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
            )
    }

    fn is_protocol_suffix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    fn next_is_authority_slashes(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_non_special_pattern_char(self.token_index + 2, "/")
    }

    fn is_identity_terminator(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "@")
    }

    fn is_password_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    fn is_port_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, ":")
    }

    fn is_pathname_start(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "/")
    }

    /// "is a search prefix": a `?` that is not a modifier of the preceding group.
    fn is_search_prefix(&self) -> bool {
        if self.is_non_special_pattern_char(self.token_index, "?") {
            return true;
        }
        if self.token(self.token_index).value(self.input) != "?" {
            return false;
        }
        let Some(previous) = self.token_index.checked_sub(1) else {
            return true;
        };
        let previous = self.safe_token(previous);
        !matches!(
            previous.kind,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    fn is_hash_prefix(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "#")
    }

    fn is_group_open(&self) -> bool {
        self.token(self.token_index).kind == TokenType::Open
    }

    fn is_group_close(&self) -> bool {
        self.token(self.token_index).kind == TokenType::Close
    }

    fn is_ipv6_open(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "[")
    }

    fn is_ipv6_close(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index, "]")
    }

    /// "make a component string": the input from the component start token to the current
    /// token.
    fn make_component_string(&self) -> &str {
        let end = self.token(self.token_index).index;
        let start = self.safe_token(self.component_start).index;
        self.input.get(start..end).unwrap_or("")
    }

    /// "compute protocol matches a special scheme flag".
    fn compute_protocol_matches_special_scheme(&mut self) -> Result<(), PatternError> {
        let protocol = self.make_component_string();
        let component = compile_component(protocol, canonicalize_protocol, &Options::DEFAULT)
            .map_err(|e| e.in_component(Component::Protocol))?;
        if protocol_component_matches_special_scheme(&component) {
            self.protocol_matches_special_scheme = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_components() {
        let init = parse_constructor_string("https://u:8@*.example.com:8080/a/:b/?q=1#h").unwrap();
        assert_eq!(init.protocol.as_deref(), Some("https"));
        assert_eq!(init.username.as_deref(), Some("u"));
        assert_eq!(init.password.as_deref(), Some("8"));
        assert_eq!(init.hostname.as_deref(), Some("*.example.com"));
        assert_eq!(init.port.as_deref(), Some("8080"));
        assert_eq!(init.pathname.as_deref(), Some("/a/:b/"));
        assert_eq!(init.search.as_deref(), Some("q=1"));
        assert_eq!(init.hash.as_deref(), Some("h"));
    }

    #[test]
    fn relative_strings_and_defaults() {
        let init = parse_constructor_string("/foo?bar").unwrap();
        assert_eq!((init.protocol, init.pathname.as_deref()), (None, Some("/foo")));
        let init = parse_constructor_string("https://example.com").unwrap();
        assert_eq!(init.port.as_deref(), Some(""));
        assert_eq!(init.pathname, None);
        let init = parse_constructor_string("https://example.com#x").unwrap();
        assert_eq!((init.pathname.as_deref(), init.search.as_deref()), (Some("/"), Some("")));
        // `:text` is a name token, not a protocol suffix: this is a relative pathname.
        let init = parse_constructor_string("data:text/plain,x").unwrap();
        assert_eq!((init.protocol, init.pathname.as_deref()), (None, Some("data:text/plain,x")));
        let init = parse_constructor_string("data\\:text/plain,x").unwrap();
        assert_eq!(init.pathname.as_deref(), Some("text/plain,x"));
        // A `?` after a group is its modifier, not the search.
        let init = parse_constructor_string("https://h/:id?x").unwrap();
        assert_eq!((init.pathname.as_deref(), init.search), (Some("/:id?x"), None));
        // The protocol is compiled early, so its syntax errors surface here.
        let err = parse_constructor_string("(a(:").unwrap_err();
        assert_eq!(err.component(), Some(Component::Protocol));
    }
}
