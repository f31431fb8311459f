//! Punycode (RFC 3492): encode then decode gives the input back; a decoded label encodes to
//! the input again (up to the case of its digits); nothing panics or overflows.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::idna::punycode::{MAX_LABEL_LEN, PunycodeError, decode, encode};
use weburl_fuzz::text;

fuzz_target!(|data: &[u8]| {
    let input = text(data);
    match encode(&input) {
        Ok(encoded) => {
            assert!(encoded.is_ascii(), "encode gave {encoded:?}: {input:?}");
            assert_eq!(decode(&encoded).as_deref(), Ok(&*input), "round trip: {input:?}");
        }
        // Only over-long labels and 32-bit overflow (RFC 3492 6.4) fail.
        Err(e) => assert!(
            input.chars().count() > MAX_LABEL_LEN || e == PunycodeError::Overflow,
            "encode failed with {e:?}: {input:?}"
        ),
    }
    if let Ok(decoded) = decode(&input) {
        let encoded = encode(&decoded).expect("a decoded label encodes");
        // Basic code points keep their case; digits are case-insensitive (RFC 3492 5).
        let (basic, _) = input.rsplit_once('-').unwrap_or(("", &input));
        assert!(
            encoded.eq_ignore_ascii_case(&input) && encoded.starts_with(basic),
            "decode then encode: {input:?} -> {decoded:?} -> {encoded:?}"
        );
    }
});
