//! The URL API setters (section 6.1), each following the spec's steps: most run the basic
//! URL parser with a state override on this URL; here the override states write the new
//! component on its own and it is spliced into the serialization. A setter whose result would
//! not fit the `u32` offsets changes nothing. `proptests` runs every setter on arbitrary URLs
//! with arbitrary values and checks the record after each.

use alloc::borrow::Cow;
use alloc::string::String;
use core::num::NonZeroU32;

use crate::Url;
use crate::error::ParseError;
use crate::host::{HostKind, parse_host_into};
use crate::parser::authority::{ends_authority, parse_port};
use crate::parser::check::has_tab_or_newline;
use crate::parser::scheme::is_scheme_byte;
use crate::parser::{Parser, State, clean};
use crate::setter_outcome::{SetOutcome, SetterError};
use crate::url::{SchemeType, to_u32};

use compose::query_encoder;

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
        if !self.can_splice(start, end, text.len()) {
            return false;
        }
        if end == self.len_u32() {
            // The last component: no tail to move.
            self.serialization.truncate(start as usize);
            self.serialization.push_str(text);
            self.shift_offsets(first, to_u32(text.len()).wrapping_sub(end - start));
        } else if range.len() != text.len() || self.serialization.get(range) != Some(text) {
            // Unless it is the same text, which needs nothing written or moved.
            self.move_in(start, end, text, first);
        }
        true
    }

    /// The write of a checked [`splice`](Self::splice) before the end: the range goes and
    /// `text` comes (two tail moves, which beat `replace_range`, whose splice copies byte by
    /// byte), and the offsets from `first` on move.
    #[inline]
    fn move_in(&mut self, start: u32, end: u32, text: &str, first: Shift) {
        if end > start {
            self.serialization.drain(start as usize..end as usize);
        }
        if !text.is_empty() {
            self.serialization.insert_str(start as usize, text);
        }
        self.shift_offsets(first, to_u32(text.len()).wrapping_sub(end - start));
    }

    /// Removes `start..end` of the serialization and moves every offset from `first` on back
    /// by its length: a [`splice`](Self::splice) of nothing, with only the checks that removing
    /// needs. Returns `false` and changes nothing when the range is not one of the
    /// serialization.
    #[must_use]
    pub(crate) fn cut(&mut self, start: u32, end: u32, first: Shift) -> bool {
        let range = start as usize..end as usize;
        if start > end
            || !self.serialization.is_char_boundary(range.start)
            || !self.serialization.is_char_boundary(range.end)
        {
            return false;
        }
        self.serialization.drain(range);
        self.shift_offsets(first, start.wrapping_sub(end));
        true
    }

    /// Replaces the serialization from `start` on (the last component) with `delimiter` and
    /// `value`, which needs no encoding; the caller checked that it fits the `u32` offsets.
    #[inline]
    fn write_last(&mut self, start: u32, delimiter: char, value: &str) {
        self.serialization.truncate(start as usize);
        self.serialization.reserve(value.len() + 1);
        self.serialization.push(delimiter);
        self.serialization.push_str(value);
    }

    /// [`splice`](Self::splice) for a range that text follows and that does not hold `text`
    /// already: the range goes and `text` comes, with no test for those cases.
    #[must_use]
    pub(crate) fn replace_inner(&mut self, start: u32, end: u32, text: &str, first: Shift) -> bool {
        if !self.can_splice(start, end, text.len()) {
            return false;
        }
        self.move_in(start, end, text, first);
        true
    }

    /// [`splice`](Self::splice) of `value` between the ASCII delimiters `prefix` and `suffix`
    /// (each usually empty or one byte), each written straight from where it is: no text built
    /// of the three first (and so none validated as UTF-8 again).
    #[must_use]
    pub(crate) fn splice_between(
        &mut self,
        (start, end): (u32, u32),
        prefix: &str,
        value: &str,
        suffix: &str,
        first: Shift,
    ) -> bool {
        let added = prefix.len().saturating_add(value.len()).saturating_add(suffix.len());
        if !self.can_splice(start, end, added) {
            return false;
        }
        // One tail move for the range and one per non-empty piece.
        if end > start {
            self.serialization.drain(start as usize..end as usize);
        }
        let mut at = start as usize;
        for piece in [prefix, value, suffix] {
            if !piece.is_empty() {
                self.serialization.insert_str(at, piece);
                at += piece.len();
            }
        }
        self.shift_offsets(first, to_u32(added).wrapping_sub(end - start));
        true
    }

    /// Whether `start..end` is a range of the serialization that `added` bytes can replace
    /// within the `u32` offsets.
    fn can_splice(&self, start: u32, end: u32, added: usize) -> bool {
        let range = start as usize..end as usize;
        let ok = start <= end
            && self.serialization.get(range.clone()).is_some()
            && fits_u32(self.serialization.len(), range.len(), added);
        // A failure is only ever the size: the callers pass ranges of the serialization.
        debug_assert!(ok || (start <= end && end <= self.len_u32()), "splice {start}..{end}");
        ok
    }

    /// Moves every offset from `first` on by `delta` (a length change, as wrapping `u32`: the
    /// caller checked that the new offsets fit, so wrapping arithmetic gives them exactly).
    fn shift_offsets(&mut self, first: Shift, delta: u32) {
        let shift = |x: u32| x.wrapping_add(delta);
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
    }

    /// Sets the host to `host` (serialized) of `kind`, adding the `//` when the host was null.
    /// Returns `false` (nothing changed) when the URL would grow past `u32` offsets.
    #[must_use]
    pub(crate) fn set_host_text(&mut self, host: &str, kind: HostKind) -> bool {
        if self.host_kind.is_none() {
            // The "/." prefix (if any) goes: a host now separates scheme and path.
            let start = self.scheme_end + 1;
            // A serialized host is ASCII: nothing to encode.
            let range = (start, self.path_start);
            let encoder = &compose::NON_ASCII_ENCODER;
            if self.splice_encoded(range, "//", host, encoder, "", Shift::Query).is_none() {
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

    /// Sets the port (`None` for null), writing `:` and its digits. `false`: the URL would
    /// grow past `u32` offsets, and nothing changed.
    #[must_use]
    pub(crate) fn set_port_value(&mut self, port: Option<u16>) -> bool {
        // At most five digits, written back to front without a heap buffer.
        let mut buffer = [b'0'; 5];
        let mut first = buffer.len();
        let mut n = port.unwrap_or(0);
        loop {
            first -= 1;
            if let Some(slot) = buffer.get_mut(first) {
                *slot = b'0' + u8::try_from(n % 10).unwrap_or(0);
            }
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let digits = core::str::from_utf8(buffer.get(first..).unwrap_or(&[])).unwrap_or("0");
        self.write_port(port, digits)
    }

    /// [`set_port_value`](Self::set_port_value) of a port whose shortest decimal text is
    /// `digits` (unused for `None`). Only the digits are rewritten when the URL has a port.
    #[must_use]
    pub(crate) fn write_port(&mut self, port: Option<u16>, digits: &str) -> bool {
        let port = port.filter(|&p| Some(p) != self.scheme_type.default_port());
        if port == self.port {
            // The same port is already written (the port text always matches `port`).
            return true;
        }
        let (host_end, path_start) = (self.host_end, self.path_start);
        let applied = match (port, self.port) {
            (None, _) => self.cut(host_end, path_start, Shift::PathStart),
            // `:` and the old digits are at `host_end`; the new ones differ and a path follows.
            (Some(_), Some(_)) => {
                self.replace_inner(host_end + 1, path_start, digits, Shift::PathStart)
            }
            (Some(_), None) => {
                self.splice_between((host_end, path_start), ":", digits, "", Shift::PathStart)
            }
        };
        if applied {
            self.port = port;
        }
        applied
    }

    /// The `href` setter: parse `value` with no base; on failure the URL is left unchanged and
    /// the error returned (the API throws a `TypeError`).
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.set_href("http://example.com/x")?;
    /// assert_eq!(url.href(), "http://example.com/x");
    /// assert!(url.set_href("/relative").is_err());
    /// assert_eq!(url.href(), "http://example.com/x");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value)?;
        Ok(())
    }

    /// The `protocol` setter: basic URL parse `value` followed by `:` with this URL and the
    /// scheme start state as state override. Changes between special and non-special schemes,
    /// and to `file` when there are credentials or a port, are ignored; the outcome says why.
    ///
    /// As the standard says, a change to `file` keeps a host `localhost` and a first path
    /// segment such as `c|`, which the parser would rewrite (`file:///`, `c:`): that href does
    /// not parse back to itself. [`set_scheme`](Self::set_scheme) refuses such a change.
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("http://example.org/")?;
    /// url.set_protocol("https:x"); // everything after the first ':' is ignored
    /// assert_eq!(url.href(), "https://example.org/");
    /// assert_eq!(url.set_protocol("foo").err(), Some(SetterError::SpecialSchemeChange));
    /// assert_eq!(url.set_protocol("1x").err(), Some(SetterError::InvalidScheme));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_protocol(&mut self, value: &str) -> SetOutcome {
        let (input, ..) = clean(value, false);
        let bytes = input.as_bytes();
        // Scheme start state, step 3: failure unless an ASCII alpha.
        if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
            return SetOutcome::ignored(SetterError::InvalidScheme);
        }
        // Scheme state, step 4: failure unless the scheme code points end at `:` (the one
        // appended to the value, or an earlier one).
        let len = bytes.iter().position(|&b| !is_scheme_byte(b)).unwrap_or(bytes.len());
        if bytes.get(len).is_some_and(|&b| b != b':') {
            return SetOutcome::ignored(SetterError::InvalidScheme);
        }
        let scheme = bytes.get(..len).unwrap_or(&[]);
        self.replace_scheme(scheme).into()
    }

    /// Scheme state with state override, steps 2.1 to 2.3, for the valid scheme `scheme` (any
    /// case): the checks, then the new scheme and the port it makes the default.
    pub(crate) fn replace_scheme(&mut self, scheme: &[u8]) -> Result<(), SetterError> {
        let scheme_type = scheme_type_ignoring_case(scheme);
        // Scheme state, step 2.1.
        if self.scheme_type.is_special() != scheme_type.is_special() {
            return Err(SetterError::SpecialSchemeChange);
        }
        if (self.has_credentials() || self.port.is_some()) && scheme_type.is_file() {
            return Err(SetterError::FileWithCredentialsOrPort);
        }
        if self.scheme_type.is_file() && self.host_kind == Some(HostKind::Empty) {
            return Err(SetterError::FileWithEmptyHost);
        }
        // Step 2.2: set the scheme, written over the old one and lowercased in place (the
        // serialization's scheme is already lowercase, so an equal one needs no write).
        let old_end = self.scheme_end;
        if !self.scheme().as_bytes().eq_ignore_ascii_case(scheme) {
            // Scheme code points are ASCII.
            let text = core::str::from_utf8(scheme).map_err(|_| SetterError::InvalidScheme)?;
            if !self.splice(0, old_end, text, Shift::UsernameEnd) {
                return Err(SetterError::TooLong);
            }
            self.scheme_end = to_u32(scheme.len());
            if let Some(written) = self.serialization.get_mut(..scheme.len()) {
                written.make_ascii_lowercase();
            }
        }
        self.scheme_type = scheme_type;
        // Step 2.3: a port equal to the new scheme's default becomes null (which only
        // shortens the URL, so it cannot fail).
        if self.port.is_some() && self.port == scheme_type.default_port() {
            let _ = self.set_port_value(None);
        }
        self.debug_check();
        Ok(())
    }

    /// The `username` setter: ignored when the URL cannot have a username; otherwise sets the
    /// username to `value` UTF-8 percent-encoded with the userinfo set.
    ///
    /// rust-url's `set_username(&str) -> Result<(), ()>` ports as it is: the outcome has
    /// `unwrap`, `is_err` and `map_err`.
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("https://example.org/")?;
    /// url.set_username("a@b").unwrap();
    /// assert_eq!(url.href(), "https://a%40b@example.org/");
    /// let mut file = Url::parse("file:///tmp")?;
    /// assert_eq!(file.set_username("me").err(), Some(SetterError::CannotHaveCredentials));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_username(&mut self, value: &str) -> SetOutcome {
        if self.cannot_have_username_password_port() {
            return SetOutcome::ignored(SetterError::CannotHaveCredentials);
        }
        let applied = self.write_username(value);
        self.debug_check();
        if applied { SetOutcome::OK } else { SetOutcome::ignored(SetterError::TooLong) }
    }

    /// The `password` setter: ignored when the URL cannot have a password; otherwise sets the
    /// password to `value` UTF-8 percent-encoded with the userinfo set. The empty string
    /// removes the password.
    ///
    /// rust-url's `set_password(Option<&str>)` maps to `set_password(p)` for `Some(p)` and to
    /// `set_password("")` for `None`.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://me@example.org/")?;
    /// url.set_password("secret").unwrap();
    /// assert_eq!(url.href(), "https://me:secret@example.org/");
    /// url.set_password("");
    /// assert_eq!(url.href(), "https://me@example.org/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_password(&mut self, value: &str) -> SetOutcome {
        if self.cannot_have_username_password_port() {
            return SetOutcome::ignored(SetterError::CannotHaveCredentials);
        }
        let applied = self.write_password(value);
        self.debug_check();
        if applied { SetOutcome::OK } else { SetOutcome::ignored(SetterError::TooLong) }
    }

    /// The `host` setter: ignored for an opaque path; otherwise basic URL parse `value` with
    /// the host state as state override (a port after the host is set too).
    ///
    /// When the host is valid and the port after it is greater than 65535, the host is set
    /// and the port left as it was (as the standard says); the outcome is then
    /// [`SetterError::PortOutOfRange`]. rust-url's `set_host(Some(h))` is `set_host(h)` (or
    /// [`set_hostname`](Self::set_hostname), which takes no port), and `set_host(None)` is
    /// [`remove_host`](Self::remove_host).
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("https://example.org/")?;
    /// url.set_host("example.com:8443").unwrap();
    /// assert_eq!(url.href(), "https://example.com:8443/");
    /// let err = url.set_host("a b").err().unwrap();
    /// assert_eq!(err.to_string(), "invalid host: domain-to-ASCII (forbidden domain code point)");
    /// assert_eq!(url.set_host("").err(), Some(SetterError::EmptyHost));
    /// assert_eq!(url.href(), "https://example.com:8443/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_host(&mut self, value: &str) -> SetOutcome {
        self.host_setter(value, State::Host).into()
    }

    /// The `hostname` setter: like [`set_host`](Self::set_host) with the hostname state as
    /// state override, so a `:` makes the value invalid.
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("https://example.org:8443/")?;
    /// url.set_hostname("EXAMPLE.com").unwrap();
    /// assert_eq!(url.href(), "https://example.com:8443/");
    /// assert_eq!(url.set_hostname("h:1").err(), Some(SetterError::PortInHostname));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_hostname(&mut self, value: &str) -> SetOutcome {
        self.host_setter(value, State::Hostname).into()
    }

    fn host_setter(&mut self, value: &str, state_override: State) -> Result<(), SetterError> {
        if let Some(outcome) = self.fast_host(value, state_override) {
            return outcome;
        }
        self.host_setter_general(value, state_override)
    }

    /// The host and hostname setters' steps for any value (`fast_host` takes the usual ones).
    pub(crate) fn host_setter_general(
        &mut self,
        value: &str,
        state_override: State,
    ) -> Result<(), SetterError> {
        if self.has_opaque_path() {
            return Err(SetterError::OpaquePath);
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
                    Err(failure) => return Err(SetterError::InvalidHost(failure.host_error())),
                }
            };
            let applied = self.set_host_text(&host, kind);
            self.debug_check();
            return if applied { Ok(()) } else { Err(SetterError::TooLong) };
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
            if buffer.is_empty() {
                return Err(SetterError::EmptyHost);
            }
            if state_override == State::Hostname {
                return Err(SetterError::PortInHostname);
            }
        } else {
            // Host state, steps 3.1 and 3.2.
            if buffer.is_empty() && (special || self.has_credentials() || self.port.is_some()) {
                return Err(SetterError::EmptyHost);
            }
        }
        // Steps 2.3 to 2.5 and 3.3 to 3.5.
        let kind = if buffer.is_empty() {
            HostKind::Empty
        } else {
            match parse_host_into(buffer, !special, &mut host, None) {
                Ok(kind) => kind,
                Err(failure) => return Err(SetterError::InvalidHost(failure.host_error())),
            }
        };
        if !self.set_host_text(&host, kind) {
            return Err(SetterError::TooLong);
        }
        let mut outcome = Ok(());
        if colon {
            // Port state with state override: digits up to anything else.
            let rest = bytes.get(end + 1..).unwrap_or(&[]);
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 {
                outcome = match parse_port(rest.get(..digits).unwrap_or(&[])) {
                    Some(port) if self.set_port_value(Some(port)) => Ok(()),
                    Some(_) => Err(SetterError::TooLong),
                    None => Err(SetterError::PortOutOfRange),
                };
            }
        }
        self.debug_check();
        outcome
    }

    /// The `port` setter: ignored when the URL cannot have a port; the empty string makes the
    /// port null; otherwise the leading digits of `value` (after removing tabs and newlines)
    /// are the port, and a value without them or above 65535 is ignored. For a number, see
    /// [`set_port_u16`](Self::set_port_u16).
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("https://example.org/")?;
    /// url.set_port("8443/x");
    /// assert_eq!(url.port(), "8443");
    /// assert_eq!(url.set_port("x").err(), Some(SetterError::InvalidPort));
    /// assert_eq!(url.set_port("70000").err(), Some(SetterError::PortOutOfRange));
    /// url.set_port("443").unwrap(); // the default port is null
    /// assert_eq!(url.href(), "https://example.org/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_port(&mut self, value: &str) -> SetOutcome {
        if self.cannot_have_username_password_port() {
            return SetOutcome::ignored(SetterError::CannotHavePort);
        }
        if value.is_empty() {
            let applied = self.write_port(None, "");
            self.debug_check();
            return if applied {
                SetOutcome::OK
            } else {
                SetOutcome::ignored(SetterError::TooLong)
            };
        }
        // Tabs and newlines go first (basic URL parser, step 3), but they only change the
        // leading digits when one ends the raw value's run of them: else no copy, no scan.
        let raw = value.bytes().take_while(u8::is_ascii_digit).count();
        let (input, digits) =
            if value.as_bytes().get(raw).is_some_and(|&b| matches!(b, b'\t' | b'\n' | b'\r')) {
                let (input, ..) = clean(value, false);
                let digits = input.bytes().take_while(u8::is_ascii_digit).count();
                (input, digits)
            } else {
                (Cow::Borrowed(value), raw)
            };
        // Port state with state override, steps 2.1 and 2.2.
        if digits == 0 {
            return SetOutcome::ignored(SetterError::InvalidPort);
        }
        let outcome = match port_of_digits(&input, digits) {
            Some((port, text)) if self.write_port(Some(port), text) => SetOutcome::OK,
            Some(_) => SetOutcome::ignored(SetterError::TooLong),
            None => SetOutcome::ignored(SetterError::PortOutOfRange),
        };
        self.debug_check();
        outcome
    }

    /// The `pathname` setter: ignored for an opaque path; otherwise empties the path and basic
    /// URL parses `value` with the path start state as state override. rust-url's
    /// [`set_path`](Self::set_path) also sets opaque paths.
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("https://example.org/a?q")?;
    /// url.set_pathname("b c/../d");
    /// assert_eq!(url.href(), "https://example.org/d?q");
    /// let mut data = Url::parse("data:,x")?;
    /// assert_eq!(data.set_pathname("y").err(), Some(SetterError::OpaquePath));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_pathname(&mut self, value: &str) -> SetOutcome {
        if self.has_opaque_path() {
            return SetOutcome::ignored(SetterError::OpaquePath);
        }
        self.write_path(value).into()
    }

    /// Pathname setter after its opaque-path check: empties the path and parses `value` with
    /// the path start state as state override.
    pub(crate) fn write_path(&mut self, value: &str) -> Result<(), SetterError> {
        if let Some(outcome) = self.fast_path(value) {
            return outcome;
        }
        self.write_path_general(value)
    }

    /// [`write_path`](Self::write_path) for any value (`fast_path` takes the usual ones).
    pub(crate) fn write_path_general(&mut self, value: &str) -> Result<(), SetterError> {
        let (input, ..) = clean(value, false);
        let mut parser = Parser::for_override(&input, self, State::PathStart);
        if parser.run(State::PathStart).is_err() {
            return Err(SetterError::TooLong);
        }
        let mut path = parser.out;
        let dot_prefix = self.host_kind.is_none() && path.starts_with("//");
        if dot_prefix {
            // URL serializer, step 3.
            path.insert_str(0, "/.");
        }
        let start = self.authority_end();
        if !self.splice(start, self.path_end(), &path, Shift::Query) {
            return Err(SetterError::TooLong);
        }
        self.path_start = start + if dot_prefix { 2 } else { 0 };
        self.debug_check();
        Ok(())
    }

    /// The `search` setter: the empty string makes the query null; otherwise one leading `?` is
    /// removed and the rest basic URL parsed with the query state as state override. rust-url's
    /// [`set_query`](Self::set_query) takes an `Option` and keeps a leading `?`.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/#top")?;
    /// url.set_search("?q=a b");
    /// assert_eq!(url.href(), "https://example.org/?q=a%20b#top");
    /// url.set_search("");
    /// assert_eq!(url.href(), "https://example.org/#top");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_search(&mut self, value: &str) -> SetOutcome {
        if value.is_empty() {
            return self.write_query(None).into();
        }
        self.write_query(Some(value.strip_prefix('?').unwrap_or(value))).into()
    }

    /// Sets the query to null (`None`), or to `value` parsed with the query state as state
    /// override (the search setter's steps after removing its `?`).
    pub(crate) fn write_query(&mut self, value: Option<&str>) -> Result<(), SetterError> {
        let start = self.path_end();
        let Some(value) = value else {
            if self.query_start.is_none() {
                return Ok(());
            }
            if !self.splice(start, self.query_end(), "", Shift::Fragment) {
                return Err(SetterError::TooLong);
            }
            self.query_start = None;
            self.debug_check();
            return Ok(());
        };
        let encoder = query_encoder(self.scheme_type.is_special());
        if self.fragment_start.is_none()
            && !has_member(value, encoder.set)
            && fits_u32(start as usize, 0, value.len().saturating_add(1))
        {
            // The usual case: nothing follows the query and no byte needs encoding (the set
            // has the tabs and newlines too), so `?` and the value are appended as they are.
            self.write_last(start, '?', value);
            self.query_start = NonZeroU32::new(start);
            self.debug_check();
            return Ok(());
        }
        // Percent-encoding at most triples the value, so the in-place path cannot outgrow the
        // `u32` offsets; a larger value takes the general path, whose splice checks.
        if self.fragment_start.is_none()
            && !has_tab_or_newline(value.as_bytes())
            && fits_u32(start as usize, 0, value.len().saturating_mul(3).saturating_add(1))
        {
            // The usual case, written in place: nothing follows the query, and the query state
            // with state override percent-encodes the whole input with the query set.
            self.write_last_encoded(start, "?", value, encoder);
            self.query_start = NonZeroU32::new(start);
            self.debug_check();
            return Ok(());
        }
        if !has_tab_or_newline(value.as_bytes()) {
            // Before a fragment, the same text spliced in.
            let range = (start, self.query_end());
            if self.splice_encoded(range, "?", value, encoder, "", Shift::Fragment).is_none() {
                return Err(SetterError::TooLong);
            }
            self.query_start = NonZeroU32::new(start);
            self.debug_check();
            return Ok(());
        }
        self.write_query_general(value)
    }

    /// [`write_query`](Self::write_query) for a value with tabs or newlines (or any value: the
    /// tests compare it with the in-place paths).
    pub(crate) fn write_query_general(&mut self, value: &str) -> Result<(), SetterError> {
        let start = self.path_end();
        let (input, ..) = clean(value, false);
        let mut parser = Parser::for_override(&input, self, State::Query);
        parser.out.push('?');
        if parser.run(State::Query).is_err()
            || !self.splice(start, self.query_end(), &parser.out, Shift::Fragment)
        {
            return Err(SetterError::TooLong);
        }
        self.query_start = NonZeroU32::new(start);
        self.debug_check();
        Ok(())
    }

    /// The `hash` setter: the empty string makes the fragment null; otherwise one leading `#`
    /// is removed and the rest basic URL parsed with the fragment state as state override.
    /// rust-url's [`set_fragment`](Self::set_fragment) takes an `Option` and keeps a leading
    /// `#`.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.set_hash("#a b");
    /// assert_eq!(url.href(), "https://example.org/#a%20b");
    /// url.set_hash("");
    /// assert_eq!(url.href(), "https://example.org/");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn set_hash(&mut self, value: &str) -> SetOutcome {
        if value.is_empty() {
            return self.write_fragment(None).into();
        }
        self.write_fragment(Some(value.strip_prefix('#').unwrap_or(value))).into()
    }

    /// Sets the fragment to null (`None`), or to `value` parsed with the fragment state as
    /// state override (the hash setter's steps after removing its `#`).
    pub(crate) fn write_fragment(&mut self, value: Option<&str>) -> Result<(), SetterError> {
        let start = self.query_end();
        let end = to_u32(self.serialization.len());
        let Some(value) = value else {
            if self.fragment_start.is_none() {
                return Ok(());
            }
            if !self.splice(start, end, "", Shift::Fragment) {
                return Err(SetterError::TooLong);
            }
            self.fragment_start = None;
            self.debug_check();
            return Ok(());
        };
        if !has_member(value, &weburl_percent::FRAGMENT)
            && fits_u32(start as usize, 0, value.len().saturating_add(1))
        {
            // The usual case: no byte needs encoding (the set has the tabs and newlines too),
            // so `#` and the value are appended as they are (the fragment is last).
            self.write_last(start, '#', value);
            self.fragment_start = NonZeroU32::new(start);
            self.debug_check();
            return Ok(());
        }
        if !has_tab_or_newline(value.as_bytes())
            && fits_u32(start as usize, 0, value.len().saturating_mul(3).saturating_add(1))
        {
            // Written in place too (the fragment is last): the fragment state
            // with state override percent-encodes the whole input with the fragment set.
            self.write_last_encoded(start, "#", value, &compose::FRAGMENT_ENCODER);
            self.fragment_start = NonZeroU32::new(start);
            self.debug_check();
            return Ok(());
        }
        self.write_fragment_general(value)
    }

    /// [`write_fragment`](Self::write_fragment) for a value with tabs or newlines (or any
    /// value: the tests compare it with the in-place path).
    pub(crate) fn write_fragment_general(&mut self, value: &str) -> Result<(), SetterError> {
        let start = self.query_end();
        let end = to_u32(self.serialization.len());
        let (input, ..) = clean(value, false);
        let mut parser = Parser::for_override(&input, self, State::Fragment);
        parser.out.push('#');
        if parser.run(State::Fragment).is_err() {
            return Err(SetterError::TooLong);
        }
        let old_fragment = self.fragment_start.take();
        if !self.splice(start, end, &parser.out, Shift::Fragment) {
            self.fragment_start = old_fragment;
            return Err(SetterError::TooLong);
        }
        self.fragment_start = NonZeroU32::new(start);
        self.debug_check();
        Ok(())
    }
}

/// [`SchemeType::of`] the ASCII-lowercased `scheme`, without lowercasing it into a buffer.
fn scheme_type_ignoring_case(scheme: &[u8]) -> SchemeType {
    let mut lower = [0u8; 5];
    let Some(lower) = lower.get_mut(..scheme.len()) else {
        return SchemeType::NotSpecial;
    };
    for (l, b) in lower.iter_mut().zip(scheme) {
        *l = b.to_ascii_lowercase();
    }
    match &*lower {
        b"http" => SchemeType::Http,
        b"https" => SchemeType::Https,
        b"ws" => SchemeType::Ws,
        b"wss" => SchemeType::Wss,
        b"ftp" => SchemeType::Ftp,
        b"file" => SchemeType::File,
        _ => SchemeType::NotSpecial,
    }
}

/// Whether any byte of `value` is in `set`. A fold rather than `any`: with no early exit the
/// loop is unrolled, which pays for the usual short value with no member.
#[inline]
pub(crate) fn has_member(value: &str, set: &weburl_percent::AsciiSet) -> bool {
    value.bytes().fold(false, |member, b| member | set.contains(b))
}

/// The port that the first `digits` bytes of `text` (ASCII digits) write, with its shortest
/// decimal text (without leading zeros); `None` above 65535 (port state, step 2.1.2).
fn port_of_digits(text: &str, digits: usize) -> Option<(u16, &str)> {
    let digit_text = text.get(..digits)?;
    let port = parse_port(digit_text.as_bytes())?;
    let shortest = digit_text.trim_start_matches('0');
    Some((port, if shortest.is_empty() { "0" } else { shortest }))
}

/// Whether a serialization of `len` bytes with `removed` of them replaced by `added` new ones
/// still fits the `u32` offsets (setters on a URL near 4 GiB are ignored rather than wrap).
pub(crate) fn fits_u32(len: usize, removed: usize, added: usize) -> bool {
    len.checked_sub(removed)
        .and_then(|kept| kept.checked_add(added))
        .is_some_and(|total| u32::try_from(total).is_ok())
}

/// Makes room in `out` for `additional` more bytes. When it must grow, it grows as `Vec` does
/// (to at least twice its capacity), but into a fresh buffer that the bytes are copied to, not
/// through `realloc`: a serialization that was cloned has no spare room, and glibc's `realloc`
/// of such a small block that cannot grow in place allocates, copies and frees past the
/// thread cache (about 190 instructions, where a cached allocation, copy and free take under
/// half of that).
#[inline]
pub(crate) fn make_room(out: &mut String, additional: usize) {
    if out.capacity() - out.len() < additional {
        grow(out, additional);
    }
}

/// [`make_room`]'s growth, out of line.
#[cold]
#[inline(never)]
fn grow(out: &mut String, additional: usize) {
    let wanted = out.len().saturating_add(additional).max(out.capacity().saturating_mul(2));
    let mut grown = String::with_capacity(wanted);
    grown.push_str(out);
    *out = grown;
}

mod compose;
mod credentials;
mod fast;
mod gap;
#[cfg(test)]
mod proptests;

#[cfg(test)]
mod tests;
