//! Unit tests of the setters.

use super::fits_u32;
use crate::Url;
use alloc::string::String;

/// The port setter copies the value's digits without their leading zeros; it must write
/// what formatting the number writes, over no port, another port and the default port.
#[test]
fn port_digits_agree_with_the_formatted_number() {
    let hrefs = ["https://a/p", "https://a:8443/p?q", "http://u@a:80/", "sc://a:1#f", "ws://a"];
    let values = [
        "0", "000", "0080", "80", "443", "8080x", "65535", "065535", "65536", "7\t9", "\t80",
        "80\t", "8\n0", "44\r3", "\t", "x1", "0\t0", "6553\n6", "3000", "8080",
    ];
    for href in hrefs {
        for value in values {
            let mut copied = Url::parse(href).unwrap();
            let outcome = copied.set_port(value);
            let mut formatted = Url::parse(href).unwrap();
            // The port state's digits: leading ones, once tabs and newlines are removed.
            let digits: String = value
                .chars()
                .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
                .take_while(char::is_ascii_digit)
                .collect();
            match digits.parse::<u32>().ok().and_then(|n| u16::try_from(n).ok()) {
                Some(n) => {
                    formatted.set_port_u16(Some(n)).unwrap();
                    assert!(outcome.is_ok(), "{href} {value:?}");
                }
                None => assert!(outcome.is_err(), "{href} {value:?}"),
            }
            assert_eq!(copied.href(), formatted.href(), "{href} {value:?}");
            assert_eq!(copied.check_invariants(), Ok(()), "{href} {value:?}");
        }
    }
}

/// The in-place search setter (before a fragment or last) agrees with the query state.
#[test]
fn search_in_place_agrees_with_the_general_setter() {
    let hrefs = ["https://a/p?old", "https://a/p", "sc://a/p?x", "sc:opaque", "file:///x"];
    for href in hrefs.into_iter().flat_map(|h| [String::from(h), alloc::format!("{h}#frag")]) {
        let values = [
            "",
            "?",
            "q=1&r=two words",
            "??#'\"<>",
            "a\tb",
            "\u{e9}\u{0}%zz",
            "#f",
            "q=1&page=2",
            "%C3%A9=%zz",
            "'",
            "a\u{7f}",
            "x\n",
        ];
        for value in values {
            let mut fast = Url::parse(&href).unwrap();
            fast.write_query(Some(value)).unwrap();
            let mut general = Url::parse(&href).unwrap();
            general.write_query_general(value).unwrap();
            assert_eq!(fast.href(), general.href(), "{href} {value:?}");
            assert_eq!(alloc::format!("{fast:?}"), alloc::format!("{general:?}"));
            assert_eq!(fast.check_invariants(), Ok(()), "{href} {value:?}");
        }
    }
}

/// The in-place hash setter agrees with the state machine's fragment state.
#[test]
fn fragment_in_place_agrees_with_the_general_setter() {
    for href in ["https://a/p?q#old", "https://a/p", "sc:opaque", "file:///x#"] {
        let values = [
            "",
            "#",
            "a b",
            "\u{e9}`<>\"",
            "%zz\u{0}\u{7f}",
            "x#y",
            "?q",
            "section-2",
            "%C3%A9t%C3%A9",
            "top'{}",
            "a\rb",
        ];
        for value in values {
            let mut fast = Url::parse(href).unwrap();
            fast.write_fragment(Some(value)).unwrap();
            let mut general = Url::parse(href).unwrap();
            general.write_fragment_general(value).unwrap();
            assert_eq!(fast.href(), general.href(), "{href} {value:?}");
            assert_eq!(fast.check_invariants(), Ok(()), "{href} {value:?}");
        }
    }
}

/// Query and fragment values around the longest last component appended byte by byte
/// (`compose::LAST`: those whose worst-case encoding is within it, and the next ones, appended
/// by the general encoder) agree with the state machine.
#[test]
fn last_component_agrees_around_the_byte_by_byte_limit() {
    for href in ["https://a/p", "sc://a/p", "https://a/p?q#f"] {
        for filler in ["a", " ", "\u{e9}", "\u{1f4a9}", "'"] {
            for count in 0..40 {
                let value = filler.repeat(count);
                let base = Url::parse(href).unwrap();
                let (mut fast, mut general) = (base.clone(), base.clone());
                fast.write_query(Some(&value)).unwrap();
                general.write_query_general(&value).unwrap();
                assert_eq!(fast.href(), general.href(), "{href} {value:?}");
                assert_eq!(fast.check_invariants(), Ok(()), "{href} {value:?}");
                let (mut fast, mut general) = (base.clone(), base);
                fast.write_fragment(Some(&value)).unwrap();
                general.write_fragment_general(&value).unwrap();
                assert_eq!(fast.href(), general.href(), "{href} {value:?}");
                assert_eq!(fast.check_invariants(), Ok(()), "{href} {value:?}");
            }
        }
    }
}

proptest::proptest! {
    /// The in-place query and fragment writes agree with the state machine on random
    /// values, with and without a fragment after the query.
    #[test]
    fn query_and_fragment_in_place_agree_on_random_values(
        href in proptest::sample::select(alloc::vec![
            "https://a/p?old", "https://a/p#f", "sc://a/p?x#y", "sc:opaque", "file:///x?#",
        ]),
        value in "[\\x00-\\x7f\u{e9}\u{1f4a9}]{0,24}|.{0,200}",
    ) {
        let base = Url::parse(href).unwrap();
        let (mut fast, mut general) = (base.clone(), base.clone());
        proptest::prop_assert_eq!(fast.write_query(Some(&value)), general.write_query_general(&value));
        proptest::prop_assert_eq!(fast.href(), general.href());
        proptest::prop_assert_eq!(alloc::format!("{fast:?}"), alloc::format!("{general:?}"));
        let (mut fast, mut general) = (base.clone(), base);
        proptest::prop_assert_eq!(fast.write_fragment(Some(&value)), general.write_fragment_general(&value));
        proptest::prop_assert_eq!(fast.href(), general.href());
        proptest::prop_assert_eq!(fast.check_invariants(), Ok(()));
    }
}

fn set<R>(href: &str, f: impl FnOnce(&mut Url) -> R) -> String {
    let mut url = Url::parse(href).unwrap();
    f(&mut url);
    assert_eq!(url.check_invariants(), Ok(()), "{url:?}");
    String::from(url.href())
}

#[test]
fn null_host_and_dot_prefix() {
    assert_eq!(set("web+demo:/.//p", |u| u.set_host("h")), "web+demo://h//p");
    assert_eq!(set("foo:/a", |u| u.set_pathname("//x")), "foo:/.//x");
    assert_eq!(set("foo:/.//x", |u| u.set_pathname("y")), "foo:/y");
    assert_eq!(set("foo:/a", |u| u.set_pathname("")), "foo:/");
    assert_eq!(set("foo:/a", |u| u.set_host("")), "foo:///a");
    assert_eq!(set("foo://h", |u| u.set_pathname("")), "foo://h");
}

#[test]
fn offsets_never_wrap() {
    let max = u32::MAX as usize;
    assert!(fits_u32(10, 2, 5));
    assert!(fits_u32(max, 3, 3));
    assert!(!fits_u32(max, 3, 4));
    assert!(!fits_u32(max - 1, 0, usize::MAX));
    assert!(!fits_u32(1, 2, 0));
}

#[test]
fn userinfo_and_port_splices() {
    assert_eq!(set("http://h/", |u| u.set_password("p")), "http://:p@h/");
    assert_eq!(set("http://:p@h/", |u| u.set_username("u@")), "http://u%40:p@h/");
    assert_eq!(set("http://u:p@h/", |u| u.set_password("")), "http://u@h/");
    assert_eq!(set("http://u@h/", |u| u.set_username("")), "http://h/");
    assert_eq!(set("http://h:1/", |u| u.set_port("80")), "http://h/");
    assert_eq!(set("http://h/", |u| u.set_port("8080x")), "http://h:8080/");
    assert_eq!(set("http://h:8080/", |u| u.set_protocol("https")), "https://h:8080/");
    assert_eq!(set("http://h:8080/", |u| u.set_port("65536")), "http://h:8080/");
    assert_eq!(set("sc://h:8080/", |u| u.set_protocol("http")), "sc://h:8080/");
}
