//! UTS #46 ToASCII and ToUnicode under fuzzed flags (first byte: one bit per flag, the rest
//! the domain): a ToASCII success is ASCII, idempotent, and implies ToUnicode success;
//! ToASCII of the ToUnicode result is the same ASCII; each checking flag only removes
//! successes, never changes a result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::idna::{Config, to_ascii, to_unicode};
use weburl_fuzz::text;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else { return };
    let domain = text(rest);
    let bit = |i: u8| flags & (1 << i) != 0;
    // Nontransitional, as the URL Standard uses; the checks are fuzzed.
    let lax = Config::new().check_bidi(false).check_joiners(false).ignore_invalid_punycode(bit(6));
    let config = lax
        .check_hyphens(bit(0))
        .check_bidi(bit(1))
        .check_joiners(bit(2))
        .use_std3_ascii_rules(bit(3))
        .verify_dns_length(bit(4));
    let ascii = to_ascii(&domain, config);
    let (unicode, unicode_result) = to_unicode(&domain, config);
    if let Ok(ascii) = &ascii {
        assert!(ascii.is_ascii(), "ToASCII gave {ascii:?}: {domain:?}");
        assert!(unicode_result.is_ok(), "ToASCII ok, ToUnicode {unicode_result:?}: {domain:?}");
        let again = to_ascii(ascii, config);
        assert_eq!(again.as_deref(), Ok(&**ascii), "ToASCII is not idempotent: {domain:?}");
        let back = to_ascii(&unicode, config);
        assert_eq!(back.as_deref(), Ok(&**ascii), "ToASCII(ToUnicode) differs: {domain:?}");
        let relaxed = to_ascii(&domain, lax);
        assert_eq!(relaxed.as_deref(), Ok(&**ascii), "a check changed the result: {domain:?}");
    }
    // Transitional processing must not fail differently in kind: only run it for panics.
    let _ = to_ascii(&domain, config.transitional_processing(true));
    let _ = to_unicode(&domain, config.transitional_processing(true));
});
