//! Parse one input with no base: every URL passes `check_url` (invariants, getter shapes, the
//! href rebuilt from its components and reparsing to itself), and listening for validation
//! errors changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl_fuzz::{check_url, parse_both_ways, text};

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    if let Ok(url) = parse_both_ways(&input, None) {
        check_url(&url);
    }
});
