//! Regressions found by the `punycode` fuzz target.

use super::*;
use crate::idna::{Config, to_ascii};
use alloc::string::String;

/// 1,000 CJK code points in a scattered order: each delta takes several digits, so the
/// encoding is far longer than 1,000 bytes.
fn long_label() -> String {
    (0..MAX_LABEL_LEN as u32).filter_map(|i| char::from_u32(0x4E00 + (i * 7919) % 20000)).collect()
}

/// Found by fuzzing: `encode` capped its input at 1,000 code points but `decode` capped
/// its input at 1,000 bytes, so a label could encode to Punycode that its own decoder
/// refused (and ToASCII wrote an `xn--` label that ToASCII of the result then refused, so
/// a URL's href did not reparse). Both now cap the label in code points.
#[test]
fn every_encoding_decodes() {
    let label = long_label();
    assert_eq!(label.chars().count(), MAX_LABEL_LEN);
    let encoded = encode(&label).expect("1,000 code points encode");
    assert!(encoded.len() > MAX_LABEL_LEN, "the case must pass the old byte cap");
    assert_eq!(decode(&encoded).as_deref(), Ok(label.as_str()));
    let ascii = to_ascii(&label, Config::new()).expect("ToASCII");
    assert_eq!(to_ascii(&ascii, Config::new()).as_deref(), Ok(&*ascii));
    // One code point more is refused both ways.
    let longer: String = label.chars().chain(['\u{4E00}']).collect();
    assert_eq!(encode(&longer), Err(PunycodeError::TooLong));
    let mut over = encoded.clone();
    over.push('a');
    assert_eq!(decode(&over), Err(PunycodeError::TooLong));
    // A long run of digits fails fast (overflow or the cap), whatever its length.
    assert!(decode(&"9".repeat(1 << 20)).is_err());
    assert_eq!(decode(&"a".repeat(1 << 20)), Err(PunycodeError::TooLong));
}
