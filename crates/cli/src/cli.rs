//! The command line grammar (clap derive), with examples in every command's `--help`.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// The exit statuses of every command, as `weburl --help` lists them (README, "The `weburl`
/// command", and docs/reliability.md, "Bad input", say the same).
pub const EXIT_STATUS: &str = "\
Exit status:
  0  success: every input parsed (parse, idna, form), is valid (check), or was set (set)
  1  an input failed: a URL or domain does not parse, a line of standard input is not
     UTF-8 (or not a JSON string with --json-input); check: validation errors
  2  usage error: a bad option, value or argument (also one that is not UTF-8), or
     unreadable standard input; check: a URL that fails to parse
  3  standard output cannot be written (closed, a broken pipe, a full disk): the output
     is incomplete; one line on stderr says why";

/// The top-level help after the options.
const AFTER_HELP: &str = "\
Examples:
  weburl parse \"https://user@EXAMPLE.com:443/a/./b/../c?x=1 2#f\"
  weburl parse --json < urls.txt > components.jsonl
  weburl check --rfc3986 \"https://example.org/a|b\"
  weburl idna to-ascii bücher.example
  weburl set https://example.org/ port 8080
  weburl form parse \"a=1&b=%C3%BC\"

Run `weburl <COMMAND> --help` for each command's options and examples.";

/// Parse, check and edit URLs the way browsers do (WHATWG URL Standard).
#[derive(Debug, Parser)]
#[command(name = "weburl", version, about, propagate_version = true)]
#[command(after_help = format!("{AFTER_HELP}\n\n{EXIT_STATUS}"))]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse URLs and print their components (a table, or JSON); no URL arguments: read one URL
    /// per line from standard input and write one JSON object per line.
    Parse(ParseArgs),
    /// Report every validation error of each URL, with the position in the input.
    Check(CheckArgs),
    /// Convert domains with UTS #46 as the URL Standard uses it.
    Idna(IdnaArgs),
    /// Apply a URL API setter (like `url.port = "8080"` in JavaScript) and print the new href.
    Set(SetArgs),
    /// Parse or serialize application/x-www-form-urlencoded data.
    Form(FormArgs),
    /// Match URLs against a URLPattern (`test`), or print the groups (`exec`).
    Pattern(crate::pattern_cmd::PatternArgs),
    /// Run SQL over CSV and Parquet files with the URL functions (url_host, url_parse, ...);
    /// only in a build with the cargo feature `sql`.
    #[cfg(feature = "sql")]
    Sql(crate::sql_cmd::SqlArgs),
}

/// `weburl parse`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  weburl parse \"https://user@EXAMPLE.com:443/a/./b/../c?x=1 2#f\"
  weburl parse --base https://example.org/dir/ ../x ?q=1
  weburl parse --json \"http://[::1]:8080/\"
  weburl parse --encoding windows-1252 \"http://example.org/?q=é\"
  weburl parse --progress < urls.txt > components.jsonl
  weburl parse --threads 2 -i a.txt -i b.txt > components.jsonl
  printf '\"http://a\\\\nb/\"\\n' | weburl parse --json-input

Exit status: 0 when every URL parsed, 1 when any failed, 2 on a usage error, 3
when standard output cannot be written.

Reading standard input (or --input files), every input line yields exactly one
output line, in input order, on every core (--threads): the URL's components, or
{\"line\":N,\"input\":...,\"error\":...} for a line that fails to parse or is not
UTF-8 (its input then shown with U+FFFD). Lines end at \\n; one \\r at the end of
a line (CRLF) is removed, and a last line without \\n counts (in each file). An
empty line is an input like any other (it fails without --base); no input at all
is no output and status 0. NUL and other controls stay in the line for the URL
parser (which strips them at either end). Memory stays bounded on endless input:
at most 2N+2 batches of about 256 KiB of lines are in flight for N threads.")]
pub struct ParseArgs {
    /// Parse each URL against this base URL.
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// Encoding of the query of special URLs (a WHATWG encoding label; default UTF-8).
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Print one JSON object per URL instead of a table (always on when reading stdin).
    #[arg(long)]
    pub json: bool,
    /// Read standard input as JSON lines, each line one JSON string (for URLs that hold
    /// newlines or NUL).
    #[arg(long)]
    pub json_input: bool,
    /// Show a progress bar with throughput on stderr while reading standard input or files.
    #[arg(long)]
    pub progress: bool,
    /// Read URLs from FILE, one per line, instead of standard input (repeatable, read in
    /// order; `-` is standard input). Error lines then carry "file" and the line number in it.
    #[arg(long = "input", short = 'i', value_name = "FILE")]
    pub inputs: Vec<std::path::PathBuf>,
    /// Threads parsing standard input or files (default: every available core). The output
    /// order is the input order whatever the count.
    #[arg(long, value_name = "N", value_parser = thread_count)]
    pub threads: Option<usize>,
    /// Input bytes per batch of lines handed to a thread (for tests; default 262144).
    #[arg(long, value_name = "BYTES", hide = true, value_parser = batch_bytes)]
    pub batch_bytes: Option<usize>,
    /// The URLs; none: read standard input, one URL per line.
    #[arg(value_name = "URL")]
    pub urls: Vec<String>,
}

/// Parses `--threads`: a count of at least 1.
fn thread_count(value: &str) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(0) => Err("the thread count must be at least 1 (leave out --threads to use every \
                      available core)"
            .to_owned()),
        Ok(n) => Ok(n),
        Err(err) => Err(format!("not a thread count: {err}")),
    }
}

/// Parses the hidden `--batch-bytes`: at least 1.
fn batch_bytes(value: &str) -> Result<usize, String> {
    match value.parse::<usize>() {
        Ok(0) => Err("the batch size must be at least 1 byte".to_owned()),
        Ok(n) => Ok(n),
        Err(err) => Err(format!("not a byte count: {err}")),
    }
}

/// `weburl check`.
#[derive(Debug, Args)]
#[command(after_help = format!("\
Examples:
  weburl check \"https://user@example.org/a b\"
  weburl check --base file:///c:/ \"/c:/path\"
  weburl check --rfc3986 \"https://example.org/{{a}}\"

At most {} validation errors are shown per URL (the rest are counted by name).
An input wider than {} columns gets, above each caret, a window of {} columns
either side of the position and its byte offset.

Exit status: 0 when every URL is valid, 1 when one parses with validation
errors (or, with --rfc3986, is not a valid RFC 3986 URI reference), 2 when
one fails to parse (or on a usage error), 3 when standard output cannot be
written.", crate::check::MAX_SHOWN, crate::check::WIDE, crate::check::CONTEXT))]
pub struct CheckArgs {
    /// Check each URL against this base URL.
    #[arg(long, value_name = "URL")]
    pub base: Option<String>,
    /// Also check the input and the resulting href against RFC 3986.
    #[arg(long)]
    pub rfc3986: bool,
    /// The URLs to check.
    #[arg(value_name = "URL", required = true)]
    pub urls: Vec<String>,
}

/// `weburl idna`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  weburl idna to-ascii bücher.example ☕.example
  weburl idna to-ascii --strict xn--nxasmq6b.example
  weburl idna to-unicode xn--bcher-kva.example

to-unicode runs domain to ASCII first, as the host parser does, so a domain that
a URL could not hold is an error in both directions. Exit status: 0 when every
domain converted without error, 1 otherwise, 2 on a usage error, 3 when standard
output cannot be written.")]
pub struct IdnaArgs {
    /// The direction.
    #[arg(value_enum)]
    pub direction: Direction,
    /// Use the strict flags (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength): the URL
    /// Standard's beStrict.
    #[arg(long)]
    pub strict: bool,
    /// The domains.
    #[arg(value_name = "DOMAIN", required = true, allow_hyphen_values = true)]
    pub domains: Vec<String>,
}

/// The IDNA conversions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Direction {
    /// The URL Standard's domain to ASCII.
    ToAscii,
    /// Domain to ASCII, then the URL Standard's domain to Unicode: the Unicode form of the
    /// domain a URL would hold.
    ToUnicode,
}

/// `weburl set`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  weburl set https://example.org/ port 8080
  weburl set https://example.org/a pathname \"/b c\"
  weburl set \"https://example.org/?a=1\" search \"?b=2\"
  weburl set https://example.org/ protocol ftp

Setters that the standard ignores (such as a port on a file: URL) leave the URL
unchanged. Exit status: 0, 1 when the URL (or a new href) fails to parse, 2 on
a usage error, 3 when standard output cannot be written.")]
pub struct SetArgs {
    /// The URL to change.
    pub url: String,
    /// The attribute to set.
    #[arg(value_enum)]
    pub property: Property,
    /// The new value.
    #[arg(allow_hyphen_values = true)]
    pub value: String,
}

/// The URL API attributes with setters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Property {
    /// `href` (the whole URL).
    Href,
    /// `protocol` (the scheme, with or without `:`).
    Protocol,
    /// `username`.
    Username,
    /// `password`.
    Password,
    /// `host` (hostname and port).
    Host,
    /// `hostname`.
    Hostname,
    /// `port`.
    Port,
    /// `pathname`.
    Pathname,
    /// `search` (the query, with or without `?`).
    Search,
    /// `hash` (the fragment, with or without `#`).
    Hash,
}

/// `weburl form`.
#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  weburl form parse \"a=1&b=%C3%BC&c+d=e\"
  printf 'a=1&b=2' | weburl form parse
  weburl form serialize \"q=rust url\" \"lang=ü\"

form parse takes any bytes (what is not UTF-8 becomes U+FFFD). Exit status: 0,
2 on a usage error (serialize --json: not a JSON array of [name, value] pairs,
or not UTF-8), 3 when standard output cannot be written.")]
pub struct FormArgs {
    /// parse or serialize.
    #[command(subcommand)]
    pub action: FormAction,
}

/// The form commands.
#[derive(Debug, Subcommand)]
pub enum FormAction {
    /// Parse application/x-www-form-urlencoded input into a JSON array of [name, value] pairs.
    #[command(after_help = "\
Examples:
  weburl form parse \"a=1&b=%C3%BC&c+d=e\"
  printf 'a=1&b=2' | weburl form parse")]
    Parse {
        /// The input; none: read all of standard input.
        input: Option<String>,
    },
    /// Serialize NAME=VALUE pairs (split at the first `=`) as application/x-www-form-urlencoded.
    #[command(after_help = "\
Examples:
  weburl form serialize \"q=rust url\" \"lang=ü\"
  weburl form serialize --json '[[\"a\",\"1\"],[\"b\",\"&\"]]'")]
    Serialize {
        /// Read one JSON array of [name, value] pairs instead of NAME=VALUE arguments.
        #[arg(long)]
        json: bool,
        /// The pairs (or, with --json, one JSON text; none: read it from standard input).
        #[arg(value_name = "PAIR", allow_hyphen_values = true)]
        pairs: Vec<String>,
    },
}
