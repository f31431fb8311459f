//! [`UrlUdf`]: the `ScalarUDFImpl` behind every function, dispatching to `weburl-arrow`.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef, AsArray};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::{DataFusionError, Result, ScalarValue, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};
use weburl_arrow::{Arg, OnInvalid, Options};

use crate::function::Function;

/// One URL function as a DataFusion scalar UDF: [`Volatility::Immutable`], strict (null in,
/// null out), taking any string type (and binary, read as UTF-8) as array or scalar.
///
/// ```
/// use datafusion::logical_expr::{ScalarUDF, ScalarUDFImpl};
/// use weburl_datafusion::{Function, UrlUdf};
///
/// let udf = UrlUdf::new(Function::SearchParam, weburl_arrow::Options::new());
/// assert_eq!(udf.name(), "url_search_param");
/// let udf = ScalarUDF::new_from_impl(udf);
/// # let _ = udf;
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct UrlUdf {
    function: Function,
    options: Options,
    signature: Signature,
}

impl UrlUdf {
    /// The function `function`, treating bad rows as `options` says.
    #[must_use]
    pub fn new(function: Function, options: Options) -> UrlUdf {
        UrlUdf { function, options, signature: Signature::user_defined(Volatility::Immutable) }
    }

    /// Which function this is.
    #[must_use]
    pub fn function(&self) -> Function {
        self.function
    }

    /// The query error for a kernel error. A row is named by its index in the batch the
    /// function was called with (DataFusion gives a scalar function no position of its batch
    /// in the table), with the values of the array arguments in that row so that it can be
    /// found.
    fn error(&self, error: &weburl_arrow::Error, args: &[ArgValue<'_>]) -> DataFusionError {
        let name = self.function.name();
        let Some(row) = error.row() else {
            return DataFusionError::Execution(format!("{name}: {error}"));
        };
        let rows = args.iter().find_map(|a| match a {
            ArgValue::Array(array) => Some(array.len()),
            ArgValue::Scalar(_) => None,
        });
        // Writing to a `String` cannot fail.
        let mut message = format!("{name}: row {row} of the batch");
        if let Some(rows) = rows {
            let _ = write!(message, " of {rows} rows");
        }
        message.push_str(" (counted from 0 within each batch, not across the table)");
        for (value, parameter) in args.iter().zip(self.function.parameters()) {
            if let ArgValue::Array(array) = value
                && let Some(shown) = value_at(array.as_ref(), row)
            {
                let _ = write!(message, ", {parameter} = {shown}");
            }
        }
        let _ = write!(message, ": {}", error.reason());
        DataFusionError::Execution(message)
    }

    /// A scalar argument as a kernel argument (`None` for a null or, by the options, a
    /// binary value that is not UTF-8).
    fn scalar<'a>(&self, value: &'a ScalarValue, argument: usize) -> Result<Option<&'a str>> {
        match value {
            ScalarValue::Utf8(v) | ScalarValue::LargeUtf8(v) | ScalarValue::Utf8View(v) => {
                Ok(v.as_deref())
            }
            ScalarValue::Binary(v) | ScalarValue::LargeBinary(v) | ScalarValue::BinaryView(v) => {
                match v.as_deref().map(core::str::from_utf8) {
                    None => Ok(None),
                    Some(Ok(text)) => Ok(Some(text)),
                    Some(Err(_)) => match self.options.invalid_utf8 {
                        OnInvalid::Error => exec_err!(
                            "{}: argument {argument} is a binary value that is not UTF-8",
                            self.function.name()
                        ),
                        _ => Ok(None),
                    },
                }
            }
            ScalarValue::Null => Ok(None),
            other => exec_err!(
                "{}: argument {argument} has type {}; expected a string",
                self.function.name(),
                other.data_type()
            ),
        }
    }

    /// Argument `i` as a kernel argument.
    fn arg<'a>(&self, args: &'a [ArgValue<'a>], i: usize) -> Result<Arg<'a>> {
        match args.get(i) {
            Some(ArgValue::Array(array)) => Ok(Arg::Array(array.as_ref())),
            Some(ArgValue::Scalar(value)) => Ok(Arg::Scalar(self.scalar(value, i)?)),
            None => exec_err!("{}: argument {i} is missing", self.function.name()),
        }
    }

    /// Runs the kernel over `args`, each an array of `rows` rows or a scalar; the primary
    /// argument is always an array here.
    fn run(&self, args: &[ArgValue<'_>]) -> Result<ArrayRef> {
        let options = &self.options;
        let arg = |i: usize| self.arg(args, i);
        let primary = match arg(self.function.primary())? {
            Arg::Array(array) => array,
            Arg::Scalar(_) => {
                return exec_err!("{}: internal: scalar primary", self.function.name());
            }
        };
        let result: std::result::Result<ArrayRef, weburl_arrow::Error> = match self.function {
            Function::Parse => {
                weburl_arrow::parse(primary, options).map(|a| Arc::new(a) as ArrayRef)
            }
            Function::Component(component) => weburl_arrow::component(primary, component, options),
            Function::PortNumber => {
                weburl_arrow::port_number(primary, options).map(|a| Arc::new(a) as ArrayRef)
            }
            Function::HostKind => weburl_arrow::host_kind(primary, options),
            Function::CanParse => {
                let base = if args.len() > 1 { Some(arg(1)?) } else { None };
                weburl_arrow::can_parse(Arg::Array(primary), base, options)
                    .map(|a| Arc::new(a) as ArrayRef)
            }
            Function::Join => weburl_arrow::join(arg(0)?, Arg::Array(primary), options),
            Function::SearchParam => {
                weburl_arrow::search_param(Arg::Array(primary), arg(1)?, options)
            }
            Function::SearchParamAll => {
                weburl_arrow::search_param_all(Arg::Array(primary), arg(1)?, options)
                    .map(|a| Arc::new(a) as ArrayRef)
            }
            Function::RegistrableDomain => weburl_arrow::registrable_domain(primary, options),
            Function::PublicSuffix => weburl_arrow::public_suffix(primary, options),
            Function::DomainToAscii => weburl_arrow::domain_to_ascii(primary, false, options),
            Function::DomainToUnicode => weburl_arrow::domain_to_unicode(primary, options),
            Function::Render => weburl_arrow::render(primary, options),
            Function::Rfc3986IsValid => {
                weburl_arrow::rfc3986_is_valid(primary, options).map(|a| Arc::new(a) as ArrayRef)
            }
            Function::Rfc3986Normalize => weburl_arrow::rfc3986_normalize(primary, options),
        };
        result.map_err(|error| self.error(&error, args))
    }
}

/// The value of a string or binary `array` at `row`, quoted and cut to about 100 characters,
/// for an error message; `None` for another type or a row out of range.
fn value_at(array: &dyn Array, row: usize) -> Option<String> {
    if row >= array.len() {
        return None;
    }
    if array.is_null(row) {
        return Some("NULL".to_owned());
    }
    let text: Cow<'_, str> = match array.data_type() {
        DataType::Utf8 => Cow::Borrowed(array.as_string::<i32>().value(row)),
        DataType::LargeUtf8 => Cow::Borrowed(array.as_string::<i64>().value(row)),
        DataType::Utf8View => Cow::Borrowed(array.as_string_view().value(row)),
        DataType::Binary => String::from_utf8_lossy(array.as_binary::<i32>().value(row)),
        DataType::LargeBinary => String::from_utf8_lossy(array.as_binary::<i64>().value(row)),
        DataType::BinaryView => String::from_utf8_lossy(array.as_binary_view().value(row)),
        _ => return None,
    };
    const SHOWN: usize = 100;
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => Some(format!("{:?}...", text.get(..cut).unwrap_or_default())),
        None => Some(format!("{text:?}")),
    }
}

/// An evaluated argument.
enum ArgValue<'a> {
    Array(ArrayRef),
    Scalar(&'a ScalarValue),
}

impl ScalarUDFImpl for UrlUdf {
    fn name(&self) -> &str {
        self.function.name()
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    /// Checks the arity and the types at planning time: strings and binaries stay as they
    /// are, dictionaries of them are unpacked, a `NULL` literal becomes `Utf8`; anything else
    /// is a planning error naming the function and parameter.
    fn coerce_types(&self, arg_types: &[DataType]) -> Result<Vec<DataType>> {
        let name = self.function.name();
        let parameters = self.function.parameters();
        let (min, max) = (self.function.min_arguments(), parameters.len());
        if arg_types.len() < min || arg_types.len() > max {
            let expected = if min == max { format!("{max}") } else { format!("{min} or {max}") };
            return plan_err!(
                "{name} takes {expected} argument(s) ({}), got {}",
                parameters.join(", "),
                arg_types.len()
            );
        }
        arg_types
            .iter()
            .zip(parameters)
            .map(|(data_type, parameter)| match data_type {
                DataType::Null => Ok(DataType::Utf8),
                DataType::Dictionary(_, value) if weburl_arrow::is_supported(value) => {
                    Ok(value.as_ref().clone())
                }
                other if weburl_arrow::is_supported(other) => Ok(other.clone()),
                other => plan_err!(
                    "{name}: argument `{parameter}` must be a string (Utf8, LargeUtf8, Utf8View) \
                     or binary, got {other}; cast it first, e.g. CAST(x AS VARCHAR)"
                ),
            })
            .collect()
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        let primary = arg_types.get(self.function.primary()).unwrap_or(&DataType::Utf8);
        Ok(self.function.return_type(primary))
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let all_scalar = args.args.iter().all(|a| matches!(a, ColumnarValue::Scalar(_)));
        // The primary argument is always an array for the kernel (so that the result type
        // follows it); a scalar one becomes an array of one row when every argument is a
        // scalar, of `number_rows` rows otherwise.
        let rows = if all_scalar { 1 } else { args.number_rows };
        let primary = self.function.primary();
        let mut values = Vec::with_capacity(args.args.len());
        for (i, value) in args.args.iter().enumerate() {
            values.push(match value {
                ColumnarValue::Array(array) => ArgValue::Array(Arc::clone(array)),
                ColumnarValue::Scalar(scalar) if i == primary || all_scalar => {
                    ArgValue::Array(scalar.to_array_of_size(rows)?)
                }
                ColumnarValue::Scalar(scalar) => ArgValue::Scalar(scalar),
            });
        }
        let result = self.run(&values)?;
        if all_scalar {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&result, 0)?))
        } else {
            Ok(ColumnarValue::Array(result))
        }
    }
}
