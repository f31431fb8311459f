//! [`PatternError`], why a URL pattern could not be made or an input could not be matched,
//! and [`Component`], the names of the eight components.

use core::fmt;

/// One of the eight components of a URL pattern, in the standard's order.
///
/// ```
/// use weburl_pattern::Component;
/// assert_eq!(Component::ALL.len(), 8);
/// assert_eq!(Component::Pathname.name(), "pathname");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Component {
    /// The protocol (the URL's scheme).
    Protocol,
    /// The username.
    Username,
    /// The password.
    Password,
    /// The hostname.
    Hostname,
    /// The port.
    Port,
    /// The pathname.
    Pathname,
    /// The search (the URL's query).
    Search,
    /// The hash (the URL's fragment).
    Hash,
}

impl Component {
    /// All eight components, in the standard's order.
    pub const ALL: [Component; 8] = [
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
    ];

    /// The component's name as `URLPatternInit` spells it.
    ///
    /// ```
    /// assert_eq!(weburl_pattern::Component::Search.name(), "search");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
        }
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is wrong with a pattern string's syntax (the tokenizer's and pattern parser's
/// failures).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyntaxError {
    /// A `\` at the end of the pattern escapes nothing.
    TrailingBackslash,
    /// A `:` is not followed by a name.
    MissingName,
    /// A regexp group holds a non-ASCII code point.
    NonAsciiRegExp,
    /// A regexp group starts with `?`.
    RegExpStartsWithQuestionMark,
    /// A regexp group is not closed.
    UnterminatedRegExp,
    /// A regexp group holds a capturing group (only `(?...)` groups may nest).
    CapturingGroupInRegExp,
    /// A regexp group is empty: `()`.
    EmptyRegExp,
    /// A `{` group is not closed by `}`.
    UnclosedGroup,
    /// A token that cannot appear here (a stray `}`, `?`, `+`, or a modifier after a group's
    /// modifier).
    UnexpectedToken,
}

impl SyntaxError {
    const fn message(self) -> &'static str {
        match self {
            SyntaxError::TrailingBackslash => "backslash at the end of the pattern",
            SyntaxError::MissingName => "`:` without a group name",
            SyntaxError::NonAsciiRegExp => "non-ASCII code point in a regexp group",
            SyntaxError::RegExpStartsWithQuestionMark => "regexp group starts with `?`",
            SyntaxError::UnterminatedRegExp => "unterminated regexp group",
            SyntaxError::CapturingGroupInRegExp => {
                "capturing group inside a regexp group (use `(?:...)`)"
            }
            SyntaxError::EmptyRegExp => "empty regexp group",
            SyntaxError::UnclosedGroup => "`{` without a matching `}`",
            SyntaxError::UnexpectedToken => "unexpected token",
        }
    }
}

/// Why a URL pattern could not be made, or why `test`/`exec` refused its arguments (the
/// standard's `TypeError`s). Positions are byte offsets into the component's pattern string.
///
/// ```
/// use weburl_pattern::{Component, PatternError, SyntaxError, UrlPattern, UrlPatternInit};
///
/// let init = UrlPatternInit { pathname: Some("/a/:".into()), ..Default::default() };
/// let err = UrlPattern::from_init(&init, Default::default()).unwrap_err();
/// assert_eq!(
///     err,
///     PatternError::Syntax { component: Some(Component::Pathname), at: 3, kind: SyntaxError::MissingName }
/// );
/// assert_eq!(err.to_string(), "pathname pattern, at byte 3: `:` without a group name");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PatternError {
    /// The pattern string of a component is not well formed.
    Syntax {
        /// The component (none while parsing a constructor string's protocol early).
        component: Option<Component>,
        /// Where the offending token starts.
        at: usize,
        /// What is wrong.
        kind: SyntaxError,
    },
    /// Two groups of one component have the same name.
    DuplicateGroupName {
        /// The component.
        component: Option<Component>,
        /// Where the second group's token starts.
        at: usize,
    },
    /// The regular expression generated for a component does not compile (an invalid
    /// regexp group, e.g. `([)`).
    InvalidRegExp {
        /// The component.
        component: Option<Component>,
    },
    /// A fixed part of a component is not valid for that component (the encoding callback
    /// failed: a bad scheme, hostname or port).
    InvalidComponent {
        /// The component.
        component: Option<Component>,
    },
    /// A constructor string without a protocol was given no base URL.
    MissingProtocol,
    /// A base URL was given with a `URLPatternInit` (it belongs in its `base_url` field).
    BaseUrlWithInit,
    /// The base URL does not parse.
    InvalidBaseUrl,
    /// A component pattern is longer than [`MAX_PATTERN_LEN`](crate::MAX_PATTERN_LEN) bytes.
    TooLong {
        /// The component.
        component: Option<Component>,
    },
}

impl PatternError {
    pub(crate) const fn syntax(kind: SyntaxError, at: usize) -> PatternError {
        PatternError::Syntax { component: None, at, kind }
    }

    /// The component the error is about, when it is about one.
    ///
    /// ```
    /// use weburl_pattern::{Component, UrlPattern};
    /// let err = UrlPattern::parse("https://exa mple.com/", None, Default::default()).unwrap_err();
    /// assert_eq!(err.component(), Some(Component::Hostname));
    /// ```
    #[must_use]
    pub const fn component(&self) -> Option<Component> {
        match *self {
            PatternError::Syntax { component, .. }
            | PatternError::DuplicateGroupName { component, .. }
            | PatternError::InvalidRegExp { component }
            | PatternError::InvalidComponent { component }
            | PatternError::TooLong { component } => component,
            PatternError::MissingProtocol
            | PatternError::BaseUrlWithInit
            | PatternError::InvalidBaseUrl => None,
        }
    }

    /// The same error, attributed to `component` if it had no component yet.
    pub(crate) fn in_component(self, c: Component) -> PatternError {
        let set = |old: Option<Component>| Some(old.unwrap_or(c));
        match self {
            PatternError::Syntax { component, at, kind } => {
                PatternError::Syntax { component: set(component), at, kind }
            }
            PatternError::DuplicateGroupName { component, at } => {
                PatternError::DuplicateGroupName { component: set(component), at }
            }
            PatternError::InvalidRegExp { component } => {
                PatternError::InvalidRegExp { component: set(component) }
            }
            PatternError::InvalidComponent { component } => {
                PatternError::InvalidComponent { component: set(component) }
            }
            PatternError::TooLong { component } => {
                PatternError::TooLong { component: set(component) }
            }
            other => other,
        }
    }
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(component) = self.component() {
            write!(f, "{component} pattern")?;
        } else if matches!(
            self,
            PatternError::Syntax { .. }
                | PatternError::DuplicateGroupName { .. }
                | PatternError::InvalidRegExp { .. }
                | PatternError::InvalidComponent { .. }
                | PatternError::TooLong { .. }
        ) {
            f.write_str("pattern")?;
        }
        match self {
            PatternError::Syntax { at, kind, .. } => {
                write!(f, ", at byte {at}: {}", kind.message())
            }
            PatternError::DuplicateGroupName { at, .. } => {
                write!(f, ", at byte {at}: duplicate group name")
            }
            PatternError::InvalidRegExp { .. } => f.write_str(": invalid regular expression"),
            PatternError::InvalidComponent { .. } => f.write_str(": invalid fixed text"),
            PatternError::TooLong { .. } => {
                write!(f, ": longer than {} bytes", crate::MAX_PATTERN_LEN)
            }
            PatternError::MissingProtocol => {
                f.write_str("a pattern string without a protocol needs a base URL")
            }
            PatternError::BaseUrlWithInit => {
                f.write_str("a base URL cannot be given with a URLPatternInit")
            }
            PatternError::InvalidBaseUrl => f.write_str("invalid base URL"),
        }
    }
}

impl core::error::Error for PatternError {}
