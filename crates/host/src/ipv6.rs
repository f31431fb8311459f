//! The IPv6 parser (URL Standard, section 3.5) and the IPv6 serializer with its compression
//! rule (section 3.6).

use core::fmt;

use crate::error::{HostError, Sink, ValidationErrorKind};

/// Reports `kind` at `at` and returns it as the failure.
fn fail(sink: &mut Sink<'_>, kind: ValidationErrorKind, at: usize) -> Result<[u16; 8], HostError> {
    sink.report(kind, at);
    Err(HostError::new(kind))
}

/// The value of an ASCII hex digit.
#[inline]
fn hex_digit(byte: u8) -> Option<u16> {
    match byte {
        b'0'..=b'9' => Some(u16::from(byte - b'0')),
        b'a'..=b'f' => Some(u16::from(byte - b'a' + 10)),
        b'A'..=b'F' => Some(u16::from(byte - b'A' + 10)),
        _ => None,
    }
}

/// The IPv6 parser on `input` (the text between `[` and `]`), reporting validation errors at
/// byte offsets of `input`.
///
/// Works on bytes: every code point the algorithm accepts is ASCII, and a non-ASCII code point
/// fails at its first byte just as it would as a whole.
pub(crate) fn ipv6_parse(input: &[u8], sink: &mut Sink<'_>) -> Result<[u16; 8], HostError> {
    // Steps 1-4.
    let mut address = [0u16; 8];
    let mut piece_index: usize = 0;
    let mut compress: Option<usize> = None;
    let mut pointer: usize = 0;
    let c = |pointer: usize| input.get(pointer).copied();

    // Step 5: a leading `:` must be `::`.
    if c(pointer) == Some(b':') {
        if c(pointer + 1) != Some(b':') {
            return fail(sink, ValidationErrorKind::Ipv6InvalidCompression, pointer);
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }

    // Step 6: one piece per iteration.
    while let Some(byte) = c(pointer) {
        // Step 6.1.
        if piece_index == 8 {
            return fail(sink, ValidationErrorKind::Ipv6TooManyPieces, pointer);
        }
        // Step 6.2: a compression.
        if byte == b':' {
            if compress.is_some() {
                return fail(sink, ValidationErrorKind::Ipv6MultipleCompression, pointer);
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // Steps 6.3-6.4: up to four hex digits.
        let piece_start = pointer;
        let mut value: u16 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(digit) = c(pointer).and_then(hex_digit) else { break };
            value = value * 0x10 + digit;
            pointer += 1;
            length += 1;
        }
        match c(pointer) {
            // Step 6.5: an embedded IPv4 address.
            Some(b'.') => {
                // Step 6.5.1.
                if length == 0 {
                    return fail(sink, ValidationErrorKind::Ipv4InIpv6InvalidCodePoint, pointer);
                }
                // Step 6.5.2.
                pointer -= length;
                // Step 6.5.3.
                if piece_index > 6 {
                    return fail(sink, ValidationErrorKind::Ipv4InIpv6TooManyPieces, pointer);
                }
                return embedded_ipv4(input, pointer, address, piece_index, compress, sink);
            }
            // Step 6.6: a separator must be followed by something.
            Some(b':') => {
                pointer += 1;
                if c(pointer).is_none() {
                    return fail(sink, ValidationErrorKind::Ipv6InvalidCodePoint, pointer);
                }
            }
            // Step 6.7.
            Some(_) => return fail(sink, ValidationErrorKind::Ipv6InvalidCodePoint, pointer),
            None => {}
        }
        // Step 6.8: a piece such as `01` has a leading zero.
        if length > 1 && u32::from(value) < 1u32 << (4 * (length - 1)) {
            sink.report(ValidationErrorKind::Ipv6PieceLeadingZero, piece_start);
        }
        // Steps 6.9-6.10.
        if let Some(slot) = address.get_mut(piece_index) {
            *slot = value;
        }
        piece_index += 1;
    }
    finish(address, piece_index, compress, input.len(), sink)
}

/// IPv6 parser step 6.5.4-6.5.7: the IPv4 part starting at `pointer`, which runs to the end.
fn embedded_ipv4(
    input: &[u8],
    mut pointer: usize,
    mut address: [u16; 8],
    mut piece_index: usize,
    compress: Option<usize>,
    sink: &mut Sink<'_>,
) -> Result<[u16; 8], HostError> {
    let c = |pointer: usize| input.get(pointer).copied();
    // Step 6.5.4.
    let mut numbers_seen = 0;
    // Step 6.5.5.
    while let Some(byte) = c(pointer) {
        // Step 6.5.5.2: parts after the first follow a `.`, and there are at most four.
        if numbers_seen > 0 {
            if byte == b'.' && numbers_seen < 4 {
                pointer += 1;
            } else {
                return fail(sink, ValidationErrorKind::Ipv4InIpv6InvalidCodePoint, pointer);
            }
        }
        // Step 6.5.5.3.
        if !c(pointer).is_some_and(|b| b.is_ascii_digit()) {
            return fail(sink, ValidationErrorKind::Ipv4InIpv6InvalidCodePoint, pointer);
        }
        // Step 6.5.5.4: a decimal number without leading zeros, at most 255.
        let mut ipv4_piece: Option<u16> = None;
        while let Some(digit @ b'0'..=b'9') = c(pointer) {
            let number = u16::from(digit - b'0');
            ipv4_piece = match ipv4_piece {
                None => Some(number),
                Some(0) => {
                    return fail(sink, ValidationErrorKind::Ipv4InIpv6InvalidCodePoint, pointer);
                }
                Some(piece) => Some(piece * 10 + number),
            };
            if ipv4_piece.is_some_and(|piece| piece > 255) {
                return fail(sink, ValidationErrorKind::Ipv4InIpv6OutOfRangePart, pointer);
            }
            pointer += 1;
        }
        // Steps 6.5.5.5-6.5.5.7: two numbers fill one piece.
        if let Some(slot) = address.get_mut(piece_index) {
            *slot = slot.wrapping_mul(0x100).wrapping_add(ipv4_piece.unwrap_or(0));
        }
        numbers_seen += 1;
        if numbers_seen == 2 || numbers_seen == 4 {
            piece_index += 1;
        }
    }
    // Step 6.5.6.
    if numbers_seen != 4 {
        return fail(sink, ValidationErrorKind::Ipv4InIpv6TooFewParts, pointer);
    }
    // Step 6.5.7: break out of the main loop.
    finish(address, piece_index, compress, input.len(), sink)
}

/// IPv6 parser steps 7-9: move the pieces after a compression to the end.
fn finish(
    mut address: [u16; 8],
    mut piece_index: usize,
    compress: Option<usize>,
    end: usize,
    sink: &mut Sink<'_>,
) -> Result<[u16; 8], HostError> {
    match compress {
        // Step 7: swap the pieces after the compression into place.
        Some(compress) => {
            let mut swaps = piece_index.saturating_sub(compress);
            piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, (compress + swaps - 1).min(7));
                piece_index -= 1;
                swaps -= 1;
            }
        }
        // Step 8.
        None if piece_index != 8 => {
            return fail(sink, ValidationErrorKind::Ipv6TooFewPieces, end);
        }
        None => {}
    }
    // Step 9.
    Ok(address)
}

/// Finds the IPv6 address compressed piece index: the first longest run of two or more zero
/// pieces.
fn compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest: Option<usize> = None;
    let mut longest_size = 1;
    let mut found: Option<usize> = None;
    let mut found_size = 0;
    for (piece_index, &piece) in address.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest = found;
                longest_size = found_size;
            }
            found = None;
            found_size = 0;
        } else {
            if found.is_none() {
                found = Some(piece_index);
            }
            found_size += 1;
        }
    }
    if found_size > longest_size { found } else { longest }
}

/// The IPv6 serializer (without brackets): writes the text form of `address` to `out` (a
/// `String`, which cannot fail, or a formatter).
pub(crate) fn serialize_ipv6<W: fmt::Write + ?Sized>(
    address: &[u16; 8],
    out: &mut W,
) -> fmt::Result {
    // Steps 1-3.
    let compress = compressed_piece_index(address);
    let mut ignore0 = false;
    // Step 4.
    for (piece_index, &piece) in address.iter().enumerate() {
        // Steps 4.1-4.2: skip the compressed zeros.
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        // Step 4.3: the compression itself.
        if compress == Some(piece_index) {
            out.write_str(if piece_index == 0 { "::" } else { ":" })?;
            ignore0 = true;
            continue;
        }
        // Step 4.4: shortest lowercase hex.
        write_hex_u16(piece, out)?;
        // Step 4.5.
        if piece_index != 7 {
            out.write_char(':')?;
        }
    }
    Ok(())
}

/// Writes the shortest lowercase hex form of `n`.
fn write_hex_u16<W: fmt::Write + ?Sized>(n: u16, out: &mut W) -> fmt::Result {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut started = false;
    for shift in [12u16, 8, 4, 0] {
        let digit = usize::from((n >> shift) & 0xF);
        if digit != 0 || started || shift == 0 {
            started = true;
            out.write_char(char::from(HEX.get(digit).copied().unwrap_or(b'0')))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ValidationErrorKind as K;
    use alloc::string::String;
    use alloc::vec::Vec;

    type Outcome = (Result<[u16; 8], K>, Vec<(K, usize)>);

    fn parse(input: &str) -> Outcome {
        let mut seen = Vec::new();
        let mut f = |k: K, at: usize| seen.push((k, at));
        let result = ipv6_parse(input.as_bytes(), &mut Sink::new(Some(&mut f)));
        (result.map_err(|e| e.kind()), seen)
    }

    fn ok(input: &str) -> [u16; 8] {
        let (result, errors) = parse(input);
        assert!(errors.is_empty(), "{input}: {errors:?}");
        result.unwrap()
    }

    fn err(input: &str) -> (K, usize) {
        let (result, errors) = parse(input);
        assert_eq!(errors.len(), 1, "{input}: {errors:?}");
        assert_eq!(result.unwrap_err(), errors[0].0);
        errors[0]
    }

    #[test]
    fn accepts() {
        assert_eq!(ok("::"), [0; 8]);
        assert_eq!(ok("::1"), [0, 0, 0, 0, 0, 0, 0, 1]);
        assert_eq!(ok("1::"), [1, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(ok("1:2:3:4:5:6:7:8"), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(ok("1:2::7:8"), [1, 2, 0, 0, 0, 0, 7, 8]);
        assert_eq!(ok("FFFF:abcd::"), [0xFFFF, 0xABCD, 0, 0, 0, 0, 0, 0]);
        assert_eq!(ok("::127.0.0.1"), [0, 0, 0, 0, 0, 0, 0x7F00, 1]);
        assert_eq!(ok("::ffff:1.2.3.4"), [0, 0, 0, 0, 0, 0xFFFF, 0x0102, 0x0304]);
        assert_eq!(ok("1:2:3:4:5:6:1.2.3.4"), [1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
        assert_eq!(ok("1:2:3:4:5:6:0.0.0.0"), [1, 2, 3, 4, 5, 6, 0, 0]);
        assert_eq!(ok("1::2:3:4:5:6:7"), [1, 0, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn piece_leading_zero_is_not_fatal() {
        assert_eq!(
            parse("::01"),
            (Ok([0, 0, 0, 0, 0, 0, 0, 1]), [(K::Ipv6PieceLeadingZero, 2)].into())
        );
        assert_eq!(parse("0000::").1, [(K::Ipv6PieceLeadingZero, 0)]);
        assert!(parse("0::10:100:1000").1.is_empty());
    }

    #[test]
    fn rejects_with_each_error() {
        assert_eq!(err(":1"), (K::Ipv6InvalidCompression, 0));
        assert_eq!(err(":"), (K::Ipv6InvalidCompression, 0));
        assert_eq!(err("1:2:3:4:5:6:7:8:9"), (K::Ipv6TooManyPieces, 16));
        assert_eq!(err("1:2:3:4:5:6:7:8::"), (K::Ipv6TooManyPieces, 16));
        assert_eq!(err("1::1::1"), (K::Ipv6MultipleCompression, 5));
        assert_eq!(err(":::"), (K::Ipv6MultipleCompression, 2));
        assert_eq!(err("1:2:3!:4"), (K::Ipv6InvalidCodePoint, 5));
        assert_eq!(err("1:2:3:"), (K::Ipv6InvalidCodePoint, 6));
        assert_eq!(err("12345::"), (K::Ipv6InvalidCodePoint, 4));
        assert_eq!(err("::g"), (K::Ipv6InvalidCodePoint, 2));
        assert_eq!(err("::\u{e9}"), (K::Ipv6InvalidCodePoint, 2));
        assert_eq!(err("1:2:3"), (K::Ipv6TooFewPieces, 5));
        assert_eq!(err(""), (K::Ipv6TooFewPieces, 0));
        assert_eq!(err("1:1:1:1:1:1:1:127.0.0.1"), (K::Ipv4InIpv6TooManyPieces, 14));
        assert_eq!(err("ffff::.0.0.1"), (K::Ipv4InIpv6InvalidCodePoint, 6));
        assert_eq!(err("ffff::127.0.xyz.1"), (K::Ipv4InIpv6InvalidCodePoint, 12));
        assert_eq!(err("ffff::127.0xyz"), (K::Ipv4InIpv6InvalidCodePoint, 11));
        assert_eq!(err("ffff::127.00.0.1"), (K::Ipv4InIpv6InvalidCodePoint, 11));
        assert_eq!(err("ffff::127.0.0.1.2"), (K::Ipv4InIpv6InvalidCodePoint, 15));
        assert_eq!(err("ffff::127.0.0.1x"), (K::Ipv4InIpv6InvalidCodePoint, 15));
        assert_eq!(err("ffff::127.0.0.4000"), (K::Ipv4InIpv6OutOfRangePart, 16));
        assert_eq!(err("ffff::256.0.0.1"), (K::Ipv4InIpv6OutOfRangePart, 8));
        assert_eq!(err("ffff::127.0.0"), (K::Ipv4InIpv6TooFewParts, 13));
        assert_eq!(err("ffff::127.0.0."), (K::Ipv4InIpv6InvalidCodePoint, 14));
        // Without compression, six pieces and an IPv4 part are needed.
        assert_eq!(err("1:2:3:4:5:1.2.3.4"), (K::Ipv6TooFewPieces, 17));
    }

    fn serialized(address: [u16; 8]) -> String {
        let mut out = String::new();
        serialize_ipv6(&address, &mut out).unwrap();
        out
    }

    #[test]
    fn serializer_compression_rule() {
        assert_eq!(serialized([0; 8]), "::");
        assert_eq!(serialized([0, 0, 0, 0, 0, 0, 0, 1]), "::1");
        assert_eq!(serialized([1, 0, 0, 0, 0, 0, 0, 0]), "1::");
        assert_eq!(serialized([1, 2, 3, 4, 5, 6, 7, 8]), "1:2:3:4:5:6:7:8");
        // A single zero piece is not compressed.
        assert_eq!(serialized([1, 0, 3, 4, 5, 6, 7, 8]), "1:0:3:4:5:6:7:8");
        // The first of two equally long runs wins.
        assert_eq!(serialized([0, 0xF, 0, 0, 0xF, 0xF, 0, 0]), "0:f::f:f:0:0");
        assert_eq!(serialized([1, 0, 0, 2, 0, 0, 0, 3]), "1:0:0:2::3");
        assert_eq!(
            serialized([0x2001, 0xDB8, 0, 0, 0, 0xFF00, 0x42, 0x8329]),
            "2001:db8::ff00:42:8329"
        );
        assert_eq!(serialized([0xABCD, 0x10, 0x100, 0x1000, 0, 0, 0, 0]), "abcd:10:100:1000::");
    }

    #[test]
    fn compressed_index() {
        assert_eq!(compressed_piece_index(&[0, 0xF, 0, 0, 0xF, 0xF, 0, 0]), Some(2));
        assert_eq!(compressed_piece_index(&[1, 0, 1, 0, 1, 0, 1, 0]), None);
        assert_eq!(compressed_piece_index(&[1, 1, 1, 1, 1, 1, 0, 0]), Some(6));
    }
}
