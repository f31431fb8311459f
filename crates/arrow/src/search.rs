//! Search parameters: the first value of a name (`searchParams.get`) and all of them
//! (`searchParams.getAll`), decoding the query as application/x-www-form-urlencoded.

use std::sync::Arc;

use arrow_array::{ArrayRef, ListArray};
use arrow_buffer::{NullBuffer, OffsetBuffer};
use arrow_schema::{DataType, Field};
use weburl::Url;

use crate::error::{Error, Options};
use crate::input::{Arg, Column, rows};
use crate::output::StrBuilder;
use crate::url::RowParser;

/// Calls `each(row, url, name)` for every row, with `None` where the URL is null or does not
/// parse or the name is null.
fn for_each_pair(
    urls: Arg<'_>,
    names: Arg<'_>,
    options: &Options,
    mut each: impl FnMut(usize, Option<(&Url, &str)>) -> Result<(), Error>,
) -> Result<(usize, bool), Error> {
    let urls = Column::new(urls, 0)?;
    let names = Column::new(names, 1)?;
    let len = rows(&[urls, names])?;
    // A scalar URL is parsed once.
    let fixed = match urls {
        Column::Scalar(Some(text)) => match Url::parse(text) {
            Ok(url) => Some(url),
            Err(error) => options.reject(Error::InvalidUrl { row: 0, error })?,
        },
        _ => None,
    };
    let mut parser = RowParser::default();
    for row in 0..len {
        let Some(name) = names.get(row, options)? else {
            each(row, None)?;
            continue;
        };
        let mut parsed = None;
        let url = match (&fixed, urls) {
            (Some(url), _) => Some(url),
            (None, Column::Scalar(_)) => None,
            (None, column) => match column.get(row, options)? {
                None => None,
                Some(text) => match parser.parse(text) {
                    Ok(url) => Some(&*parsed.insert(url)),
                    Err(error) => options.reject(Error::InvalidUrl { row, error })?,
                },
            },
        };
        each(row, url.map(|url| (url, name)))?;
        parser.recycle(parsed);
    }
    Ok((len, urls.is_large()))
}

/// `url.searchParams.get(name)` for every row: the first value named `name`, decoded; null
/// when there is none, or the URL or name is null, or the URL does not parse.
///
/// # Errors
///
/// As [`join`](crate::join).
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// use weburl_arrow::{Arg, search_param};
///
/// let urls = StringArray::from(vec!["https://h/?q=a+b&q=2", "https://h/?x=1", "https://h/?q="]);
/// let q = search_param(Arg::Array(&urls), Arg::Scalar(Some("q")), &Default::default())?;
/// let q = q.as_string::<i32>();
/// assert_eq!(q.value(0), "a b");
/// assert!(q.is_null(1));
/// assert_eq!(q.value(2), "");
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn search_param(urls: Arg<'_>, names: Arg<'_>, options: &Options) -> Result<ArrayRef, Error> {
    let large = Column::new(urls, 0)?.is_large();
    let mut out = StrBuilder::new(large, 0, 0);
    for_each_pair(urls, names, options, |row, pair| {
        let value = pair.and_then(|(url, name)| {
            url.query_pairs().find(|(key, _)| key == name).map(|(_, value)| value)
        });
        out.push_opt(value.as_deref(), row)
    })?;
    Ok(out.finish())
}

/// The item field of [`search_param_all`]'s lists.
///
/// ```
/// assert_eq!(weburl_arrow::search_param_all_item(false).name(), "item");
/// ```
#[must_use]
pub fn search_param_all_item(large: bool) -> Arc<Field> {
    let text = if large { DataType::LargeUtf8 } else { DataType::Utf8 };
    Arc::new(Field::new("item", text, true))
}

/// `url.searchParams.getAll(name)` for every row: a list of the values named `name`, decoded,
/// in order (empty when there is none); null when the URL or name is null or the URL does not
/// parse. The items are never null; [`search_param_all_item`] is their field.
///
/// # Errors
///
/// As [`join`](crate::join).
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// use weburl_arrow::{Arg, search_param_all};
///
/// let urls = StringArray::from(vec!["https://h/?t=a&u=1&t=%C3%BC", "https://h/"]);
/// let tags = search_param_all(Arg::Array(&urls), Arg::Scalar(Some("t")), &Default::default())?;
/// let first = tags.value(0);
/// let first = first.as_string::<i32>();
/// assert_eq!((first.value(0), first.value(1)), ("a", "ü"));
/// assert_eq!(tags.value(1).len(), 0);
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn search_param_all(
    urls: Arg<'_>,
    names: Arg<'_>,
    options: &Options,
) -> Result<ListArray, Error> {
    let large = Column::new(urls, 0)?.is_large();
    let mut values = StrBuilder::new(large, 0, 0);
    let mut count: usize = 0;
    let mut offsets: Vec<i32> = vec![0];
    let mut present = Vec::new();
    for_each_pair(urls, names, options, |row, pair| {
        present.push(pair.is_some());
        if let Some((url, name)) = pair {
            for (key, value) in url.query_pairs() {
                if key == name {
                    values.push(&value, row)?;
                    count = count.saturating_add(1);
                }
            }
        }
        offsets.push(i32::try_from(count).map_err(|_| Error::OutputTooLarge { row })?);
        Ok(())
    })?;
    let nulls = NullBuffer::from(present);
    let nulls = (nulls.null_count() > 0).then_some(nulls);
    let offsets = OffsetBuffer::new(offsets.into());
    Ok(ListArray::try_new(search_param_all_item(large), offsets, values.finish(), nulls)?)
}
