//! Unit tests of the form parser: splitting, decoding and the word scans against plain loops.

use super::*;
use alloc::borrow::ToOwned;
use alloc::vec::Vec;
use alloc::{format, vec};

fn pairs(input: &str) -> Vec<(String, String)> {
    parse(input.as_bytes()).into()
}

fn owned(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(n, v)| ((*n).to_owned(), (*v).to_owned())).collect()
}

#[test]
fn splits_and_skips_empty_sequences() {
    assert_eq!(pairs(""), vec![]);
    assert_eq!(pairs("&&&"), vec![]);
    assert_eq!(pairs("a&&b=&=c&="), owned(&[("a", ""), ("b", ""), ("", "c"), ("", "")]));
    assert_eq!(pairs("a==b=c"), owned(&[("a", "=b=c")]));
}

#[test]
fn plus_before_percent_decoding() {
    assert_eq!(pairs("a+b=c+d"), owned(&[("a b", "c d")]));
    assert_eq!(pairs("%2B=%2b"), owned(&[("+", "+")]));
    assert_eq!(pairs("%+1=%2+"), owned(&[("% 1", "%2 ")]));
    assert_eq!(pairs("%%41%4"), owned(&[("%A%4", "")]));
}

#[test]
fn utf8_decoding() {
    assert_eq!(pairs("%FF=%C3%A9%C3"), owned(&[("\u{FFFD}", "\u{E9}\u{FFFD}")]));
    assert_eq!(parse(b"\xFF=\xC3\xA9"), owned(&[("\u{FFFD}", "\u{E9}")]));
    assert_eq!(parse(b"+\xFF="), owned(&[(" \u{FFFD}", "")]));
}

#[test]
fn borrows_when_possible() {
    let all: Vec<_> = parse_iter(b"a=b&%zz=%&c=\xE2\x80\xA0").collect();
    assert!(
        all.iter().all(|(n, v)| matches!(n, Cow::Borrowed(_)) && matches!(v, Cow::Borrowed(_)))
    );
    assert_eq!(all[1], (Cow::Borrowed("%zz"), Cow::Borrowed("%")));
    let (name, value) = parse_iter(b"a+=%41").next().unwrap();
    assert!(matches!(name, Cow::Owned(ref s) if s == "a "));
    assert!(matches!(value, Cow::Owned(ref s) if s == "A"));
    let (name, _) = parse_iter(b"\xFF").next().unwrap();
    assert_eq!(name, "\u{FFFD}");
}

#[test]
fn percent_encoded_utf8_edge_cases() {
    // Whole characters take the fast path; anything else must match a lossy decode of the
    // decoded bytes (the general path).
    let cases: [(&str, &[u8]); 12] = [
        ("%C3%A9", b"\xC3\xA9"),
        ("%E6%97%A5x", b"\xE6\x97\xA5x"),
        ("%F0%9F%98%80", b"\xF0\x9F\x98\x80"),
        ("%F4%8F%BF%BF", b"\xF4\x8F\xBF\xBF"),
        ("%C0%80", b"\xC0\x80"),
        ("%C1%BF", b"\xC1\xBF"),
        ("%E0%9F%BF", b"\xE0\x9F\xBF"),
        ("%ED%A0%80", b"\xED\xA0\x80"),
        ("%F0%8F%BF%BF", b"\xF0\x8F\xBF\xBF"),
        ("%F4%90%80%80+", b"\xF4\x90\x80\x80 "),
        ("%E2%82%41%E2%82", b"\xE2\x82A\xE2\x82"),
        ("a%C3%C3%A9+%C3%zz%A9", b"a\xC3\xC3\xA9 \xC3%zz\xA9"),
    ];
    for (input, decoded) in cases {
        let expected = String::from_utf8_lossy(decoded).into_owned();
        assert_eq!(pairs(input), vec![(expected.clone(), String::new())], "{input}");
        let value = parse_iter(format!("=x{input}").as_bytes())
            .map(|(_, v)| v.into_owned())
            .collect::<Vec<_>>();
        assert_eq!(value, [format!("x{expected}")], "{input}");
    }
    // Raw non-ASCII text around escapes, and a name past invalid input bytes.
    assert_eq!(pairs("\u{E9}+%C3%A9=\u{65E5}%2B"), owned(&[("\u{E9} \u{E9}", "\u{65E5}+")]));
    assert_eq!(parse(b"\xFF&a+b=%41\xC3"), owned(&[("\u{FFFD}", ""), ("a b", "A\u{FFFD}")]));
}

#[test]
fn size_hint_bounds_the_pairs() {
    for input in ["", "a", "&", "a&b", "&&a&", "a=b&c=d&e", "&=&=&", "a&&&b&&", "=&&="] {
        let it = parse_iter(input.as_bytes());
        let (low, high) = it.size_hint();
        let count = it.count();
        assert!(low <= count && high.is_some_and(|h| count <= h), "{input:?}");
        assert_eq!(count, pair_count(input.as_bytes()), "{input:?}");
    }
}

#[test]
fn percents_are_counted_exactly() {
    let inputs: [&[u8]; 6] = [
        b"",
        b"%",
        b"%%%%%%%%",
        b"a%b%c%d%e%f%g%h%i",
        b"\x25\xA5\x24\x26%%\xFF\x05%",
        &[b'%'; 100],
    ];
    for input in inputs {
        let naive = input.iter().filter(|&&b| b == b'%').count();
        assert_eq!(count_percents(input), naive, "{input:?}");
    }
    let all: Vec<u8> = (0..=255).collect();
    assert_eq!(count_percents(&all), 1);
}

#[test]
fn iterator_is_fused() {
    let mut it = parse_iter(b"a&");
    assert!(it.next().is_some());
    assert!(it.next().is_none());
    assert!(it.next().is_none());
}

/// Bytes from the four special ones, those that differ from them in the lowest bit only
/// (which the inexact word test of [`matches`] may flag after a match), and a few others,
/// non-ASCII included.
fn special_heavy_bytes(max: usize) -> impl proptest::strategy::Strategy<Value = Vec<u8>> {
    use proptest::prelude::*;
    let alphabet = b"&=+%'<*$a0 \x00\x7F\xC3\xA9".to_vec();
    prop::collection::vec(prop::sample::select(alphabet), 0..max)
}

proptest::proptest! {
    /// `Specials` hands out exactly the 0x26 (&), 0x3D (=), 0x2B (+) and 0x25 (%) bytes
    /// from where it starts, in order, then the length.
    #[test]
    fn specials_are_the_four_bytes_in_order(bytes in special_heavy_bytes(40), at in 0..44usize) {
        let expected: Vec<usize> = (at..bytes.len())
            .filter(|&i| matches!(bytes.get(i), Some(b'&' | b'=' | b'+' | b'%')))
            .collect();
        let mut specials = Specials::from(&bytes, at);
        let mut found = Vec::new();
        loop {
            let next = specials.next();
            if next >= bytes.len() {
                proptest::prop_assert_eq!(next, bytes.len());
                break;
            }
            found.push(next);
        }
        proptest::prop_assert_eq!(found, expected);
        proptest::prop_assert_eq!(specials.next(), bytes.len());
    }

    /// `parse_into` (split by `Specials`) gives the pairs of `Parse` (split by
    /// `scan_name` and `scan_value`).
    #[test]
    fn parse_into_splits_as_parse_iter(bytes in special_heavy_bytes(60)) {
        let ours: Vec<(String, String)> = parse(&bytes).into();
        let iterated: Vec<(String, String)> = parse_iter(&bytes).into_owned().collect();
        proptest::prop_assert_eq!(ours, iterated);
    }
}

/// The step-by-step decoder `decode_text_into` had before runs of percent-encoded bytes
/// were checked as UTF-8 in one piece: each encoded character decoded to a `char` alone.
fn decode_text_by_char(text: &str, first: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let (mut run, mut i, mut replaced) = (0, first, 0);
    while let Some(&byte) = bytes.get(i) {
        let (decoded, len) = match byte {
            b'+' => (' ', 1),
            b'%' => match escaped_byte(bytes, i) {
                Some(b) if b.is_ascii() => (char::from(b), 3),
                Some(lead) => escaped_char(bytes, i, lead)?,
                None => {
                    i += 1;
                    continue;
                }
            },
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(text.get(run..i)?);
        out.push(decoded);
        i += len;
        run = i;
        replaced += len;
    }
    out.push_str(text.get(run..)?);
    Some((out, replaced))
}

/// The character whose UTF-8 bytes are percent-encoded from `bytes[at]` on, `lead` being the
/// first of them (0x80 or above), and the number of input bytes it takes. `None` unless the
/// encoded bytes are exactly one valid UTF-8 sequence (not overlong, no surrogate).
#[inline]
fn escaped_char(bytes: &[u8], at: usize, lead: u8) -> Option<(char, usize)> {
    let (len, mut code_point, min) = match lead {
        0xC2..=0xDF => (2, u32::from(lead & 0x1F), 0x80),
        0xE0..=0xEF => (3, u32::from(lead & 0x0F), 0x800),
        0xF0..=0xF4 => (4, u32::from(lead & 0x07), 0x1_0000),
        _ => return None,
    };
    for k in 1..len {
        let next = at + 3 * k;
        if bytes.get(next) != Some(&b'%') {
            return None;
        }
        let continuation = escaped_byte(bytes, next)?;
        if continuation & 0xC0 != 0x80 {
            return None;
        }
        code_point = code_point << 6 | u32::from(continuation & 0x3F);
    }
    if code_point < min {
        return None;
    }
    // Rejects surrogates and code points above U+10FFFF.
    Some((char::from_u32(code_point)?, 3 * len))
}

/// Text dense in percent-encoded bytes: mostly whole characters of one to four bytes (so
/// that runs of more than 12 bytes cut characters), and single bytes of any kind, with `+`,
/// broken escapes and literal characters between them.
fn escaped_text() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::prelude::*;
    let encoded = |text: &str| text.bytes().map(|b| format!("%{b:02X}")).collect::<String>();
    let chars = vec!["&", "A", "\u{E9}", "\u{65E5}", "\u{1F600}", "\u{10FFFF}", "\u{7FF}"];
    let bytes = vec![0x26u8, 0xC3, 0xA9, 0xE6, 0x97, 0xF0, 0x9F, 0xBF, 0xED, 0xA0, 0xC0, 0xFF];
    let others = vec!["+", "a", "%", "%4", "%G1", "\u{E9}", "\u{65E5}", "\u{1F600}"];
    let piece = prop_oneof![
        6 => prop::sample::select(chars).prop_map(encoded),
        1 => prop::sample::select(bytes).prop_map(|b| format!("%{b:02X}")),
        1 => prop::sample::select(others).prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..30).prop_map(|pieces| pieces.concat())
}

proptest::proptest! {
    /// `decode_text_into` (runs of percent-encoded bytes checked as UTF-8 at once, 12
    /// bytes at a time) decodes as the step-by-step decoder, and refuses the same texts.
    #[test]
    fn escaped_runs_decode_as_char_by_char(text in escaped_text()) {
        let first = text.find(['+', '%']).unwrap_or(text.len());
        let mut out = String::new();
        let ours = decode_text_into(&mut out, &text, first);
        let theirs = decode_text_by_char(&text, first);
        match theirs {
            Some((expected, replaced)) => {
                proptest::prop_assert_eq!(ours, Some(replaced));
                proptest::prop_assert_eq!(out, expected);
            }
            None => proptest::prop_assert_eq!(ours, None),
        }
    }
}

/// [`decode_short`] as the step-by-step decoder, or `None` where it refuses (and then
/// `push_decoding`'s replacement path gives the lossy decoding), for `text`.
fn check_decode_short(text: &str) {
    let mut buf = [0xFFu8; SHORT_DECODE];
    let ours = decode_short(text, &mut buf).map(str::to_owned);
    let first = text.find(['+', '%']).unwrap_or(text.len());
    let theirs = decode_text_by_char(text, first).map(|(decoded, _)| decoded);
    assert_eq!(ours, theirs, "{text:?}");
}

proptest::proptest! {
    /// The stack decoder agrees with the step-by-step one on escapes of every kind, whole,
    /// cut and invalid, between literal text, at every length it takes.
    #[test]
    fn short_decode_agrees_with_char_by_char(text in escaped_text()) {
        if text.len() <= SHORT_DECODE {
            check_decode_short(&text);
        }
    }
}

/// Every position of a `+`, a `%` and an escape against the word boundaries: each token at
/// each offset 0 to 20 of plain text, before text of 0 to 20 bytes (so that it lands in a
/// word copy or among the last seven bytes), with non-ASCII literal text around it too; and
/// inputs of 126 to [`SHORT_DECODE`] bytes (a longer one is refused).
#[test]
fn short_decode_at_every_offset() {
    for token in ["+", "%", "%4", "%41", "%C3%A9", "%C3", "%E6%97%A5", "%FF", "%zz", "%C3+", "é"] {
        for before in 0..=20 {
            for after in 0..=20 {
                for filler in ["a", "é"] {
                    let text = format!(
                        "{}{token}{}",
                        "abcdefghijklmnopqrstu".get(..before).unwrap_or_default(),
                        filler.repeat(after)
                    );
                    if text.len() <= SHORT_DECODE {
                        check_decode_short(&text);
                    }
                }
            }
        }
    }
    check_decode_short(&"a+%41".repeat(SHORT_DECODE / 5 + 1)[..SHORT_DECODE]);
    check_decode_short(&"%C3%A9".repeat(SHORT_DECODE / 6 + 1)[..SHORT_DECODE - 2]);
    let tail = "%41\u{65E5}+%42y";
    for len in SHORT_DECODE - tail.len() - 2..=SHORT_DECODE - tail.len() + 2 {
        let text = format!("{}{tail}", "x".repeat(len));
        if text.len() <= SHORT_DECODE {
            check_decode_short(&text);
        } else {
            assert_eq!(decode_short(&text, &mut [0; SHORT_DECODE]), None, "{text:?}");
        }
    }
}

/// `is_utf8` answers as `core::str::from_utf8` on every sequence of one or two bytes, every
/// three-byte one that starts with C0-FF (one that starts lower is refused or ASCII at once),
/// and four-byte ones of every first and second byte with the last two around the limits of
/// the ranges; also after an ASCII byte and after a whole character.
#[test]
fn is_utf8_agrees_with_the_standard_library() {
    let check = |bytes: &[u8]| {
        assert_eq!(is_utf8(bytes), core::str::from_utf8(bytes).is_ok(), "{bytes:02X?}");
    };
    let limits = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
            if a < 0xC0 {
                continue;
            }
            for c in 0..=255u8 {
                check(&[a, b, c]);
            }
            for (c, d) in limits.iter().flat_map(|&c| limits.iter().map(move |&d| (c, d))) {
                check(&[a, b, c, d]);
                check(&[b'a', a, b, c, d]);
                check(&[0xC3, 0xA9, a, b, c, d]);
            }
        }
    }
}
