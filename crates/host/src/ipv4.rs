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

/// Host parser steps 6-8 for an ASCII domain written in the usual IPv4 form, with no one
/// listening: one to four decimal numbers without leading zeros, separated by single dots.
/// The domain parser keeps such a domain as it is, and the ends-in-a-number checker and the
/// IPv4 parser decide it the same way (the last part is all digits; every part is a decimal
/// number), so they run as one pass here.
/// `None` for every other domain (a letter, a trailing or doubled dot, a leading `0`, more
/// than four parts, more than 19 digits in a part): the general steps take it.
///
/// The IPv4 parser's reports are skipped, except step 7's before a failure (at 0), which
/// gives the failure its offset.
#[inline]
pub(crate) fn parse_dotted_decimal(
    input: &[u8],
    sink: &mut Sink<'_>,
) -> Option<Result<u32, HostError>> {
    // Most domains start with a letter: decided at once.
    if !input.first()?.is_ascii_digit() {
        return None;
    }
    let mut numbers = [0u64; 4];
    let mut count = 0;
    let mut value = 0u64;
    let mut digits = 0usize;
    for &byte in input {
        if byte == b'.' {
            // An empty part (or a trailing dot) is for the general steps.
            let slot = numbers.get_mut(count).filter(|_| digits > 0)?;
            *slot = value;
            count += 1;
            value = 0;
            digits = 0;
        } else {
            let digit = byte.wrapping_sub(b'0');
            // A leading 0 (octal, or a lone 0 that more digits follow) is for the general
            // steps, as are parts too long for a `u64`.
            if digit > 9 || (digits == 1 && value == 0) || digits == 19 {
                return None;
            }
            value = value * 10 + u64::from(digit);
            digits += 1;
        }
    }
    // The last part: not empty, and at most the fourth.
    let last = numbers.get_mut(count).filter(|_| digits > 0)?;
    *last = value;
    let numbers = numbers.get(..=count)?;
    let (&last, init) = numbers.split_last()?;
    // Steps 8-9 of the IPv4 parser (its step 7 reports before either fails).
    let limit = 1u64 << (8 * (4 - init.len()));
    if init.iter().any(|&n| n > 255) || last >= limit {
        sink.report(ValidationErrorKind::Ipv4OutOfRangePart, 0);
        return Some(Err(HostError::new(ValidationErrorKind::Ipv4OutOfRangePart)));
    }
    // Steps 10-14.
    let address =
        init.iter().enumerate().fold(last, |ipv4, (counter, &n)| ipv4 + (n << (8 * (3 - counter))));
    Some(Ok(u32::try_from(address).unwrap_or(u32::MAX)))
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

    /// The general steps on an ASCII domain (with no listener): `None` when it does not end
    /// in a number, else the IPv4 parser's result and the failure's last report.
    fn general(input: &[u8]) -> Option<Result<u32, (K, usize)>> {
        if !ends_in_a_number(input) {
            return None;
        }
        let mut sink = Sink::new(None);
        let result = ipv4_parse(input, &mut sink);
        Some(result.map_err(|e| sink.stamp(e)).map_err(|e| (e.kind(), e.offset())))
    }

    fn dotted(input: &[u8]) -> Option<Result<u32, (K, usize)>> {
        let mut sink = Sink::new(None);
        let result = parse_dotted_decimal(input, &mut sink)?;
        Some(result.map_err(|e| sink.stamp(e)).map_err(|e| (e.kind(), e.offset())))
    }

    /// Where the one-pass form answers, it answers as the general steps, report included.
    #[test]
    fn dotted_decimal_agrees_with_the_general_steps() {
        let mut taken = 0;
        // Every string of up to 7 bytes over `0`, `1`, `9`, `5` and `.`, then longer ones.
        let alphabet = b"0159.";
        let mut inputs: Vec<Vec<u8>> = Vec::from([Vec::new()]);
        let mut frontier = inputs.clone();
        for _ in 0..7 {
            let next: Vec<Vec<u8>> = frontier
                .iter()
                .flat_map(|s| alphabet.iter().map(move |&b| [s.as_slice(), &[b]].concat()))
                .collect();
            inputs.extend(next.iter().cloned());
            frontier = next;
        }
        for long in [
            "255.255.255.255",
            "256.1.1.1",
            "1.2.65535",
            "1.2.65536",
            "1.16777215",
            "1.16777216",
            "4294967295",
            "4294967296",
            "9999999999999999999",
            "99999999999999999999",
            "1.2.3.4.5",
            "1.2.3.4.",
            "01.2.3.4",
            "1.2.3.0",
            "0.0.0.0",
            "1a.2.3.4",
            "999.123.1.1",
        ] {
            inputs.push(long.as_bytes().to_vec());
        }
        for input in &inputs {
            if let Some(fast) = dotted(input) {
                taken += 1;
                assert_eq!(
                    Some(fast),
                    general(input),
                    "{:?}",
                    alloc::string::String::from_utf8_lossy(input)
                );
            }
        }
        // The usual forms are taken (not left to the general steps).
        for usual in ["1.2.3.4", "999.123.1.1", "4294967296", "10.0.0.1", "0.0.0.0", "1.2.65536"] {
            assert!(dotted(usual.as_bytes()).is_some(), "{usual}");
        }
        assert!(taken > 10_000, "{taken}");
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
