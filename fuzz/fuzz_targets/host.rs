//! The host parser (section 3.5) for special and opaque hosts, and domain to ASCII and
//! Unicode (sections 3.3): the serialization reparses to the same host, the appending and
//! error-reporting entry points agree (a failure's offset is the last one reported), domain
//! to ASCII is idempotent and strict success implies the same relaxed result, and domain to
//! ASCII of a domain to Unicode result gives the same ASCII back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::host::{Host, domain_to_ascii, domain_to_unicode, is_forbidden_domain_code_point};
use weburl::host::{is_valid_host_string, parse_host_into};
use weburl_fuzz::text;

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    for is_opaque in [false, true] {
        let parsed = Host::parse(&input, is_opaque);
        let mut errors = Vec::new();
        let listened =
            Host::parse_with_errors(&input, is_opaque, &mut |k, at| errors.push((k, at)));
        assert_eq!(parsed, listened, "the sink changed the result: {input:?}");
        if let Err(error) = &parsed {
            let last = errors.last().map(|&(_, at)| at);
            assert_eq!(last, Some(error.offset()), "the failure's offset: {input:?}");
        }
        for &(_, at) in &errors {
            assert!(at <= input.len(), "error offset {at} past the input: {input:?}");
        }
        let mut out = String::from("prefix");
        let appended = parse_host_into(&input, is_opaque, &mut out, None);
        match (&parsed, &appended) {
            (Ok(host), Ok(kind)) => {
                let serialized = host.to_string();
                assert_eq!(host.kind(), *kind, "kinds differ: {input:?}");
                assert_eq!(out, format!("prefix{serialized}"), "appended text: {input:?}");
                assert!(serialized.is_ascii(), "non-ASCII host {serialized:?}: {input:?}");
                let again = Host::parse(&serialized, is_opaque);
                assert_eq!(again.as_ref(), Ok(host), "serialization reparses differently");
            }
            (Err(a), Err(b)) => {
                assert_eq!(a, b, "errors differ: {input:?}");
                assert_eq!(out, "prefix", "failure left text behind: {input:?}");
            }
            _ => panic!("Host::parse and parse_host_into disagree: {input:?}"),
        }
    }

    // A valid host string (section 3.4) always parses (the parser tolerates much more, e.g.
    // `*`, with a validation error).
    if is_valid_host_string(&input) {
        let host = Host::parse(&input, false);
        assert!(host.is_ok(), "valid host string fails to parse: {input:?}: {host:?}");
    }

    let relaxed = domain_to_ascii(&input, false);
    if let Ok(strict) = domain_to_ascii(&input, true) {
        assert_eq!(relaxed.as_deref(), Ok(&*strict), "strict success, relaxed differs: {input:?}");
    }
    if let Ok(ascii) = relaxed {
        assert!(ascii.is_ascii(), "domain to ASCII gave {ascii:?}: {input:?}");
        assert!(!ascii.chars().any(is_forbidden_domain_code_point), "forbidden: {ascii:?}");
        let again = domain_to_ascii(&ascii, false);
        assert_eq!(again.as_deref(), Ok(&*ascii), "domain to ASCII is not idempotent");
        let unicode = domain_to_unicode(&ascii);
        let back = domain_to_ascii(&unicode, false);
        assert_eq!(back.as_deref(), Ok(&*ascii), "ToASCII(ToUnicode({ascii:?})) = {back:?}");
    }
    let _ = domain_to_unicode(&input);
});
