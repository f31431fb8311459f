//! The host parser end to end: the spec's examples (section 3), every validation error with its
//! offset, the output contract of `parse_host_into`, and round-trip properties.

use std::net::{Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use weburl_host::{Host, HostKind, ValidationErrorKind as K, parse_host_into};

/// Parses with a sink; returns the serialized host (or the failure's kind) and the errors.
fn parse(input: &str, is_opaque: bool) -> (Result<String, K>, Vec<(K, usize)>) {
    let mut errors = Vec::new();
    let mut out = String::new();
    let mut sink = |kind: K, at: usize| errors.push((kind, at));
    let result = parse_host_into(input, is_opaque, &mut out, Some(&mut sink));
    (result.map(|_| out).map_err(|e| e.kind()), errors)
}

#[test]
fn spec_round_trip_table() {
    // URL Standard section 3: input, output with isOpaque false, output with isOpaque true.
    type Expected = Option<(&'static str, HostKind)>;
    let table: [(&str, Expected, Expected); 13] = [
        (
            "EXAMPLE.COM",
            Some(("example.com", HostKind::Domain)),
            Some(("EXAMPLE.COM", HostKind::Opaque)),
        ),
        (
            "example%2Ecom",
            Some(("example.com", HostKind::Domain)),
            Some(("example%2Ecom", HostKind::Opaque)),
        ),
        ("0", Some(("0.0.0.0", HostKind::Ipv4)), Some(("0", HostKind::Opaque))),
        ("%30", Some(("0.0.0.0", HostKind::Ipv4)), Some(("%30", HostKind::Opaque))),
        ("0x", Some(("0.0.0.0", HostKind::Ipv4)), Some(("0x", HostKind::Opaque))),
        (
            "0xffffffff",
            Some(("255.255.255.255", HostKind::Ipv4)),
            Some(("0xffffffff", HostKind::Opaque)),
        ),
        ("[0:0::1]", Some(("[::1]", HostKind::Ipv6)), Some(("[::1]", HostKind::Ipv6))),
        ("[0:0::1%5D", None, None),
        ("[0:0::%31]", None, None),
        ("09", None, Some(("09", HostKind::Opaque))),
        ("example.255", None, Some(("example.255", HostKind::Opaque))),
        ("example^example", None, None),
        ("", None, Some(("", HostKind::Empty))),
    ];
    for (input, special, opaque) in table {
        for (is_opaque, expected) in [(false, special), (true, opaque)] {
            let mut out = String::from("x");
            let got =
                parse_host_into(input, is_opaque, &mut out, None).ok().map(|kind| (out, kind));
            let expected = expected.map(|(s, kind)| (format!("x{s}"), kind));
            assert_eq!(got, expected, "{input:?} is_opaque={is_opaque}");
        }
    }
}

#[test]
fn spec_round_trip_table_idna_row() {
    assert_eq!(
        Host::parse("faß.example", false).map(|h| h.to_string()),
        Ok("xn--fa-hia.example".into())
    );
    assert_eq!(
        Host::parse("faß.example", true).map(|h| h.to_string()),
        Ok("fa%C3%9F.example".into())
    );
}

#[test]
fn failure_leaves_the_output_unchanged() {
    for input in ["[::1", "1.2.3.4.5", "a.09", "exa%23mple", "x.0x1g.1", "test.42", ""] {
        let mut out = String::from("https://");
        assert!(parse_host_into(input, false, &mut out, None).is_err(), "{input}");
        assert_eq!(out, "https://", "{input}");
    }
    let mut out = String::from("foo://");
    assert!(parse_host_into("a b", true, &mut out, None).is_err());
    assert_eq!(out, "foo://");
}

#[test]
fn validation_errors_of_the_spec_table() {
    // One example per error, from the table of section 1.1, with the offsets we report.
    assert_eq!(
        parse("exa%23mple.org", false),
        (Err(K::DomainToAscii), vec![(K::DomainPercentEncoded, 3), (K::DomainToAscii, 0)])
    );
    assert_eq!(
        parse("exam%70le.org", false),
        (Ok("example.org".into()), vec![(K::DomainPercentEncoded, 4)])
    );
    assert_eq!(
        parse("exa[mple.org", true),
        (Err(K::HostInvalidCodePoint), vec![(K::HostInvalidCodePoint, 3)])
    );
    // The strict ToASCII (VerifyDnsLength) rejects the empty root label too.
    assert_eq!(
        parse("127.0.0.1.", false),
        (Ok("127.0.0.1".into()), vec![(K::DomainToAscii, 0), (K::Ipv4EmptyPart, 9)])
    );
    assert_eq!(parse("1.2.3", false), (Ok("1.2.0.3".into()), vec![(K::Ipv4TooFewParts, 0)]));
    assert_eq!(
        parse("1.2.3.4.5", false),
        (Err(K::Ipv4TooManyParts), vec![(K::Ipv4TooManyParts, 0)])
    );
    assert_eq!(
        parse("test.42", false),
        (Err(K::Ipv4NonNumericPart), vec![(K::Ipv4TooFewParts, 0), (K::Ipv4NonNumericPart, 0)])
    );
    assert_eq!(
        parse("127.0.0x0.1", false),
        (Ok("127.0.0.1".into()), vec![(K::Ipv4NonDecimalPart, 6)])
    );
    assert_eq!(
        parse("255.255.4000.1", false),
        (Err(K::Ipv4OutOfRangePart), vec![(K::Ipv4OutOfRangePart, 0)])
    );
    assert_eq!(parse("[::1", false), (Err(K::Ipv6Unclosed), vec![(K::Ipv6Unclosed, 4)]));
    assert_eq!(
        parse("[:1]", false),
        (Err(K::Ipv6InvalidCompression), vec![(K::Ipv6InvalidCompression, 1)])
    );
    assert_eq!(
        parse("[1:2:3:4:5:6:7:8:9]", false),
        (Err(K::Ipv6TooManyPieces), vec![(K::Ipv6TooManyPieces, 17)])
    );
    assert_eq!(
        parse("[1::1::1]", false),
        (Err(K::Ipv6MultipleCompression), vec![(K::Ipv6MultipleCompression, 6)])
    );
    assert_eq!(
        parse("[1:2:3!:4]", false),
        (Err(K::Ipv6InvalidCodePoint), vec![(K::Ipv6InvalidCodePoint, 6)])
    );
    assert_eq!(
        parse("[1:2:3:]", false),
        (Err(K::Ipv6InvalidCodePoint), vec![(K::Ipv6InvalidCodePoint, 7)])
    );
    assert_eq!(parse("[1:2:3]", false), (Err(K::Ipv6TooFewPieces), vec![(K::Ipv6TooFewPieces, 6)]));
    assert_eq!(parse("[::01]", false), (Ok("[::1]".into()), vec![(K::Ipv6PieceLeadingZero, 3)]));
    assert_eq!(
        parse("[1:1:1:1:1:1:1:127.0.0.1]", false),
        (Err(K::Ipv4InIpv6TooManyPieces), vec![(K::Ipv4InIpv6TooManyPieces, 15)])
    );
    for input in [
        "[ffff::.0.0.1]",
        "[ffff::127.0.xyz.1]",
        "[ffff::127.0xyz]",
        "[ffff::127.00.0.1]",
        "[ffff::127.0.0.1.2]",
    ] {
        assert_eq!(parse(input, false).0, Err(K::Ipv4InIpv6InvalidCodePoint), "{input}");
    }
    assert_eq!(
        parse("[ffff::127.0.0.4000]", false),
        (Err(K::Ipv4InIpv6OutOfRangePart), vec![(K::Ipv4InIpv6OutOfRangePart, 17)])
    );
    assert_eq!(
        parse("[ffff::127.0.0]", false),
        (Err(K::Ipv4InIpv6TooFewParts), vec![(K::Ipv4InIpv6TooFewParts, 14)])
    );
    assert_eq!(
        parse("a\u{1}%zz", true),
        (Ok("a%01%zz".into()), vec![(K::InvalidUrlUnit, 1), (K::InvalidUrlUnit, 2)])
    );
    // IPv6 in an opaque host is parsed the same way.
    assert_eq!(parse("[::01]", true), (Ok("[::1]".into()), vec![(K::Ipv6PieceLeadingZero, 3)]));
}

#[test]
fn every_validation_error_is_reachable() {
    let inputs = [
        ("exa%23mple.org", false),
        ("exa[mple.org", true),
        ("a\u{1}%zz", true),
        ("1.2.3.4.", false),
        ("1.2.3.4.5", false),
        ("0x1.x.1", false),
        ("1.2.3.256", false),
        ("\u{FF11}.2.3.4", false),
        ("[::1", false),
        ("[:1]", false),
        ("[1:2:3:4:5:6:7:8:9]", false),
        ("[1::1::1]", false),
        ("[1:2:3:]", false),
        ("[1:2:3]", false),
        ("[::01]", false),
        ("[1:1:1:1:1:1:1:127.0.0.1]", false),
        ("[ffff::127.00.0.1]", false),
        ("[ffff::127.0.0.4000]", false),
        ("[ffff::127.0.0]", false),
    ];
    let mut seen: Vec<K> = inputs
        .iter()
        .flat_map(|&(input, is_opaque)| parse(input, is_opaque).1)
        .map(|(kind, _)| kind)
        .collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, K::ALL);
}

#[test]
fn ipv4_non_ascii_input() {
    // Fullwidth digits and the ideographic full stop map to ASCII through IDNA.
    assert_eq!(
        parse("\u{FF11}\u{FF12}\u{FF17}\u{3002}0.0.1", false),
        (Ok("127.0.0.1".into()), vec![(K::Ipv4NonAsciiInput, 0)])
    );
    // The example of the spec's table: circled digits map to ASCII digits.
    assert_eq!(
        parse("\u{2460}.\u{2461}.\u{2462}.\u{2463}", false),
        (Ok("1.2.3.4".into()), vec![(K::Ipv4NonAsciiInput, 0)])
    );
    // Non-ASCII input that does not end in a number stays a domain, with no such error.
    assert_eq!(parse("\u{2460}.example", false), (Ok("1.example".into()), vec![]));
}

#[test]
fn percent_decoded_offsets_point_at_the_start() {
    // After percent-decoding, offsets no longer map to the input: errors report 0.
    assert_eq!(
        parse("%31.2.3", false),
        (Ok("1.2.0.3".into()), vec![(K::DomainPercentEncoded, 0), (K::Ipv4TooFewParts, 0)])
    );
    assert_eq!(
        parse("%30x1.2.3.4.", false),
        (
            Ok("1.2.3.4".into()),
            vec![
                (K::DomainPercentEncoded, 0),
                (K::DomainToAscii, 0),
                (K::Ipv4EmptyPart, 0),
                (K::Ipv4NonDecimalPart, 0)
            ]
        )
    );
    // Invalid UTF-8 after decoding becomes U+FFFD, which IDNA rejects.
    assert_eq!(parse("a%FF", false).0, Err(K::DomainToAscii));
}

/// A failure carries the offset of the last validation error reported before it, the same
/// whether anyone listened or not: a percent-decoded domain's failure is at 0 after an
/// earlier report elsewhere, an IPv6 address's offsets count its `[`.
#[test]
fn failure_offsets_are_the_last_reported() {
    let cases: [(&str, bool, usize); 12] = [
        ("a%41 b", false, 0),
        ("%41.1.2.3.4", false, 0),
        ("[1::2::3]", false, 6),
        ("[::1", false, 4),
        ("[::1.2.3.]", true, 9),
        ("1.x.3.4", false, 2),
        ("0x1.x.3", false, 4),
        ("1.2.3.256", false, 0),
        ("a<b", true, 1),
        ("ab c", true, 2),
        ("a b", false, 0),
        ("", false, 0),
    ];
    for (input, is_opaque, offset) in cases {
        let Err(plain) = Host::parse(input, is_opaque) else { panic!("{input:?} parsed") };
        let mut heard = Vec::new();
        let listened = Host::parse_with_errors(input, is_opaque, &mut |_, at| heard.push(at));
        assert_eq!(listened, Err(plain), "{input:?}");
        assert_eq!(heard.last(), Some(&offset), "{input:?}");
        assert_eq!(plain.offset(), offset, "{input:?}");
        let mut out = String::new();
        let into = parse_host_into(input, is_opaque, &mut out, None);
        assert_eq!(into.map_err(|e| e.offset()), Err(offset), "{input:?}");
    }
}

#[test]
fn host_type_api() {
    let host = Host::parse("0x7F.1", false).unwrap();
    assert_eq!(host, Host::Ipv4(Ipv4Addr::new(127, 0, 0, 1)));
    assert_eq!(host.kind(), HostKind::Ipv4);
    assert_eq!(host.as_domain(), None);
    let host = Host::parse("[1:0::]", false).unwrap();
    assert_eq!(host, Host::Ipv6(Ipv6Addr::new(1, 0, 0, 0, 0, 0, 0, 0)));
    assert_eq!(host.to_string(), "[1::]");
    assert_eq!(Host::parse("", true), Ok(Host::Empty));
    assert_eq!(Host::parse("A%20b", true), Ok(Host::Opaque("A%20b".into())));
    assert_eq!(Host::parse("Ex.AMPLE", false).unwrap().as_domain(), Some("ex.ample"));
    // Host equality is value equality; a trailing dot makes another domain.
    assert_ne!(Host::parse("example.com", false), Host::parse("example.com.", false));
    assert_eq!(Host::parse("EXAMPLE.com", false), Host::parse("example.COM", false));
    let mut errors = Vec::new();
    let host = Host::parse_with_errors("1.2.3", false, &mut |kind, at| errors.push((kind, at)));
    assert_eq!(host.map(|h| h.to_string()), Ok("1.2.0.3".into()));
    assert_eq!(errors, [(K::Ipv4TooFewParts, 0)]);
}

#[test]
fn domain_to_unicode_examples() {
    use weburl_host::domain_to_unicode;
    assert_eq!(domain_to_unicode("xn--bcher-kva.de"), "bücher.de");
    assert_eq!(domain_to_unicode("XN--BCHER-KVA.de"), "bücher.de");
    assert_eq!(domain_to_unicode("xn--fa-hia.example"), "faß.example");
    // Errors give the input back, so that it round-trips through the domain parser.
    assert_eq!(domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
    assert_eq!(domain_to_unicode("xn--a.example"), "xn--a.example");
    assert_eq!(domain_to_unicode("example.com."), "example.com.");
}

/// Strings likely to parse as hosts of each kind, plus arbitrary ones.
fn host_like() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9.\\-]{1,24}",
        "[0-9xX.]{1,16}",
        "\\[[0-9a-fA-F:.]{0,24}\\]",
        "[a-z0-9%.A-F]{1,16}",
        "[a-zß\u{e0}-\u{ff}\u{3002}.\u{FF10}-\u{FF19}]{1,12}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn serialization_parses_to_an_equal_host(input in host_like(), is_opaque in any::<bool>()) {
        if let Ok(host) = Host::parse(&input, is_opaque) {
            let serialized = host.to_string();
            if host == Host::Empty {
                prop_assert!(serialized.is_empty());
            } else {
                prop_assert_eq!(Host::parse(&serialized, is_opaque), Ok(host.clone()));
            }
            // parse_host_into writes the same serialization.
            let mut out = String::new();
            let kind = parse_host_into(&input, is_opaque, &mut out, None).unwrap();
            prop_assert_eq!(kind, host.kind());
            prop_assert_eq!(out, serialized);
        }
    }

    #[test]
    fn domain_to_unicode_round_trips(input in host_like()) {
        if let Ok(Host::Domain(domain)) = Host::parse(&input, false) {
            let unicode = weburl_host::domain_to_unicode(&domain);
            let back = weburl_host::domain_to_ascii(&unicode, false).map(|s| s.into_owned());
            prop_assert_eq!(back, Ok(domain));
        }
    }

    #[test]
    fn sink_never_changes_the_result(input in host_like(), is_opaque in any::<bool>()) {
        let plain = Host::parse(&input, is_opaque);
        let mut errors = Vec::new();
        let with_sink = Host::parse_with_errors(&input, is_opaque, &mut |kind, at| errors.push((kind, at)));
        prop_assert_eq!(&plain, &with_sink);
        if let Err(err) = plain {
            prop_assert!(errors.iter().any(|(kind, _)| *kind == err.kind()));
            // The failure's offset is the last one a listener heard (equal with or without).
            prop_assert_eq!(errors.last().map(|&(_, at)| at), Some(err.offset()));
        }
        for (kind, at) in errors {
            prop_assert!(at <= input.len(), "{} at {}", kind, at);
        }
    }

    #[test]
    fn ipv4_addresses_round_trip(bits in any::<u32>()) {
        let address = Ipv4Addr::from(bits);
        let text = Host::Ipv4(address).to_string();
        prop_assert_eq!(&text, &address.to_string());
        prop_assert_eq!(Host::parse(&text, false), Ok(Host::Ipv4(address)));
    }

    #[test]
    fn ipv6_addresses_round_trip(pieces in any::<[u16; 8]>()) {
        let address = Ipv6Addr::from(pieces);
        let text = Host::Ipv6(address).to_string();
        prop_assert!(weburl_host::is_valid_host_string(&text), "{}", text);
        prop_assert_eq!(Host::parse(&text, false), Ok(Host::Ipv6(address)));
        prop_assert_eq!(Host::parse(&text, true), Ok(Host::Ipv6(address)));
    }
}

/// Long strings built from the characters every host algorithm branches on.
fn long_host_like() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        4 => prop::sample::select(
            "0123456789abcdefxX.:[]%-ABCDEF".chars().collect::<Vec<_>>()
        ),
        1 => prop::sample::select(vec!['\u{3002}', '\u{FF11}', '\u{DF}', '\u{200C}', '\u{5D0}', ' ']),
        1 => any::<char>(),
    ];
    prop::collection::vec(c, 0..1500).prop_map(|v| v.into_iter().collect())
}

/// Every public entry point on `input`: none may panic, and the results must be consistent.
fn exercise_every_entry_point(input: &str) -> Result<(), TestCaseError> {
    for is_opaque in [false, true] {
        let plain = Host::parse(input, is_opaque);
        let mut errors = Vec::new();
        let with_sink =
            Host::parse_with_errors(input, is_opaque, &mut |kind, at| errors.push((kind, at)));
        prop_assert_eq!(&plain, &with_sink);
        for (_, at) in &errors {
            prop_assert!(*at <= input.len());
        }
        let mut out = String::from("x");
        let kind = parse_host_into(input, is_opaque, &mut out, None);
        match &plain {
            Ok(host) => {
                prop_assert_eq!(kind, Ok(host.kind()));
                prop_assert_eq!(&out[1..], host.to_string());
                prop_assert!(out.is_ascii());
                let _ = weburl_host::public_suffix(host);
                let _ = weburl_host::registrable_domain(host);
            }
            Err(err) => {
                prop_assert_eq!(kind, Err(*err));
                prop_assert_eq!(out.as_str(), "x");
            }
        }
    }
    for be_strict in [false, true] {
        let _ = weburl_host::domain_to_ascii(input, be_strict);
        let _ = weburl_host::domain_to_ascii_with_errors(input, be_strict, &mut |_, _| {});
    }
    let _ = weburl_host::domain_to_unicode(input);
    let _ = weburl_host::is_valid_host_string(input);
    let _ = weburl_host::is_valid_domain(input);
    let _ = weburl_host::is_valid_opaque_host_string(input);
    let _ = weburl_host::is_valid_ipv4_address_string(input);
    let _ = weburl_host::is_valid_ipv6_address_string(input);
    let domain = Host::Domain(input.to_owned());
    let suffix = weburl_host::public_suffix(&domain);
    let registrable = weburl_host::registrable_domain(&domain);
    // The suffix ends the domain, and the registrable domain ends in the suffix.
    if let Some(suffix) = suffix {
        prop_assert!(input.ends_with(suffix));
    }
    if let Some(registrable) = registrable {
        prop_assert!(input.ends_with(registrable));
        prop_assert!(registrable.ends_with(suffix.unwrap_or_default()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn no_entry_point_panics_on_long_input(input in long_host_like()) {
        exercise_every_entry_point(&input)?;
        exercise_every_entry_point(&format!("[{input}]"))?;
    }
}

#[test]
fn no_entry_point_panics_on_huge_input() {
    let huge = [
        "9".repeat(100_000),
        "0x".to_owned() + &"f".repeat(100_000),
        ".".repeat(100_000),
        "1.".repeat(50_000),
        format!("[{}]", ":".repeat(100_000)),
        format!("[::{}]", "1.".repeat(50_000)),
        format!("[{}]", "ffff:".repeat(20_000)),
        "a".repeat(100_000),
        "xn--".to_owned() + &"a".repeat(100_000),
        "xn--".to_owned() + &"9".repeat(10_000),
        "\u{DF}".repeat(50_000),
        "%".repeat(100_000),
        "%41".repeat(30_000),
        "%FF".repeat(30_000),
        "a.".repeat(50_000) + "com",
    ];
    for input in &huge {
        exercise_every_entry_point(input).unwrap();
    }
}
