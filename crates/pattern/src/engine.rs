//! The regular expression engine behind each component, kept behind [`RegExpEngine`] so it can
//! be swapped. The one in use is `regress`, an ECMAScript engine: the standard compiles each
//! component with `RegExpCreate(source, "v")` (`"vi"` with ignoreCase) and matches with
//! `RegExpBuiltinExec`.
//!
//! Backtracking: `regress` 0.12 is a classical backtracking engine and gives no linear-time
//! guarantee; it has no step limit and no non-backtracking mode (its PikeVM backend is
//! documented as a test aid). Nested quantifiers can take time exponential in the length of the
//! component being matched, e.g. a user-supplied regexp group such as `((?:a+)+)b`. The forms
//! the standard generates for repeated `*` groups (`/*+*+*+x` compiles to
//! `^\/((?:.*)+)((?:.*)+)((?:.*)+)x$`, 10.8 s on a 20-byte path in a release build) never reach
//! the engine on ASCII input: `direct.rs` matches them as unrepeated groups, which gives the
//! same result, and where they do reach it the engine runs `regexp_gen::generate_matching_regexp`
//! (single quantifiers, the same result). What this crate adds is listed in the crate docs; it
//! does not bound the time of what does reach the engine.

use alloc::vec::Vec;
use core::ops::Range;

/// An ECMAScript regular expression engine, as the standard uses it.
pub(crate) trait RegExpEngine: Sized {
    /// `RegExpCreate(source, flags)` with flags `v`, or `vi` when `ignore_case`; `None` when
    /// it would throw.
    fn compile(source: &str, ignore_case: bool) -> Option<Self>;

    /// `RegExpBuiltinExec` from index 0: the byte range of each capture group 1..=n (`None`
    /// for an undefined group), or `None` when there is no match. `groups` is cleared first.
    fn exec(&self, input: &str, groups: &mut Vec<Option<Range<usize>>>) -> bool;
}

/// `regress` as the engine.
#[derive(Debug)]
pub(crate) struct Regress(regress::Regex);

impl RegExpEngine for Regress {
    fn compile(source: &str, ignore_case: bool) -> Option<Self> {
        if !escapes_are_valid(source) {
            return None;
        }
        let flags = if ignore_case { "vi" } else { "v" };
        regress::Regex::with_flags(source, flags).ok().map(Regress)
    }

    fn exec(&self, input: &str, groups: &mut Vec<Option<Range<usize>>>) -> bool {
        groups.clear();
        let Some(m) = self.0.find(input) else {
            return false;
        };
        groups.extend(m.groups().skip(1));
        true
    }
}

/// Whether every `\\` escape in `source` is one the `v` flag's grammar allows. `regress`
/// accepts identity escapes of any letter (`\\m` as `m`), which ECMAScript forbids with the `u`
/// and `v` flags (`IdentityEscape` is then only a syntax character or `/`), so they are
/// rejected here first.
fn escapes_are_valid(source: &str) -> bool {
    let mut bytes = source.bytes();
    let mut class_depth = 0u32;
    while let Some(b) = bytes.next() {
        match b {
            b'\\' => {
                let Some(c) = bytes.next() else {
                    return false;
                };
                let ok = match c {
                    b'd' | b'D' | b's' | b'S' | b'w' | b'W' | b'b' | b'f' | b'n' | b'r' | b't'
                    | b'v' | b'c' | b'p' | b'P' | b'u' | b'x' | b'k' => true,
                    b'B' => class_depth == 0,
                    b'q' => class_depth > 0,
                    b'0'..=b'9' => true,
                    b'^' | b'$' | b'\\' | b'.' | b'*' | b'+' | b'?' | b'(' | b')' | b'[' | b']'
                    | b'{' | b'}' | b'|' | b'/' => true,
                    // ClassSetReservedPunctuator and `-`, inside a class only.
                    b'-' | b'&' | b'!' | b'#' | b'%' | b',' | b':' | b';' | b'<' | b'=' | b'>'
                    | b'@' | b'`' | b'~' => class_depth > 0,
                    _ => false,
                };
                if !ok {
                    return false;
                }
            }
            b'[' => class_depth += 1,
            b']' => class_depth = class_depth.saturating_sub(1),
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn v_flag_and_groups() {
        let re = Regress::compile("^(a)(b)?$", false).unwrap();
        let mut groups = Vec::new();
        assert!(re.exec("a", &mut groups));
        assert_eq!(groups, [Some(0..1), None]);
        assert!(!re.exec("ab!", &mut groups));
        // The `v` flag rejects what `u` accepts in classes, e.g. an unescaped `(`.
        assert!(Regress::compile("[(]", false).is_none());
        assert!(Regress::compile("^[\\(]$", false).is_some());
        assert!(Regress::compile("\\m", false).is_none());
        assert!(Regress::compile("(\\H)", false).is_none());
        assert!(Regress::compile("[\\-\\&]\\d\\/\\.", false).is_some());
        assert!(Regress::compile("\\-", false).is_none());
        let re = Regress::compile("^abc$", true).unwrap();
        assert!(re.exec("ABC", &mut groups));
    }
}
