//! `weburl check`: every validation error of each URL with a caret under its position, the
//! verdict, and with `--rfc3986` the RFC 3986 view of the input and of the resulting href.
//!
//! The report is written as the parser reports each error, and its size is linear in the
//! input: at most [`MAX_SHOWN`] caret lines an input (the rest are counted by name), and for an
//! input wider than [`WIDE`] columns each caret sits under a window of [`CONTEXT`] columns on
//! each side of the position, with the byte offset, instead of under the whole input.

use std::borrow::Cow;
use std::fmt::Write as _;

use weburl::Url;
use weburl::rfc3986_bridge;

use crate::cli::CheckArgs;
use crate::explain::explain;
use crate::out::{Failure, Out, Status};
use crate::parse_cmd::Parser;

/// Inputs shown wider than this many columns get, above each caret, a window of the input
/// around the position and its byte offset (instead of a caret under the whole input).
pub const WIDE: usize = 100;
/// Columns of input shown on each side of the position in such a window.
pub const CONTEXT: usize = 30;
/// The most caret lines shown for one input; the others are counted by name.
pub const MAX_SHOWN: usize = 100;

/// Runs `weburl check`.
pub fn run(args: &CheckArgs, out: &mut Out) -> Status {
    let parser = Parser::new(args.base.as_deref(), None)?;
    let mut status = 0;
    for (i, input) in args.urls.iter().enumerate() {
        if i > 0 {
            out.str("\n")?;
        }
        status = status.max(check_one(out, &parser, args, input)?);
    }
    Ok(status)
}

/// The caret lines of one input, written as the parser reports each error: at most
/// [`MAX_SHOWN`], the rest counted by name.
struct Carets<'a> {
    shown: &'a Shown,
    /// Every validation error so far.
    total: usize,
    /// The errors not shown, by name, in the order first seen.
    hidden: Vec<(&'static str, usize)>,
    /// The first write failure (the parser's sink cannot return it).
    failure: Option<Failure>,
}

impl Carets<'_> {
    fn error(&mut self, out: &mut Out, name: &'static str, offset: usize) {
        self.total += 1;
        if self.total > MAX_SHOWN {
            match self.hidden.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => self.hidden.push((name, 1)),
            }
            return;
        }
        if self.failure.is_none() {
            let label = match explain(name) {
                Some(why) => format!("{name}: {why}"),
                None => name.to_owned(),
            };
            if let Err(failure) = caret(out, self.shown, offset, &label) {
                self.failure = Some(failure);
            }
        }
    }
}

/// Writes one caret line under the input (or, for a wide input, a window of it and a caret
/// under that) pointing at byte `offset`, followed by `label`.
fn caret(out: &mut Out, shown: &Shown, offset: usize, label: &str) -> Result<(), Failure> {
    let column = shown.column(offset);
    if shown.width() <= WIDE {
        return out.write_fmt(format_args!("{:column$}^ {label}\n", ""));
    }
    let window = shown.window(column);
    let prefix = format!("byte {offset}: ");
    let indent = prefix.len() + window.caret;
    out.write_fmt(format_args!("{prefix}{}\n{:indent$}^ {label}\n", window.text, ""))
}

/// Checks one input, writing its report as it goes; its status (0 valid, 1 validation errors,
/// 2 failure).
fn check_one(out: &mut Out, parser: &Parser, args: &CheckArgs, input: &str) -> Status {
    let shown = Shown::new(input);
    out.str(&shown.text)?;
    out.str("\n")?;
    let mut carets = Carets { shown: &shown, total: 0, hidden: Vec::new(), failure: None };
    let result = parser.parse_reporting(input, &mut |error| {
        carets.error(out, error.kind().name(), error.offset());
    });
    if let Some(failure) = carets.failure {
        return Err(failure);
    }
    if !carets.hidden.is_empty() {
        let hidden = carets.total - MAX_SHOWN;
        let counts: Vec<String> =
            carets.hidden.iter().map(|(name, count)| format!("{name}: {count}")).collect();
        let plural = if hidden == 1 { "" } else { "s" };
        writeln!(out, "... and {hidden} more validation error{plural} ({})", counts.join(", "))?;
    }
    let rfc = args.rfc3986.then(|| weburl::rfc3986::UriRef::parse(input));
    if let Some(Err(err)) = &rfc {
        let offset = err.offset().unwrap_or(input.len());
        caret(out, &shown, offset, &format!("rfc3986: {err}"))?;
    }
    let mut status = match &result {
        Ok(url) if carets.total == 0 => {
            writeln!(out, "valid: {}", url.href())?;
            0
        }
        Ok(url) => {
            let count = carets.total;
            let plural = if count == 1 { "" } else { "s" };
            writeln!(out, "parses with {count} validation error{plural}: {}", url.href())?;
            1
        }
        Err(err) => {
            writeln!(out, "fails to parse: {err}")?;
            2
        }
    };
    if let Some(rfc) = rfc {
        if rfc.is_err() {
            status = status.max(1);
        }
        rfc3986_report(out, rfc.is_ok(), result.as_ref().ok(), input, args.base.as_deref())?;
    }
    Ok(status)
}

/// Writes the RFC 3986 verdicts: on the input, on the href, and whether the standards agree.
fn rfc3986_report(
    out: &mut Out,
    valid: bool,
    url: Option<&Url>,
    input: &str,
    base: Option<&str>,
) -> Result<(), Failure> {
    let verdict = if valid { "is" } else { "is not" };
    writeln!(out, "rfc3986: the input {verdict} a valid URI reference")?;
    if let Some(url) = url {
        match rfc3986_bridge::to_rfc3986(url) {
            Ok(_) => writeln!(out, "rfc3986: the href is a valid URI")?,
            Err(err) => writeln!(out, "rfc3986: the href is not a valid URI: {err}")?,
        }
    }
    match rfc3986_bridge::disagreement(input, base) {
        None => writeln!(out, "rfc3986: the two standards agree on this input"),
        Some(disagreement) => writeln!(out, "rfc3986: the two standards disagree: {disagreement}"),
    }
}

/// A window of the shown input: its text (with `…` where it is cut) and the column of the
/// caret inside it.
struct Window<'a> {
    text: Cow<'a, str>,
    caret: usize,
}

/// One character of the input as shown.
#[derive(Clone, Copy)]
struct Place {
    /// Its byte offset in the input.
    offset: usize,
    /// Its byte offset in the shown text.
    shown: usize,
    /// Its column.
    column: usize,
}

/// The input as shown on one line (control and invisible characters escaped), with the place
/// of every character.
struct Shown {
    text: String,
    /// Every character start, and the end, in order.
    places: Vec<Place>,
}

impl Shown {
    fn new(input: &str) -> Shown {
        let mut text = String::with_capacity(input.len());
        let mut places = Vec::with_capacity(input.len() + 1);
        let mut column = 0;
        for (offset, c) in input.char_indices() {
            places.push(Place { offset, shown: text.len(), column });
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
        places.push(Place { offset: input.len(), shown: text.len(), column });
        Shown { text, places }
    }

    /// The width of the shown text in columns.
    fn width(&self) -> usize {
        self.places.last().map_or(0, |place| place.column)
    }

    /// The column of byte `offset` (a position inside a character counts as its start).
    fn column(&self, offset: usize) -> usize {
        let index = self.places.partition_point(|place| place.offset <= offset);
        self.places.get(index.saturating_sub(1)).map_or(0, |place| place.column)
    }

    /// The shown text from [`CONTEXT`] columns before `column` to as many after it.
    fn window(&self, column: usize) -> Window<'_> {
        let from = self.places.partition_point(|p| p.column < column.saturating_sub(CONTEXT));
        let to = self.places.partition_point(|p| p.column <= column + CONTEXT);
        let start = self.places.get(from).map_or(self.text.len(), |p| p.shown);
        let end = self.places.get(to).map_or(self.text.len(), |p| p.shown);
        let start_column = self.places.get(from).map_or(column, |p| p.column);
        let inner = self.text.get(start..end).unwrap_or_default();
        let (before, after) = (start > 0, end < self.text.len());
        let text = match (before, after) {
            (false, false) => Cow::Borrowed(inner),
            _ => Cow::Owned(format!(
                "{}{inner}{}",
                if before { "…" } else { "" },
                if after { "…" } else { "" }
            )),
        };
        Window { text, caret: column.saturating_sub(start_column) + usize::from(before) }
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
    fn windows_cut_wide_inputs_around_the_caret() {
        let input = format!("{}界{}", "a".repeat(100), "b".repeat(100));
        let shown = Shown::new(&input);
        assert_eq!(shown.width(), 202);
        // Near the start: no cut before.
        let window = shown.window(shown.column(5));
        assert_eq!(window.text, format!("{}…", "a".repeat(36)));
        assert_eq!(window.caret, 5);
        // In the middle, at the wide character: cut on both sides.
        let window = shown.window(shown.column(100));
        assert_eq!(window.text, format!("…{}界{}…", "a".repeat(30), "b".repeat(29)));
        assert_eq!(window.caret, 31);
        // At the end (the caret after the last character).
        let window = shown.window(shown.column(input.len()));
        assert_eq!(window.text, format!("…{}", "b".repeat(30)));
        assert_eq!(window.caret, 31);
        // A short input is not cut.
        let short = Shown::new("abc");
        assert_eq!(short.window(1).text, "abc");
        assert_eq!(short.window(1).caret, 1);
    }

    #[test]
    fn invisible_characters_are_escaped() {
        let shown = Shown::new("a\u{202e}b");
        assert_eq!(shown.text, "a\\u{202e}b");
        assert_eq!(shown.column(4), 9);
    }
}
