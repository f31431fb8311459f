//! Percent-encode after encoding (URL Standard, section 1.3), for any encoding of the Encoding
//! Standard through `encoding_rs`.
//!
//! The whole input goes through one encoder, so stateful encoders (ISO-2022-JP) see it as one
//! stream and emit their escape sequences where the stream needs them. UTF-8 takes a fast path
//! with no encoder at all, and so does an all-ASCII input (or an ASCII prefix) in an
//! ASCII-compatible encoding, whose encoders map ASCII to itself.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt::Write as _;

use encoding_rs::{EncoderResult, Encoding, UTF_8};

use crate::encode::{encode_runs, encode_to_cow, utf8_percent_encode_into};
use crate::set::AsciiSet;

/// Bytes encoded per round of the encoder loop (on the stack).
const CHUNK: usize = 1024;

/// Percent-encode after encoding: encode `input` with `encoding`, then percent-encode each
/// byte of the result that is in `set` (or write `+` for a 0x20 byte when `space_as_plus`), and
/// write `%26%23NNN%3B` (a percent-encoded `&#NNN;`) for each code point that `encoding` cannot
/// represent.
///
/// `encoding` is first replaced by its output encoding (the Encoding Standard's "get an output
/// encoding": UTF-16BE/LE and replacement become UTF-8). The standard expects `encoding` to be
/// UTF-8 unless `set` is the special-query or the application/x-www-form-urlencoded set, and
/// `space_as_plus` to be true only with the latter; neither is enforced.
///
/// Borrows `input` when the output equals it.
///
/// ```
/// use weburl_percent::{percent_encode_after_encoding, FORM_URLENCODED, SPECIAL_QUERY};
/// use weburl_percent::encoding_rs::{ISO_2022_JP, SHIFT_JIS};
///
/// assert_eq!(percent_encode_after_encoding(SHIFT_JIS, "≡‽", &SPECIAL_QUERY, false),
///            "%81%DF%26%238253%3B");
/// assert_eq!(percent_encode_after_encoding(ISO_2022_JP, "¥", &SPECIAL_QUERY, false),
///            "%1B(J\\%1B(B");
/// assert_eq!(percent_encode_after_encoding(SHIFT_JIS, "1+1 ≡ 2%20‽", &FORM_URLENCODED, true),
///            "1%2B1+%81%DF+2%2520%26%238253%3B");
/// ```
#[must_use]
pub fn percent_encode_after_encoding<'a>(
    encoding: &'static Encoding,
    input: &'a str,
    set: &AsciiSet,
    space_as_plus: bool,
) -> Cow<'a, str> {
    let encoding = encoding.output_encoding();
    if encoding == UTF_8 || encoding.is_ascii_compatible() && input.is_ascii() {
        // Every such encoder maps this input to its UTF-8 bytes: a UTF-8 percent-encode.
        return encode_to_cow(input, set, space_as_plus);
    }
    let mut out = String::with_capacity(input.len() * 3);
    if legacy_encode_into(encoding, input, set, space_as_plus, &mut out) {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(input)
    }
}

/// [`percent_encode_after_encoding`], appending to `out`. Returns whether the appended text
/// differs from `input`.
///
/// This is the form the URL parser's query state uses: it encodes its whole buffer at once.
///
/// ```
/// use weburl_percent::{percent_encode_after_encoding_into, SPECIAL_QUERY};
/// use weburl_percent::encoding_rs::{EUC_KR, UTF_16LE};
///
/// let mut query = String::from("?");
/// assert!(percent_encode_after_encoding_into(EUC_KR, "†'", &SPECIAL_QUERY, false, &mut query));
/// assert_eq!(query, "?%A2%D3%27");
/// // UTF-16LE's output encoding is UTF-8.
/// percent_encode_after_encoding_into(UTF_16LE, "†", &SPECIAL_QUERY, false, &mut query);
/// assert_eq!(query, "?%A2%D3%27%E2%80%A0");
/// ```
pub fn percent_encode_after_encoding_into(
    encoding: &'static Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) -> bool {
    let encoding = encoding.output_encoding();
    if encoding == UTF_8 {
        return utf8_percent_encode_into(input, set, space_as_plus, out);
    }
    legacy_encode_into(encoding, input, set, space_as_plus, out)
}

/// The non-UTF-8 case of [`percent_encode_after_encoding_into`]; `encoding` is an output
/// encoding.
fn legacy_encode_into(
    encoding: &'static Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) -> bool {
    let start = out.len();
    // An ASCII prefix encodes to itself in an ASCII-compatible encoding, whose encoders keep no
    // state between characters: percent-encode it directly.
    let ascii_len = if encoding.is_ascii_compatible() {
        Encoding::ascii_valid_up_to(input.as_bytes())
    } else {
        0
    };
    let (ascii, rest) = input.split_at_checked(ascii_len).unwrap_or(("", input));
    utf8_percent_encode_into(ascii, set, space_as_plus, out);
    encode_with_encoder(encoding, rest, set, space_as_plus, out);
    out.get(start..) != Some(input)
}

/// Percent-encode after encoding, steps 1-4, with an encoder of `encoding`.
fn encode_with_encoder(
    encoding: &'static Encoding,
    input: &str,
    set: &AsciiSet,
    space_as_plus: bool,
    out: &mut String,
) {
    if input.is_empty() {
        return;
    }
    let mut encoder = encoding.new_encoder();
    let mut buffer = [0u8; CHUNK];
    let mut rest = input;
    // While potentialError is not null: "encode or fail" on the rest of the input.
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buffer, true);
        rest = rest.get(read..).unwrap_or_default();
        // Step 3: percent-encode the bytes of encodeOutput.
        let bytes = buffer.get(..written).unwrap_or_default();
        encode_runs(
            bytes,
            0,
            |a, b| core::str::from_utf8(bytes.get(a..b)?).ok(),
            |_| None,
            set,
            space_as_plus,
            out,
        );
        match result {
            EncoderResult::InputEmpty => break,
            // The buffer filled up: go on with the rest (no progress would mean the buffer is
            // smaller than one character's output, which 1,024 bytes never is).
            EncoderResult::OutputFull => {
                if read == 0 && written == 0 {
                    break;
                }
            }
            // Step 4: an unmappable code point becomes a percent-encoded `&#NNN;`.
            EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                // Writing to a `String` cannot fail.
                let _ = write!(out, "{}", u32::from(c));
                out.push_str("%3B");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set::{FORM_URLENCODED, QUERY, SPECIAL_QUERY};
    use alloc::string::ToString;
    use alloc::vec::Vec;
    use encoding_rs::{
        BIG5, EUC_KR, GB18030, ISO_2022_JP, REPLACEMENT, SHIFT_JIS, UTF_16BE, WINDOWS_1252,
    };

    fn special_query(encoding: &'static Encoding, input: &str) -> String {
        percent_encode_after_encoding(encoding, input, &SPECIAL_QUERY, false).into_owned()
    }

    #[test]
    fn spec_examples() {
        assert_eq!(special_query(SHIFT_JIS, " "), "%20");
        assert_eq!(special_query(SHIFT_JIS, "\u{2261}"), "%81%DF");
        assert_eq!(special_query(SHIFT_JIS, "\u{203D}"), "%26%238253%3B");
        assert_eq!(special_query(ISO_2022_JP, "\u{A5}"), "%1B(J\\%1B(B");
        let form = percent_encode_after_encoding(
            SHIFT_JIS,
            "1+1 \u{2261} 2%20\u{203D}",
            &FORM_URLENCODED,
            true,
        );
        assert_eq!(form, "1%2B1+%81%DF+2%2520%26%238253%3B");
    }

    #[test]
    fn whole_input_through_one_encoder() {
        // The ISO-2022-JP encoder keeps its Roman state across an unmappable code point (its
        // `&#NNN;` digits read the same there) and through `a`, leaves it for JIS X 0208, returns
        // to ASCII before an unmappable code point in that state, and at the end.
        assert_eq!(
            special_query(ISO_2022_JP, "\u{A5}\u{A5}\u{203D}a\u{3042}\u{3044}"),
            "%1B(J\\\\%26%238253%3Ba%1B$B$%22$$%1B(B"
        );
        assert_eq!(
            special_query(ISO_2022_JP, "\u{3044}\u{203D}\u{3044}"),
            "%1B$B$$%1B(B%26%238253%3B%1B$B$$%1B(B"
        );
        // U+000E, U+000F and U+001B are errors in ISO-2022-JP, reported as U+FFFD.
        assert_eq!(special_query(ISO_2022_JP, "\u{E}A"), "%26%2365533%3BA");
        assert_eq!(special_query(ISO_2022_JP, "abc"), "abc");
    }

    #[test]
    fn borrows_when_unchanged() {
        for encoding in [UTF_8, SHIFT_JIS, ISO_2022_JP, UTF_16BE, REPLACEMENT] {
            let out = percent_encode_after_encoding(encoding, "abc=d", &SPECIAL_QUERY, false);
            assert!(matches!(out, Cow::Borrowed("abc=d")), "{}", encoding.name());
        }
        // Shift_JIS maps U+00A5 to 0x5C: different output, nothing percent-encoded.
        assert_eq!(special_query(SHIFT_JIS, "\u{A5}"), "\\");
        let mut out = String::new();
        assert!(percent_encode_after_encoding_into(SHIFT_JIS, "\u{A5}", &QUERY, false, &mut out));
        assert!(!percent_encode_after_encoding_into(SHIFT_JIS, "a", &QUERY, false, &mut out));
        assert_eq!(out, "\\a");
    }

    #[test]
    fn output_encodings() {
        assert_eq!(special_query(UTF_16BE, "\u{E9} "), "%C3%A9%20");
        assert_eq!(special_query(REPLACEMENT, "\u{E9}"), "%C3%A9");
        assert_eq!(special_query(WINDOWS_1252, "\u{E9}\u{20AC}\u{3042}"), "%E9%80%26%2312354%3B");
        assert_eq!(special_query(EUC_KR, "\u{2020}"), "%A2%D3");
        assert_eq!(special_query(BIG5, "\u{2020}"), "%26%238224%3B");
        assert_eq!(special_query(GB18030, "\u{E5E5}"), "%26%2358853%3B");
    }

    #[test]
    fn long_input_crosses_chunks() {
        let input: String = "\u{3044}".repeat(CHUNK);
        let expected = {
            let mut s = String::from("%1B$B");
            for _ in 0..CHUNK {
                s.push_str("$$");
            }
            s.push_str("%1B(B");
            s
        };
        assert_eq!(special_query(ISO_2022_JP, &input), expected);
        let sjis = special_query(SHIFT_JIS, &input);
        assert_eq!(sjis, "%82%A2".repeat(CHUNK));
        let unmappable: String = "\u{203D}".repeat(700);
        assert_eq!(special_query(SHIFT_JIS, &unmappable), "%26%238253%3B".repeat(700));
        let words: Vec<String> =
            ["a", "b c"].iter().map(|w| special_query(WINDOWS_1252, w)).collect();
        assert_eq!(words, ["a".to_string(), "b%20c".to_string()]);
    }
}
