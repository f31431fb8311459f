//! What bounds matching time (crate docs, "Regular expressions"): repeated `*` groups, whose
//! generated expressions backtrack exponentially in `regress`, are matched directly in
//! polynomial time (with ignoreCase too, on ASCII input), with the engine's result; repeated
//! wildcards that reach the engine run as single quantifiers; adjacent groups are searched once
//! per position.

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

/// Time of `test` and `exec` of `p` on the failing `input`, which must not match.
fn time_failing(p: &UrlPattern, input: &str) -> std::time::Duration {
    let start = std::time::Instant::now();
    assert!(!p.test(input, None).unwrap());
    assert!(p.exec(input, None).unwrap().is_none());
    start.elapsed()
}

fn pathname_with(p: &str, ignore_case: bool) -> UrlPattern {
    let options = UrlPatternOptions::default().ignore_case(ignore_case);
    UrlPattern::from_init(&UrlPatternInit::default().with_pathname(p), options).unwrap()
}

#[test]
fn repeated_wildcards_with_ignore_case_or_a_regexp_group() {
    // These reach the engine; it runs `(.*)` for each repeated `*` group, not the standard's
    // `((?:.*)+)`, which backtracks exponentially (the same result, see regexp_gen.rs).
    let long = format!("https://h/{}", "a".repeat(100));
    for p in [pathname_with("/*+*+*+x", true), pathname_with("/*+*+*+(x)", false)] {
        let elapsed = time_failing(&p, &long);
        assert!(elapsed < std::time::Duration::from_secs(5), "{:?}", elapsed);
    }
    let r = pathname_with("/*+*+*+x", true).exec("https://h/ab/cX", None).unwrap().unwrap();
    assert_eq!((r.pathname.group("0"), r.pathname.group("1")), (Some("ab/c"), Some("")));
}

#[test]
fn repeated_named_groups_without_a_prefix() {
    // `/x:a+y`: the standard's `((?:[^\/]+?)+)` before a failing `y`; the engine runs
    // `([^\/]+)`, which tries the same ends in the same order.
    let p = pathname_with("/x:a+y", false);
    let elapsed = time_failing(&p, &format!("https://h/x{}", "a".repeat(60)));
    assert!(elapsed < std::time::Duration::from_secs(5), "{:?}", elapsed);
    let r = p.exec("https://h/xaby", None).unwrap().unwrap();
    assert_eq!(r.pathname.group("a"), Some("ab"));
    let r = pathname_with("/x:a*y", false).exec("https://h/xy", None).unwrap().unwrap();
    assert_eq!(r.pathname.group("a"), Some(""));
}

#[test]
fn adjacent_named_groups_are_polynomial() {
    // Eight adjacent `:name` groups: length^8 steps by plain backtracking, with or without
    // ignoreCase (which now also takes the direct matcher on ASCII input).
    let groups: String = (0..8).map(|i| format!(":g{i}")).collect();
    let long = format!("https://h/{}", "a".repeat(80));
    for ignore_case in [false, true] {
        let p = pathname_with(&format!("/{groups}\\x"), ignore_case);
        let elapsed = time_failing(&p, &long);
        assert!(elapsed < std::time::Duration::from_secs(5), "{:?}", elapsed);
    }
    let p = pathname_with(&format!("/{groups}\\x"), true);
    let r = p.exec("https://h/abcdefghX", None).unwrap().unwrap();
    assert_eq!((r.pathname.group("g0"), r.pathname.group("g7")), (Some("a"), Some("h")));
}
