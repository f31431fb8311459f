//! The URL record (URL Standard, section 4.1) stored as its serialization plus offsets, and the
//! URL API getters (section 6.1).

use alloc::string::String;
use core::num::NonZeroU32;

use crate::host::HostKind;

/// A parsed URL: the URL Standard's URL record, held as its serialization.
///
/// One `String` holds the whole serialization (section 4.5); `u32` offsets mark each
/// component, so every getter returns a slice of it and no component is allocated on its own:
///
/// ```text
///   https://user:pass@example.com:8080/a/b?q=1#frag
///        |      |    |          |    |   |   |
///        |      |    host_start |    |   |   fragment_start ('#')
///        |      username_end    |    |   query_start ('?')
///        scheme_end (':')       |    path_start
///                               host_end (':' of the port, or path_start)
/// ```
///
/// - `scheme_end` is the index of the `:` after the scheme.
/// - With a host (non-null), `//` follows the `:`; the username is
///   `[scheme_end + 3, username_end)`; when `username_end` holds `:` the password runs from
///   there to the `@` at `host_start - 1`. Without credentials `username_end == host_start ==
///   scheme_end + 3`.
/// - Without a host (null), `username_end == host_start == host_end == scheme_end + 1`, and
///   `path_start` is either `host_end` or `host_end + 2` when the serializer's `/.` prefix is
///   present (a path whose first segment is empty, section 4.5 step 3).
/// - The port (if any) is `:` and its digits in `[host_end, path_start)`, parsed in `port`.
/// - The path runs to the `?` at `query_start`, the `#` at `fragment_start`, or the end.
///
/// A clone's serialization has 32 bytes to spare (a parsed one has room too): a clone is
/// usually made to be changed, and a setter that lengthens it (credentials, a port, a short
/// query or fragment) then writes in place instead of reallocating and copying the whole URL.
pub struct Url {
    pub(crate) serialization: String,
    pub(crate) scheme_end: u32,
    pub(crate) username_end: u32,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) query_start: Option<NonZeroU32>,
    pub(crate) fragment_start: Option<NonZeroU32>,
    pub(crate) port: Option<u16>,
    /// `None` is the null host.
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) scheme_type: SchemeType,
}

/// Spare bytes a [`Url`] clone's serialization is given for a setter to grow into: enough
/// for `user:password@`, a port, or a short query or fragment.
pub(crate) const CLONE_ROOM: usize = 32;

impl Clone for Url {
    #[inline]
    fn clone(&self) -> Self {
        let mut serialization =
            String::with_capacity(self.serialization.len().saturating_add(CLONE_ROOM));
        serialization.push_str(&self.serialization);
        Url { serialization, ..*self }
    }

    /// Reuses `self`'s buffer when it is large enough.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        let mut serialization = core::mem::take(&mut self.serialization);
        serialization.clone_from(&source.serialization);
        *self = Url { serialization, ..*source };
    }
}

/// The scheme classes that change how the parser behaves (section 4.2, special schemes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SchemeType {
    NotSpecial,
    File,
    /// ftp.
    Ftp,
    /// http or ws (default port 80).
    Http,
    /// https or wss (default port 443).
    Https,
    /// ws or wss, which never use a legacy query encoding (query state, step 1).
    Ws,
    Wss,
}

impl SchemeType {
    /// Classifies an ASCII-lowercase scheme.
    pub(crate) fn of(scheme: &str) -> SchemeType {
        match scheme {
            "http" => SchemeType::Http,
            "https" => SchemeType::Https,
            "ws" => SchemeType::Ws,
            "wss" => SchemeType::Wss,
            "ftp" => SchemeType::Ftp,
            "file" => SchemeType::File,
            _ => SchemeType::NotSpecial,
        }
    }

    pub(crate) fn is_special(self) -> bool {
        self != SchemeType::NotSpecial
    }

    pub(crate) fn is_file(self) -> bool {
        self == SchemeType::File
    }

    /// The default port (section 4.2).
    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            SchemeType::File | SchemeType::NotSpecial => None,
        }
    }
}

pub(crate) fn to_u32(n: usize) -> u32 {
    // Every offset is at most the serialization's length, which parsing checks fits in u32.
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Url {
    #[inline]
    fn slice(&self, start: u32, end: u32) -> &str {
        self.serialization.get(start as usize..end as usize).unwrap_or("")
    }

    #[inline]
    pub(crate) fn len_u32(&self) -> u32 {
        to_u32(self.serialization.len())
    }

    #[inline]
    fn byte_at(&self, i: u32) -> Option<u8> {
        self.serialization.as_bytes().get(i as usize).copied()
    }

    /// End of the path: the `?`, the `#`, or the end of the serialization.
    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        self.query_start.or(self.fragment_start).map_or(self.len_u32(), NonZeroU32::get)
    }

    /// End of the query (exclusive): the `#` or the end of the serialization.
    #[inline]
    pub(crate) fn query_end(&self) -> u32 {
        self.fragment_start.map_or(self.len_u32(), NonZeroU32::get)
    }

    /// End of the authority (host and port): where the path starts, less any `/.` prefix.
    #[inline]
    pub(crate) fn authority_end(&self) -> u32 {
        if self.host_kind.is_some() { self.path_start } else { self.host_end }
    }

    // ----- URL API getters (section 6.1) -----

    /// The `href` getter: the URL serializer's output (section 4.5).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.href(), "https://user:pass@example.org:8080/p?q#f");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The whole serialization; the same as [`href`](Self::href).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.as_str(), url.href());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// Consumes the URL and returns its serialization.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.into_string(), "https://user:pass@example.org:8080/p?q#f");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn into_string(self) -> String {
        self.serialization
    }

    /// The `protocol` getter: the scheme followed by `:`.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.protocol(), "https:");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn protocol(&self) -> &str {
        self.slice(0, self.scheme_end + 1)
    }

    /// The `username` getter (percent-encoded, possibly empty).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.username(), "user");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn username(&self) -> &str {
        if self.host_kind.is_some() {
            self.slice(self.scheme_end + 3, self.username_end)
        } else {
            ""
        }
    }

    /// The `password` getter (percent-encoded, possibly empty).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.password(), "pass");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn password(&self) -> &str {
        if self.host_kind.is_some() && self.byte_at(self.username_end) == Some(b':') {
            self.slice(self.username_end + 1, self.host_start.saturating_sub(1))
        } else {
            ""
        }
    }

    /// The `host` getter: the serialized host and, when there is a port, `:` and the port.
    /// Empty when the host is null. See [`host_kind`](Self::host_kind) for the kind of host.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.host(), "example.org:8080");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn host(&self) -> &str {
        if self.host_kind.is_some() { self.slice(self.host_start, self.path_start) } else { "" }
    }

    /// The `hostname` getter: the serialized host (IPv6 addresses in brackets), empty when the
    /// host is null or empty.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.hostname(), "example.org");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn hostname(&self) -> &str {
        self.slice(self.host_start, self.host_end)
    }

    /// The `port` getter: the port's digits, or empty when the port is null.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.port(), "8080");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn port(&self) -> &str {
        if self.port.is_some() { self.slice(self.host_end + 1, self.path_start) } else { "" }
    }

    /// The `pathname` getter: the URL path serializer's output.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.pathname(), "/p");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn pathname(&self) -> &str {
        self.slice(self.path_start, self.path_end())
    }

    /// The `search` getter: empty when the query is null or empty, otherwise `?` and the query.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.search(), "?q");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn search(&self) -> &str {
        match self.query_start {
            Some(start) if self.query_end() > start.get() + 1 => {
                self.slice(start.get(), self.query_end())
            }
            _ => "",
        }
    }

    /// The `hash` getter: empty when the fragment is null or empty, otherwise `#` and the
    /// fragment.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.hash(), "#f");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn hash(&self) -> &str {
        match self.fragment_start {
            Some(start) if self.len_u32() > start.get() + 1 => {
                self.slice(start.get(), self.len_u32())
            }
            _ => "",
        }
    }

    // ----- Record accessors -----

    /// The URL's scheme, ASCII lowercase, without the `:`.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.scheme(), "https");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn scheme(&self) -> &str {
        self.slice(0, self.scheme_end)
    }

    /// Whether the scheme is special (`ftp`, `file`, `http`, `https`, `ws`, `wss`; section 4.2).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert!(url.is_special());
    /// assert!(!weburl_parser::Url::parse("sc://h/")?.is_special());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// The kind of the URL's host, or `None` when the host is null.
    ///
    /// Unlike the [`host`](Self::host) getter (a string with the port), this tells which kind
    /// of host the record holds; [`hostname`](Self::hostname) gives its serialization.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.host_kind(), Some(weburl_parser::HostKind::Domain));
    /// assert_eq!(weburl_parser::Url::parse("data:,x")?.host_kind(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.host_kind
    }

    /// The port as a number, or `None` when the port is null (the default port of a special
    /// scheme is always null). rust-url's `port()`; [`port`](Self::port) is the standard's
    /// getter, a string.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert_eq!(Url::parse("https://example.org:8443/")?.port_u16(), Some(8443));
    /// assert_eq!(Url::parse("https://example.org:443/")?.port_u16(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[doc(alias = "port")]
    #[inline]
    #[must_use]
    pub fn port_u16(&self) -> Option<u16> {
        self.port
    }

    /// The port, or the scheme's default port when the port is null.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert_eq!(Url::parse("https://example.org/")?.port_or_default(), Some(443));
    /// assert_eq!(Url::parse("sc://example.org/")?.port_or_default(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn port_or_default(&self) -> Option<u16> {
        self.port.or_else(|| self.scheme_type.default_port())
    }

    /// rust-url's name for [`port_or_default`](Self::port_or_default): the port, or the
    /// scheme's default port (`ftp` 21, `http` and `ws` 80, `https` and `wss` 443).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert_eq!(Url::parse("ws://example.org/")?.port_or_known_default(), Some(80));
    /// assert_eq!(Url::parse("ws://example.org:81/")?.port_or_known_default(), Some(81));
    /// assert_eq!(Url::parse("file:///tmp")?.port_or_known_default(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn port_or_known_default(&self) -> Option<u16> {
        self.port_or_default()
    }

    /// rust-url's name for [`pathname`](Self::pathname): the serialized path (an opaque path
    /// as it is, otherwise `/` and the segments).
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert_eq!(Url::parse("https://example.org/a/b?q")?.path(), "/a/b");
    /// assert_eq!(Url::parse("mailto:a@example.org")?.path(), "a@example.org");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn path(&self) -> &str {
        self.pathname()
    }

    /// rust-url's name for [`has_opaque_path`](Self::has_opaque_path): whether the URL's path
    /// is a single opaque string (the spec's former "cannot-be-a-base-URL" flag), so that no
    /// relative URL other than a fragment resolves against it.
    ///
    /// ```
    /// use weburl_parser::Url;
    /// assert!(Url::parse("data:text/plain,hi")?.cannot_be_a_base());
    /// assert!(!Url::parse("sc:/path")?.cannot_be_a_base());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn cannot_be_a_base(&self) -> bool {
        self.has_opaque_path()
    }

    /// Whether the URL has an opaque path (a single string rather than a list of segments,
    /// e.g. `mailto:someone@example.org`).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert!(!url.has_opaque_path());
    /// assert!(weburl_parser::Url::parse("mailto:a@example.org")?.has_opaque_path());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn has_opaque_path(&self) -> bool {
        self.host_kind.is_none() && self.byte_at(self.path_start) != Some(b'/')
    }

    /// The query without its `?`, or `None` when the query is null.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.query(), Some("q"));
    /// assert_eq!(weburl_parser::Url::parse("https://h/")?.query(), None);
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn query(&self) -> Option<&str> {
        self.query_start.map(|start| self.slice(start.get() + 1, self.query_end()))
    }

    /// The fragment without its `#`, or `None` when the fragment is null.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert_eq!(url.fragment(), Some("f"));
    /// assert_eq!(weburl_parser::Url::parse("https://h/#")?.fragment(), Some(""));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn fragment(&self) -> Option<&str> {
        self.fragment_start.map(|start| self.slice(start.get() + 1, self.len_u32()))
    }

    /// Whether the URL includes credentials (a non-empty username or password).
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert!(url.has_credentials());
    /// assert!(!weburl_parser::Url::parse("https://@h/")?.has_credentials());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn has_credentials(&self) -> bool {
        self.host_kind.is_some() && self.host_start > self.scheme_end + 3
    }

    /// Whether the URL cannot have a username, password or port (section 4.2): its host is
    /// null or empty, or its scheme is `file`.
    ///
    /// ```
    /// let url = weburl_parser::Url::parse("https://user:pass@example.org:8080/p?q#f")?;
    /// assert!(!url.cannot_have_username_password_port());
    /// assert!(weburl_parser::Url::parse("file://host/x")?.cannot_have_username_password_port());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind, None | Some(HostKind::Empty)) || self.scheme_type.is_file()
    }

    /// Checks every offset against the serialization; `Err` names the first broken rule.
    /// Run under `debug_assert!` after parsing and after every setter.
    pub(crate) fn check_invariants(&self) -> Result<(), &'static str> {
        let s = self.serialization.as_bytes();
        let len = self.len_u32();
        if u32::try_from(s.len()).is_err() {
            return Err("serialization longer than u32::MAX");
        }
        if s.get(self.scheme_end as usize) != Some(&b':') || self.scheme_end == 0 {
            return Err("scheme_end does not point at ':'");
        }
        let scheme = self.scheme();
        if !scheme
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"+-.".contains(&b))
            || !scheme.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
        {
            return Err("scheme is not a lowercase URL scheme");
        }
        if SchemeType::of(scheme) != self.scheme_type {
            return Err("scheme_type disagrees with the scheme");
        }
        if !(self.scheme_end <= self.username_end
            && self.username_end <= self.host_start
            && self.host_start <= self.host_end
            && self.host_end <= self.path_start
            && self.path_start <= self.path_end()
            && self.path_end() <= self.query_end()
            && self.query_end() <= len)
        {
            return Err("offsets are out of order");
        }
        if let Some(q) = self.query_start
            && s.get(q.get() as usize) != Some(&b'?')
        {
            return Err("query_start does not point at '?'");
        }
        if let Some(f) = self.fragment_start
            && s.get(f.get() as usize) != Some(&b'#')
        {
            return Err("fragment_start does not point at '#'");
        }
        match self.host_kind {
            None => {
                let after = self.scheme_end + 1;
                if self.username_end != after || self.host_start != after || self.host_end != after
                {
                    return Err("null host with non-empty authority offsets");
                }
                if self.port.is_some() || self.scheme_type.is_special() {
                    return Err("null host with a port or a special scheme");
                }
                let dot = self.path_start == after + 2;
                if dot != self.pathname().starts_with("//") {
                    return Err("'/.' prefix disagrees with the path");
                }
                if dot && self.slice(after, after + 2) != "/." {
                    return Err("missing '/.' bytes");
                }
                if !dot && self.path_start != after {
                    return Err("gap between scheme and path");
                }
            }
            Some(kind) => {
                if self.slice(self.scheme_end + 1, self.scheme_end + 3) != "//" {
                    return Err("host without '//'");
                }
                let hostname = self.hostname();
                if (kind == HostKind::Empty) != hostname.is_empty() {
                    return Err("empty host kind disagrees with the host text");
                }
                if (kind == HostKind::Ipv6) != hostname.starts_with('[') {
                    return Err("IPv6 host kind disagrees with the brackets");
                }
                // Host parser: special URLs get domains and IP addresses (file URLs also the
                // empty host); the others opaque hosts, IPv6 addresses or the empty host.
                let kind_ok = match self.scheme_type {
                    SchemeType::NotSpecial => {
                        matches!(kind, HostKind::Opaque | HostKind::Ipv6 | HostKind::Empty)
                    }
                    SchemeType::File => kind != HostKind::Opaque,
                    _ => matches!(kind, HostKind::Domain | HostKind::Ipv4 | HostKind::Ipv6),
                };
                if !kind_ok {
                    return Err("host kind not possible for the scheme");
                }
                if self.scheme_type.is_file() && (self.port.is_some() || self.has_credentials()) {
                    return Err("file URL with credentials or a port");
                }
                if self.has_credentials()
                    && s.get((self.host_start as usize).wrapping_sub(1)) != Some(&b'@')
                {
                    return Err("credentials without '@'");
                }
                if !self.has_credentials() && self.username_end != self.scheme_end + 3 {
                    return Err("username_end without credentials");
                }
                // The setters tell a password from the offsets alone: `username_end` holds
                // the `:` before a non-empty password, or else the `@`.
                if self.has_credentials() {
                    let password = s.get(self.username_end as usize) == Some(&b':')
                        && self.host_start >= self.username_end + 3;
                    let username_only = s.get(self.username_end as usize) == Some(&b'@')
                        && self.host_start == self.username_end + 1;
                    if !password && !username_only {
                        return Err("credentials neither a password nor only a username");
                    }
                }
                match self.port {
                    Some(port) => {
                        let digits = self.port();
                        if s.get(self.host_end as usize) != Some(&b':')
                            || digits.parse::<u16>().ok() != Some(port)
                            || digits.starts_with('0') && digits.len() > 1
                            || Some(port) == self.scheme_type.default_port()
                        {
                            return Err("port text disagrees with the port");
                        }
                    }
                    None => {
                        if self.host_end != self.path_start {
                            return Err("bytes between host and path without a port");
                        }
                    }
                }
                let path = self.pathname();
                if !path.is_empty() && !path.starts_with('/') {
                    return Err("path after a host does not start with '/'");
                }
                if self.scheme_type.is_special() && path.is_empty() {
                    return Err("special URL with an empty path");
                }
            }
        }
        if !self.serialization.is_ascii() {
            return Err("serialization is not ASCII");
        }
        Ok(())
    }

    #[inline]
    pub(crate) fn debug_check(&self) {
        debug_assert_eq!(self.check_invariants(), Ok(()), "{:?}", self.serialization);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fits_in_64_bytes() {
        assert!(core::mem::size_of::<Url>() <= 64);
    }

    #[test]
    fn invariants_catch_a_broken_record() {
        let url = Url::parse("https://u:p@example.org:8080/a?q#f").unwrap();
        assert_eq!(url.check_invariants(), Ok(()));
        let mut broken = url.clone();
        broken.host_end += 1;
        assert!(broken.check_invariants().is_err());
        let mut broken = url.clone();
        broken.port = Some(8081);
        assert!(broken.check_invariants().is_err());
        let mut broken = url.clone();
        broken.query_start = NonZeroU32::new(broken.query_start.unwrap().get() + 1);
        assert!(broken.check_invariants().is_err());
        let mut broken = url.clone();
        broken.scheme_type = SchemeType::NotSpecial;
        assert!(broken.check_invariants().is_err());
        let mut broken = url;
        broken.host_kind = Some(HostKind::Opaque);
        assert_eq!(broken.check_invariants(), Err("host kind not possible for the scheme"));
        let mut broken = Url::parse("sc://h/").unwrap();
        broken.host_kind = Some(HostKind::Domain);
        assert_eq!(broken.check_invariants(), Err("host kind not possible for the scheme"));
        let mut broken = Url::parse("sc://[::1]/").unwrap();
        broken.host_kind = Some(HostKind::Opaque);
        assert_eq!(broken.check_invariants(), Err("IPv6 host kind disagrees with the brackets"));
    }

    #[test]
    fn clones_have_room_and_clone_from_copies_every_field() {
        let shapes = [
            "https://u:p@example.org:8080/a/b?q=1#frag",
            "sc:opaque?#",
            "web+demo:/.//not-a-host/",
            "file:///C:/x",
            "http://[::1]/",
            "sc://h",
        ];
        for href in shapes {
            let url = Url::parse(href).unwrap();
            let copy = url.clone();
            assert_eq!(alloc::format!("{copy:?}"), alloc::format!("{url:?}"));
            assert_eq!(copy.check_invariants(), Ok(()));
            assert!(copy.serialization.capacity() >= url.serialization.len() + CLONE_ROOM);
            for other in shapes {
                // Into a longer and a shorter record: every offset and class comes along.
                let mut target = Url::parse(other).unwrap();
                target.clone_from(&url);
                assert_eq!(alloc::format!("{target:?}"), alloc::format!("{url:?}"), "{other}");
                assert_eq!(target.check_invariants(), Ok(()), "{href} into {other}");
            }
        }
        // clone_from reuses a buffer that is large enough.
        let mut target = Url::parse("https://example.org/a/long/path/that/has/room").unwrap();
        let buffer = target.serialization.as_ptr();
        target.clone_from(&Url::parse("sc:x").unwrap());
        assert_eq!((target.href(), target.serialization.as_ptr()), ("sc:x", buffer));
    }

    #[test]
    fn getters_on_every_shape() {
        let url = Url::parse("https://u:p@example.org:8080/a/b?q=1#frag").unwrap();
        assert_eq!(
            [
                url.protocol(),
                url.username(),
                url.password(),
                url.host(),
                url.hostname(),
                url.port(),
                url.pathname(),
                url.search(),
                url.hash()
            ],
            [
                "https:",
                "u",
                "p",
                "example.org:8080",
                "example.org",
                "8080",
                "/a/b",
                "?q=1",
                "#frag"
            ]
        );
        let url = Url::parse("sc:opaque?#").unwrap();
        assert_eq!((url.host(), url.pathname(), url.search(), url.hash()), ("", "opaque", "", ""));
        assert_eq!((url.query(), url.fragment()), (Some(""), Some("")));
        assert!(url.has_opaque_path() && url.path_segments().is_none());
        let url = Url::parse("web+demo:/.//not-a-host/").unwrap();
        assert_eq!(url.pathname(), "//not-a-host/");
        assert_eq!(
            url.path_segments().unwrap().collect::<alloc::vec::Vec<_>>(),
            ["", "not-a-host", ""]
        );
        let url = Url::parse("sc://h").unwrap();
        assert_eq!(url.path_segments().unwrap().count(), 0);
        assert_eq!(url.host_kind(), Some(HostKind::Opaque));
        let url = Url::parse("sc://:@h/x").unwrap();
        assert_eq!(url.href(), "sc://h/x");
        let url = Url::parse("sc:///x").unwrap();
        assert_eq!(
            (url.username(), url.password(), url.host_kind()),
            ("", "", Some(HostKind::Empty))
        );
    }
}
