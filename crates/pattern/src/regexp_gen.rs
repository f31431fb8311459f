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
    let mut result = String::from("^");
    let mut names = Vec::new();
    let segment_wildcard = segment_wildcard_regexp(options);
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
