//! Origins (URL Standard, section 4.7; the origin concept and its ASCII serialization come from
//! HTML).

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;
use core::sync::atomic::{AtomicUsize, Ordering};

use crate::Url;
use crate::url::SchemeType;

/// An origin: a tuple origin (scheme, host, port) or an opaque origin.
///
/// Making one allocates nothing for a host of up to [`OriginHost::INLINE`] bytes (the scheme
/// of a tuple origin is one of the special schemes, a `&'static str`).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// A tuple origin.
    Tuple {
        /// The scheme, e.g. `"https"`.
        scheme: &'static str,
        /// The serialized host.
        host: OriginHost,
        /// The port, `None` for the scheme's default.
        port: Option<u16>,
    },
    /// An opaque origin; each one made is distinct from every other.
    Opaque(OpaqueOrigin),
}

/// The serialized host of a tuple [`Origin`]: a string, kept inline (no allocation) when it
/// is at most [`OriginHost::INLINE`] bytes long. It compares, hashes and prints as its text.
///
/// ```
/// use weburl_parser::{Origin, OriginHost, Url};
/// let url = Url::parse("https://example.org:8443/x")?;
/// let Origin::Tuple { host, .. } = url.origin() else { unreachable!() };
/// assert_eq!(host, "example.org");
/// assert_eq!(host.len(), 11);
/// assert_eq!(OriginHost::from("a".repeat(300).as_str()).as_str(), "a".repeat(300));
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[derive(Clone)]
pub struct OriginHost(HostRepr);

/// Bytes of an inline host, aligned so that checking them as UTF-8 goes a word at a time.
#[derive(Clone, Copy)]
#[repr(align(8))]
struct InlineBytes([u8; OriginHost::INLINE]);

#[derive(Clone)]
enum HostRepr {
    /// The first `len` bytes of the array hold the host (a copy of a `str`).
    Inline { len: u8, bytes: InlineBytes },
    /// A longer host.
    Heap(Box<str>),
}

impl OriginHost {
    /// The longest host kept without an allocation, in bytes.
    pub const INLINE: usize = 56;

    /// The host `host`, copied.
    ///
    /// ```
    /// let host = weburl_parser::OriginHost::new("example.org");
    /// assert_eq!(host.as_str(), "example.org");
    /// ```
    #[must_use]
    pub fn new(host: &str) -> OriginHost {
        let mut bytes = InlineBytes([0; OriginHost::INLINE]);
        match (bytes.0.get_mut(..host.len()), u8::try_from(host.len())) {
            (Some(to), Ok(len)) => {
                to.copy_from_slice(host.as_bytes());
                OriginHost(HostRepr::Inline { len, bytes })
            }
            _ => OriginHost(HostRepr::Heap(Box::from(host))),
        }
    }

    /// The host as a string slice.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("http://[::1]:8080/")?;
    /// let weburl_parser::Origin::Tuple { host, .. } = url.origin() else { unreachable!() };
    /// assert_eq!(host.as_str(), "[::1]");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // A prefix of a copied `str` at a char boundary (`new` copies whole strings): the
            // check cannot fail.
            HostRepr::Inline { len, bytes } => {
                core::str::from_utf8(bytes.0.get(..usize::from(*len)).unwrap_or_default())
                    .unwrap_or_default()
            }
            HostRepr::Heap(host) => host,
        }
    }
}

impl Deref for OriginHost {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for OriginHost {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for OriginHost {
    fn from(host: &str) -> OriginHost {
        OriginHost::new(host)
    }
}

impl From<String> for OriginHost {
    fn from(host: String) -> OriginHost {
        if host.len() <= OriginHost::INLINE {
            OriginHost::new(&host)
        } else {
            OriginHost(HostRepr::Heap(host.into_boxed_str()))
        }
    }
}

impl PartialEq for OriginHost {
    fn eq(&self, other: &OriginHost) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for OriginHost {}

impl PartialEq<str> for OriginHost {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for OriginHost {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for OriginHost {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Debug for OriginHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for OriginHost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The shortest decimal digits of `port`, right-aligned in the array, and where they start.
fn port_digits(port: u16) -> ([u8; 5], usize) {
    let mut digits = [b'0'; 5];
    let mut n = port;
    let mut start = digits.len();
    for d in digits.iter_mut().rev() {
        *d = b'0' + (n % 10) as u8;
        n /= 10;
        start -= 1;
        if n == 0 {
            break;
        }
    }
    (digits, start)
}

/// The identity of an opaque origin: equal only to its own copies.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OpaqueOrigin(usize);

impl OpaqueOrigin {
    /// A new opaque origin, distinct from every earlier one.
    ///
    /// ```
    /// use weburl_parser::OpaqueOrigin;
    /// let (a, b) = (OpaqueOrigin::new(), OpaqueOrigin::new());
    /// assert_ne!(a, b);
    /// assert_eq!(a, a.clone());
    /// ```
    #[must_use]
    pub fn new() -> OpaqueOrigin {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        OpaqueOrigin(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl Default for OpaqueOrigin {
    fn default() -> Self {
        OpaqueOrigin::new()
    }
}

impl Origin {
    /// A new opaque origin, distinct from every other (rust-url's `Origin::new_opaque`).
    ///
    /// ```
    /// use weburl_parser::Origin;
    /// let origin = Origin::new_opaque();
    /// assert!(!origin.is_tuple());
    /// assert_ne!(origin, Origin::new_opaque());
    /// assert_eq!(origin.ascii_serialization(), "null");
    /// ```
    #[must_use]
    pub fn new_opaque() -> Origin {
        Origin::Opaque(OpaqueOrigin::new())
    }

    /// Whether this is a tuple origin (not opaque).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert!(Url::parse("https://example.org/")?.origin().is_tuple());
    /// assert!(!Url::parse("data:,x")?.origin().is_tuple());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple { .. })
    }

    /// The ASCII serialization of the origin (HTML): `scheme://host[:port]`, or `"null"`.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://b\u{fc}cher.example:8443/x")?;
    /// assert_eq!(url.origin().ascii_serialization(), "https://xn--bcher-kva.example:8443");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn ascii_serialization(&self) -> String {
        let Origin::Tuple { scheme, host, port } = self else { return String::from("null") };
        let (digits, start) = port_digits(port.unwrap_or(0));
        let digits = digits.get(start..).unwrap_or_default();
        let port_len = if port.is_some() { 1 + digits.len() } else { 0 };
        // One allocation of the exact length.
        let mut out = String::with_capacity(scheme.len() + 3 + host.len() + port_len);
        out.push_str(scheme);
        out.push_str("://");
        out.push_str(host);
        if port.is_some() {
            out.push(':');
            out.extend(digits.iter().map(|&d| char::from(d)));
        }
        out
    }

    /// The origin serialized for people (rust-url's `unicode_serialization`): as
    /// [`ascii_serialization`](Self::ascii_serialization), with a domain's labels converted
    /// by domain to Unicode (section 3.3). Opaque origins are `"null"`.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://xn--bcher-kva.example:8443/x")?;
    /// assert_eq!(url.origin().unicode_serialization(), "https://b\u{fc}cher.example:8443");
    /// assert_eq!(weburl_parser::Url::parse("data:,x")?.origin().unicode_serialization(), "null");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn unicode_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => String::from("null"),
            Origin::Tuple { scheme, host, port } => {
                // IP addresses are never domains: only a domain goes through IDNA.
                let ip = host.starts_with('[') || host.parse::<core::net::Ipv4Addr>().is_ok();
                let host = if ip {
                    String::from(host.as_str())
                } else {
                    weburl_host::domain_to_unicode(host)
                };
                match port {
                    Some(port) => alloc::format!("{scheme}://{host}:{port}"),
                    None => alloc::format!("{scheme}://{host}"),
                }
            }
        }
    }
}

/// Formats the ASCII serialization of the origin.
impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Opaque(_) => f.write_str("null"),
            Origin::Tuple { scheme, host, port } => {
                f.write_str(scheme)?;
                f.write_str("://")?;
                f.write_str(host)?;
                if let Some(port) = port {
                    let (digits, start) = port_digits(*port);
                    f.write_str(":")?;
                    for &d in digits.get(start..).unwrap_or_default() {
                        fmt::Write::write_char(f, char::from(d))?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// The name of a special scheme (the scheme of a URL whose type is `scheme`).
fn special_scheme_name(scheme: SchemeType) -> &'static str {
    match scheme {
        SchemeType::Ftp => "ftp",
        SchemeType::Http => "http",
        SchemeType::Https => "https",
        SchemeType::Ws => "ws",
        SchemeType::Wss => "wss",
        SchemeType::File => "file",
        SchemeType::NotSpecial => "",
    }
}

impl Url {
    /// The URL's origin (section 4.7).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// let url = Url::parse("blob:https://whatwg.org/d0360e2f-caee-469f-9a2f-87d5b0456f6f")?;
    /// assert_eq!(url.origin().to_string(), "https://whatwg.org");
    /// assert_eq!(Url::parse("data:,x")?.origin().to_string(), "null");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn origin(&self) -> Origin {
        match self.scheme_type {
            SchemeType::Ftp
            | SchemeType::Http
            | SchemeType::Https
            | SchemeType::Ws
            | SchemeType::Wss => Origin::Tuple {
                scheme: special_scheme_name(self.scheme_type),
                host: OriginHost::new(self.hostname()),
                port: self.port,
            },
            SchemeType::NotSpecial if self.scheme() == "blob" => {
                // "blob", steps 2 to 5 (this crate keeps no blob URL entry).
                match Url::parse(self.pathname()) {
                    Ok(path_url)
                        if matches!(
                            path_url.scheme_type,
                            SchemeType::Http | SchemeType::Https | SchemeType::File
                        ) =>
                    {
                        path_url.origin()
                    }
                    _ => Origin::Opaque(OpaqueOrigin::new()),
                }
            }
            // "file" is left to the implementation: an opaque origin, as the spec advises.
            SchemeType::File | SchemeType::NotSpecial => Origin::Opaque(OpaqueOrigin::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use alloc::string::ToString;

    fn origin(input: &str) -> alloc::string::String {
        Url::parse(input).unwrap().origin().to_string()
    }

    /// Section 4.7, "blob" steps 2 to 5, for inner URLs WPT does not list.
    #[test]
    fn blob_takes_the_origin_of_http_https_and_file_only() {
        assert_eq!(origin("blob:https://a.example:8443/x"), "https://a.example:8443");
        assert_eq!(origin("blob:http://a.example:80/x"), "http://a.example");
        assert_eq!(origin("blob:ws://a.example/x"), "null");
        assert_eq!(origin("blob:wss://a.example/x"), "null");
        assert_eq!(origin("blob:sc://a.example/x"), "null");
        assert_eq!(origin("blob:blob:https://a.example/"), "null");
        // "file" is the implementation's choice (an opaque origin here), so a blob of a file
        // URL is opaque too, and "BLOB:" is the same scheme as "blob:".
        assert_eq!(origin("blob:file:///x"), "null");
        assert_eq!(origin("BLOB:https://a.example/"), "https://a.example");
        // The path is parsed without a base: a relative path is a failure.
        assert_eq!(origin("blob:/relative"), "null");
    }

    /// Hosts kept inline and on the heap serialize, compare and hash as their text, and the
    /// one-allocation serialization equals `Display` and the plain formula.
    #[test]
    fn hosts_inline_and_long_serialize_alike() {
        use super::{Origin, OriginHost};
        use core::hash::BuildHasher;
        let state = std::hash::RandomState::new();
        for len in [0, 1, 55, 56, 57, 63, 200] {
            let text = "a".repeat(len);
            let (a, b) = (OriginHost::new(&text), OriginHost::from(text.clone()));
            assert_eq!((a.as_str(), b.as_str()), (text.as_str(), text.as_str()));
            assert_eq!(a, b);
            assert_eq!(state.hash_one(&a), state.hash_one(text.as_str()));
            assert_eq!(alloc::format!("{a:?}"), alloc::format!("{text:?}"));
        }
        let long = alloc::format!("{}.example", "b".repeat(60));
        for input in [
            "https://example.org/x",
            "http://example.org:8080/",
            "ws://[::1]:1/",
            "wss://1.2.3.4:65535/",
            "ftp://h:0/",
            "https://b\u{fc}cher.example/",
            &alloc::format!("https://{long}:444/"),
            "data:,x",
        ] {
            let origin = Url::parse(input).unwrap().origin();
            let plain = match &origin {
                Origin::Tuple { scheme, host, port: Some(port) } => {
                    alloc::format!("{scheme}://{}:{port}", host.as_str())
                }
                Origin::Tuple { scheme, host, port: None } => {
                    alloc::format!("{scheme}://{}", host.as_str())
                }
                Origin::Opaque(_) => "null".into(),
            };
            assert_eq!(origin.ascii_serialization(), plain, "{input}");
            assert_eq!(origin.to_string(), plain, "{input}");
        }
        assert_eq!(origin(&alloc::format!("https://{long}/")), alloc::format!("https://{long}"));
    }

    #[test]
    fn opaque_origins_are_distinct() {
        let url = Url::parse("sc://h/").unwrap();
        let (a, b) = (url.origin(), url.origin());
        assert!(!a.is_tuple() && a != b);
        assert_eq!(a.clone(), a);
        assert_eq!(a.ascii_serialization(), "null");
        let url = Url::parse("https://h:8443/").unwrap();
        assert_eq!(url.origin(), url.origin());
        assert_eq!(
            url.origin(),
            super::Origin::Tuple { scheme: "https", host: "h".into(), port: Some(8443) }
        );
    }
}
