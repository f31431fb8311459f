//! Converting part lists to regular expressions (URLPattern Standard, section 2.2).

use alloc::string::String;
use alloc::vec::Vec;

use crate::parser::{
    FULL_WILDCARD_REGEXP, Modifier, Options, Part, PartType, segment_wildcard_regexp,
};

/// "generate a regular expression and name list".
pub(crate) fn generate_regexp_and_names(
    parts: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    generate(parts, options, false)
}

/// The expression the engine runs for `parts`: the standard's, except that a repeated `:name`
/// or `*` group is written in a form without nested quantifiers that matches the same inputs
/// with the same captures (see [`repeated_wildcard`]). The nested forms backtrack
/// exponentially in the input's length when the rest of the expression fails.
pub(crate) fn generate_matching_regexp(parts: &[Part], options: &Options) -> String {
    generate(parts, options, true).0
}

/// The single-quantifier form of a repeated wildcard group, when `part` is one: the source of
/// the whole group, captures included.
///
/// Without a prefix and suffix the standard writes `((?:X)+)` or `((?:X)*)` (step 3.6), X being
/// `.*` or `[^d]+?`. The only capture is the outer group, so a match depends only on where the
/// group ends, and the backtracking search tries those ends from the longest reachable one
/// down: the outer quantifier is greedy, so every way of going further is tried before
/// stopping earlier (the lazy inner `+?` only changes how a span is split into iterations,
/// never the order of its ends), and zero iterations come last. `(.*)`, `([^d]+)` and `([^d]*)`
/// try the same ends in the same order, so the first success, and every capture, is the same.
/// With a prefix P and no suffix, `(?:P((?:.*)(?:P(?:.*))*))` spans what `(?:P(.*))` spans,
/// by the same argument (`.*` also matches P), with `?` after both for `*`. A repeated `:name`
/// group with a prefix keeps the standard's form: its iterations are separated by the prefix,
/// which the segment cannot always cross.
fn repeated_wildcard(part: &Part, segment_class: &str) -> Option<String> {
    let repeated = matches!(part.modifier, Modifier::ZeroOrMore | Modifier::OneOrMore);
    if !repeated || !part.suffix.is_empty() {
        return None;
    }
    let mut out = String::new();
    match (part.kind, part.prefix.is_empty()) {
        (PartType::FullWildcard, true) => out.push_str("(.*)"),
        (PartType::SegmentWildcard, true) => {
            out.push('(');
            out.push_str(segment_class);
            out.push(if part.modifier == Modifier::OneOrMore { '+' } else { '*' });
            out.push(')');
        }
        (PartType::FullWildcard, false) => {
            out.push_str("(?:");
            escape_regexp_string(&part.prefix, &mut out);
            out.push_str("(.*))");
            if part.modifier == Modifier::ZeroOrMore {
                out.push('?');
            }
        }
        _ => return None,
    }
    Some(out)
}

fn generate(parts: &[Part], options: &Options, simplify: bool) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut names = Vec::new();
    let segment_wildcard = segment_wildcard_regexp(options);
    // The class of a segment wildcard, without its `+?`.
    let segment_class = segment_wildcard.strip_suffix("+?").unwrap_or(&segment_wildcard);
    for part in parts {
        // Step 3.1: fixed text, in a non-capturing group when it has a modifier.
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_regexp_string(&part.value, &mut result);
            } else {
                result.push_str("(?:");
                escape_regexp_string(&part.value, &mut result);
                result.push(')');
                result.push_str(part.modifier.as_str());
            }
            continue;
        }
        // Steps 3.2 to 3.5.
        debug_assert!(!part.name.is_empty());
        names.push(part.name.clone());
        if let Some(group) = simplify.then(|| repeated_wildcard(part, segment_class)).flatten() {
            result.push_str(&group);
            continue;
        }
        let regexp_value = match part.kind {
            PartType::SegmentWildcard => segment_wildcard.as_str(),
            PartType::FullWildcard => FULL_WILDCARD_REGEXP,
            _ => part.value.as_str(),
        };
        // Step 3.6: no prefix or suffix.
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if matches!(part.modifier, Modifier::None | Modifier::Optional) {
                result.push('(');
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
            } else {
                result.push_str("((?:");
                result.push_str(regexp_value);
                result.push(')');
                result.push_str(part.modifier.as_str());
                result.push(')');
            }
            continue;
        }
        // Step 3.7: a non-repeating part with a prefix or suffix.
        if matches!(part.modifier, Modifier::None | Modifier::Optional) {
            result.push_str("(?:");
            escape_regexp_string(&part.prefix, &mut result);
            result.push('(');
            result.push_str(regexp_value);
            result.push(')');
            escape_regexp_string(&part.suffix, &mut result);
            result.push(')');
            result.push_str(part.modifier.as_str());
            continue;
        }
        // Steps 3.8 to 3.21: a repeating part with a prefix or suffix.
        result.push_str("(?:");
        escape_regexp_string(&part.prefix, &mut result);
        result.push_str("((?:");
        result.push_str(regexp_value);
        result.push_str(")(?:");
        escape_regexp_string(&part.suffix, &mut result);
        escape_regexp_string(&part.prefix, &mut result);
        result.push_str("(?:");
        result.push_str(regexp_value);
        result.push_str("))*)");
        escape_regexp_string(&part.suffix, &mut result);
        result.push(')');
        if part.modifier == Modifier::ZeroOrMore {
            result.push('?');
        }
    }
    result.push('$');
    (result, names)
}

/// "escape a regexp string", appending to `out`. The input is ASCII after encoding; other
/// code points are copied as they are.
pub(crate) fn escape_regexp_string(input: &str, out: &mut String) {
    for c in input.chars() {
        if matches!(
            c,
            '.' | '+'
                | '*'
                | '?'
                | '^'
                | '$'
                | '{'
                | '}'
                | '('
                | ')'
                | '['
                | ']'
                | '|'
                | '/'
                | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_pattern_string;

    fn regexp(pattern: &str, options: &Options) -> String {
        let parts = parse_pattern_string(pattern, options, |s| Ok(String::from(s))).unwrap();
        generate_regexp_and_names(&parts, options).0
    }

    fn matching(pattern: &str, options: &Options) -> String {
        let parts = parse_pattern_string(pattern, options, |s| Ok(String::from(s))).unwrap();
        generate_matching_regexp(&parts, options)
    }

    #[test]
    fn matching_forms() {
        let path = &Options::PATHNAME;
        assert_eq!(matching("/*+*+*+x", path), "^(?:\\/(.*))(.*)(.*)x$");
        assert_eq!(matching(":x+:y*", path), "^([^\\/]+)([^\\/]*)$");
        assert_eq!(matching(":x+", &Options::DEFAULT), "^([^]+)$");
        assert_eq!(matching("/foo/**", path), "^\\/foo(?:\\/(.*))?$");
        assert_eq!(matching("/foo/*+", path), "^\\/foo(?:\\/(.*))$");
        // Kept: a repeated segment with a prefix, a suffix, a regexp group, a plain `*`.
        assert_eq!(matching("/:p*", path), regexp("/:p*", path));
        assert_eq!(matching("{a*b}+", path), regexp("{a*b}+", path));
        assert_eq!(matching("(a+)+", path), regexp("(a+)+", path));
        assert_eq!(matching("/*", path), regexp("/*", path));
    }

    fn pieces() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let piece = prop::sample::select(alloc::vec![
            "/", "a", "K", ".", ":x", ":x+", ":x*", ":y?", "*", "*+", "**", "*?", "/*+", "/**",
            "/:z+", "{a*}+", "{a*}*", "{/:w}*", "(a|b)", "(\\d+)", "{-:v}+", "{b}?",
        ]);
        prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(3000))]

        /// The engine gives the same result, match and captures, on the matching expression as
        /// on the standard's, with and without ignoreCase.
        #[test]
        fn matching_regexp_is_equivalent(
            p in pieces(),
            input in "[/ab.\n\u{212A}kK1-]{0,7}",
            path in proptest::prelude::any::<bool>(),
            ignore_case in proptest::prelude::any::<bool>(),
        ) {
            use crate::engine::{RegExpEngine, Regress};
            let base = if path { Options::PATHNAME } else { Options::HOSTNAME };
            let options = base.with_ignore_case(ignore_case);
            let Ok(parts) = parse_pattern_string(&p, &options, |s| Ok(String::from(s))) else {
                return Ok(());
            };
            let standard = Regress::compile(&generate_regexp_and_names(&parts, &options).0, ignore_case);
            let matching = Regress::compile(&generate_matching_regexp(&parts, &options), ignore_case);
            let (Some(standard), Some(matching)) = (standard, matching) else {
                proptest::prop_assert!(false, "{p:?} does not compile");
                return Ok(());
            };
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let x = standard.exec(&input, &mut a);
            let y = matching.exec(&input, &mut b);
            proptest::prop_assert_eq!(x, y, "{:?} on {:?}", p, input);
            proptest::prop_assert_eq!(a, b, "{:?} on {:?}", p, input);
        }
    }

    #[test]
    fn generated_forms() {
        assert_eq!(regexp("/a/:id", &Options::PATHNAME), "^\\/a(?:\\/([^\\/]+?))$");
        assert_eq!(regexp("*", &Options::DEFAULT), "^(.*)$");
        assert_eq!(regexp(":x+", &Options::DEFAULT), "^((?:[^]+?)+)$");
        assert_eq!(regexp("{a.}?", &Options::DEFAULT), "^(?:a\\.)?$");
        assert_eq!(
            regexp("/:p*", &Options::PATHNAME),
            "^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))?$"
        );
    }
}
