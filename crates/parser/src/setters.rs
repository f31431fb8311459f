//! The URL API setters (section 6.1), each following the spec's steps: most run the basic
//! URL parser with a state override on this URL; here the override states write the new
//! component on its own and it is spliced into the serialization. A setter whose result would
//! not fit the `u32` offsets changes nothing. `proptests` runs every setter on arbitrary URLs
//! with arbitrary values and checks the record after each.

use alloc::string::String;
use core::num::NonZeroU32;

use crate::Url;
use crate::error::ParseError;
use crate::host::{HostKind, parse_host_into};
use crate::parser::authority::{ends_authority, parse_port, push_port};
use crate::parser::path::query_set;
use crate::parser::scheme::is_scheme_byte;
use crate::parser::{Parser, State, clean};
use crate::url::{SchemeType, to_u32};

/// The offsets a splice moves: every offset from this one on.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Shift {
    UsernameEnd,
    HostStart,
    HostEnd,
    PathStart,
    Query,
    Fragment,
}

impl Url {
    /// Replaces `start..end` of the serialization with `text` and moves every offset from
    /// `first` on by the change in length. Returns `false` and changes nothing when the range
    /// is not one of the serialization or the result would not fit `u32` offsets.
    #[must_use]
    pub(crate) fn splice(&mut self, start: u32, end: u32, text: &str, first: Shift) -> bool {
        let range = start as usize..end as usize;
        if start > end
            || self.serialization.get(range.clone()).is_none()
            || !fits_u32(self.serialization.len(), range.len(), text.len())
        {
            debug_assert!(start <= end && end <= self.len_u32(), "splice {start}..{end}");
            return false;
        }
        self.serialization.replace_range(range, text);
        let delta = i64::from(to_u32(text.len())) - i64::from(end - start);
        let shift = |x: u32| u32::try_from(i64::from(x) + delta).unwrap_or(x);
        let shift_nz = |x: NonZeroU32| NonZeroU32::new(shift(x.get())).unwrap_or(x);
        if first <= Shift::UsernameEnd {
            self.username_end = shift(self.username_end);
        }
        if first <= Shift::HostStart {
            self.host_start = shift(self.host_start);
        }
        if first <= Shift::HostEnd {
            self.host_end = shift(self.host_end);
        }
        if first <= Shift::PathStart {
            self.path_start = shift(self.path_start);
        }
        if first <= Shift::Query {
            self.query_start = self.query_start.map(shift_nz);
        }
        self.fragment_start = self.fragment_start.map(shift_nz);
        true
    }

    /// Sets the username and password (both already percent-encoded), with the `:` and `@`
    /// the serializer writes (section 4.5, step 2.2).
    fn set_userinfo(&mut self, username: &str, password: &str) {
        let start = self.scheme_end + 3;
        let mut text = String::with_capacity(username.len() + password.len() + 2);
        text.push_str(username);
        if !password.is_empty() {
            text.push(':');
            text.push_str(password);
        }
        if !text.is_empty() {
            text.push('@');
        }
        if !self.splice(start, self.host_start, &text, Shift::HostEnd) {
            return;
        }
        self.username_end = start + to_u32(username.len());
        self.host_start = start + to_u32(text.len());
    }

    /// Sets the host to `host` (serialized) of `kind`, adding the `//` when the host was null.
    /// Returns `false` (nothing changed) when the URL would grow past `u32` offsets.
    #[must_use]
    fn set_host_text(&mut self, host: &str, kind: HostKind) -> bool {
        if self.host_kind.is_none() {
            // The "/." prefix (if any) goes: a host now separates scheme and path.
            let start = self.scheme_end + 1;
            let mut text = String::with_capacity(host.len() + 2);
            text.push_str("//");
            text.push_str(host);
            if !self.splice(start, self.path_start, &text, Shift::Query) {
                return false;
            }
            self.username_end = start + 2;
            self.host_start = start + 2;
            self.host_end = self.host_start + to_u32(host.len());
            self.path_start = self.host_end;
        } else if !self.splice(self.host_start, self.host_end, host, Shift::HostEnd) {
            return false;
        }
        self.host_kind = Some(kind);
        true
    }

    /// Sets the port (`None` for null), writing `:` and its digits.
    fn set_port_value(&mut self, port: Option<u16>) {
        let port = port.filter(|&p| Some(p) != self.scheme_type.default_port());
        let mut text = String::new();
        if let Some(port) = port {
            text.push(':');
            push_port(&mut text, port);
        }
        if self.splice(self.host_end, self.path_start, &text, Shift::PathStart) {
            self.port = port;
        }
    }

    /// The `href` setter: parse `value` with no base; on failure the URL is left unchanged and
    /// the error returned (the API throws a `TypeError`).
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value)?;
        Ok(())
    }

    /// The `protocol` setter: basic URL parse `value` followed by `:` with this URL and the
    /// scheme start state as state override. Changes between special and non-special schemes,
    /// and to `file` when there are credentials or a port, are ignored.
    pub fn set_protocol(&mut self, value: &str) {
        let (input, ..) = clean(value, false);
        let bytes = input.as_bytes();
        // Scheme start state, step 3: failure unless an ASCII alpha.
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return;
        }
        // Scheme state, step 4: failure unless the scheme code points end at `:` (the one
        // appended to the value, or an earlier one).
        let len = bytes.iter().position(|&b| !is_scheme_byte(b)).unwrap_or(bytes.len());
        if bytes.get(len).is_some_and(|&b| b != b':') {
            return;
        }
        let scheme: String =
            bytes.iter().take(len).map(|&b| char::from(b.to_ascii_lowercase())).collect();
        let scheme_type = SchemeType::of(&scheme);
        // Scheme state, step 2.1.
        if self.scheme_type.is_special() != scheme_type.is_special()
            || ((self.has_credentials() || self.port.is_some()) && scheme_type.is_file())
            || (self.scheme_type.is_file() && self.host_kind == Some(HostKind::Empty))
        {
            return;
        }
        // Step 2.2: set the scheme.
        let old_end = self.scheme_end;
        if !fits_u32(self.serialization.len(), old_end as usize, scheme.len()) {
            return;
        }
        self.serialization.replace_range(..old_end as usize, &scheme);
        let new_end = to_u32(scheme.len());
        self.scheme_end = new_end;
        let delta = i64::from(new_end) - i64::from(old_end);
        if delta != 0 {
            let shift = |x: u32| u32::try_from(i64::from(x) + delta).unwrap_or(x);
            let shift_nz = |x: NonZeroU32| NonZeroU32::new(shift(x.get())).unwrap_or(x);
            self.username_end = shift(self.username_end);
            self.host_start = shift(self.host_start);
            self.host_end = shift(self.host_end);
            self.path_start = shift(self.path_start);
            self.query_start = self.query_start.map(shift_nz);
            self.fragment_start = self.fragment_start.map(shift_nz);
        }
        self.scheme_type = scheme_type;
        // Step 2.3: a port equal to the new scheme's default becomes null.
        if self.port.is_some() && self.port == scheme_type.default_port() {
            self.set_port_value(None);
        }
        self.debug_check();
    }

    /// The `username` setter: ignored when the URL cannot have a username; otherwise sets the
    /// username to `value` UTF-8 percent-encoded with the userinfo set.
    pub fn set_username(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut username = String::with_capacity(value.len());
        weburl_percent::encode_into(value, &weburl_percent::USERINFO, &mut username);
        let password = String::from(self.password());
        self.set_userinfo(&username, &password);
        self.debug_check();
    }

    /// The `password` setter: ignored when the URL cannot have a password; otherwise sets the
    /// password to `value` UTF-8 percent-encoded with the userinfo set.
    pub fn set_password(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let mut password = String::with_capacity(value.len());
        weburl_percent::encode_into(value, &weburl_percent::USERINFO, &mut password);
        let username = String::from(self.username());
        self.set_userinfo(&username, &password);
        self.debug_check();
    }

    /// The `host` setter: ignored for an opaque path; otherwise basic URL parse `value` with
    /// the host state as state override (a port after the host is set too).
    pub fn set_host(&mut self, value: &str) {
        self.host_setter(value, State::Host);
    }

    /// The `hostname` setter: like [`set_host`](Self::set_host) with the hostname state as
    /// state override, so a `:` makes the value invalid.
    pub fn set_hostname(&mut self, value: &str) {
        self.host_setter(value, State::Hostname);
    }

    fn host_setter(&mut self, value: &str, state_override: State) {
        if self.has_opaque_path() {
            return;
        }
        let (input, ..) = clean(value, false);
        let bytes = input.as_bytes();
        let special = self.scheme_type.is_special();
        let mut host = String::new();
        if self.scheme_type.is_file() {
            // Host state step 1, then file host state with state override.
            let end = bytes
                .iter()
                .position(|b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
                .unwrap_or(bytes.len());
            let buffer = input.get(..end).unwrap_or("");
            // Step 1.2 (empty host) or 1.3 (parse; "localhost" becomes empty).
            let kind = if buffer.is_empty() {
                HostKind::Empty
            } else {
                match parse_host_into(buffer, false, &mut host, None) {
                    Ok(_) if host == "localhost" => {
                        host.clear();
                        HostKind::Empty
                    }
                    Ok(kind) => kind,
                    Err(_) => return,
                }
            };
            let _ = self.set_host_text(&host, kind);
            self.debug_check();
            return;
        }
        let mut inside_brackets = false;
        let mut end = bytes.len();
        let mut colon = false;
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b':' if !inside_brackets => {
                    colon = true;
                    end = i;
                    break;
                }
                _ if ends_authority(b, special) => {
                    end = i;
                    break;
                }
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                _ => {}
            }
        }
        let buffer = input.get(..end).unwrap_or("");
        if colon {
            // Host state, steps 2.1 and 2.2.
            if buffer.is_empty() || state_override == State::Hostname {
                return;
            }
        } else {
            // Host state, steps 3.1 and 3.2.
            if buffer.is_empty() && (special || self.has_credentials() || self.port.is_some()) {
                return;
            }
        }
        // Steps 2.3 to 2.5 and 3.3 to 3.5.
        let kind = if buffer.is_empty() {
            HostKind::Empty
        } else {
            match parse_host_into(buffer, !special, &mut host, None) {
                Ok(kind) => kind,
                Err(_) => return,
            }
        };
        if !self.set_host_text(&host, kind) {
            return;
        }
        if colon {
            // Port state with state override: digits up to anything else.
            let rest = bytes.get(end + 1..).unwrap_or(&[]);
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 {
                if let Some(port) = parse_port(rest.get(..digits).unwrap_or(&[])) {
                    self.set_port_value(Some(port));
                }
            }
        }
        self.debug_check();
    }

    /// The `port` setter: ignored when the URL cannot have a port; the empty string makes the
    /// port null; otherwise the leading digits of `value` (after removing tabs and newlines)
    /// are the port, and a value without them or above 65535 is ignored.
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        if value.is_empty() {
            self.set_port_value(None);
            self.debug_check();
            return;
        }
        let (input, ..) = clean(value, false);
        let bytes = input.as_bytes();
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        // Port state with state override, steps 2.1 and 2.2.
        if digits == 0 {
            return;
        }
        if let Some(port) = parse_port(bytes.get(..digits).unwrap_or(&[])) {
            self.set_port_value(Some(port));
        }
        self.debug_check();
    }

    /// The `pathname` setter: ignored for an opaque path; otherwise empties the path and basic
    /// URL parses `value` with the path start state as state override.
    pub fn set_pathname(&mut self, value: &str) {
        if self.has_opaque_path() {
            return;
        }
        let (input, ..) = clean(value, false);
        let mut parser = Parser::for_override(&input, self, State::PathStart);
        if parser.run(State::PathStart).is_err() {
            return;
        }
        let mut path = parser.out;
        let dot_prefix = self.host_kind.is_none() && path.starts_with("//");
        if dot_prefix {
            // URL serializer, step 3.
            path.insert_str(0, "/.");
        }
        let start = self.authority_end();
        if !self.splice(start, self.path_end(), &path, Shift::Query) {
            return;
        }
        self.path_start = start + if dot_prefix { 2 } else { 0 };
        self.debug_check();
    }

    /// The `search` setter: the empty string makes the query null; otherwise one leading `?` is
    /// removed and the rest basic URL parsed with the query state as state override.
    pub fn set_search(&mut self, value: &str) {
        let start = self.path_end();
        if value.is_empty() {
            if self.splice(start, self.query_end(), "", Shift::Fragment) {
                self.query_start = None;
            }
            self.debug_check();
            return;
        }
        let value = value.strip_prefix('?').unwrap_or(value);
        // Percent-encoding at most triples the value, so the in-place path cannot outgrow the
        // `u32` offsets; a larger value takes the general path, whose splice checks.
        if self.fragment_start.is_none()
            && !value.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r'))
            && fits_u32(start as usize, 0, value.len().saturating_mul(3).saturating_add(1))
        {
            // The usual case, written in place: nothing follows the query, and the query state
            // with state override percent-encodes the whole input with the query set.
            self.serialization.truncate(start as usize);
            self.serialization.push('?');
            let set = query_set(self.scheme_type.is_special());
            weburl_percent::encode_into(value, set, &mut self.serialization);
            self.query_start = NonZeroU32::new(start);
            self.debug_check();
            return;
        }
        let (input, ..) = clean(value, false);
        let mut parser = Parser::for_override(&input, self, State::Query);
        parser.out.push('?');
        if parser.run(State::Query).is_err() {
            return;
        }
        if !self.splice(start, self.query_end(), &parser.out, Shift::Fragment) {
            return;
        }
        self.query_start = NonZeroU32::new(start);
        self.debug_check();
    }

    /// The `hash` setter: the empty string makes the fragment null; otherwise one leading `#`
    /// is removed and the rest basic URL parsed with the fragment state as state override.
    pub fn set_hash(&mut self, value: &str) {
        let start = self.query_end();
        let end = to_u32(self.serialization.len());
        if value.is_empty() {
            if self.splice(start, end, "", Shift::Fragment) {
                self.fragment_start = None;
            }
            self.debug_check();
            return;
        }
        let value = value.strip_prefix('#').unwrap_or(value);
        let (input, ..) = clean(value, false);
        let mut parser = Parser::for_override(&input, self, State::Fragment);
        parser.out.push('#');
        if parser.run(State::Fragment).is_err() {
            return;
        }
        let old_fragment = self.fragment_start.take();
        if !self.splice(start, end, &parser.out, Shift::Fragment) {
            self.fragment_start = old_fragment;
            return;
        }
        self.fragment_start = NonZeroU32::new(start);
        self.debug_check();
    }
}

/// Whether a serialization of `len` bytes with `removed` of them replaced by `added` new ones
/// still fits the `u32` offsets (setters on a URL near 4 GiB are ignored rather than wrap).
pub(crate) fn fits_u32(len: usize, removed: usize, added: usize) -> bool {
    len.checked_sub(removed)
        .and_then(|kept| kept.checked_add(added))
        .is_some_and(|total| u32::try_from(total).is_ok())
}

#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests {
    use super::fits_u32;
    use crate::Url;
    use alloc::string::String;

    /// The in-place search setter (no fragment) agrees with the general one (with a
    /// fragment, then dropped).
    #[test]
    fn search_in_place_agrees_with_the_general_setter() {
        for href in ["https://a/p?old", "https://a/p", "sc://a/p?x", "sc:opaque", "file:///x"] {
            for value in ["", "?", "q=1&r=two words", "??#'\"<>", "a\tb", "\u{e9}\u{0}%zz", "#f"] {
                let mut fast = Url::parse(href).unwrap();
                fast.set_search(value);
                let mut general = Url::parse(&alloc::format!("{href}#frag")).unwrap();
                general.set_search(value);
                general.set_hash("");
                assert_eq!(fast.href(), general.href(), "{href} {value:?}");
                assert_eq!(fast.search(), general.search(), "{href} {value:?}");
            }
        }
    }

    fn set(href: &str, f: impl FnOnce(&mut Url)) -> String {
        let mut url = Url::parse(href).unwrap();
        f(&mut url);
        assert_eq!(url.check_invariants(), Ok(()), "{url:?}");
        String::from(url.href())
    }

    #[test]
    fn null_host_and_dot_prefix() {
        assert_eq!(set("web+demo:/.//p", |u| u.set_host("h")), "web+demo://h//p");
        assert_eq!(set("foo:/a", |u| u.set_pathname("//x")), "foo:/.//x");
        assert_eq!(set("foo:/.//x", |u| u.set_pathname("y")), "foo:/y");
        assert_eq!(set("foo:/a", |u| u.set_pathname("")), "foo:/");
        assert_eq!(set("foo:/a", |u| u.set_host("")), "foo:///a");
        assert_eq!(set("foo://h", |u| u.set_pathname("")), "foo://h");
    }

    #[test]
    fn offsets_never_wrap() {
        let max = u32::MAX as usize;
        assert!(fits_u32(10, 2, 5));
        assert!(fits_u32(max, 3, 3));
        assert!(!fits_u32(max, 3, 4));
        assert!(!fits_u32(max - 1, 0, usize::MAX));
        assert!(!fits_u32(1, 2, 0));
    }

    #[test]
    fn userinfo_and_port_splices() {
        assert_eq!(set("http://h/", |u| u.set_password("p")), "http://:p@h/");
        assert_eq!(set("http://:p@h/", |u| u.set_username("u@")), "http://u%40:p@h/");
        assert_eq!(set("http://u:p@h/", |u| u.set_password("")), "http://u@h/");
        assert_eq!(set("http://u@h/", |u| u.set_username("")), "http://h/");
        assert_eq!(set("http://h:1/", |u| u.set_port("80")), "http://h/");
        assert_eq!(set("http://h/", |u| u.set_port("8080x")), "http://h:8080/");
        assert_eq!(set("http://h:8080/", |u| u.set_protocol("https")), "https://h:8080/");
        assert_eq!(set("http://h:8080/", |u| u.set_port("65536")), "http://h:8080/");
        assert_eq!(set("sc://h:8080/", |u| u.set_protocol("http")), "sc://h:8080/");
    }
}
