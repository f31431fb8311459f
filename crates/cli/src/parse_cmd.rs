//! `weburl parse`: components of URLs given as arguments, or a JSON-lines stream over stdin.

use std::io::{BufRead as _, Write as _};

use weburl::encoding_rs::{Encoding, UTF_8};
use weburl::{ParseError, Url, ValidationError};

use crate::cli::ParseArgs;
use crate::json;
use crate::out::{Failure, Out, Status, note};
use crate::progress::{Progress, stdin_size};

/// How to parse each input: the base URL and the query encoding.
pub struct Parser {
    base: Option<Url>,
    encoding: &'static Encoding,
}

impl Parser {
    /// Builds the parser from the `--base` and `--encoding` options (usage errors otherwise).
    pub fn new(base: Option<&str>, encoding: Option<&str>) -> Result<Parser, Failure> {
        let base = match base {
            None => None,
            Some(base) => Some(Url::parse(base).map_err(|err| {
                Failure::Usage(format!("the base URL {base:?} does not parse: {err}"))
            })?),
        };
        let encoding = match encoding {
            None => UTF_8,
            Some(label) => Encoding::for_label(label.as_bytes()).ok_or_else(|| {
                let hint = "see the WHATWG Encoding Standard's labels";
                Failure::Usage(format!("unknown encoding label {label:?} ({hint})"))
            })?,
        };
        // URL parser, step 1 (encoding): the output encoding of UTF-16 and replacement is UTF-8.
        Ok(Parser { base, encoding: encoding.output_encoding() })
    }

    /// Parses one input.
    pub fn parse(&self, input: &str) -> Result<Url, ParseError> {
        let mut options = Url::options().encoding(self.encoding);
        if let Some(base) = &self.base {
            options = options.base(Some(base));
        }
        options.parse(input)
    }

    /// Parses one input, handing every validation error to `sink`.
    pub fn parse_reporting(
        &self,
        input: &str,
        sink: &mut dyn FnMut(ValidationError),
    ) -> Result<Url, ParseError> {
        let mut options = Url::options().encoding(self.encoding).on_validation_error(sink);
        if let Some(base) = &self.base {
            options = options.base(Some(base));
        }
        options.parse(input)
    }
}

/// The labels of the component table.
const LABELS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// Writes the components of `url` as an aligned table.
fn write_table(out: &mut Out, url: &Url) -> Result<(), Failure> {
    let origin = url.origin().to_string();
    let values = [
        url.href(),
        &origin,
        url.protocol(),
        url.username(),
        url.password(),
        url.host(),
        url.hostname(),
        url.port(),
        url.pathname(),
        url.search(),
        url.hash(),
    ];
    for (label, value) in LABELS.iter().zip(values) {
        if value.is_empty() {
            out.write_fmt(format_args!("{label}\n"))?;
        } else {
            out.write_fmt(format_args!("{label:<9} {value}\n"))?;
        }
    }
    Ok(())
}

/// Runs `weburl parse`.
pub fn run(args: &ParseArgs, out: &mut Out) -> Status {
    let parser = Parser::new(args.base.as_deref(), args.encoding.as_deref())?;
    if args.urls.is_empty() {
        return stream(&parser, args, out);
    }
    if args.json_input {
        return Err(Failure::Usage(
            "--json-input reads standard input: give no URL arguments with it".to_owned(),
        ));
    }
    let mut status = 0;
    for (i, input) in args.urls.iter().enumerate() {
        match parser.parse(input) {
            Ok(url) if args.json => json::write_url(out.writer(), &url)?,
            Ok(url) => {
                if i > 0 {
                    out.str("\n")?;
                }
                write_table(out, &url)?;
            }
            Err(err) => {
                status = 1;
                if args.json {
                    json::write_failure(out.writer(), None, input, &err.to_string())?;
                } else {
                    // Keep stdout and stderr in order for a person reading both.
                    out.flush()?;
                    note(format_args!("weburl: {input:?} does not parse: {err}"));
                }
            }
        }
    }
    Ok(status)
}

/// Streams standard input: one URL per line in, one JSON object per line out.
fn stream(parser: &Parser, args: &ParseArgs, out: &mut Out) -> Status {
    let stdin = std::io::stdin();
    let mut input = std::io::BufReader::with_capacity(1 << 16, stdin.lock());
    let mut progress = args.progress.then(|| Progress::new(stdin_size()));
    let mut buf = Vec::with_capacity(256);
    let mut line_number = 0u64;
    let mut status = 0;
    loop {
        buf.clear();
        let read = input
            .read_until(b'\n', &mut buf)
            .map_err(|err| Failure::Usage(format!("cannot read standard input: {err}")))?;
        if read == 0 {
            break;
        }
        line_number += 1;
        let line = strip_line_ending(&buf);
        let decoded = if args.json_input {
            serde_json::from_slice::<String>(line)
                .map(std::borrow::Cow::Owned)
                .map_err(|err| format!("not a JSON string: {err}"))
        } else {
            std::str::from_utf8(line)
                .map(std::borrow::Cow::Borrowed)
                .map_err(|err| format!("invalid UTF-8 at byte {}", err.valid_up_to()))
        };
        let failed = match decoded {
            Ok(text) => match parser.parse(&text) {
                Ok(url) => {
                    json::write_url(out.writer(), &url)?;
                    false
                }
                Err(err) => {
                    json::write_failure(out.writer(), Some(line_number), &text, &err.to_string())?;
                    true
                }
            },
            Err(reason) => {
                let lossy = String::from_utf8_lossy(line);
                json::write_failure(out.writer(), Some(line_number), &lossy, &reason)?;
                true
            }
        };
        if failed {
            status = 1;
        }
        if let Some(progress) = &mut progress {
            progress.line(read, failed);
        }
    }
    if let Some(progress) = &mut progress {
        out.flush()?;
        progress.finish();
    }
    let _ = std::io::stderr().flush();
    Ok(status)
}

/// The line without its `\n` or `\r\n`.
fn strip_line_ending(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

#[cfg(test)]
mod tests {
    use super::strip_line_ending;

    #[test]
    fn strips_one_line_ending() {
        assert_eq!(strip_line_ending(b"a\r\n"), b"a");
        assert_eq!(strip_line_ending(b"a\n"), b"a");
        assert_eq!(strip_line_ending(b"a"), b"a");
        assert_eq!(strip_line_ending(b"a\n\n"), b"a\n");
        assert_eq!(strip_line_ending(b"\r\r\n"), b"\r");
    }
}
