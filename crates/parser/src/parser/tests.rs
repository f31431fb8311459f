//! Tests of the state machine's limits: the output-length check (with a lowered limit, so
//! that no test allocates gigabytes) and the linear cost of mapping error offsets.

use alloc::string::String;
use alloc::vec::Vec;
use alloc::{format, vec};

use super::{MAX_LEN, Parser, State, clean, state_machine_limited};
use crate::error::{ParseError, ValidationError, ValidationErrorKind};
use crate::url::Url;

/// Parses `input` with the output limited to `max_len` bytes; returns the result and the
/// length the output had reached when the parser stopped.
fn parse_limited(input: &str, max_len: usize) -> (Result<(), ParseError>, usize) {
    let (cleaned, lead, _, removed_tabs) = clean(input, true);
    let mut parser = Parser::new(&cleaned, input, lead, removed_tabs, None, None, None);
    parser.max_len = max_len;
    let result = parser.run(State::SchemeStart).and_then(|()| parser.check_len());
    (result, parser.out.len())
}

/// The lowered limit of these tests.
const LIMIT: usize = 1000;

/// Inputs whose serialization outgrows them, one per component that can grow, with the
/// serialization's length for `n` repetitions.
fn growing(n: usize) -> Vec<(&'static str, String, usize)> {
    vec![
        // 4-byte emoji become 12 bytes in the query.
        ("query", format!("http://h/?{}", "😀".repeat(n / 2)), 10 + 12 * (n / 2)),
        ("path", format!("http://h/{}", "<".repeat(n)), 9 + 3 * n),
        ("fragment", format!("http://h/#{}", "\u{1}x".repeat(n)), 10 + 4 * n),
        ("username", format!("http://{}@h/", "é".repeat(n)), 7 + 6 * n + 3),
        ("password", format!("http://u:{}@h/", "<".repeat(n)), 9 + 3 * n + 3),
        ("opaque path", format!("a:{}", "\u{1}x".repeat(n)), 2 + 4 * n),
        // One 2-byte label becomes `xn--9ca` (7 bytes) plus the dot.
        ("host", format!("http://{}x/", "é.".repeat(n / 2)), 7 + 8 * (n / 2) + 2),
    ]
}

#[test]
fn serialization_growth_is_computed_right() {
    for (what, input, len) in growing(5) {
        let url = Url::parse(&input);
        assert_eq!(url.map(|u| u.href().len()), Ok(len), "{what}");
    }
}

/// The probe's finding: an input smaller than the limit whose serialization would pass it
/// fails with `TooLong`, and (for percent-encoded components) before the output passes it.
#[test]
fn serialization_longer_than_the_limit_fails() {
    for (what, input, len) in growing(400) {
        assert!(input.len() < LIMIT && len > LIMIT, "{what}: {} {len}", input.len());
        let (result, reached) = parse_limited(&input, LIMIT);
        assert_eq!(result, Err(ParseError::TooLong), "{what}");
        if what != "host" {
            assert!(reached <= LIMIT, "{what}: output reached {reached}");
        }
    }
}

#[test]
fn serialization_at_the_limit_succeeds() {
    for (what, input, len) in growing(50) {
        let (result, reached) = parse_limited(&input, len);
        assert_eq!((result, reached), (Ok(()), len), "{what}");
        let (result, _) = parse_limited(&input, len - 1);
        assert_eq!(result, Err(ParseError::TooLong), "{what}");
    }
}

/// A legacy query encoding can grow a code point to a numeric character reference.
#[test]
fn encoded_query_longer_than_the_limit_fails() {
    let input = format!("http://h/?{}", "😀".repeat(40));
    let run = |max_len| {
        let out = String::new();
        state_machine_limited(&input, None, Some(encoding_rs::SHIFT_JIS), None, out, max_len)
            .map(|u| u.href().len())
    };
    // `%26%23128512%3B` per emoji.
    let len = 10 + 15 * 40;
    assert_eq!(run(MAX_LEN), Ok(len));
    assert_eq!(run(len), Ok(len));
    assert_eq!(run(len - 1), Err(ParseError::TooLong));
}

#[test]
fn too_long_says_what() {
    let message = format!("{}", ParseError::TooLong);
    assert!(message.contains("serialization") && message.contains("4 GiB"), "{message}");
}

/// The naive mapping from a cleaned offset to the original one.
fn naive_original(original: &str, lead: usize, offset: usize) -> usize {
    let mut kept = 0;
    for (i, b) in original.bytes().enumerate().skip(lead) {
        if matches!(b, b'\t' | b'\n' | b'\r') {
            continue;
        }
        if kept == offset {
            return i;
        }
        kept += 1;
    }
    original.len()
}

#[test]
fn original_offsets_match_the_naive_mapping() {
    for input in [" \thttp://h/\t|a\n\r||\t", "http://\th/|\t|", "\n\nfoo:|\t\t|\t", "a\t:\t\t"] {
        let (cleaned, lead, _, removed_tabs) = clean(input, true);
        let mut sink = |_: ValidationError| {};
        let with_sink =
            Parser::new(&cleaned, input, lead, removed_tabs, None, None, Some(&mut sink));
        let without = Parser::new(&cleaned, input, lead, removed_tabs, None, None, None);
        for offset in 0..=cleaned.len() {
            let want = naive_original(input, lead, offset);
            assert_eq!(with_sink.original_offset(offset), want, "{input:?} {offset}");
            assert_eq!(without.original_offset(offset), want, "{input:?} {offset}");
        }
    }
}

/// Reporting an error per byte of an input full of tabs costs a small multiple of the same
/// errors without the tabs (the cleaned copy, the offset map, a binary search per error), not
/// a scan of the input per error, as mapping error offsets once did: with 16,000 errors that
/// was about 2,000 times slower. Interleaved runs, the fastest of each, and a wide margin, so
/// that a loaded machine does not make it fail.
#[cfg(feature = "std")]
#[test]
fn many_errors_with_tabs_cost_linear_time() {
    let k = 16_000;
    let time = |input: &str| {
        let start = std::time::Instant::now();
        let mut errors = 0usize;
        let url = Url::options().on_validation_error(|_| errors += 1).parse(input);
        assert!(url.is_ok() && errors >= k);
        start.elapsed().as_secs_f64()
    };
    let tabs = format!("http://h/{}", "|\t".repeat(k));
    let plain = format!("http://h/{}", "|".repeat(2 * k));
    let (mut with, mut without) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..9 {
        with = with.min(time(&tabs));
        without = without.min(time(&plain));
    }
    assert!(with < 50.0 * without, "{k} errors: {without:.6}s, with tabs {with:.6}s");
}

/// The lax entry's shortcut for an input without a scheme fails exactly where and how the state
/// machine does, and takes every input the state machine fails that way.
#[test]
fn missing_scheme_agrees_with_the_state_machine() {
    use super::missing_scheme;
    let pieces = [
        "", "a", "Z", "1", "+", "-", ".", ":", "/", "\\", "?", "#", " ", "\t", "\n", "\r", "\u{0}",
        "\u{1F}", "é", "http", "//x", "%", "@", "\u{7F}",
    ];
    let mut inputs = Vec::new();
    for a in pieces {
        for b in pieces {
            for c in pieces {
                inputs.push(format!("{a}{b}{c}"));
            }
        }
    }
    let mut taken = 0;
    for input in &inputs {
        let slow = super::state_machine(input, None, None, None, String::new());
        let expected = match &slow {
            Err(ParseError::Invalid(e))
                if e.kind() == ValidationErrorKind::MissingSchemeNonRelativeUrl =>
            {
                Some(e.offset())
            }
            _ => None,
        };
        assert_eq!(missing_scheme(input), expected, "{input:?}");
        taken += usize::from(expected.is_some());
        // Through the entry, the same failure (also through `parse`, which fails an input
        // that starts with neither a trimmed byte nor an alpha before allocating).
        let fast = super::parse_into(input, None, None, None, String::new());
        let slow = slow.err();
        assert_eq!(fast.err(), slow, "{input:?}");
        assert_eq!(super::parse(input, None, None, None).err(), slow, "{input:?}");
    }
    assert!(taken > 5_000, "{taken}");
}
