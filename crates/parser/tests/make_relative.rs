//! `make_relative` joins back: a property test over generated URL pairs (same and different
//! scheme, credentials, host, port; paths with `..`, `.`, empty segments, `:`, drive letters,
//! trailing slashes; queries; fragments; opaque paths; file URLs), and a comparison with
//! rust-url where its answer is right.

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use weburl_parser::{Position, Url};

/// The parts a URL is built from; `host: None` is a null host.
#[derive(Clone, Debug)]
struct Parts {
    scheme: &'static str,
    credentials: &'static str,
    host: Option<&'static str>,
    port: &'static str,
    path: Vec<&'static str>,
    query: Option<&'static str>,
    fragment: Option<&'static str>,
}

impl Parts {
    fn href(&self) -> String {
        let mut out = format!("{}:", self.scheme);
        let opaque = self.scheme == "mailto";
        if let (Some(host), false) = (self.host, opaque) {
            out.push_str("//");
            if self.scheme != "file" {
                out.push_str(self.credentials);
            }
            out.push_str(host);
            if self.scheme != "file" {
                out.push_str(self.port);
            }
        }
        for (i, segment) in self.path.iter().enumerate() {
            if !(opaque && i == 0) {
                out.push('/');
            }
            out.push_str(segment);
        }
        if opaque && self.path.is_empty() {
            out.push('x');
        }
        if let Some(query) = self.query {
            out.push('?');
            out.push_str(query);
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            out.push_str(fragment);
        }
        out
    }
}

fn parts() -> impl Strategy<Value = Parts> {
    (
        prop::sample::select(vec!["http", "https", "file", "sc", "mailto"]),
        prop::sample::select(vec!["", "", "u@", "u:p@", ":p@"]),
        prop::option::weighted(0.85, prop::sample::select(vec!["h", "g", "", "localhost"])),
        prop::sample::select(vec!["", "", ":80", ":8080"]),
        prop::collection::vec(
            prop::sample::select(vec![
                "a", "b", "c", "..", ".", "", "", "c:d", "C:", "C|", "%2e", "x%20y", "é", "a@b",
            ]),
            0..5,
        ),
        prop::option::of(prop::sample::select(vec!["", "q", "a=b&c", "x?y"])),
        prop::option::of(prop::sample::select(vec!["", "f", "g#h", "a b"])),
    )
        .prop_map(|(scheme, credentials, host, port, path, query, fragment)| Parts {
            scheme,
            credentials,
            host,
            port,
            path,
            query,
            fragment,
        })
}

/// A base and a target that share each part with a good chance, so that most pairs have the
/// same scheme and authority and differ in the path, query or fragment.
fn pair() -> impl Strategy<Value = (Parts, Parts)> {
    (parts(), parts(), prop::collection::vec(prop::bool::weighted(0.7), 7)).prop_map(
        |(base, other, keep)| {
            let pick = |i: usize| keep[i];
            let target = Parts {
                scheme: if pick(0) { base.scheme } else { other.scheme },
                credentials: if pick(1) { base.credentials } else { other.credentials },
                host: if pick(2) { base.host } else { other.host },
                port: if pick(3) { base.port } else { other.port },
                path: if pick(4) { base.path.clone() } else { other.path },
                query: if pick(5) { base.query } else { other.query },
                fragment: if pick(6) { base.fragment } else { other.fragment },
            };
            (base, target)
        },
    )
}

/// Checks one pair; `Err` describes a broken property.
fn check(base: &Url, target: &Url) -> Result<Option<String>, String> {
    let answer = base.make_relative(target);
    if let Some(rel) = &answer {
        match base.join(rel) {
            Ok(joined) if joined.href() == target.href() => {}
            other => {
                return Err(format!(
                    "{} -> {}: {rel:?} joins to {:?}",
                    base.href(),
                    target.href(),
                    other.map(Url::into_string)
                ));
            }
        }
    }
    let same_authority = base[..Position::AfterPort] == target[..Position::AfterPort];
    let hierarchical = !base.has_opaque_path() && !target.has_opaque_path();
    let fragment_only = base.has_opaque_path()
        && target.fragment().is_some()
        && base[..Position::AfterQuery] == target[..Position::AfterQuery];
    let expected = same_authority && (hierarchical || fragment_only);
    if expected != answer.is_some() {
        return Err(format!(
            "{} -> {}: expected an answer: {expected}, got {answer:?}",
            base.href(),
            target.href()
        ));
    }
    Ok(answer)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8192))]

    #[test]
    fn answers_join_back((base, target) in pair()) {
        let (Ok(base), Ok(target)) = (Url::parse(&base.href()), Url::parse(&target.href())) else {
            return Ok(());
        };
        if let Err(message) = check(&base, &target) {
            prop_assert!(false, "{}", message);
        }
        // Either way round.
        if let Err(message) = check(&target, &base) {
            prop_assert!(false, "{}", message);
        }
    }
}

#[test]
fn generated_pairs_mostly_have_answers() {
    // The property above is only as strong as the share of pairs with a `Some` answer.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut pairs, mut answers, mut rust_url_wrong) = (0, 0, 0);
    for _ in 0..2000 {
        let (base, target) = pair().new_tree(&mut runner).unwrap().current();
        let (Ok(base), Ok(target)) = (Url::parse(&base.href()), Url::parse(&target.href())) else {
            continue;
        };
        pairs += 1;
        answers += usize::from(check(&base, &target).unwrap().is_some());
        let theirs = url::Url::parse(base.href())
            .ok()
            .zip(url::Url::parse(target.href()).ok())
            .and_then(|(b, t)| b.make_relative(&t));
        if theirs.is_some() && rust_url_answer(base.href(), target.href()).is_none() {
            rust_url_wrong += 1;
        }
    }
    assert!(pairs > 1500 && answers * 3 > pairs, "{answers} answers for {pairs} pairs");
    eprintln!(
        "make_relative: {answers} answers for {pairs} generated pairs, all joining back; \
         rust-url answers {rust_url_wrong} of them with a string that does not"
    );
}

/// rust-url's answer for the pair, where it is right (it joins back by the standard).
fn rust_url_answer(base: &str, target: &str) -> Option<String> {
    let theirs = url::Url::parse(base).ok()?.make_relative(&url::Url::parse(target).ok()?)?;
    let joined = Url::parse(base).ok()?.join(&theirs).ok()?;
    (joined.href() == Url::parse(target).ok()?.href()).then_some(theirs)
}

#[test]
fn simple_cases_agree_with_rust_url() {
    let cases = [
        ("https://example.net/a/b.html", "https://example.net/a/c.png"),
        ("https://example.net/a/b/", "https://example.net/a/b/c.png"),
        ("https://example.net/a/b/", "https://example.net/a/d/c.png"),
        ("https://example.net/a/b.html?c=d", "https://example.net/a/b.html?e=f"),
        ("https://example.net/a/b/c/d", "https://example.net/a/x/y"),
        ("https://example.net/a/b", "https://example.net/a/b#frag"),
        ("https://example.net/", "https://example.net/x/y/z"),
        ("https://example.net/x/y/z", "https://example.net/x/y/w?q#f"),
        ("http://h:8080/a/b", "http://h:8080/c"),
        ("file:///home/me/a.txt", "file:///home/me/docs/b.txt"),
        ("file:///home/me/a.txt", "file:///etc/hosts"),
    ];
    for (base, target) in cases {
        let ours = Url::parse(base).unwrap().make_relative(&Url::parse(target).unwrap());
        let theirs = rust_url_answer(base, target);
        assert!(theirs.is_some(), "rust-url is wrong on {base} -> {target}: pick another case");
        assert_eq!(ours, theirs, "{base} -> {target}");
    }
    // Where rust-url's answer is longer than needed.
    let base = Url::parse("https://example.net/a/b?q").unwrap();
    let target = Url::parse("https://example.net/a/b?q#frag").unwrap();
    assert_eq!(base.make_relative(&target).as_deref(), Some("#frag"));
    assert_eq!(rust_url_answer(base.href(), target.href()).as_deref(), Some("?q#frag"));
    // Where rust-url has no answer, or a wrong one, and ours joins back.
    for (base, target) in [
        ("https://h/a/b", "https://h/a//x"),
        ("https://h/a/b", "https://h/c:d"),
        ("file:///C:/a", "file:///x"),
        ("sc://h/a", "sc://h"),
        ("mailto:a", "mailto:a#f"),
    ] {
        let base = Url::parse(base).unwrap();
        let target = Url::parse(target).unwrap();
        let ours = check(&base, &target).unwrap();
        assert!(ours.is_some(), "{} -> {}", base.href(), target.href());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// Wherever rust-url's answer is right, we have one too (not always the same string: for
    /// `file:///a` to `file:///` rust-url says `/` and we say `./`).
    #[test]
    fn answers_where_rust_url_has_one((base, target) in pair()) {
        let (base, target) = (base.href(), target.href());
        let (Ok(ours_base), Ok(ours_target)) = (Url::parse(&base), Url::parse(&target)) else {
            return Ok(());
        };
        let Some(theirs) = rust_url_answer(&base, &target) else { return Ok(()) };
        let ours = ours_base.make_relative(&ours_target);
        prop_assert!(ours.is_some(), "{} -> {}: rust-url {:?}, ours None", base, target, theirs);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// On URLs from arbitrary strings too: no panic, and every answer joins back.
    #[test]
    fn arbitrary_pairs_join_back(
        base in "(https?|file|sc|mailto):(//)?[a-c0-9@:./?#% ]{0,16}",
        target in "(https?|file|sc|mailto):(//)?[a-c0-9@:./?#% ]{0,16}",
    ) {
        let (Ok(base), Ok(target)) = (Url::parse(&base), Url::parse(&target)) else {
            return Ok(());
        };
        if let Err(message) = check(&base, &target) {
            prop_assert!(false, "{}", message);
        }
    }
}

/// Real URLs: the benchmark lists, sorted so that neighbours share a host and much of a path
/// (most pairs take the answers that are not joined to check them, in release builds). Every
/// answer joins back, and wherever rust-url's answer is right we have one.
#[test]
fn benchmark_list_neighbours_join_back() {
    let (mut pairs, mut answers, mut rust_url_right) = (0, 0, 0);
    for list in weburl_test_support::BENCH_LISTS {
        let mut urls: Vec<Url> = weburl_test_support::load_bench_list(list)
            .lines()
            .step_by(3)
            .filter_map(|line| Url::parse(line).ok())
            .collect();
        urls.sort_by(|a, b| a.href().cmp(b.href()));
        for pair in urls.windows(2) {
            let (base, target) = (&pair[0], &pair[1]);
            pairs += 1;
            let ours = check(base, target).unwrap_or_else(|message| panic!("{message}"));
            answers += usize::from(ours.is_some());
            if rust_url_answer(base.href(), target.href()).is_some() {
                rust_url_right += 1;
                assert!(ours.is_some(), "{} -> {}", base.href(), target.href());
            }
            // Backwards too: a target above the base's directory.
            check(target, base).unwrap_or_else(|message| panic!("{message}"));
        }
    }
    eprintln!(
        "make_relative: {answers} answers for {pairs} neighbours ({rust_url_right} by rust-url)"
    );
    assert!(answers * 2 > pairs, "{answers} answers for {pairs} pairs");
}
