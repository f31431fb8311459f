//! Differential tests: `weburl::form_urlencoded` against rust-url's `form_urlencoded` 1.2 (as
//! `url::form_urlencoded`): the same parse, byte serializer and serializer output on random
//! inputs and on every query of the WPT urltestdata.json hrefs.

use proptest::prelude::*;
use url::form_urlencoded as theirs;
use weburl::form_urlencoded as ours;
use weburl_test_support::Tally;

fn text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        3 => (0u8..0x80).prop_map(char::from),
        2 => prop::sample::select(vec!['%', '+', '&', '=', ' ', 'a', '2', 'F', 'é']),
        1 => any::<char>(),
    ];
    prop::collection::vec(c, 0..24).prop_map(|v| v.into_iter().collect())
}

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![3 => prop::sample::select(b"%+&= a2Fz".to_vec()), 1 => any::<u8>()],
        0..48,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn parse_agrees(input in bytes()) {
        let a: Vec<_> = ours::parse(&input).collect();
        let b: Vec<_> = theirs::parse(&input).collect();
        prop_assert_eq!(&a, &b);
        let a: Vec<(String, String)> = ours::parse(&input).into_owned().collect();
        let b: Vec<(String, String)> = theirs::parse(&input).into_owned().collect();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn byte_serialize_agrees(input in bytes()) {
        prop_assert_eq!(
            ours::byte_serialize(&input).collect::<String>(),
            theirs::byte_serialize(&input).collect::<String>()
        );
    }

    #[test]
    fn serializer_agrees(
        prefix in "[a-z=&?]{0,6}",
        start in 0usize..8,
        pairs in prop::collection::vec((text(), text()), 0..6),
        keys in prop::collection::vec(text(), 0..3),
        clear_after in prop::option::of(0usize..6),
    ) {
        // rust-url panics on a start position past the end; ours takes the end.
        let start = start.min(prefix.len());
        let mut a = ours::Serializer::for_suffix(prefix.clone(), start);
        let mut b = theirs::Serializer::for_suffix(prefix.clone(), start);
        for (i, (name, value)) in pairs.iter().enumerate() {
            a.append_pair(name, value);
            b.append_pair(name, value);
            if clear_after == Some(i) {
                a.clear();
                b.clear();
            }
        }
        a.extend_keys_only::<_, &String>(&keys);
        b.extend_keys_only::<_, &String>(&keys);
        a.extend_pairs(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        b.extend_pairs(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
        prop_assert_eq!(a.finish(), b.finish());
    }
}

/// The query of every WPT href parses the same way in both.
#[test]
fn wpt_queries() {
    let mut tally = Tally::new("form_urlencoded parse, urltestdata.json queries");
    let serde_json::Value::Array(cases) = weburl_test_support::load_wpt_json("urltestdata.json")
    else {
        panic!("urltestdata.json is not an array");
    };
    for case in &cases {
        let Some(search) = case.get("search").and_then(serde_json::Value::as_str) else {
            continue;
        };
        let query = search.strip_prefix('?').unwrap_or(search);
        let a: Vec<_> = ours::parse(query.as_bytes()).collect();
        let b: Vec<_> = theirs::parse(query.as_bytes()).collect();
        tally.check(a == b, || format!("{query:?}: {a:?} vs {b:?}"));
    }
    assert!(tally.passed() > 500);
    tally.finish();
}
