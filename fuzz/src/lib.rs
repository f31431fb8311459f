//! Shared pieces of weburl's fuzz targets: the checks every parsed URL must pass, and the
//! input layout of the targets that take more than one string.
//!
//! Inputs with several fields separate them with the byte 0xFF, which never occurs in UTF-8,
//! so a seed is `field 0xFF field ...` and every field is then read as UTF-8 (lossily: an
//! invalid sequence becomes U+FFFD, so every input reaches the code under test). `cargo xtask
//! fuzz` writes the seed corpora in this layout.

use std::borrow::Cow;

use libfuzzer_sys::arbitrary::{self, Arbitrary, Unstructured};
use weburl::Url;

/// The field separator of multi-field inputs (never part of UTF-8).
pub const SEP: u8 = 0xFF;

/// `data` as UTF-8, lossily.
#[must_use]
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// The 0xFF-separated fields of `data`, each as UTF-8 (lossily).
#[must_use]
pub fn fields(data: &[u8]) -> Vec<Cow<'_, str>> {
    data.split(|&b| b == SEP).map(text).collect()
}

/// The first field of `data` and the rest (the rest may hold further separators).
#[must_use]
pub fn split2(data: &[u8]) -> (Cow<'_, str>, Cow<'_, str>) {
    match data.iter().position(|&b| b == SEP) {
        Some(i) => (text(&data[..i]), text(&data[i + 1..])),
        None => (text(data), Cow::Borrowed("")),
    }
}

/// Panics with `what` and the URL when `ok` is false (libFuzzer records the input).
#[track_caller]
fn ensure(ok: bool, url: &Url, what: &str) {
    assert!(ok, "{what}: {:?}", url.href());
}

/// Everything a parsed URL must satisfy: the record's invariants, the shapes of the getters
/// (section 6.1), the href rebuilt from the getters, and the href reparsing to itself with the
/// same getters (the serializer and the parser agree, section 4.5).
pub fn check_url(url: &Url) {
    if let Err(rule) = weburl_parser::fuzzing::check_invariants(url) {
        panic!("invariant {rule:?} broken: {:?}", url.href());
    }
    let href = url.href();
    ensure(href.is_ascii(), url, "href is not ASCII");
    ensure(url.as_str() == href && url.to_string() == href, url, "as_str/Display differ");

    // protocol: the scheme and ':'.
    let protocol = url.protocol();
    ensure(protocol.ends_with(':'), url, "protocol does not end with ':'");
    ensure(&protocol[..protocol.len() - 1] == url.scheme(), url, "protocol is not scheme + ':'");
    ensure(
        url.scheme().starts_with(|c: char| c.is_ascii_lowercase())
            && url.scheme().bytes().all(|b| {
                b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.')
            }),
        url,
        "scheme is not lowercase ASCII alpha, digits, '+', '-', '.'",
    );
    ensure(
        url.is_special()
            == matches!(url.scheme(), "http" | "https" | "ws" | "wss" | "ftp" | "file"),
        url,
        "is_special disagrees with the scheme",
    );

    // search and hash: empty, or the delimiter and at least one more byte.
    let search = url.search();
    ensure(search.is_empty() || (search.starts_with('?') && search.len() > 1), url, "search");
    ensure(search.is_empty() == url.query().is_none_or(str::is_empty), url, "search vs query");
    let hash = url.hash();
    ensure(hash.is_empty() || (hash.starts_with('#') && hash.len() > 1), url, "hash");
    ensure(hash.is_empty() == url.fragment().is_none_or(str::is_empty), url, "hash vs fragment");
    if let Some(query) = url.query() {
        ensure(!query.contains('#'), url, "query holds '#'");
    }

    // port: empty or a canonical decimal u16 that is not the scheme's default.
    let port = url.port();
    match url.port_u16() {
        None => ensure(port.is_empty(), url, "port text without a port"),
        Some(n) => {
            ensure(port == n.to_string(), url, "port text is not the canonical decimal");
            ensure(url.port_or_default() == Some(n), url, "port_or_default");
        }
    }
    if url.port_u16().is_some() || !url.username().is_empty() || !url.password().is_empty() {
        ensure(!url.cannot_have_username_password_port(), url, "credentials or port not allowed");
    }

    // host: hostname and the port.
    let host = url.host();
    if port.is_empty() {
        ensure(host == url.hostname(), url, "host is not the hostname");
    } else {
        ensure(host == format!("{}:{port}", url.hostname()), url, "host is not hostname:port");
    }
    ensure(url.host_kind().is_some() || host.is_empty(), url, "null host with host text");

    // pathname: an opaque path never starts with '/'; a special URL's path always does.
    let pathname = url.pathname();
    if url.has_opaque_path() {
        ensure(!pathname.starts_with('/'), url, "opaque path starts with '/'");
        ensure(url.path_segments().is_none(), url, "opaque path has segments");
        ensure(url.host_kind().is_none(), url, "opaque path with a host");
    } else {
        ensure(pathname.is_empty() || pathname.starts_with('/'), url, "path without '/'");
        if url.is_special() {
            ensure(pathname.starts_with('/'), url, "special URL path without '/'");
        }
        let segments: Vec<&str> = url.path_segments().map(Iterator::collect).unwrap_or_default();
        if !pathname.is_empty() {
            ensure(format!("/{}", segments.join("/")) == pathname, url, "path segments");
        }
    }

    // The href rebuilt from the components (URL serializer, section 4.5).
    let mut rebuilt = String::from(protocol);
    if url.host_kind().is_some() {
        rebuilt.push_str("//");
        if url.has_credentials() {
            rebuilt.push_str(url.username());
            if !url.password().is_empty() {
                rebuilt.push(':');
                rebuilt.push_str(url.password());
            }
            rebuilt.push('@');
        }
        rebuilt.push_str(host);
    } else if !url.has_opaque_path() && pathname.starts_with("//") {
        rebuilt.push_str("/.");
    }
    rebuilt.push_str(pathname);
    if let Some(query) = url.query() {
        rebuilt.push('?');
        rebuilt.push_str(query);
    }
    let without_fragment = rebuilt.clone();
    if let Some(fragment) = url.fragment() {
        rebuilt.push('#');
        rebuilt.push_str(fragment);
    }
    ensure(rebuilt == href, url, "href is not the serialization of its components");
    ensure(url.serialize(true) == without_fragment, url, "serialize(exclude fragment)");

    // Origin, searchParams and equality must not fail or panic.
    let _ = url.origin().ascii_serialization();
    let params = url.search_params();
    ensure(url.query().is_some() || params.is_empty(), url, "search params of a null query");
    ensure(url.equals(&url.clone(), false), url, "a URL differs from its clone");

    // Idempotence: the href reparses to the same URL, but for the one place where the spec is
    // not idempotent (see `expected_reparse`).
    match Url::parse(href) {
        Ok(again) => {
            let expected = expected_reparse(url);
            ensure(again.href() == expected, url, "href reparses to a different href");
            ensure(
                expected != href || same_getters(url, &again),
                url,
                "href reparses with different getters",
            );
            if let Err(rule) = weburl_parser::fuzzing::check_invariants(&again) {
                panic!("invariant {rule:?} broken on reparse: {href:?}");
            }
        }
        Err(e) => panic!("href does not reparse ({e}): {href:?}"),
    }
}

/// What the href of `url` reparses to: the href itself, except where the spec is not
/// idempotent (docs/spec-notes.md). The protocol setter can turn a special URL into a `file:`
/// one without the file-only rewrites of the parser, so a host `localhost` (which the file host
/// state makes empty) or a first segment like `c|` (which the path state makes `c:`) survives in
/// the href and changes on reparse. The parser never leaves either, so for every URL but one
/// the protocol setter just made `file:`, this is the href. (The parser's property test
/// `crates/parser/tests/properties.rs` allows the same two differences.)
#[must_use]
pub fn expected_reparse(url: &Url) -> String {
    let href = url.href();
    if url.scheme() != "file" {
        return href.to_owned();
    }
    // A file URL is `file://`, its host and path, then its query and fragment: no
    // credentials, no port.
    let (host, path) = (url.hostname(), url.pathname());
    let Some(tail) = href.get("file://".len() + host.len() + path.len()..) else {
        return href.to_owned();
    };
    let host = if host == "localhost" { "" } else { host };
    let path = match path.as_bytes() {
        [b'/', letter, b'|', rest @ ..]
            if letter.is_ascii_alphabetic() && rest.first().is_none_or(|&b| b == b'/') =>
        {
            format!("/{}:{}", char::from(*letter), path.get(3..).unwrap_or_default())
        }
        _ => path.to_owned(),
    };
    format!("file://{host}{path}{tail}")
}

/// Whether two URLs agree on every getter.
#[must_use]
pub fn same_getters(a: &Url, b: &Url) -> bool {
    a.href() == b.href()
        && a.protocol() == b.protocol()
        && a.username() == b.username()
        && a.password() == b.password()
        && a.host() == b.host()
        && a.hostname() == b.hostname()
        && a.port() == b.port()
        && a.pathname() == b.pathname()
        && a.search() == b.search()
        && a.hash() == b.hash()
        && a.host_kind() == b.host_kind()
        && a.has_opaque_path() == b.has_opaque_path()
}

/// Parses `input` (against `base`) with and without a validation-error sink: listening for
/// errors must never change the result (the fast path's strict mode and the host parser's
/// error offsets are separate code), nor may parsing into a used buffer
/// (`parse_with_buffer`, `join_with_buffer`). Returns the plain parse.
pub fn parse_both_ways(input: &str, base: Option<&Url>) -> Result<Url, weburl::ParseError> {
    let plain = match base {
        Some(base) => base.join(input),
        None => Url::parse(input),
    };
    let mut errors = Vec::new();
    let listened = Url::options().base(base).on_validation_error(|e| errors.push(e)).parse(input);
    match (&plain, &listened) {
        (Ok(a), Ok(b)) => assert!(same_getters(a, b), "sink changed the URL: {input:?}"),
        (Err(a), Err(b)) => assert_eq!(a, b, "sink changed the error: {input:?}"),
        _ => panic!("sink changed success: {input:?}: {plain:?} vs {listened:?}"),
    }
    // Parsing into a used buffer (text left in it, room to spare) gives the same answer.
    let mut used = String::with_capacity(input.len() / 2 + 7);
    used.push_str("stale: http://left.over/");
    let buffered = match base {
        Some(base) => base.join_with_buffer(input, used),
        None => Url::parse_with_buffer(input, used),
    };
    match (&plain, &buffered) {
        (Ok(a), Ok(b)) => assert!(same_getters(a, b), "a used buffer changed the URL: {input:?}"),
        (Err(a), Err(b)) => assert_eq!(a, b, "a used buffer changed the error: {input:?}"),
        _ => panic!("a used buffer changed success: {input:?}: {plain:?} vs {buffered:?}"),
    }
    // The failure's validation error is among those reported to the sink.
    if let Some(cause) = plain.as_ref().err().and_then(weburl::ParseError::validation_error) {
        assert!(
            errors.iter().any(|r| r.kind() == cause.kind()),
            "failure {cause:?} not reported to the sink ({errors:?}): {input:?}"
        );
    }
    plain
}

/// The ten URL API setters (section 6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setter {
    /// `href`
    Href,
    /// `protocol`
    Protocol,
    /// `username`
    Username,
    /// `password`
    Password,
    /// `host`
    Host,
    /// `hostname`
    Hostname,
    /// `port`
    Port,
    /// `pathname`
    Pathname,
    /// `search`
    Search,
    /// `hash`
    Hash,
}

impl Setter {
    /// Every setter, in the order of their selector bytes.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// The setter a selector byte names (modulo 10).
    #[must_use]
    pub fn from_byte(b: u8) -> Setter {
        Setter::ALL[usize::from(b) % Setter::ALL.len()]
    }

    /// The selector byte of this setter (`cargo xtask fuzz` writes it into the seeds).
    #[must_use]
    pub fn byte(self) -> u8 {
        Setter::ALL.iter().position(|&s| s == self).unwrap_or(0) as u8
    }

    /// The setter of the WPT `setters_tests.json` attribute `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Setter> {
        let names = [
            "href", "protocol", "username", "password", "host", "hostname", "port", "pathname",
            "search", "hash",
        ];
        names.iter().position(|&n| n == name).map(|i| Setter::ALL[i])
    }

    /// Runs the setter on `url`.
    pub fn apply(self, url: &mut Url, value: &str) {
        match self {
            Setter::Href => {
                let before = url.clone();
                if url.set_href(value).is_err() {
                    assert!(same_getters(&before, url), "failed set_href changed the URL");
                }
            }
            Setter::Protocol => drop(url.set_protocol(value)),
            Setter::Username => drop(url.set_username(value)),
            Setter::Password => drop(url.set_password(value)),
            Setter::Host => drop(url.set_host(value)),
            Setter::Hostname => drop(url.set_hostname(value)),
            Setter::Port => drop(url.set_port(value)),
            Setter::Pathname => drop(url.set_pathname(value)),
            Setter::Search => drop(url.set_search(value)),
            Setter::Hash => drop(url.set_hash(value)),
        }
    }

    /// The getter matching this setter.
    #[must_use]
    pub fn get(self, url: &Url) -> String {
        match self {
            Setter::Href => url.href(),
            Setter::Protocol => url.protocol(),
            Setter::Username => url.username(),
            Setter::Password => url.password(),
            Setter::Host => url.host(),
            Setter::Hostname => url.hostname(),
            Setter::Port => url.port(),
            Setter::Pathname => url.pathname(),
            Setter::Search => url.search(),
            Setter::Hash => url.hash(),
        }
        .to_owned()
    }
}

/// The input of the `setters` target: a URL (parsed; a fixed URL when it does not parse) and
/// a sequence of setter calls. Layout: `href 0xFF (selector value 0xFF)*`, the selector one
/// byte naming a [`Setter`] (modulo 10).
#[derive(Debug)]
pub struct SetterScript {
    /// The URL to start from.
    pub href: String,
    /// Setter calls, in order.
    pub steps: Vec<(Setter, String)>,
}

impl<'a> Arbitrary<'a> for SetterScript {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Self::arbitrary_take_rest(Unstructured::new(u.bytes(u.len())?))
    }

    fn arbitrary_take_rest(u: Unstructured<'a>) -> arbitrary::Result<Self> {
        let data = u.take_rest();
        let mut parts = data.split(|&b| b == SEP);
        let href = text(parts.next().unwrap_or_default()).into_owned();
        let steps = parts
            .filter_map(|part| {
                let (&selector, value) = part.split_first()?;
                Some((Setter::from_byte(selector), text(value).into_owned()))
            })
            .collect();
        Ok(SetterScript { href, steps })
    }
}

/// Starting points for the `setters` target when its href does not parse: one of each shape
/// the setters treat differently.
pub const FALLBACK_URLS: [&str; 8] = [
    "https://user:pass@example.com:8080/a/b?q=1#f",
    "http://example.com/",
    "file:///C:/dir/file",
    "file://host/share",
    "sc://opaque.host/p?q#f",
    "sc:/path/only",
    "mailto:someone@example.com",
    "blob:https://example.org/uuid",
];
