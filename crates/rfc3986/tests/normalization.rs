//! The examples of RFC 3986 section 6.2 (comparison ladder) and more normalization cases.

use weburl_rfc3986::UriRef;

fn uri(input: &str) -> UriRef<'_> {
    UriRef::parse(input).unwrap()
}

#[test]
fn section_6_2_2_syntax_based() {
    let a = uri("example://a/b/c/%7Bfoo%7D");
    let b = uri("eXAMPLE://a/./b/../b/%63/%7bfoo%7d");
    assert_eq!(b.normalized().as_str(), "example://a/b/c/%7Bfoo%7D");
    assert_eq!(a.normalized().as_str(), a.as_str());
    assert!(a.equivalent(&b) && b.equivalent(&a));
}

#[test]
fn section_6_2_2_1_case() {
    assert!(uri("HTTP://www.EXAMPLE.com/").equivalent(&uri("http://www.example.com/")));
    assert!(uri("x:%3a").equivalent(&uri("x:%3A")));
    // Other components are case-sensitive.
    assert!(!uri("http://h/A").equivalent(&uri("http://h/a")));
    assert!(!uri("http://U@h/").equivalent(&uri("http://u@h/")));
    assert!(!uri("http://h/?A").equivalent(&uri("http://h/?a")));
}

#[test]
fn section_6_2_2_2_percent_encoding() {
    assert_eq!(uri("x:/%41%5a%61%7A%30%39%2D%2E%5F%7E").normalized().as_str(), "x:/AZaz09-._~");
    // Reserved and other characters stay encoded.
    assert_eq!(uri("x:/%2f%3F%23%25%20").normalized().as_str(), "x:/%2F%3F%23%25%20");
    assert!(!uri("x:/a%2Fb").equivalent(&uri("x:/a/b")));
}

#[test]
fn section_6_2_2_3_path_segments() {
    assert_eq!(uri("http://h/a/b/../c/./d").normalized().as_str(), "http://h/a/c/d");
    assert_eq!(uri("http://h/a/%2E%2E/c").normalized().as_str(), "http://h/c");
}

#[test]
fn section_6_2_3_scheme_based() {
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in forms {
        assert_eq!(uri(a).normalized().as_str(), "http://example.com/", "{a}");
        for b in forms {
            assert!(uri(a).equivalent(&uri(b)), "{a} {b}");
        }
    }
    // "http://example.com/?" is not equivalent to any of them; nor is a trailing "#".
    for a in forms {
        assert!(!uri(a).equivalent(&uri("http://example.com/?")), "{a}");
        assert!(!uri(a).equivalent(&uri("http://example.com/#")), "{a}");
    }
    // mailto's domain is case-insensitive only by its own scheme rules, which are not applied.
    assert!(!uri("mailto:Joe@Example.COM").equivalent(&uri("mailto:Joe@example.com")));
}

#[test]
fn section_6_2_4_protocol_based_is_not_done() {
    assert!(!uri("http://example.com/data").equivalent(&uri("http://example.com/data/")));
}

#[test]
fn normal_forms_are_fixed_points() {
    for input in [
        "example://a/b/c/%7Bfoo%7D",
        "http://example.com/",
        "https://[2001:db8::1]:8443/a?b#c",
        "file:///etc/hosts",
        "a:/.//b",
        "//h/",
        "g;x?y#s",
    ] {
        let once = uri(input).normalized();
        assert_eq!(once.as_str(), input);
        assert_eq!(once.normalized(), once);
    }
}
