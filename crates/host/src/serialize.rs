//! The host serializer (URL Standard, section 3.6). The IPv4 and IPv6 serializers live beside
//! their parsers, in `ipv4.rs` and `ipv6.rs`.

use alloc::string::String;
use core::fmt;

use crate::host::Host;
use crate::ipv4::serialize_ipv4;
use crate::ipv6::serialize_ipv6;

impl Host {
    /// The host serializer: appends the ASCII form of this host to `out` (an IPv6 address in
    /// brackets).
    ///
    /// ```
    /// use weburl_host::Host;
    ///
    /// let mut out = String::from("//");
    /// Host::parse("[0:0::0:1]", false)?.serialize_into(&mut out);
    /// assert_eq!(out, "//[::1]");
    /// # Ok::<(), weburl_host::HostError>(())
    /// ```
    pub fn serialize_into(&self, out: &mut String) {
        // Writing to a `String` cannot fail.
        let _ = self.write_serialized(out);
    }

    /// The host serializer, writing to `out` without an intermediate `String`.
    fn write_serialized<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        match self {
            // Step 1.
            Host::Ipv4(address) => serialize_ipv4(u32::from(*address), out),
            // Step 2.
            Host::Ipv6(address) => {
                out.write_char('[')?;
                serialize_ipv6(&address.segments(), out)?;
                out.write_char(']')
            }
            // Step 3.
            Host::Domain(text) | Host::Opaque(text) => out.write_str(text),
            Host::Empty => Ok(()),
        }
    }
}

/// The host serializer, padded and truncated by the format's width and precision as a `str`
/// is (as rust-url's hosts are).
impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Domain(text) | Host::Opaque(text) => f.pad(text),
            _ if f.width().is_none() && f.precision().is_none() => self.write_serialized(f),
            _ => {
                let mut text = String::new();
                self.serialize_into(&mut text);
                f.pad(&text)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use core::net::{Ipv4Addr, Ipv6Addr};

    #[test]
    fn serializes_each_kind() {
        assert_eq!(Host::Domain("example.com".into()).to_string(), "example.com");
        assert_eq!(Host::Opaque("EX%20".into()).to_string(), "EX%20");
        assert_eq!(Host::Empty.to_string(), "");
        assert_eq!(Host::Ipv4(Ipv4Addr::new(10, 0, 255, 1)).to_string(), "10.0.255.1");
        assert_eq!(Host::Ipv6(Ipv6Addr::LOCALHOST).to_string(), "[::1]");
        // Width, alignment and precision apply to the whole serialization.
        assert_eq!(alloc::format!("{:>7}|", Host::Ipv6(Ipv6Addr::LOCALHOST)), "  [::1]|");
        assert_eq!(
            alloc::format!("{:-<12}|", Host::Ipv4(Ipv4Addr::new(10, 0, 0, 1))),
            "10.0.0.1----|"
        );
        assert_eq!(alloc::format!("{:.3}|", Host::Domain("example.com".into())), "exa|");
        assert_eq!(alloc::format!("{:^5}|", Host::Empty), "     |");
        assert_eq!(
            Host::Ipv6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 1, 0, 0, 1)).to_string(),
            "[2001:db8::1:0:0:1]"
        );
    }
}
