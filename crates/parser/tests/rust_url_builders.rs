//! Differential tests of the rust-url-style builders against rust-url (`url` 2.5): over every
//! web-platform-tests urltestdata.json input that both parse to the same href, and a sample of
//! the benchmark URL lists, `query_pairs`, `query_pairs_mut` appends, `path_segments`,
//! `path_segments_mut` edits and `parse_with_params` must agree, wherever rust-url is right.
//!
//! "Right" means rust-url's result is a canonical href: the URL Standard's parser (ours, which
//! passes every WPT case) gives that very href back. Where rust-url's result is not (rust-url
//! writes `sc:/./` for a path `/`, and does not encode `^` in a path, which the current
//! standard's path percent-encode set holds), the case is tallied, and ours must still be
//! canonical.

use serde_json::Value;
use weburl_parser::Url;
use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

/// Whether `href` is canonical: it parses, to itself.
fn canonical(href: &str) -> bool {
    Url::parse(href).is_ok_and(|url| url.href() == href)
}

/// URL pairs (ours, rust-url's) that parse to the same href, and the input parsed without a
/// base (for `parse_with_params`) when there was none.
struct Corpus {
    pairs: Vec<(Url, url::Url, Option<String>)>,
}

fn corpus() -> Corpus {
    let mut pairs = Vec::new();
    let data = load_wpt_json("urltestdata.json");
    for case in data.as_array().expect("urltestdata.json is an array") {
        let Value::Object(case) = case else { continue };
        let Some(input) = case.get("input").and_then(Value::as_str) else { continue };
        let base = case.get("base").and_then(Value::as_str);
        let ours = match base {
            None => Url::parse(input),
            Some(base) => Url::parse(base).and_then(|b| b.join(input)),
        };
        let theirs = match base {
            None => url::Url::parse(input),
            Some(base) => url::Url::parse(base).and_then(|b| b.join(input)),
        };
        if let (Ok(ours), Ok(theirs)) = (ours, theirs)
            && ours.href() == theirs.as_str()
        {
            pairs.push((ours, theirs, base.is_none().then(|| input.to_owned())));
        }
    }
    let wpt = pairs.len();
    assert!(wpt > 500, "only {wpt} WPT inputs parse the same in both");
    for list in BENCH_LISTS {
        // Every 25th line: about 4,400 URLs of the four lists.
        for line in load_bench_list(list).lines().step_by(25) {
            if let (Ok(ours), Ok(theirs)) = (Url::parse(line), url::Url::parse(line))
                && ours.href() == theirs.as_str()
            {
                pairs.push((ours, theirs, Some(line.to_owned())));
            }
        }
    }
    eprintln!("rust_url_builders: {wpt} WPT URLs and {} benchmark URLs", pairs.len() - wpt);
    Corpus { pairs }
}

/// Counts of one comparison.
#[derive(Default)]
struct Count {
    agreed: usize,
    rust_url_wrong: usize,
    /// The edits where rust-url was not canonical, with a count and the first example each.
    wrong_by_edit: std::collections::BTreeMap<&'static str, (usize, String)>,
    failures: Vec<String>,
}

impl Count {
    /// Compares our href with rust-url's after the same edit of `start`.
    fn hrefs(&mut self, what: &'static str, start: &str, ours: &str, theirs: &str) {
        if !canonical(ours) {
            self.failures.push(format!("{what} on {start:?}: ours {ours:?} is not canonical"));
        } else if ours == theirs {
            self.agreed += 1;
        } else if canonical(theirs) {
            self.failures.push(format!("{what} on {start:?}: ours {ours:?}, rust-url {theirs:?}"));
        } else if Url::parse(theirs).map(|url| url.into_string()).as_deref() != Ok(ours) {
            // rust-url's href is not canonical, but must still mean our URL.
            self.failures.push(format!(
                "{what} on {start:?}: ours {ours:?}, rust-url {theirs:?} (which reparses otherwise)"
            ));
        } else {
            self.rust_url_wrong += 1;
            let example = format!("{start:?}: ours {ours:?}, rust-url {theirs:?}");
            self.wrong_by_edit.entry(what).or_insert((0, example)).0 += 1;
        }
    }

    fn finish(self, name: &str, minimum: usize) {
        eprintln!(
            "{name}: {} agreed, {} where rust-url is not canonical, {} failed",
            self.agreed,
            self.rust_url_wrong,
            self.failures.len()
        );
        for (edit, (n, example)) in &self.wrong_by_edit {
            eprintln!("  {edit}: rust-url not canonical {n} times, e.g. {example}");
        }
        assert!(self.failures.is_empty(), "{name}:\n{}", self.failures.join("\n"));
        assert!(self.agreed >= minimum, "{name}: only {} comparisons", self.agreed);
    }
}

#[test]
fn query_pairs_agree() {
    let mut count = Count::default();
    for (ours, theirs, _) in &corpus().pairs {
        let a: Vec<(String, String)> = ours.query_pairs().into_owned().collect();
        let b: Vec<(String, String)> = theirs.query_pairs().into_owned().collect();
        if a == b {
            count.agreed += 1;
        } else {
            count.failures.push(format!("{}: ours {a:?}, rust-url {b:?}", ours.href()));
        }
    }
    count.finish("query_pairs", 1000);
}

/// The query edits compared: each a name and the same calls on both appenders.
type QueryEdit = (
    &'static str,
    fn(&mut weburl_parser::QueryPairsMut<'_>),
    fn(&mut url::form_urlencoded::Serializer<'_, url::UrlQuery<'_>>),
);

/// A name or value longer than the appenders' stack buffer, with runs left as they are (one
/// longer than the buffer too) and bytes that encode.
fn long_text() -> String {
    format!("{}{}", "a b&\u{E9}~".repeat(40), "x".repeat(300))
}

const QUERY_EDITS: [QueryEdit; 6] = [
    ("nothing", |_| {}, |_| {}),
    (
        "append_pair",
        |q| _ = q.append_pair("a b", "c&d=\u{E9}~").append_pair("", ""),
        |q| _ = q.append_pair("a b", "c&d=\u{E9}~").append_pair("", ""),
    ),
    (
        "append_key_only",
        |q| _ = q.append_key_only("k*-._!").append_key_only("\u{1F600} +"),
        |q| _ = q.append_key_only("k*-._!").append_key_only("\u{1F600} +"),
    ),
    (
        "extend",
        |q| _ = q.extend_pairs([("x", "%41"), ("y", "#?/")]).extend_keys_only::<_, &str>(["z"]),
        |q| _ = q.extend_pairs([("x", "%41"), ("y", "#?/")]).extend_keys_only::<_, &str>(["z"]),
    ),
    (
        "clear",
        |q| _ = q.clear().append_pair("only", "1"),
        |q| _ = q.clear().append_pair("only", "1"),
    ),
    (
        "append long",
        |q| _ = q.append_pair(&long_text(), &long_text()).append_key_only(&long_text()),
        |q| _ = q.append_pair(&long_text(), &long_text()).append_key_only(&long_text()),
    ),
];

#[test]
fn query_pairs_mut_agrees() {
    let mut count = Count::default();
    let mut prefix_kept = 0;
    for (ours, theirs, _) in &corpus().pairs {
        for (name, edit_ours, edit_theirs) in QUERY_EDITS {
            let (mut a, mut b) = (ours.clone(), theirs.clone());
            edit_ours(&mut a.query_pairs_mut());
            edit_theirs(&mut b.query_pairs_mut());
            count.hrefs(name, ours.href(), a.href(), b.as_str());
            if name != "clear" {
                let old = ours.query().unwrap_or("");
                assert!(a.query().is_some_and(|q| q.starts_with(old)), "{name} on {ours:?}");
                assert_eq!(a.fragment(), ours.fragment());
                prefix_kept += 1;
            }
        }
    }
    assert!(prefix_kept > 0);
    count.finish("query_pairs_mut", 5000);
}

#[test]
fn path_segments_agree() {
    let mut count = Count::default();
    let mut empty_paths = 0;
    for (ours, theirs, _) in &corpus().pairs {
        let a = ours.path_segments().map(Iterator::collect::<Vec<_>>);
        let b = theirs.path_segments().map(Iterator::collect::<Vec<_>>);
        if a == b {
            count.agreed += 1;
            // Both ends agree too.
            let back = ours.path_segments().map(|s| s.rev().collect::<Vec<_>>());
            let mut forth = a.clone();
            if let Some(v) = forth.as_mut() {
                v.reverse();
            }
            assert_eq!(back, forth, "{}", ours.href());
        } else if a == Some(Vec::new()) && b.is_none() && ours.pathname().is_empty() {
            // A host and an empty path: no segments here, `None` in rust-url (documented).
            empty_paths += 1;
        } else {
            count.failures.push(format!("{}: ours {a:?}, rust-url {b:?}", ours.href()));
        }
    }
    eprintln!("path_segments: {empty_paths} empty paths after a host (None in rust-url)");
    count.finish("path_segments", 1000);
}

/// The path edits compared, as in [`QUERY_EDITS`].
type PathEdit =
    (&'static str, fn(&mut weburl_parser::PathSegmentsMut<'_>), fn(&mut url::PathSegmentsMut<'_>));

const PATH_EDITS: [PathEdit; 10] = [
    ("push", |p| _ = p.push("a b/c%d?e#f\\g").push(""), |p| _ = p.push("a b/c%d?e#f\\g").push("")),
    ("push ^", |p| _ = p.push("x^y|z"), |p| _ = p.push("x^y|z")),
    ("pop", |p| _ = p.pop(), |p| _ = p.pop()),
    ("pop twice, push", |p| _ = p.pop().pop().push("x"), |p| _ = p.pop().pop().push("x")),
    ("pop_if_empty, push", |p| _ = p.pop_if_empty().push("y"), |p| _ = p.pop_if_empty().push("y")),
    ("clear, push", |p| _ = p.clear().push("z"), |p| _ = p.clear().push("z")),
    ("clear", |p| _ = p.clear(), |p| _ = p.clear()),
    (
        "clear, push drive letters",
        |p| _ = p.clear().push("C|").push("d|"),
        |p| _ = p.clear().push("C|").push("d|"),
    ),
    (
        "push long",
        |p| _ = p.push(&long_text()).push("y").push(&long_text()),
        |p| _ = p.push(&long_text()).push("y").push(&long_text()),
    ),
    (
        "extend with dots",
        |p| _ = p.extend(["p", "..", ".", "%2e", "\u{E9}", "C|"]),
        |p| _ = p.extend(["p", "..", ".", "%2e", "\u{E9}", "C|"]),
    ),
];

#[test]
fn path_segments_mut_agrees() {
    let mut count = Count::default();
    for (ours, theirs, _) in &corpus().pairs {
        for (name, edit_ours, edit_theirs) in PATH_EDITS {
            let (mut a, mut b) = (ours.clone(), theirs.clone());
            match (a.path_segments_mut(), b.path_segments_mut()) {
                (Ok(mut pa), Ok(mut pb)) => {
                    edit_ours(&mut pa);
                    edit_theirs(&mut pb);
                }
                (Err(()), Err(())) => continue,
                (x, y) => {
                    panic!("{name} on {ours:?}: ours {:?}, rust-url {:?}", x.is_ok(), y.is_ok())
                }
            }
            count.hrefs(name, ours.href(), a.href(), b.as_str());
            assert_eq!((a.query(), a.fragment()), (ours.query(), ours.fragment()), "{name}");
        }
    }
    count.finish("path_segments_mut", 5000);
}

#[test]
fn parse_with_params_agrees() {
    let mut count = Count::default();
    let params = [("q", "rust url"), ("lang", "\u{E9}n"), ("", "&=")];
    for (_, _, input) in &corpus().pairs {
        let Some(input) = input else { continue };
        let ours = Url::parse_with_params(input, &params);
        let theirs = url::Url::parse_with_params(input, &params);
        match (ours, theirs) {
            (Ok(a), Ok(b)) => count.hrefs("parse_with_params", input, a.href(), b.as_str()),
            (a, b) => count.failures.push(format!("{input:?}: ours {a:?}, rust-url {b:?}")),
        }
    }
    count.finish("parse_with_params", 1000);
}
