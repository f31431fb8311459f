//! Percent-encoding (URL Standard, section 1.3). Decoding agrees with a byte-by-byte reading
//! of "percent-decode" in every form (bytes, iterator, UTF-8, lossy UTF-8, from bytes and from
//! a `str`), borrowing exactly when nothing decodes; encoding with each percent-encode set
//! writes `%XX` for exactly the set's bytes, the same through every entry point, and decodes
//! back to its input when the input holds no escape of its own.
//!
//! Input: one byte selecting the set, then the text (as bytes for decoding, as UTF-8, lossily,
//! for both).
#![no_main]

use std::borrow::Cow;

use libfuzzer_sys::fuzz_target;
use weburl::percent::{
    AsciiSet, C0_CONTROL, COMPONENT, FORM_URLENCODED, FRAGMENT, NON_ALPHANUMERIC, PATH, QUERY,
    SPECIAL_QUERY, USERINFO, encode_into, percent_decode, percent_decode_str, percent_encode,
    utf8_percent_encode,
};
use weburl_fuzz::text;

const SETS: [&AsciiSet; 9] = [
    &C0_CONTROL,
    &FRAGMENT,
    &QUERY,
    &SPECIAL_QUERY,
    &PATH,
    &USERINFO,
    &COMPONENT,
    &FORM_URLENCODED,
    NON_ALPHANUMERIC,
];

/// "percent-decode", one byte at a time.
fn decode_naive(input: &[u8]) -> Vec<u8> {
    let hex = |b: u8| char::from(b).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let escape = match input[i..] {
            [b'%', hi, lo, ..] => hex(hi).zip(hex(lo)).map(|(hi, lo)| hi << 4 | lo),
            _ => None,
        };
        match escape {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(input[i]);
                i += 1;
            }
        }
    }
    out
}

/// Each byte of `input` in `set` as `%XX` (upper-case hex), the others as they are.
fn encode_naive(input: &[u8], set: &AsciiSet) -> String {
    let mut out = String::new();
    for &b in input {
        if set.contains(b) {
            out.push_str(&format!("%{b:02X}"));
        } else {
            out.push(char::from(b));
        }
    }
    out
}

/// Every decoding form of `input` (read as a `str` when `from_str`) agrees with `want`, the
/// bytes the steps give.
fn check_decode(input: &[u8], want: &[u8], from_str: bool) {
    let decoded = if from_str {
        percent_decode_str(std::str::from_utf8(input).expect("a str's bytes"))
    } else {
        percent_decode(input)
    };
    assert_eq!(decoded.clone().collect::<Vec<u8>>(), want, "iterator: {input:?}");
    let bytes = decoded.clone().into_bytes();
    assert_eq!(&*bytes, want, "into_bytes: {input:?}");
    // An escape takes three bytes for one: the output equals the input exactly when none
    // decoded, and then it is borrowed.
    assert_eq!(matches!(bytes, Cow::Borrowed(_)), want == input, "borrowed: {input:?}");
    let utf8 = decoded.clone().decode_utf8();
    assert_eq!(utf8.as_deref().ok(), std::str::from_utf8(want).ok(), "decode_utf8: {input:?}");
    let lossy = decoded.decode_utf8_lossy();
    assert_eq!(lossy, String::from_utf8_lossy(want), "decode_utf8_lossy: {input:?}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, input)) = data.split_first() else { return };
    check_decode(input, &decode_naive(input), false);
    let text = text(input);
    let text_bytes = text.as_bytes();
    let decoded = decode_naive(text_bytes);
    check_decode(text_bytes, &decoded, true);

    let set = SETS[usize::from(selector) % SETS.len()];
    let want = encode_naive(text_bytes, set);
    let encoded = utf8_percent_encode(&text, set).to_string();
    assert_eq!(encoded, want, "utf8_percent_encode: {text:?}");
    let cow: Cow<'_, str> = utf8_percent_encode(&text, set).into();
    assert_eq!(cow, want, "Cow: {text:?}");
    assert_eq!(matches!(cow, Cow::Borrowed(_)), want == *text, "borrowed: {text:?}");
    assert_eq!(percent_encode(text_bytes, set).to_string(), want, "percent_encode: {text:?}");
    let mut into = String::from("x");
    let changed = encode_into(&text, set, &mut into);
    assert_eq!(into[1..], want, "encode_into: {text:?}");
    assert_eq!(changed, want != *text, "encode_into's answer: {text:?}");
    // Encoding then decoding gives the text back, unless it holds an escape of its own
    // (`%` is in no set but NON_ALPHANUMERIC).
    if decoded == text_bytes || set.contains(b'%') {
        let back = percent_decode_str(&encoded).decode_utf8();
        assert_eq!(back.as_deref(), Ok(&*text), "round trip: {text:?}");
    }
});
