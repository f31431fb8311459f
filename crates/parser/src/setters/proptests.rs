//! Property tests of the setters (section 6.1) and the URLSearchParams update steps (section
//! 6.2): every setter, with arbitrary values (any Unicode, controls, long strings), on arbitrary
//! parsed URLs keeps the record consistent. `check_invariants` is called directly, so this holds
//! in release test builds too, and the URL serializer (section 4.5) rebuilt from the getters
//! must give the href.

use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use proptest::prelude::*;

use crate::Url;

/// Pieces that steer values and inputs into the parser's special cases.
const PIECES: &[&str] = &[
    "http:",
    "file:",
    "sc:",
    "blob:",
    "//",
    "/",
    "\\",
    "?",
    "#",
    ":",
    "@",
    ".",
    "..",
    "%2e",
    "%",
    "%zz",
    " ",
    "\t",
    "\n",
    "\u{0}",
    "a",
    "0",
    "65535",
    "65536",
    "[::1]",
    "1.2.3.4",
    "C:",
    "c|",
    "localhost",
    "xn--",
    "é",
    "\u{ad}",
    "💩",
    "\u{fdd0}",
];

/// URLs of every shape: special, file, non-special with and without host, opaque paths,
/// credentials, ports, queries and fragments.
const STARTS: &[&str] = &[
    "https://u:p@example.org:8080/a/b?q=1#f",
    "http://h/",
    "ws://h:1/x",
    "file:///C:/dir/file?q#f",
    "file://host/share",
    "sc://u@h:9/p?q#f",
    "sc://h",
    "sc:///x",
    "sc:/a/b",
    "web+demo:/.//x/y",
    "sc:opaque ?q#f",
    "mailto:a@b",
    "blob:https://a/b",
];

fn piece_string() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..8).prop_map(|p| p.concat())
}

/// Values: concatenated pieces, any `String` (all of Unicode, controls included), and long
/// strings of arbitrary characters.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => piece_string(),
        3 => any::<String>(),
        1 => prop::collection::vec(any::<char>(), 200..3000).prop_map(|c| c.into_iter().collect()),
        1 => (piece_string(), 1..500usize).prop_map(|(s, n)| s.repeat(n)),
        1 => (0..70_000u32, piece_string()).prop_map(|(n, s)| format!("{n}{s}")),
    ]
}

/// A parsed URL: one of `STARTS`, or a start with pieces appended when that parses.
fn url() -> impl Strategy<Value = Url> {
    (prop::sample::select(STARTS), piece_string()).prop_map(|(start, tail)| {
        Url::parse(&format!("{start}{tail}"))
            .or_else(|_| Url::parse(start))
            .unwrap_or_else(|e| panic!("{start:?}: {e}"))
    })
}

/// One of the ten setters, or an edit through `search_params_mut`.
#[derive(Clone, Debug)]
enum Op {
    Href(String),
    Protocol(String),
    Username(String),
    Password(String),
    Host(String),
    Hostname(String),
    Port(String),
    Pathname(String),
    Search(String),
    Hash(String),
    ParamsAppend(String, String),
    ParamsSet(String, String),
    ParamsDelete(String),
    ParamsSort,
    ParamsClear,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        value().prop_map(Op::Href),
        (prop::sample::select(STARTS), piece_string())
            .prop_map(|(s, t)| Op::Href(format!("{s}{t}"))),
        value().prop_map(Op::Protocol),
        prop::sample::select(vec!["http", "https:", "ws", "file", "sc", "Blob:x", "ftp"])
            .prop_map(|s| Op::Protocol(s.into())),
        value().prop_map(Op::Username),
        value().prop_map(Op::Password),
        value().prop_map(Op::Host),
        value().prop_map(Op::Hostname),
        value().prop_map(Op::Port),
        value().prop_map(Op::Pathname),
        value().prop_map(Op::Search),
        value().prop_map(Op::Hash),
        (value(), value()).prop_map(|(n, v)| Op::ParamsAppend(n, v)),
        (value(), value()).prop_map(|(n, v)| Op::ParamsSet(n, v)),
        value().prop_map(Op::ParamsDelete),
        Just(Op::ParamsSort),
        Just(Op::ParamsClear),
    ]
}

fn apply(url: &mut Url, op: &Op) {
    match op {
        Op::Href(v) => {
            let before = url.clone();
            if url.set_href(v).is_err() {
                assert_eq!(url.href(), before.href(), "a failed set_href changed the URL");
            }
        }
        Op::Protocol(v) => url.set_protocol(v),
        Op::Username(v) => url.set_username(v),
        Op::Password(v) => url.set_password(v),
        Op::Host(v) => url.set_host(v),
        Op::Hostname(v) => url.set_hostname(v),
        Op::Port(v) => url.set_port(v),
        Op::Pathname(v) => url.set_pathname(v),
        Op::Search(v) => url.set_search(v),
        Op::Hash(v) => url.set_hash(v),
        Op::ParamsAppend(n, v) => url.search_params_mut().append(n, v),
        Op::ParamsSet(n, v) => url.search_params_mut().set(n, v),
        Op::ParamsDelete(n) => url.search_params_mut().delete(n, None),
        Op::ParamsSort => url.search_params_mut().sort(),
        Op::ParamsClear => url.search_params_mut().clear(),
    }
}

/// The URL serializer (section 4.5) run on the record the getters expose.
fn serialize_from_getters(url: &Url) -> String {
    let mut out = format!("{}:", url.scheme());
    if url.host_kind().is_some() {
        out.push_str("//");
        if url.has_credentials() {
            out.push_str(url.username());
            if !url.password().is_empty() {
                out.push(':');
                out.push_str(url.password());
            }
            out.push('@');
        }
        out.push_str(url.hostname());
        if let Some(port) = url.port_u16() {
            out.push_str(&format!(":{port}"));
        }
    } else if !url.has_opaque_path() && url.pathname().starts_with("//") {
        out.push_str("/.");
    }
    out.push_str(url.pathname());
    if let Some(query) = url.query() {
        out.push('?');
        out.push_str(query);
    }
    if let Some(fragment) = url.fragment() {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

fn check(url: &Url, ops: &[Op]) -> Result<(), TestCaseError> {
    prop_assert_eq!(url.check_invariants(), Ok(()), "{:?} after {:?}", url.href(), ops);
    prop_assert_eq!(serialize_from_getters(url), url.href(), "after {:?}", ops);
    prop_assert_eq!(url.port(), url.port_u16().map(|p| format!("{p}")).unwrap_or_default());
    prop_assert!(Url::parse(url.href()).is_ok(), "{:?} does not reparse", url.href());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(1500) })]

    #[test]
    fn every_setter_keeps_the_record_consistent(
        start in url(),
        ops in prop::collection::vec(op(), 1..6),
    ) {
        let mut url = start;
        check(&url, &[])?;
        let mut done = Vec::new();
        for op in ops {
            apply(&mut url, &op);
            done.push(op);
            check(&url, &done)?;
        }
    }
}

/// Every setter and every `search_params_mut` edit is reachable from `op()`: a strategy that
/// lost one would make the property above weaker without failing.
#[test]
fn op_strategy_reaches_every_setter() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = [false; 15];
    for _ in 0..5000 {
        let op = op().new_tree(&mut runner).unwrap().current();
        let i = match op {
            Op::Href(_) => 0,
            Op::Protocol(_) => 1,
            Op::Username(_) => 2,
            Op::Password(_) => 3,
            Op::Host(_) => 4,
            Op::Hostname(_) => 5,
            Op::Port(_) => 6,
            Op::Pathname(_) => 7,
            Op::Search(_) => 8,
            Op::Hash(_) => 9,
            Op::ParamsAppend(..) => 10,
            Op::ParamsSet(..) => 11,
            Op::ParamsDelete(_) => 12,
            Op::ParamsSort => 13,
            Op::ParamsClear => 14,
        };
        seen[i] = true;
    }
    assert_eq!(seen, [true; 15]);
}
