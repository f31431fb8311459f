//! The host parser (URL Standard, section 3.5) and [`parse_host_into`], the entry point the URL
//! parser uses.

use alloc::borrow::Cow;
use alloc::string::String;

use crate::domain::{
    CLASS_NON_ASCII, CLASS_PERCENT, byte_classes, domain_parse, domain_parse_ascii_into,
};
use crate::error::{HostError, Sink, ValidationErrorKind};
use crate::ipv4::{ends_in_a_number, ipv4_parse, parse_dotted_decimal, serialize_ipv4};
use crate::ipv6::{ipv6_parse, serialize_ipv6};
use crate::opaque::opaque_host_parse;

/// Which kind of host the parser found (the spec's host representations, section 3.1).
///
/// ```
/// use weburl_host::{Host, HostKind};
///
/// assert_eq!(Host::parse("example.com", false)?.kind(), HostKind::Domain);
/// assert_eq!(Host::parse("[::]", false)?.kind(), HostKind::Ipv6);
/// assert_eq!(Host::parse("", true)?.kind(), HostKind::Empty);
/// # Ok::<(), weburl_host::HostError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A domain: a non-empty ASCII string such as `example.com`.
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address (serialized in brackets).
    Ipv6,
    /// An opaque host: a non-empty ASCII string of a non-special URL.
    Opaque,
    /// The empty host.
    Empty,
}

/// What the host parser produced: text already appended to the output, or an address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Parsed {
    /// A domain, an opaque host or the empty host, appended to the output.
    Text(HostKind),
    /// An IPv4 address (nothing appended).
    Ipv4(u32),
    /// An IPv6 address (nothing appended).
    Ipv6([u16; 8]),
}

/// Index of the first percent-encoded byte (`%` and two ASCII hex digits) in `bytes`.
fn first_percent_encoded_byte(bytes: &[u8]) -> Option<usize> {
    bytes.windows(3).position(
        |w| matches!(w, [b'%', hi, lo] if hi.is_ascii_hexdigit() && lo.is_ascii_hexdigit()),
    )
}

/// The host parser. Domains and opaque hosts are appended to `out`; on failure, or when the
/// result is an address, `out` may hold a partial domain that the caller truncates. A failure
/// carries the offset of the last validation error reported before it.
pub(crate) fn host_parse(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    sink: &mut Sink<'_>,
) -> Result<Parsed, HostError> {
    host_parse_steps(input, is_opaque, out, sink).map_err(|error| sink.stamp(error))
}

/// [`host_parse`]'s steps.
#[inline(always)]
fn host_parse_steps(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    sink: &mut Sink<'_>,
) -> Result<Parsed, HostError> {
    // Step 1: a bracketed IPv6 address.
    if let Some(rest) = input.strip_prefix('[') {
        let Some(inner) = rest.strip_suffix(']') else {
            sink.report(ValidationErrorKind::Ipv6Unclosed, input.len());
            return Err(HostError::new(ValidationErrorKind::Ipv6Unclosed));
        };
        return sink.shifted(1, |sink| ipv6_parse(inner.as_bytes(), sink)).map(Parsed::Ipv6);
    }
    // Step 2: non-special URLs have opaque hosts.
    if is_opaque {
        let empty = opaque_host_parse(input, out, sink)?;
        return Ok(Parsed::Text(if empty { HostKind::Empty } else { HostKind::Opaque }));
    }
    // Step 3 asserts a non-empty input; an empty one fails in the domain parser.
    let start = out.len();
    let bytes = input.as_bytes();
    // ASCII fast path (no `%`, so step 4 has nothing to report and step 5 changes nothing):
    // steps 6-7 in one pass straight into `out`.
    let classes = byte_classes(input);
    if classes & (CLASS_NON_ASCII | CLASS_PERCENT) == 0 {
        // With no one listening, an address in the usual IPv4 form: steps 6-8 at once (the
        // domain parser leaves digits and dots as they are, and reports only to a listener).
        if !sink.is_active()
            && let Some(address) = parse_dotted_decimal(bytes, sink)
        {
            return address.map(Parsed::Ipv4);
        }
        domain_parse_ascii_into(input, classes, out, sink)?;
        return finish_ascii(out, start, true, sink);
    }
    // Step 4.
    let percent = first_percent_encoded_byte(bytes);
    if let Some(at) = percent {
        sink.report(ValidationErrorKind::DomainPercentEncoded, at);
    }
    // Step 5: percent-decode, then UTF-8 decode without BOM (lossy).
    let domain: Cow<'_, str> = if percent.is_some() {
        weburl_percent::percent_decode_str(input).decode_utf8_lossy()
    } else {
        Cow::Borrowed(input)
    };
    // Offsets inside the domain no longer match `input` once it was decoded or mapped.
    sink.inexact(|sink| {
        if domain.is_ascii() {
            domain_parse_ascii_into(&domain, byte_classes(&domain), out, sink)?;
            return finish_ascii(out, start, true, sink);
        }
        // Steps 6-7.
        let ascii_domain = domain_parse(&domain, false, sink)?;
        out.push_str(&ascii_domain);
        finish_ascii(out, start, false, sink)
    })
}

/// Host parser steps 8-9 on the ASCII domain `out[start..]`: a domain that ends in a number is
/// an IPv4 address.
fn finish_ascii(
    out: &mut String,
    start: usize,
    input_was_ascii: bool,
    sink: &mut Sink<'_>,
) -> Result<Parsed, HostError> {
    let ascii_domain = out.as_bytes().get(start..).unwrap_or_default();
    if !ends_in_a_number(ascii_domain) {
        // Step 9.
        return Ok(Parsed::Text(HostKind::Domain));
    }
    // Step 8.1.
    if !input_was_ascii {
        sink.report(ValidationErrorKind::Ipv4NonAsciiInput, 0);
    }
    // Step 8.2.
    let address = ipv4_parse(ascii_domain, sink)?;
    out.truncate(start);
    Ok(Parsed::Ipv4(address))
}

/// Parses `input` as a host and appends the host serializer's output to `out` (an IPv6
/// address in brackets). On failure `out` is left unchanged.
///
/// `is_opaque` is true for non-special URLs (their hosts are opaque). `sink`, when given,
/// receives each validation error with the byte offset in `input` where it arose (0, or the
/// start of the bracketed text, when the text was percent-decoded or mapped first).
///
/// ```
/// use weburl_host::{parse_host_into, HostKind};
/// let mut out = String::from("https://");
/// assert_eq!(parse_host_into("EXAMPLE.org", false, &mut out, None)?, HostKind::Domain);
/// assert_eq!(out, "https://example.org");
///
/// let mut out = String::new();
/// let mut errors = Vec::new();
/// let mut sink = |kind: weburl_host::ValidationErrorKind, at: usize| errors.push((kind.name(), at));
/// assert_eq!(parse_host_into("0x7f.1", false, &mut out, Some(&mut sink))?, HostKind::Ipv4);
/// assert_eq!(out, "127.0.0.1");
/// assert_eq!(errors, [("IPv4-too-few-parts", 0), ("IPv4-non-decimal-part", 0)]);
/// # Ok::<(), weburl_host::HostError>(())
/// ```
pub fn parse_host_into(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    sink: Option<&mut dyn FnMut(ValidationErrorKind, usize)>,
) -> Result<HostKind, HostError> {
    let start = out.len();
    let mut sink = Sink::new(sink);
    match host_parse(input, is_opaque, out, &mut sink) {
        Ok(Parsed::Text(kind)) => Ok(kind),
        // Writing to a `String` cannot fail: the `fmt::Result`s below are always `Ok`.
        Ok(Parsed::Ipv4(address)) => {
            let _ = serialize_ipv4(address, out);
            Ok(HostKind::Ipv4)
        }
        Ok(Parsed::Ipv6(address)) => {
            out.push('[');
            let _ = serialize_ipv6(&address, out);
            out.push(']');
            Ok(HostKind::Ipv6)
        }
        Err(err) => {
            out.truncate(start);
            Err(err)
        }
    }
}
