//! One compiled component (URLPattern Standard, "The URL pattern struct" and "compile a
//! component"): its pattern string, regular expression, group name list and whether it has
//! regexp groups, plus a matcher that skips the engine when the part list allows it.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::ops::Range;

use crate::direct::DirectMatcher;
use crate::engine::{RegExpEngine, Regress};
use crate::error::PatternError;
use crate::parser::{EncodingCallback, Modifier, Options, Part, PartType, parse_pattern_string};
use crate::pattern_string::generate_pattern_string;
use crate::regexp_gen::{generate_matching_regexp, generate_regexp_and_names};

/// The engine every component uses (see [`RegExpEngine`]).
type Engine = Regress;

/// The longest pattern string a component may have, in bytes. Longer ones fail with
/// [`PatternError::TooLong`]: this bounds the size of the generated regular expressions.
pub const MAX_PATTERN_LEN: usize = 64 * 1024;

/// How a component matches without changing the result the standard's regular expression
/// gives.
#[derive(Debug)]
enum Matcher {
    /// The part list is one `*` without a modifier: `^(.*)$`, which matches any input without a
    /// line terminator with the whole input as group 0.
    Wildcard,
    /// The part list is fixed text without a modifier (or empty): `^text$`.
    Literal(String),
    /// Fixed text, `:name` and `*` groups without repetition: the part list matched directly.
    Direct(DirectMatcher),
    /// Anything else: run the regular expression.
    Engine,
}

/// A compiled component.
#[derive(Debug)]
pub(crate) struct CompiledComponent {
    pub(crate) pattern_string: String,
    regexp: Engine,
    pub(crate) group_names: Vec<Arc<str>>,
    pub(crate) has_regexp_groups: bool,
    ignore_case: bool,
    matcher: Matcher,
    /// The fixed text every matching input starts with (used by `UrlPatternList`).
    pub(crate) literal_prefix: String,
}

/// "compile a component".
pub(crate) fn compile_component(
    input: &str,
    encode: EncodingCallback,
    options: &Options,
) -> Result<CompiledComponent, PatternError> {
    if input.len() > MAX_PATTERN_LEN {
        return Err(PatternError::TooLong { component: None });
    }
    // Steps 1 to 6.
    let parts = parse_pattern_string(input, options, encode)?;
    let (source, group_names) = generate_regexp_and_names(&parts, options);
    // The standard's expression decides validity (step 5); the engine runs an equivalent one
    // without nested quantifiers around wildcards (`generate_matching_regexp`).
    let invalid = PatternError::InvalidRegExp { component: None };
    let standard = Engine::compile(&source, options.ignore_case).ok_or(invalid)?;
    let matching = generate_matching_regexp(&parts, options);
    let regexp = if matching == source {
        standard
    } else {
        Engine::compile(&matching, options.ignore_case).ok_or(invalid)?
    };
    // Steps 7 to 9.
    let pattern_string = generate_pattern_string(&parts, options);
    let has_regexp_groups = parts.iter().any(|p| p.kind == PartType::Regexp);
    let matcher = match matcher_for(&parts) {
        Matcher::Engine => {
            DirectMatcher::new(&parts, options).map_or(Matcher::Engine, Matcher::Direct)
        }
        other => other,
    };
    let literal_prefix = literal_prefix(&parts, options.ignore_case);
    Ok(CompiledComponent {
        pattern_string,
        regexp,
        group_names: group_names.into_iter().map(Arc::from).collect(),
        has_regexp_groups,
        ignore_case: options.ignore_case,
        matcher,
        literal_prefix,
    })
}

fn matcher_for(parts: &[Part]) -> Matcher {
    match parts {
        [] => Matcher::Literal(String::new()),
        [p] if p.modifier == Modifier::None && p.prefix.is_empty() && p.suffix.is_empty() => {
            match p.kind {
                PartType::FullWildcard => Matcher::Wildcard,
                PartType::FixedText => Matcher::Literal(p.value.clone()),
                _ => Matcher::Engine,
            }
        }
        _ => Matcher::Engine,
    }
}

/// The fixed text at the start of every input the part list matches (empty when ignoring
/// case, where a prefix comparison would need Unicode case folding).
fn literal_prefix(parts: &[Part], ignore_case: bool) -> String {
    let mut prefix = String::new();
    if ignore_case {
        return prefix;
    }
    for part in parts {
        if part.modifier != Modifier::None {
            break;
        }
        if part.kind == PartType::FixedText {
            prefix.push_str(&part.value);
            continue;
        }
        prefix.push_str(&part.prefix);
        break;
    }
    prefix
}

/// ECMAScript line terminators, which `.` does not match. One pass over the bytes looks for
/// LF, CR and 0xE2 (the lead byte of U+2028 and U+2029); only a 0xE2 needs a closer look.
fn has_line_terminator(input: &str) -> bool {
    input.bytes().any(|b| matches!(b, b'\n' | b'\r' | 0xE2))
        && input.contains(['\n', '\r', '\u{2028}', '\u{2029}'])
}

impl CompiledComponent {
    /// `RegExpBuiltinExec(regular expression, input)`: whether it matches, with the capture
    /// groups in `groups`.
    pub(crate) fn exec(&self, input: &str, groups: &mut Vec<Option<Range<usize>>>) -> bool {
        match &self.matcher {
            Matcher::Wildcard if !has_line_terminator(input) => {
                groups.clear();
                groups.push(Some(0..input.len()));
                true
            }
            Matcher::Literal(text) if !self.ignore_case => {
                groups.clear();
                input == text
            }
            Matcher::Literal(text) if input.is_ascii() && text.is_ascii() => {
                groups.clear();
                input.eq_ignore_ascii_case(text)
            }
            // Every match starts with the literal prefix: skip the search when it is absent.
            _ if self.prefix_rejects(input) => false,
            Matcher::Direct(direct) if direct.handles(input) => direct.exec(input, groups),
            _ => self.regexp.exec(input, groups),
        }
    }

    /// Whether `input` matches, without keeping the groups.
    pub(crate) fn test(&self, input: &str) -> bool {
        match &self.matcher {
            Matcher::Wildcard if !has_line_terminator(input) => true,
            Matcher::Literal(text) if !self.ignore_case => input == text,
            Matcher::Direct(direct) if direct.handles(input) => {
                !self.prefix_rejects(input) && direct.test(input)
            }
            _ => {
                let mut groups = Vec::new();
                self.exec(input, &mut groups)
            }
        }
    }

    /// Whether the component cannot match `input` because `input` lacks the literal prefix.
    pub(crate) fn prefix_rejects(&self, input: &str) -> bool {
        !input.starts_with(self.literal_prefix.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(s: &str) -> Result<String, PatternError> {
        Ok(String::from(s))
    }

    #[test]
    fn fast_matchers_agree_with_the_engine() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        let cases = [
            ("*", false),
            ("abc", false),
            ("abc", true),
            ("", false),
            (":a", false),
            ("{a:b}?*", false),
        ];
        for (pattern, ignore_case) in cases {
            let c =
                compile_component(pattern, same, &Options::DEFAULT.with_ignore_case(ignore_case))
                    .unwrap();
            for input in ["", "abc", "ABC", "a\nb", "x\u{2028}", "\u{212a}", "a/b", "ab"] {
                let matched = c.exec(input, &mut a);
                assert_eq!(matched, c.regexp.exec(input, &mut b), "{pattern} {input:?}");
                if matched {
                    assert_eq!(a, b, "{pattern} {input:?}");
                }
                assert_eq!(c.test(input), matched);
            }
        }
    }

    #[test]
    fn repeated_wildcards_are_polynomial() {
        // `^\/((?:.*)+)((?:.*)+)((?:.*)+)x$` backtracks exponentially in `regress` (10.8 s on
        // a 20-byte path); the direct matcher takes cubic time.
        let c = compile_component("/*+*+*+x", same, &Options::PATHNAME).unwrap();
        assert!(matches!(c.matcher, Matcher::Direct(_)));
        let long = alloc::format!("/{}", "a".repeat(200));
        assert!(!c.test(&long));
        let mut groups = Vec::new();
        assert!(!c.exec(&long, &mut groups));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for input in ["/x", "/abx", "/a/b/cx", "/ax\nx", "/abc"] {
            let matched = c.exec(input, &mut a);
            assert_eq!(matched, c.regexp.exec(input, &mut b), "{input:?}");
            if matched {
                assert_eq!(a, b, "{input:?}");
            }
        }
        assert!(c.test("/a/b/cx"));
    }

    #[test]
    fn line_terminators() {
        for (input, expected) in [
            ("", false),
            ("abc", false),
            ("a\nb", true),
            ("a\r", true),
            ("\u{2028}", true),
            ("x\u{2029}", true),
            ("\u{20ac}\u{2027}\u{202a}", false),
        ] {
            assert_eq!(has_line_terminator(input), expected, "{input:?}");
        }
    }

    #[test]
    fn errors_and_prefixes() {
        assert_eq!(
            compile_component("([)", same, &Options::DEFAULT).unwrap_err(),
            PatternError::InvalidRegExp { component: None }
        );
        let long = "a".repeat(MAX_PATTERN_LEN + 1);
        assert!(compile_component(&long, same, &Options::DEFAULT).is_err());
        let c = compile_component("/api/:v/x", same, &Options::PATHNAME).unwrap();
        assert_eq!(c.literal_prefix, "/api/");
        assert!(c.prefix_rejects("/app"));
    }
}
