//! Validation errors (URL Standard, section 1.1): an insta snapshot of the errors, with byte
//! offsets, for inputs covering every error name. Each line of the snapshot was checked by hand
//! against the parser steps of sections 3.5 and 4.4.

use weburl_parser::{ParseError, Url, ValidationErrorKind};

/// (input, base) pairs. The first group follows the examples of the spec's table.
const CASES: &[(&str, Option<&str>)] = &[
    // invalid-URL-unit
    ("https://example.org/>", None),
    (" https://example.org ", None),
    ("ht tps://example.org", None),
    ("ht tps://example.org", Some("https://example.org/")),
    ("https://example.org/%s", None),
    ("https://exa\tmple.org/\n", None),
    ("http://example.com/a b", None),
    ("http://example.com/?a b", None),
    ("http://example.com/#a b", None),
    ("http://example.com/%zz?%4#%", None),
    ("sc:a b", None),
    ("sc:a ?x", None),
    ("http://example.com/\u{80}", None),
    ("http://example.com/\u{a0}", None),
    ("http://example.com/\u{fdd0}\u{1fffe}", None),
    ("file:///C|/x", None),
    ("\tfile:///x\n", None),
    // special-scheme-missing-following-solidus
    ("file:c:/my-secret-folder", None),
    ("https:example.org", None),
    ("https:foo.html", Some("https://example.org/")),
    ("http:\\\\example.com", None),
    ("https:////example.com", None),
    // missing-scheme-non-relative-URL
    ("\u{1f4a9}", None),
    ("\u{1f4a9}", Some("mailto:user@example.org")),
    ("#frag", Some("mailto:user@example.org")),
    // invalid-reverse-solidus
    ("https://example.org\\path\\to\\file", None),
    ("\\\\x\\y", Some("http://a/")),
    ("file:\\\\host\\share", None),
    ("\\x", Some("file:///C:/")),
    // invalid-credentials
    ("https://user@example.org", None),
    ("ssh://user@example.org", None),
    ("http://a:b@c:d@e/", None),
    ("http://@example.com", None),
    // host-missing
    ("https://#fragment", None),
    ("https://:443", None),
    ("https://user:pass@", None),
    ("foo://user@/", None),
    ("http://", None),
    // port-out-of-range, port-invalid
    ("https://example.org:70000", None),
    ("https://example.com:99999999999999999999/", None),
    ("https://example.org:7z", None),
    ("http://example.com:0x50/", None),
    ("http://example.com:/", None),
    // file-invalid-Windows-drive-letter, file-invalid-Windows-drive-letter-host
    ("/c:/path/to/file", Some("file:///c:/")),
    ("C|/foo", Some("file:///c:/")),
    ("c:", Some("file:///c:/")),
    ("file://c:", None),
    ("file://C|/x", None),
    // Host parsing group.
    ("https://exa%23mple.org", None),
    ("https://exam%70le.org", None),
    ("foo://exa[mple.org", None),
    ("https://127.0.0.1./", None),
    ("https://1.2.3/", None),
    ("https://1.2.3.4.5/", None),
    ("https://test.42", None),
    ("https://127.0.0x0.1", None),
    ("https://255.255.4000.1", None),
    ("https://\u{2460}.\u{2461}.\u{2462}.\u{2463}", None),
    ("https://[::1", None),
    ("https://[:1]", None),
    ("https://[1:2:3:4:5:6:7:8:9]", None),
    ("https://[1::1::1]", None),
    ("https://[1:2:3!:4]", None),
    ("https://[1:2:3:]", None),
    ("https://[1:2:3]", None),
    ("https://[::01]", None),
    ("https://[1:1:1:1:1:1:1:127.0.0.1]", None),
    ("https://[ffff::.0.0.1]", None),
    ("https://[ffff::127.0.xyz.1]", None),
    ("https://[ffff::127.0xyz]", None),
    ("https://[ffff::127.00.0.1]", None),
    ("https://[ffff::127.0.0.1.2]", None),
    ("https://[ffff::127.0.0.4000]", None),
    ("https://[ffff::127.0.0]", None),
    // IDNA group.
    ("https://ex_ample.org/", None),
    ("https://xn--a.example/", None),
    ("https://a\u{ad}b/", None),
    // Valid inputs: no errors.
    ("https://example.org/", None),
    ("http://[::1]:8080/a?b#c", None),
    ("web+demo:/.//not-a-host/", None),
    ("../x", Some("https://example.org/a/b")),
];

fn describe(input: &str, base: Option<&str>) -> String {
    let base_url = base.map(|b| Url::parse(b).unwrap());
    let mut errors = Vec::new();
    let result = Url::options()
        .base(base_url.as_ref())
        .on_validation_error(|e| errors.push(format!("{}@{}", e.kind().name(), e.offset())))
        .parse(input);
    let outcome = match result {
        Ok(url) => url.href().to_owned(),
        Err(e) => format!("failure ({e})"),
    };
    let base = base.map_or(String::new(), |b| format!(" against {b:?}"));
    format!("{input:?}{base} => {outcome}\n    [{}]", errors.join(", "))
}

#[test]
fn validation_errors_snapshot() {
    assert!(CASES.len() >= 60);
    let text: Vec<String> = CASES.iter().map(|&(input, base)| describe(input, base)).collect();
    let text = text.join("\n");
    // Every error name of the table is covered.
    for kind in ValidationErrorKind::ALL {
        assert!(text.contains(&format!("{}@", kind.name())), "no case reports {}", kind.name());
    }
    insta::assert_snapshot!("validation_errors", text);
}

#[test]
fn offsets_map_back_through_removed_tabs() {
    let mut seen = Vec::new();
    let input = "  ht\ttp://ex\nample.com/a b";
    let _ = Url::options().on_validation_error(|e| seen.push((e.kind(), e.offset()))).parse(input);
    let space = input.rfind(' ').unwrap();
    assert!(seen.contains(&(ValidationErrorKind::InvalidUrlUnit, space)), "{seen:?}");
    assert_eq!(&input[space..=space], " ");
}

#[test]
fn failure_names_its_error() {
    let err = Url::parse("https://example.org:7z").unwrap_err();
    let error = err.validation_error().unwrap();
    assert_eq!(error.kind(), ValidationErrorKind::PortInvalid);
    assert_eq!(error.offset(), "https://example.org:7".len());
    let err = Url::parse("https://[::1").unwrap_err();
    assert_eq!(err.validation_error().unwrap().kind(), ValidationErrorKind::Ipv6Unclosed);
    assert_eq!(
        Url::parse("x").unwrap_err().to_string(),
        "relative URL without a base (missing-scheme-non-relative-URL)"
    );
    assert_eq!(Url::parse("  x").unwrap_err(), ParseError::RelativeUrlWithoutBase);
    let opaque = Url::parse("mailto:x").unwrap();
    assert_eq!(opaque.join("y").unwrap_err(), ParseError::RelativeUrlWithCannotBeABaseBase);
    assert!(opaque.join("#y").is_ok());
    // The host parser's cause is kept and printed.
    let err = Url::parse("http://a b/").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid host: domain-to-ASCII at byte 7 (forbidden domain code point)"
    );
    let ParseError::InvalidHost(failure) = err else { panic!("{err:?}") };
    assert!(failure.host_error().is_forbidden_domain_code_point());
    let err = Url::parse("https://a\u{200c}b.example/").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid host: domain-to-ASCII at byte 8 (UTS #46 ToASCII errors: "),
        "{err}"
    );
    assert_eq!(
        Url::parse("https://[::1/").unwrap_err().to_string(),
        "invalid host: IPv6-unclosed at byte 12"
    );
}

#[test]
fn failure_does_not_depend_on_listening() {
    let extra: [(&str, Option<&str>); 3] =
        [("http://[v1.fe]/", None), ("https://a%41.com/", None), ("https://xn--/", None)];
    let mut failures = 0;
    for &(input, base) in CASES.iter().chain(extra.iter()) {
        let base_url = base.map(|b| Url::parse(b).unwrap());
        let quiet = Url::options().base(base_url.as_ref()).parse(input).err();
        let listened =
            Url::options().base(base_url.as_ref()).on_validation_error(|_| {}).parse(input).err();
        assert_eq!(quiet, listened, "{input:?}");
        failures += usize::from(quiet.is_some());
    }
    assert!(failures > 10, "only {failures} failing cases");
}
