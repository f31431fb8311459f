//! application/x-www-form-urlencoded (section 5): parsing raw bytes, the borrowing iterator
//! and `SearchParams` agree; serializing the pairs and parsing again gives the same pairs, and
//! serializing is idempotent from then on.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::form::{self, SearchParams};

fuzz_target!(|data: &[u8]| {
    let pairs: Vec<(String, String)> =
        form::parse(data).iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect();
    let iterated: Vec<(String, String)> =
        form::parse_iter(data).map(|(n, v)| (n.into_owned(), v.into_owned())).collect();
    assert_eq!(pairs, iterated, "parse and parse_iter differ");
    assert_eq!(
        SearchParams::parse_bytes(data)
            .iter()
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .collect::<Vec<_>>(),
        pairs,
        "SearchParams differs"
    );

    let serialized = form::serialize_utf8(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())));
    assert!(serialized.is_ascii(), "serialization is not ASCII: {serialized:?}");
    let reparsed = form::parse(serialized.as_bytes());
    assert_eq!(reparsed, pairs, "serialize then parse: {serialized:?}");
    let params = SearchParams::parse_bytes(data);
    assert_eq!(params.serialize(), serialized, "SearchParams::serialize differs");
    assert_eq!(params.to_string(), serialized, "SearchParams Display differs");
    let mut into = String::from("?");
    form::serialize_utf8_into(pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())), &mut into);
    assert_eq!(into[1..], serialized, "serialize_utf8_into differs");

    // A legacy encoding (Shift_JIS) only needs not to panic and to stay ASCII.
    let legacy = form::serialize(
        pairs.iter().map(|(n, v)| (n.as_str(), v.as_str())),
        Some(weburl::encoding_rs::SHIFT_JIS),
    );
    assert!(legacy.is_ascii(), "legacy serialization is not ASCII");
});
