//! Unit tests of the Punycode encoder and decoder (crates/host/src/idna/punycode.rs).

use super::*;

#[test]
fn utf8_writer_matches_the_standard_encoder() {
    let points: Vec<u32> = [0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000]
        .into_iter()
        .chain([0x10_FFFF, 0xE9, 0x4E2D, 0x1F600])
        .collect();
    let expected: String = points.iter().map(|&p| char::from_u32(p).unwrap()).collect();
    let mut out = String::from("x");
    push_chars(&mut out, &points);
    assert_eq!(out, alloc::format!("x{expected}"));
    assert_eq!(utf8_len(&points), expected.len());
}

#[test]
fn ones_counts_bits() {
    for mask in (0..1u64 << 16).step_by(7).chain([0xFFFF, 0x8000, 1]) {
        assert_eq!(ones(mask, 16), mask.count_ones(), "{mask:x}");
    }
    assert_eq!(ones(u64::MAX, 64), 64);
}

#[test]
fn digit_table_matches_the_digit_ranges() {
    for byte in 0..=255u8 {
        let table = DIGIT_VALUES[usize::from(byte)];
        assert_eq!(digit_value(byte), (table != NOT_A_DIGIT).then_some(u32::from(table)));
    }
}

#[test]
fn divide_matches_division() {
    for d in 1..=70 {
        let mut n = 0u32;
        while n < SMALL_DIVIDEND + 1000 {
            assert_eq!(divide(n, d), n / d, "{n} / {d}");
            n = if n < 5000 { n + 1 } else { n + n / 997 + 1 };
        }
        for n in [SMALL_DIVIDEND - 1, SMALL_DIVIDEND, u32::MAX - 1, u32::MAX] {
            assert_eq!(divide(n, d), n / d, "{n} / {d}");
        }
    }
    assert_eq!(divide(7, 0), 7);
}

#[test]
fn adapt_matches_rfc_formula() {
    let rfc = |delta: u32, num_points: u32, first: bool| {
        let mut delta = if first { delta / DAMP } else { delta / 2 };
        delta += delta / num_points;
        let mut k = 0;
        while delta > ((BASE - TMIN) * TMAX) / 2 {
            delta /= BASE - TMIN;
            k += BASE;
        }
        k + ((BASE - TMIN + 1) * delta) / (delta + SKEW)
    };
    for delta in (0..20_000).chain([1 << 24, 1 << 26, u32::MAX / 2, u32::MAX]) {
        for num_points in [1, 2, 3, 7, 40, 63, 64, 65, 999] {
            for first in [true, false] {
                assert_eq!(adapt(delta, num_points, first), rfc(delta, num_points, first));
            }
        }
    }
}

/// RFC 3492 section 6.3, the inner loop as the RFC writes it: the threshold computed at each
/// digit from `k` and the bias.
fn reference_integer(mut q: u32, bias: u32) -> String {
    let mut out = String::new();
    let mut k = BASE;
    loop {
        let t = if k <= bias {
            TMIN
        } else if k >= bias + TMAX {
            TMAX
        } else {
            k - bias
        };
        if q < t {
            break;
        }
        out.push(char::from(digit_byte(t + (q - t) % (BASE - t))));
        q = (q - t) / (BASE - t);
        k += BASE;
    }
    out.push(char::from(digit_byte(q)));
    out
}

#[test]
fn integer_writer_matches_the_rfc_loop() {
    let mut values: Vec<u32> = (0..5000).collect();
    let mut q = 5000u32;
    while let Some(next) = q.checked_add(q / 89 + 1) {
        values.push(next);
        q = next;
    }
    values.extend([u32::MAX - 1, u32::MAX, 1 << 31, (1 << 31) - 1]);
    // Every bias `adapt` returns is below 36 * 7 + 36.
    for bias in (0..300).chain([INITIAL_BIAS, 35 * 36, u32::MAX / 2]) {
        for &q in &values {
            let mut out = String::new();
            push_integer(&mut out, q, bias);
            assert_eq!(out, reference_integer(q, bias), "{q} with bias {bias}");
        }
    }
}

/// RFC 3492 section 6.3 as the RFC writes it: for each code point `m` in increasing order, a
/// pass over the whole input, with 32-bit checked arithmetic.
fn reference_encode(input: &[u32]) -> Result<String, PunycodeError> {
    let mut out: String =
        input.iter().filter(|&&c| c < INITIAL_N).map(|&c| char::from(c as u8)).collect();
    let basic = out.len() as u32;
    if basic > 0 {
        out.push(DELIMITER);
    }
    let (mut n, mut delta, mut bias, mut h) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    while (h as usize) < input.len() {
        let m = input.iter().copied().filter(|&c| c >= n).min().unwrap();
        delta = (m - n)
            .checked_mul(h + 1)
            .and_then(|d| d.checked_add(delta))
            .ok_or(PunycodeError::Overflow)?;
        n = m;
        for &c in input {
            if c < n {
                delta = delta.checked_add(1).ok_or(PunycodeError::Overflow)?;
            }
            if c == n {
                out.push_str(&reference_integer(delta, bias));
                bias = adapt(delta, h + 1, h == basic);
                delta = 0;
                h += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Ok(out)
}

#[test]
fn encoders_match_the_rfc_on_generated_inputs() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    const RANGES: &[(u32, u32)] = &[
        (0x2D, 0x2D),
        (0x61, 0x7A),
        (0x30, 0x39),
        (0x80, 0xFF),
        (0xC0, 0x24F),
        (0x391, 0x44F),
        (0x5D0, 0x64A),
        (0x900, 0xE30),
        (0x3041, 0x30FA),
        (0x4E00, 0x9FFF),
        (0xAC00, 0xD7A3),
        (0xFF01, 0xFF9F),
        (0x1_F600, 0x1_F64F),
        (0x10_FF00, 0x10_FFFF),
    ];
    for round in 0..30_000 {
        // Mostly DNS-sized labels; some past the stack buffers (64 code points).
        let len = if round % 10 == 0 { 1 + rng.below(100) } else { 1 + rng.below(20) };
        let scripts = [rng.below(RANGES.len()), rng.below(RANGES.len())];
        let label: Vec<u32> = (0..len)
            .map(|_| {
                let (lo, hi) = RANGES[scripts[rng.below(2)]];
                lo + rng.below((hi - lo + 1) as usize) as u32
            })
            .collect();
        let expected = reference_encode(&label);
        let mut out = String::new();
        let got = encode_points(&label, &mut out, None).map(|()| out);
        assert_eq!(got, expected, "{label:X?}");
        assert_eq!(encode(&text_of(&label)), expected, "{label:X?}");
    }
}

/// Sorting by rank orders distinct keys as `sort` does, for every count up to 64 (the keys
/// hold repeated code points at different positions, as a label's do, up to U+10FFFF), in the
/// 16-key and 64-key buffers.
#[test]
fn rank_sort_matches_sort() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..2_000 {
        let count = round % 65;
        let spread = [4, 5_000, 0x10_FF80][round % 3];
        let keys: Vec<u32> = (0..count)
            .map(|pos| (0x80 + rng.below(spread) as u32) << KEY_SHIFT | pos as u32)
            .collect();
        let mut expected = keys.clone();
        expected.sort_unstable();
        let mut padded = [KEY_PAD; 64];
        padded[..count].copy_from_slice(&keys);
        assert_eq!(sort_by_rank(&padded, count, &mut [0; 64]), &expected[..], "{keys:X?}");
        if count <= 16 {
            let mut padded = [KEY_PAD; 16];
            padded[..count].copy_from_slice(&keys);
            assert_eq!(sort_by_rank(&padded, count, &mut [0; 16]), &expected[..], "{keys:X?}");
        }
        let mut small = keys.clone();
        sort_small(&mut small);
        assert_eq!(small, expected, "{keys:X?}");
    }
}

/// The largest deltas a short label can have (the short encoder's plain arithmetic and
/// divisions by multiplication rest on their bound): U+10FFFF after up to 63 basic code points,
/// at both ends of a label, alone and repeated, at the 16 and 64 code point buffer sizes.
#[test]
fn short_labels_with_the_largest_deltas_match_the_rfc() {
    for len in [1, 2, 15, 16, 17, 63, 64] {
        for top in [0x10_FFFF, 0x10_FFFE, 0x80] {
            let mut labels: Vec<Vec<u32>> = Vec::new();
            let mut last = alloc::vec![u32::from(b'a'); len];
            last[len - 1] = top;
            labels.push(last.clone());
            last.reverse();
            labels.push(last);
            labels.push(alloc::vec![top; len]);
            labels.push((0..len as u32).map(|i| top - (i % 2)).collect());
            for label in labels {
                let mut out = String::new();
                encode_points(&label, &mut out, None).unwrap();
                assert_eq!(Ok(out), reference_encode(&label), "{len} {top:X}");
            }
        }
    }
}

/// RFC 3492 section 7.1 sample strings (A) to (S): the code points and their Punycode.
const SAMPLES: &[(&[u32], &str)] = &[
    (
        &[
            0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648,
            0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F,
        ],
        "egbpdaj6bu4bxfgehfvwxn",
    ),
    (
        &[0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587],
        "ihqwcrb4cv8a8dqg056pqjye",
    ),
    (
        &[0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587],
        "ihqwctvzc91f659drss3x8bo0yb",
    ),
    (
        &[
            0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074, 0x011B, 0x006E,
            0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D, 0x0065, 0x0073, 0x006B, 0x0079,
        ],
        "Proprostnemluvesky-uyb24dma41a",
    ),
    (
        &[
            0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8, 0x05DC, 0x05D0,
            0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2, 0x05D1, 0x05E8, 0x05D9, 0x05EA,
        ],
        "4dbcagdahymbxekheh6e0a7fei0b",
    ),
    (
        &[
            0x092F, 0x0939, 0x0932, 0x094B, 0x0917, 0x0939, 0x093F, 0x0928, 0x094D, 0x0926, 0x0940,
            0x0915, 0x094D, 0x092F, 0x094B, 0x0902, 0x0928, 0x0939, 0x0940, 0x0902, 0x092C, 0x094B,
            0x0932, 0x0938, 0x0915, 0x0924, 0x0947, 0x0939, 0x0948, 0x0902,
        ],
        "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd",
    ),
    (
        &[
            0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092, 0x8A71, 0x3057,
            0x3066, 0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B,
        ],
        "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa",
    ),
    (
        &[
            0xC138, 0xACC4, 0xC758, 0xBAA8, 0xB4E0, 0xC0AC, 0xB78C, 0xB4E4, 0xC774, 0xD55C, 0xAD6D,
            0xC5B4, 0xB97C, 0xC774, 0xD574, 0xD55C, 0xB2E4, 0xBA74, 0xC5BC, 0xB9C8, 0xB098, 0xC88B,
            0xC744, 0xAE4C,
        ],
        "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c",
    ),
    (
        &[
            0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E, 0x043D, 0x0438,
            0x043D, 0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440, 0x044F, 0x0442, 0x043F, 0x043E,
            0x0440, 0x0443, 0x0441, 0x0441, 0x043A, 0x0438,
        ],
        "b1abfaaepdrnnbgefbadotcwatmq2g4l",
    ),
    (
        &[
            0x0050, 0x006F, 0x0072, 0x0071, 0x0075, 0x00E9, 0x006E, 0x006F, 0x0070, 0x0075, 0x0065,
            0x0064, 0x0065, 0x006E, 0x0073, 0x0069, 0x006D, 0x0070, 0x006C, 0x0065, 0x006D, 0x0065,
            0x006E, 0x0074, 0x0065, 0x0068, 0x0061, 0x0062, 0x006C, 0x0061, 0x0072, 0x0065, 0x006E,
            0x0045, 0x0073, 0x0070, 0x0061, 0x00F1, 0x006F, 0x006C,
        ],
        "PorqunopuedensimplementehablarenEspaol-fmd56a",
    ),
    (
        &[
            0x0054, 0x1EA1, 0x0069, 0x0073, 0x0061, 0x006F, 0x0068, 0x1ECD, 0x006B, 0x0068, 0x00F4,
            0x006E, 0x0067, 0x0074, 0x0068, 0x1EC3, 0x0063, 0x0068, 0x1EC9, 0x006E, 0x00F3, 0x0069,
            0x0074, 0x0069, 0x1EBF, 0x006E, 0x0067, 0x0056, 0x0069, 0x1EC7, 0x0074,
        ],
        "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g",
    ),
    (&[0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F], "3B-ww4c5e180e575a65lsy2b"),
    (
        &[
            0x5B89, 0x5BA4, 0x5948, 0x7F8E, 0x6075, 0x002D, 0x0077, 0x0069, 0x0074, 0x0068, 0x002D,
            0x0053, 0x0055, 0x0050, 0x0045, 0x0052, 0x002D, 0x004D, 0x004F, 0x004E, 0x004B, 0x0045,
            0x0059, 0x0053,
        ],
        "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n",
    ),
    (
        &[
            0x0048, 0x0065, 0x006C, 0x006C, 0x006F, 0x002D, 0x0041, 0x006E, 0x006F, 0x0074, 0x0068,
            0x0065, 0x0072, 0x002D, 0x0057, 0x0061, 0x0079, 0x002D, 0x305D, 0x308C, 0x305E, 0x308C,
            0x306E, 0x5834, 0x6240,
        ],
        "Hello-Another-Way--fc4qua05auwb3674vfr0b",
    ),
    (&[0x3072, 0x3068, 0x3064, 0x5C4B, 0x6839, 0x306E, 0x4E0B, 0x0032], "2-u9tlzr9756bt3uc0v"),
    (
        &[
            0x004D, 0x0061, 0x006A, 0x0069, 0x3067, 0x004B, 0x006F, 0x0069, 0x3059, 0x308B, 0x0035,
            0x79D2, 0x524D,
        ],
        "MajiKoi5-783gue6qz075azm5e",
    ),
    (
        &[0x30D1, 0x30D5, 0x30A3, 0x30FC, 0x0064, 0x0065, 0x30EB, 0x30F3, 0x30D0],
        "de-jg4avhby1noc0d",
    ),
    (&[0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067], "d9juau41awczczp"),
    (
        &[0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020, 0x003C, 0x002D],
        "-> $1.00 <--",
    ),
];

fn text(points: &[u32]) -> String {
    points.iter().map(|&p| char::from_u32(p).unwrap()).collect()
}

#[test]
fn rfc3492_samples_encode() {
    for (points, encoded) in SAMPLES {
        assert_eq!(encode(&text(points)).unwrap(), *encoded);
    }
}

#[test]
fn rfc3492_samples_decode() {
    for (points, encoded) in SAMPLES {
        assert_eq!(decode(encoded).unwrap(), text(points));
    }
    // Sample (I) as printed in the RFC, with an upper-case (mixed-case annotation) digit.
    assert_eq!(decode("b1abfaaepdrnnbgefbaDotcwatmq2g4l").unwrap(), text(SAMPLES[8].0));
}

#[test]
fn decode_failures() {
    assert_eq!(decode("-"), Err(PunycodeError::InvalidDigit));
    assert_eq!(decode("0"), Err(PunycodeError::InvalidDigit));
    assert_eq!(decode("a-!"), Err(PunycodeError::InvalidDigit));
    assert_eq!(decode("ü-a"), Err(PunycodeError::NonBasic));
    assert_eq!(decode("99999999999"), Err(PunycodeError::Overflow));
    assert_eq!(decode("ascii-"), Ok("ascii".into()));
    assert_eq!(decode(""), Ok(String::new()));
    // Deltas giving U+110000 (past the last code point), U+D800 (a surrogate), U+10FFFF.
    assert_eq!(decode("en32g"), Err(PunycodeError::InvalidCodePoint));
    assert_eq!(decode("ib9b"), Err(PunycodeError::InvalidCodePoint));
    assert_eq!(decode("dn32g"), Ok("\u{10FFFF}".into()));
    // Ends inside a number.
    assert_eq!(decode("a-9999"), Err(PunycodeError::InvalidDigit));
    let long = "a".repeat(MAX_LABEL_LEN + 1);
    assert_eq!(decode(&long), Err(PunycodeError::TooLong));
    // The longest input: each `a` inserts U+0080 at the end.
    assert_eq!(decode(&long[1..]).unwrap(), "\u{80}".repeat(MAX_LABEL_LEN));
}

#[test]
fn appending_variants_keep_the_prefix() {
    let mut out = String::from("xn--");
    encode_into("bücher", &mut out).unwrap();
    assert_eq!(out, "xn--bcher-kva");
    let mut out = String::from("x.");
    decode_into("bcher-kva", &mut out).unwrap();
    assert_eq!(out, "x.bücher");
    assert!(decode_into("bcher-kv!", &mut out).is_err());
    assert_eq!(out, "x.bücher");
}

#[test]
fn encode_limits() {
    assert!(encode(&"é".repeat(MAX_LABEL_LEN)).is_ok());
    assert_eq!(encode(&"é".repeat(MAX_LABEL_LEN + 1)), Err(PunycodeError::TooLong));
    assert_eq!(encode("").unwrap(), "");
    assert_eq!(encode("abc").unwrap(), "abc-");
    assert_eq!(encode("\u{10FFFF}").unwrap(), decode_round(&encode("\u{10FFFF}").unwrap()));
}

fn decode_round(encoded: &str) -> String {
    encode(&decode(encoded).unwrap()).unwrap()
}

/// A small xorshift generator, for the generated inputs below.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// RFC 3492 section 6.2 as the RFC writes it: 32-bit checked arithmetic at every digit, the
/// bias function computed with divisions, `Vec::insert`; the failures in the order the
/// decoders report them (a non-ASCII byte anywhere first).
fn reference_decode(input: &[u8]) -> Result<Vec<char>, PunycodeError> {
    use PunycodeError::{InvalidCodePoint, InvalidDigit, NonBasic, Overflow};
    if !input.is_ascii() {
        return Err(NonBasic);
    }
    let (basic, rest) = match input.iter().rposition(|&b| b == b'-') {
        Some(0) | None => (&[][..], input),
        Some(p) => (&input[..p], &input[p + 1..]),
    };
    let mut out: Vec<char> = basic.iter().map(|&b| char::from(b)).collect();
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut pos = 0;
    while pos < rest.len() {
        let old_i = i;
        let (mut w, mut k) = (1u32, BASE);
        loop {
            let byte = *rest.get(pos).ok_or(InvalidDigit)?;
            pos += 1;
            let digit = digit_value(byte).ok_or(InvalidDigit)?;
            i = digit.checked_mul(w).and_then(|step| i.checked_add(step)).ok_or(Overflow)?;
            let t = if k <= bias {
                TMIN
            } else if k >= bias + TMAX {
                TMAX
            } else {
                k - bias
            };
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t).ok_or(Overflow)?;
            k += BASE;
        }
        let places = out.len() as u32 + 1;
        let mut delta = if old_i == 0 { (i - old_i) / DAMP } else { (i - old_i) / 2 };
        delta += delta / places;
        let mut k = 0;
        while delta > ((BASE - TMIN) * TMAX) / 2 {
            delta /= BASE - TMIN;
            k += BASE;
        }
        bias = k + ((BASE - TMIN + 1) * delta) / (delta + SKEW);
        n = n.checked_add(i / places).ok_or(Overflow)?;
        i %= places;
        let c = char::from_u32(n).filter(|_| n >= INITIAL_N).ok_or(InvalidCodePoint)?;
        out.insert(i as usize, c);
        i += 1;
    }
    Ok(out)
}

/// Checks every decoder (the short ones on the stack, the long one, the code point buffer)
/// against [`reference_decode`], failures included, and the UTF-8 length counted on the way.
fn check_decoders(input: &[u8]) {
    let expected = reference_decode(input).map(|chars| chars.into_iter().collect::<String>());
    let Ok(text) = core::str::from_utf8(input) else {
        let mut points = [0u32; SHORT_LABEL];
        if input.len() <= SHORT_LABEL {
            assert_eq!(
                decode_counted(input, &mut points).map(|(len, _)| len),
                Err(PunycodeError::NonBasic)
            );
        }
        return;
    };
    assert_eq!(decode(text), expected, "decode {text:?}");
    let mut chars = Vec::new();
    let general = decode_chars(text, &mut chars).map(|()| chars.iter().collect::<String>());
    assert_eq!(general, expected, "decode_chars {text:?}");
    if input.len() <= SHORT_LABEL {
        let mut points = [0u32; SHORT_LABEL];
        let counted = decode_counted(input, &mut points);
        assert_eq!(
            counted.map(|(len, _)| text_of(&points[..len])),
            expected.clone(),
            "decode_counted {text:?}"
        );
        if let (Ok((_, utf8)), Ok(expected)) = (counted, &expected) {
            assert_eq!(utf8, expected.len(), "UTF-8 length of {text:?}");
        }
        let mut short = ['\0'; 16];
        if input.len() <= 16 {
            let len = decode_counted(input, &mut short).map(|(len, _)| len);
            assert_eq!(len.map(|len| short[..len].iter().collect()), expected, "{text:?}");
        } else {
            assert_eq!(
                decode_counted(input, &mut short).map(|(len, _)| len),
                Err(if input.is_ascii() {
                    PunycodeError::TooLong
                } else {
                    PunycodeError::NonBasic
                })
            );
        }
    }
}

fn text_of(points: &[u32]) -> String {
    points.iter().map(|&p| char::from_u32(p).unwrap()).collect()
}

#[test]
fn decoders_match_the_rfc_on_generated_inputs() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // Random strings over the digits, the delimiter and a few other bytes: mostly failures
    // of every kind (bad digits, overflows, invalid code points, non-ASCII input).
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCZ0123456789999--!.\x7f\xc3\xa9";
    for _ in 0..60_000 {
        let len = rng.below(24);
        let input: Vec<u8> = (0..len).map(|_| ALPHABET[rng.below(ALPHABET.len())]).collect();
        check_decoders(&input);
    }
    // Encodings of random labels of many scripts and lengths (some past the stack buffers),
    // decoded whole and cut short, and with a digit changed.
    const RANGES: &[(u32, u32)] = &[
        (0x61, 0x7A),
        (0x30, 0x39),
        (0xC0, 0x24F),
        (0x391, 0x44F),
        (0x5D0, 0x64A),
        (0x900, 0xE30),
        (0x3041, 0x30FA),
        (0x4E00, 0x9FFF),
        (0xAC00, 0xD7A3),
        (0xE000, 0xFFFD),
        (0x1_0000, 0x1_FFFF),
        (0x10_FF00, 0x10_FFFF),
    ];
    for round in 0..20_000 {
        let len = if round % 10 == 0 { 1 + rng.below(90) } else { 1 + rng.below(20) };
        let scripts = [rng.below(RANGES.len()), rng.below(RANGES.len())];
        let label: String = (0..len)
            .filter_map(|_| {
                let (lo, hi) = RANGES[scripts[rng.below(2)]];
                char::from_u32(lo + rng.below((hi - lo + 1) as usize) as u32)
            })
            .collect();
        let Ok(encoded) = encode(&label) else { continue };
        assert_eq!(decode(&encoded).as_deref(), Ok(label.as_str()), "{encoded:?}");
        check_decoders(encoded.as_bytes());
        let cut = rng.below(encoded.len() + 1);
        check_decoders(&encoded.as_bytes()[..cut]);
        let mut changed = encoded.into_bytes();
        let at = rng.below(changed.len());
        changed[at] = ALPHABET[rng.below(ALPHABET.len())];
        check_decoders(&changed);
    }
}

#[test]
fn last_hyphen_matches_rposition() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    // 0xAD has the low seven bits of `-`; 0x2C and 0x2E are next to it.
    const BYTES: &[u8] = b"a-\xad\x2c\x2e\x00\xff0";
    for _ in 0..50_000 {
        let len = rng.below(40);
        let input: Vec<u8> = (0..len).map(|_| BYTES[rng.below(BYTES.len())]).collect();
        assert_eq!(last_hyphen(&input), input.iter().rposition(|&b| b == b'-'), "{input:?}");
    }
    for len in 0..40 {
        for at in 0..len {
            let mut input = alloc::vec![b'x'; len];
            input[at] = b'-';
            assert_eq!(last_hyphen(&input), Some(at));
        }
        assert_eq!(last_hyphen(&alloc::vec![b'x'; len]), None);
    }
}
