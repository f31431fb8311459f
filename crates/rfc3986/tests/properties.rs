//! Property tests: generated references parse, split like the regular expression of
//! Appendix B, survive a round trip, resolve to valid URIs, and normalize idempotently.

mod common;

use common::{Split, appendix_b};
use proptest::prelude::*;
use weburl_rfc3986::{UriRef, UriRefBuf, remove_dot_segments, validate};

fn components<'a>(r: &UriRef<'a>) -> Split<'a> {
    (r.scheme(), r.authority(), r.path(), r.query(), r.fragment())
}

/// Section 5.3, recomposition, as a naive oracle.
fn recompose(parts: Split<'_>) -> String {
    let (scheme, authority, path, query, fragment) = parts;
    let mut out = String::new();
    if let Some(s) = scheme {
        out += s;
        out += ":";
    }
    if let Some(a) = authority {
        out += "//";
        out += a;
    }
    out += path;
    if let Some(q) = query {
        out += "?";
        out += q;
    }
    if let Some(f) = fragment {
        out += "#";
        out += f;
    }
    out
}

/// remove_dot_segments of an absolute path with a stack of segments (the alternative the
/// RFC mentions after section 5.2.4), as a naive oracle.
fn remove_dot_segments_stack(path: &str) -> String {
    let segments: Vec<&str> = path[1..].split('/').collect();
    let mut stack: Vec<&str> = Vec::new();
    for segment in &segments {
        match *segment {
            "." => {}
            ".." => {
                stack.pop();
            }
            s => stack.push(s),
        }
    }
    let mut out = String::from("/");
    out += &stack.join("/");
    // A final "." or ".." leaves a directory: the output ends with "/".
    if matches!(segments.last(), Some(&"." | &"..")) && !stack.is_empty() {
        out.push('/');
    }
    out
}

fn pct() -> impl Strategy<Value = String> {
    (any::<u8>(), any::<bool>())
        .prop_map(|(b, lower)| if lower { format!("%{b:02x}") } else { format!("%{b:02X}") })
}

/// A string of characters from `class` and percent-encoded triplets.
fn chars_of(class: &'static str, max: usize) -> impl Strategy<Value = String> {
    let ch = proptest::sample::select(class.chars().collect::<Vec<_>>()).prop_map(String::from);
    prop::collection::vec(prop_oneof![4 => ch, 1 => pct()], 0..max).prop_map(|v| v.concat())
}

const UNRESERVED_SUB: &str = "aZ09-._~!$&'()*+,;=";

fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => chars_of("aZ09-._~!$&'()*+,;=:@", 4),
        1 => Just(String::new()),
        2 => Just(".".to_owned()),
        2 => Just("..".to_owned()),
        1 => Just("%2E".to_owned()),
        1 => Just("%2e%2E".to_owned()),
        1 => Just("a:b".to_owned()),
    ]
}

fn ipv6() -> impl Strategy<Value = String> {
    (prop::collection::vec(any::<u16>(), 8), 0usize..9, 0usize..9, any::<bool>()).prop_map(
        |(pieces, from, to, v4)| {
            let hex: Vec<String> = pieces.iter().map(|p| format!("{p:X}")).collect();
            let tail = if v4 {
                format!("{}.{}.{}.{}", pieces[6] >> 8, pieces[6] & 255, 0, 255)
            } else {
                String::new()
            };
            let n = if v4 { 6 } else { 8 };
            let (from, to) = (from.min(to).min(n), from.max(to).min(n));
            let join = |v: &[String]| v.join(":");
            let mut out = if from == to && from == n && !v4 {
                join(&hex[..n])
            } else if from == to {
                // No compression possible here without dropping a piece; use the full form.
                let mut s = join(&hex[..n]);
                if v4 {
                    s.push(':');
                }
                s
            } else {
                let head = join(&hex[..from]);
                let mid = join(&hex[to..n]);
                let mut s = format!("{head}::{mid}");
                if v4 && !mid.is_empty() {
                    s.push(':');
                }
                s
            };
            out += &tail;
            format!("[{out}]")
        },
    )
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => chars_of(UNRESERVED_SUB, 6),
        1 => any::<[u8; 4]>().prop_map(|[a, b, c, d]| format!("{a}.{b}.{c}.{d}")),
        1 => ipv6(),
        1 => Just("[v1F.a:b]".to_owned()),
        1 => Just("EXAMPLE.com".to_owned()),
        1 => Just("localhost".to_owned()),
    ]
}

fn authority() -> impl Strategy<Value = String> {
    (
        proptest::option::of(chars_of("aZ09-._~!$&'()*+,;=:", 4)),
        host(),
        proptest::option::of(prop_oneof![
            Just(String::new()),
            Just("80".to_owned()),
            Just("0443".to_owned()),
            "[0-9]{1,5}"
        ]),
    )
        .prop_map(|(userinfo, host, port)| {
            let mut out = String::new();
            if let Some(u) = userinfo {
                out += &u;
                out.push('@');
            }
            out += &host;
            if let Some(p) = port {
                out.push(':');
                out += &p;
            }
            out
        })
}

/// A valid URI reference; with `need_scheme`, a URI.
fn reference(need_scheme: bool) -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just("http".to_owned()),
        Just("HTTPS".to_owned()),
        Just("file".to_owned()),
        Just("ws".to_owned()),
        Just("ftp".to_owned()),
        "[a-zA-Z][a-zA-Z0-9+.-]{0,4}",
    ];
    let scheme = if need_scheme {
        scheme.prop_map(Some).boxed()
    } else {
        proptest::option::weighted(0.3, scheme).boxed()
    };
    (
        scheme,
        proptest::option::weighted(0.5, authority()),
        any::<bool>(),
        prop::collection::vec(segment(), 0..6),
        proptest::option::of(chars_of("aZ09-._~!$&'()*+,;=:@/?", 5)),
        proptest::option::of(chars_of("aZ09-._~!$&'()*+,;=:@/?", 5)),
    )
        .prop_map(|(scheme, authority, rooted, segments, query, fragment)| {
            let mut path = segments.join("/");
            if (rooted || authority.is_some()) && !segments.is_empty() {
                path.insert(0, '/');
            }
            if authority.is_none() {
                if path.starts_with("//") {
                    path.insert_str(0, "/.");
                }
                let first = path.split('/').next().unwrap_or_default();
                if scheme.is_none() && first.contains(':') {
                    path.insert_str(0, "./");
                }
            }
            let parts = (
                scheme.as_deref(),
                authority.as_deref(),
                path.as_str(),
                query.as_deref(),
                fragment.as_deref(),
            );
            recompose(parts)
        })
}

fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| s == "." || s == "..")
}

proptest! {
    #[test]
    fn generated_references_parse_and_round_trip(input in reference(false)) {
        let r = UriRef::parse(&input).map_err(|e| TestCaseError::fail(format!("{input}: {e}")))?;
        prop_assert_eq!(components(&r), appendix_b(&input));
        prop_assert_eq!(recompose(components(&r)), input.clone());
        let text = r.to_string();
        prop_assert_eq!(UriRef::parse(&text).unwrap(), r);
        let owned: UriRefBuf = text.parse().unwrap();
        prop_assert_eq!(owned.as_uri_ref(), r);
    }

    #[test]
    fn resolution_yields_a_valid_uri(base in reference(true), reference in reference(false)) {
        let b = UriRef::parse(&base).unwrap();
        let r = UriRef::parse(&reference).unwrap();
        let t = b.resolve(&r).unwrap();
        let reparsed = UriRef::parse_uri(t.as_str())
            .map_err(|e| TestCaseError::fail(format!("{base} + {reference} = {t}: {e}")))?;
        prop_assert_eq!(components(&reparsed), components(&t.as_uri_ref()));
        prop_assert_eq!(t.fragment(), r.fragment());
        if !r.path().is_empty() || r.is_uri() || r.has_authority() {
            let path = t.path().strip_prefix("/.").filter(|p| p.starts_with("//") && !t.has_authority());
            prop_assert!(!has_dot_segment(path.unwrap_or(t.path())), "{} + {} = {}", base, reference, t);
        }
        // Resolving the target against any base gives the target.
        if r.is_uri() && !has_dot_segment(r.path()) && !r.path().starts_with("//") {
            prop_assert_eq!(t.as_str(), r.as_str());
        }
    }

    #[test]
    fn normalization_is_idempotent(input in reference(false)) {
        let r = UriRef::parse(&input).unwrap();
        let once = r.normalized();
        let twice = once.normalized();
        prop_assert_eq!(&twice, &once, "{}", input);
        prop_assert!(r.equivalent(&once.as_uri_ref()));
        prop_assert_eq!(UriRef::parse(once.as_str()).unwrap(), once.as_uri_ref());
        prop_assert_eq!(once.is_uri(), r.is_uri());
    }

    #[test]
    fn remove_dot_segments_matches_a_stack(segments in prop::collection::vec(segment(), 0..8), rooted in any::<bool>()) {
        let mut path = segments.join("/");
        if rooted {
            path.insert(0, '/');
        }
        let once = remove_dot_segments(&path);
        if rooted {
            prop_assert_eq!(&once, &remove_dot_segments_stack(&path), "{}", path);
        }
        prop_assert!(!has_dot_segment(&once), "{}", path);
        prop_assert_eq!(remove_dot_segments(&once), once.clone(), "{}", path);
    }

    #[test]
    fn any_string_parses_or_fails_cleanly(input in "[a-z0-9:/?#\\[\\]@%.!$&'()*+,;= \u{e9}-]{0,24}") {
        let parsed = UriRef::parse(&input);
        prop_assert_eq!(parsed.is_ok(), validate(&input).is_ok());
        match parsed {
            Ok(r) => {
                prop_assert_eq!(components(&r), appendix_b(&input));
                prop_assert_eq!(r.normalized().normalized(), r.normalized());
            }
            Err(e) => prop_assert!(e.offset().is_some_and(|o| o <= input.len())),
        }
    }
}

/// Long strings of URI characters (valid ones more often), with any character mixed in.
fn long_uri_like() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        6 => proptest::sample::select(
            "aZ09-._~!$&'()*+,;=:@/?#[]%".chars().collect::<Vec<_>>()
        ),
        1 => proptest::sample::select(vec!['.', '/', ':', '[', ']', 'v', 'F']),
        1 => any::<char>(),
    ];
    prop::collection::vec(c, 0..1500).prop_map(|v| v.into_iter().collect())
}

/// Every public entry point on `input`: none may panic, and the parse and validate forms agree.
fn exercise_every_entry_point(input: &str) -> Result<(), TestCaseError> {
    use weburl_rfc3986::{Grammar, rules};
    for grammar in [Grammar::UriReference, Grammar::Uri, Grammar::AbsoluteUri, Grammar::RelativeRef]
    {
        let parsed = UriRef::parse_as(input, grammar);
        let owned = UriRefBuf::parse_as(input.to_owned(), grammar);
        prop_assert_eq!(parsed.is_ok(), owned.is_ok());
        if let Err(e) = parsed {
            prop_assert!(e.offset().is_some_and(|o| o <= input.len()));
        }
    }
    prop_assert_eq!(UriRef::parse(input).is_ok(), validate(input).is_ok());
    prop_assert_eq!(UriRef::parse_uri(input).is_ok(), weburl_rfc3986::validate_uri(input).is_ok());
    prop_assert_eq!(rules::is_uri_reference(input), validate(input).is_ok());
    let _ = remove_dot_segments(input);
    for predicate in [
        rules::is_scheme,
        rules::is_authority,
        rules::is_userinfo,
        rules::is_host,
        rules::is_port,
        rules::is_ip_literal,
        rules::is_ipvfuture,
        rules::is_ipv6_address,
        rules::is_h16,
        rules::is_ls32,
        rules::is_ipv4_address,
        rules::is_dec_octet,
        rules::is_reg_name,
        rules::is_path_abempty,
        rules::is_path_absolute,
        rules::is_path_noscheme,
        rules::is_path_rootless,
        rules::is_path_empty,
        rules::is_segment,
        rules::is_segment_nz,
        rules::is_segment_nz_nc,
        rules::is_pchar,
        rules::is_query,
        rules::is_fragment,
        rules::is_pct_encoded,
        rules::is_absolute_uri,
        rules::is_relative_ref,
        rules::is_uri,
    ] {
        let _ = predicate(input);
    }
    if let Ok(r) = UriRef::parse(input) {
        let once = r.normalized();
        prop_assert_eq!(once.normalized(), once.clone());
        prop_assert!(r.equivalent(&once.as_uri_ref()));
        for base in ["http://a/b/c/d;p?q#f", "a:", "a:b/../../c"] {
            let target = UriRef::parse(base).unwrap().resolve(&r).unwrap();
            prop_assert!(UriRef::parse_uri(target.as_str()).is_ok(), "{}", target);
        }
        // A base without a scheme is refused.
        prop_assert!(UriRef::parse("//h/p").unwrap().resolve(&r).is_err());
        if r.is_uri() {
            let target = r.resolve(&UriRef::parse("../x/./y?q#f").unwrap()).unwrap();
            prop_assert!(UriRef::parse_uri(target.as_str()).is_ok(), "{}", target);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn no_entry_point_panics_on_long_input(input in long_uri_like()) {
        exercise_every_entry_point(&input)?;
    }
}

#[test]
fn no_entry_point_panics_on_huge_input() {
    let huge = [
        "a:".to_owned() + &"../".repeat(50_000),
        "http://h/".to_owned() + &"a/..".repeat(50_000),
        "/".repeat(100_000),
        format!("http://[{}]/", ":".repeat(100_000)),
        format!("http://[v{}.x]/", "F".repeat(100_000)),
        "http://h:".to_owned() + &"9".repeat(100_000),
        "%41".repeat(30_000),
        "%".repeat(100_000),
        "a".repeat(100_000) + ":",
        "?".to_owned() + &"é".repeat(50_000),
    ];
    for input in &huge {
        exercise_every_entry_point(input).unwrap();
    }
}
