//! Parse an input against a base (`base 0xFF input`): the result passes `check_url`, `join`
//! and the options builder agree, and a URL is its own base for its href.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{check_url, parse_both_ways, same_getters, split2};

fuzz_target!(|data: &[u8]| {
    let (base, input) = split2(data);
    let Ok(base) = Url::parse(&base) else { return };
    if let Ok(url) = parse_both_ways(&input, Some(&base)) {
        check_url(&url);
        // An absolute URL string ignores the base: parsing the href against any base gives it.
        let again = base.join(url.href()).expect("an href parses against any base");
        assert!(same_getters(&url, &again), "href against the base: {:?}", url.href());
    }
});
