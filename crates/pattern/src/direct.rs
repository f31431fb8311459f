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
    /// ignoreCase: fixed text (ASCII here) compares under simple case folding.
    ignore_case: bool,
}

/// Calls of [`DirectMatcher::match_from`] per input byte (plus a constant) before failures
/// are remembered: plain backtracking is quickest for the usual route, and the memo bounds the
/// rest.
const STEPS_PER_BYTE: usize = 4;

/// The search's state beside the groups: a step count and, once it passes the budget, the
/// set of `(piece, position)` pairs known to fail. Whether the pieces from `i` on match from
/// byte `pos` depends on nothing else (the direct forms have no backreferences), so each pair
/// is searched at most once from then on: at most pieces x (length + 1) searches, each
/// trying at most length + 1 ends, instead of length^groups.
struct Search {
    steps: usize,
    budget: usize,
    width: usize,
    failed: Vec<u64>,
}

impl Search {
    fn new(input: &str) -> Search {
        Search {
            steps: 0,
            budget: STEPS_PER_BYTE * input.len() + 64,
            width: input.len() + 1,
            failed: Vec::new(),
        }
    }

    /// Whether `(i, pos)` is known to fail; counts a step and, past the budget, starts the memo.
    fn known_failure(&mut self, i: usize, pos: usize, pieces: usize) -> bool {
        self.steps += 1;
        if self.failed.is_empty() {
            if self.steps <= self.budget {
                return false;
            }
            self.failed.resize(((pieces + 1) * self.width).div_ceil(64), 0);
        }
        let bit = i * self.width + pos;
        self.failed.get(bit / 64).is_some_and(|w| w & (1 << (bit % 64)) != 0)
    }

    fn record_failure(&mut self, i: usize, pos: usize) {
        let bit = i * self.width + pos;
        if let Some(w) = self.failed.get_mut(bit / 64) {
            *w |= 1 << (bit % 64);
        }
    }
}

/// The byte length of `text` at the start of `rest`, compared ASCII case-insensitively when
/// `ignore_case` (see [`DirectMatcher::handles`]).
fn strip_text(rest: &str, text: &str, ignore_case: bool) -> Option<usize> {
    let head = rest.as_bytes().get(..text.len())?;
    let same = if ignore_case {
        head.eq_ignore_ascii_case(text.as_bytes())
    } else {
        head == text.as_bytes()
    };
    same.then_some(text.len())
}

impl DirectMatcher {
    /// The direct matcher for `parts`, when every part has a form it handles (with ignoreCase,
    /// when all fixed text and prefixes are ASCII, which the encoding callbacks make them).
    pub(crate) fn new(parts: &[Part], options: &Options) -> Option<DirectMatcher> {
        if options.ignore_case
            && !parts.iter().all(|p| {
                p.prefix.is_ascii() && (p.kind != PartType::FixedText || p.value.is_ascii())
            })
        {
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
        Some(DirectMatcher {
            pieces,
            delimiter: options.delimiter.map(char::from),
            ignore_case: options.ignore_case,
        })
    }

    /// Whether this matcher gives the engine's result on `input`: always when case matters;
    /// with ignoreCase only on ASCII input, where ECMAScript's simple case folding is ASCII
    /// case folding (the pieces' text is ASCII). Component inputs are ASCII after
    /// canonicalization (percent-encoding, IDNA), so the engine is left only what the API
    /// cannot produce; `regress` 0.12 also folds U+017F but not U+212A KELVIN SIGN to ASCII.
    pub(crate) fn handles(&self, input: &str) -> bool {
        !self.ignore_case || input.is_ascii()
    }

    /// Whether `input` matches, with the groups in `groups` (one per `:name` or `*` piece).
    pub(crate) fn exec(&self, input: &str, groups: &mut Vec<Option<Range<usize>>>) -> bool {
        groups.clear();
        groups.resize(self.group_count(), None);
        self.match_from(&mut Search::new(input), 0, input, 0, 0, groups)
    }

    /// Whether `input` matches, with the groups on the stack when there are few.
    pub(crate) fn test(&self, input: &str) -> bool {
        let n = self.group_count();
        if n <= 8 {
            let mut groups = [const { None::<Range<usize>> }; 8];
            let groups = groups.get_mut(..n).unwrap_or(&mut []);
            return self.match_from(&mut Search::new(input), 0, input, 0, 0, groups);
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
        search: &mut Search,
        i: usize,
        input: &str,
        pos: usize,
        g: usize,
        groups: &mut [Option<Range<usize>>],
    ) -> bool {
        if search.known_failure(i, pos, self.pieces.len()) {
            return false;
        }
        let found = self.search_from(search, i, input, pos, g, groups);
        if !found {
            search.record_failure(i, pos);
        }
        found
    }

    /// [`match_from`](Self::match_from) without the memo.
    fn search_from(
        &self,
        search: &mut Search,
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
            Piece::Fixed(text) => strip_text(rest, text, self.ignore_case)
                .is_some_and(|len| self.match_from(search, i + 1, input, pos + len, g, groups)),
            Piece::Segment { prefix, optional } => {
                if let Some(len) = strip_text(rest, prefix, self.ignore_case) {
                    let after = rest.get(len..).unwrap_or("");
                    let start = pos + len;
                    // Lazy `[^d]+?`: one code point, then one more, up to the delimiter.
                    for (offset, c) in after.char_indices() {
                        if Some(c) == self.delimiter {
                            break;
                        }
                        let end = start + offset + c.len_utf8();
                        set(groups, g, Some(start..end));
                        if self.match_from(search, i + 1, input, end, g + 1, groups) {
                            return true;
                        }
                    }
                }
                *optional && {
                    set(groups, g, None);
                    self.match_from(search, i + 1, input, pos, g + 1, groups)
                }
            }
            Piece::Full { prefix, optional } => {
                if let Some(len) = strip_text(rest, prefix, self.ignore_case) {
                    let after = rest.get(len..).unwrap_or("");
                    let start = pos + len;
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
                        if self.match_from(search, i + 1, input, end, g + 1, groups) {
                            return true;
                        }
                    }
                }
                *optional && {
                    set(groups, g, None);
                    self.match_from(search, i + 1, input, pos, g + 1, groups)
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
    use alloc::format;
    use proptest::prelude::*;

    fn both(pattern: &str, options: &Options) -> Option<(DirectMatcher, Regress)> {
        let parts = parse_pattern_string(pattern, options, |s| Ok(String::from(s))).ok()?;
        let direct = DirectMatcher::new(&parts, options)?;
        let (source, _) = generate_regexp_and_names(&parts, options);
        Some((direct, Regress::compile(&source, options.ignore_case)?))
    }

    fn pattern() -> impl Strategy<Value = String> {
        let piece = prop::sample::select(alloc::vec![
            "/", "a", "b", ".", "ab", "/a", ":x", ":y?", "*", "*?", "/*", "/*?", "{/:z}?",
            "{.:w}?", "{/*}?", "{a*}?", "-", "\\:", "*+", "**", "/*+", "/**", "{a*}+", "{a*}*",
            "k", "S", "{s*}?", "{K:v}?",
        ]);
        prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// The direct matcher gives exactly the engine's result: match or not, and each group.
        #[test]
        fn same_as_the_engine(
            p in pattern(),
            input in "[/ab.\n\u{e9}kKsS-]{0,8}",
            path in any::<bool>(),
            ignore_case in any::<bool>(),
        ) {
            let base = if path { Options::PATHNAME } else { Options::HOSTNAME };
            let options = base.with_ignore_case(ignore_case);
            if let Some((direct, regexp)) = both(&p, &options).filter(|(d, _)| d.handles(&input)) {
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
        let ignore_case = Options::PATHNAME.with_ignore_case(true);
        assert!(DirectMatcher::new(&parts("/a/:b"), &ignore_case).is_some());
        let mut non_ascii = parts("/a");
        non_ascii[0].value = String::from("/\u{e9}");
        assert!(DirectMatcher::new(&non_ascii, &ignore_case).is_none());
    }

    #[test]
    fn ignore_case_on_ascii_input() {
        let (direct, _) = both("/Kelvin/:x", &Options::PATHNAME.with_ignore_case(true)).unwrap();
        let mut groups = Vec::new();
        assert!(direct.handles("/kELVIN/y"));
        assert!(direct.exec("/kELVIN/y", &mut groups));
        assert_eq!(groups, [Some(8..9)]);
        assert!(!direct.exec("/kelvim/y", &mut groups));
        // Non-ASCII input goes to the engine (U+212A KELVIN SIGN, U+017F LONG S fold to ASCII
        // letters in ECMAScript).
        assert!(!direct.handles("/\u{212A}elvin/y"));
        let (direct, _) = both("/a", &Options::PATHNAME).unwrap();
        assert!(direct.handles("/\u{212A}"));
    }

    #[test]
    fn adjacent_groups_are_searched_once_per_position() {
        // `/:a:b:c...` on a failing input: length^groups steps by plain backtracking (the
        // engine's too); with the memo, pieces x length searches.
        let pattern: String = (0..24).map(|i| format!(":g{i}")).collect();
        let (direct, _) = both(&format!("/{pattern}\\x"), &Options::PATHNAME).unwrap();
        let input = format!("/{}", "a".repeat(300));
        let start = std::time::Instant::now();
        assert!(!direct.exec(&input, &mut Vec::new()));
        assert!(!direct.test(&input));
        let input = format!("/{}x", "a".repeat(60));
        let mut groups = Vec::new();
        assert!(direct.exec(&input, &mut groups));
        // Lazy groups: each of the first 23 takes one code point, the last the rest.
        assert_eq!(groups[0], Some(1..2));
        assert_eq!(groups[23], Some(24..61));
        assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
    }
}
