//! The JSON shape of `weburl parse --json`: one object per URL with the URL API's attributes,
//! in the order of the URL Standard's IDL (`href, origin, protocol, username, password, host,
//! hostname, port, pathname, search, hash`); failures are `{"input", "error"}` objects (with
//! `"line"` when reading standard input or files, and `"file"` for files).

use std::io::{self, Write};

use weburl::Url;

/// Writes `"key":` and the JSON string `value`, preceded by a comma unless `first`.
fn field(w: &mut impl Write, first: bool, key: &str, value: &str) -> io::Result<()> {
    if !first {
        w.write_all(b",")?;
    }
    w.write_all(b"\"")?;
    w.write_all(key.as_bytes())?;
    w.write_all(b"\":")?;
    serde_json::to_writer(&mut *w, value).map_err(io::Error::from)
}

/// Writes the components of `url` as one JSON object and a newline.
pub fn write_url(w: &mut impl Write, url: &Url) -> io::Result<()> {
    write_url_with(w, url, &mut String::new())
}

/// [`write_url`] with a reusable buffer for the serialized origin (bulk mode: no allocation
/// per line beyond the URL itself).
pub fn write_url_with(w: &mut impl Write, url: &Url, origin: &mut String) -> io::Result<()> {
    use std::fmt::Write as _;
    origin.clear();
    // Writing to a `String` cannot fail.
    let _ = write!(origin, "{}", url.origin());
    w.write_all(b"{")?;
    field(w, true, "href", url.href())?;
    field(w, false, "origin", origin)?;
    field(w, false, "protocol", url.protocol())?;
    field(w, false, "username", url.username())?;
    field(w, false, "password", url.password())?;
    field(w, false, "host", url.host())?;
    field(w, false, "hostname", url.hostname())?;
    field(w, false, "port", url.port())?;
    field(w, false, "pathname", url.pathname())?;
    field(w, false, "search", url.search())?;
    field(w, false, "hash", url.hash())?;
    w.write_all(b"}\n")
}

/// Writes a failure object and a newline: `{"line":N,"input":"...","error":"..."}`, with
/// `"file":"..."` first when the line comes from a file given with `--input`.
pub fn write_failure(
    w: &mut impl Write,
    file: Option<&str>,
    line: Option<u64>,
    input: &str,
    error: &str,
) -> io::Result<()> {
    w.write_all(b"{")?;
    if let Some(file) = file {
        w.write_all(b"\"file\":")?;
        serde_json::to_writer(&mut *w, file).map_err(io::Error::from)?;
        w.write_all(b",")?;
    }
    if let Some(line) = line {
        write!(w, "\"line\":{line},")?;
    }
    field(w, true, "input", input)?;
    field(w, false, "error", error)?;
    w.write_all(b"}\n")
}
