//! The `host` rules of section 3.2.2: `IP-literal` (`IPv6address`, `IPvFuture`),
//! `IPv4address` with `dec-octet`, and the kind of a parsed host.
//!
//! Each scanner takes the whole input and a start index and returns the index just past what
//! it matched, so that errors carry offsets into the caller's input.

use crate::chars::{self, HEXDIG, USERINFO};
use crate::error::{Error, Rule};

/// Which alternative of `host = IP-literal / IPv4address / reg-name` a host matched.
///
/// The ABNF's "first-match-wins" rule (section 3.2.2) applies: a host that is a valid
/// `IPv4address` is one, although it is also a valid `reg-name`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// Four bytes, not one: the kind also tells whether a reference has an authority, the first
// thing the resolver reads of a reference just parsed. The compiler read it four bytes wide
// where the parser had written one byte; at four bytes both sides agree (resolve measured
// fewer instructions and less time).
#[repr(u32)]
pub enum HostKind {
    /// `reg-name`: a registered name such as `example.com`, possibly empty.
    RegName,
    /// `IPv4address` in dotted-decimal form, such as `192.0.2.1`.
    Ipv4,
    /// `IP-literal` holding an `IPv6address`, such as `[2001:db8::1]`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`, such as `[v7.fe80::a+en1]`.
    IpvFuture,
}

#[inline]
fn is_hex(bytes: &[u8], i: usize) -> bool {
    bytes.get(i).is_some_and(|&b| chars::is(b, HEXDIG))
}

/// `dec-octet` at `bytes[start..]`: the run of digits there, which must be 0 to 255 without
/// a leading zero (`DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`).
///
/// The whole run is taken: in every context a `dec-octet` is followed by `"."` or by the end of
/// the address, never by another digit. Returns the end, or `Err` with the offending offset.
pub(crate) fn dec_octet_end(bytes: &[u8], start: usize) -> Result<usize, usize> {
    let mut end = start;
    let mut value = 0u32;
    while let Some(&b) = bytes.get(end).filter(|b| b.is_ascii_digit()) {
        if end - start == 3 {
            return Err(end);
        }
        value = value * 10 + u32::from(b - b'0');
        end += 1;
    }
    match end - start {
        0 => Err(start),
        // "0" followed by a digit: a leading zero.
        2 | 3 if bytes.get(start) == Some(&b'0') => Err(start + 1),
        _ if value > 255 => Err(start),
        _ => Ok(end),
    }
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` at `bytes[start..]`.
pub(crate) fn ipv4_end(bytes: &[u8], start: usize) -> Result<usize, usize> {
    let mut i = dec_octet_end(bytes, start)?;
    for _ in 0..3 {
        if bytes.get(i) != Some(&b'.') {
            return Err(i);
        }
        i = dec_octet_end(bytes, i + 1)?;
    }
    Ok(i)
}

/// True when all of `bytes` is an `IPv4address`.
pub(crate) fn is_ipv4(bytes: &[u8]) -> bool {
    // Seven to fifteen bytes, starting and ending with a digit (most reg-names fail here).
    (7..=15).contains(&bytes.len())
        && bytes.first().is_some_and(u8::is_ascii_digit)
        && bytes.last().is_some_and(u8::is_ascii_digit)
        && ipv4_end(bytes, 0) == Ok(bytes.len())
}

/// `IPv6address` at `bytes[start..]`, in any of the nine forms of section 3.2.2.
///
/// The nine forms come to: `h16` pieces separated by single colons, at most one `"::"`, and
/// optionally an `IPv4address` as the last piece standing for two `h16` (`ls32`). Without
/// `"::"` there are exactly eight pieces; with it at most seven, since `"::"` stands for at
/// least one zero piece. Returns the end of the address (where `"]"` must follow).
pub(crate) fn ipv6_end(bytes: &[u8], start: usize) -> Result<usize, Error> {
    let err = |at| Error::at(Rule::Ipv6Address, at);
    let mut i = start;
    let mut pieces = 0u32;
    let mut compressed = false;
    // Forms 2 and 9 (and the others with nothing before "::") start with "::"; a lone ":"
    // cannot start an address.
    if bytes.get(i) == Some(&b':') {
        if bytes.get(i + 1) != Some(&b':') {
            return Err(err(i + 1));
        }
        compressed = true;
        i += 2;
    }
    if !compressed || is_hex(bytes, i) {
        loop {
            // A piece: `h16 = 1*4HEXDIG`, or the `IPv4address` of `ls32`.
            let piece = i;
            while is_hex(bytes, i) {
                i += 1;
            }
            if bytes.get(i) == Some(&b'.') {
                // `ls32 = IPv4address`: it ends the address.
                i = ipv4_end(bytes, piece).map_err(|at| Error::at(Rule::Ipv4Address, at))?;
                pieces += 2;
                break;
            }
            if i == piece {
                return Err(err(i));
            }
            if i - piece > 4 {
                return Err(err(piece + 4));
            }
            pieces += 1;
            if pieces > 8 {
                return Err(err(piece));
            }
            if bytes.get(i) != Some(&b':') {
                break;
            }
            if bytes.get(i + 1) == Some(&b':') {
                if compressed {
                    return Err(err(i + 1));
                }
                compressed = true;
                i += 2;
                // Form 9: the address may end with "::".
                if !is_hex(bytes, i) {
                    break;
                }
            } else {
                // A single ":" must be followed by another piece.
                i += 1;
            }
        }
    }
    let fits = if compressed { pieces <= 7 } else { pieces == 8 };
    if fits { Ok(i) } else { Err(err(i)) }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` at `bytes[start..]`
/// (`"v"` matches either case, as ABNF strings do).
pub(crate) fn ipvfuture_end(bytes: &[u8], start: usize) -> Result<usize, Error> {
    let err = |at| Error::at(Rule::IpvFuture, at);
    if !matches!(bytes.get(start), Some(b'v' | b'V')) {
        return Err(err(start));
    }
    let mut i = start + 1;
    while is_hex(bytes, i) {
        i += 1;
    }
    if i == start + 1 {
        return Err(err(i));
    }
    if bytes.get(i) != Some(&b'.') {
        return Err(err(i));
    }
    i += 1;
    let tail = i;
    while bytes.get(i).is_some_and(|&b| chars::is(b, USERINFO)) {
        i += 1;
    }
    if i == tail { Err(err(i)) } else { Ok(i) }
}

/// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` at `bytes[start..]` (where `"["` is).
/// Returns the index after `"]"` and the kind of address.
pub(crate) fn ip_literal_end(bytes: &[u8], start: usize) -> Result<(usize, HostKind), Error> {
    if bytes.get(start) != Some(&b'[') {
        return Err(Error::at(Rule::IpLiteral, start));
    }
    let inner = start + 1;
    let (end, kind, rule) = if matches!(bytes.get(inner), Some(b'v' | b'V')) {
        (ipvfuture_end(bytes, inner)?, HostKind::IpvFuture, Rule::IpvFuture)
    } else {
        (ipv6_end(bytes, inner)?, HostKind::Ipv6, Rule::Ipv6Address)
    };
    match bytes.get(end) {
        Some(b']') => Ok((end + 1, kind)),
        // The input ended before "]".
        None => Err(Error::at(Rule::IpLiteral, end)),
        Some(_) => Err(Error::at(rule, end)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn octet(s: &str) -> bool {
        dec_octet_end(s.as_bytes(), 0) == Ok(s.len())
    }

    fn v6(s: &str) -> bool {
        ipv6_end(s.as_bytes(), 0) == Ok(s.len())
    }

    #[test]
    fn dec_octet_edges() {
        for ok in ["0", "9", "10", "99", "100", "199", "200", "249", "250", "255"] {
            assert!(octet(ok), "{ok}");
        }
        for bad in ["", "256", "260", "300", "999", "01", "00", "001", "099", "1000", "0255"] {
            assert!(!octet(bad), "{bad}");
        }
    }

    #[test]
    fn ipv4_forms() {
        assert!(is_ipv4(b"0.0.0.0"));
        assert!(is_ipv4(b"255.255.255.255"));
        assert!(is_ipv4(b"192.0.2.16"));
        for bad in ["1.2.3", "1.2.3.4.", "1.2.3.4.5", "1.2.3.256", "01.2.3.4", "1..2.3", "a.b.c.d"]
        {
            assert!(!is_ipv4(bad.as_bytes()), "{bad}");
        }
        assert_eq!(ipv4_end(b"1.2.3.04", 0), Err(7));
        assert_eq!(ipv4_end(b"1.2.x.4", 0), Err(4));
    }

    #[test]
    fn ipv6_nine_forms() {
        let ok = [
            // 6( h16 ":" ) ls32
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "FFFF:ffff:0:00:000:0000:abcd:EF01",
            // "::" 5( h16 ":" ) ls32
            "::2:3:4:5:6:7:8",
            "::2:3:4:5:6:1.2.3.4",
            // [ h16 ] "::" 4( h16 ":" ) ls32
            "1::3:4:5:6:7:8",
            "::3:4:5:6:7:8",
            "1::3:4:5:6:1.2.3.4",
            // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
            "1:2::4:5:6:7:8",
            "2::4:5:6:1.2.3.4",
            // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
            "1:2:3::5:6:7:8",
            "::5:6:7:8",
            // [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
            "1:2:3:4::6:7:8",
            "1:2:3:4::6:1.2.3.4",
            // [ *4( h16 ":" ) h16 ] "::" ls32
            "1:2:3:4:5::7:8",
            "1:2:3:4:5::1.2.3.4",
            "::1.2.3.4",
            "::ffff:192.0.2.1",
            // [ *5( h16 ":" ) h16 ] "::" h16
            "1:2:3:4:5:6::8",
            "::1",
            "1::8",
            // [ *6( h16 ":" ) h16 ] "::"
            "1:2:3:4:5:6:7::",
            "1::",
            "::",
        ];
        for s in ok {
            assert!(v6(s), "{s}");
        }
        let bad = [
            "",
            ":",
            ":1",
            "1:",
            ":::",
            "1:::2",
            "1::2::3",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7::8",
            "::1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:8::",
            "12345::",
            "::g",
            "1:2:3:4:5:6:7:1.2.3.4",
            "1:2:3:4:5:6::1.2.3.4",
            "1.2.3.4::",
            "::1.2.3.4:5",
            "::1.2.3",
            "::1.2.3.256",
            "::01.2.3.4",
            "::1a.2.3.4",
        ];
        for s in bad {
            assert!(!v6(s), "{s}");
        }
    }

    #[test]
    fn ipvfuture() {
        let ok = |s: &str| ipvfuture_end(s.as_bytes(), 0) == Ok(s.len());
        assert!(ok("v1.x"));
        assert!(ok("V1f.a:b!$&'()*+,;=-._~"));
        assert!(!ok("v.x"));
        assert!(!ok("vg.x"));
        assert!(!ok("v1x"));
        assert!(!ok("v1."));
        assert!(!ok("v1.%41"));
        assert!(!ok("w1.x"));
    }

    #[test]
    fn ip_literal() {
        assert_eq!(ip_literal_end(b"[::1]", 0), Ok((5, HostKind::Ipv6)));
        assert_eq!(ip_literal_end(b"[v1.x]", 0), Ok((6, HostKind::IpvFuture)));
        assert_eq!(ip_literal_end(b"[::1", 0), Err(Error::at(Rule::IpLiteral, 4)));
        assert_eq!(ip_literal_end(b"[::1%25eth0]", 0), Err(Error::at(Rule::Ipv6Address, 4)));
        assert_eq!(ip_literal_end(b"[]", 0), Err(Error::at(Rule::Ipv6Address, 1)));
        assert_eq!(ip_literal_end(b"::1]", 0), Err(Error::at(Rule::IpLiteral, 0)));
    }
}
