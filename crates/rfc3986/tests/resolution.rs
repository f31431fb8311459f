//! Every example of RFC 3986 section 5.4 (normal and abnormal), against the base
//! "http://a/b/c/d;p?q".

use weburl_rfc3986::UriRef;

const BASE: &str = "http://a/b/c/d;p?q";

/// Section 5.4.1.
const NORMAL: &[(&str, &str)] = &[
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

/// Section 5.4.2 (with the strict parser's answer for "http:g").
const ABNORMAL: &[(&str, &str)] = &[
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

fn check(cases: &[(&str, &str)]) {
    let base = UriRef::parse_absolute_uri(BASE).unwrap();
    for &(reference, expected) in cases {
        let r = UriRef::parse(reference).unwrap();
        let target = base.resolve(&r).unwrap();
        assert_eq!(target.as_str(), expected, "{reference:?}");
        // The recorded components are those of the target string.
        let reparsed = UriRef::parse_uri(expected).unwrap();
        assert_eq!(target.as_uri_ref(), reparsed, "{reference:?}");
        assert_eq!(
            (target.scheme(), target.authority(), target.path(), target.query(), target.fragment()),
            (
                reparsed.scheme(),
                reparsed.authority(),
                reparsed.path(),
                reparsed.query(),
                reparsed.fragment()
            )
        );
    }
}

#[test]
fn normal_examples() {
    assert_eq!(NORMAL.len(), 23);
    check(NORMAL);
}

#[test]
fn abnormal_examples() {
    assert_eq!(ABNORMAL.len(), 19);
    check(ABNORMAL);
}

#[test]
fn a_base_fragment_is_ignored() {
    let base = UriRef::parse("http://a/b/c/d;p?q#f").unwrap();
    for &(reference, expected) in NORMAL.iter().filter(|(r, _)| !r.is_empty() && *r != "#s") {
        let target = base.resolve(&UriRef::parse(reference).unwrap()).unwrap();
        assert_eq!(target.as_str(), expected, "{reference:?}");
    }
    let same = base.resolve(&UriRef::parse("").unwrap()).unwrap();
    assert_eq!(same.as_str(), "http://a/b/c/d;p?q");
}

#[test]
fn other_bases() {
    for (base, reference, expected) in [
        // Section 5.2.3: a base with an authority and an empty path merges under "/".
        ("http://a", "g", "http://a/g"),
        ("http://a?q", "", "http://a?q"),
        // Bases without an authority.
        ("mailto:x@y", "z", "mailto:z"),
        ("a:b/c/d", "../../../g", "a:/g"),
        ("a:", "g?q", "a:g?q"),
        ("a:/b", "//h", "a://h"),
        ("urn:x:y", "#f", "urn:x:y#f"),
        // The reference's authority replaces the base's, dot segments included.
        ("http://a/b", "//h/./x/../y?z", "http://h/y?z"),
        ("http://u@a:1/b", "c", "http://u@a:1/c"),
        ("http://[::1]/b/", "c", "http://[::1]/b/c"),
    ] {
        let b = UriRef::parse(base).unwrap();
        let t = b.resolve(&UriRef::parse(reference).unwrap()).unwrap();
        assert_eq!(t.as_str(), expected, "{base:?} + {reference:?}");
        assert_eq!(t.as_uri_ref(), UriRef::parse(expected).unwrap());
    }
}
