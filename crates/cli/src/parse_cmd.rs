//! `weburl parse`: components of URLs given as arguments, or a JSON-lines stream over stdin
//! or files (bulk mode, in [`crate::bulk`]).

use std::io::Write as _;

use weburl::encoding_rs::{Encoding, UTF_8};
use weburl::{ParseError, Url, ValidationError};

use crate::bulk::{self, BATCH_BYTES, Options, Source};
use crate::cli::ParseArgs;
use crate::json;
use crate::out::{Failure, Out, Status, note};
use crate::progress::{Progress, files_size, stdin_size};

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
        return stream(parser, args, out);
    }
    if args.json_input {
        return Err(Failure::Usage(
            "--json-input reads standard input: give no URL arguments with it".to_owned(),
        ));
    }
    if !args.inputs.is_empty() {
        return Err(Failure::Usage(
            "--input reads URLs from files: give no URL arguments with it".to_owned(),
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
                    json::write_failure(out.writer(), None, None, input, &err.to_string())?;
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

/// Bulk mode: standard input or the `--input` files, one URL per line in, one JSON object
/// per line out, in order, on `--threads` threads (see [`crate::bulk`]).
fn stream(parser: Parser, args: &ParseArgs, out: &mut Out) -> Status {
    let threads = match args.threads {
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    };
    let is_stdin = |path: &std::path::Path| path.as_os_str() == "-";
    let sources = if args.inputs.is_empty() {
        vec![Source::stdin()]
    } else {
        let open = |path: &std::path::PathBuf| {
            if is_stdin(path) { Ok(Source::stdin()) } else { Source::open(path) }
        };
        args.inputs.iter().map(open).collect::<Result<Vec<_>, _>>()?
    };
    let mut progress = args.progress.then(|| {
        let total = if args.inputs.is_empty() {
            stdin_size()
        } else if args.inputs.iter().any(|path| is_stdin(path)) {
            None
        } else {
            files_size(&args.inputs)
        };
        Progress::new(total)
    });
    let options = Options { parser: std::sync::Arc::new(parser), json_input: args.json_input };
    let batch_bytes = args.batch_bytes.unwrap_or(BATCH_BYTES);
    let status = bulk::run(&options, sources, threads, batch_bytes, out, progress.as_mut())?;
    if let Some(progress) = &mut progress {
        out.flush()?;
        progress.finish();
    }
    let _ = std::io::stderr().flush();
    Ok(status)
}
