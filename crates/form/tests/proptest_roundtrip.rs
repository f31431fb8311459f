//! Property tests: parsing a serialization gives back the pairs, for arbitrary Unicode pairs.

use proptest::prelude::*;
use weburl_form::{SearchParams, parse, parse_iter, serialize_utf8};

/// Strings weighted towards the characters the format treats specially.
fn text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        3 => (0u8..0x80).prop_map(char::from),
        3 => prop::sample::select(vec!['%', '+', '&', '=', ' ', '?', '2', 'B', '\u{FFFD}']),
        2 => any::<char>(),
    ];
    prop::collection::vec(c, 0..16).prop_map(|v| v.into_iter().collect())
}

fn pairs() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((text(), text()), 0..8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_serialize_roundtrip(pairs in pairs()) {
        let serialized = serialize_utf8(pairs.iter().map(|(n, v)| (n, v)));
        prop_assert!(serialized.is_ascii());
        prop_assert_eq!(&parse(serialized.as_bytes()), &pairs);
        let lazy: Vec<(String, String)> = parse_iter(serialized.as_bytes())
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
        prop_assert_eq!(&lazy, &pairs);
    }

    #[test]
    fn search_params_roundtrip(pairs in pairs()) {
        let params: SearchParams = pairs.iter().cloned().collect();
        let text = params.to_string();
        prop_assert_eq!(&text, &params.serialize());
        prop_assert_eq!(&SearchParams::parse(&text), &params);
        // A leading `?` is stripped (the serialization never starts with one: `?` is encoded).
        prop_assert_eq!(&SearchParams::parse(&format!("?{text}")), &params);
    }

    /// Sorting is stable and orders names by UTF-16 code units (against a naive oracle).
    #[test]
    fn sort_matches_utf16_oracle(pairs in pairs()) {
        let mut params: SearchParams = pairs.iter().cloned().collect();
        params.sort();
        let mut expected = pairs.clone();
        expected.sort_by(|(a, _), (b, _)| a.encode_utf16().cmp(b.encode_utf16()));
        prop_assert_eq!(params.as_slice(), &expected[..]);
    }

    /// The one-pass parser against a naive oracle of section 5.1's steps, on arbitrary bytes.
    #[test]
    fn parse_matches_spec_oracle(bytes in prop::collection::vec(prop_oneof![
        2 => any::<u8>(),
        3 => prop::sample::select(b"%+&=2bBfF\xC3\xA9".to_vec()),
    ], 0..48)) {
        let mut expected = Vec::new();
        for sequence in bytes.split(|&b| b == b'&') {
            if sequence.is_empty() {
                continue;
            }
            let (name, value) = match sequence.iter().position(|&b| b == b'=') {
                Some(i) => (&sequence[..i], &sequence[i + 1..]),
                None => (sequence, &[][..]),
            };
            let decode = |part: &[u8]| {
                let plus: Vec<u8> = part.iter().map(|&b| if b == b'+' { b' ' } else { b }).collect();
                let decoded = weburl_percent::percent_decode(&plus).into_bytes();
                String::from_utf8_lossy(&decoded).into_owned()
            };
            expected.push((decode(name), decode(value)));
        }
        prop_assert_eq!(parse(&bytes), expected);
    }
}
