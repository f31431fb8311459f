//! The canonical-ASCII fast path against the full state machine (`input`, or `base 0xFF
//! input`): where the fast path takes an input both build the identical record, and in strict
//! mode the state machine reports no validation error; where the rare walk fails a special
//! URL's host or port, the state machine fails the same way.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{check_url, split2};

fuzz_target!(|data: &[u8]| {
    let (first, rest) = split2(data);
    // Without a separator the whole input is parsed with no base; with one, against the base
    // (the fast path claims the base never matters to what it takes).
    let (input, base) = if data.contains(&weburl_fuzz::SEP) {
        (rest, Url::parse(&first).ok())
    } else {
        (first, None)
    };
    match weburl_parser::fuzzing::fast_path_agrees(&input, base.as_ref()) {
        Ok(true) => check_url(&Url::parse(&input).expect("the fast path took it")),
        Ok(false) => {}
        Err(why) => panic!("{why}: {input:?}"),
    }
});
