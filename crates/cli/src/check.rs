//! `weburl check`: every validation error of each URL with a caret under its position, the
//! verdict, and with `--rfc3986` the RFC 3986 view of the input and of the resulting href.

use std::fmt::Write as _;

use weburl::Url;
use weburl::rfc3986_bridge;

use crate::cli::CheckArgs;
use crate::explain::explain;
use crate::out::{Out, Status};
use crate::parse_cmd::Parser;

/// Runs `weburl check`.
pub fn run(args: &CheckArgs, out: &mut Out) -> Status {
    let parser = Parser::new(args.base.as_deref(), None)?;
    let mut status = 0;
    for (i, input) in args.urls.iter().enumerate() {
        if i > 0 {
            out.str("\n")?;
        }
        let (text, one) = check_one(&parser, args, input);
        out.str(&text)?;
        status = status.max(one);
    }
    Ok(status)
}

/// The report for one input and its status (0 valid, 1 validation errors, 2 failure).
fn check_one(parser: &Parser, args: &CheckArgs, input: &str) -> (String, u8) {
    let shown = Shown::new(input);
    let mut errors = Vec::new();
    let result = parser.parse_reporting(input, &mut |error| errors.push(error));
    let rfc = args.rfc3986.then(|| weburl::rfc3986::UriRef::parse(input));
    let mut text = String::new();
    let _ = writeln!(text, "{}", shown.text);
    // A caret line under the input for every validation error (and the RFC 3986 error).
    for error in &errors {
        let name = error.kind().name();
        let _ = write!(text, "{}^ {name}", " ".repeat(shown.column(error.offset())));
        match explain(name) {
            Some(why) => {
                let _ = writeln!(text, ": {why}");
            }
            None => text.push('\n'),
        }
    }
    if let Some(Err(err)) = &rfc {
        let offset = err.offset().unwrap_or(input.len());
        let _ = writeln!(text, "{}^ rfc3986: {err}", " ".repeat(shown.column(offset)));
    }
    let mut status = match &result {
        Ok(url) if errors.is_empty() => {
            let _ = writeln!(text, "valid: {}", url.href());
            0
        }
        Ok(url) => {
            let count = errors.len();
            let plural = if count == 1 { "" } else { "s" };
            let _ = writeln!(text, "parses with {count} validation error{plural}: {}", url.href());
            1
        }
        Err(err) => {
            let _ = writeln!(text, "fails to parse: {err}");
            2
        }
    };
    if let Some(rfc) = rfc {
        if rfc.is_err() {
            status = status.max(1);
        }
        rfc3986_report(&mut text, rfc.is_ok(), result.as_ref().ok(), input, args.base.as_deref());
    }
    (text, status)
}

/// Appends the RFC 3986 verdicts: on the input, on the href, and whether the standards agree.
fn rfc3986_report(
    text: &mut String,
    valid: bool,
    url: Option<&Url>,
    input: &str,
    base: Option<&str>,
) {
    let verdict = if valid { "is" } else { "is not" };
    let _ = writeln!(text, "rfc3986: the input {verdict} a valid URI reference");
    if let Some(url) = url {
        match rfc3986_bridge::to_rfc3986(url) {
            Ok(_) => {
                let _ = writeln!(text, "rfc3986: the href is a valid URI");
            }
            Err(err) => {
                let _ = writeln!(text, "rfc3986: the href is not a valid URI: {err}");
            }
        }
    }
    match rfc3986_bridge::disagreement(input, base) {
        None => {
            let _ = writeln!(text, "rfc3986: the two standards agree on this input");
        }
        Some(disagreement) => {
            let _ = writeln!(text, "rfc3986: the two standards disagree: {disagreement}");
        }
    }
}

/// The input as shown on one line (control and invisible characters escaped), with the column
/// of every byte offset of the input.
struct Shown {
    text: String,
    /// `(byte offset in the input, column)` for every character start, and the end.
    columns: Vec<(usize, usize)>,
}

impl Shown {
    fn new(input: &str) -> Shown {
        let mut text = String::with_capacity(input.len());
        let mut columns = Vec::with_capacity(input.len() + 1);
        let mut column = 0;
        for (offset, c) in input.char_indices() {
            columns.push((offset, column));
            let before = text.len();
            match c {
                '\t' => text.push_str("\\t"),
                '\n' => text.push_str("\\n"),
                '\r' => text.push_str("\\r"),
                c if weburl::is_invisible(c) => {
                    let _ = write!(text, "\\u{{{:x}}}", u32::from(c));
                }
                c => {
                    text.push(c);
                    column += width(c);
                    continue;
                }
            }
            // An escape: its width is its length (all ASCII).
            column += text.len() - before;
        }
        columns.push((input.len(), column));
        Shown { text, columns }
    }

    /// The column of byte `offset` (a position inside a character counts as its start).
    fn column(&self, offset: usize) -> usize {
        let index = self.columns.partition_point(|&(start, _)| start <= offset);
        self.columns.get(index.saturating_sub(1)).map_or(0, |&(_, column)| column)
    }
}

/// The number of terminal columns `c` takes: 0 for combining marks, 2 for East Asian wide and
/// emoji ranges, 1 otherwise (an approximation of UAX #11 good enough to place a caret).
fn width(c: char) -> usize {
    match c {
        '\u{300}'..='\u{36f}'
        | '\u{483}'..='\u{489}'
        | '\u{591}'..='\u{5bd}'
        | '\u{20d0}'..='\u{20ff}' => 0,
        '\u{1100}'..='\u{115f}'
        | '\u{2e80}'..='\u{303e}'
        | '\u{3041}'..='\u{33ff}'
        | '\u{3400}'..='\u{4dbf}'
        | '\u{4e00}'..='\u{9fff}'
        | '\u{a000}'..='\u{a4cf}'
        | '\u{ac00}'..='\u{d7a3}'
        | '\u{f900}'..='\u{faff}'
        | '\u{fe30}'..='\u{fe4f}'
        | '\u{ff00}'..='\u{ff60}'
        | '\u{ffe0}'..='\u{ffe6}'
        | '\u{1f300}'..='\u{1f64f}'
        | '\u{1f900}'..='\u{1f9ff}'
        | '\u{20000}'..='\u{3fffd}' => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::Shown;

    #[test]
    fn columns_follow_escapes_and_wide_characters() {
        let shown = Shown::new("a\tb界c");
        assert_eq!(shown.text, "a\\tb界c");
        assert_eq!(shown.column(0), 0);
        assert_eq!(shown.column(1), 1);
        assert_eq!(shown.column(2), 3);
        assert_eq!(shown.column(3), 4);
        // Inside the three bytes of 界: its start.
        assert_eq!(shown.column(4), 4);
        assert_eq!(shown.column(6), 6);
        assert_eq!(shown.column(7), 7);
        assert_eq!(shown.column(100), 7);
    }

    #[test]
    fn invisible_characters_are_escaped() {
        let shown = Shown::new("a\u{202e}b");
        assert_eq!(shown.text, "a\\u{202e}b");
        assert_eq!(shown.column(4), 9);
    }
}
