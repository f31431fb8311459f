//! Differential property test against the `urlpattern` crate (0.6, built on rust-url and the
//! `regex` crate) on generated route patterns and URLs: both must agree on whether a pattern
//! compiles, on its normalized component strings, on `test`, and on `exec`'s groups.
//!
//! Known, investigated disagreements are excluded by the generator, each with the reason and
//! which side the standard supports:
//! - Regexp groups whose meaning differs between ECMAScript and the `regex` crate (`\w` with
//!   Unicode, lookarounds, backreferences, `v`-flag class syntax) are not generated: the
//!   standard calls for ECMAScript (`RegExpCreate` with the `v` flag), which `regress` follows
//!   and `regex` does not; WPT's `(\m)` and `(\H)` cases (invalid identity escapes under `v`)
//!   are where `urlpattern` 0.6 fails the suite.
//! - An unescaped `/` (or `(`, `)`, `{`, `}`, `|`, `-` as a literal) inside a character class,
//!   e.g. `([^/]+)`: the `v` flag makes these `ClassSetSyntaxCharacter`s that must be escaped,
//!   so `RegExpCreate` throws and the standard's constructor fails (we do); `urlpattern` 0.6
//!   accepts it. The generator writes `[^\/]+` instead; `v_flag_class_syntax_is_enforced`
//!   below pins our side.
//! - Hostnames that rust-url and the URL Standard treat differently (WPT URL failures of
//!   rust-url) are not generated; the hostnames here are plain ASCII labels.

use proptest::prelude::*;
use weburl_pattern::{UrlPattern, UrlPatternOptions};

/// A path segment pattern: fixed text, a named group, a wildcard or a regexp group, with or
/// without a modifier.
fn segment() -> impl Strategy<Value = String> {
    let fixed = "[a-z0-9._~-]{1,6}";
    let name = "[a-z][a-z0-9_]{0,4}";
    let regexp = prop_oneof![
        Just("\\d+".to_string()),
        Just("[a-z]+".to_string()),
        Just(".*".to_string()),
        Just("[^\\/]+".to_string()),
        Just("a|b|cd".to_string()),
        Just("(?:x|y)z?".to_string()),
    ];
    let modifier = prop_oneof![Just(""), Just(""), Just("?"), Just("*"), Just("+")];
    prop_oneof![
        fixed.prop_map(|s| format!("/{s}")),
        (name, modifier.clone()).prop_map(|(n, m)| format!("/:{n}{m}")),
        (name, regexp.clone(), modifier.clone()).prop_map(|(n, r, m)| format!("/:{n}({r}){m}")),
        (regexp, modifier.clone()).prop_map(|(r, m)| format!("/({r}){m}")),
        Just("/*".to_string()),
        ("[a-z]{1,4}", name).prop_map(|(f, n)| format!("/{{{f}-:{n}}}?")),
        ("[a-z]{1,4}", modifier).prop_map(|(f, m)| format!("/{{{f}}}{m}")),
    ]
}

fn pathname_pattern() -> impl Strategy<Value = String> {
    prop::collection::vec(segment(), 0..5).prop_map(|v| v.concat())
}

fn hostname_pattern() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("example.com".to_string()),
        Just("*.example.com".to_string()),
        Just(":sub.example.com".to_string()),
        Just("{:sub.}?example.com".to_string()),
        "[a-z]{1,5}\\.[a-z]{2,3}".prop_map(|s| s),
    ]
}

fn url_path() -> impl Strategy<Value = String> {
    let seg = prop_oneof!["[a-z]{1,5}", "[0-9]{1,4}", "[a-z]{1,3}-[a-z]{1,3}", Just(String::new())];
    prop::collection::vec(seg, 0..5).prop_map(|v| {
        let mut s = String::new();
        for part in v {
            s.push('/');
            s.push_str(&part);
        }
        s
    })
}

fn url_host() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("example.com".to_string()),
        Just("api.example.com".to_string()),
        Just("a.b.example.com".to_string()),
        "[a-z]{1,5}\\.[a-z]{2,3}".prop_map(|s| s),
    ]
}

type Theirs = urlpattern::UrlPattern<regex::Regex>;

fn theirs(pattern: &str) -> Option<Theirs> {
    let init =
        urlpattern::UrlPatternInit::parse_constructor_string::<regex::Regex>(pattern, None).ok()?;
    Theirs::parse(init, urlpattern::UrlPatternOptions::default()).ok()
}

fn their_exec(p: &Theirs, url: &str) -> Option<Vec<(String, Option<String>)>> {
    let url = url::Url::parse(url).ok()?;
    let r = p.exec(urlpattern::UrlPatternMatchInput::Url(url)).ok()??;
    let mut groups: Vec<_> =
        r.hostname.groups.into_iter().map(|(k, v)| (format!("h:{k}"), v)).collect();
    groups.extend(r.pathname.groups.into_iter().map(|(k, v)| (format!("p:{k}"), v)));
    groups.sort();
    Some(groups)
}

fn our_exec(p: &UrlPattern, url: &str) -> Option<Vec<(String, Option<String>)>> {
    let r = p.exec(url, None).ok()??;
    let mut groups: Vec<_> =
        r.hostname.groups.into_iter().map(|(k, v)| (format!("h:{k}"), v)).collect();
    groups.extend(r.pathname.groups.into_iter().map(|(k, v)| (format!("p:{k}"), v)));
    groups.sort();
    Some(groups)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn agrees_with_urlpattern(
        host in hostname_pattern(),
        path in pathname_pattern(),
        urls in prop::collection::vec((url_host(), url_path()), 1..6),
    ) {
        let pattern = format!("https://{host}{path}");
        let ours = UrlPattern::parse(&pattern, None, UrlPatternOptions::default());
        let them = theirs(&pattern);
        prop_assert_eq!(ours.is_ok(), them.is_some(), "compiles: {}", pattern);
        let (Ok(ours), Some(them)) = (ours, them) else { return Ok(()) };
        prop_assert_eq!(ours.hostname(), them.hostname(), "hostname of {}", pattern);
        prop_assert_eq!(ours.pathname(), them.pathname(), "pathname of {}", pattern);
        prop_assert_eq!(ours.has_regexp_groups(), them.has_regexp_groups());
        for (h, p) in urls {
            let url = format!("https://{h}{p}");
            prop_assert_eq!(our_exec(&ours, &url), their_exec(&them, &url), "{} on {}", pattern, url);
            prop_assert_eq!(ours.test(url.as_str(), None).unwrap(), their_exec(&them, &url).is_some());
        }
    }
}

/// The `v` flag's class syntax (see the module docs): `urlpattern` 0.6 accepts these, the
/// standard's `RegExpCreate(..., "v")` throws.
#[test]
fn v_flag_class_syntax_is_enforced() {
    for pattern in ["https://h/([^/]+)", "https://h/([{])", "https://h/([a|b])"] {
        assert!(
            UrlPattern::parse(pattern, None, UrlPatternOptions::default()).is_err(),
            "{pattern}"
        );
        assert!(theirs(pattern).is_some(), "{pattern}");
    }
    assert!(UrlPattern::parse("https://h/([^\\/]+)", None, UrlPatternOptions::default()).is_ok());
}
