//! What bounds matching time (crate docs, "Regular expressions"): repeated `*` groups, whose
//! generated expressions backtrack exponentially in `regress`, are matched directly in
//! polynomial time when case matters, with the engine's result.

use weburl_pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};

fn pathname(p: &str) -> UrlPattern {
    UrlPattern::from_init(&UrlPatternInit::default().with_pathname(p), UrlPatternOptions::default())
        .unwrap()
}

#[test]
fn repeated_wildcards_fail_long_paths_at_once() {
    // 10.8 s on a 20-byte path through `regress`; here 100 bytes, cubic time in the direct
    // matcher (three `*` groups).
    let p = pathname("/*+*+*+x");
    let long = format!("https://h/{}", "a".repeat(100));
    let start = std::time::Instant::now();
    assert!(!p.test(long.as_str(), None).unwrap());
    assert!(p.exec(long.as_str(), None).unwrap().is_none());
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
}

#[test]
fn repeated_wildcards_keep_the_engines_groups() {
    // `^\/((?:.*)+)((?:.*)+)((?:.*)+)x$`: the first group is greedy, the others empty.
    let r = pathname("/*+*+*+x").exec("https://h/ab/cx", None).unwrap().unwrap();
    assert_eq!(r.pathname.group("0"), Some("ab/c"));
    assert_eq!(r.pathname.group("1"), Some(""));
    assert_eq!(r.pathname.group("2"), Some(""));
    // `/*` with `*`: `(?:\/((?:.*)(?:\/(?:.*))*))?`, absent on the empty path.
    let p = pathname("/foo/**");
    let r = p.exec("https://h/foo/", None).unwrap().unwrap();
    assert_eq!(r.pathname.group("0"), Some(""));
    let r = p.exec("https://h/foo/a/b", None).unwrap().unwrap();
    assert_eq!(r.pathname.group("0"), Some("a/b"));
    let names: Vec<&str> = r.pathname.groups.iter().map(|(n, _)| &**n).collect();
    assert_eq!(names, ["0"]);
}

#[test]
fn fuzz_timeout_two_adjacent_wildcards_in_a_pathname() {
    // Found by the `pattern` fuzz target (fuzz2 round, before the direct matcher handled
    // adjacent `*` groups): protocol `*`, hostname `*`, pathname `**z/foo/bar`, search `*'`,
    // hash `*` against this URL ran for over a minute in `regress`; now microseconds.
    let init = UrlPatternInit {
        protocol: Some("*".into()),
        hostname: Some("*".into()),
        pathname: Some("**z/foo/bar".into()),
        search: Some("*'".into()),
        hash: Some("*".into()),
        ..UrlPatternInit::default()
    };
    let p = UrlPattern::from_init(&init, UrlPatternOptions::default()).unwrap();
    let input = "https:/amps:/ample.com/example.com-foo/bar?1.2.3.4.ry#oth";
    let start = std::time::Instant::now();
    assert!(!p.test(input, None).unwrap());
    assert!(p.exec(input, None).unwrap().is_none());
    assert!(start.elapsed() < std::time::Duration::from_secs(5), "{:?}", start.elapsed());
}
