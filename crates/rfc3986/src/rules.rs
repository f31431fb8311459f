//! One predicate per rule of the RFC 3986 ABNF (Appendix A), each true when the whole input
//! matches the rule. They share the scanners of the parser.
//!
//! ```
//! use weburl_rfc3986::rules;
//!
//! assert!(rules::is_ipv6_address("2001:db8::192.0.2.1"));
//! assert!(rules::is_dec_octet("255") && !rules::is_dec_octet("256"));
//! assert!(rules::is_path_noscheme("a/b:c") && !rules::is_path_noscheme("a:b/c"));
//! ```

use crate::chars::{
    self, GEN_DELIMS_ONLY, PATH, PCHAR, QUERY, REG_NAME, SEGMENT_NC, SUB_DELIMS, USERINFO,
    pct_encoded_at, scan,
};
use crate::host::{dec_octet_end, ip_literal_end, ipv4_end, ipv6_end, ipvfuture_end};
use crate::parse::{Grammar, parse, parse_authority, scheme_stop};

/// True when all of `input` is characters of `mask` and `pct-encoded` triplets.
fn all(input: &str, mask: u8) -> bool {
    scan(input.as_bytes(), 0, mask) == Ok(input.len())
}

/// `URI-reference = URI / relative-ref`.
#[must_use]
pub fn is_uri_reference(input: &str) -> bool {
    parse(input, Grammar::UriReference).is_ok()
}

/// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
#[must_use]
pub fn is_uri(input: &str) -> bool {
    parse(input, Grammar::Uri).is_ok()
}

/// `absolute-URI = scheme ":" hier-part [ "?" query ]`.
#[must_use]
pub fn is_absolute_uri(input: &str) -> bool {
    parse(input, Grammar::AbsoluteUri).is_ok()
}

/// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`.
#[must_use]
pub fn is_relative_ref(input: &str) -> bool {
    parse(input, Grammar::RelativeRef).is_ok()
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
#[must_use]
pub fn is_scheme(input: &str) -> bool {
    !input.is_empty() && scheme_stop(input.as_bytes()) == input.len()
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`.
#[must_use]
pub fn is_authority(input: &str) -> bool {
    parse_authority(input.as_bytes(), 0).is_ok_and(|(_, end)| end == input.len())
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`.
#[must_use]
pub fn is_userinfo(input: &str) -> bool {
    all(input, USERINFO)
}

/// `host = IP-literal / IPv4address / reg-name`.
#[must_use]
pub fn is_host(input: &str) -> bool {
    // Every IPv4address is also a reg-name.
    is_ip_literal(input) || is_reg_name(input)
}

/// `port = *DIGIT`.
#[must_use]
pub fn is_port(input: &str) -> bool {
    input.bytes().all(|b| b.is_ascii_digit())
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`.
#[must_use]
pub fn is_ip_literal(input: &str) -> bool {
    ip_literal_end(input.as_bytes(), 0).is_ok_and(|(end, _)| end == input.len())
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
#[must_use]
pub fn is_ipvfuture(input: &str) -> bool {
    ipvfuture_end(input.as_bytes(), 0) == Ok(input.len())
}

/// `IPv6address`, in any of its nine forms (`h16`, `ls32`, `"::"`).
#[must_use]
pub fn is_ipv6_address(input: &str) -> bool {
    ipv6_end(input.as_bytes(), 0) == Ok(input.len())
}

/// `h16 = 1*4HEXDIG`.
#[must_use]
pub fn is_h16(input: &str) -> bool {
    (1..=4).contains(&input.len()) && input.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `ls32 = ( h16 ":" h16 ) / IPv4address`.
#[must_use]
pub fn is_ls32(input: &str) -> bool {
    match input.split_once(':') {
        Some((a, b)) => is_h16(a) && is_h16(b),
        None => is_ipv4_address(input),
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`.
#[must_use]
pub fn is_ipv4_address(input: &str) -> bool {
    ipv4_end(input.as_bytes(), 0) == Ok(input.len())
}

/// `dec-octet`: 0 to 255 in decimal without leading zeros.
#[must_use]
pub fn is_dec_octet(input: &str) -> bool {
    dec_octet_end(input.as_bytes(), 0) == Ok(input.len())
}

/// `reg-name = *( unreserved / pct-encoded / sub-delims )`.
#[must_use]
pub fn is_reg_name(input: &str) -> bool {
    all(input, REG_NAME)
}

/// `path-abempty = *( "/" segment )`.
#[must_use]
pub fn is_path_abempty(input: &str) -> bool {
    (input.is_empty() || input.starts_with('/')) && all(input, PATH)
}

/// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`.
#[must_use]
pub fn is_path_absolute(input: &str) -> bool {
    input.starts_with('/') && !input.starts_with("//") && all(input, PATH)
}

/// `path-noscheme = segment-nz-nc *( "/" segment )`.
#[must_use]
pub fn is_path_noscheme(input: &str) -> bool {
    let first = input.split('/').next().unwrap_or_default();
    is_segment_nz_nc(first) && all(input, PATH)
}

/// `path-rootless = segment-nz *( "/" segment )`.
#[must_use]
pub fn is_path_rootless(input: &str) -> bool {
    !input.starts_with('/') && !input.is_empty() && all(input, PATH)
}

/// `path-empty = 0<pchar>`.
#[must_use]
pub fn is_path_empty(input: &str) -> bool {
    input.is_empty()
}

/// `segment = *pchar`.
#[must_use]
pub fn is_segment(input: &str) -> bool {
    all(input, PCHAR)
}

/// `segment-nz = 1*pchar`.
#[must_use]
pub fn is_segment_nz(input: &str) -> bool {
    !input.is_empty() && all(input, PCHAR)
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`.
#[must_use]
pub fn is_segment_nz_nc(input: &str) -> bool {
    !input.is_empty() && all(input, SEGMENT_NC)
}

/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`: one character or triplet.
#[must_use]
pub fn is_pchar(input: &str) -> bool {
    match input.as_bytes() {
        [b] => chars::is(*b, PCHAR),
        _ => is_pct_encoded(input),
    }
}

/// `query = *( pchar / "/" / "?" )`.
#[must_use]
pub fn is_query(input: &str) -> bool {
    all(input, QUERY)
}

/// `fragment = *( pchar / "/" / "?" )`.
#[must_use]
pub fn is_fragment(input: &str) -> bool {
    all(input, QUERY)
}

/// `pct-encoded = "%" HEXDIG HEXDIG`.
#[must_use]
pub fn is_pct_encoded(input: &str) -> bool {
    input.len() == 3 && pct_encoded_at(input.as_bytes(), 0).is_some()
}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`.
#[must_use]
pub fn is_unreserved(byte: u8) -> bool {
    chars::is_unreserved(byte)
}

/// `reserved = gen-delims / sub-delims`.
#[must_use]
pub fn is_reserved(byte: u8) -> bool {
    is_gen_delims(byte) || is_sub_delims(byte)
}

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"`.
#[must_use]
pub fn is_gen_delims(byte: u8) -> bool {
    chars::is(byte, GEN_DELIMS_ONLY) || matches!(byte, b'#' | b'[' | b']')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`.
#[must_use]
pub fn is_sub_delims(byte: u8) -> bool {
    chars::is(byte, SUB_DELIMS)
}
