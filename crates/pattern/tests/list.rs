//! `UrlPatternList` gives exactly what calling `exec` on each pattern in insertion order gives,
//! with its literal-prefix filter and single URL parse.

use proptest::prelude::*;
use weburl_pattern::{UrlPattern, UrlPatternInit, UrlPatternList, UrlPatternOptions};

fn route() -> impl Strategy<Value = (Option<String>, String, bool)> {
    let seg = prop_oneof![
        "[a-c]{1,3}".prop_map(|s| format!("/{s}")),
        Just("/:x".to_string()),
        Just("/:y?".to_string()),
        Just("/*".to_string()),
        Just("/(\\d+)".to_string()),
        Just("{/b}?".to_string()),
    ];
    let host = prop_oneof![
        Just(None),
        Just(Some("a.example".to_string())),
        Just(Some("*.example".to_string())),
        Just(Some("{b.}?example".to_string())),
    ];
    (host, prop::collection::vec(seg, 0..4).prop_map(|v| v.concat()), any::<bool>())
}

fn url() -> impl Strategy<Value = String> {
    let host = prop::sample::select(vec!["a.example", "b.example", "example", "other.test"]);
    let seg = prop::sample::select(vec!["a", "ab", "b", "abc", "1", "42", "c"]);
    (host, prop::collection::vec(seg, 0..4))
        .prop_map(|(h, segs)| format!("https://{h}/{}", segs.join("/")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    #[test]
    fn list_equals_a_loop(routes in prop::collection::vec(route(), 1..8), urls in prop::collection::vec(url(), 1..8)) {
        let mut list = UrlPatternList::new();
        let mut patterns = Vec::new();
        for (host, path, ignore_case) in &routes {
            let mut init = UrlPatternInit::default().with_pathname(path.as_str());
            init.hostname = host.clone();
            let options = UrlPatternOptions::default().ignore_case(*ignore_case);
            let Ok(p) = UrlPattern::from_init(&init, options) else { continue };
            patterns.push(UrlPattern::from_init(&init, options).unwrap());
            list.push(p, path.clone());
        }
        for u in &urls {
            let expected: Vec<_> = patterns
                .iter()
                .enumerate()
                .filter_map(|(i, p)| p.exec(u.as_str(), None).unwrap().map(|r| (i, r)))
                .collect();
            let got: Vec<_> = list.all(u, None).map(|m| (m.index, m.result)).collect();
            prop_assert_eq!(&got, &expected);
            let first = list.first(u, None).map(|m| (m.index, m.result));
            prop_assert_eq!(first, expected.first().cloned());
            prop_assert_eq!(list.test_first(u, None), expected.first().map(|(i, _)| *i));
            let parsed = weburl_parser::Url::parse(u).unwrap();
            prop_assert_eq!(list.first_url(&parsed).map(|m| m.index), expected.first().map(|(i, _)| *i));
        }
    }
}

#[test]
fn relative_urls_and_unparsable_input() {
    let mut list = UrlPatternList::new();
    list.push(UrlPattern::parse("https://h/a/:id", None, UrlPatternOptions::default()).unwrap(), 1);
    let m = list.first("a/7", Some("https://h/")).unwrap();
    assert_eq!(m.result.pathname.group("id"), Some("7"));
    assert_eq!(m.result.inputs.len(), 2, "the URL and its base, as exec gives them");
    assert!(list.first("not a url", None).is_none());
    assert!(list.first("a/7", Some("not a base")).is_none());
    assert_eq!(list.all("https://h/b/7", None).count(), 0);
}
