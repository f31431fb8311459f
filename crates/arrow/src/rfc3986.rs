//! RFC 3986 kernels: validity as a URI reference, and syntax-based normalization (section
//! 6.2.2), beside the WHATWG kernels.

use arrow_array::builder::BooleanBuilder;
use arrow_array::{Array, ArrayRef, BooleanArray};
use weburl::rfc3986::UriRef;

use crate::error::{Error, Options};
use crate::input::{Arg, Column, rows};
use crate::output::StrBuilder;
use crate::url::guess_bytes;

/// Whether every value is an RFC 3986 `URI-reference` (section 4.1); null where the input is
/// null.
///
/// # Errors
///
/// As [`component`](crate::component) (only type, UTF-8 and size errors can occur).
///
/// ```
/// use arrow_array::StringArray;
/// let inputs = StringArray::from(vec!["http://a/b?c", "../x", "http://exa mple/"]);
/// let valid = weburl_arrow::rfc3986_is_valid(&inputs, &Default::default())?;
/// assert_eq!(valid.iter().collect::<Vec<_>>(), [Some(true), Some(true), Some(false)]);
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn rfc3986_is_valid(inputs: &dyn Array, options: &Options) -> Result<BooleanArray, Error> {
    let column = Column::new(Arg::Array(inputs), 0)?;
    let len = rows(&[column])?;
    let mut out = BooleanBuilder::with_capacity(len);
    for row in 0..len {
        out.append_option(column.get(row, options)?.map(|t| weburl::rfc3986::validate(t).is_ok()));
    }
    Ok(out.finish())
}

/// The RFC 3986 normalization (section 6.2.2: case, percent-encoding and dot segments, plus
/// the scheme-based default port of section 6.2.3) of every URI reference; null where the
/// input is null or not a URI reference.
///
/// # Errors
///
/// [`Error::InvalidUriReference`] for the first invalid row when [`Options::invalid`] asks
/// for errors; otherwise as [`component`](crate::component).
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// let inputs = StringArray::from(vec!["HTTP://Example.com:80/%7euser/./x", "a b"]);
/// let normalized = weburl_arrow::rfc3986_normalize(&inputs, &Default::default())?;
/// let normalized = normalized.as_string::<i32>();
/// assert_eq!(normalized.value(0), "http://example.com/~user/x");
/// assert!(normalized.is_null(1));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn rfc3986_normalize(inputs: &dyn Array, options: &Options) -> Result<ArrayRef, Error> {
    let column = Column::new(Arg::Array(inputs), 0)?;
    let len = rows(&[column])?;
    let mut out = StrBuilder::new(column.is_large(), len, guess_bytes(len));
    for row in 0..len {
        let normalized = match column.get(row, options)? {
            None => None,
            Some(text) => match UriRef::parse(text) {
                Ok(uri) => Some(uri.normalized()),
                Err(error) => options.reject(Error::InvalidUriReference { row, error })?,
            },
        };
        out.push_opt(normalized.as_ref().map(|n| n.as_str()), row)?;
    }
    Ok(out.finish())
}
