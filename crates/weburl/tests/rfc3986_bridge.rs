//! The bridges between the URL Standard and RFC 3986: `to_rfc3986` and `disagreement`.

use weburl::Url;
use weburl::rfc3986::Rule;
use weburl::rfc3986_bridge::{Component, Disagreement, disagreement, to_rfc3986};

fn url(input: &str) -> Url {
    Url::parse(input).unwrap_or_else(|err| panic!("{input:?} parses: {err}"))
}

#[test]
fn hrefs_that_are_uris() {
    for input in [
        "https://example.org/",
        "https://user:pass@example.org:8080/a/b;c?d=e&f#g",
        "http://[::1]/x",
        "http://127.0.0.1/",
        "file:///tmp/x",
        "mailto:someone@example.org",
        "urn:isbn:0451450523",
        "https://example.org/%7C?%20#%5E",
        "https://xn--bcher-kva.example/",
        "data:text/plain,hello",
    ] {
        let u = url(input);
        let uri = to_rfc3986(&u).unwrap_or_else(|err| panic!("{input}: {err}"));
        assert_eq!(uri.as_str(), u.href());
        assert_eq!(uri.scheme(), Some(u.scheme()));
    }
}

#[test]
fn components_of_the_uri() {
    let u = url("https://user@example.org:8080/a?b#c");
    let uri = to_rfc3986(&u).expect("a URI");
    assert_eq!(uri.userinfo(), Some("user"));
    assert_eq!(uri.host(), Some("example.org"));
    assert_eq!(uri.port(), Some("8080"));
    assert_eq!(uri.path(), "/a");
    assert_eq!(uri.query(), Some("b"));
    assert_eq!(uri.fragment(), Some("c"));
}

/// `(input, offending byte, offset in the href, rule)`.
#[test]
fn hrefs_that_are_not_uris_name_the_first_offending_byte() {
    let cases: [(&str, u8, usize, Rule); 7] = [
        // `|` is in no percent-encode set of the path.
        ("https://example.org/a|b", b'|', 21, Rule::PathAbempty),
        // `^` is in the path set, but not in the query set.
        ("https://example.org/?a^b", b'^', 22, Rule::Query),
        ("https://example.org/?{x}", b'{', 21, Rule::Query),
        // The backtick is in the fragment set (encoded as %60); `|` is not.
        ("https://example.org/#a`b|", b'|', 26, Rule::Fragment),
        // A space in an opaque path stays a space.
        ("data:a b", b' ', 6, Rule::PathRootless),
        // A stray `%` is kept as it is.
        ("https://example.org/%zz", b'%', 20, Rule::PctEncoded),
        ("https://example.org/?%", b'%', 21, Rule::PctEncoded),
    ];
    for (input, byte, offset, rule) in cases {
        let u = url(input);
        let err = to_rfc3986(&u).expect_err(input);
        assert_eq!(err.byte(), Some(byte), "{input}: {err}");
        assert_eq!(err.offset(), offset, "{input}: {err}");
        assert_eq!(u.href().as_bytes()[offset], byte);
        assert_eq!(err.error().rule(), Some(rule), "{input}: {err}");
    }
}

#[test]
fn not_rfc3986_display() {
    let err = to_rfc3986(&url("https://example.org/a|b")).expect_err("not a URI");
    assert_eq!(
        err.to_string(),
        "byte 21 ('|') is not allowed here by RFC 3986 (rule path-abempty)"
    );
    let err = to_rfc3986(&url("data:a b")).expect_err("not a URI");
    assert_eq!(
        err.to_string(),
        "byte 6 (0x20) is not allowed here by RFC 3986 (rule path-rootless)"
    );
}

/// RFC 3986 section 5.4.1: the normal examples resolve the same way under both standards.
#[test]
fn section_5_4_1_normal_examples_agree() {
    let base = "http://a/b/c/d;p?q";
    for reference in [
        "g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x",
        "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g",
    ] {
        assert_eq!(disagreement(reference, Some(base)), None, "{reference}");
    }
}

/// RFC 3986 section 5.4.2: the abnormal examples agree too, except `http:g`, which RFC 3986's
/// strict parser keeps as a URI with a rootless path while the URL Standard resolves it
/// against the base of the same special scheme.
#[test]
fn section_5_4_2_abnormal_examples() {
    let base = "http://a/b/c/d;p?q";
    for reference in [
        "../../../g",
        "../../../../g",
        "/./g",
        "/../g",
        "g.",
        ".g",
        "g..",
        "..g",
        "./../g",
        "./g/.",
        "g/./h",
        "g/../h",
        "g;x=1/./y",
        "g;x=1/../y",
        "g?y/./x",
        "g?y/../x",
        "g#s/./x",
        "g#s/../x",
    ] {
        assert_eq!(disagreement(reference, Some(base)), None, "{reference}");
    }
    match disagreement("http:g", Some(base)) {
        Some(Disagreement::Components { href, uri, differences }) => {
            assert_eq!(href, "http://a/b/c/g");
            assert_eq!(uri, "http:g");
            assert_eq!(differences, [Component::Host, Component::Path]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn one_standard_only() {
    // Backslashes, spaces and surrounding whitespace: the URL Standard only.
    for input in ["https:\\\\example.org\\a", "http://example.org/a b", " http://example.org/ "] {
        match disagreement(input, None) {
            Some(Disagreement::WhatwgOnly { error, .. }) => {
                assert!(error.offset().is_some(), "{input}");
            }
            other => panic!("{input}: {other:?}"),
        }
    }
    // IPvFuture and a relative reference without a base: RFC 3986 only or neither.
    match disagreement("http://[v1.fe]/", None) {
        Some(Disagreement::Rfc3986Only { uri, .. }) => assert_eq!(uri, "http://[v1.fe]/"),
        other => panic!("{other:?}"),
    }
    assert_eq!(disagreement("relative/path", None), None);
    assert_eq!(disagreement("http://[::1", None), None);
}

#[test]
fn normalization_hides_cosmetic_differences() {
    for input in [
        "HTTP://EXAMPLE.org:80/a/./b/../c",
        "https://example.org:443",
        "http://ex%41mple.org/%7e",
        "ftp://example.org:21/",
    ] {
        assert_eq!(disagreement(input, None), None, "{input}");
    }
}

#[test]
fn special_scheme_without_authority() {
    match disagreement("http:/example.org/x", None) {
        Some(d @ Disagreement::Components { .. }) => {
            let text = d.to_string();
            assert!(text.starts_with("the results differ in host"), "{text}");
            assert!(text.contains("URL Standard http://example.org/x"), "{text}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn href_not_a_uri() {
    // The URL Standard decodes the host's %7B to `{`, which reg-name does not allow.
    match disagreement("http://ex%7Bample.org/", None) {
        Some(Disagreement::HrefNotUri { href, error }) => {
            assert_eq!(href, "http://ex{ample.org/");
            assert_eq!(error.byte(), Some(b'{'));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_base() {
    // Neither accepts a relative base.
    assert_eq!(disagreement("x", Some("relative")), None);
    // RFC 3986 rejects a base with a space; the URL Standard encodes it.
    assert!(matches!(
        disagreement("x", Some("http://a/b c/")),
        Some(Disagreement::WhatwgOnly { .. })
    ));
}
