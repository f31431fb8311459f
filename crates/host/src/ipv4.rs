//! The IPv4 parser, the IPv4 number parser and the ends-in-a-number checker (URL Standard,
//! section 3.5), and the IPv4 serializer (section 3.6).

use core::fmt;

use crate::error::{HostError, Sink, ValidationErrorKind};

/// The IPv4 number parser: the value of `input` (saturated at `u64::MAX`) and whether it was
/// written in hex or octal, or `None` (failure).
pub(crate) fn ipv4_number_parse(input: &[u8]) -> Option<(u64, bool)> {
    // Step 1: the empty string is failure.
    if input.is_empty() {
        return None;
    }
    // Steps 2-5: a `0x`/`0X` prefix means radix 16, a leading `0` radix 8.
    let (digits, radix, non_decimal) = match input {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16u64, true),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8, true),
        _ => (input, 10, false),
    };
    // Step 6: nothing left after the prefix is zero.
    if digits.is_empty() {
        return Some((0, true));
    }
    // Steps 7-8: every code point must be a radix-R digit; the value saturates (any value
    // above 2^32 fails later the same way).
    let mut value: u64 = 0;
    for &byte in digits {
        let digit = match byte {
            b'0'..=b'9' => u64::from(byte - b'0'),
            b'a'..=b'f' => u64::from(byte - b'a' + 10),
            b'A'..=b'F' => u64::from(byte - b'A' + 10),
            _ => return None,
        };
        if digit >= radix {
            return None;
        }
        value = value.saturating_mul(radix).saturating_add(digit);
    }
    // Step 9.
    Some((value, non_decimal))
}

/// The ends-in-a-number checker on an ASCII domain.
pub(crate) fn ends_in_a_number(input: &[u8]) -> bool {
    // Steps 2-3: the last part, ignoring one trailing empty part.
    let trimmed = input.strip_suffix(b".").unwrap_or(input);
    let last = match trimmed.iter().rposition(|&b| b == b'.') {
        Some(dot) => trimmed.get(dot + 1..).unwrap_or_default(),
        None => trimmed,
    };
    // Step 5: all ASCII digits.
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // Step 6: otherwise a number in any radix (`0x` followed by hex digits).
    ipv4_number_parse(last).is_some()
}

/// The IPv4 parser on the ASCII string `input`, reporting validation errors at byte offsets of
/// `input`.
pub(crate) fn ipv4_parse(input: &[u8], sink: &mut Sink<'_>) -> Result<u32, HostError> {
    // Steps 1-2: split on `.`; a trailing empty part is an error and is dropped unless it is
    // the only part ("." keeps one empty part, "" its only one).
    let body = match input.strip_suffix(b".") {
        Some(stripped) => {
            sink.report(ValidationErrorKind::Ipv4EmptyPart, input.len().saturating_sub(1));
            stripped
        }
        None => {
            if input.is_empty() {
                sink.report(ValidationErrorKind::Ipv4EmptyPart, 0);
            }
            input
        }
    };
    // Steps 3-4: count the parts.
    let parts = body.iter().filter(|&&b| b == b'.').count() + 1;
    if parts < 4 {
        sink.report(ValidationErrorKind::Ipv4TooFewParts, 0);
    }
    if parts > 4 {
        sink.report(ValidationErrorKind::Ipv4TooManyParts, 0);
        return Err(HostError::new(ValidationErrorKind::Ipv4TooManyParts));
    }
    // Steps 5-6: parse each part.
    let mut numbers = [0u64; 4];
    let mut count = 0;
    let mut start = 0;
    for part in body.split(|&b| b == b'.') {
        let Some((value, non_decimal)) = ipv4_number_parse(part) else {
            sink.report(ValidationErrorKind::Ipv4NonNumericPart, start);
            return Err(HostError::new(ValidationErrorKind::Ipv4NonNumericPart));
        };
        if non_decimal {
            sink.report(ValidationErrorKind::Ipv4NonDecimalPart, start);
        }
        if let Some(slot) = numbers.get_mut(count) {
            *slot = value;
        }
        count += 1;
        start += part.len() + 1;
    }
    let numbers = numbers.get(..count).unwrap_or_default();
    // Step 7: any number above 255 is an error.
    if numbers.iter().any(|&n| n > 255) {
        sink.report(ValidationErrorKind::Ipv4OutOfRangePart, 0);
    }
    let Some((&last, init)) = numbers.split_last() else {
        return Err(HostError::new(ValidationErrorKind::Ipv4NonNumericPart));
    };
    // Step 8: only the last number may exceed 255.
    if init.iter().any(|&n| n > 255) {
        return Err(HostError::new(ValidationErrorKind::Ipv4OutOfRangePart));
    }
    // Step 9: the last number must fit in the bytes the others leave.
    let limit = 1u64 << (8 * (5 - numbers.len()));
    if last >= limit {
        return Err(HostError::new(ValidationErrorKind::Ipv4OutOfRangePart));
    }
    // Steps 10-14: the other numbers fill the leading bytes.
    let mut ipv4 = last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    Ok(u32::try_from(ipv4).unwrap_or(u32::MAX))
}

/// The IPv4 serializer: writes the dotted-decimal form of `address` to `out` (a `String`,
/// which cannot fail, or a formatter).
pub(crate) fn serialize_ipv4<W: fmt::Write + ?Sized>(address: u32, out: &mut W) -> fmt::Result {
    for (i, byte) in address.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            out.write_char('.')?;
        }
        write_decimal_u8(byte, out)?;
    }
    Ok(())
}

/// Writes the shortest decimal form of `n`.
fn write_decimal_u8<W: fmt::Write + ?Sized>(n: u8, out: &mut W) -> fmt::Result {
    if n >= 100 {
        out.write_char(char::from(b'0' + n / 100))?;
    }
    if n >= 10 {
        out.write_char(char::from(b'0' + n / 10 % 10))?;
    }
    out.write_char(char::from(b'0' + n % 10))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    fn parse(input: &str) -> (Result<u32, ValidationErrorKind>, Vec<(ValidationErrorKind, usize)>) {
        let mut seen = Vec::new();
        let mut f = |k: ValidationErrorKind, at: usize| seen.push((k, at));
        let result = ipv4_parse(input.as_bytes(), &mut Sink::new(Some(&mut f)));
        (result.map_err(|e| e.kind()), seen)
    }

    use ValidationErrorKind as K;

    #[test]
    fn number_parser_branches() {
        assert_eq!(ipv4_number_parse(b""), None);
        assert_eq!(ipv4_number_parse(b"0"), Some((0, false)));
        assert_eq!(ipv4_number_parse(b"10"), Some((10, false)));
        assert_eq!(ipv4_number_parse(b"0x"), Some((0, true)));
        assert_eq!(ipv4_number_parse(b"0X1f"), Some((31, true)));
        assert_eq!(ipv4_number_parse(b"0xG"), None);
        assert_eq!(ipv4_number_parse(b"010"), Some((8, true)));
        assert_eq!(ipv4_number_parse(b"08"), None);
        assert_eq!(ipv4_number_parse(b"00"), Some((0, true)));
        assert_eq!(ipv4_number_parse(b"1a"), None);
        assert_eq!(ipv4_number_parse(b"99999999999999999999999999"), Some((u64::MAX, false)));
        assert_eq!(ipv4_number_parse(b"-1"), None);
    }

    #[test]
    fn ends_in_a_number_branches() {
        assert!(ends_in_a_number(b"1.2.3.4"));
        assert!(ends_in_a_number(b"example.42"));
        assert!(ends_in_a_number(b"example.42."));
        assert!(ends_in_a_number(b"09"));
        assert!(ends_in_a_number(b"a.0x"));
        assert!(ends_in_a_number(b"a.0XfF"));
        assert!(!ends_in_a_number(b"a.0xg"));
        assert!(!ends_in_a_number(b"example.com"));
        assert!(!ends_in_a_number(b"42.example"));
        assert!(!ends_in_a_number(b"."));
        assert!(!ends_in_a_number(b"a.."));
        assert!(!ends_in_a_number(b"1.2.3.4.."));
    }

    #[test]
    fn parser_branches() {
        assert_eq!(parse("1.2.3.4"), (Ok(0x0102_0304), Vec::new()));
        assert_eq!(parse("1.2.3.4."), (Ok(0x0102_0304), [(K::Ipv4EmptyPart, 7)].into()));
        assert_eq!(parse("0"), (Ok(0), [(K::Ipv4TooFewParts, 0)].into()));
        assert_eq!(parse("1.2.3"), (Ok(0x0102_0003), [(K::Ipv4TooFewParts, 0)].into()));
        assert_eq!(
            parse("1.65536"),
            (Ok(0x0101_0000), vec_of(&[(K::Ipv4TooFewParts, 0), (K::Ipv4OutOfRangePart, 0)]))
        );
        assert_eq!(
            parse("1.2.3.4.5"),
            (Err(K::Ipv4TooManyParts), [(K::Ipv4TooManyParts, 0)].into())
        );
        assert_eq!(
            parse("1.2.3.4.5."),
            (Err(K::Ipv4TooManyParts), vec_of(&[(K::Ipv4EmptyPart, 9), (K::Ipv4TooManyParts, 0)]))
        );
        assert_eq!(
            parse("1.x.3.4"),
            (Err(K::Ipv4NonNumericPart), [(K::Ipv4NonNumericPart, 2)].into())
        );
        assert_eq!(
            parse("1..3.4"),
            (Err(K::Ipv4NonNumericPart), [(K::Ipv4NonNumericPart, 2)].into())
        );
        assert_eq!(
            parse("0x7f.0.00.01"),
            (
                Ok(0x7F00_0001),
                vec_of(&[
                    (K::Ipv4NonDecimalPart, 0),
                    (K::Ipv4NonDecimalPart, 7),
                    (K::Ipv4NonDecimalPart, 10)
                ])
            )
        );
        assert_eq!(
            parse("255.255.4000.1"),
            (Err(K::Ipv4OutOfRangePart), [(K::Ipv4OutOfRangePart, 0)].into())
        );
        assert_eq!(
            parse("1.2.3.256"),
            (Err(K::Ipv4OutOfRangePart), [(K::Ipv4OutOfRangePart, 0)].into())
        );
        assert_eq!(
            parse("4294967295"),
            (Ok(u32::MAX), vec_of(&[(K::Ipv4TooFewParts, 0), (K::Ipv4OutOfRangePart, 0)]))
        );
        assert_eq!(parse("4294967296").0, Err(K::Ipv4OutOfRangePart));
        assert_eq!(parse("0xffffffff").0, Ok(u32::MAX));
        assert_eq!(parse("0x100000000").0, Err(K::Ipv4OutOfRangePart));
        assert_eq!(parse("99999999999999999999999").0, Err(K::Ipv4OutOfRangePart));
        assert_eq!(parse("1.2.0x10000").0, Err(K::Ipv4OutOfRangePart));
        assert_eq!(parse("1.2.65535").0, Ok(0x0102_FFFF));
        assert_eq!(parse("1.2.65536").0, Err(K::Ipv4OutOfRangePart));
        assert_eq!(parse("1.2.3.4.").0, Ok(0x0102_0304));
        // The lone "." keeps its one empty part, which is not a number.
        assert_eq!(parse(".").0, Err(K::Ipv4NonNumericPart));
        assert_eq!(parse("1.2.3.4..").0, Err(K::Ipv4TooManyParts));
        assert_eq!(parse("1.2.3..").0, Err(K::Ipv4NonNumericPart));
    }

    fn vec_of(items: &[(K, usize)]) -> Vec<(K, usize)> {
        items.to_vec()
    }

    #[test]
    fn serializer() {
        use alloc::string::String;
        let mut out = String::new();
        serialize_ipv4(0, &mut out).unwrap();
        out.push(' ');
        serialize_ipv4(0xC0A8_0A09, &mut out).unwrap();
        out.push(' ');
        serialize_ipv4(u32::MAX, &mut out).unwrap();
        out.push(' ');
        serialize_ipv4(0x6463_0A01, &mut out).unwrap();
        assert_eq!(out, "0.0.0.0 192.168.10.9 255.255.255.255 100.99.10.1");
    }
}
