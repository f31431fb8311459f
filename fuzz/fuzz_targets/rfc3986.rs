//! RFC 3986 (`reference`, or `base 0xFF reference`): validation and parsing agree; the
//! normalized form parses, is equivalent to the input, and normalizing it again changes
//! nothing; resolution against a base with a scheme yields a valid URI, and resolving it
//! again (which removes any dot segments it kept from the base) is then stable.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::rfc3986::{UriRef, validate, validate_uri};
use weburl_fuzz::{split2, text};

fn check_one(input: &str) -> Option<UriRef<'_>> {
    let parsed = UriRef::parse(input);
    assert_eq!(parsed.is_ok(), validate(input).is_ok(), "parse and validate differ: {input:?}");
    let uri = parsed.ok()?;
    assert_eq!(uri.as_str(), input);
    assert_eq!(uri.is_uri(), validate_uri(input).is_ok(), "is_uri differs: {input:?}");
    let normalized = uri.normalized();
    let again = UriRef::parse(normalized.as_str()).unwrap_or_else(|e| {
        panic!("normalized {:?} does not parse ({e}): {input:?}", normalized.as_str())
    });
    assert_eq!(
        again.normalized().as_str(),
        normalized.as_str(),
        "normalize is not idempotent: {input:?}"
    );
    assert!(uri.equivalent(&again), "not equivalent to its normal form: {input:?}");
    assert_eq!(uri.scheme().is_some(), again.scheme().is_some(), "normalizing changed the kind");
    Some(uri)
}

fuzz_target!(|data: &[u8]| {
    let whole = text(data);
    check_one(&whole);
    let (base, reference) = split2(data);
    let (Some(base), Some(reference)) = (check_one(&base), check_one(&reference)) else { return };
    match base.resolve(&reference) {
        Ok(target) => {
            let s = target.as_str();
            assert!(validate_uri(s).is_ok(), "resolution {s:?} is not a URI: {reference:?}");
            check_one(s);
            // The target may keep the base's dot segments (an empty reference takes the base
            // path as it is, section 5.2.2); resolving it again removes them, and from then on
            // resolution is the identity.
            let parsed = UriRef::parse(s).expect("a valid URI parses");
            let once = base.resolve(&parsed).expect("a URI resolves");
            let parsed = UriRef::parse(once.as_str()).expect("a valid URI parses");
            let twice = base.resolve(&parsed).expect("a URI resolves");
            assert_eq!(twice.as_str(), once.as_str(), "resolving a resolved URI is not stable");
        }
        Err(_) => {
            assert!(base.scheme().is_none(), "resolution against a URI failed: {reference:?}")
        }
    }
});
