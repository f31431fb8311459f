//! `Url::can_parse` (a URL-free check without a base) against `Url::parse`, and with a base
//! (`base 0xFF input`) against parsing both.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{split2, text};

fuzz_target!(|data: &[u8]| {
    let whole = text(data);
    assert_eq!(
        Url::can_parse(&whole, None),
        Url::parse(&whole).is_ok(),
        "can_parse disagrees with parse: {whole:?}"
    );
    let (base, input) = split2(data);
    let parsed = Url::parse(&base).and_then(|b| b.join(&input));
    assert_eq!(
        Url::can_parse(&input, Some(&base)),
        parsed.is_ok(),
        "can_parse with a base disagrees: {input:?} against {base:?}"
    );
});
