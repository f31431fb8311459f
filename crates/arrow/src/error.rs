//! The [`Error`] type of every kernel, and the [`Options`] that choose between a null and an
//! error for a row that does not parse.

use core::fmt;

use arrow_schema::{ArrowError, DataType};

/// Why a kernel failed for a whole batch.
///
/// By default a row whose URL does not parse gives null; only with [`OnInvalid::Error`] does
/// it become [`Error::InvalidUrl`] (and likewise for domains, RFC 3986 references and UTF-8),
/// naming the row (its index in the batch, from 0).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    /// An argument is not a string (or binary) array.
    UnsupportedType {
        /// Which argument (from 0).
        argument: usize,
        /// Its type.
        data_type: DataType,
    },
    /// Two array arguments differ in length.
    LengthMismatch {
        /// The length of the first array argument.
        expected: usize,
        /// The length of the other one.
        found: usize,
    },
    /// A value of a binary argument is not UTF-8 (with [`Options::invalid_utf8`] set to
    /// [`OnInvalid::Error`]).
    InvalidUtf8 {
        /// The row.
        row: usize,
    },
    /// A URL failed to parse (with [`Options::invalid`] set to [`OnInvalid::Error`]).
    InvalidUrl {
        /// The row.
        row: usize,
        /// Why.
        error: weburl::ParseError,
    },
    /// A domain failed domain to ASCII (with [`Options::invalid`] set to [`OnInvalid::Error`]).
    InvalidDomain {
        /// The row.
        row: usize,
        /// Why.
        error: weburl::host::HostError,
    },
    /// A string is not an RFC 3986 URI reference (with [`Options::invalid`] set to
    /// [`OnInvalid::Error`]).
    InvalidUriReference {
        /// The row.
        row: usize,
        /// Why.
        error: weburl::rfc3986::Error,
    },
    /// The output of one batch would exceed what 32-bit (or 64-bit) Arrow offsets can address.
    OutputTooLarge {
        /// The row that would have overflowed.
        row: usize,
    },
    /// Arrow refused to assemble the output (a bug if it happens; reported, never a panic).
    Arrow(String),
}

impl Error {
    /// The row the error is about (its index in the arrays the kernel was given, from 0), or
    /// `None` for an error about the whole call.
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// use weburl_arrow::{Component, OnInvalid, Options};
    /// let urls = StringArray::from(vec!["https://a/", "nope"]);
    /// let strict = Options::new().invalid(OnInvalid::Error);
    /// let error = weburl_arrow::component(&urls, Component::Host, &strict).unwrap_err();
    /// assert_eq!(error.row(), Some(1));
    /// ```
    #[must_use]
    pub fn row(&self) -> Option<usize> {
        match self {
            Error::InvalidUtf8 { row }
            | Error::InvalidUrl { row, .. }
            | Error::InvalidDomain { row, .. }
            | Error::InvalidUriReference { row, .. }
            | Error::OutputTooLarge { row } => Some(*row),
            Error::UnsupportedType { .. } | Error::LengthMismatch { .. } | Error::Arrow(_) => None,
        }
    }

    /// The message without its `row N: ` prefix, for callers that name the row their own way
    /// (as `weburl-datafusion` does).
    ///
    /// ```
    /// use arrow_array::StringArray;
    /// use weburl_arrow::{Component, OnInvalid, Options};
    /// let urls = StringArray::from(vec!["nope"]);
    /// let strict = Options::new().invalid(OnInvalid::Error);
    /// let error = weburl_arrow::component(&urls, Component::Host, &strict).unwrap_err();
    /// assert_eq!(error.to_string(), format!("row 0: {}", error.reason()));
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        Reason(self).to_string()
    }
}

/// An [`Error`]'s message without the row.
struct Reason<'a>(&'a Error);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.row() {
            Some(row) => write!(f, "row {row}: {}", Reason(self)),
            None => Reason(self).fmt(f),
        }
    }
}

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Error::UnsupportedType { argument, data_type } => write!(
                f,
                "argument {argument} has type {data_type}; expected a string (Utf8, LargeUtf8, \
                 Utf8View) or binary column"
            ),
            Error::LengthMismatch { expected, found } => {
                write!(f, "array arguments differ in length: {expected} and {found}")
            }
            Error::InvalidUtf8 { .. } => write!(f, "binary value is not UTF-8"),
            Error::InvalidUrl { error, .. } => write!(f, "{error}"),
            Error::InvalidDomain { error, .. } => write!(f, "invalid domain: {error}"),
            Error::InvalidUriReference { error, .. } => {
                write!(f, "not an RFC 3986 URI reference: {error}")
            }
            Error::OutputTooLarge { .. } => {
                write!(f, "output of the batch exceeds the Arrow offset range")
            }
            Error::Arrow(message) => write!(f, "arrow error: {message}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<ArrowError> for Error {
    fn from(error: ArrowError) -> Self {
        Error::Arrow(error.to_string())
    }
}

/// What a kernel does with a row it cannot compute.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OnInvalid {
    /// The row's result is null (`valid = false` in [`parse`](crate::parse)'s struct).
    #[default]
    Null,
    /// The whole batch fails with an [`Error`] naming the row.
    Error,
}

/// Options shared by the kernels.
///
/// ```
/// use weburl_arrow::{OnInvalid, Options};
/// let strict = Options::new().invalid(OnInvalid::Error);
/// assert_eq!(strict.invalid_utf8, OnInvalid::Error);
/// assert_eq!(Options::default().invalid, OnInvalid::Null);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// A URL, domain or URI reference that does not parse: null (the default) or an error.
    pub invalid: OnInvalid,
    /// A binary value that is not UTF-8: an error (the default) or null.
    pub invalid_utf8: OnInvalid,
}

impl Default for Options {
    fn default() -> Self {
        Options { invalid: OnInvalid::Null, invalid_utf8: OnInvalid::Error }
    }
}

impl Options {
    /// The defaults: invalid URLs give null, invalid UTF-8 is an error.
    #[must_use]
    pub fn new() -> Self {
        Options::default()
    }

    /// Sets [`Options::invalid`].
    #[must_use]
    pub fn invalid(mut self, on: OnInvalid) -> Self {
        self.invalid = on;
        self
    }

    /// Sets [`Options::invalid_utf8`].
    #[must_use]
    pub fn invalid_utf8(mut self, on: OnInvalid) -> Self {
        self.invalid_utf8 = on;
        self
    }

    /// `Ok(None)` (a null row) or `error`, as [`Options::invalid`] says.
    pub(crate) fn reject<T>(&self, error: Error) -> Result<Option<T>, Error> {
        match self.invalid {
            OnInvalid::Null => Ok(None),
            OnInvalid::Error => Err(error),
        }
    }
}
