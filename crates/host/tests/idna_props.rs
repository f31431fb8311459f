//! Property tests for `weburl_host::idna`: Punycode against a naive oracle (the RFC 3492 loop
//! as written), round trips, and ToASCII/ToUnicode consistency.

use proptest::prelude::*;
use weburl_host::idna::{Config, punycode, to_ascii, to_ascii_with_errors, to_unicode};

/// RFC 3492 section 6.3 exactly as written (one scan of the input per code point), in `u64`.
fn naive_encode(input: &str) -> String {
    const BASE: u64 = 36;
    fn adapt(delta: u64, points: u64, first: bool) -> u64 {
        let mut delta = if first { delta / 700 } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > 35 * 26 / 2 {
            delta /= 35;
            k += BASE;
        }
        k + 36 * delta / (delta + 38)
    }
    fn digit(d: u64) -> char {
        b"abcdefghijklmnopqrstuvwxyz0123456789"[d as usize] as char
    }
    let points: Vec<u64> = input.chars().map(|c| u64::from(u32::from(c))).collect();
    let mut out: String = input.chars().filter(char::is_ascii).collect();
    let basic = out.len() as u64;
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut h) = (128u64, 0u64, 72u64, basic);
    while h < points.len() as u64 {
        let m = points.iter().copied().filter(|&c| c >= n).min().unwrap();
        delta += (m - n) * (h + 1);
        n = m;
        for &c in &points {
            if c < n {
                delta += 1;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        1
                    } else if k >= bias + 26 {
                        26
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, h + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    out
}

/// Strings mixing ASCII, a few scripts and astral code points, with repeats.
fn label() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "Z",
        "-",
        "0",
        "ü",
        "ß",
        "σ",
        "ς",
        "\u{5D0}",
        "\u{627}",
        "\u{660}",
        "中",
        "文",
        "\u{300}",
        "\u{200C}",
        "\u{200D}",
        "\u{94D}",
        "😀",
        "\u{10FFFF}",
        "\u{E000}",
        "ﬀ",
        "Ⅻ",
    ]);
    prop::collection::vec(pieces, 0..24).prop_map(|v| v.concat())
}

fn domain() -> impl Strategy<Value = String> {
    prop::collection::vec(label(), 1..4).prop_map(|labels| labels.join("."))
}

proptest! {
    #[test]
    fn encode_matches_the_rfc_loop(s in label()) {
        prop_assert_eq!(punycode::encode(&s).unwrap(), naive_encode(&s));
    }

    #[test]
    fn encode_matches_the_rfc_loop_for_any_text(s in "\\PC{0,40}") {
        prop_assert_eq!(punycode::encode(&s).unwrap(), naive_encode(&s));
    }

    #[test]
    fn decode_inverts_encode(s in "\\PC{0,40}") {
        let encoded = punycode::encode(&s).unwrap();
        prop_assert_eq!(punycode::decode(&encoded).unwrap(), s);
    }

    #[test]
    fn decode_accepts_only_canonical_forms(s in "[a-z0-9A-Z-]{0,30}") {
        if let Ok(decoded) = punycode::decode(&s) {
            // Punycode is unique: re-encoding gives the input back, with the digits after the
            // delimiter in lower case (the basic code points keep their case).
            let expected = match s.rfind('-') {
                Some(at) if at > 0 => format!("{}{}", &s[..=at], s[at + 1..].to_ascii_lowercase()),
                _ => s.to_ascii_lowercase(),
            };
            prop_assert_eq!(punycode::encode(&decoded).unwrap(), expected);
        }
    }

    #[test]
    fn to_ascii_is_stable(d in domain()) {
        for config in [Config::new(), Config::new().transitional_processing(true)] {
            if let Ok(ascii) = to_ascii(&d, config) {
                prop_assert!(ascii.is_ascii());
                // The result is its own ToASCII, and has the same ToUnicode as the input.
                let again = to_ascii(&ascii, Config::new());
                prop_assert_eq!(again.as_deref(), Ok(&*ascii));
                let (from_ascii, result) = to_unicode(&ascii, Config::new());
                prop_assert!(result.is_ok());
                if !config.eq(&Config::new().transitional_processing(true)) {
                    prop_assert_eq!(from_ascii, to_unicode(&d, config).0);
                }
            }
        }
    }

    #[test]
    fn to_unicode_agrees_with_to_ascii(d in domain()) {
        let config = Config::new().check_hyphens(true).use_std3_ascii_rules(true);
        let (unicode, result) = to_unicode(&d, config);
        let ascii = to_ascii(&d, config);
        prop_assert_eq!(result.is_ok(), ascii.is_ok(), "{:?} -> {:?}", d, unicode);
        if let Ok(ascii) = ascii {
            prop_assert_eq!(to_unicode(&ascii, config).0, unicode);
        }
    }

    #[test]
    fn any_input_any_flags(
        d in "([a-zA-Z0-9.-]|xn--|XN--|\\PC|。|\u{200C}|\u{5D0}|\u{300}){0,16}",
        flags in 0u8..128,
    ) {
        let bit = |i: u8| flags & (1 << i) != 0;
        let config = Config::new()
            .check_hyphens(bit(0))
            .check_bidi(bit(1))
            .check_joiners(bit(2))
            .use_std3_ascii_rules(bit(3))
            .transitional_processing(bit(4))
            .verify_dns_length(bit(5))
            .ignore_invalid_punycode(bit(6));
        let (ascii, result) = to_ascii_with_errors(&d, config);
        prop_assert_eq!(to_ascii(&d, config).ok(), result.ok().map(|()| ascii.clone()));
        let (unicode, unicode_result) = to_unicode(&d, config);
        if result.is_ok() {
            prop_assert!(ascii.is_ascii());
            // ToUnicode records no failure where ToASCII records none.
            prop_assert!(unicode_result.is_ok(), "{:?} {:?} {:?}", d, unicode, unicode_result);
        }
    }
}
