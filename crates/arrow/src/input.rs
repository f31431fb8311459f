//! Reading arguments: string and binary arrays of every width, and scalars.

use arrow_array::cast::AsArray;
use arrow_array::{
    Array, BinaryArray, BinaryViewArray, LargeBinaryArray, LargeStringArray, StringArray,
    StringViewArray,
};
use arrow_schema::DataType;

use crate::error::{Error, OnInvalid, Options};

/// A kernel argument: an array (one value per row) or one value for every row.
///
/// ```
/// use arrow_array::StringArray;
/// use weburl_arrow::Arg;
/// let urls = StringArray::from(vec!["https://a.example/"]);
/// let column = Arg::Array(&urls);
/// let constant = Arg::Scalar(Some("q"));
/// # let _ = (column, constant);
/// ```
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// A string or binary array.
    Array(&'a dyn Array),
    /// The same value (or null) for every row.
    Scalar(Option<&'a str>),
}

/// Whether `data_type` is one the kernels read: the three string types and the three binary
/// ones (whose values must be UTF-8).
///
/// ```
/// use arrow_schema::DataType;
/// assert!(weburl_arrow::is_supported(&DataType::Utf8View));
/// assert!(!weburl_arrow::is_supported(&DataType::Int64));
/// ```
#[must_use]
pub fn is_supported(data_type: &DataType) -> bool {
    matches!(
        data_type,
        DataType::Utf8
            | DataType::LargeUtf8
            | DataType::Utf8View
            | DataType::Binary
            | DataType::LargeBinary
            | DataType::BinaryView
    )
}

/// Whether string output for an input of `data_type` uses 64-bit offsets (`LargeUtf8`): so it
/// does for `LargeUtf8` and `LargeBinary` input; every other input gives `Utf8`.
///
/// ```
/// use arrow_schema::DataType;
/// assert_eq!(weburl_arrow::string_output_type(&DataType::LargeUtf8), DataType::LargeUtf8);
/// assert_eq!(weburl_arrow::string_output_type(&DataType::Utf8View), DataType::Utf8);
/// ```
#[must_use]
pub fn string_output_type(data_type: &DataType) -> DataType {
    match data_type {
        DataType::LargeUtf8 | DataType::LargeBinary => DataType::LargeUtf8,
        _ => DataType::Utf8,
    }
}

/// One argument, resolved to its concrete array type once per batch.
#[derive(Clone, Copy)]
pub(crate) enum Column<'a> {
    Utf8(&'a StringArray),
    LargeUtf8(&'a LargeStringArray),
    Utf8View(&'a StringViewArray),
    Binary(&'a BinaryArray),
    LargeBinary(&'a LargeBinaryArray),
    BinaryView(&'a BinaryViewArray),
    Scalar(Option<&'a str>),
}

impl<'a> Column<'a> {
    /// Resolves argument number `argument`.
    pub(crate) fn new(arg: Arg<'a>, argument: usize) -> Result<Column<'a>, Error> {
        let array = match arg {
            Arg::Scalar(value) => return Ok(Column::Scalar(value)),
            Arg::Array(array) => array,
        };
        Ok(match array.data_type() {
            DataType::Utf8 => Column::Utf8(array.as_string::<i32>()),
            DataType::LargeUtf8 => Column::LargeUtf8(array.as_string::<i64>()),
            DataType::Utf8View => Column::Utf8View(array.as_string_view()),
            DataType::Binary => Column::Binary(array.as_binary::<i32>()),
            DataType::LargeBinary => Column::LargeBinary(array.as_binary::<i64>()),
            DataType::BinaryView => Column::BinaryView(array.as_binary_view()),
            other => return Err(Error::UnsupportedType { argument, data_type: other.clone() }),
        })
    }

    /// The number of rows, `None` for a scalar.
    pub(crate) fn len(&self) -> Option<usize> {
        Some(match self {
            Column::Utf8(a) => a.len(),
            Column::LargeUtf8(a) => a.len(),
            Column::Utf8View(a) => a.len(),
            Column::Binary(a) => a.len(),
            Column::LargeBinary(a) => a.len(),
            Column::BinaryView(a) => a.len(),
            Column::Scalar(_) => return None,
        })
    }

    /// Whether string output should use 64-bit offsets.
    pub(crate) fn is_large(&self) -> bool {
        matches!(self, Column::LargeUtf8(_) | Column::LargeBinary(_))
    }

    /// The value at `row` (`row` < the length, checked by [`rows`]), `None` for null or, by
    /// `options`, for a binary value that is not UTF-8.
    #[inline]
    pub(crate) fn get(&self, row: usize, options: &Options) -> Result<Option<&'a str>, Error> {
        let bytes: &'a [u8] = match self {
            Column::Scalar(value) => return Ok(*value),
            Column::Utf8(a) => return Ok(a.is_valid(row).then(|| a.value(row))),
            Column::LargeUtf8(a) => return Ok(a.is_valid(row).then(|| a.value(row))),
            Column::Utf8View(a) => return Ok(a.is_valid(row).then(|| a.value(row))),
            Column::Binary(a) if a.is_valid(row) => a.value(row),
            Column::LargeBinary(a) if a.is_valid(row) => a.value(row),
            Column::BinaryView(a) if a.is_valid(row) => a.value(row),
            _ => return Ok(None),
        };
        match core::str::from_utf8(bytes) {
            Ok(text) => Ok(Some(text)),
            Err(_) => match options.invalid_utf8 {
                OnInvalid::Null => Ok(None),
                OnInvalid::Error => Err(Error::InvalidUtf8 { row }),
            },
        }
    }
}

/// The row count of a call: the common length of the array arguments, or 1 when all are
/// scalars.
pub(crate) fn rows(columns: &[Column<'_>]) -> Result<usize, Error> {
    let mut len = None;
    for column in columns {
        match (len, column.len()) {
            (None, found) => len = found,
            (Some(expected), Some(found)) if expected != found => {
                return Err(Error::LengthMismatch { expected, found });
            }
            _ => {}
        }
    }
    Ok(len.unwrap_or(1))
}
