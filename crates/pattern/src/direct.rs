//! Matching a part list directly, without the regular expression engine, for the part lists
//! routes are made of: fixed text, `:name` groups (with an optional prefix and at most the `?`
//! modifier) and `*` groups (with an optional prefix and any modifier: a repeated `*` group
//! matches what an unrepeated one does, see `full_is_optional`). The standard allows this ("compile a component", the note on
//! matching against the part list); the result must be exactly `RegExpBuiltinExec`'s.
//!
//! The matcher is the backtracking search the generated expression describes, in the same
//! order: a `:name` group is `[^<delimiter>]+?` (lazy: shortest first), a `*` group is `.*`
//! (greedy: longest first, no line terminators), a `?` group is tried present first, then
//! absent. Its cost is that of the engine's search without the engine's overheads, and it is
//! tested against the engine in this module's property test.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::parser::{Modifier, Options, Part, PartType};

/// One piece of a directly matched part list.
#[derive(Debug)]
enum Piece {
    /// Fixed text.
    Fixed(String),
    /// `(?:prefix([^delimiter]+?))` or, optional, the same followed by `?`.
    Segment { prefix: String, optional: bool },
    /// `(?:prefix(.*))` or, optional, the same followed by `?`.
    Full { prefix: String, optional: bool },
}

/// A part list in the form [`Piece`]s can match, with the delimiter code point.
#[derive(Debug)]
pub(crate) struct DirectMatcher {
    pieces: Vec<Piece>,
    delimiter: Option<char>,
}

impl DirectMatcher {
    /// The direct matcher for `parts`, when every part has a form it handles (and case
    /// matters: case-insensitive matching needs Unicode case folding, left to the engine).
    pub(crate) fn new(parts: &[Part], options: &Options) -> Option<DirectMatcher> {
        if options.ignore_case {
            return None;
        }
        let mut pieces = Vec::with_capacity(parts.len());
        for part in parts {
            let piece = match (part.kind, part.modifier) {
                (PartType::FixedText, Modifier::None) => Piece::Fixed(part.value.clone()),
                (PartType::SegmentWildcard, Modifier::None | Modifier::Optional)
                    if part.suffix.is_empty() =>
                {
                    let optional = part.modifier == Modifier::Optional;
                    Piece::Segment { prefix: part.prefix.clone(), optional }
                }
                (PartType::FullWildcard, modifier) if part.suffix.is_empty() => Piece::Full {
                    prefix: part.prefix.clone(),
                    optional: full_is_optional(modifier, &part.prefix),
                },
                _ => return None,
            };
            pieces.push(piece);
        }
        Some(DirectMatcher { pieces, delimiter: options.delimiter.map(char::from) })
    }

    /// Whether `input` matches, with the groups in `groups` (one per `:name` or `*` piece).
    pub(crate) fn exec(&self, input: &str, groups: &mut Vec<Option<Range<usize>>>) -> bool {
        groups.clear();
        groups.resize(self.group_count(), None);
        self.match_from(0, input, 0, 0, groups)
    }

    /// Whether `input` matches, with the groups on the stack when there are few.
    pub(crate) fn test(&self, input: &str) -> bool {
        let n = self.group_count();
        if n <= 8 {
            let mut groups = [const { None::<Range<usize>> }; 8];
            return self.match_from(0, input, 0, 0, groups.get_mut(..n).unwrap_or(&mut []));
        }
        let mut groups = Vec::new();
        self.exec(input, &mut groups)
    }

    fn group_count(&self) -> usize {
        self.pieces.iter().filter(|p| !matches!(p, Piece::Fixed(_))).count()
    }

    /// Matches pieces `i..` at byte `pos`, group `g` being the next capture.
    fn match_from(
        &self,
        i: usize,
        input: &str,
        pos: usize,
        g: usize,
        groups: &mut [Option<Range<usize>>],
    ) -> bool {
        let Some(piece) = self.pieces.get(i) else {
            // `$`: the whole input is consumed.
            return pos == input.len();
        };
        let rest = input.get(pos..).unwrap_or("");
        match piece {
            Piece::Fixed(text) => {
                rest.starts_with(text.as_str())
                    && self.match_from(i + 1, input, pos + text.len(), g, groups)
            }
            Piece::Segment { prefix, optional } => {
                if let Some(after) = rest.strip_prefix(prefix.as_str()) {
                    let start = pos + prefix.len();
                    // Lazy `[^d]+?`: one code point, then one more, up to the delimiter.
                    for (offset, c) in after.char_indices() {
                        if Some(c) == self.delimiter {
                            break;
                        }
                        let end = start + offset + c.len_utf8();
                        set(groups, g, Some(start..end));
                        if self.match_from(i + 1, input, end, g + 1, groups) {
                            return true;
                        }
                    }
                }
                *optional && {
                    set(groups, g, None);
                    self.match_from(i + 1, input, pos, g + 1, groups)
                }
            }
            Piece::Full { prefix, optional } => {
                if let Some(after) = rest.strip_prefix(prefix.as_str()) {
                    let start = pos + prefix.len();
                    // Greedy `.*`: up to the first line terminator, longest first.
                    let max =
                        after.find(['\n', '\r', '\u{2028}', '\u{2029}']).unwrap_or(after.len());
                    let ends = after
                        .get(..max)
                        .unwrap_or("")
                        .char_indices()
                        .map(|(o, _)| o)
                        .chain(core::iter::once(max))
                        .rev();
                    for offset in ends {
                        // ECMAScript rejects an empty iteration of a `?` group (RepeatMatcher,
                        // step 2.b): `(.*)?` cannot match the empty string as present.
                        if *optional && prefix.is_empty() && offset == 0 {
                            continue;
                        }
                        let end = start + offset;
                        set(groups, g, Some(start..end));
                        if self.match_from(i + 1, input, end, g + 1, groups) {
                            return true;
                        }
                    }
                }
                *optional && {
                    set(groups, g, None);
                    self.match_from(i + 1, input, pos, g + 1, groups)
                }
            }
        }
    }
}

/// Whether a `*` group with `modifier`, `prefix` and no suffix matches as `(?:prefix(.*))?`
/// (`true`) or as `(?:prefix(.*))` (`false`).
///
/// A repeated `*` group is the same as an unrepeated one ("generate a regular expression and
/// name list", steps 3.6 and 3.8 to 3.21): without a prefix, `((?:.*)+)` and `((?:.*)*)` both
/// capture what `(.*)` captures, and with one, `(?:P((?:.*)(?:P(?:.*))*))` captures what
/// `(?:P(.*))` does (`?` after both for `*`). The group is the only capture, a match depends on
/// nothing but where it ends, and the backtracking search tries those ends longest first in
/// both forms (every split of a span ending at `e` is tried before any span ending before
/// `e`), so the first successful end, and hence the match, is the same. The repeated form
/// takes time exponential in the input length on a failing match, the plain one does not.
fn full_is_optional(modifier: Modifier, prefix: &str) -> bool {
    match modifier {
        Modifier::None | Modifier::OneOrMore => false,
        Modifier::Optional => true,
        // `((?:.*)*)` always takes part (zero iterations capture ""); with a prefix the whole
        // group is optional.
        Modifier::ZeroOrMore => !prefix.is_empty(),
    }
}

fn set(groups: &mut [Option<Range<usize>>], g: usize, value: Option<Range<usize>>) {
    if let Some(slot) = groups.get_mut(g) {
        *slot = value;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{RegExpEngine, Regress};
    use crate::parser::parse_pattern_string;
    use crate::regexp_gen::generate_regexp_and_names;
    use proptest::prelude::*;

    fn both(pattern: &str, options: &Options) -> Option<(DirectMatcher, Regress)> {
        let parts = parse_pattern_string(pattern, options, |s| Ok(String::from(s))).ok()?;
        let direct = DirectMatcher::new(&parts, options)?;
        let (source, _) = generate_regexp_and_names(&parts, options);
        Some((direct, Regress::compile(&source, false)?))
    }

    fn pattern() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(alloc::vec![
            "/", "a", "b", ".", "ab", "/a", ":x", ":y?", "*", "*?", "/*", "/*?", "{/:z}?",
            "{.:w}?", "{/*}?", "{a*}?", "-", "\\:", "*+", "**", "/*+", "/**", "{a*}+", "{a*}*",
        ]);
        prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// The direct matcher gives exactly the engine's result: match or not, and each group.
        #[test]
        fn same_as_the_engine(p in pattern(), input in "[/ab.\n\u{e9}-]{0,8}", path in any::<bool>()) {
            let options = if path { Options::PATHNAME } else { Options::HOSTNAME };
            if let Some((direct, regexp)) = both(&p, &options) {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                let x = direct.exec(&input, &mut a);
                let y = regexp.exec(&input, &mut b);
                prop_assert_eq!(x, y, "{:?} on {:?}", p, input);
                if x {
                    prop_assert_eq!(a, b, "{:?} on {:?}", p, input);
                }
            }
        }
    }

    #[test]
    fn forms_it_leaves_to_the_engine() {
        let parts =
            |p: &str| parse_pattern_string(p, &Options::PATHNAME, |s| Ok(String::from(s))).unwrap();
        assert!(DirectMatcher::new(&parts("/a/:b"), &Options::PATHNAME).is_some());
        assert!(DirectMatcher::new(&parts("/a/:b+"), &Options::PATHNAME).is_none());
        assert!(DirectMatcher::new(&parts("/*+*+*+x"), &Options::PATHNAME).is_some());
        assert!(DirectMatcher::new(&parts("{a*b}+"), &Options::PATHNAME).is_none());
        assert!(DirectMatcher::new(&parts("/(\\d+)"), &Options::PATHNAME).is_none());
        assert!(DirectMatcher::new(&parts("{a}?"), &Options::PATHNAME).is_none());
        assert!(
            DirectMatcher::new(&parts("/a"), &Options::PATHNAME.with_ignore_case(true)).is_none()
        );
    }
}
