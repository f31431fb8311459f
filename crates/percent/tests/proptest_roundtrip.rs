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

/// Long strings (up to 2,000 characters) of ASCII, `%`, space and any Unicode scalar value.
fn long_text() -> impl Strategy<Value = String> {
    let c = prop_oneof![
        4 => (0u8..0x80).prop_map(char::from),
        1 => prop::sample::select(vec!['%', ' ', '+', '\u{A5}', '\u{203D}', '\u{3042}']),
        2 => any::<char>(),
    ];
    prop::collection::vec(c, 0..2000).prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// No entry point panics on long arbitrary input, and the lazy encoder (`Display`, chunks,
    /// `Cow`) agrees with `utf8_percent_encode_into` for every set, with and without `+`.
    #[test]
    fn long_input_never_panics_and_forms_agree(
        s in long_text(),
        bytes in prop::collection::vec(any::<u8>(), 0..2000),
        plus in any::<bool>(),
    ) {
        for (name, set) in &SETS {
            let lazy = if plus {
                utf8_percent_encode(&s, set).space_as_plus()
            } else {
                utf8_percent_encode(&s, set)
            };
            let mut into = String::new();
            let changed = weburl_percent::utf8_percent_encode_into(&s, set, plus, &mut into);
            prop_assert_eq!(changed, into != s, "set {}", name);
            prop_assert_eq!(&lazy.to_string(), &into, "set {}", name);
            prop_assert_eq!(&lazy.clone().collect::<String>(), &into, "set {}", name);
            let cow = std::borrow::Cow::from(lazy);
            prop_assert_eq!(matches!(cow, std::borrow::Cow::Owned(_)), changed, "set {}", name);
            prop_assert_eq!(cow.as_ref(), into.as_str(), "set {}", name);
        }
        let decoded = percent_decode(&bytes).into_bytes();
        prop_assert!(decoded.len() <= bytes.len());
        let lossy = percent_decode(&bytes).decode_utf8_lossy();
        match percent_decode(&bytes).decode_utf8() {
            Ok(text) => prop_assert_eq!(&text, &lossy),
            Err(_) => prop_assert!(lossy.contains(char::REPLACEMENT_CHARACTER)),
        }
        prop_assert!(percent_decode_str(&s).into_bytes().len() <= s.len());
    }
}

/// Every encoding with an encoder of its own (the output encodings of the Encoding Standard,
/// plus labels whose output encoding is UTF-8).
#[cfg(feature = "encoding")]
const ENCODINGS: [&weburl_percent::encoding_rs::Encoding; 16] = {
    use weburl_percent::encoding_rs::*;
    [
        UTF_8,
        UTF_16BE,
        UTF_16LE,
        REPLACEMENT,
        SHIFT_JIS,
        ISO_2022_JP,
        EUC_JP,
        EUC_KR,
        BIG5,
        GBK,
        GB18030,
        WINDOWS_1252,
        WINDOWS_1251,
        KOI8_R,
        ISO_8859_2,
        X_USER_DEFINED,
    ]
};

#[cfg(feature = "encoding")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Percent-encode after encoding never panics on long input in any encoding; the `Cow` and
    /// the appending forms agree, the output is ASCII, and it borrows exactly when unchanged.
    #[test]
    fn after_encoding_long_input(s in long_text(), plus in any::<bool>()) {
        use weburl_percent::{percent_encode_after_encoding, percent_encode_after_encoding_into};
        for encoding in ENCODINGS {
            for set in [&SPECIAL_QUERY, &FORM_URLENCODED, &QUERY] {
                let cow = percent_encode_after_encoding(encoding, &s, set, plus);
                let mut into = String::from("?");
                let changed =
                    percent_encode_after_encoding_into(encoding, &s, set, plus, &mut into);
                prop_assert_eq!(&into[1..], cow.as_ref(), "{}", encoding.name());
                prop_assert!(cow.is_ascii(), "{}", encoding.name());
                prop_assert_eq!(changed, cow != s, "{}", encoding.name());
                prop_assert_eq!(
                    matches!(cow, std::borrow::Cow::Borrowed(_)),
                    cow == s,
                    "{}",
                    encoding.name()
                );
            }
        }
    }
}
