//! [`UrlPattern`] (URLPattern Standard, sections 1.2 to 1.5): `create`, `match`, `test`,
//! `exec`, the component getters and `hasRegExpGroups`.

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::ops::Range;

use weburl_parser::Url;

use crate::canonicalize::{
    canonicalize_hash, canonicalize_hostname, canonicalize_ipv6_hostname,
    canonicalize_opaque_pathname, canonicalize_password, canonicalize_pathname,
    canonicalize_port_default, canonicalize_protocol, canonicalize_search, canonicalize_username,
};
use crate::component::{CompiledComponent, compile_component};
use crate::constructor_string::parse_constructor_string;
use crate::error::{Component, PatternError};
use crate::init::{InitType, UrlPatternInit, process_init};
use crate::parser::{EncodingCallback, Options};

/// The special schemes of the URL Standard.
const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// `URLPatternOptions`.
///
/// ```
/// use weburl_pattern::{UrlPattern, UrlPatternOptions};
/// let p = UrlPattern::parse("https://example.com/Books/*", None, UrlPatternOptions::default().ignore_case(true))?;
/// assert!(p.test("https://example.com/books/1", None)?);
/// # Ok::<(), weburl_pattern::PatternError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[doc(alias = "URLPatternOptions")]
pub struct UrlPatternOptions {
    /// Match the pathname, search and hash case-insensitively (`ignoreCase`).
    pub ignore_case: bool,
}

impl UrlPatternOptions {
    /// Sets `ignore_case`.
    ///
    /// ```
    /// assert!(weburl_pattern::UrlPatternOptions::default().ignore_case(true).ignore_case);
    /// ```
    #[must_use]
    pub const fn ignore_case(mut self, ignore_case: bool) -> Self {
        self.ignore_case = ignore_case;
        self
    }
}

/// `URLPatternInput`: a URL (pattern) string or a [`UrlPatternInit`].
///
/// ```
/// use weburl_pattern::{UrlPatternInit, UrlPatternInput};
/// let init = UrlPatternInit::default().with_pathname("/a");
/// assert!(matches!(UrlPatternInput::from(&init), UrlPatternInput::Init(_)));
/// assert!(matches!(UrlPatternInput::from("https://a/"), UrlPatternInput::String(_)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[doc(alias = "URLPatternInput")]
pub enum UrlPatternInput<'a> {
    /// A URL string (for matching) or a constructor string (for building a pattern).
    String(&'a str),
    /// A dictionary of components.
    Init(&'a UrlPatternInit),
}

impl<'a> From<&'a str> for UrlPatternInput<'a> {
    fn from(s: &'a str) -> Self {
        UrlPatternInput::String(s)
    }
}

impl<'a> From<&'a String> for UrlPatternInput<'a> {
    fn from(s: &'a String) -> Self {
        UrlPatternInput::String(s)
    }
}

impl<'a> From<&'a UrlPatternInit> for UrlPatternInput<'a> {
    fn from(init: &'a UrlPatternInit) -> Self {
        UrlPatternInput::Init(init)
    }
}

/// One of the `inputs` of a [`UrlPatternResult`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultInput {
    /// A string argument (the URL or the base URL).
    String(String),
    /// A dictionary argument.
    Init(UrlPatternInit),
}

/// `URLPatternComponentResult`: the component's input and its groups, in the order of the
/// pattern's group name list (`None` for a group that did not take part in the match).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[doc(alias = "URLPatternComponentResult")]
pub struct ComponentResult {
    /// The component of the input that was matched.
    pub input: String,
    /// `(name, value)` for each group. The names are shared with the pattern (cloning one is a
    /// reference count increment).
    pub groups: Vec<(Arc<str>, Option<String>)>,
}

impl ComponentResult {
    /// The value of group `name`, when it exists and matched.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h/books/:id", None, Default::default())?;
    /// let r = p.exec("https://h/books/42", None)?.unwrap();
    /// assert_eq!(r.pathname.group("id"), Some("42"));
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    #[must_use]
    pub fn group(&self, name: &str) -> Option<&str> {
        self.groups.iter().find(|(n, _)| **n == *name).and_then(|(_, v)| v.as_deref())
    }
}

/// `URLPatternResult`: the inputs and one [`ComponentResult`] per component.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[doc(alias = "URLPatternResult")]
pub struct UrlPatternResult {
    /// The arguments matched: the URL string or dictionary, then the base URL if given.
    pub inputs: Vec<ResultInput>,
    /// The protocol's result.
    pub protocol: ComponentResult,
    /// The username's result.
    pub username: ComponentResult,
    /// The password's result.
    pub password: ComponentResult,
    /// The hostname's result.
    pub hostname: ComponentResult,
    /// The port's result.
    pub port: ComponentResult,
    /// The pathname's result.
    pub pathname: ComponentResult,
    /// The search's result.
    pub search: ComponentResult,
    /// The hash's result.
    pub hash: ComponentResult,
}

impl UrlPatternResult {
    /// The result for `component`.
    ///
    /// ```
    /// use weburl_pattern::{Component, UrlPattern};
    /// let p = UrlPattern::parse("https://:sub.example.com/*", None, Default::default())?;
    /// let r = p.exec("https://api.example.com/x", None)?.unwrap();
    /// assert_eq!(r.get(Component::Hostname).group("sub"), Some("api"));
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    #[must_use]
    pub fn get(&self, component: Component) -> &ComponentResult {
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

    fn get_mut(&mut self, component: Component) -> &mut ComponentResult {
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
}

/// A URL pattern: eight compiled components.
///
/// ```
/// use weburl_pattern::UrlPattern;
///
/// let p = UrlPattern::parse("/books/:id(\\d+)", Some("https://example.com"), Default::default())?;
/// assert_eq!(p.pathname(), "/books/:id(\\d+)");
/// assert!(p.has_regexp_groups());
/// assert!(p.test("https://example.com/books/12", None)?);
/// assert!(!p.test("https://example.com/books/twelve", None)?);
/// # Ok::<(), weburl_pattern::PatternError>(())
/// ```
#[doc(alias = "URLPattern")]
pub struct UrlPattern {
    components: [CompiledComponent; 8],
}

/// Shows the eight pattern strings (the compiled expressions are an engine's business).
impl core::fmt::Debug for UrlPattern {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut s = f.debug_struct("UrlPattern");
        for c in Component::ALL {
            s.field(c.name(), &self.component(c));
        }
        s.finish()
    }
}

/// The component values of one input to match.
pub(crate) type Values<'a> = [&'a str; 8];

impl UrlPattern {
    /// "create" from a constructor string, with an optional base URL.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://*.example.com/*", None, Default::default())?;
    /// assert_eq!(p.hostname(), "*.example.com");
    /// assert_eq!(p.port(), "");
    /// assert_eq!(p.search(), "*");
    /// assert!(weburl_pattern::UrlPattern::parse("/no/protocol", None, Default::default()).is_err());
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    pub fn parse(
        input: &str,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, PatternError> {
        UrlPattern::new(UrlPatternInput::String(input), base_url, options)
    }

    /// "create" from a [`UrlPatternInit`] (its `base_url` member is the base URL).
    ///
    /// ```
    /// use weburl_pattern::{UrlPattern, UrlPatternInit};
    /// let p = UrlPattern::from_init(&UrlPatternInit::default().with_pathname("/a/*"), Default::default())?;
    /// assert_eq!(p.protocol(), "*");
    /// assert!(p.test("ftp://x/a/b/c", None)?);
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    pub fn from_init(
        init: &UrlPatternInit,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, PatternError> {
        UrlPattern::new(UrlPatternInput::Init(init), None, options)
    }

    /// "create" given an input, an optional base URL and options, as the `URLPattern`
    /// constructor does. A base URL with a [`UrlPatternInit`] is an error.
    ///
    /// ```
    /// use weburl_pattern::{PatternError, UrlPattern, UrlPatternInit};
    /// let init = UrlPatternInit::default();
    /// let err = UrlPattern::new(&init, Some("https://a/"), Default::default()).unwrap_err();
    /// assert_eq!(err, PatternError::BaseUrlWithInit);
    /// ```
    pub fn new<'a>(
        input: impl Into<UrlPatternInput<'a>>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, PatternError> {
        // Steps 1 to 3.
        let parsed;
        let init = match input.into() {
            UrlPatternInput::String(s) => {
                let mut init = parse_constructor_string(s)?;
                if base_url.is_none() && init.protocol.is_none() {
                    return Err(PatternError::MissingProtocol);
                }
                if let Some(base) = base_url {
                    init.base_url = Some(String::from(base));
                }
                parsed = init;
                &parsed
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(PatternError::BaseUrlWithInit);
                }
                init
            }
        };
        // Steps 4 and 5: missing components are wildcards.
        let mut processed = process_init(init, InitType::Pattern)?;
        for c in Component::ALL {
            let slot = processed.slot_mut(c);
            if slot.is_none() {
                *slot = Some(String::from("*"));
            }
        }
        let value = |c: Component| processed.get(c).unwrap_or("*");
        // Step 6: a special scheme's default port is the empty port.
        let mut port = value(Component::Port);
        if default_port(value(Component::Protocol)).is_some_and(|d| d == port) {
            port = "";
        }
        // Steps 7 to 17.
        let compile = |c: Component, input: &str, encode: EncodingCallback, options: &Options| {
            compile_component(input, encode, options).map_err(|e| e.in_component(c))
        };
        let protocol = compile(
            Component::Protocol,
            value(Component::Protocol),
            canonicalize_protocol,
            &Options::DEFAULT,
        )?;
        let username = compile(
            Component::Username,
            value(Component::Username),
            canonicalize_username,
            &Options::DEFAULT,
        )?;
        let password = compile(
            Component::Password,
            value(Component::Password),
            canonicalize_password,
            &Options::DEFAULT,
        )?;
        let hostname_pattern = value(Component::Hostname);
        let hostname_encode: EncodingCallback = if hostname_pattern_is_ipv6(hostname_pattern) {
            canonicalize_ipv6_hostname
        } else {
            canonicalize_hostname
        };
        let hostname =
            compile(Component::Hostname, hostname_pattern, hostname_encode, &Options::HOSTNAME)?;
        let port = compile(Component::Port, port, canonicalize_port_default, &Options::DEFAULT)?;
        let compile_options = Options::DEFAULT.with_ignore_case(options.ignore_case);
        let pathname = if protocol_component_matches_special_scheme(&protocol) {
            let path_options = Options::PATHNAME.with_ignore_case(options.ignore_case);
            compile(
                Component::Pathname,
                value(Component::Pathname),
                canonicalize_pathname,
                &path_options,
            )?
        } else {
            compile(
                Component::Pathname,
                value(Component::Pathname),
                canonicalize_opaque_pathname,
                &compile_options,
            )?
        };
        let search = compile(
            Component::Search,
            value(Component::Search),
            canonicalize_search,
            &compile_options,
        )?;
        let hash =
            compile(Component::Hash, value(Component::Hash), canonicalize_hash, &compile_options)?;
        Ok(UrlPattern {
            components: [protocol, username, password, hostname, port, pathname, search, hash],
        })
    }

    /// The normalized pattern string of `component`.
    ///
    /// ```
    /// use weburl_pattern::{Component, UrlPattern};
    /// let p = UrlPattern::parse("HTTPS://EXAMPLE.com/a/../b", None, Default::default())?;
    /// assert_eq!(p.component(Component::Protocol), "https");
    /// assert_eq!(p.component(Component::Hostname), "example.com");
    /// assert_eq!(p.component(Component::Pathname), "/b");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    #[must_use]
    pub fn component(&self, component: Component) -> &str {
        self.compiled(component).map_or("", |c| c.pattern_string.as_str())
    }

    pub(crate) fn compiled(&self, component: Component) -> Option<&CompiledComponent> {
        self.components.get(component.index())
    }

    /// Whether any component has a regexp group (`hasRegExpGroups`).
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h/:id", None, Default::default())?;
    /// assert!(!p.has_regexp_groups());
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    #[must_use]
    #[doc(alias = "hasRegExpGroups")]
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// `test(input, baseURL)`: whether the pattern matches. An unparsable URL (or base URL)
    /// does not match; a base URL with a [`UrlPatternInit`] is an error.
    ///
    /// ```
    /// use weburl_pattern::{UrlPattern, UrlPatternInit};
    /// let p = UrlPattern::parse("https://example.com/a/*", None, Default::default())?;
    /// assert!(p.test("https://example.com/a/b", None)?);
    /// assert!(p.test("b", Some("https://example.com/a/"))?);
    /// assert!(!p.test("not a url", None)?);
    /// let init = UrlPatternInit::default().with_protocol("https").with_hostname("example.com").with_pathname("/a/x");
    /// assert!(p.test(&init, None)?);
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    pub fn test<'a>(
        &self,
        input: impl Into<UrlPatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<bool, PatternError> {
        match input.into() {
            UrlPatternInput::String(s) => {
                let Some(url) = parse_with_base(s, base_url) else {
                    return Ok(false);
                };
                Ok(self.test_url(&url))
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(PatternError::BaseUrlWithInit);
                }
                let Ok(applied) = process_init(init, InitType::Url) else {
                    return Ok(false);
                };
                Ok(self.test_values(&init_values(&applied)))
            }
        }
    }

    /// "match" given a parsed URL, without keeping the groups.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h/:a/:b", None, Default::default())?;
    /// let url = weburl_parser::Url::parse("https://h/x/y")?;
    /// assert!(p.test_url(&url));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn test_url(&self, url: &Url) -> bool {
        self.test_values(&url_values(url))
    }

    pub(crate) fn test_values(&self, values: &Values<'_>) -> bool {
        self.components.iter().zip(values).all(|(c, v)| c.test(v))
    }

    /// `exec(input, baseURL)`: the match result, `None` when the pattern does not match (or
    /// the URL does not parse); a base URL with a [`UrlPatternInit`] is an error.
    ///
    /// ```
    /// use weburl_pattern::{ResultInput, UrlPattern};
    /// let p = UrlPattern::parse("https://example.com/:section/*?", None, Default::default())?;
    /// let r = p.exec("https://example.com/news/2024/05", None)?.unwrap();
    /// assert_eq!(r.pathname.input, "/news/2024/05");
    /// assert_eq!(r.pathname.group("section"), Some("news"));
    /// assert_eq!(r.pathname.group("0"), Some("2024/05"));
    /// assert_eq!(r.inputs, [ResultInput::String("https://example.com/news/2024/05".into())]);
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    pub fn exec<'a>(
        &self,
        input: impl Into<UrlPatternInput<'a>>,
        base_url: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, PatternError> {
        match input.into() {
            UrlPatternInput::String(s) => {
                let Some(url) = parse_with_base(s, base_url) else {
                    return Ok(None);
                };
                let inputs = || {
                    let mut inputs = alloc::vec![ResultInput::String(String::from(s))];
                    if let Some(base) = base_url {
                        inputs.push(ResultInput::String(String::from(base)));
                    }
                    inputs
                };
                Ok(self.exec_values(&url_values(&url), inputs))
            }
            UrlPatternInput::Init(init) => {
                if base_url.is_some() {
                    return Err(PatternError::BaseUrlWithInit);
                }
                let Ok(applied) = process_init(init, InitType::Url) else {
                    return Ok(None);
                };
                let inputs = || alloc::vec![ResultInput::Init(init.clone())];
                Ok(self.exec_values(&init_values(&applied), inputs))
            }
        }
    }

    /// "match" given a parsed URL: the result, whose input is the URL's serialization.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h/:a", None, Default::default())?;
    /// let url = weburl_parser::Url::parse("https://h/x")?;
    /// assert_eq!(p.exec_url(&url).unwrap().pathname.group("a"), Some("x"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn exec_url(&self, url: &Url) -> Option<UrlPatternResult> {
        self.exec_values(&url_values(url), || {
            alloc::vec![ResultInput::String(String::from(url.href()))]
        })
    }

    /// "match" on component values; `inputs` makes the result's inputs, only on a match.
    pub(crate) fn exec_values(
        &self,
        values: &Values<'_>,
        inputs: impl FnOnce() -> Vec<ResultInput>,
    ) -> Option<UrlPatternResult> {
        // Most inputs fail some component: find out without building groups first.
        if !self.test_values(values) {
            return None;
        }
        let mut result = UrlPatternResult { inputs: inputs(), ..UrlPatternResult::default() };
        // One capture buffer for every component.
        let mut groups: Vec<Option<Range<usize>>> = Vec::new();
        for ((component, c), v) in Component::ALL.into_iter().zip(&self.components).zip(values) {
            if !c.exec(v, &mut groups) {
                debug_assert!(false, "test and exec disagree on {v:?}");
                return None;
            }
            let r = result.get_mut(component);
            r.input = String::from(*v);
            // "create a component match result": group i is capture i + 1.
            r.groups = c
                .group_names
                .iter()
                .enumerate()
                .map(|(i, name)| {
                    let value = groups.get(i).cloned().flatten().and_then(|range| v.get(range));
                    (Arc::clone(name), value.map(String::from))
                })
                .collect();
        }
        Some(result)
    }
}

macro_rules! getters {
    ($($(#[$doc:meta])* $name:ident => $component:ident),* $(,)?) => {
        impl UrlPattern {$(
            $(#[$doc])*
            #[must_use]
            pub fn $name(&self) -> &str {
                self.component(Component::$component)
            }
        )*}
    };
}

getters! {
    /// The protocol pattern string.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("http{s}?://h", None, Default::default())?;
    /// assert_eq!(p.protocol(), "http{s}?");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    protocol => Protocol,
    /// The username pattern string.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h", None, Default::default())?;
    /// assert_eq!(p.username(), "*");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    username => Username,
    /// The password pattern string.
    ///
    /// ```
    /// // `:secret` would be a named group: escape the colon.
    /// let p = weburl_pattern::UrlPattern::parse("https://user\\:secret@h", None, Default::default())?;
    /// assert_eq!(p.password(), "secret");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    password => Password,
    /// The hostname pattern string.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://caf\u{e9}.com", None, Default::default())?;
    /// assert_eq!(p.hostname(), "xn--caf-dma.com");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    hostname => Hostname,
    /// The port pattern string.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h:443", None, Default::default())?;
    /// assert_eq!(p.port(), "");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    port => Port,
    /// The pathname pattern string.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h/a b", None, Default::default())?;
    /// assert_eq!(p.pathname(), "/a%20b");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    pathname => Pathname,
    /// The search pattern string.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h/?q=:q", None, Default::default())?;
    /// assert_eq!(p.search(), "q=:q");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    search => Search,
    /// The hash pattern string.
    ///
    /// ```
    /// let p = weburl_pattern::UrlPattern::parse("https://h/#top", None, Default::default())?;
    /// assert_eq!(p.hash(), "top");
    /// # Ok::<(), weburl_pattern::PatternError>(())
    /// ```
    hash => Hash,
}

/// A special scheme's default port, as a string.
fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "ftp" => Some("21"),
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        _ => None,
    }
}

/// "protocol component matches a special scheme".
pub(crate) fn protocol_component_matches_special_scheme(protocol: &CompiledComponent) -> bool {
    SPECIAL_SCHEMES.iter().any(|scheme| protocol.test(scheme))
}

/// "hostname pattern is an IPv6 address".
fn hostname_pattern_is_ipv6(input: &str) -> bool {
    let mut chars = input.chars();
    matches!((chars.next(), chars.next()), (Some('['), Some(_)) | (Some('{' | '\\'), Some('[')))
}

/// "match", steps 13.2.1 to 13.2.5: the URL parsed against the parsed base URL.
pub(crate) fn parse_with_base(input: &str, base_url: Option<&str>) -> Option<Url> {
    match base_url {
        None => Url::parse(input).ok(),
        Some(base) => {
            let base = Url::parse(base).ok()?;
            base.join(input).ok()
        }
    }
}

/// "match", steps 13.4 to 13.11: the component values of a URL.
pub(crate) fn url_values(url: &Url) -> Values<'_> {
    [
        url.scheme(),
        url.username(),
        url.password(),
        url.hostname(),
        url.port(),
        url.pathname(),
        url.query().unwrap_or(""),
        url.fragment().unwrap_or(""),
    ]
}

/// "match", step 12.3 to 12.10: the component values of a processed dictionary.
fn init_values(init: &UrlPatternInit) -> Values<'_> {
    Component::ALL.map(|c| init.get(c).unwrap_or(""))
}
