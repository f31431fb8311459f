//! Unit tests for [`SearchParams`], one group per scenario of the web-platform tests for
//! `URLSearchParams` (append, delete, get, getAll, has, set, sort, size, stringifier), written
//! from the behaviour section 6.2 of the URL Standard defines.

use super::*;
use alloc::borrow::ToOwned;
use alloc::string::ToString;
use alloc::{format, vec};

fn pairs(params: &SearchParams) -> Vec<(&str, &str)> {
    params.iter().collect()
}

#[test]
fn constructor() {
    assert!(SearchParams::new().is_empty());
    assert_eq!(SearchParams::default(), SearchParams::new());
    assert_eq!(pairs(&SearchParams::parse("?a=b")), [("a", "b")]);
    assert_eq!(pairs(&SearchParams::parse("??a=b")), [("?a", "b")]);
    assert_eq!(pairs(&SearchParams::parse("a=b?")), [("a", "b?")]);
    assert_eq!(pairs(&SearchParams::parse("?")), []);
    assert_eq!(pairs(&SearchParams::parse_bytes(b"?a")), [("?a", "")]);
    let from: SearchParams = "?x=1".parse().unwrap();
    assert_eq!(pairs(&from), [("x", "1")]);
    let record = SearchParams::from_pairs([("+", "%C2"), ("a\0b", "\u{1F600}")]);
    assert_eq!(pairs(&record), [("+", "%C2"), ("a\0b", "\u{1F600}")]);
    assert_eq!(record.to_string(), "%2B=%25C2&a%00b=%F0%9F%98%80");
    let list: Vec<(String, String)> = vec![("a".to_owned(), "1".to_owned())];
    let params = SearchParams::from(list.clone());
    assert_eq!(Vec::from(params.clone()), list);
    assert_eq!(params, list);
    assert_eq!(params, list[..]);
}

#[test]
fn append() {
    let mut params = SearchParams::new();
    params.append("a", "b");
    assert_eq!(params.to_string(), "a=b");
    params.append("a", "b");
    assert_eq!(params.to_string(), "a=b&a=b");
    params.append("a", "c");
    assert_eq!(params.to_string(), "a=b&a=b&a=c");
    // Empty strings are kept.
    let mut params = SearchParams::new();
    params.append("", "");
    assert_eq!(params.to_string(), "=");
    params.append("", "");
    assert_eq!(params.to_string(), "=&=");
    // Multiple names and values.
    let mut params = SearchParams::new();
    params.append("first", "1");
    params.append("second", "2");
    params.append("third", "");
    params.append("first", "10");
    assert!(params.has("first", None));
    assert_eq!(params.get("first"), Some("1"));
    assert_eq!(params.get("second"), Some("2"));
    assert_eq!(params.get("third"), Some(""));
    params.append("first", String::from("owned"));
    assert_eq!(params.get_all("first").collect::<Vec<_>>(), ["1", "10", "owned"]);
}

#[test]
fn delete() {
    let mut params = SearchParams::parse("a=b&c=d");
    params.delete("a", None);
    assert_eq!(params.to_string(), "c=d");
    let mut params = SearchParams::parse("a=a&b=b&a=a&c=c");
    params.delete("a", None);
    assert_eq!(params.to_string(), "b=b&c=c");
    let mut params = SearchParams::parse("a=a&=&b=b&c=c");
    params.delete("", None);
    assert_eq!(params.to_string(), "a=a&b=b&c=c");
    // Deleting a name that is not there changes nothing.
    let mut params = SearchParams::parse("a=1");
    params.delete("b", None);
    params.delete("a", Some("2"));
    assert_eq!(params.to_string(), "a=1");
    // Deleting appended pairs.
    let mut params = SearchParams::new();
    params.append("first", "1");
    assert!(params.has("first", None));
    params.delete("first", None);
    assert!(!params.has("first", None));
    params.append("first", "1");
    params.append("first", "10");
    params.delete("first", None);
    assert!(!params.has("first", None));
    assert!(params.is_empty());
}

#[test]
fn delete_with_value() {
    let mut params = SearchParams::parse("a=b&a=c&a=b&b=b");
    params.delete("a", Some("b"));
    assert_eq!(params.to_string(), "a=c&b=b");
    let mut params = SearchParams::parse("a=b&a=d&c=d");
    params.delete("a", Some("c"));
    assert_eq!(params.to_string(), "a=b&a=d&c=d");
    // A value is compared exactly; the empty value is a value.
    let mut params = SearchParams::parse("a&a=&a=x");
    params.delete("a", Some(""));
    assert_eq!(params.to_string(), "a=x");
    let mut params = SearchParams::parse("a=b+c&a=b%20c&a=bc");
    params.delete("a", Some("b c"));
    assert_eq!(params.to_string(), "a=bc");
}

#[test]
fn get() {
    let params = SearchParams::parse("a=b&c=d");
    assert_eq!(params.get("a"), Some("b"));
    assert_eq!(params.get("c"), Some("d"));
    assert_eq!(params.get("e"), None);
    let params = SearchParams::parse("a=b&c=d&a=e");
    assert_eq!(params.get("a"), Some("b"));
    let params = SearchParams::parse("=b&c=d");
    assert_eq!(params.get(""), Some("b"));
    let params = SearchParams::parse("a=&c=d&a=e");
    assert_eq!(params.get("a"), Some(""));
    let params = SearchParams::parse("first=second&third&&");
    assert!(params.has("first", None));
    assert_eq!(params.get("first"), Some("second"));
    assert_eq!(params.get("third"), Some(""));
    assert_eq!(params.get("fourth"), None);
    // Names compare exactly: no case folding, no normalization.
    let params = SearchParams::parse("A=1&%C3%A9=2");
    assert_eq!(params.get("a"), None);
    assert_eq!(params.get("e\u{301}"), None);
    assert_eq!(params.get("\u{E9}"), Some("2"));
}

#[test]
fn get_all() {
    let params = SearchParams::parse("a=b&c=d");
    assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["b"]);
    assert_eq!(params.get_all("c").collect::<Vec<_>>(), ["d"]);
    assert_eq!(params.get_all("e").count(), 0);
    let params = SearchParams::parse("a=b&c=d&a=e");
    assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["b", "e"]);
    let params = SearchParams::parse("=b&c=d");
    assert_eq!(params.get_all("").collect::<Vec<_>>(), ["b"]);
    let params = SearchParams::parse("a=&c=d&a=e");
    assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["", "e"]);
    // Appended values come back in order; set collapses them to one.
    let mut params = SearchParams::parse("a=1&a=2&a=3&a");
    assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["1", "2", "3", ""]);
    params.set("a", "one");
    assert_eq!(params.get("a"), Some("one"));
    assert_eq!(params.get_all("a").collect::<Vec<_>>(), ["one"]);
}

#[test]
fn has() {
    let params = SearchParams::parse("a=b&c=d");
    assert!(params.has("a", None));
    assert!(params.has("c", None));
    assert!(!params.has("e", None));
    let params = SearchParams::parse("a=b&c=d&a=e");
    assert!(params.has("a", None));
    let params = SearchParams::parse("=b&c=d");
    assert!(params.has("", None));
    // After delete.
    let mut params = SearchParams::parse("a=b&a=d&c&e&");
    assert!(params.has("a", None));
    assert!(params.has("c", None));
    assert!(params.has("e", None));
    params.delete("a", None);
    assert!(!params.has("a", None));
    params.append("first", "1");
    params.delete("first", None);
    assert!(!params.has("first", None));
}

#[test]
fn has_with_value() {
    let params = SearchParams::parse("a=b&a=d&c&e&");
    assert!(params.has("a", Some("b")));
    assert!(params.has("a", Some("d")));
    assert!(!params.has("a", Some("c")));
    assert!(params.has("c", Some("")));
    assert!(!params.has("c", Some("x")));
    assert!(!params.has("x", Some("")));
    // With delete with value.
    let mut params = SearchParams::parse("a=b&a=d&c&e&");
    params.delete("a", Some("b"));
    assert!(params.has("a", None));
    assert!(!params.has("a", Some("b")));
    assert!(params.has("a", Some("d")));
}

#[test]
fn set() {
    let mut params = SearchParams::parse("a=b&c=d");
    params.set("a", "B");
    assert_eq!(params.to_string(), "a=B&c=d");
    let mut params = SearchParams::parse("a=b&c=d&a=e");
    params.set("a", "B");
    assert_eq!(params.to_string(), "a=B&c=d");
    params.set("e", "f");
    assert_eq!(params.to_string(), "a=B&c=d&e=f");
    // The first pair keeps its place; later ones of that name go, others stay in order.
    let mut params = SearchParams::parse("x=0&a=1&y=2&a=3&z=4&a=5");
    params.set("a", String::from("new"));
    assert_eq!(pairs(&params), [("x", "0"), ("a", "new"), ("y", "2"), ("z", "4")]);
    // Several set calls.
    let mut params = SearchParams::new();
    params.set("first", "1");
    params.set("first", "2");
    params.set("second", "3");
    params.set("first", "4");
    assert_eq!(params.to_string(), "first=4&second=3");
    assert_eq!(params.get_all("first").collect::<Vec<_>>(), ["4"]);
}

#[test]
fn sort_scenarios() {
    // (input, expected pairs after sort)
    let cases: &[(&str, &[(&str, &str)])] = &[
        ("z=b&a=b&z=a&a=a", &[("a", "b"), ("a", "a"), ("z", "b"), ("z", "a")]),
        (
            "\u{FFFD}=x&\u{FFFC}&\u{FFFD}=a",
            &[("\u{FFFC}", ""), ("\u{FFFD}", "x"), ("\u{FFFD}", "a")],
        ),
        // U+1F308 is above U+FB03 as a code point but below it in UTF-16 (0xD83C < 0xFB03).
        ("\u{FB03}&\u{1F308}", &[("\u{1F308}", ""), ("\u{FB03}", "")]),
        // U+1F600 sorts before U+FB03 too, and after every code point below U+D800.
        (
            "\u{FB03}=1&\u{1F600}=2&\u{D7FF}=3",
            &[("\u{D7FF}", "3"), ("\u{1F600}", "2"), ("\u{FB03}", "1")],
        ),
        // Supplementary characters among themselves keep code point order.
        ("a\u{1F4A9}&a\u{1F308}", &[("a\u{1F308}", ""), ("a\u{1F4A9}", "")]),
        // No normalization: e + U+0301 < e + U+FFFD < U+00E9.
        ("\u{E9}&e\u{FFFD}&e\u{301}", &[("e\u{301}", ""), ("e\u{FFFD}", ""), ("\u{E9}", "")]),
        // Stable for long runs of equal names.
        (
            "z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
            &[
                ("a", "a"),
                ("a", "b"),
                ("a", "c"),
                ("a", "d"),
                ("a", "e"),
                ("a", "f"),
                ("a", "g"),
                ("z", "z"),
                ("z", "y"),
                ("z", "x"),
                ("z", "w"),
                ("z", "v"),
                ("z", "u"),
                ("z", "t"),
            ],
        ),
        // Prefixes first.
        ("bbb&bb&aaa&aa=x&aa=y", &[("aa", "x"), ("aa", "y"), ("aaa", ""), ("bb", ""), ("bbb", "")]),
        ("z=z&=f&=t&=x", &[("", "f"), ("", "t"), ("", "x"), ("z", "z")]),
    ];
    for (input, expected) in cases {
        let mut params = SearchParams::parse(input);
        params.sort();
        assert_eq!(pairs(&params), *expected, "sorting {input:?}");
    }
}

#[test]
fn sort_then_serialize() {
    // The standard's example: sorting also re-serializes with the form encoding.
    let mut params = SearchParams::parse("q=\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}&key=e1f7bc78");
    params.sort();
    assert_eq!(params.to_string(), "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88");
    let mut params = SearchParams::parse("a=b ~");
    params.sort();
    assert_eq!(params.to_string(), "a=b+%7E");
}

#[test]
fn code_unit_order() {
    let ordered = [
        "",
        "\0",
        "a",
        "ab",
        "\u{7F}",
        "\u{FF}",
        "\u{D7FF}",
        "\u{10000}",
        "\u{10FFFF}",
        "\u{E000}",
        "\u{FB03}",
        "\u{FFFF}",
    ];
    for (i, a) in ordered.iter().enumerate() {
        for (j, b) in ordered.iter().enumerate() {
            assert_eq!(cmp_code_units(a, b), i.cmp(&j), "{a:?} vs {b:?}");
            // Against a naive oracle over UTF-16 code units, with a shared prefix.
            for prefix in ["x\u{E9}", "0123456\u{E9}", "0123456789abcdefgh"] {
                let (a, b) = (format!("{prefix}{a}"), format!("{prefix}{b}"));
                assert_eq!(cmp_code_units(&a, &b), a.encode_utf16().cmp(b.encode_utf16()));
                let (a, b) = (format!("{a}{prefix}"), format!("{b}{prefix}"));
                assert_eq!(cmp_code_units(&a, &b), a.encode_utf16().cmp(b.encode_utf16()));
            }
        }
    }
    // The first different byte falls inside a character.
    assert_eq!(cmp_code_units("\u{E9}", "\u{EA}"), Ordering::Less);
    assert_eq!(cmp_code_units("\u{1F600}", "\u{FB03}"), Ordering::Less);
    assert_eq!(cmp_code_units("\u{FB03}", "\u{FB04}"), Ordering::Less);
}

#[test]
fn size() {
    let mut params = SearchParams::parse("a=1&b=2&a=3");
    assert_eq!(params.len(), 3);
    params.delete("a", None);
    assert_eq!(params.len(), 1);
    params.append("c", "4");
    params.append("c", "5");
    assert_eq!(params.len(), 3);
    params.set("c", "6");
    assert_eq!(params.len(), 2);
    params.delete("c", Some("6"));
    assert_eq!(params.len(), 1);
    params.clear();
    assert_eq!(params.len(), 0);
    assert!(params.is_empty());
    assert_eq!(SearchParams::parse("&&").len(), 0);
    assert_eq!(SearchParams::parse("=").len(), 1);
}

#[test]
fn stringifier() {
    let one = |name: &str, value: &str| SearchParams::from_pairs([(name, value)]).to_string();
    // Spaces become `+`, and `+` itself is encoded.
    assert_eq!(one("a", "b c"), "a=b+c");
    assert_eq!(one("a b", "c"), "a+b=c");
    assert_eq!(one("a", "+"), "a=%2B");
    assert_eq!(one("+", "a"), "%2B=a");
    assert_eq!(one("a", "  "), "a=++");
    // Empty names and values.
    assert_eq!(one("a", ""), "a=");
    assert_eq!(one("", "b"), "=b");
    assert_eq!(one("", ""), "=");
    // Reserved and special characters.
    assert_eq!(one("a", "="), "a=%3D");
    assert_eq!(one("=", "a"), "%3D=a");
    assert_eq!(one("a", "&"), "a=%26");
    assert_eq!(one("&", "a"), "%26=a");
    assert_eq!(one("a", "*-._"), "a=*-._");
    assert_eq!(one("*-._", "a"), "*-._=a");
    assert_eq!(one("a", "%"), "a=%25");
    assert_eq!(one("%", "a"), "%25=a");
    assert_eq!(one("a", "\0"), "a=%00");
    assert_eq!(one("a", "\u{1F4A9}"), "a=%F0%9F%92%A9");
    assert_eq!(one("a", "\n"), "a=%0A");
    assert_eq!(one("a", "\r"), "a=%0D");
    assert_eq!(one("a", "\r\n"), "a=%0D%0A");
    assert_eq!(one("a", "!'()~"), "a=%21%27%28%29%7E");
    assert_eq!(one("a", "\u{FFFD}"), "a=%EF%BF%BD");
    // Parsing then serializing normalizes the encoding.
    assert_eq!(SearchParams::parse("a=b c").to_string(), "a=b+c");
    assert_eq!(SearchParams::parse("a b=c").to_string(), "a+b=c");
    assert_eq!(SearchParams::parse("a=%2b&b=+&c=%20").to_string(), "a=%2B&b=+&c=+");
    assert_eq!(SearchParams::parse("a=b&a=c&d").to_string(), "a=b&a=c&d=");
    assert_eq!(SearchParams::parse("").to_string(), "");
    assert_eq!(SearchParams::parse("?foo=%7Ebar").to_string(), "foo=%7Ebar");
    // Display, serialize() and serialize_into agree.
    let params = SearchParams::parse("x=\u{E9}+1&&y=%FF");
    let mut into = String::from(">");
    params.serialize_into(&mut into);
    assert_eq!(into, format!(">{params}"));
    assert_eq!(params.serialize(), params.to_string());
    assert_eq!(format!("{params:>0}"), params.to_string());
}

#[test]
fn iteration_and_collections() {
    let mut params: SearchParams = [("a", "1"), ("b", "2")].into_iter().collect();
    params.extend([("c".to_owned(), "3".to_owned())]);
    params.extend(vec![("d", String::from("4"))]);
    assert_eq!(pairs(&params), [("a", "1"), ("b", "2"), ("c", "3"), ("d", "4")]);
    let names: Vec<&str> = (&params).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["a", "b", "c", "d"]);
    assert_eq!(params.iter().len(), 4);
    assert_eq!(params.iter().next_back(), Some(("d", "4")));
    let mut iter = params.iter();
    assert_eq!(iter.next(), Some(("a", "1")));
    assert_eq!(iter.size_hint(), (3, Some(3)));
    let owned: Vec<(String, String)> = params.clone().into_iter().collect();
    assert_eq!(owned.len(), 4);
    assert_eq!(SearchParams::from(owned), params);
    let debug = format!("{:?}", SearchParams::parse("a=1"));
    assert!(debug.contains("\"a\"") && debug.contains("\"1\""));
}
