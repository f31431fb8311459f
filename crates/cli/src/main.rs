//! The `weburl` command: parse, check and edit URLs, IDNA and form encoding from the shell,
//! following the WHATWG URL Standard (with RFC 3986 checks on request).
//!
//! Every command writes through [`out::Out`], which reports any failure to write standard
//! output (closed, a broken pipe, a full disk) as exit status 3 instead of losing the output;
//! usage errors, including arguments that are not UTF-8, are one-line messages with exit
//! status 2. The exit statuses are listed in `weburl --help` ([`cli::EXIT_STATUS`]).

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

mod bulk;
mod check;
mod cli;
mod explain;
mod form_cmd;
mod idna_cmd;
mod json;
mod out;
mod parse_cmd;
mod pattern_cmd;
mod progress;
mod set_cmd;
#[cfg(feature = "sql")]
mod sql_cmd;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::out::{Failure, Out};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            use clap::error::ErrorKind;
            return match err.kind() {
                // `--help` and `--version` print to stdout and succeed.
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => print_help(&err),
                // No command at all: the help is the useful answer (on stderr, with status 2).
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = err.print();
                    ExitCode::from(2)
                }
                // Not UTF-8: say which argument (clap's message names none).
                ErrorKind::InvalidUtf8 => {
                    let command = command_path(std::env::args_os().skip(1));
                    eprintln_quiet(&format!(
                        "{}; see `{command} --help`",
                        invalid_utf8(std::env::args_os().skip(1))
                    ));
                    ExitCode::from(2)
                }
                _ => {
                    let command = command_path(std::env::args_os().skip(1));
                    eprintln_quiet(&one_line(&err.render().to_string(), &command));
                    ExitCode::from(2)
                }
            };
        }
    };
    let mut out = match Out::stdout() {
        Ok(out) => out,
        Err(failure) => return report(failure),
    };
    let result = match cli.command {
        Command::Parse(args) => parse_cmd::run(&args, &mut out),
        Command::Check(args) => check::run(&args, &mut out),
        Command::Idna(args) => idna_cmd::run(&args, &mut out),
        Command::Set(args) => set_cmd::run(&args, &mut out),
        Command::Form(args) => form_cmd::run(&args, &mut out),
        Command::Pattern(args) => pattern_cmd::run(&args, &mut out),
        #[cfg(feature = "sql")]
        Command::Sql(args) => sql_cmd::run(&args, &mut out),
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => ExitCode::from(status),
        Err(failure) => report(failure),
    }
}

/// Writes clap's help or version text to standard output (through [`Out`], so that a closed
/// stdout is reported): exit status 0.
fn print_help(err: &clap::Error) -> ExitCode {
    use std::io::IsTerminal as _;
    let rendered = err.render();
    let text = if std::io::stdout().is_terminal() {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    match Out::stdout().and_then(|mut out| {
        out.str(&text)?;
        out.flush()
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => report(failure),
    }
}

/// Prints why a command stopped and returns its exit status (see [`cli::EXIT_STATUS`]).
fn report(failure: Failure) -> ExitCode {
    match failure {
        Failure::Usage(message) => {
            eprintln_quiet(&message);
            ExitCode::from(2)
        }
        // Closed, a broken pipe (`weburl parse < big | head`), a full disk: the output is
        // incomplete, and the status says so.
        Failure::Output(err) => {
            eprintln_quiet(&format!("cannot write standard output: {err}"));
            ExitCode::from(3)
        }
    }
}

/// The message for arguments that are not UTF-8: which one (counting from 1 after `weburl`),
/// shown with its bad bytes replaced by U+FFFD.
fn invalid_utf8(args: impl Iterator<Item = OsString>) -> String {
    for (i, arg) in args.enumerate() {
        if arg.to_str().is_none() {
            let shown = arg.to_string_lossy();
            return format!("argument {} ({shown:?}) is not valid UTF-8", i + 1);
        }
    }
    "an argument is not valid UTF-8".to_owned()
}

/// A clap usage error as one line: its message, possible values and tip, and which help to
/// read (the usage block itself is left out).
fn one_line(rendered: &str, command: &str) -> String {
    let mut text = String::new();
    for line in rendered.lines().map(str::trim).filter(|line| !line.is_empty()) {
        if line.starts_with("Usage: ") || line.starts_with("For more information") {
            continue;
        }
        let part = line.strip_prefix("error: ").unwrap_or(line);
        if !text.is_empty() {
            // `[possible values: ...]` and the list after a colon continue the sentence.
            text.push_str(if part.starts_with('[') || text.ends_with(':') { " " } else { "; " });
        }
        text.push_str(part);
    }
    format!("{text}; see `{command} --help`")
}

/// The command the arguments name (`weburl form parse`), for pointing at its `--help`.
/// Arguments that are not UTF-8 end the path; they never panic.
fn command_path(args: impl Iterator<Item = OsString>) -> String {
    let mut path = String::from("weburl");
    let mut names: &[&str] = &["parse", "check", "idna", "set", "form"];
    for arg in args {
        let Some(arg) = arg.to_str().filter(|arg| names.contains(arg)) else {
            break;
        };
        path.push(' ');
        path.push_str(arg);
        names = if arg == "form" { &["parse", "serialize"] } else { &[] };
    }
    path
}

/// Writes `weburl: <message>` to stderr, ignoring a failure to do so.
fn eprintln_quiet(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "weburl: {message}");
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::{command_path, invalid_utf8, one_line};

    #[test]
    fn clap_errors_become_one_line() {
        let rendered = "error: unexpected argument '--nope' found\n\n  tip: to pass '--nope' as a value, use '-- --nope'\n\nUsage: weburl parse [OPTIONS] [URL]...\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(rendered, "weburl parse"),
            "unexpected argument '--nope' found; tip: to pass '--nope' as a value, use \
             '-- --nope'; see `weburl parse --help`"
        );
        let rendered = "error: the following required arguments were not provided:\n  <URL>...\n";
        assert_eq!(
            one_line(rendered, "weburl check"),
            "the following required arguments were not provided: <URL>...; see `weburl check --help`"
        );
    }

    #[test]
    fn command_paths() {
        let path = |args: &[&str]| command_path(args.iter().map(OsString::from));
        assert_eq!(path(&["set", "https://a/", "fragment"]), "weburl set");
        assert_eq!(path(&["form", "serialize", "--bad"]), "weburl form serialize");
        assert_eq!(path(&["--bad", "parse"]), "weburl");
        assert_eq!(path(&["parse", "parse"]), "weburl parse");
    }

    #[cfg(unix)]
    #[test]
    fn arguments_that_are_not_utf8() {
        use std::os::unix::ffi::OsStringExt as _;
        let bad = || OsString::from_vec(b"http://a/\xFF".to_vec());
        let form = [OsString::from("form"), OsString::from("parse"), bad()];
        assert_eq!(command_path(form.clone().into_iter()), "weburl form parse");
        assert_eq!(command_path([bad(), OsString::from("parse")].into_iter()), "weburl");
        assert_eq!(
            invalid_utf8(form.into_iter()),
            "argument 3 (\"http://a/\u{fffd}\") is not valid UTF-8"
        );
        assert_eq!(invalid_utf8(std::iter::empty()), "an argument is not valid UTF-8");
    }
}
