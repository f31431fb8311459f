//! Bad input never panics: arbitrary pattern strings (dense in pattern syntax), dictionaries
//! and URLs either work or give a typed error, and syntax errors point inside the component
//! pattern they are about.

use proptest::prelude::*;
use weburl_pattern::{Component, PatternError, UrlPattern, UrlPatternInit, UrlPatternOptions};

/// Strings made mostly of the characters that mean something to the tokenizer, the
/// constructor string parser, URLs and regular expressions.
fn syntax_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        prop::sample::select(vec![
            "/",
            ":",
            "*",
            "?",
            "+",
            "(",
            ")",
            "{",
            "}",
            "[",
            "]",
            "\\",
            "#",
            "@",
            ".",
            "|",
            "^",
            "$",
            "-",
            "a",
            "Z",
            "0",
            "9",
            "%",
            "%2",
            " ",
            "\t",
            "\u{e9}",
            "\u{ffff}",
            "\u{1f600}",
            "https",
            "://",
            "(?:",
            "(?=",
            "\\d",
            "[^",
            "]+?",
            ":id",
            "{x}?",
        ])
        .prop_map(String::from),
        "\\PC{0,3}",
    ];
    prop::collection::vec(piece, 0..16).prop_map(|v| v.concat())
}

fn check_error(err: &PatternError, init: &UrlPatternInit) {
    // Display never panics and says something.
    assert!(!err.to_string().is_empty());
    if let PatternError::Syntax { component: Some(c), at, .. }
    | PatternError::DuplicateGroupName { component: Some(c), at } = *err
    {
        // Positions are inside the pattern string the component was compiled from, which is
        // at most the given value plus what the base URL and processing add.
        let _ = (c, at);
        if let Some(value) = init.get(c) {
            assert!(at <= value.len() + 2, "{err:?} for {value:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn constructor_strings_never_panic(s in syntax_soup(), base in prop::option::of(syntax_soup())) {
        let options = UrlPatternOptions::default().ignore_case(s.len() % 2 == 0);
        match UrlPattern::parse(&s, base.as_deref(), options) {
            Ok(p) => {
                let _ = p.test(s.as_str(), base.as_deref());
                let _ = p.exec(s.as_str(), base.as_deref());
                // A pattern's own component strings compile again to the same strings.
                let mut init = UrlPatternInit::default();
                for c in Component::ALL {
                    *slot(&mut init, c) = Some(p.component(c).to_string());
                }
                let again = UrlPattern::from_init(&init, options);
                prop_assert!(again.is_ok(), "{:?} from {:?}", again, s);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn dictionaries_never_panic(
        values in prop::collection::vec(prop::option::of(syntax_soup()), 8),
        url in syntax_soup(),
    ) {
        let mut init = UrlPatternInit::default();
        for (c, v) in Component::ALL.into_iter().zip(values) {
            *slot(&mut init, c) = v;
        }
        match UrlPattern::from_init(&init, UrlPatternOptions::default()) {
            Ok(p) => {
                let _ = p.test(url.as_str(), None);
                let _ = p.exec(&init, None);
                prop_assert_eq!(p.test(&init, Some("https://a/")), Err(PatternError::BaseUrlWithInit));
            }
            Err(e) => check_error(&e, &init),
        }
    }

    #[test]
    fn regexp_groups_never_panic(re in syntax_soup(), input in "\\PC{0,12}") {
        let init = UrlPatternInit::default().with_pathname(format!("/({re})"));
        if let Ok(p) = UrlPattern::from_init(&init, UrlPatternOptions::default()) {
            let _ = p.exec(format!("https://h/{input}").as_str(), None);
        }
    }
}

fn slot(init: &mut UrlPatternInit, c: Component) -> &mut Option<String> {
    match c {
        Component::Protocol => &mut init.protocol,
        Component::Username => &mut init.username,
        Component::Password => &mut init.password,
        Component::Hostname => &mut init.hostname,
        Component::Port => &mut init.port,
        Component::Pathname => &mut init.pathname,
        Component::Search => &mut init.search,
        Component::Hash => &mut init.hash,
    }
}

#[test]
fn typed_errors_with_what_and_where() {
    let err =
        UrlPattern::parse("https://h/a/(\\d+", None, UrlPatternOptions::default()).unwrap_err();
    assert!(
        matches!(err, PatternError::Syntax { component: Some(Component::Pathname), at: 3, .. }),
        "{err:?}"
    );
    let err = UrlPattern::parse("https://h/:a/:a", None, UrlPatternOptions::default()).unwrap_err();
    assert_eq!(
        err,
        PatternError::DuplicateGroupName { component: Some(Component::Pathname), at: 4 }
    );
    let err = UrlPattern::parse("https://h/([)", None, UrlPatternOptions::default()).unwrap_err();
    assert_eq!(err, PatternError::InvalidRegExp { component: Some(Component::Pathname) });
    let err = UrlPattern::parse("https://h:99999", None, UrlPatternOptions::default()).unwrap_err();
    assert_eq!(err, PatternError::InvalidComponent { component: Some(Component::Port) });
    assert_eq!(
        UrlPattern::parse("/x", None, UrlPatternOptions::default()).unwrap_err(),
        PatternError::MissingProtocol
    );
    assert_eq!(
        UrlPattern::parse("/x", Some("not a url"), UrlPatternOptions::default()).unwrap_err(),
        PatternError::InvalidBaseUrl
    );
    let long = format!("https://h/{}", "a".repeat(weburl_pattern::MAX_PATTERN_LEN));
    assert_eq!(
        UrlPattern::parse(&long, None, UrlPatternOptions::default()).unwrap_err(),
        PatternError::TooLong { component: Some(Component::Pathname) }
    );
}
