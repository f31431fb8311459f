//! [`UrlPatternInit`] and "process a URLPatternInit" (URLPattern Standard, section 3.2).

use alloc::string::String;

use weburl_parser::Url;

use crate::canonicalize::{
    canonicalize_hash, canonicalize_hostname, canonicalize_opaque_pathname, canonicalize_password,
    canonicalize_pathname, canonicalize_port, canonicalize_protocol, canonicalize_search,
    canonicalize_username,
};
use crate::error::{Component, PatternError};
use crate::pattern_string::escape_pattern_string;

/// The `URLPatternInit` dictionary: one pattern (or, for matching, one value) per component
/// and an optional base URL. A member left `None` does not exist in the dictionary.
///
/// ```
/// use weburl_pattern::{UrlPattern, UrlPatternInit};
///
/// let init = UrlPatternInit::default().with_pathname("/books/:id").with_base_url("https://example.com");
/// let pattern = UrlPattern::from_init(&init, Default::default())?;
/// assert_eq!(pattern.hostname(), "example.com");
/// assert!(pattern.test("https://example.com/books/7", None)?);
/// # Ok::<(), weburl_pattern::PatternError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[doc(alias = "URLPatternInit")]
pub struct UrlPatternInit {
    /// The protocol.
    pub protocol: Option<String>,
    /// The username.
    pub username: Option<String>,
    /// The password.
    pub password: Option<String>,
    /// The hostname.
    pub hostname: Option<String>,
    /// The port.
    pub port: Option<String>,
    /// The pathname.
    pub pathname: Option<String>,
    /// The search.
    pub search: Option<String>,
    /// The hash.
    pub hash: Option<String>,
    /// The base URL, which supplies the components not given (see the standard's note on
    /// "more specific" components).
    pub base_url: Option<String>,
}

macro_rules! with {
    ($($(#[$doc:meta])* $method:ident => $field:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[must_use]
        pub fn $method(mut self, value: impl Into<String>) -> Self {
            self.$field = Some(value.into());
            self
        }
    )*};
}

impl UrlPatternInit {
    with! {
        /// Sets the protocol.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_protocol("https");
        /// assert_eq!(init.protocol.as_deref(), Some("https"));
        /// ```
        with_protocol => protocol,
        /// Sets the username.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_username("u");
        /// assert_eq!(init.username.as_deref(), Some("u"));
        /// ```
        with_username => username,
        /// Sets the password.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_password("p");
        /// assert_eq!(init.password.as_deref(), Some("p"));
        /// ```
        with_password => password,
        /// Sets the hostname.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_hostname("*.example.com");
        /// assert_eq!(init.hostname.as_deref(), Some("*.example.com"));
        /// ```
        with_hostname => hostname,
        /// Sets the port.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_port("8080");
        /// assert_eq!(init.port.as_deref(), Some("8080"));
        /// ```
        with_port => port,
        /// Sets the pathname.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_pathname("/a/*");
        /// assert_eq!(init.pathname.as_deref(), Some("/a/*"));
        /// ```
        with_pathname => pathname,
        /// Sets the search.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_search("q=:q");
        /// assert_eq!(init.search.as_deref(), Some("q=:q"));
        /// ```
        with_search => search,
        /// Sets the hash.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_hash("top");
        /// assert_eq!(init.hash.as_deref(), Some("top"));
        /// ```
        with_hash => hash,
        /// Sets the base URL.
        ///
        /// ```
        /// let init = weburl_pattern::UrlPatternInit::default().with_base_url("https://example.com/");
        /// assert_eq!(init.base_url.as_deref(), Some("https://example.com/"));
        /// ```
        with_base_url => base_url,
    }

    /// The member for `component`.
    ///
    /// ```
    /// use weburl_pattern::{Component, UrlPatternInit};
    /// let init = UrlPatternInit::default().with_port("8080");
    /// assert_eq!(init.get(Component::Port), Some("8080"));
    /// assert_eq!(init.get(Component::Hash), None);
    /// ```
    #[must_use]
    pub fn get(&self, component: Component) -> Option<&str> {
        self.slot(component).as_deref()
    }

    fn slot(&self, component: Component) -> &Option<String> {
        match component {
            Component::Protocol => &self.protocol,
            Component::Username => &self.username,
            Component::Password => &self.password,
            Component::Hostname => &self.hostname,
            Component::Port => &self.port,
            Component::Pathname => &self.pathname,
            Component::Search => &self.search,
            Component::Hash => &self.hash,
        }
    }

    pub(crate) fn slot_mut(&mut self, component: Component) -> &mut Option<String> {
        match component {
            Component::Protocol => &mut self.protocol,
            Component::Username => &mut self.username,
            Component::Password => &mut self.password,
            Component::Hostname => &mut self.hostname,
            Component::Port => &mut self.port,
            Component::Pathname => &mut self.pathname,
            Component::Search => &mut self.search,
            Component::Hash => &mut self.hash,
        }
    }

    fn has_any(&self, components: &[Component]) -> bool {
        components.iter().any(|&c| self.get(c).is_some())
    }
}

/// The `type` argument of "process a URLPatternInit".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InitType {
    /// Building a pattern: values are pattern strings.
    Pattern,
    /// Matching: values are URL components, canonicalized.
    Url,
}

/// "process a base URL string".
fn process_base_url_string(input: &str, kind: InitType) -> String {
    if kind != InitType::Pattern {
        return String::from(input);
    }
    let mut out = String::with_capacity(input.len());
    escape_pattern_string(input, &mut out);
    out
}

/// "is an absolute pathname".
fn is_absolute_pathname(input: &str, kind: InitType) -> bool {
    let b = input.as_bytes();
    match b {
        [] => false,
        [b'/', ..] => true,
        _ if kind == InitType::Url => false,
        [b'\\' | b'{', b'/', ..] => true,
        _ => false,
    }
}

fn is_special_scheme(s: &str) -> bool {
    matches!(s, "ftp" | "file" | "http" | "https" | "ws" | "wss")
}

/// "process a URLPatternInit", with every starting component value null (the only way the
/// standard calls it: `create` with type "pattern" and `match` with type "url" both pass
/// null for `protocol` and the rest). Errors are those of the encoding callbacks.
pub(crate) fn process_init(
    init: &UrlPatternInit,
    kind: InitType,
) -> Result<UrlPatternInit, PatternError> {
    use Component::*;
    // Steps 1 to 9.
    let mut result = UrlPatternInit::default();
    // Step 11: values inherited from the base URL.
    let mut base = None;
    if let Some(base_str) = &init.base_url {
        let url = Url::parse(base_str).map_err(|_| PatternError::InvalidBaseUrl)?;
        if init.protocol.is_none() {
            result.protocol = Some(process_base_url_string(url.scheme(), kind));
        }
        if kind != InitType::Pattern && !init.has_any(&[Protocol, Hostname, Port, Username]) {
            result.username = Some(process_base_url_string(url.username(), kind));
        }
        if kind != InitType::Pattern
            && !init.has_any(&[Protocol, Hostname, Port, Username, Password])
        {
            result.password = Some(process_base_url_string(url.password(), kind));
        }
        if !init.has_any(&[Protocol, Hostname]) {
            result.hostname = Some(process_base_url_string(url.hostname(), kind));
        }
        if !init.has_any(&[Protocol, Hostname, Port]) {
            result.port = Some(String::from(url.port()));
        }
        if !init.has_any(&[Protocol, Hostname, Port, Pathname]) {
            result.pathname = Some(process_base_url_string(url.pathname(), kind));
        }
        if !init.has_any(&[Protocol, Hostname, Port, Pathname, Search]) {
            result.search = Some(process_base_url_string(url.query().unwrap_or(""), kind));
        }
        if !init.has_any(&[Protocol, Hostname, Port, Pathname, Search, Hash]) {
            result.hash = Some(process_base_url_string(url.fragment().unwrap_or(""), kind));
        }
        base = Some(url);
    }
    let pattern = kind == InitType::Pattern;
    // Steps 12 to 15.
    if let Some(value) = &init.protocol {
        let stripped = value.strip_suffix(':').unwrap_or(value);
        result.protocol =
            Some(if pattern { String::from(stripped) } else { canonicalize_protocol(stripped)? });
    }
    if let Some(value) = &init.username {
        result.username = Some(if pattern { value.clone() } else { canonicalize_username(value)? });
    }
    if let Some(value) = &init.password {
        result.password = Some(if pattern { value.clone() } else { canonicalize_password(value)? });
    }
    if let Some(value) = &init.hostname {
        result.hostname = Some(if pattern { value.clone() } else { canonicalize_hostname(value)? });
    }
    // Steps 16 and 17.
    let protocol = result.protocol.clone().unwrap_or_default();
    if let Some(value) = &init.port {
        result.port =
            Some(if pattern { value.clone() } else { canonicalize_port(value, Some(&protocol))? });
    }
    // Step 18: the pathname, resolved against the base URL's path when relative.
    if let Some(value) = &init.pathname {
        let mut pathname = value.clone();
        if let Some(url) = base.as_ref().filter(|u| !u.has_opaque_path())
            && !is_absolute_pathname(&pathname, kind)
        {
            let base_path = process_base_url_string(url.pathname(), kind);
            if let Some(slash) = base_path.rfind('/') {
                let mut new_pathname = String::from(base_path.get(..=slash).unwrap_or(""));
                new_pathname.push_str(&pathname);
                pathname = new_pathname;
            }
        }
        result.pathname = Some(if pattern {
            pathname
        } else if protocol.is_empty() || is_special_scheme(&protocol) {
            canonicalize_pathname(&pathname)?
        } else {
            canonicalize_opaque_pathname(&pathname)?
        });
    }
    // Steps 19 and 20.
    if let Some(value) = &init.search {
        let stripped = value.strip_prefix('?').unwrap_or(value);
        result.search =
            Some(if pattern { String::from(stripped) } else { canonicalize_search(stripped)? });
    }
    if let Some(value) = &init.hash {
        let stripped = value.strip_prefix('#').unwrap_or(value);
        result.hash =
            Some(if pattern { String::from(stripped) } else { canonicalize_hash(stripped)? });
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_url_fills_less_specific_components() {
        let init =
            UrlPatternInit::default().with_pathname("b").with_base_url("https://h:8/a/x?q#f");
        let r = process_init(&init, InitType::Pattern).unwrap();
        assert_eq!(r.protocol.as_deref(), Some("https"));
        assert_eq!(r.hostname.as_deref(), Some("h"));
        assert_eq!(r.port.as_deref(), Some("8"));
        assert_eq!(r.pathname.as_deref(), Some("/a/b"));
        assert_eq!((r.search, r.hash, r.username), (None, None, None));
        let r = process_init(&init, InitType::Url).unwrap();
        assert_eq!(r.username.as_deref(), Some(""));
    }

    #[test]
    fn url_type_canonicalizes() {
        let init =
            UrlPatternInit::default().with_protocol("HTTP:").with_port("80").with_search("?a b");
        let r = process_init(&init, InitType::Url).unwrap();
        assert_eq!(r.protocol.as_deref(), Some("http"));
        assert_eq!(r.port.as_deref(), Some(""));
        assert_eq!(r.search.as_deref(), Some("a%20b"));
        let bad = UrlPatternInit::default().with_base_url("not a url");
        assert_eq!(process_init(&bad, InitType::Url), Err(PatternError::InvalidBaseUrl));
    }
}
