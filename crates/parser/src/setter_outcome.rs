//! What a setter did: [`SetOutcome`], returned by the URL API setters (section 6.1), and
//! [`SetterError`], why a setter left the URL as it was.
//!
//! The standard's setters ignore a value they cannot use; here they still do, and the outcome
//! says so. `SetOutcome` is not `#[must_use]`: `url.set_port("8080");` stays a plain
//! statement, as in JavaScript, while `url.set_port("8080").is_ok()` or `.unwrap()` asks.

use core::fmt;

use weburl_host::HostError;

/// Why a setter did not apply its value. The URL is left unchanged, except where a variant
/// says otherwise.
///
/// ```
/// use weburl_parser::{SetterError, Url};
///
/// let mut url = Url::parse("mailto:someone@example.org")?;
/// assert_eq!(url.set_port("8080").err(), Some(SetterError::CannotHavePort));
/// assert_eq!(url.set_pathname("x").err(), Some(SetterError::OpaquePath));
/// assert_eq!(SetterError::CannotHavePort.to_string(),
///            "the URL cannot have a port (its host is null or empty, or its scheme is file)");
/// # Ok::<(), weburl_parser::ParseError>(())
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SetterError {
    /// The URL cannot have a username or password: its host is null or empty, or its scheme
    /// is `file` (section 4.2, "cannot have a username/password/port").
    CannotHaveCredentials,
    /// The URL cannot have a port: its host is null or empty, or its scheme is `file`.
    CannotHavePort,
    /// The URL has an opaque path (e.g. `mailto:x`), so it has no host to set and its path is
    /// not a list of segments.
    OpaquePath,
    /// The value does not start with a valid scheme (an ASCII alpha, then ASCII alphanumerics,
    /// `+`, `-` or `.`).
    InvalidScheme,
    /// The new scheme is special and the old one is not, or the other way around (scheme
    /// state, step 2.1.1).
    SpecialSchemeChange,
    /// The new scheme is `file` and the URL has credentials or a port (scheme state, step
    /// 2.1.2).
    FileWithCredentialsOrPort,
    /// The URL's scheme is `file` and its host is empty, which no other scheme allows (scheme
    /// state, step 2.1.3).
    FileWithEmptyHost,
    /// [`Url::set_scheme`](crate::Url::set_scheme) only: as a `file` URL, the href would not
    /// parse back to itself (the parser rewrites the host `localhost` to the empty host and a
    /// first path segment such as `c|` to `c:`; the standard's protocol setter keeps both).
    FileRewrite,
    /// The host parser failed on the value; its error says why.
    InvalidHost(HostError),
    /// The host would be empty, which a special URL, or one with credentials or a port, cannot
    /// have (host state, steps 2.1 and 3.1).
    EmptyHost,
    /// The `hostname` setter's value holds a `:` outside brackets, which only the `host`
    /// setter takes (host state, step 2.2).
    PortInHostname,
    /// The port value does not start with an ASCII digit (port state, step 2.2).
    InvalidPort,
    /// The port is greater than 65535 (port state, step 2.2.2). From the `host` setter, the
    /// host was set and only the port was ignored.
    PortOutOfRange,
    /// A special URL needs a host, so it cannot be removed.
    HostRequired,
    /// Without a host, an empty path would turn into an opaque path (`sc://h` would become
    /// `sc:`), so the host cannot be removed.
    EmptyPathWithoutHost,
    /// The URL would be longer than `u32::MAX` bytes, the most a [`Url`](crate::Url) holds.
    TooLong,
}

impl fmt::Display for SetterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            SetterError::CannotHaveCredentials => {
                "the URL cannot have a username or password (its host is null or empty, or its scheme is file)"
            }
            SetterError::CannotHavePort => {
                "the URL cannot have a port (its host is null or empty, or its scheme is file)"
            }
            SetterError::OpaquePath => "the URL has an opaque path",
            SetterError::InvalidScheme => "invalid scheme",
            SetterError::SpecialSchemeChange => {
                "cannot change between a special and a non-special scheme"
            }
            SetterError::FileWithCredentialsOrPort => {
                "cannot change to the file scheme: the URL has credentials or a port"
            }
            SetterError::FileWithEmptyHost => {
                "cannot change the scheme of a file URL whose host is empty"
            }
            SetterError::FileRewrite => {
                "cannot change to the file scheme: the parser would rewrite the host localhost or a drive letter such as c|"
            }
            // "invalid host: ..." with the host parser's cause.
            SetterError::InvalidHost(error) => return write!(f, "{error}"),
            SetterError::EmptyHost => {
                "the host cannot be empty (special scheme, credentials or a port)"
            }
            SetterError::PortInHostname => "a hostname cannot have a port",
            SetterError::InvalidPort => "invalid port: it does not start with a digit",
            SetterError::PortOutOfRange => "invalid port: greater than 65535",
            SetterError::HostRequired => "a URL with a special scheme needs a host",
            SetterError::EmptyPathWithoutHost => {
                "without a host, the empty path would become an opaque path"
            }
            SetterError::TooLong => "the URL would be longer than 4 GiB",
        };
        f.write_str(text)
    }
}

impl core::error::Error for SetterError {}

/// What a URL API setter did: `Ok` when it applied its value, or the [`SetterError`] saying
/// why it ignored it (and left the URL unchanged), exactly as the standard's setter does.
///
/// It reads like a `Result` (`is_ok`, `is_err`, `ok`, `err`, `map_err`, `unwrap`, `expect`),
/// so rust-url-style call sites such as `url.set_username("x").unwrap()` compile; use
/// [`into_result`](Self::into_result) (or `Result::from`) for `?`. It is deliberately not
/// `#[must_use]`: ignoring the outcome, as JavaScript does, is fine.
///
/// ```
/// let mut url = weburl_parser::Url::parse("https://example.org/")?;
/// url.set_port("8080"); // a statement, as in JavaScript
/// assert!(url.set_protocol("foo").is_err()); // special to non-special: ignored
/// assert_eq!(url.href(), "https://example.org:8080/");
/// url.set_username("me").into_result()?;
/// assert_eq!(url.href(), "https://me@example.org:8080/");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SetOutcome(Result<(), SetterError>);

impl SetOutcome {
    /// The value was applied.
    pub(crate) const OK: SetOutcome = SetOutcome(Ok(()));

    /// The value was ignored because of `error`.
    pub(crate) const fn ignored(error: SetterError) -> SetOutcome {
        SetOutcome(Err(error))
    }

    /// Whether the setter applied its value.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// assert!(url.set_hash("top").is_ok());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub const fn is_ok(&self) -> bool {
        self.0.is_ok()
    }

    /// Whether the setter ignored its value.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// assert!(url.set_port("99999").is_err());
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub const fn is_err(&self) -> bool {
        self.0.is_err()
    }

    /// `Some(())` when the value was applied.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// assert_eq!(url.set_search("q=1").ok(), Some(()));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub const fn ok(self) -> Option<()> {
        match self.0 {
            Ok(()) => Some(()),
            Err(_) => None,
        }
    }

    /// The reason the value was ignored, if it was.
    ///
    /// ```
    /// use weburl_parser::{SetterError, Url};
    /// let mut url = Url::parse("https://example.org/")?;
    /// assert_eq!(url.set_host("").err(), Some(SetterError::EmptyHost));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[must_use]
    pub const fn err(self) -> Option<SetterError> {
        match self.0 {
            Ok(()) => None,
            Err(error) => Some(error),
        }
    }

    /// The outcome as a `Result`, for `?`.
    ///
    /// ```
    /// fn set(url: &mut weburl_parser::Url) -> Result<(), weburl_parser::SetterError> {
    ///     url.set_port("8080").into_result()?;
    ///     url.set_hostname("example.com").into_result()
    /// }
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// set(&mut url)?;
    /// assert_eq!(url.href(), "https://example.com:8080/");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn into_result(self) -> Result<(), SetterError> {
        self.0
    }

    /// Maps the error with `f`, giving a `Result` (so `.map_err(|_| e)?` works).
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("data:,x")?;
    /// let result: Result<(), &str> = url.set_password("p").map_err(|_| "no password here");
    /// assert_eq!(result, Err("no password here"));
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    pub fn map_err<E, F: FnOnce(SetterError) -> E>(self, f: F) -> Result<(), E> {
        self.0.map_err(f)
    }

    /// Asserts that the value was applied.
    ///
    /// # Panics
    ///
    /// When the setter ignored its value, with the [`SetterError`]'s message.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.set_username("me").unwrap();
    /// assert_eq!(url.username(), "me");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[track_caller]
    #[allow(clippy::panic)]
    pub fn unwrap(self) {
        if let Err(error) = self.0 {
            panic!("called `SetOutcome::unwrap()` on an ignored value: {error}");
        }
    }

    /// Asserts that the value was applied, with `message` for the panic.
    ///
    /// # Panics
    ///
    /// When the setter ignored its value: `message`, then the [`SetterError`]'s message.
    ///
    /// ```
    /// let mut url = weburl_parser::Url::parse("https://example.org/")?;
    /// url.set_port("8443").expect("a port");
    /// assert_eq!(url.port(), "8443");
    /// # Ok::<(), weburl_parser::ParseError>(())
    /// ```
    #[track_caller]
    #[allow(clippy::panic)]
    pub fn expect(self, message: &str) {
        if let Err(error) = self.0 {
            panic!("{message}: {error}");
        }
    }
}

impl From<SetOutcome> for Result<(), SetterError> {
    fn from(outcome: SetOutcome) -> Result<(), SetterError> {
        outcome.0
    }
}

impl From<Result<(), SetterError>> for SetOutcome {
    fn from(result: Result<(), SetterError>) -> SetOutcome {
        SetOutcome(result)
    }
}

impl fmt::Display for SetOutcome {
    /// "applied", or why the value was ignored.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Ok(()) => f.write_str("applied"),
            Err(error) => write!(f, "ignored: {error}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn reads_like_a_result() {
        let ok = SetOutcome::OK;
        let err = SetOutcome::ignored(SetterError::InvalidPort);
        assert!(ok.is_ok() && !ok.is_err() && err.is_err() && !err.is_ok());
        assert_eq!((ok.ok(), err.ok()), (Some(()), None));
        assert_eq!((ok.err(), err.err()), (None, Some(SetterError::InvalidPort)));
        assert_eq!(
            err.map_err(|e| e.to_string()),
            Err("invalid port: it does not start with a digit".into())
        );
        assert_eq!(Result::from(ok), Ok(()));
        assert_eq!(
            SetOutcome::from(Err(SetterError::TooLong)),
            SetOutcome::ignored(SetterError::TooLong)
        );
        assert_eq!(err.to_string(), "ignored: invalid port: it does not start with a digit");
        assert_eq!(ok.to_string(), "applied");
        ok.unwrap();
        ok.expect("fine");
    }

    #[test]
    fn messages_are_lower_case() {
        let all = [
            SetterError::CannotHaveCredentials,
            SetterError::CannotHavePort,
            SetterError::OpaquePath,
            SetterError::InvalidScheme,
            SetterError::SpecialSchemeChange,
            SetterError::FileWithCredentialsOrPort,
            SetterError::FileWithEmptyHost,
            SetterError::FileRewrite,
            SetterError::EmptyHost,
            SetterError::PortInHostname,
            SetterError::InvalidPort,
            SetterError::PortOutOfRange,
            SetterError::HostRequired,
            SetterError::EmptyPathWithoutHost,
            SetterError::TooLong,
        ];
        for error in all {
            let text = error.to_string();
            assert!(text.starts_with(|c: char| c.is_ascii_lowercase()), "{text}");
        }
    }
}
