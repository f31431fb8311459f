//! Property tests: percent-decoding undoes UTF-8 percent-encoding, for every set.

use proptest::prelude::*;
use weburl_percent::{
    AsciiSet, C0_CONTROL, COMPONENT, FORM_URLENCODED, FRAGMENT, PATH, QUERY, SPECIAL_QUERY,
    USERINFO, percent_decode, percent_decode_str, utf8_percent_encode,
};

const SETS: [(&str, AsciiSet); 8] = [
    ("C0 control", C0_CONTROL),
    ("fragment", FRAGMENT),
    ("query", QUERY),
    ("special-query", SPECIAL_QUERY),
    ("path", PATH),
    ("userinfo", USERINFO),
    ("component", COMPONENT),
    ("form", FORM_URLENCODED),
];

/// Strings weighted towards ASCII, `%` and hex digits, with any Unicode scalar value mixed in.
fn text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        4 => (0u8..0x80).prop_map(char::from),
        2 => prop::sample::select(vec!['%', 'a', 'F', '0', '9', 'g', ' ', '+']),
        2 => any::<char>(),
    ];
    prop::collection::vec(c, 0..40).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Sets that hold `%` give round-trippable output: decode(encode(s)) == s.
    #[test]
    fn roundtrip_sets_with_percent(s in text()) {
        for (name, set) in SETS.iter().filter(|(_, set)| set.contains(b'%')) {
            let encoded = utf8_percent_encode(&s, set).to_string();
            let decoded = percent_decode_str(&encoded).decode_utf8();
            prop_assert_eq!(decoded.as_deref(), Ok(s.as_str()), "set {}", name);
        }
    }

    /// Every set: for input with no `%`, decode(encode(s)) == s. For any input and a set
    /// without `%`, encoding adds only percent-encoded bytes and leaves the input's own
    /// escapes alone, so decode(encode(s)) == decode(s).
    #[test]
    fn roundtrip_every_set(s in text()) {
        let without_percent = s.replace('%', "");
        for (name, set) in &SETS {
            let encoded = utf8_percent_encode(&without_percent, set).to_string();
            let decoded = percent_decode_str(&encoded).decode_utf8();
            prop_assert_eq!(decoded.as_deref(), Ok(without_percent.as_str()), "set {}", name);

            if set.contains(b'%') {
                continue;
            }
            let encoded = utf8_percent_encode(&s, set).to_string();
            let left = percent_decode(encoded.as_bytes()).into_bytes();
            let right = percent_decode(s.as_bytes()).into_bytes();
            prop_assert_eq!(left, right, "set {}", name);
        }
    }

    /// The output is ASCII, and holds no byte of the set except `%` of an escape.
    #[test]
    fn output_avoids_the_set(s in text()) {
        for (name, set) in &SETS {
            let encoded = utf8_percent_encode(&s, set).to_string();
            prop_assert!(encoded.is_ascii());
            let bytes = encoded.as_bytes();
            for (i, &b) in bytes.iter().enumerate() {
                if b == b'%' && bytes.get(i + 1..i + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                    continue;
                }
                prop_assert!(!set.contains(b) || b == b'%', "set {} left {:?} in {:?}", name, b as char, encoded);
            }
        }
    }

    /// percent-decode against a naive byte-by-byte oracle of the standard's steps.
    #[test]
    fn decode_matches_oracle(bytes in prop::collection::vec(prop_oneof![
        3 => any::<u8>(), 2 => Just(b'%'), 2 => prop::sample::select(b"0aF9gG".to_vec())
    ], 0..40)) {
        let mut expected = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let hex = |j: usize| bytes.get(j).and_then(|&b| (b as char).to_digit(16));
            match (bytes[i], hex(i + 1), hex(i + 2)) {
                (b'%', Some(hi), Some(lo)) => {
                    expected.push((hi * 16 + lo) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    expected.push(b);
                    i += 1;
                }
            }
        }
        prop_assert_eq!(&*percent_decode(&bytes).into_bytes(), &expected[..]);
    }
}
