//! Property tests of the rust-url-style builders: `query_pairs_mut` keeps the old query as a
//! prefix and its pairs come back from `query_pairs`; `path_segments_mut` edits follow a naive
//! model of the segment list; after every call the URL is valid (debug builds run
//! `check_invariants` inside each call), its href parses back to itself with the same
//! components, and nothing panics on any input (long, non-ASCII, controls).

use proptest::prelude::*;
use weburl_parser::Url;

/// Starts of URLs of every shape: special, file, non-special with a host (also an empty
/// path), null host with the `/.` prefix, opaque paths.
const STARTS: &[&str] = &[
    "https://example.org/",
    "http://h/a/b/",
    "file:///",
    "file:///C:/dir/",
    "file://host/share",
    "sc://h",
    "sc://h/a",
    "sc:/",
    "sc:/.//x",
    "web+demo:/.///",
    "sc:opaque",
    "mailto:a@b",
    "ws://x:8080",
];

/// Tails that add paths, queries and fragments.
const TAILS: &[&str] = &[
    "",
    "a",
    "/",
    "//",
    "b/",
    "?",
    "?a=1",
    "?x&y=",
    "?%zz&+=%2B",
    "?redirect_uri=https://app/cb&scope=a,b",
    "#",
    "#f",
    "#f?g",
    ".",
    "..",
    "%2e",
    "\\",
    "é",
    "^",
    " ",
    "C|",
    "&",
];

fn url() -> impl Strategy<Value = Url> {
    (prop::sample::select(STARTS), prop::collection::vec(prop::sample::select(TAILS), 0..5))
        .prop_filter_map("parses", |(start, tails)| {
            Url::parse(&format!("{start}{}", tails.concat())).ok()
        })
}

/// Text for names, values and segments: arbitrary, URL-ish pieces, and long runs.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        prop::collection::vec(prop::sample::select(TAILS), 0..6).prop_map(|t| t.concat()),
        prop::sample::select(vec![".", "..", "", "C|", "c:", "%", "%2e", "/", "?#", "\u{0}\t\n"])
            .prop_map(str::to_owned),
        (any::<String>(), 0..400usize).prop_map(|(s, n)| s.repeat(n.min(4000 / (s.len() + 1)))),
    ]
}

/// The components of `url`, to compare with those of its reparse.
fn parts(url: &Url) -> [String; 9] {
    [
        url.protocol(),
        url.username(),
        url.password(),
        url.host(),
        url.pathname(),
        url.search(),
        url.hash(),
        url.query().unwrap_or("<null>"),
        url.fragment().unwrap_or("<null>"),
    ]
    .map(str::to_owned)
}

/// The href parses back to itself, with the same components.
fn assert_canonical(url: &Url) -> Result<(), TestCaseError> {
    let reparsed = Url::parse(url.href());
    prop_assert!(reparsed.is_ok(), "{} does not parse", url.href());
    let reparsed = reparsed.unwrap();
    prop_assert_eq!(reparsed.href(), url.href());
    prop_assert_eq!(parts(&reparsed), parts(url));
    Ok(())
}

#[derive(Clone, Debug)]
enum QueryOp {
    Pair(String, String),
    Key(String),
    Pairs(Vec<(String, String)>),
    Keys(Vec<String>),
    Clear,
}

fn query_op() -> impl Strategy<Value = QueryOp> {
    prop_oneof![
        4 => (text(), text()).prop_map(|(n, v)| QueryOp::Pair(n, v)),
        2 => text().prop_map(QueryOp::Key),
        1 => prop::collection::vec((text(), text()), 0..3).prop_map(QueryOp::Pairs),
        1 => prop::collection::vec(text(), 0..3).prop_map(QueryOp::Keys),
        1 => Just(QueryOp::Clear),
    ]
}

fn apply_query_op(pairs: &mut weburl_parser::QueryPairsMut<'_>, op: &QueryOp) {
    match op {
        QueryOp::Pair(n, v) => _ = pairs.append_pair(n, v),
        QueryOp::Key(n) => _ = pairs.append_key_only(n),
        QueryOp::Pairs(list) => _ = pairs.extend_pairs(list),
        QueryOp::Keys(list) => _ = pairs.extend_keys_only::<_, String>(list.iter().cloned()),
        QueryOp::Clear => _ = pairs.clear(),
    }
}

#[derive(Clone, Debug)]
enum PathOp {
    Push(String),
    Pop,
    PopIfEmpty,
    Clear,
    Extend(Vec<String>),
}

fn path_op() -> impl Strategy<Value = PathOp> {
    prop_oneof![
        4 => text().prop_map(PathOp::Push),
        2 => Just(PathOp::Pop),
        1 => Just(PathOp::PopIfEmpty),
        1 => Just(PathOp::Clear),
        1 => prop::collection::vec(text(), 0..3).prop_map(PathOp::Extend),
    ]
}

/// A segment of the model: one the URL had (encoded, as in the href), or one pushed (as
/// given).
#[derive(Clone, Debug)]
enum Segment {
    Existing(String),
    Pushed(String),
}

impl Segment {
    fn is_empty(&self) -> bool {
        match self {
            Segment::Existing(s) | Segment::Pushed(s) => s.is_empty(),
        }
    }
}

/// rust-url's documented semantics, on the list of segments.
fn model_push(model: &mut Vec<Segment>, segment: &str) {
    if segment == "." || segment == ".." {
        return;
    }
    if model.is_empty() || (model.len() == 1 && model[0].is_empty()) {
        model.clear();
    }
    model.push(Segment::Pushed(segment.to_owned()));
}

fn check_segments(url: &Url, model: &[Segment]) -> Result<(), TestCaseError> {
    let actual: Vec<&str> = url.path_segments().expect("not opaque").collect();
    prop_assert_eq!(actual.len(), model.len(), "{} vs {:?}", url.href(), model);
    for (i, (actual, expected)) in actual.iter().zip(model).enumerate() {
        match expected {
            Segment::Existing(s) => prop_assert_eq!(*actual, s.as_str()),
            Segment::Pushed(raw) => {
                let decoded = weburl_percent::percent_decode_str(actual).into_bytes().into_owned();
                let mut expected = raw.clone().into_bytes();
                // A pushed drive letter `C|` first in a file URL is written `C:`.
                if i == 0
                    && url.scheme() == "file"
                    && matches!(expected.as_slice(), [a, b'|'] if a.is_ascii_alphabetic())
                {
                    expected[1] = b':';
                }
                prop_assert_eq!(decoded, expected, "{} segment {}", url.href(), i);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Appends keep the old query (since the last clear) as a prefix, the fragment and all
    /// before the query stay, and `query_pairs` gives the old pairs then the appended ones.
    #[test]
    fn query_pairs_mut_appends(mut url in url(), ops in prop::collection::vec(query_op(), 0..6)) {
        let after_path = url.query().map_or(0, |q| q.len() + 1) + url.fragment().map_or(0, |f| f.len() + 1);
        let before_query = url.href()[..url.href().len() - after_path].to_owned();
        let fragment = url.fragment().map(str::to_owned);
        let mut prefix = url.query().unwrap_or("").to_owned();
        let mut expected: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        let mut in_one_go = url.clone();
        // The appender makes a null query empty at once.
        url.query_pairs_mut();
        prop_assert_eq!(url.query().map(|q| q.len()), Some(prefix.len()));
        for op in &ops {
            // A new appender per call here, one for all calls below: the same result.
            apply_query_op(&mut url.query_pairs_mut(), op);
            match op {
                QueryOp::Pair(n, v) => expected.push((n.clone(), v.clone())),
                // An empty name alone is an empty sequence, which parsing skips.
                QueryOp::Key(n) => expected.extend((!n.is_empty()).then(|| (n.clone(), String::new()))),
                QueryOp::Pairs(list) => expected.extend(list.iter().cloned()),
                QueryOp::Keys(list) => {
                    let named = list.iter().filter(|n| !n.is_empty());
                    expected.extend(named.map(|n| (n.clone(), String::new())));
                }
                QueryOp::Clear => {
                    prefix.clear();
                    expected.clear();
                }
            }
            assert_canonical(&url)?;
            let query = url.query();
            prop_assert!(query.is_some_and(|q| q.starts_with(&prefix)), "{:?} lost {:?}", query, prefix);
            prop_assert_eq!(url.fragment().map(str::to_owned), fragment.clone());
            prop_assert!(url.href().starts_with(&before_query));
        }
        let mut pairs = in_one_go.query_pairs_mut();
        for op in &ops {
            apply_query_op(&mut pairs, op);
        }
        let finished = pairs.finish();
        prop_assert_eq!(finished.href(), url.href());
        let actual: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        prop_assert_eq!(actual, expected);
    }

    /// `parse_with_params` is `parse` then `extend_pairs`, and never panics.
    #[test]
    fn parse_with_params_is_total(input in prop_oneof![any::<String>(), url().prop_map(|u| u.href().to_owned())],
                                  params in prop::collection::vec((text(), text()), 0..4)) {
        match Url::parse_with_params(&input, &params) {
            Ok(url) => {
                assert_canonical(&url)?;
                let mut expected = Url::parse(&input).unwrap();
                expected.query_pairs_mut().extend_pairs(&params);
                prop_assert_eq!(url.href(), expected.href());
            }
            Err(e) => prop_assert_eq!(Some(e), Url::parse(&input).err()),
        }
    }

    /// Path edits follow the model of the segment list; the query, the fragment and all
    /// before the path stay; the href stays canonical (with the `/.` prefix when needed).
    #[test]
    fn path_segments_mut_edits(mut url in url(), ops in prop::collection::vec(path_op(), 0..8)) {
        let Some(segments) = url.path_segments() else {
            prop_assert!(url.path_segments_mut().is_err());
            return Ok(());
        };
        let mut model: Vec<Segment> = segments.map(|s| Segment::Existing(s.to_owned())).collect();
        let after_path = (url.query().map(str::to_owned), url.fragment().map(str::to_owned));
        let authority = (url.protocol().to_owned(), url.host().to_owned(), url.username().to_owned());
        let mut editor = url.path_segments_mut().expect("not opaque");
        for op in &ops {
            match op {
                PathOp::Push(s) => {
                    editor.push(s);
                    model_push(&mut model, s);
                }
                PathOp::Extend(list) => {
                    editor.extend(list);
                    for s in list {
                        model_push(&mut model, s);
                    }
                }
                PathOp::Pop => {
                    editor.pop();
                    if model.len() > 1 {
                        model.pop();
                    } else if model.len() == 1 {
                        model = vec![Segment::Existing(String::new())];
                    }
                }
                PathOp::PopIfEmpty => {
                    editor.pop_if_empty();
                    if model.len() > 1 && model.last().is_some_and(Segment::is_empty) {
                        model.pop();
                    }
                }
                PathOp::Clear => {
                    editor.clear();
                    if !model.is_empty() {
                        model = vec![Segment::Existing(String::new())];
                    }
                }
            }
        }
        // The editor's borrow ends here: it holds no state of its own to drop.
        assert_canonical(&url)?;
        check_segments(&url, &model)?;
        prop_assert_eq!((url.query().map(str::to_owned), url.fragment().map(str::to_owned)), after_path);
        prop_assert_eq!((url.protocol().to_owned(), url.host().to_owned(), url.username().to_owned()), authority);
    }

    /// Every builder on any parsed input: no panic, and a canonical result.
    #[test]
    fn builders_never_panic(input in any::<String>(), q in query_op(), p in path_op()) {
        let Ok(mut url) = Url::parse(&input) else { return Ok(()) };
        let _ = url.query_pairs().count();
        match q {
            QueryOp::Pair(n, v) => _ = url.query_pairs_mut().append_pair(&n, &v),
            QueryOp::Key(n) => _ = url.query_pairs_mut().append_key_only(&n),
            _ => _ = url.query_pairs_mut().clear(),
        }
        assert_canonical(&url)?;
        if let Ok(mut editor) = url.path_segments_mut() {
            match p {
                PathOp::Push(s) => _ = editor.push(&s),
                PathOp::Pop => _ = editor.pop(),
                PathOp::PopIfEmpty => _ = editor.pop_if_empty(),
                PathOp::Clear => _ = editor.clear(),
                PathOp::Extend(list) => _ = editor.extend(list),
            }
        }
        assert_canonical(&url)?;
        let _ = url.path_segments().map(|s| s.rev().count());
    }
}
