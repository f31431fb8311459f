//! Resolving against a base (`new URL(input, base)`) and `URL.canParse`, with either side an
//! array or a scalar.

use arrow_array::builder::BooleanBuilder;
use arrow_array::{ArrayRef, BooleanArray};
use weburl::Url;

use crate::error::{Error, Options};
use crate::input::{Arg, Column, rows};
use crate::output::StrBuilder;
use crate::url::{RowParser, guess_bytes};

/// The base of a call: parsed once when it is a scalar.
enum Base<'a> {
    Fixed(Option<Url>),
    PerRow(Column<'a>),
}

impl<'a> Base<'a> {
    fn new(base: Arg<'a>, options: &Options) -> Result<Base<'a>, Error> {
        Ok(match base {
            Arg::Scalar(None) => Base::Fixed(None),
            Arg::Scalar(Some(text)) => Base::Fixed(match Url::parse(text) {
                Ok(url) => Some(url),
                Err(error) => options.reject(Error::InvalidUrl { row: 0, error })?,
            }),
            Arg::Array(_) => Base::PerRow(Column::new(base, 0)?),
        })
    }

    /// Parses `input` against this row's base: `None` for a null or unparsable base or input.
    /// The result is built in `parsers.0`'s buffer, a per-row base in `parsers.1`'s.
    fn join(
        &self,
        row: usize,
        input: &str,
        options: &Options,
        parsers: &mut (RowParser, RowParser),
    ) -> Result<Option<Url>, Error> {
        let (joined, bases) = parsers;
        let parsed = match self {
            Base::Fixed(None) => return Ok(None),
            Base::Fixed(Some(base)) => joined.join(base, input),
            Base::PerRow(column) => {
                let Some(text) = column.get(row, options)? else { return Ok(None) };
                match bases.parse(text) {
                    Ok(base) => {
                        let parsed = joined.join(&base, input);
                        bases.recycle(Some(base));
                        parsed
                    }
                    Err(error) => return options.reject(Error::InvalidUrl { row, error }),
                }
            }
        };
        match parsed {
            Ok(url) => Ok(Some(url)),
            Err(error) => options.reject(Error::InvalidUrl { row, error }),
        }
    }

    fn column(&self) -> Option<Column<'a>> {
        match self {
            Base::Fixed(_) => None,
            Base::PerRow(column) => Some(*column),
        }
    }
}

/// `new URL(input, base).href` for every row: null where either side is null or parsing
/// fails. Either side may be an array or a scalar; a scalar base is parsed once. The output
/// is `LargeUtf8` when `input` is an array with 64-bit offsets.
///
/// # Errors
///
/// [`Error::UnsupportedType`], [`Error::LengthMismatch`] for arrays of different lengths,
/// and the row errors of [`component`](crate::component) when [`Options`] asks for them.
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// use weburl_arrow::{Arg, join};
///
/// let inputs = StringArray::from(vec!["../c?x", "//other.example/", "https://[::1]:80/"]);
/// let joined = join(Arg::Scalar(Some("https://a.example/b/d")), Arg::Array(&inputs), &Default::default())?;
/// let joined = joined.as_string::<i32>();
/// assert_eq!(joined.value(0), "https://a.example/c?x");
/// assert_eq!(joined.value(1), "https://other.example/");
/// assert_eq!(joined.value(2), "https://[::1]:80/");
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn join(base: Arg<'_>, input: Arg<'_>, options: &Options) -> Result<ArrayRef, Error> {
    let inputs = Column::new(input, 1)?;
    let base = Base::new(base, options)?;
    let base_column = base.column();
    let len = rows(&[inputs, base_column.unwrap_or(Column::Scalar(None))])?;
    let large =
        inputs.is_large() || (inputs.len().is_none() && base_column.is_some_and(|c| c.is_large()));
    let mut out = StrBuilder::new(large, len, guess_bytes(len));
    let mut parsers = <(RowParser, RowParser)>::default();
    for row in 0..len {
        let joined = match inputs.get(row, options)? {
            None => None,
            Some(text) => base.join(row, text, options, &mut parsers)?,
        };
        out.push_opt(joined.as_ref().map(Url::href), row)?;
        parsers.0.recycle(joined);
    }
    Ok(out.finish())
}

/// `URL.canParse(input, base)` for every row: null where `input` (or a given `base`) is null.
/// Without a base no URL is built.
///
/// # Errors
///
/// [`Error::UnsupportedType`], [`Error::LengthMismatch`], and [`Error::InvalidUtf8`] for a
/// binary argument that is not UTF-8 unless [`Options::invalid_utf8`] says null.
///
/// ```
/// use arrow_array::StringArray;
/// use weburl_arrow::{Arg, can_parse};
///
/// let inputs = StringArray::from(vec!["https://a.example/", "/relative", "http://[::"]);
/// let alone = can_parse(Arg::Array(&inputs), None, &Default::default())?;
/// assert_eq!(alone.iter().collect::<Vec<_>>(), [Some(true), Some(false), Some(false)]);
/// let with_base = can_parse(Arg::Array(&inputs), Some(Arg::Scalar(Some("https://b.example/"))), &Default::default())?;
/// assert_eq!(with_base.value(1), true);
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn can_parse(
    input: Arg<'_>,
    base: Option<Arg<'_>>,
    options: &Options,
) -> Result<BooleanArray, Error> {
    // Parse failures are the answer here, never an error.
    let lenient = options.invalid(crate::OnInvalid::Null);
    let inputs = Column::new(input, 0)?;
    let Some(base) = base else {
        let len = rows(&[inputs])?;
        let mut out = BooleanBuilder::with_capacity(len);
        for row in 0..len {
            out.append_option(inputs.get(row, options)?.map(|text| Url::can_parse(text, None)));
        }
        return Ok(out.finish());
    };
    let base_null = matches!(base, Arg::Scalar(None));
    let base = Base::new(base, &lenient)?;
    let base_column = base.column();
    let len = rows(&[inputs, base_column.unwrap_or(Column::Scalar(None))])?;
    let mut out = BooleanBuilder::with_capacity(len);
    let mut parsers = <(RowParser, RowParser)>::default();
    for row in 0..len {
        let Some(text) = inputs.get(row, options)? else {
            out.append_null();
            continue;
        };
        let base_present = match base_column {
            Some(column) => column.get(row, options)?.is_some(),
            None => !base_null,
        };
        if base_present {
            let joined = base.join(row, text, &lenient, &mut parsers)?;
            out.append_value(joined.is_some());
            parsers.0.recycle(joined);
        } else {
            out.append_null();
        }
    }
    Ok(out.finish())
}
