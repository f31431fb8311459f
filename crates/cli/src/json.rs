//! The JSON shape of `weburl parse --json`: one object per URL with the URL API's attributes,
//! in the order of the URL Standard's IDL (`href, origin, protocol, username, password, host,
//! hostname, port, pathname, search, hash`); failures are `{"input", "error"}` objects (with
//! `"line"` when reading standard input).

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
    w.write_all(b"{")?;
    field(w, true, "href", url.href())?;
    field(w, false, "origin", &url.origin().to_string())?;
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

/// Writes a failure object and a newline: `{"line":N,"input":"...","error":"..."}`.
pub fn write_failure(
    w: &mut impl Write,
    line: Option<u64>,
    input: &str,
    error: &str,
) -> io::Result<()> {
    w.write_all(b"{")?;
    if let Some(line) = line {
        write!(w, "\"line\":{line},")?;
    }
    field(w, true, "input", input)?;
    field(w, false, "error", error)?;
    w.write_all(b"}\n")
}
