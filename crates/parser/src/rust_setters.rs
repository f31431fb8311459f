//! The setters of rust-url's API that the URL Standard's API does not have, or has under a
//! name whose signature differs: [`Url::set_scheme`], [`Url::set_path`], [`Url::set_query`],
//! [`Url::set_fragment`], [`Url::set_port_u16`], [`Url::set_ip_host`] and
//! [`Url::remove_host`]. Each reuses the steps of the standard's setters (`setters.rs`) and
//! leaves a record that `check_invariants` accepts and whose href parses to itself.

use alloc::string::String;
use core::net::IpAddr;

use weburl_percent::{AsciiSet, C0_CONTROL};

use crate::Url;
use crate::host::{HostKind, parse_host_into};
use crate::parser::clean;
use crate::parser::scheme::is_scheme_byte;
use crate::setter_outcome::SetterError;
use crate::setters::Shift;

/// What [`Url::set_path`] encodes in an opaque path beyond the parser's opaque path state (C0
/// controls and non-ASCII): `?` and `#`, which would otherwise start a query or fragment.
const OPAQUE_PATH_VALUE: AsciiSet = C0_CONTROL.add_all(b"?#");

impl Url {
    /// Changes the scheme (rust-url's `set_scheme`): `value` is a scheme, optionally followed
    /// by one `:`, and nothing else (ASCII tabs and newlines are removed first). The checks are
    /// those of the [`protocol` setter](Self::set_protocol): no change between special and
    /// non-special schemes, none to `file` with credentials or a port, none from a `file` URL
    /// with an empty host. A port equal to the new scheme's default port becomes null. Unlike
    /// the protocol setter, it also refuses a change to `file` that the parser would undo on
    /// reparsing (the host `localhost`, a first path segment such as `c|`), so the href always
    /// parses back to itself.
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("http://example.org:443/")?;
    /// url.set_scheme("HTTPS")?;
    /// assert_eq!(url.href(), "https://example.org/");
    /// assert_eq!(url.set_scheme("foo"), Err(SetterError::SpecialSchemeChange));
    /// assert_eq!(url.set_scheme("https:x"), Err(SetterError::InvalidScheme));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_scheme(&mut self, value: &str) -> Result<(), SetterError> {
        let (input, ..) = clean(value, false);
        let bytes = input.as_bytes();
        let scheme = bytes.strip_suffix(b":").unwrap_or(bytes);
        if !scheme.first().is_some_and(u8::is_ascii_alphabetic)
            || !scheme.iter().all(|&b| is_scheme_byte(b))
        {
            return Err(SetterError::InvalidScheme);
        }
        let to_file = !self.scheme_type.is_file() && scheme.eq_ignore_ascii_case(b"file");
        let before = if to_file { Some(self.clone()) } else { None };
        self.replace_scheme(scheme)?;
        // The protocol setter keeps a host `localhost` and a first segment such as `c|`, which
        // the parser rewrites for `file` URLs (`file:///`, `c:`): such a URL would not parse
        // back to itself, so this setter refuses the change instead.
        if let Some(before) = before
            && Url::parse(self.href()).map_or(true, |again| again.href() != self.href())
        {
            *self = before;
            return Err(SetterError::FileRewrite);
        }
        Ok(())
    }

    /// Sets the path (rust-url's `set_path`). A path that is a list of segments is set as the
    /// [`pathname` setter](Self::set_pathname) does (`.` and `..` segments resolve, `?` and
    /// `#` are percent-encoded). An opaque path (`mailto:`, `data:`) is replaced by `value`
    /// percent-encoded with the C0 control percent-encode set plus `?` and `#`, with a leading
    /// `/` written `%2F` and a trailing space `%20`, so that the href parses back to the same
    /// URL.
    ///
    /// A URL longer than `u32::MAX` bytes is not built: the path is then left as it was.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/a?q")?;
    /// url.set_path("b/./c d");
    /// assert_eq!(url.href(), "https://example.org/b/c%20d?q");
    /// let mut mail = weburl_parser::Url::parse("mailto:a@example.org")?;
    /// mail.set_path("b@example.org?x");
    /// assert_eq!(mail.href(), "mailto:b@example.org%3Fx");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_path(&mut self, value: &str) {
        if !self.has_opaque_path() {
            let _ = self.write_path(value);
            return;
        }
        let (input, ..) = clean(value, false);
        let mut path = String::with_capacity(input.len());
        let (rest, slash) = match input.strip_prefix('/') {
            Some(rest) => (rest, true),
            None => (&*input, false),
        };
        if slash {
            path.push_str("%2F");
        }
        let (body, space) = match rest.strip_suffix(' ') {
            Some(body) => (body, true),
            None => (rest, false),
        };
        weburl_percent::encode_into(body, &OPAQUE_PATH_VALUE, &mut path);
        if space {
            path.push_str("%20");
        }
        let _ = self.splice(self.path_start, self.path_end(), &path, Shift::Query);
        self.debug_check();
    }

    /// Sets the query (rust-url's `set_query`): `None` removes it (and its `?`); `Some(q)`
    /// sets it to `q` as the [`search` setter](Self::set_search) would set `"?" + q`, so a
    /// leading `?` is kept as part of the query and `Some("")` leaves an empty query (`?`).
    ///
    /// A URL longer than `u32::MAX` bytes is not built: the query is then left as it was.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/?old#top")?;
    /// url.set_query(Some("a=1 2&b=#"));
    /// assert_eq!(url.href(), "https://example.org/?a=1%202&b=%23#top");
    /// url.set_query(None);
    /// assert_eq!(url.href(), "https://example.org/#top");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_query(&mut self, query: Option<&str>) {
        let _ = self.write_query(query);
    }

    /// Sets the fragment (rust-url's `set_fragment`): `None` removes it (and its `#`);
    /// `Some(f)` sets it to `f` as the [`hash` setter](Self::set_hash) would set `"#" + f`,
    /// so `Some("")` leaves an empty fragment (`#`).
    ///
    /// A URL longer than `u32::MAX` bytes is not built: the fragment is then left as it was.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.set_fragment(Some("#a b"));
    /// assert_eq!(url.href(), "https://example.org/##a%20b");
    /// url.set_fragment(None);
    /// assert_eq!(url.href(), "https://example.org/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        let _ = self.write_fragment(fragment);
    }

    /// Sets the port to a number, or to null with `None` (rust-url's `set_port(Option<u16>)`;
    /// the name `set_port` is the standard's setter, which takes a string). The scheme's
    /// default port becomes null.
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("https://example.org/")?;
    /// url.set_port_u16(Some(8443))?;
    /// assert_eq!(url.href(), "https://example.org:8443/");
    /// url.set_port_u16(Some(443))?;
    /// assert_eq!(url.port_u16(), None);
    /// let mut file = Url::parse("file:///tmp")?;
    /// assert_eq!(file.set_port_u16(Some(1)), Err(SetterError::CannotHavePort));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[doc(alias = "set_port")]
    pub fn set_port_u16(&mut self, port: Option<u16>) -> Result<(), SetterError> {
        if self.cannot_have_username_password_port() {
            return Err(SetterError::CannotHavePort);
        }
        let applied = self.set_port_value(port);
        self.debug_check();
        if applied { Ok(()) } else { Err(SetterError::TooLong) }
    }

    /// Sets the host to an IP address (rust-url's `set_ip_host`), keeping credentials and
    /// port. An IPv6 address is written in brackets; an IPv4 address of a non-special URL is
    /// an opaque host (the host parser never gives such a URL an IPv4 address). Fails for an
    /// opaque path.
    ///
    /// ```
    /// use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    /// use weburl_parser::{HostRef, Url};
    /// let mut url = Url::parse("https://user@example.org:8443/a")?;
    /// url.set_ip_host(IpAddr::V6(Ipv6Addr::LOCALHOST))?;
    /// assert_eq!(url.href(), "https://user@[::1]:8443/a");
    /// url.set_ip_host(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)))?;
    /// assert_eq!(url.host_ref(), Some(HostRef::Ipv4(Ipv4Addr::new(10, 0, 0, 1))));
    /// assert!(Url::parse("data:,x")?.set_ip_host(IpAddr::V4(Ipv4Addr::LOCALHOST)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_ip_host(&mut self, address: IpAddr) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
        }
        let text = match address {
            IpAddr::V4(v4) => alloc::format!("{v4}"),
            IpAddr::V6(v6) => alloc::format!("[{v6}]"),
        };
        // The host parser writes the standard's serialization (core writes IPv4-mapped IPv6
        // addresses in dotted form, the standard in hexadecimal).
        let mut host = String::with_capacity(text.len());
        let opaque = !self.scheme_type.is_special();
        let kind = parse_host_into(&text, opaque, &mut host, None)
            .map_err(|failure| SetterError::InvalidHost(failure.host_error()))?;
        debug_assert!(matches!(kind, HostKind::Ipv4 | HostKind::Ipv6 | HostKind::Opaque));
        let applied = self.set_host_text(&host, kind);
        self.debug_check();
        if applied { Ok(()) } else { Err(SetterError::TooLong) }
    }

    /// Removes the host, with the credentials and port (rust-url's `set_host(None)`): only a
    /// non-special URL whose path is a non-empty list of segments can lose its host
    /// (`sc://h/p` becomes `sc:/p`). A URL without a host is left as it is. To empty the host
    /// instead (`sc:///p`, `file:///p`), use [`set_host("")`](Self::set_host).
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("sc://user@host:1//p?q")?;
    /// url.remove_host()?;
    /// assert_eq!(url.href(), "sc:/.//p?q");
    /// assert_eq!(Url::parse("https://h/")?.remove_host(), Err(SetterError::HostRequired));
    /// assert_eq!(Url::parse("sc://h")?.remove_host(), Err(SetterError::EmptyPathWithoutHost));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[doc(alias = "set_host")]
    pub fn remove_host(&mut self) -> Result<(), SetterError> {
        if self.host_kind.is_none() {
            return Ok(());
        }
        if self.scheme_type.is_special() {
            return Err(SetterError::HostRequired);
        }
        let path = self.pathname();
        if path.is_empty() {
            return Err(SetterError::EmptyPathWithoutHost);
        }
        // URL serializer, step 3: a path starting with an empty segment needs "/.".
        let dot = path.starts_with("//");
        let after = self.scheme_end + 1;
        if !self.splice(after, self.path_start, if dot { "/." } else { "" }, Shift::Query) {
            return Err(SetterError::TooLong);
        }
        self.username_end = after;
        self.host_start = after;
        self.host_end = after;
        self.path_start = after + if dot { 2 } else { 0 };
        self.port = None;
        self.host_kind = None;
        self.debug_check();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{SetterError, Url};
    use alloc::string::String;

    fn after(href: &str, f: impl FnOnce(&mut Url)) -> String {
        let mut url = Url::parse(href).unwrap();
        f(&mut url);
        assert_eq!(url.check_invariants(), Ok(()), "{url:?}");
        assert_eq!(Url::parse(url.href()).unwrap().href(), url.href());
        String::from(url.href())
    }

    #[test]
    fn opaque_paths_stay_opaque() {
        assert_eq!(after("mailto:a", |u| u.set_path("/x?y#z ")), "mailto:%2Fx%3Fy%23z%20");
        assert_eq!(after("mailto:a?q#f", |u| u.set_path("b  c  ")), "mailto:b  c %20?q#f");
        assert_eq!(after("mailto:a", |u| u.set_path("")), "mailto:");
        assert_eq!(after("mailto:a", |u| u.set_path("\u{e9}\t\u{1}")), "mailto:%C3%A9%01");
        assert_eq!(after("sc:/a", |u| u.set_path("//x")), "sc:/.//x");
        assert_eq!(after("sc://h/a", |u| u.set_path("")), "sc://h");
        assert_eq!(after("http://h/a", |u| u.set_path("")), "http://h/");
    }

    #[test]
    fn scheme_values() {
        assert_eq!(after("sc://h/", |u| u.set_scheme("a\tb").unwrap()), "ab://h/");
        assert_eq!(
            after("http://h:80/", |u| u.set_scheme("https:").unwrap()),
            "http://h/".replace("http", "https")
        );
        let mut url = Url::parse("sc://h/").unwrap();
        for bad in ["", ":", "1a", "a b", "a::", "a:b", "é"] {
            assert_eq!(url.set_scheme(bad), Err(SetterError::InvalidScheme), "{bad:?}");
        }
        let mut file = Url::parse("file:///x").unwrap();
        assert_eq!(file.set_scheme("http"), Err(SetterError::FileWithEmptyHost));
        for href in ["http://localhost/", "http://h/c|", "http://h/c|/x"] {
            let mut url = Url::parse(href).unwrap();
            assert_eq!(url.set_scheme("file"), Err(SetterError::FileRewrite), "{href}");
            assert_eq!(url.href(), href);
            assert!(url.set_protocol("file").is_ok(), "{href}: the standard's setter takes it");
        }
        assert_eq!(after("http://h/c|x", |u| u.set_scheme("file").unwrap()), "file://h/c|x");
        let mut creds = Url::parse("http://u@h/").unwrap();
        assert_eq!(creds.set_scheme("file"), Err(SetterError::FileWithCredentialsOrPort));
    }

    #[test]
    fn hosts_set_and_removed() {
        use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};
        let v4 = IpAddr::V4(Ipv4Addr::new(1, 2, 3, 4));
        let mapped = IpAddr::V6(Ipv4Addr::new(1, 2, 3, 4).to_ipv6_mapped());
        assert_eq!(after("sc:/a", |u| u.set_ip_host(v4).unwrap()), "sc://1.2.3.4/a");
        assert_eq!(after("sc:/.//a", |u| u.set_ip_host(v4).unwrap()), "sc://1.2.3.4//a");
        assert_eq!(
            after("http://h/", |u| u.set_ip_host(mapped).unwrap()),
            "http://[::ffff:102:304]/"
        );
        assert_eq!(after("file:///x", |u| u.set_ip_host(v4).unwrap()), "file://1.2.3.4/x");
        let v6 = IpAddr::V6(Ipv6Addr::LOCALHOST);
        assert_eq!(after("sc://u:p@h:9/x", |u| u.set_ip_host(v6).unwrap()), "sc://u:p@[::1]:9/x");
        assert_eq!(after("sc://u:p@h:9/x", |u| u.remove_host().unwrap()), "sc:/x");
        assert_eq!(after("sc:///x", |u| u.remove_host().unwrap()), "sc:/x");
        assert_eq!(after("sc:/x", |u| u.remove_host().unwrap()), "sc:/x");
        let mut file = Url::parse("file:///x").unwrap();
        assert_eq!(file.remove_host(), Err(SetterError::HostRequired));
        let mut mail = Url::parse("mailto:x").unwrap();
        assert_eq!(mail.remove_host(), Ok(()));
        assert_eq!(mail.set_ip_host(v4), Err(SetterError::OpaquePath));
    }

    #[test]
    fn ports() {
        assert_eq!(after("ws://h:1/", |u| u.set_port_u16(Some(80)).unwrap()), "ws://h/");
        assert_eq!(after("sc://h/", |u| u.set_port_u16(Some(0)).unwrap()), "sc://h:0/");
        assert_eq!(after("sc://h:5/", |u| u.set_port_u16(None).unwrap()), "sc://h/");
        let mut url = Url::parse("sc:///x").unwrap();
        assert_eq!(url.set_port_u16(Some(1)), Err(SetterError::CannotHavePort));
    }
}
