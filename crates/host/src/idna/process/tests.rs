//! Tests of UTS #46 processing: the full path's steps and flags, and the fast paths against
//! the full path (conformance data, generated scripts, compositions, properties).

use super::*;

fn strict() -> Config {
    Config::new().check_hyphens(true).use_std3_ascii_rules(true).verify_dns_length(true)
}

#[test]
fn fast_path_borrows_lower_case() {
    assert!(matches!(to_ascii("example.com", Config::new()), Ok(Cow::Borrowed("example.com"))));
    assert!(matches!(to_ascii("a_b.c", Config::new()), Ok(Cow::Borrowed(_))));
    match to_ascii("ExAmple.COM", Config::new()) {
        Ok(Cow::Owned(s)) => assert_eq!(s, "example.com"),
        other => panic!("{other:?}"),
    }
    assert_eq!(ascii_fast_path("a.xn--b", Config::new()), None);
    assert_eq!(ascii_fast_path("a.XN--b", Config::new()), None);
    assert_eq!(ascii_fast_path("a.é", Config::new()), None);
    assert_eq!(ascii_fast_path("A.xn-b", Config::new()), Some((true, Errors::new())));
}

#[test]
fn fast_path_agrees_with_the_full_path() {
    let configs = [Config::new(), strict(), strict().transitional_processing(true)];
    let domains =
        ["", ".", "a.", "-a", "ab--c", "a_b", "A B", "a..b", "x\u{7f}y", "EXAMPLE.ORG", "a-"];
    for config in configs {
        for domain in domains {
            let (fast, fast_errors) = to_unicode(domain, config);
            let (full, full_errors) =
                process(domain, config, &mut Scratch::default(), Output::Unicode);
            assert_eq!(fast, full, "{domain:?}");
            let fast_errors = fast_errors.err().unwrap_or_default().without(ErrorCode::X4_2);
            assert_eq!(fast_errors, full_errors, "{domain:?} {config:?}");
        }
    }
}

proptest::proptest! {
    #[test]
    fn fast_path_matches_the_full_path(domain in "([a-zA-Z0-9_ -]|xn--|XN-|\\.){0,12}") {
        for config in [Config::new(), strict(), strict().transitional_processing(true)] {
            if let Some((uppercase, errors)) = ascii_fast_path(&domain, config) {
                let (full, full_errors) =
                    process(&domain, config, &mut Scratch::default(), Output::Unicode);
                proptest::prop_assert_eq!(&full, &domain.to_ascii_lowercase());
                proptest::prop_assert_eq!(uppercase, full != domain);
                proptest::prop_assert_eq!(errors, full_errors);
            }
        }
    }
}

/// Checks that the non-ASCII fast paths, whenever they answer, give the full path's answer
/// with no error (ToUnicode answering exactly when ToASCII does, unless ToASCII's own steps
/// fail); returns whether the ToASCII one answered.
fn fast_answer_is_the_full_answer(domain: &str, config: Config) -> bool {
    let unicode = fast::to_unicode(domain, config);
    if let Some((unicode, fast_errors)) = &unicode {
        let (full, errors) = process(domain, config, &mut Scratch::default(), Output::Unicode);
        assert_eq!(*fast_errors, errors, "{domain:?} {config:?}");
        assert_eq!(*unicode, full, "{domain:?} {config:?}");
    }
    let answer = fast::to_ascii(domain, config);
    if !config.verify_dns_length {
        assert_eq!(unicode.is_some(), answer.is_some(), "{domain:?} {config:?}");
    }
    let Some(answer) = answer else { return false };
    let (fast, ldh) = match answer {
        Ok(answer) => answer,
        Err(fast_errors) => {
            // Only the Bidi rule and criterion 7 (a disallowed code point) fail here, and
            // exactly as in the full path.
            let (_, result) = to_ascii_full(domain, config, false);
            assert_eq!(result, Err(fast_errors), "{domain:?} {config:?}");
            assert!(!fast_errors.is_empty());
            return false;
        }
    };
    let (full, result) = to_ascii_full(domain, config, false);
    assert_eq!(result, Ok(()), "{domain:?} {config:?}");
    assert_eq!(fast, full, "{domain:?} {config:?}");
    if ldh {
        let ldh_byte = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-.".contains(&b);
        assert!(fast.bytes().all(ldh_byte), "{domain:?}: {fast:?}");
    }
    true
}

#[test]
fn non_ascii_fast_path_agrees_with_the_full_path_on_the_conformance_data() {
    let text = weburl_test_support::load_text("unicode/17.0.0/IdnaTestV2.txt");
    let configs = [Config::new(), strict(), Config::new().check_bidi(false)];
    let (mut answered, mut ace_answered) = (0, 0);
    for line in text.lines() {
        let data = line.split('#').next().unwrap_or("");
        let Some(source) = data.split(';').next().map(str::trim).filter(|s| !s.is_empty()) else {
            continue;
        };
        let source = weburl_test_support::unescape_idna_test_field(source);
        for config in configs {
            // Also with the labels upper-cased and joined by an ideographic full stop, and
            // joined by a halfwidth one.
            let ideographic = source.to_uppercase().replace('.', "\u{3002}");
            for domain in [source.clone(), ideographic, source.replace('.', "\u{FF61}")] {
                let ok = fast_answer_is_the_full_answer(&domain, config);
                answered += usize::from(ok);
                ace_answered += usize::from(ok && domain.to_lowercase().contains("xn--"));
            }
        }
    }
    // The fast path must answer for a good share of the data to be tested at all, its
    // `xn--` label decoding included.
    assert!(answered > 2000, "{answered}");
    assert!(ace_answered > 200, "{ace_answered}");
}

/// The lazy ToASCII of `to_ascii`, which encodes only when processing records no failure,
/// records the same failures, and gives the same string, as `to_ascii_with_errors`.
#[test]
fn lazy_to_ascii_records_every_failure() {
    let text = weburl_test_support::load_text("unicode/17.0.0/IdnaTestV2.txt");
    let configs = [
        Config::new(),
        strict(),
        Config::new().check_bidi(false),
        strict().verify_dns_length(false),
    ];
    let mut failed = 0;
    let long = "\u{E9}".repeat(punycode::MAX_LABEL_LEN + 1);
    let extra = [alloc::format!("a\u{200C}.{long}"), alloc::format!("\u{5D0}.1.{long}")];
    let sources = text.lines().filter_map(|line| {
        let source = line.split('#').next()?.split(';').next()?.trim();
        (!source.is_empty()).then(|| weburl_test_support::unescape_idna_test_field(source))
    });
    for domain in sources.chain(extra) {
        for config in configs {
            let lazy = to_ascii(&domain, config);
            let (ascii, full) = to_ascii_with_errors(&domain, config);
            assert_eq!(lazy.as_ref().err(), full.as_ref().err(), "{domain:?} {config:?}");
            if full.is_ok() {
                assert_eq!(lazy.as_deref(), Ok(&*ascii));
            }
            failed += usize::from(full.is_err());
        }
    }
    assert!(failed > 10_000, "{failed}");
    let (_, full) = to_ascii_with_errors(&alloc::format!("a\u{200C}.{long}"), Config::new());
    assert!(full.unwrap_err().contains(ErrorCode::A3));
}

#[test]
fn non_ascii_fast_path_examples() {
    let c = Config::new();
    let rtl = alloc::format!("xn--{}.ü", punycode::encode("\u{5D0}").unwrap());
    let hindi = alloc::format!("xn--{}.com", punycode::encode("हिन्दी").unwrap());
    // Past the smaller buffers (96 bytes): the larger ones take it, mapped or decoded.
    let long_unicode =
        ["日本語テスト中文", "Παράδειγμα", "한국어도메인", "ไทยทดสอบ", "ελλάδα"].join(".");
    let long_ace = to_ascii(&long_unicode, c).unwrap().into_owned();
    assert!(long_ace.len() > 96, "{long_ace}");
    let long_mapped = long_unicode.to_uppercase().repeat(3).replace("ไทยทดสอบ", "ไทย.");
    for domain in [
        // A combining code point (NFC_Quick_Check=Yes) after one of class 0, mapped or
        // decoded.
        "हिन्दी.com",
        "हिन्दी.COM",
        hindi.as_str(),
        "\u{E44}\u{E17}\u{E22}\u{E48}.th",
        "bücher.de",
        "ÉCOLE.fr",
        "faß.de",
        // NFC_Quick_Check=Maybe code points that compose with nothing before them: U+0307
        // after `i` (the mapping of U+0130), a trailing jamo after an LVT syllable.
        "İstanbul.tr",
        "i\u{307}.ü",
        "\u{AC01}\u{11A8}.kr",
        "日本語。ＪＰ",
        "\u{627}\u{644}1.com",
        "a\u{AD}b.ü",
        "xn--bcher-kva.ü",
        "WWW.テスト-login.XN--P1AI",
        "XN--BCHER-KVA.de",
        // Decoded right-to-left labels take part in the Bidi rule; decoded deviations are
        // valid.
        rtl.as_str(),
        "xn--bcher-kva.\u{5D0}",
        "xn--fa-hia.de",
        "xn--4db.xn--5dbc",
        long_ace.as_str(),
        long_mapped.as_str(),
        // Pairs that normalize to one code point, composed by the fast paths.
        "e\u{301}.ü",
        "\u{AC00}\u{11A8}.kr",
        "\u{304B}\u{3099}.jp",
    ] {
        assert!(fast_answer_is_the_full_answer(domain, c), "{domain:?}");
        assert!(fast::to_unicode(domain, c).is_some(), "{domain:?}");
    }
    // Each of these needs the full path: an `xn--` label that decodes to ASCII only, to
    // nothing, to a non-NFC label, to a mapped code point or a joiner, or that is not
    // Punycode; a joiner, a leading mark, a not-NFC code point (a disallowed one among
    // them, which the normalization gives a combining class), a pair that normalizes to
    // more than one code point, a transitional deviation.
    let mapped = alloc::format!("xn--{}.ü", punycode::encode("\u{DC}").unwrap());
    let rtl_then_digit = alloc::format!("xn--{}.1a", punycode::encode("\u{5D0}").unwrap());
    let joiner = alloc::format!("xn--{}.ü", punycode::encode("a\u{200C}b").unwrap());
    for domain in [
        "xn--ascii-.ü",
        "xn--.ü",
        "xn--u-ccb.ü",
        mapped.as_str(),
        joiner.as_str(),
        "xn--a-ä.ü",
        "xn--99999999999.ü",
        "a\u{200C}b.ü",
        "\u{300}a.ü",
        // U+032D after `ê` composes with the `e` of its decomposition.
        "\u{EA}\u{32D}.ü",
        "\u{5EB}\u{5C9}\u{5B0}.ü",
        // Two adjacent combining code points: the full path checks their order.
        "\u{5E9}\u{5B8}\u{5C1}.ü",
        "\u{915}\u{94D}\u{94D}.ü",
    ] {
        assert_eq!(fast::to_ascii(domain, c), None, "{domain:?}");
        assert_eq!(fast::to_unicode(domain, c), None, "{domain:?}");
    }
    assert_eq!(fast::to_ascii("faß.de", c.transitional_processing(true)), None);
    assert_eq!(fast::to_ascii("a_b.ü", strict()), None);
    assert_eq!(fast::to_ascii("a_b.ü", c), Some(Ok(("a_b.xn--tda".into(), false))));
    // A failed Bidi rule, or a disallowed code point kept by the mapping, is answered with
    // its failures, as the full path records them.
    for domain in [
        "\u{80}.ü",
        "a\u{3A2}b.\u{5D0}",
        "1\u{5D0}.ü",
        rtl_then_digit.as_str(),
        "\u{5D0}a.b",
        "a.\u{627}1\u{660}",
        "xn--4db.a\u{5D0}",
    ] {
        assert!(matches!(fast::to_ascii(domain, c), Some(Err(_))), "{domain:?}");
        assert!(!fast_answer_is_the_full_answer(domain, c));
        let (unicode, result) = to_unicode(domain, c);
        let (full, errors) = process(domain, c, &mut Scratch::default(), Output::Unicode);
        assert_eq!((unicode, result), (full.into_owned(), Err(errors)));
    }
}

/// Seeded domains of one to five labels over many scripts (right-to-left ones with their
/// marks and digits, combining marks, case, digits, hyphens, ASCII punctuation, joiners, the
/// four dots): the fast paths answer as the full path, Bidi failures included.
#[test]
fn non_ascii_fast_path_matches_the_full_path_on_generated_scripts() {
    const RANGES: &[(u32, u32)] = &[
        (0x61, 0x7A),
        (0x41, 0x5A),
        (0x21, 0x2F),
        (0xC0, 0x17F),
        (0x300, 0x36F),
        (0x370, 0x3FF),
        (0x400, 0x45F),
        (0x531, 0x58A),
        (0x591, 0x5F4),
        (0x600, 0x6FF),
        (0x710, 0x74F),
        (0x780, 0x7B1),
        (0x7C0, 0x7FF),
        (0x900, 0x97F),
        (0xE01, 0xE5B),
        (0x10A0, 0x10FF),
        (0x1100, 0x11FF),
        (0x200B, 0x200F),
        (0x3041, 0x30FF),
        (0x4E00, 0x4E40),
        (0xAC00, 0xAC40),
        (0xFB1D, 0xFB4F),
        (0xFF01, 0xFF9F),
        (0x1F600, 0x1F64F),
    ];
    const DOTS: [char; 6] = ['.', '.', '.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];
    let mut seed: u64 = 0x5eed_1d4a;
    let mut below = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let configs = [Config::new(), strict(), Config::new().check_hyphens(true)];
    let (mut answered, mut bidi_failed) = (0, 0);
    for _ in 0..12_000 {
        let mut domain = alloc::string::String::new();
        for label in 0..1 + below(5) {
            if label > 0 {
                domain.push(DOTS[below(DOTS.len())]);
            }
            let scripts = [RANGES[below(RANGES.len())], RANGES[below(RANGES.len())]];
            let len = below(12);
            for k in 0..len {
                let (lo, hi) = scripts[below(3) % 2];
                match below(10) {
                    0 if k > 0 => domain.push('-'),
                    1 => domain.push(char::from(b'0' + below(10) as u8)),
                    _ => domain.extend(char::from_u32(lo + below((hi - lo + 1) as usize) as u32)),
                }
            }
        }
        for config in configs {
            answered += usize::from(fast_answer_is_the_full_answer(&domain, config));
            bidi_failed += usize::from(matches!(fast::to_ascii(&domain, config), Some(Err(_))));
        }
    }
    assert!(answered > 5000, "{answered}");
    assert!(bidi_failed > 2500, "{bidi_failed}");
}

/// Domains of every length around the fast path's buffer sizes (40, 96 and 255 code points,
/// chosen by the input's length in bytes), of one-byte, two-byte and expanding code points
/// (U+337F maps to four), with many labels: the fast path answers as the full path, and
/// answers whenever the mapped domain fits its buffers.
#[test]
fn fast_path_buffers_hold_every_length() {
    let config = Config::new();
    let mut answered = 0;
    for len in 1..=130 {
        for (piece, points) in [("a", 1), ("é", 1), ("\u{337F}", 4), ("b.", 2), ("Ж", 1)] {
            let body: alloc::string::String = piece.repeat(len);
            let domain = alloc::format!("ü{body}");
            // The buffers hold as many code points as the input has bytes (at most 255),
            // rounded up to 40 or 96: an expanding domain can overflow them and take the
            // full path.
            let room = match domain.len() {
                0..=40 => 40,
                41..=96 => 96,
                _ => 255,
            };
            // `ü` is one more code point.
            let fits = len * points < room && domain.matches('.').count() < 24;
            let fast = fast_answer_is_the_full_answer(&domain, config);
            assert_eq!(fast, fits, "{domain:?}");
            answered += usize::from(fast);
        }
    }
    assert!(answered > 400, "{answered}");
}

/// Starters followed by combining marks and jamo that compose with them (or not, or only
/// after reordering): the fast paths write the composed code point where the pair
/// normalizes to one, and answer as the full path whenever they answer.
#[test]
fn fast_path_composes_as_the_full_path_normalizes() {
    use unicode_normalization::char::canonical_combining_class;
    use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};
    let c = Config::new();
    // The one-code-point compositions the fast paths now take.
    for (domain, unicode) in [
        ("cafe\u{301}.com", "caf\u{E9}.com"),
        ("CAFE\u{301}.com", "caf\u{E9}.com"),
        ("a\u{308}\u{304}.de", "\u{1DF}.de"),
        ("\u{1100}\u{1161}\u{11A8}.kr", "\u{AC01}.kr"),
    ] {
        assert!(fast_answer_is_the_full_answer(domain, c), "{domain:?}");
        assert_eq!(fast::to_unicode(domain, c).map(|(u, _)| u), Some(unicode.into()));
    }
    assert!(
        matches!(fast::to_ascii("cafe\u{301}.com", c), Some(Ok((a, _))) if a == "xn--caf-dma.com")
    );
    // pair_nfc against normalizing the pair, for every code point that may compose with
    // one before it, after starters with and without decompositions: the bases below,
    // Latin to U+024F, the first and last Hangul syllables, and every starter of the 128-code-point blocks those code points
    // are in (where the starters they compose with are).
    let maybes: alloc::vec::Vec<char> = (0..=0x10FFFF_u32)
        .filter_map(char::from_u32)
        .filter(|c| is_nfc_quick(core::iter::once(*c)) == IsNormalized::Maybe)
        .collect();
    let mut blocks: alloc::vec::Vec<u32> = maybes.iter().map(|&m| u32::from(m) >> 7).collect();
    blocks.dedup();
    let nearby = blocks.iter().flat_map(|b| (b << 7..(b + 1) << 7).filter_map(char::from_u32));
    let starters: alloc::vec::Vec<char> = BASES
        .iter()
        .copied()
        .chain('\u{20}'..'\u{250}')
        .chain('\u{AC00}'..'\u{AC80}')
        .chain('\u{D780}'..='\u{D7A3}')
        .chain(nearby)
        .filter(|b| canonical_combining_class(*b) == 0)
        .collect();
    let mut composites = 0;
    for &maybe in &maybes {
        for &before in &starters {
            let whole: alloc::vec::Vec<char> = [before, maybe].into_iter().nfc().collect();
            let expected = match whole[..] {
                [one] => Some(Some(one)),
                [a, b] if (a, b) == (before, maybe) => Some(None),
                _ => None,
            };
            let got = fast::pair_nfc(before, maybe);
            if got.is_some() {
                let (b, m) = (u32::from(before), u32::from(maybe));
                assert_eq!(got, expected, "U+{b:04X} U+{m:04X}");
            }
            composites += usize::from(matches!(expected, Some(Some(_))));
        }
    }
    assert!(composites > 300, "{composites}");
    const BASES: &[char] = &[
        'a', 'e', 'o', 'u', 'A', 'E', 'n', 'z', 'é', 'ê', 'ä', 'ạ', 'ω', 'Ω', 'α', 'и', 'И', 'е',
        '\u{1100}', '\u{AC00}', '\u{AC01}', '\u{915}', '\u{928}', '\u{9C7}', '\u{B47}', '\u{BC6}',
        '\u{D46}', '\u{1025}', '\u{304B}', '\u{30CF}', '\u{5D0}', '\u{627}', '1', '-', 'ß', 'ﬀ',
        'Ｅ', 'ǟ', 'ệ', '\u{3B9}', '\u{1F00}',
    ];
    const FOLLOWERS: &[char] = &[
        '\u{300}', '\u{301}', '\u{302}', '\u{303}', '\u{304}', '\u{306}', '\u{307}', '\u{308}',
        '\u{30A}', '\u{30C}', '\u{313}', '\u{316}', '\u{323}', '\u{327}', '\u{328}', '\u{331}',
        '\u{338}', '\u{342}', '\u{345}', '\u{1161}', '\u{1175}', '\u{11A8}', '\u{93C}', '\u{9BE}',
        '\u{9D7}', '\u{B3E}', '\u{B56}', '\u{BBE}', '\u{D3E}', '\u{102E}', '\u{3099}', '\u{309A}',
        '\u{653}', '\u{654}', '\u{5B4}', 'b', '.',
    ];
    let mut seed: u64 = 0xC0DE_5EED;
    let mut below = |n: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    };
    let (mut answered, mut composed) = (0, 0);
    for _ in 0..20_000 {
        let mut domain = alloc::string::String::new();
        for _ in 0..1 + below(4) {
            domain.push(BASES[below(BASES.len())]);
            for _ in 0..below(4) {
                domain.push(FOLLOWERS[below(FOLLOWERS.len())]);
            }
        }
        domain.push_str(".com");
        for config in [c, strict(), c.check_bidi(false)] {
            let ok = fast_answer_is_the_full_answer(&domain, config);
            answered += usize::from(ok);
            let changed = matches!(fast::to_unicode(&domain, config),
                Some((ref u, _)) if *u != domain.to_lowercase());
            composed += usize::from(ok && changed);
        }
    }
    assert!(answered > 15_000, "{answered}");
    assert!(composed > 5_000, "{composed}");
}

proptest::proptest! {
    #[test]
    fn non_ascii_fast_path_matches_the_full_path(
        domain in "([a-zA-Z0-9_ -]|\\.|。|xn--|ü|Ü|ß|ẞ|σ|Σ|ς|é|e\u{301}|\u{300}|\u{5D0}|\u{627}|\u{660}|中|文|ﬀ|Ⅻ|\u{AD}|\u{200C}|\u{200D}|\u{94D}|😀|\u{E000}|\u{80}|⑴|Ｘ){0,14}",
    ) {
        let configs = [Config::new(), strict(), Config::new().check_hyphens(true)];
        for config in configs {
            fast_answer_is_the_full_answer(&domain, config);
        }
    }
}

#[test]
fn flags() {
    let c = Config::new();
    // CheckHyphens.
    assert!(to_ascii("ab--c", c).is_ok());
    assert_eq!(to_ascii("ab--c", c.check_hyphens(true)), Err(ErrorCode::V2.into()));
    assert_eq!(to_ascii("-a.b-", c.check_hyphens(true)), Err(ErrorCode::V3.into()));
    // UseSTD3ASCIIRules, also after mapping: U+2474 maps to "(1)".
    assert!(to_ascii("\u{2474}", c).is_ok());
    assert_eq!(to_ascii("\u{2474}", c.use_std3_ascii_rules(true)), Err(ErrorCode::U1.into()));
    // CheckJoiners.
    assert_eq!(to_ascii("a\u{200D}b", c), Err(ErrorCode::C2.into()));
    assert_eq!(to_ascii("a\u{200D}b", c.check_joiners(false)).unwrap(), "xn--ab-m1t");
    // CheckBidi.
    assert_eq!(to_ascii("0a.\u{5D0}", c), Err(ErrorCode::B1.into()));
    assert!(to_ascii("0a.\u{5D0}", c.check_bidi(false)).is_ok());
    // Transitional_Processing.
    assert_eq!(to_ascii("FAẞ.de", c).unwrap(), "xn--fa-hia.de");
    assert_eq!(to_ascii("FAẞ.de", c.transitional_processing(true)).unwrap(), "fass.de");
    assert_eq!(to_ascii("a\u{200C}b", c.transitional_processing(true)).unwrap(), "ab");
    // VerifyDnsLength.
    let label = "a".repeat(64);
    assert!(to_ascii(&label, c).is_ok());
    assert_eq!(to_ascii(&label, c.verify_dns_length(true)), Err(ErrorCode::A4_2.into()));
    assert_eq!(to_ascii("a.", c.verify_dns_length(true)), Err(ErrorCode::A4_2.into()));
    let domain = ["a"; 127].join(".");
    assert!(to_ascii(&domain, c.verify_dns_length(true)).is_ok());
    let domain = ["a"; 128].join(".");
    assert_eq!(to_ascii(&domain, c.verify_dns_length(true)), Err(ErrorCode::A4_1.into()));
    // IgnoreInvalidPunycode.
    assert_eq!(to_ascii("xn--0.pt", c), Err(ErrorCode::P4.into()));
    assert_eq!(to_ascii("xn--0.pt", c.ignore_invalid_punycode(true)).unwrap(), "xn--0.pt");
    assert_eq!(to_ascii("xn--a-ä", c.ignore_invalid_punycode(true)), Err(ErrorCode::P4.into()));
}

#[test]
fn punycode_labels() {
    let c = Config::new();
    assert_eq!(to_unicode("XN--BCHER-KVA.de", c), ("bücher.de".into(), Ok(())));
    assert_eq!(to_ascii("xn--bcher-kva.de", c).unwrap(), "xn--bcher-kva.de");
    // Decodes to ASCII only, to nothing, or to a non-NFC label.
    assert_eq!(to_unicode("xn--ascii-", c), ("ascii".into(), Err(ErrorCode::P4.into())));
    assert_eq!(to_unicode("xn--", c), (String::new(), Err(ErrorCode::P4.into())));
    assert_eq!(to_unicode("xn--u-ccb", c).1, Err(ErrorCode::V1.into()));
    // A decoded label holding a mapped code point is not valid.
    let upper = alloc::format!("xn--{}", punycode::encode("\u{DC}").unwrap());
    assert_eq!(to_unicode(&upper, c), ("\u{DC}".into(), Err(ErrorCode::V7.into())));
}

#[test]
fn no_panic_on_odd_input() {
    for domain in ["\u{10FFFF}", "\u{FFFD}.\u{0}", "xn--99999999999", "。。", "\u{1E9E}\u{200D}"]
    {
        let _ = to_ascii(domain, strict());
        let _ = to_unicode(domain, strict().transitional_processing(true));
    }
}
