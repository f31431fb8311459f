//! URL kernels: parse into a struct of components, one component alone, the port as a
//! number, and the host kind.

use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, UInt16Builder};
use arrow_array::{Array, ArrayRef, StructArray};
use arrow_buffer::NullBuffer;
use arrow_schema::{DataType, Field, Fields};
use weburl::{HostKind, Url};

use crate::error::{Error, Options};
use crate::input::{Arg, Column, rows};
use crate::output::StrBuilder;

/// A component of a URL, as the JavaScript `URL` getters serialize it, plus the scheme.
///
/// ```
/// use weburl_arrow::Component;
/// assert_eq!(Component::Hostname.name(), "hostname");
/// assert_eq!(Component::ALL.len(), 12);
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// `href`: the whole serialization (the normalized URL).
    Href,
    /// `origin`: its ASCII serialization, `null` for an opaque origin.
    Origin,
    /// `protocol`: the scheme followed by `:`.
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host`: the host and `:port` when there is a port.
    Host,
    /// `hostname`: the host alone.
    Hostname,
    /// `port`: the port as a string, empty when absent or the scheme's default.
    Port,
    /// `pathname`.
    Pathname,
    /// `search`: `?` and the query, empty when the query is absent or empty.
    Search,
    /// `hash`: `#` and the fragment, empty when it is absent or empty.
    Hash,
    /// The scheme, without the `:`.
    Scheme,
}

impl Component {
    /// Every component, in the order of [`parse`]'s struct fields.
    pub const ALL: [Component; 12] = [
        Component::Href,
        Component::Origin,
        Component::Protocol,
        Component::Username,
        Component::Password,
        Component::Host,
        Component::Hostname,
        Component::Port,
        Component::Pathname,
        Component::Search,
        Component::Hash,
        Component::Scheme,
    ];

    /// The JavaScript getter's name (`scheme` for [`Component::Scheme`]).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Component::Href => "href",
            Component::Origin => "origin",
            Component::Protocol => "protocol",
            Component::Username => "username",
            Component::Password => "password",
            Component::Host => "host",
            Component::Hostname => "hostname",
            Component::Port => "port",
            Component::Pathname => "pathname",
            Component::Search => "search",
            Component::Hash => "hash",
            Component::Scheme => "scheme",
        }
    }

    /// Appends this component of `url` to `out`.
    #[inline]
    fn write(self, url: &Url, out: &mut StrBuilder, row: usize) -> Result<(), Error> {
        let text = match self {
            Component::Origin => return out.push_display(&url.origin(), row),
            Component::Href => url.href(),
            Component::Protocol => url.protocol(),
            Component::Username => url.username(),
            Component::Password => url.password(),
            Component::Host => url.host(),
            Component::Hostname => url.hostname(),
            Component::Port => url.port(),
            Component::Pathname => url.pathname(),
            Component::Search => url.search(),
            Component::Hash => url.hash(),
            Component::Scheme => url.scheme(),
        };
        out.push(text, row)
    }
}

/// Calls `each(row, url)` for every row of `urls`, with `None` for a null row or, as
/// `options` says, one that does not parse; returns the row count and whether the input had
/// 64-bit offsets.
pub(crate) fn for_each_url(
    urls: Arg<'_>,
    options: &Options,
    mut each: impl FnMut(usize, Option<&Url>) -> Result<(), Error>,
) -> Result<(usize, bool), Error> {
    let column = Column::new(urls, 0)?;
    let len = rows(&[column])?;
    let mut parser = RowParser::default();
    for row in 0..len {
        let url = match column.get(row, options)? {
            None => None,
            Some(input) => match parser.parse(input) {
                Ok(url) => Some(url),
                Err(error) => options.reject(Error::InvalidUrl { row, error })?,
            },
        };
        each(row, url.as_ref())?;
        parser.recycle(url);
    }
    Ok((len, column.is_large()))
}

/// Parses row after row into one reused allocation: each URL's serialization is handed back
/// when the row is done, so a column allocates only when a URL is longer than all before it.
#[derive(Default)]
pub(crate) struct RowParser {
    spare: String,
}

impl RowParser {
    /// [`Url::parse`] into the spare buffer.
    pub(crate) fn parse(&mut self, input: &str) -> Result<Url, weburl::ParseError> {
        Url::parse_with_buffer(input, core::mem::take(&mut self.spare))
    }

    /// [`Url::join`] into the spare buffer.
    pub(crate) fn join(&mut self, base: &Url, input: &str) -> Result<Url, weburl::ParseError> {
        base.join_with_buffer(input, core::mem::take(&mut self.spare))
    }

    /// Takes the buffer of a finished row's URL back.
    pub(crate) fn recycle(&mut self, url: Option<Url>) {
        if let Some(url) = url {
            self.spare = url.into_string();
        }
    }
}

/// The bytes to reserve for `rows` rows of strings about as long as URLs.
pub(crate) fn guess_bytes(rows: usize) -> usize {
    rows.saturating_mul(32)
}

/// One component of every URL in `urls`: a `Utf8` array (`LargeUtf8` for `LargeUtf8` or
/// `LargeBinary` input), null where the input is null or does not parse.
///
/// # Errors
///
/// [`Error::UnsupportedType`] for a non-string array; [`Error::InvalidUrl`] or
/// [`Error::InvalidUtf8`] for the first bad row when [`Options`] asks for errors;
/// [`Error::OutputTooLarge`] when the output overflows Arrow's offsets.
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// use weburl_arrow::{Component, Options, component};
///
/// let urls = StringArray::from(vec![Some("https://EXAMPLE.org:8080/a"), None, Some("nope")]);
/// let hosts = component(&urls, Component::Host, &Options::new())?;
/// let hosts = hosts.as_string::<i32>();
/// assert_eq!(hosts.value(0), "example.org:8080");
/// assert!(hosts.is_null(1) && hosts.is_null(2));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn component(
    urls: &dyn Array,
    component: Component,
    options: &Options,
) -> Result<ArrayRef, Error> {
    let large = Column::new(Arg::Array(urls), 0)?.is_large();
    let mut out = StrBuilder::new(large, urls.len(), guess_bytes(urls.len()));
    for_each_url(Arg::Array(urls), options, |row, url| match url {
        Some(url) => component.write(url, &mut out, row),
        None => {
            out.push_null();
            Ok(())
        }
    })?;
    Ok(out.finish())
}

/// The explicit port of every URL as a `UInt16` array: null when the URL has no port (or
/// the scheme's default, which the parser drops), is null, or does not parse.
///
/// # Errors
///
/// As [`component`].
///
/// ```
/// use arrow_array::{Array, StringArray};
/// let urls = StringArray::from(vec!["http://h:8080/", "http://h:80/", "x"]);
/// let ports = weburl_arrow::port_number(&urls, &Default::default())?;
/// assert_eq!(ports.value(0), 8080);
/// assert!(ports.is_null(1) && ports.is_null(2));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn port_number(urls: &dyn Array, options: &Options) -> Result<arrow_array::UInt16Array, Error> {
    let mut out = UInt16Builder::with_capacity(urls.len());
    for_each_url(Arg::Array(urls), options, |_, url| {
        out.append_option(url.and_then(Url::port_u16));
        Ok(())
    })?;
    Ok(out.finish())
}

/// The name [`host_kind`] gives a host kind.
///
/// ```
/// assert_eq!(weburl_arrow::host_kind_name(weburl::HostKind::Ipv6), "ipv6");
/// ```
#[must_use]
pub fn host_kind_name(kind: HostKind) -> &'static str {
    match kind {
        HostKind::Domain => "domain",
        HostKind::Ipv4 => "ipv4",
        HostKind::Ipv6 => "ipv6",
        HostKind::Opaque => "opaque",
        HostKind::Empty => "empty",
    }
}

/// The kind of every URL's host (`domain`, `ipv4`, `ipv6`, `opaque` or `empty`, see
/// [`host_kind_name`]); null when the URL has no host, is null, or does not parse.
///
/// # Errors
///
/// As [`component`].
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// let urls = StringArray::from(vec!["http://127.1/", "file:///x", "mailto:a@b", "foo://x"]);
/// let kinds = weburl_arrow::host_kind(&urls, &Default::default())?;
/// let kinds = kinds.as_string::<i32>();
/// assert_eq!((kinds.value(0), kinds.value(1), kinds.value(3)), ("ipv4", "empty", "opaque"));
/// assert!(kinds.is_null(2));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn host_kind(urls: &dyn Array, options: &Options) -> Result<ArrayRef, Error> {
    let large = Column::new(Arg::Array(urls), 0)?.is_large();
    let mut out = StrBuilder::new(large, urls.len(), urls.len().saturating_mul(6));
    for_each_url(Arg::Array(urls), options, |row, url| {
        out.push_opt(url.and_then(Url::host_kind).map(host_kind_name), row)
    })?;
    Ok(out.finish())
}

/// The fields of [`parse`]'s struct: the eleven JavaScript components (`href` to `hash`) and
/// `scheme` as strings (`LargeUtf8` when `large`), `port_number` as `UInt16` (null when
/// there is no port) and `valid` (non-null `Boolean`). Every field but `valid` is null in a
/// row whose URL does not parse.
///
/// ```
/// let fields = weburl_arrow::parse_fields(false);
/// assert_eq!(fields.len(), 14);
/// assert_eq!(fields[6].name(), "hostname");
/// assert_eq!(fields[13].name(), "valid");
/// ```
#[must_use]
pub fn parse_fields(large: bool) -> Fields {
    let text = if large { DataType::LargeUtf8 } else { DataType::Utf8 };
    let mut fields: Vec<Field> =
        Component::ALL.iter().map(|c| Field::new(c.name(), text.clone(), true)).collect();
    fields.push(Field::new("port_number", DataType::UInt16, true));
    fields.push(Field::new("valid", DataType::Boolean, false));
    Fields::from(fields)
}

/// Parses every URL into a `StructArray` with [`parse_fields`]: null where the input is null;
/// `valid = false` with null components where it does not parse (or an error, by
/// [`Options::invalid`]).
///
/// # Errors
///
/// As [`component`].
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
///
/// let urls = StringArray::from(vec![Some("https://u@example.org/p?q#h"), Some("::"), None]);
/// let parsed = weburl_arrow::parse(&urls, &Default::default())?;
/// let hostname = parsed.column_by_name("hostname").unwrap().as_string::<i32>();
/// let valid = parsed.column_by_name("valid").unwrap().as_boolean();
/// assert_eq!(hostname.value(0), "example.org");
/// assert!(valid.value(0) && !valid.value(1));
/// assert!(hostname.is_null(1) && parsed.is_null(2));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn parse(urls: &dyn Array, options: &Options) -> Result<StructArray, Error> {
    let len = urls.len();
    let large = Column::new(Arg::Array(urls), 0)?.is_large();
    let mut strings: Vec<StrBuilder> = Component::ALL
        .iter()
        .map(|c| {
            let bytes =
                if *c == Component::Href { guess_bytes(len) } else { len.saturating_mul(8) };
            StrBuilder::new(large, len, bytes)
        })
        .collect();
    let mut ports = UInt16Builder::with_capacity(len);
    let mut valid = BooleanBuilder::with_capacity(len);
    let mut present = Vec::with_capacity(len);
    let column = Column::new(Arg::Array(urls), 0)?;
    let mut parser = RowParser::default();
    for row in 0..len {
        let input = column.get(row, options)?;
        present.push(input.is_some());
        let url = match input {
            None => None,
            Some(input) => match parser.parse(input) {
                Ok(url) => Some(url),
                Err(error) => options.reject(Error::InvalidUrl { row, error })?,
            },
        };
        valid.append_value(url.is_some());
        ports.append_option(url.as_ref().and_then(Url::port_u16));
        for (builder, c) in strings.iter_mut().zip(Component::ALL) {
            match &url {
                Some(url) => c.write(url, builder, row)?,
                None => builder.push_null(),
            }
        }
        parser.recycle(url);
    }
    let mut columns: Vec<ArrayRef> = strings.into_iter().map(StrBuilder::finish).collect();
    columns.push(Arc::new(ports.finish()));
    columns.push(Arc::new(valid.finish()));
    let nulls = NullBuffer::from(present);
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    Ok(StructArray::try_new(parse_fields(large), columns, nulls)?)
}

/// [`weburl::render`] of every URL (URL Standard, section 4.8): the form to show a person,
/// with Unicode hosts and decoded paths where that is safe; null where the input is null or
/// does not parse.
///
/// # Errors
///
/// As [`component`].
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let urls = StringArray::from(vec!["https://user@xn--bcher-kva.example/%C3%BC"]);
/// let shown = weburl_arrow::render(&urls, &Default::default())?;
/// assert_eq!(shown.as_string::<i32>().value(0), "https://bücher.example/ü");
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn render(urls: &dyn Array, options: &Options) -> Result<ArrayRef, Error> {
    let large = Column::new(Arg::Array(urls), 0)?.is_large();
    let mut out = StrBuilder::new(large, urls.len(), guess_bytes(urls.len()));
    for_each_url(Arg::Array(urls), options, |row, url| {
        out.push_opt(url.map(weburl::render).as_deref(), row)
    })?;
    Ok(out.finish())
}
