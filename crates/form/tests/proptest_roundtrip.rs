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
        prop_assert_eq!(&params, &expected);
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

/// Long byte strings weighted towards the bytes the parser branches on.
fn long_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            2 => any::<u8>(),
            3 => prop::sample::select(b"%+&=2bBfF?\xC3\xA9\xFF".to_vec()),
        ],
        0..3000,
    )
}

/// Long Unicode strings with the characters the serializer and the sort treat specially.
fn long_text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        3 => (0u8..0x80).prop_map(char::from),
        2 => prop::sample::select(vec!['%', '+', '&', '=', ' ', '\u{FB03}', '\u{1F308}', '\u{3042}']),
        1 => any::<char>(),
    ];
    prop::collection::vec(c, 0..400).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// No entry point panics on long arbitrary bytes; the three parsers agree.
    #[test]
    fn long_input_never_panics(bytes in long_bytes()) {
        let owned = parse(&bytes);
        let lazy: Vec<(String, String)> =
            parse_iter(&bytes).map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
        prop_assert_eq!(&owned, &lazy);
        let params = SearchParams::parse_bytes(&bytes);
        prop_assert_eq!(&params, &owned);
        let text = String::from_utf8_lossy(&bytes);
        let mut params = SearchParams::parse(&text);
        let serialized = params.to_string();
        prop_assert!(serialized.is_ascii());
        prop_assert_eq!(&SearchParams::parse(&serialized), &params);
        params.sort();
        prop_assert_eq!(params.serialize(), params.to_string());
    }

    /// Every method on long names and values, and serializing in every kind of encoding.
    #[test]
    fn methods_and_encodings_on_long_input(
        pairs in prop::collection::vec((long_text(), long_text()), 0..6),
        name in long_text(),
        value in long_text(),
    ) {
        let mut params: SearchParams = pairs.iter().cloned().collect();
        params.append(name.clone(), value.clone());
        prop_assert!(params.has(&name, Some(&value)));
        prop_assert!(params.get(&name).is_some());
        params.set(&name, value.clone());
        prop_assert_eq!(params.get_all(&name).collect::<Vec<_>>(), [value.as_str()]);
        params.sort();
        params.delete(&name, Some(&value));
        prop_assert!(!params.has(&name, None));
        #[cfg(feature = "encoding")]
        {
            use weburl_percent::encoding_rs::{
                BIG5, EUC_KR, GB18030, ISO_2022_JP, SHIFT_JIS, UTF_16LE, WINDOWS_1252,
            };
            for encoding in [BIG5, EUC_KR, GB18030, ISO_2022_JP, SHIFT_JIS, UTF_16LE, WINDOWS_1252]
            {
                let out = weburl_form::serialize(params.iter(), Some(encoding));
                prop_assert!(out.is_ascii(), "{}", encoding.name());
                // As many pairs come back, whatever the encoding did to their text.
                prop_assert_eq!(parse(out.as_bytes()).len(), params.len(), "{}", encoding.name());
            }
        }
    }
}
