//! Origins (URL Standard, section 4.7; the origin concept and its ASCII serialization come from
//! HTML).

use alloc::string::String;
use core::fmt;
use core::sync::atomic::{AtomicUsize, Ordering};

use crate::Url;
use crate::url::SchemeType;

/// An origin: a tuple origin (scheme, host, port) or an opaque origin.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Origin {
    /// A tuple origin.
    Tuple {
        /// The scheme, e.g. `"https"`.
        scheme: String,
        /// The serialized host.
        host: String,
        /// The port, `None` for the scheme's default.
        port: Option<u16>,
    },
    /// An opaque origin; each one made is distinct from every other.
    Opaque(OpaqueOrigin),
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
        alloc::format!("{self}")
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
                let host = if ip { host.clone() } else { weburl_host::domain_to_unicode(host) };
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
            Origin::Tuple { scheme, host, port: None } => write!(f, "{scheme}://{host}"),
            Origin::Tuple { scheme, host, port: Some(port) } => {
                write!(f, "{scheme}://{host}:{port}")
            }
        }
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
                scheme: String::from(self.scheme()),
                host: String::from(self.hostname()),
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
            super::Origin::Tuple { scheme: "https".into(), host: "h".into(), port: Some(8443) }
        );
    }
}
