//! A URL (`href 0xFF ops`, a fixed URL when the href does not parse) and a sequence of
//! `query_pairs_mut` calls read from the bytes after the separator: append_pair,
//! append_key_only, extend_pairs, clear, finish. After each call the URL passes `check_url`,
//! the query since the last clear is a prefix of the new one, and `query_pairs` reads back the
//! old pairs and the appended ones.
#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{FALLBACK_URLS, check_url, text};

fuzz_target!(|data: &[u8]| {
    let (href, ops) = match data.iter().position(|&b| b == weburl_fuzz::SEP) {
        Some(i) => (text(&data[..i]), &data[i + 1..]),
        None => (text(data), &[][..]),
    };
    let mut url = Url::parse(&href)
        .unwrap_or_else(|_| Url::parse(FALLBACK_URLS[href.len() % FALLBACK_URLS.len()]).unwrap());
    let mut pairs: Vec<(String, String)> =
        url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
    let mut prefix = url.query().unwrap_or("").to_owned();
    let fragment = url.fragment().map(str::to_owned);
    let mut u = Unstructured::new(ops);
    for _ in 0..16 {
        let Ok(op) = u.int_in_range(0u8..=4) else { break };
        let name: String = u.arbitrary().unwrap_or_default();
        let value: String = u.arbitrary().unwrap_or_default();
        let mut serializer = url.query_pairs_mut();
        match op {
            0 => {
                serializer.append_pair(&name, &value);
                pairs.push((name, value));
            }
            1 => {
                serializer.append_key_only(&name);
                // An empty name appends nothing, or a lone `&`: no pair.
                if !name.is_empty() {
                    pairs.push((name, String::new()));
                }
            }
            2 => {
                let more = [(name.clone(), value.clone()), (value.clone(), name.clone())];
                serializer.extend_pairs(&more);
                pairs.extend(more);
            }
            3 => {
                serializer.clear();
                pairs.clear();
                prefix.clear();
            }
            _ => {
                let _url: &mut Url = serializer.finish();
            }
        }
        // The serializer writes into the URL as it goes: nothing is left to flush.
        check_url(&url);
        let query = url
            .query()
            .unwrap_or_else(|| panic!("query_pairs_mut left no query: {:?}", url.href()));
        assert!(query.starts_with(&prefix), "{prefix:?} is not a prefix of {query:?}");
        assert_eq!(url.fragment(), fragment.as_deref(), "the fragment changed: {:?}", url.href());
        let read: Vec<(String, String)> =
            url.query_pairs().map(|(k, v)| (k.into_owned(), v.into_owned())).collect();
        assert_eq!(read, pairs, "query_pairs of {:?}", url.href());
        prefix = query.to_owned();
    }
});
