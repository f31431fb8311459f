//! Valid and invalid examples for every rule of the ABNF of RFC 3986 Appendix A, checked
//! through the rule predicates and, where the rule is part of a reference, the parser.

use weburl_rfc3986::{Error, HostKind, PathKind, Rule, UriRef, rules, validate};

/// Checks `predicate` on each valid and invalid example.
fn rule(name: &str, predicate: fn(&str) -> bool, valid: &[&str], invalid: &[&str]) {
    for input in valid {
        assert!(predicate(input), "{name} should match {input:?}");
    }
    for input in invalid {
        assert!(!predicate(input), "{name} should not match {input:?}");
    }
}

/// The syntax error of parsing `input` as a URI-reference.
fn error(input: &str) -> (Rule, usize) {
    match UriRef::parse(input) {
        Err(Error::Syntax { rule, offset }) => (rule, offset),
        other => panic!("{input:?}: {other:?}"),
    }
}

#[test]
fn character_classes() {
    let unreserved = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
    for b in 0..=255u8 {
        assert_eq!(rules::is_unreserved(b), unreserved.contains(&b), "{b:#x}");
        assert_eq!(rules::is_gen_delims(b), b":/?#[]@".contains(&b), "{b:#x}");
        assert_eq!(rules::is_sub_delims(b), b"!$&'()*+,;=".contains(&b), "{b:#x}");
        assert_eq!(
            rules::is_reserved(b),
            rules::is_gen_delims(b) || rules::is_sub_delims(b),
            "{b:#x}"
        );
    }
    rule(
        "pct-encoded",
        rules::is_pct_encoded,
        &["%00", "%7e", "%7E", "%fF"],
        &["%", "%7", "%7g", "%g7", "%%41", "%417", "7E", ""],
    );
    rule(
        "pchar",
        rules::is_pchar,
        &["a", "~", "!", ":", "@", "%20"],
        &["/", "?", "#", "[", "]", " ", "%", "%2", "ab", "é", ""],
    );
}

#[test]
fn scheme() {
    rule(
        "scheme",
        rules::is_scheme,
        &["a", "http", "A+b-c.d", "z9", "coap+tcp"],
        &["", "9a", "+a", "-", ".a", "a_b", "a b", "a:", "é"],
    );
    assert_eq!(UriRef::parse("A+b-c.d:x").unwrap().scheme(), Some("A+b-c.d"));
    assert_eq!(error("9a:b"), (Rule::Scheme, 0));
    assert_eq!(error(":b"), (Rule::Scheme, 0));
    assert_eq!(error("a_b:c"), (Rule::Scheme, 1));
    assert_eq!(
        UriRef::parse_uri("ab").unwrap_err(),
        Error::Syntax { rule: Rule::Scheme, offset: 2 }
    );
}

#[test]
fn authority_userinfo_port() {
    rule(
        "authority",
        rules::is_authority,
        &[
            "",
            "h",
            "u@h",
            "u:p@h:1",
            "@",
            ":",
            "@:",
            "[::1]:80",
            "u@[v1.x]",
            "%41@%42:",
            "1.2.3.4:0",
        ],
        &["h/", "u@h@i", "h:p", "[::1", "h h", "[::1]x", "u@h:1:2", "%4@h"],
    );
    rule(
        "userinfo",
        rules::is_userinfo,
        &["", "user", "u:p:w", "%41!$&'()*+,;=-._~"],
        &["u@", "u/p", "u p", "u%4", "[u]"],
    );
    rule(
        "port",
        rules::is_port,
        &["", "0", "80", "65536", "000123456789"],
        &["a", "8a", " 8", "-1", "+1"],
    );
    let r = UriRef::parse("s://u:p@h:99999/").unwrap();
    assert_eq!((r.userinfo(), r.host(), r.port()), (Some("u:p"), Some("h"), Some("99999")));
    let r = UriRef::parse("s://h:/").unwrap();
    assert_eq!((r.userinfo(), r.port()), (None, Some("")));
    let r = UriRef::parse("s://a:b@").unwrap();
    assert_eq!((r.userinfo(), r.host(), r.port()), (Some("a:b"), Some(""), None));
    assert_eq!(error("s://u@h:8a/"), (Rule::Port, 9));
    assert_eq!(error("s://h:8a/"), (Rule::Port, 7));
    assert_eq!(error("s://u s@h/"), (Rule::Userinfo, 5));
    assert_eq!(error("s://u@h@i/"), (Rule::RegName, 7));
}

#[test]
fn host_forms() {
    rule(
        "host",
        rules::is_host,
        &["", "example.com", "1.2.3.4", "256.1.1.1", "[::1]", "[v1.a]", "%C3%A9"],
        &["a b", "[::1", "::1", "a:b", "a@b", "é", "[::1]]"],
    );
    rule(
        "reg-name",
        rules::is_reg_name,
        &["", "a", "xn--d1a", "a.b-c_d~", "!$&'()*+,;=", "%41"],
        &["a:b", "a/b", "a@b", "[a]", "a%", "a b"],
    );
    rule(
        "IP-literal",
        rules::is_ip_literal,
        &["[::]", "[1:2:3:4:5:6:7:8]", "[v9.a]", "[V9.a]"],
        &["[]", "[::1", "::1]", "[v9]", "[1.2.3.4]", "[::1%eth0]", "[::1%25eth0]", "[fe80::1]x"],
    );
    rule(
        "IPvFuture",
        rules::is_ipvfuture,
        &["v1.a", "vF.1:2", "v0123456789abcdef.!$&'()*+,;=:-._~"],
        &["v.a", "v1.", "v1", "vx.a", "1.a", "v1.a/b", "v1.%41", "v1.["],
    );
    for (input, kind) in [
        ("s://example.com", HostKind::RegName),
        ("s://", HostKind::RegName),
        ("s://1.2.3.4:5", HostKind::Ipv4),
        ("s://u@0.0.0.0", HostKind::Ipv4),
        ("s://1.2.3.256", HostKind::RegName),
        ("s://1.2.3.04", HostKind::RegName),
        ("s://1.2.3", HostKind::RegName),
        ("s://[::1]", HostKind::Ipv6),
        ("s://[v1.x]:9", HostKind::IpvFuture),
    ] {
        assert_eq!(UriRef::parse(input).unwrap().host_kind(), Some(kind), "{input}");
    }
    assert_eq!(UriRef::parse("s://[::1]:9/").unwrap().host(), Some("[::1]"));
    assert_eq!(error("s://[::1/"), (Rule::Ipv6Address, 8));
    assert_eq!(error("s://[::1"), (Rule::IpLiteral, 8));
    assert_eq!(error("s://[1::2::3]"), (Rule::Ipv6Address, 10));
    assert_eq!(error("s://[::1.2.3.999]"), (Rule::Ipv4Address, 13));
    assert_eq!(error("s://[v1]"), (Rule::IpvFuture, 7));
    assert_eq!(error("s://a[b]"), (Rule::RegName, 5));
}

#[test]
fn ipv6_address_all_nine_forms() {
    // Each form of section 3.2.2, with its longest and shortest instances.
    let valid = [
        "0:1:2:3:4:5:6:7", // 6( h16 ":" ) ls32
        "0:1:2:3:4:5:255.255.255.255",
        "::1:2:3:4:5:6:7", // "::" 5( h16 ":" ) ls32
        "::1:2:3:4:5:0.0.0.0",
        "0::2:3:4:5:6:7", // [ h16 ] "::" 4( h16 ":" ) ls32
        "::2:3:4:5:6:7",
        "0:1::3:4:5:6:7", // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "::3:4:5:6:7",
        "0:1:2::4:5:6:7", // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "::4:5:6:7",
        "0:1:2:3::5:6:7", // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        "::5:1.2.3.4",
        "0:1:2:3:4::6:7", // [ *4( h16 ":" ) h16 ] "::" ls32
        "::6:7",
        "::1.2.3.4",
        "0:1:2:3:4:5::7", // [ *5( h16 ":" ) h16 ] "::" h16
        "::7",
        "0:1:2:3:4:5:6::", // [ *6( h16 ":" ) h16 ] "::"
        "::",
        "ABCD:ef01:2345:6789:abcd:EF01:2345:6789",
        "2001:db8::ff00:42:8329",
        "::ffff:192.0.2.128",
    ];
    let invalid = [
        "",
        ":",
        "::::",
        ":1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "::1:2:3:4:5:6:7:8",
        "1::2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:8::",
        "1:2:3:4:5:6:7::8",
        "1::2::3",
        "12345::",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1:2:3:4:5:6::1.2.3.4",
        "1.2.3.4",
        "1.2.3.4::",
        "::1.2.3.4:1",
        "::1.2.3.4.5",
        "::256.0.0.0",
        "::01.0.0.0",
        "::1.2.3",
        "g::",
        "::%31",
        "fe80::1%eth0",
        " ::",
        ":: ",
    ];
    rule("IPv6address", rules::is_ipv6_address, &valid, &invalid);
    for address in valid {
        let literal = format!("x://[{address}]/");
        assert_eq!(UriRef::parse(&literal).unwrap().host_kind(), Some(HostKind::Ipv6), "{literal}");
    }
    for address in invalid {
        assert!(validate(&format!("x://[{address}]/")).is_err(), "{address}");
    }
    rule("h16", rules::is_h16, &["0", "ffff", "AbC"], &["", "12345", "g", ":"]);
    rule("ls32", rules::is_ls32, &["1:2", "ffff:0", "1.2.3.4"], &["1", "1:2:3", "1.2.3", ":1"]);
}

#[test]
fn ipv4_address_and_dec_octet() {
    rule(
        "dec-octet",
        rules::is_dec_octet,
        &["0", "9", "10", "99", "100", "199", "200", "249", "250", "255"],
        &["256", "260", "300", "01", "00", "09", "010", "099", "1000", "-1", "", "a", " 1"],
    );
    rule(
        "IPv4address",
        rules::is_ipv4_address,
        &["0.0.0.0", "255.255.255.255", "10.99.100.249"],
        &["1.2.3", "1.2.3.4.", ".1.2.3", "1.2.3.4.5", "256.0.0.0", "0.0.0.01", "1..2.3", "1.2.3.a"],
    );
}

#[test]
fn paths() {
    rule(
        "path-abempty",
        rules::is_path_abempty,
        &["", "/", "//", "/a/b", "/a:b@c/%41"],
        &["a", "a/b", "/a b", "/a?b", "/%"],
    );
    rule(
        "path-absolute",
        rules::is_path_absolute,
        &["/", "/a", "/a//b", "/:/@"],
        &["", "//", "//a", "a/b", "/a#"],
    );
    rule(
        "path-noscheme",
        rules::is_path_noscheme,
        &["a", "a/b:c", "@/:", "%3A", ".."],
        &["", "/a", "a:b", ":", "a:/b", "a b"],
    );
    rule(
        "path-rootless",
        rules::is_path_rootless,
        &["a", "a:b", ":", "a//b", "@"],
        &["", "/a", "a b", "a["],
    );
    rule("path-empty", rules::is_path_empty, &[""], &["a", "/"]);
    rule("segment", rules::is_segment, &["", "a:b@c", "%20!$&'()*+,;=-._~"], &["a/b", "a?", "a#"]);
    rule("segment-nz", rules::is_segment_nz, &["a", ":"], &["", "/", "a/"]);
    rule("segment-nz-nc", rules::is_segment_nz_nc, &["a", "@", "%3A"], &["", ":", "a:b", "a/"]);
    for (input, kind, path) in [
        ("s://h", PathKind::Abempty, ""),
        ("s://h//a", PathKind::Abempty, "//a"),
        ("s:/a", PathKind::Absolute, "/a"),
        ("/a:b", PathKind::Absolute, "/a:b"),
        ("s:a:b", PathKind::Rootless, "a:b"),
        ("a/b:c", PathKind::Noscheme, "a/b:c"),
        ("s:", PathKind::Empty, ""),
        ("", PathKind::Empty, ""),
        ("?q", PathKind::Empty, ""),
    ] {
        let r = UriRef::parse(input).unwrap();
        assert_eq!((r.path_kind(), r.path()), (kind, path), "{input}");
    }
    assert_eq!(error("s://h/a b"), (Rule::PathAbempty, 7));
    assert_eq!(error("s:/a\\b"), (Rule::PathAbsolute, 4));
    assert_eq!(error("s:a|b"), (Rule::PathRootless, 3));
    assert_eq!(error("a/b^c"), (Rule::PathNoscheme, 3));
    assert_eq!(
        UriRef::parse_relative_ref("a:b").unwrap_err(),
        Error::Syntax { rule: Rule::SegmentNzNc, offset: 1 }
    );
}

#[test]
fn query_and_fragment() {
    rule(
        "query",
        rules::is_query,
        &["", "a=b&c=d", "/?:@!$&'()*+,;=", "%20"],
        &["#", "a b", "[", "%"],
    );
    rule("fragment", rules::is_fragment, &["", "s/./x", "?", "%7B"], &["a#b", "{", "^"]);
    let r = UriRef::parse("s:p?q?/#f?/").unwrap();
    assert_eq!((r.query(), r.fragment()), (Some("q?/"), Some("f?/")));
    assert_eq!(error("s:?a b"), (Rule::Query, 4));
    assert_eq!(error("s:?a[b]"), (Rule::Query, 4));
    assert_eq!(error("s:#a#b"), (Rule::Fragment, 4));
    assert_eq!(error("s:#%"), (Rule::PctEncoded, 3));
}

#[test]
fn top_level_rules() {
    rule(
        "URI-reference",
        rules::is_uri_reference,
        &["", "a", "s:", "//h", "?", "#", "a:b#c", "../x"],
        &[":", "a:b:c:d e", "%", "\u{feff}s:"],
    );
    rule(
        "URI",
        rules::is_uri,
        &["s:", "s:a#f", "s://h/p?q#f", "urn:isbn:0451450523"],
        &["", "//h", "a", "1:x"],
    );
    rule(
        "absolute-URI",
        rules::is_absolute_uri,
        &["s:", "s:a?q", "http://h/"],
        &["s:#", "s:a#f", "/a", ""],
    );
    rule(
        "relative-ref",
        rules::is_relative_ref,
        &["", "a", "//h", "/a:b", "./a:b", "?q#f"],
        &["a:b", "s:", ":"],
    );
    // First match wins (section 4.1): a scheme makes a URI.
    assert!(UriRef::parse("a:b").unwrap().is_uri());
    assert!(UriRef::parse("./a:b").unwrap().is_relative());
    assert!(UriRef::parse_absolute_uri("s:a#f").is_err());
}
