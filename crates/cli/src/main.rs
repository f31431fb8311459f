//! The `weburl` command: parse, check and edit URLs, IDNA and form encoding from the shell,
//! following the WHATWG URL Standard (with RFC 3986 checks on request).
//!
//! Every command writes through [`out::Out`], which turns a closed pipe into a quiet exit
//! instead of a panic; usage errors are one-line messages with exit status 2.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)
)]

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
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = err.print();
                    ExitCode::SUCCESS
                }
                // No command at all: the help is the useful answer.
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = err.print();
                    ExitCode::from(2)
                }
                _ => {
                    let command = command_path(std::env::args().skip(1));
                    eprintln_quiet(&one_line(&err.render().to_string(), &command));
                    ExitCode::from(2)
                }
            };
        }
    };
    let mut out = Out::stdout();
    let result = match cli.command {
        Command::Parse(args) => parse_cmd::run(&args, &mut out),
        Command::Check(args) => check::run(&args, &mut out),
        Command::Idna(args) => idna_cmd::run(&args, &mut out),
        Command::Set(args) => set_cmd::run(&args, &mut out),
        Command::Form(args) => form_cmd::run(&args, &mut out),
        Command::Pattern(args) => pattern_cmd::run(&args, &mut out),
    };
    let result = result.and_then(|status| out.flush().map(|()| status));
    match result {
        Ok(status) => ExitCode::from(status),
        // The reader of our output went away (`weburl parse < big | head`): stop quietly.
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            eprintln_quiet(&message);
            ExitCode::from(2)
        }
        Err(Failure::Io(err)) => {
            eprintln_quiet(&format!("i/o error: {err}"));
            ExitCode::from(2)
        }
    }
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
fn command_path(args: impl Iterator<Item = String>) -> String {
    let mut path = String::from("weburl");
    let mut names: &[&str] = &["parse", "check", "idna", "set", "form"];
    for arg in args {
        if !names.contains(&arg.as_str()) {
            break;
        }
        path.push(' ');
        path.push_str(&arg);
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
    use super::{command_path, one_line};

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
        let path = |args: &[&str]| command_path(args.iter().map(|a| (*a).to_owned()));
        assert_eq!(path(&["set", "https://a/", "fragment"]), "weburl set");
        assert_eq!(path(&["form", "serialize", "--bad"]), "weburl form serialize");
        assert_eq!(path(&["--bad", "parse"]), "weburl");
        assert_eq!(path(&["parse", "parse"]), "weburl parse");
    }
}
