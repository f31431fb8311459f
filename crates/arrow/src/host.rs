//! Host kernels: the registrable domain and public suffix of a URL's host (Public Suffix
//! List), and domain to ASCII / to Unicode over columns of domains.

use arrow_array::{Array, ArrayRef};
use weburl::HostKind;
use weburl::host::{Host, domain_to_ascii as to_ascii, domain_to_unicode as to_unicode};

use crate::error::{Error, Options};
use crate::input::{Arg, Column, rows};
use crate::output::StrBuilder;
use crate::url::for_each_url;

/// Which part of a domain [`suffix_kernel`] returns.
#[derive(Clone, Copy)]
enum Part {
    Registrable,
    Suffix,
}

fn suffix_kernel(urls: &dyn Array, part: Part, options: &Options) -> Result<ArrayRef, Error> {
    let large = Column::new(Arg::Array(urls), 0)?.is_large();
    let mut out = StrBuilder::new(large, urls.len(), urls.len().saturating_mul(12));
    // One scratch host for the batch: its buffer is reused, not allocated per row.
    let mut scratch = Host::Domain(String::new());
    for_each_url(Arg::Array(urls), options, |row, url| {
        let Some(url) = url.filter(|url| url.host_kind() == Some(HostKind::Domain)) else {
            out.push_null();
            return Ok(());
        };
        if let Host::Domain(text) = &mut scratch {
            text.clear();
            text.push_str(url.hostname());
        }
        let found = match part {
            Part::Registrable => weburl::host::registrable_domain(&scratch),
            Part::Suffix => weburl::host::public_suffix(&scratch),
        };
        out.push_opt(found, row)
    })?;
    Ok(out.finish())
}

/// The registrable domain of every URL's host (URL Standard, section 3.2, with the Public
/// Suffix List): null when the host is not a domain or is itself a public suffix, or the URL
/// is null or does not parse.
///
/// # Errors
///
/// As [`component`](crate::component).
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// let urls = StringArray::from(vec!["https://a.b.example.co.uk/", "https://github.io/", "http://10.0.0.1/"]);
/// let domains = weburl_arrow::registrable_domain(&urls, &Default::default())?;
/// let domains = domains.as_string::<i32>();
/// assert_eq!(domains.value(0), "example.co.uk");
/// assert!(domains.is_null(1) && domains.is_null(2));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn registrable_domain(urls: &dyn Array, options: &Options) -> Result<ArrayRef, Error> {
    suffix_kernel(urls, Part::Registrable, options)
}

/// The public suffix of every URL's host (section 3.2): null when the host is not a domain,
/// or the URL is null or does not parse.
///
/// # Errors
///
/// As [`component`](crate::component).
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let urls = StringArray::from(vec!["https://a.b.example.co.uk/", "https://whatwg.github.io/"]);
/// let suffixes = weburl_arrow::public_suffix(&urls, &Default::default())?;
/// let suffixes = suffixes.as_string::<i32>();
/// assert_eq!((suffixes.value(0), suffixes.value(1)), ("co.uk", "github.io"));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn public_suffix(urls: &dyn Array, options: &Options) -> Result<ArrayRef, Error> {
    suffix_kernel(urls, Part::Suffix, options)
}

/// Domain to ASCII (section 3.3) of every domain: with `be_strict` false as the host parser
/// and Node's `url.domainToASCII` use it. Null where the input is null or fails.
///
/// # Errors
///
/// [`Error::InvalidDomain`] for the first failing row when [`Options::invalid`] asks for
/// errors; otherwise as [`component`](crate::component).
///
/// ```
/// use arrow_array::{Array, StringArray, cast::AsArray};
/// let domains = StringArray::from(vec!["Bücher.example", "exa mple"]);
/// let ascii = weburl_arrow::domain_to_ascii(&domains, false, &Default::default())?;
/// let ascii = ascii.as_string::<i32>();
/// assert_eq!(ascii.value(0), "xn--bcher-kva.example");
/// assert!(ascii.is_null(1));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn domain_to_ascii(
    domains: &dyn Array,
    be_strict: bool,
    options: &Options,
) -> Result<ArrayRef, Error> {
    let column = Column::new(Arg::Array(domains), 0)?;
    let len = rows(&[column])?;
    let mut out = StrBuilder::new(column.is_large(), len, len.saturating_mul(16));
    for row in 0..len {
        let ascii = match column.get(row, options)? {
            None => None,
            Some(domain) => match to_ascii(domain, be_strict) {
                Ok(ascii) => Some(ascii),
                Err(error) => options.reject(Error::InvalidDomain { row, error })?,
            },
        };
        out.push_opt(ascii.as_deref(), row)?;
    }
    Ok(out.finish())
}

/// Domain to Unicode (section 3.3) of every domain, for display; an ACE label that does not
/// decode stays as it is. Null where the input is null.
///
/// # Errors
///
/// As [`component`](crate::component) (only type, UTF-8 and size errors can occur).
///
/// ```
/// use arrow_array::{StringArray, cast::AsArray};
/// let domains = StringArray::from(vec!["xn--bcher-kva.example", "EXAMPLE.com"]);
/// let unicode = weburl_arrow::domain_to_unicode(&domains, &Default::default())?;
/// let unicode = unicode.as_string::<i32>();
/// assert_eq!((unicode.value(0), unicode.value(1)), ("bücher.example", "example.com"));
/// # Ok::<(), weburl_arrow::Error>(())
/// ```
pub fn domain_to_unicode(domains: &dyn Array, options: &Options) -> Result<ArrayRef, Error> {
    let column = Column::new(Arg::Array(domains), 0)?;
    let len = rows(&[column])?;
    let mut out = StrBuilder::new(column.is_large(), len, len.saturating_mul(16));
    for row in 0..len {
        let unicode = column.get(row, options)?.map(to_unicode);
        out.push_opt(unicode.as_deref(), row)?;
    }
    Ok(out.finish())
}
