//! Converting part lists to pattern strings (URLPattern Standard, section 2.3).

use alloc::string::String;

use crate::parser::{
    FULL_WILDCARD_REGEXP, Modifier, Options, Part, PartType, segment_wildcard_regexp,
};
use crate::tokenizer::is_valid_name_code_point;

/// "generate a pattern string".
pub(crate) fn generate_pattern_string(parts: &[Part], options: &Options) -> String {
    let mut result = String::new();
    for (index, part) in parts.iter().enumerate() {
        let previous = index.checked_sub(1).and_then(|i| parts.get(i));
        let next = parts.get(index + 1);
        // Step 3.4: fixed text.
        if part.kind == PartType::FixedText {
            if part.modifier == Modifier::None {
                escape_pattern_string(&part.value, &mut result);
                continue;
            }
            result.push('{');
            escape_pattern_string(&part.value, &mut result);
            result.push('}');
            result.push_str(part.modifier.as_str());
            continue;
        }
        // Steps 3.5 and 3.6.
        let custom_name = !part.name.as_bytes().first().is_some_and(u8::is_ascii_digit);
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && !options.is_prefix(&part.prefix));
        // Step 3.7: a custom-named segment wildcard followed by something that would read as
        // part of its name.
        if !needs_grouping
            && custom_name
            && part.kind == PartType::SegmentWildcard
            && part.modifier == Modifier::None
            && let Some(next) = next.filter(|n| n.prefix.is_empty() && n.suffix.is_empty())
        {
            if next.kind == PartType::FixedText {
                needs_grouping =
                    next.value.chars().next().is_some_and(|c| is_valid_name_code_point(c, false));
            } else {
                needs_grouping = next.name.as_bytes().first().is_some_and(u8::is_ascii_digit);
            }
        }
        // Step 3.8: a group right after fixed text ending in the prefix code point.
        if !needs_grouping
            && part.prefix.is_empty()
            && let Some(previous) = previous.filter(|p| p.kind == PartType::FixedText)
        {
            let last = previous.value.as_bytes().last().copied();
            if last.is_some() && last == options.prefix {
                needs_grouping = true;
            }
        }
        // Steps 3.9 to 3.11.
        debug_assert!(!part.name.is_empty());
        if needs_grouping {
            result.push('{');
        }
        escape_pattern_string(&part.prefix, &mut result);
        if custom_name {
            result.push(':');
            result.push_str(&part.name);
        }
        // Steps 3.12 to 3.14.
        match part.kind {
            PartType::Regexp => {
                result.push('(');
                result.push_str(&part.value);
                result.push(')');
            }
            PartType::SegmentWildcard if !custom_name => {
                result.push('(');
                result.push_str(&segment_wildcard_regexp(options));
                result.push(')');
            }
            PartType::FullWildcard => {
                if !custom_name
                    && (previous.is_none_or(|p| {
                        p.kind == PartType::FixedText || p.modifier != Modifier::None
                    }) || needs_grouping
                        || !part.prefix.is_empty())
                {
                    result.push('*');
                } else {
                    result.push('(');
                    result.push_str(FULL_WILDCARD_REGEXP);
                    result.push(')');
                }
            }
            _ => {}
        }
        // Step 3.15: keep a suffix from reading as part of the name.
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && part.suffix.chars().next().is_some_and(|c| is_valid_name_code_point(c, false))
        {
            result.push('\\');
        }
        // Steps 3.16 to 3.18.
        escape_pattern_string(&part.suffix, &mut result);
        if needs_grouping {
            result.push('}');
        }
        result.push_str(part.modifier.as_str());
    }
    result
}

/// "escape a pattern string", appending to `out`.
pub(crate) fn escape_pattern_string(input: &str, out: &mut String) {
    for c in input.chars() {
        if matches!(c, '+' | '*' | '?' | ':' | '{' | '}' | '(' | ')' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_pattern_string;

    fn round(pattern: &str, options: &Options) -> String {
        let parts = parse_pattern_string(pattern, options, |s| Ok(String::from(s))).unwrap();
        generate_pattern_string(&parts, options)
    }

    #[test]
    fn normalized_forms() {
        assert_eq!(round("/a/:id", &Options::PATHNAME), "/a/:id");
        assert_eq!(round("/(.*)", &Options::PATHNAME), "/*");
        assert_eq!(round("{/a}?", &Options::PATHNAME), "{/a}?");
        assert_eq!(round(":a\\b", &Options::DEFAULT), "{:a}b");
        assert_eq!(round("{:a}b", &Options::DEFAULT), "{:a}b");
        assert_eq!(round("(foo)(bar)", &Options::DEFAULT), "(foo)(bar)");
        assert_eq!(round("/:id(\\d+)", &Options::PATHNAME), "/:id(\\d+)");
    }
}
