//! Every case of web-platform-tests' `percent-encoding.json`, for every encoding it lists.
//!
//! WPT parses `https://doesnotmatter.invalid/?{input}#{input}` in a document of each listed
//! encoding: the query is percent-encoded after encoding with that encoding and the
//! special-query set, and the fragment is always UTF-8 percent-encoded with the fragment set.
#![cfg(feature = "encoding")]

use weburl_percent::encoding_rs::Encoding;
use weburl_percent::{FRAGMENT, SPECIAL_QUERY, percent_encode_after_encoding, utf8_percent_encode};
use weburl_test_support::{Tally, load_wpt_json};

#[test]
fn percent_encoding_json() {
    let data = load_wpt_json("percent-encoding.json");
    let cases = data.as_array().expect("percent-encoding.json is an array");
    let mut tally = Tally::new("percent-encoding.json");
    let mut encodings_seen = std::collections::BTreeSet::new();
    for case in cases.iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().expect("input is a string");
        let outputs = case["output"].as_object().expect("output is an object");
        let utf8_expected = outputs["utf-8"].as_str().expect("every case lists utf-8");
        for (label, expected) in outputs {
            let expected = expected.as_str().expect("outputs are strings");
            let Some(encoding) = Encoding::for_label(label.as_bytes()) else {
                tally.record(Some(format!("unknown encoding label {label:?}")));
                continue;
            };
            encodings_seen.insert(encoding.name());
            let query = percent_encode_after_encoding(encoding, input, &SPECIAL_QUERY, false);
            tally.check(query == expected, || {
                format!("query of {input:?} in {label}: got {query:?}, expected {expected:?}")
            });
            let fragment = utf8_percent_encode(input, &FRAGMENT).to_string();
            tally.check(fragment == utf8_expected, || {
                format!(
                    "fragment of {input:?} in {label}: got {fragment:?}, want {utf8_expected:?}"
                )
            });
        }
    }
    println!("percent-encoding.json encodings: {encodings_seen:?}");
    assert_eq!(encodings_seen.len(), 8, "the file lists eight encodings");
    tally.finish();
}
