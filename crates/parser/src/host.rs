//! The bridge to the host parser of `weburl-host` (URL Standard, section 3.5, "host parser").

use alloc::string::String;

use crate::error::{HostFailure, ValidationErrorKind};

pub use weburl_host::HostKind;

impl From<weburl_host::ValidationErrorKind> for ValidationErrorKind {
    /// The same spec error in this crate's list (matched by the spec's name).
    fn from(kind: weburl_host::ValidationErrorKind) -> ValidationErrorKind {
        use ValidationErrorKind as V;
        use weburl_host::ValidationErrorKind as H;
        // Both enums carry the spec's names (a test checks each pair by name); a host error
        // this crate does not list yet is matched by its name, else counts as the IDNA
        // group's catch-all.
        match kind {
            H::DomainToAscii => V::DomainToAscii,
            H::DomainPercentEncoded => V::DomainPercentEncoded,
            H::HostInvalidCodePoint => V::HostInvalidCodePoint,
            H::Ipv4EmptyPart => V::Ipv4EmptyPart,
            H::Ipv4TooFewParts => V::Ipv4TooFewParts,
            H::Ipv4TooManyParts => V::Ipv4TooManyParts,
            H::Ipv4NonNumericPart => V::Ipv4NonNumericPart,
            H::Ipv4NonDecimalPart => V::Ipv4NonDecimalPart,
            H::Ipv4OutOfRangePart => V::Ipv4OutOfRangePart,
            H::Ipv4NonAsciiInput => V::Ipv4NonAsciiInput,
            H::Ipv6Unclosed => V::Ipv6Unclosed,
            H::Ipv6InvalidCompression => V::Ipv6InvalidCompression,
            H::Ipv6TooManyPieces => V::Ipv6TooManyPieces,
            H::Ipv6MultipleCompression => V::Ipv6MultipleCompression,
            H::Ipv6InvalidCodePoint => V::Ipv6InvalidCodePoint,
            H::Ipv6TooFewPieces => V::Ipv6TooFewPieces,
            H::Ipv6PieceLeadingZero => V::Ipv6PieceLeadingZero,
            H::Ipv4InIpv6TooManyPieces => V::Ipv4InIpv6TooManyPieces,
            H::Ipv4InIpv6InvalidCodePoint => V::Ipv4InIpv6InvalidCodePoint,
            H::Ipv4InIpv6OutOfRangePart => V::Ipv4InIpv6OutOfRangePart,
            H::Ipv4InIpv6TooFewParts => V::Ipv4InIpv6TooFewParts,
            H::InvalidUrlUnit => V::InvalidUrlUnit,
            _ => V::from_name(kind.name()).unwrap_or(V::DomainToAscii),
        }
    }
}

/// Host parser: appends the serialized host to `out` (unchanged on failure). `report` gets
/// each validation error with its byte offset in `input`. On failure, the host parser's error
/// at the offset of the last validation error it reported at or before the failure (else 0),
/// whether or not anyone listens.
pub(crate) fn parse_host_into(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    report: Option<&mut dyn FnMut(ValidationErrorKind, usize)>,
) -> Result<HostKind, HostFailure> {
    let result = match report {
        Some(report) => {
            let mut forward =
                |kind: weburl_host::ValidationErrorKind, offset: usize| report(kind.into(), offset);
            weburl_host::parse_host_into(input, is_opaque, out, Some(&mut forward))
        }
        None => weburl_host::parse_host_into(input, is_opaque, out, None),
    };
    result.map_err(failure)
}

/// The failure of [`parse_host_into`] when `weburl_host`'s host parser failed with `error`
/// (which carries the offset of the last validation error it reported).
pub(crate) fn failure(error: weburl_host::HostError) -> HostFailure {
    HostFailure::new(error, error.offset())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The offset of the last validation error the host parser reports on `input` (0 if none).
    fn rerun_offset(input: &str, is_opaque: bool) -> usize {
        let mut last_offset = 0;
        let mut note = |_: weburl_host::ValidationErrorKind, offset: usize| last_offset = offset;
        let _ = weburl_host::parse_host_into(input, is_opaque, &mut String::new(), Some(&mut note));
        last_offset
    }

    fn hosts() -> Vec<String> {
        let mut hosts: Vec<String> = [
            "a b",
            "[::1",
            "[::1]x",
            "[1::2::3]",
            "[::1.2.3.]",
            "1.2.3.4.5",
            "0x100000000",
            "1.2.3.256",
            "1.256.3.4",
            "%31.2.3.4.5",
            "a%31.2.3.4.5",
            "\u{ff11}.2.3.4.5",
            "xn--",
            "xn--a.b",
            "a\u{200c}b",
            "\u{AD}",
            "",
            "%",
            "%zz",
            "ex%00ample",
            "b\u{fc}cher.a b",
            "a<b",
            "a^b",
            "\u{1F4A9}.1.2.3.4.5",
            "1.2.3.09",
            "1..2",
            "..",
            "0xg.1",
            "999.1.1.1",
            "1.999.1.1.",
            "256.256",
            "0x1.0x100.1.1",
            "1.2.3.4.5.",
            "09.1.1.1.1",
            "1.1.1.4294967296",
            "0300.1.1.1",
        ]
        .iter()
        .map(|h| String::from(*h))
        .collect();
        // Every host of WPT's URL test data.
        let cases = weburl_test_support::load_wpt_json("urltestdata.json");
        for case in cases.as_array().into_iter().flatten() {
            let Some(input) = case.get("input").and_then(|v| v.as_str()) else { continue };
            if let Some(rest) = input.split_once("//").map(|(_, r)| r) {
                let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
                let authority = rest.get(..end).unwrap_or("");
                let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
                hosts.push(String::from(host));
                if let Some((h, _)) = host.rsplit_once(':') {
                    hosts.push(String::from(h));
                }
            }
        }
        // Every input of WPT's domain to ASCII and UTS #46 data (most IDNA failures).
        let toascii = weburl_test_support::load_wpt_json("toascii.json");
        let idna = weburl_test_support::load_wpt_json("IdnaTestV2.json");
        let cases = toascii.as_array().into_iter().chain(idna.as_array()).flatten();
        for case in cases {
            if let Some(input) = case.get("input").and_then(|v| v.as_str()) {
                hosts.push(String::from(input));
            }
        }
        hosts
    }

    /// The offset of a failure with no listener is the one a second run with a listener finds.
    #[test]
    fn offsets_agree_with_a_second_run() {
        let mut failures = 0;
        for host in hosts() {
            for opaque in [false, true] {
                let result = parse_host_into(&host, opaque, &mut String::new(), None);
                let Err(failure) = result else { continue };
                failures += 1;
                assert_eq!(failure.offset(), rerun_offset(&host, opaque), "{host:?} {opaque}");
                let mut listened = 0;
                let mut sink = |_: ValidationErrorKind, _: usize| listened += 1;
                let heard = parse_host_into(&host, opaque, &mut String::new(), Some(&mut sink));
                assert_eq!(heard, Err(failure), "{host:?} {opaque}");
            }
        }
        assert!(failures > 1000, "{failures}");
    }
}
