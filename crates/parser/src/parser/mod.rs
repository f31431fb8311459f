//! The basic URL parser (URL Standard, section 4.4).
//!
//! One [`State`] variant per state of the spec's state machine. The parser walks the input's
//! bytes once and writes the serialization straight into one output `String`; the spec's
//! "pointer decrease by 1" becomes "leave `pos` where it is". Each state function consumes as
//! much input as its state would in a row (a whole path segment, a whole query) and copies runs
//! that need no percent-encoding in bulk.
//!
//! Modules: `scheme` (scheme start to special authority ignore slashes), `authority`
//! (authority, host, port), `file` (the three file states), `path` (path start to fragment).

pub(crate) mod authority;
pub(crate) mod check;
mod fail;
mod fast;
mod file;
pub(crate) mod path;
pub(crate) mod scheme;
#[cfg(test)]
mod tests;

pub(crate) use fast::plain_path_bytes;

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::num::NonZeroU32;

use encoding_rs::Encoding;
use weburl_percent::AsciiSet;

use crate::error::{ParseError, ValidationError, ValidationErrorKind};
use crate::host::HostKind;
use crate::url::{SchemeType, Url, to_u32};

/// The states of the basic URL parser (section 4.4), named as in the spec.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum State {
    /// scheme start state
    SchemeStart,
    /// scheme state
    Scheme,
    /// no scheme state
    NoScheme,
    /// special relative or authority state
    SpecialRelativeOrAuthority,
    /// path or authority state
    PathOrAuthority,
    /// relative state
    Relative,
    /// relative slash state
    RelativeSlash,
    /// special authority slashes state
    SpecialAuthoritySlashes,
    /// special authority ignore slashes state
    SpecialAuthorityIgnoreSlashes,
    /// authority state
    Authority,
    /// host state
    Host,
    /// hostname state
    Hostname,
    /// port state
    Port,
    /// file state
    File,
    /// file slash state
    FileSlash,
    /// file host state
    FileHost,
    /// path start state
    PathStart,
    /// path state
    Path,
    /// opaque path state
    OpaquePath,
    /// query state
    Query,
    /// fragment state
    Fragment,
}

/// What a state function tells the machine: go on in a state, or stop (return the URL).
pub(crate) type Step = Result<Option<State>, ParseError>;

/// The sink for validation errors, when the caller asked for them.
pub(crate) type Sink<'s> = Option<&'s mut dyn FnMut(ValidationError)>;

/// The parser: its input, its options, and the URL record being written.
pub(crate) struct Parser<'i, 'b, 's> {
    /// The input after trimming and tab/newline removal.
    input: &'i str,
    /// The original input, for mapping error offsets back.
    original: &'i str,
    /// Bytes trimmed from the start of the original input.
    lead: usize,
    /// Whether tabs or newlines were removed (offsets then need remapping).
    removed_tabs: bool,
    /// When errors are reported and tabs or newlines were removed: for each removed byte (in
    /// order), how many kept bytes precede it (see [`Parser::original_offset`]).
    removed_at: Vec<u32>,
    /// The longest output allowed: [`MAX_LEN`], lowered by tests.
    max_len: usize,
    pos: usize,
    base: Option<&'b Url>,
    /// The query encoding when it is not UTF-8.
    encoding: Option<&'static Encoding>,
    sink: Sink<'s>,
    state_override: Option<State>,
    /// A path segment already begun in the output (file host state's drive letter).
    pending_segment: Option<usize>,

    pub(crate) out: String,
    pub(crate) scheme_end: usize,
    pub(crate) username_end: usize,
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) path_start: usize,
    pub(crate) query_start: Option<usize>,
    pub(crate) fragment_start: Option<usize>,
    pub(crate) port: Option<u16>,
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) scheme_type: SchemeType,
}

/// The longest serialization a [`Url`] can hold (its offsets are `u32`).
pub(crate) const MAX_LEN: usize = u32::MAX as usize;

/// Whether `b` is a C0 control or space (what the parser trims, section 4.4 step 1.3).
#[inline]
const fn is_c0_or_space(b: u8) -> bool {
    b <= 0x20
}

/// Whether `b` is an ASCII tab or newline.
#[inline]
fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Basic URL parser, steps 1.2 to 3: trims C0 controls and spaces (only when `trim`) and
/// removes tabs and newlines. Returns the cleaned input, the bytes trimmed from the start, and
/// where the trimmed input ends in `input`, and whether tabs or newlines were removed. Borrows
/// when nothing is removed from the middle.
#[inline]
pub(crate) fn clean(input: &str, trim: bool) -> (Cow<'_, str>, usize, usize, bool) {
    // A setter's value (no trimming) without tabs or newlines, the usual one: borrowed, with
    // no call.
    if !trim && !input.bytes().any(is_tab_or_newline) {
        return (Cow::Borrowed(input), 0, input.len(), false);
    }
    clean_any(input, trim)
}

/// [`clean`] for any input.
#[inline(never)]
fn clean_any(input: &str, trim: bool) -> (Cow<'_, str>, usize, usize, bool) {
    let (start, end) = if trim { trim_bounds(input.as_bytes()) } else { (0, input.len()) };
    // Trimmed bytes are ASCII, so these are char boundaries.
    let trimmed = input.get(start..end).unwrap_or("");
    if trimmed.bytes().any(is_tab_or_newline) {
        // The runs between them copied whole, into one allocation.
        let mut cleaned = String::with_capacity(trimmed.len());
        for run in trimmed.split(['\t', '\n', '\r']) {
            cleaned.push_str(run);
        }
        (Cow::Owned(cleaned), start, end, true)
    } else {
        (Cow::Borrowed(trimmed), start, end, false)
    }
}

/// For each tab or newline in `after_lead`, in order, the number of other bytes before it
/// (a `u32`: the input is at most `u32::MAX` bytes long).
fn removed_positions(after_lead: &[u8]) -> Vec<u32> {
    let mut removed = Vec::new();
    let mut kept: u32 = 0;
    for &b in after_lead {
        if is_tab_or_newline(b) {
            removed.push(kept);
        } else {
            kept = kept.saturating_add(1);
        }
    }
    removed
}

/// The length of `text` UTF-8 percent-encoded with `set` (every non-ASCII byte is in `set`).
fn encoded_len(text: &str, set: &AsciiSet) -> usize {
    text.bytes().map(|b| if set.contains(b) { 3 } else { 1 }).sum()
}

/// Whether `c` is a URL code point (section 4.3) other than ASCII (ASCII is checked by table).
fn is_non_ascii_url_code_point(c: char) -> bool {
    let c = c as u32;
    // U+00A0 to U+10FFFD, less surrogates (never in a str) and noncharacters.
    (0xA0..=0x10_FFFD).contains(&c) && !(0xFDD0..=0xFDEF).contains(&c) && (c & 0xFFFE) != 0xFFFE
}

/// ASCII URL code points (section 4.3): alphanumerics and `!$&'()*+,-./:;=?@_~` (the set also
/// holds every non-ASCII byte, which is never looked up).
const URL_CODE_POINT: AsciiSet = {
    let mut set = AsciiSet::NON_ASCII;
    let mut b = 0u8;
    while b < 0x80 {
        if b.is_ascii_alphanumeric() {
            set = set.add(b);
        }
        b += 1;
    }
    set.add_all(b"!$&'()*+,-./:;=?@_~")
};

/// Whether `s` starts with two ASCII hex digits.
fn starts_with_two_hex(s: &[u8]) -> bool {
    matches!(s, [a, b, ..] if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
}

/// Whether `s` is a Windows drive letter (section 4.2): an ASCII alpha and `:` or `|`.
pub(crate) fn is_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':' | b'|'] if a.is_ascii_alphabetic())
}

/// Whether `s` is a normalized Windows drive letter: an ASCII alpha and `:`.
pub(crate) fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [a, b':'] if a.is_ascii_alphabetic())
}

/// Whether `s` starts with a Windows drive letter (section 4.2).
pub(crate) fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(s.get(..2).unwrap_or(&[]))
        && (s.len() == 2 || matches!(s.get(2), Some(b'/' | b'\\' | b'?' | b'#')))
}

impl<'i, 'b, 's> Parser<'i, 'b, 's> {
    /// A parser for `input` (already cleaned) that starts a new URL.
    pub(crate) fn new(
        input: &'i str,
        original: &'i str,
        lead: usize,
        removed_tabs: bool,
        base: Option<&'b Url>,
        encoding: Option<&'static Encoding>,
        sink: Sink<'s>,
    ) -> Self {
        let removed_at = if removed_tabs && sink.is_some() {
            removed_positions(original.as_bytes().get(lead..).unwrap_or(&[]))
        } else {
            Vec::new()
        };
        Parser {
            input,
            original,
            lead,
            removed_tabs,
            removed_at,
            max_len: MAX_LEN,
            pos: 0,
            base,
            encoding,
            sink,
            state_override: None,
            pending_segment: None,
            out: String::new(),
            scheme_end: 0,
            username_end: 0,
            host_start: 0,
            host_end: 0,
            path_start: 0,
            query_start: None,
            fragment_start: None,
            port: None,
            host_kind: None,
            scheme_type: SchemeType::NotSpecial,
        }
    }

    /// A parser run with a state override on one component of `url` (the URL API setters,
    /// section 6.1); it writes only that component, starting at offset 0 of its own output.
    pub(crate) fn for_override(input: &'i str, url: &Url, state: State) -> Self {
        let mut parser = Parser::new(input, input, 0, false, None, None, None);
        parser.out = String::with_capacity(input.len());
        parser.state_override = Some(state);
        parser.scheme_type = url.scheme_type;
        parser.host_kind = url.host_kind;
        parser
    }

    #[inline]
    fn byte(&self, i: usize) -> Option<u8> {
        self.input.as_bytes().get(i).copied()
    }

    /// `c`: the byte at the pointer, `None` for the EOF code point.
    #[inline]
    fn c(&self) -> Option<u8> {
        self.byte(self.pos)
    }

    /// `remaining`: the input after the pointer's code point.
    #[inline]
    fn remaining(&self) -> &'i [u8] {
        self.input.as_bytes().get(self.pos + 1..).unwrap_or(&[])
    }

    #[inline]
    fn rest(&self) -> &'i [u8] {
        self.input.as_bytes().get(self.pos..).unwrap_or(&[])
    }

    #[inline]
    fn slice(&self, start: usize, end: usize) -> &'i str {
        self.input.get(start..end).unwrap_or("")
    }

    #[inline]
    fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// Maps an offset in the cleaned input to one in the original input: the byte at cleaned
    /// offset `k` follows every removed byte with at most `k` kept bytes before it. A binary
    /// search, so that reporting many errors stays linear. (Without a sink only the one
    /// failure is mapped, by a scan.)
    fn original_offset(&self, offset: usize) -> usize {
        if !self.removed_tabs {
            return self.lead + offset;
        }
        let removed = if self.sink.is_some() {
            self.removed_at.partition_point(|&kept| kept as usize <= offset)
        } else {
            let after_lead = self.original.as_bytes().get(self.lead..).unwrap_or(&[]);
            let mut kept = 0;
            let mut removed = 0;
            for &b in after_lead {
                if is_tab_or_newline(b) {
                    removed += 1;
                } else if kept == offset {
                    break;
                } else {
                    kept += 1;
                }
            }
            removed
        };
        (self.lead + offset + removed).min(self.original.len())
    }

    /// Fails with [`ParseError::TooLong`] once the output is longer than a URL can be.
    fn check_len(&self) -> Result<(), ParseError> {
        if self.out.len() > self.max_len { Err(ParseError::TooLong) } else { Ok(()) }
    }

    /// Appends `text` UTF-8 percent-encoded with `set`, or fails with [`ParseError::TooLong`]
    /// without writing when the output would grow past the limit. Encoding at most triples
    /// each byte, so only a text that could pass the limit is measured first.
    fn encode(&mut self, text: &str, set: &AsciiSet) -> Result<(), ParseError> {
        let room = self.max_len.saturating_sub(self.out.len());
        if text.len().saturating_mul(3) > room && encoded_len(text, set) > room {
            return Err(ParseError::TooLong);
        }
        weburl_percent::encode_into(text, set, &mut self.out);
        Ok(())
    }

    /// Reports a validation error at `offset` of the cleaned input.
    #[inline]
    fn report(&mut self, kind: ValidationErrorKind, offset: usize) {
        if self.sink.is_some() {
            let error = ValidationError::new(kind, self.original_offset(offset));
            if let Some(sink) = self.sink.as_mut() {
                sink(error);
            }
        }
    }

    /// Reports a validation error and returns the failure it causes.
    fn fail(&mut self, kind: ValidationErrorKind, offset: usize) -> ParseError {
        self.report(kind, offset);
        ParseError::Invalid(ValidationError::new(kind, self.original_offset(offset)))
    }

    /// The invalid-URL-unit checks of the path, opaque path, query and fragment states (step
    /// "if c is not a URL code point and not %" and "if c is % and remaining does not start
    /// with two ASCII hex digits") over `start..end`. Only runs when errors are wanted.
    fn check_url_units(&mut self, start: usize, end: usize) {
        if self.sink.is_none() {
            return;
        }
        let text = self.slice(start, end);
        // Skip the leading run of ASCII URL code points (the usual whole text) by table.
        let skip = text.bytes().position(|b| !(b.is_ascii() && URL_CODE_POINT.contains(b)));
        let Some(skip) = skip else { return };
        let (start, text) = (start + skip, text.get(skip..).unwrap_or(""));
        for (i, c) in text.char_indices() {
            let ok = if c == '%' {
                starts_with_two_hex(self.input.as_bytes().get(start + i + 1..).unwrap_or(&[]))
            } else if c.is_ascii() {
                URL_CODE_POINT.contains(c as u8)
            } else {
                is_non_ascii_url_code_point(c)
            };
            if !ok {
                self.report(ValidationErrorKind::InvalidUrlUnit, start + i);
            }
        }
    }

    /// Runs the state machine from `state` until a state returns.
    pub(crate) fn run(&mut self, mut state: State) -> Result<(), ParseError> {
        loop {
            let next = match state {
                State::SchemeStart => self.scheme_start_state(),
                State::Scheme => self.scheme_state(),
                State::NoScheme => self.no_scheme_state(),
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(),
                State::PathOrAuthority => self.path_or_authority_state(),
                State::Relative => self.relative_state(),
                State::RelativeSlash => self.relative_slash_state(),
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(),
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state()
                }
                State::Authority => self.authority_state(),
                State::Host | State::Hostname => self.host_state(),
                State::Port => self.port_state(),
                State::File => self.file_state(),
                State::FileSlash => self.file_slash_state(),
                State::FileHost => self.file_host_state(),
                State::PathStart => self.path_start_state(),
                State::Path => self.path_state(),
                State::OpaquePath => self.opaque_path_state(),
                State::Query => self.query_state(),
                State::Fragment => self.fragment_state(),
            }?;
            match next {
                Some(s) => state = s,
                None => return Ok(()),
            }
        }
    }

    /// Sets the record to "null host" right after the scheme's `:`.
    fn set_null_host(&mut self) {
        let after = self.scheme_end + 1;
        self.username_end = after;
        self.host_start = after;
        self.host_end = after;
        self.path_start = self.out.len();
        self.host_kind = None;
        self.port = None;
    }

    /// Appends `base`'s serialization from just after its scheme's `:` up to `end`, taking its
    /// offsets (the schemes are equal, so the offsets carry over unchanged).
    fn copy_from_base(&mut self, base: &Url, end: u32) {
        let start = base.scheme_end as usize + 1;
        debug_assert_eq!(self.out.len(), start);
        self.out.push_str(base.serialization.get(start..end as usize).unwrap_or(""));
        self.username_end = base.username_end as usize;
        self.host_start = base.host_start as usize;
        self.host_end = base.host_end as usize;
        self.port = base.port;
        self.host_kind = base.host_kind;
        self.path_start = (base.path_start as usize).min(self.out.len());
    }

    /// Shorten a URL's path (section 4.2) on the path written at `path_start..`.
    fn shorten_path(&mut self) {
        let path = self.out.as_bytes().get(self.path_start..).unwrap_or(&[]);
        // Step 3: a file URL keeps a lone normalized Windows drive letter.
        if self.scheme_type.is_file()
            && path.len() == 3
            && is_normalized_windows_drive_letter(path.get(1..).unwrap_or(&[]))
        {
            return;
        }
        // Step 4: remove the last segment.
        if let Some(i) = path.iter().rposition(|&b| b == b'/') {
            self.out.truncate(self.path_start + i);
        }
    }

    /// Makes the `/.` prefix (URL serializer, step 3) agree with the path: present exactly
    /// when the host is null and the path's first segment is empty with more following.
    fn fix_dot_prefix(&mut self) {
        if self.host_kind.is_some() {
            return;
        }
        let after = self.host_end;
        let has_prefix = self.path_start == after + 2;
        let path_end = self.query_start.or(self.fragment_start).unwrap_or(self.out.len());
        let wants = self.out.get(self.path_start..path_end).is_some_and(|p| p.starts_with("//"));
        if wants && !has_prefix {
            self.out.insert_str(after, "/.");
            self.shift_after_path_start(2, true);
        } else if !wants && has_prefix {
            self.out.replace_range(after..after + 2, "");
            self.shift_after_path_start(2, false);
        }
    }

    fn shift_after_path_start(&mut self, by: usize, grow: bool) {
        let shift = |x: usize| if grow { x + by } else { x.saturating_sub(by) };
        self.query_start = self.query_start.map(shift);
        self.fragment_start = self.fragment_start.map(shift);
        self.path_start = shift(self.path_start);
    }

    /// Builds the URL from the record written so far.
    fn finish(mut self) -> Result<Url, ParseError> {
        self.fix_dot_prefix();
        self.check_len()?;
        if u32::try_from(self.out.len()).is_err() {
            return Err(ParseError::TooLong);
        }
        let nz = |x: usize| NonZeroU32::new(to_u32(x));
        let url = Url {
            serialization: self.out,
            scheme_end: to_u32(self.scheme_end),
            username_end: to_u32(self.username_end),
            host_start: to_u32(self.host_start),
            host_end: to_u32(self.host_end),
            path_start: to_u32(self.path_start),
            query_start: self.query_start.and_then(nz),
            fragment_start: self.fragment_start.and_then(nz),
            port: self.port,
            host_kind: self.host_kind,
            scheme_type: self.scheme_type,
        };
        url.debug_check();
        Ok(url)
    }
}

/// The basic URL parser without url and state override: parses `input` against `base`.
#[inline(always)]
pub(crate) fn parse(
    input: &str,
    base: Option<&Url>,
    encoding: Option<&'static Encoding>,
    sink: Sink<'_>,
) -> Result<Url, ParseError> {
    // Lax mode without a base: an input whose first byte is neither trimmed (basic URL parser
    // step 1.3) nor an ASCII alpha goes from the scheme start state (step 2) to the no scheme
    // state, whose step 1 fails at that byte whatever the encoding; nothing is written, so
    // nothing is allocated. (Here rather than in `parse_into`: there it cost the valid URLs
    // of isaacs_files 2.1% more instructions, here 0.8%. `missing_scheme` takes the other
    // inputs without a scheme after the fast path.)
    if base.is_none()
        && sink.is_none()
        && input.as_bytes().first().is_some_and(|&b| scheme::starts_no_scheme(b))
    {
        return Err(no_scheme_failure(0));
    }
    parse_into(input, base, encoding, sink, String::new())
}

/// The no scheme state's failure (step 1, without a base) at `offset` of the input.
fn no_scheme_failure(offset: usize) -> ParseError {
    ParseError::Invalid(ValidationError::new(
        ValidationErrorKind::MissingSchemeNonRelativeUrl,
        offset,
    ))
}

/// [`parse`] writing the serialization into `out`'s allocation (its text is dropped first).
pub(crate) fn parse_into(
    input: &str,
    base: Option<&Url>,
    encoding: Option<&'static Encoding>,
    sink: Sink<'_>,
    mut out: String,
) -> Result<Url, ParseError> {
    if u32::try_from(input.len()).is_err() {
        return Err(ParseError::TooLong);
    }
    // The encoding step: get an output encoding; UTF-8 needs no special handling.
    let encoding = encoding.map(Encoding::output_encoding).filter(|e| *e != encoding_rs::UTF_8);
    // Room for the usual growth ("//", a final "/", an IPv4 rewrite) so that an ASCII URL
    // needing no percent-encoding is written with one allocation.
    // With a base, also room for the part of the base a relative reference keeps: one
    // allocation whatever the input.
    let base_len = base.map_or(0, |base| base.serialization.len());
    let room = input.len() + 16 + base_len;
    if out.capacity() == 0 {
        // A fresh buffer (`Url::parse`): allocated directly, not through `reserve`'s growth.
        out = String::with_capacity(room);
    } else {
        out.clear();
        out.reserve(room);
    }
    if encoding.is_none() {
        let strict = sink.is_some();
        // The base URL never matters to the inputs the fast path takes (a special scheme and
        // `//`: scheme state step 2.6 leads to the same authority states as step 2.7; or a
        // scheme that is not special and an opaque path, step 2.9).
        if strict {
            if let Some(url) = fast::parse(input, true, &mut out) {
                return Ok(url);
            }
        } else {
            let mut failure = None;
            if let Some(url) = fast::parse_or_fail(input, &mut out, &mut failure) {
                return Ok(url);
            }
            // Lax mode: a special URL's host or port failed as in the state machine.
            if let Some(failure) = failure {
                return Err(failure);
            }
        }
        if let Some(base) = base {
            if let Some(url) = fast::join(input, base, strict, &mut out) {
                return Ok(url);
            }
        } else if let Some(offset) = missing_scheme(input).filter(|_| !strict) {
            // Lax mode: the no scheme state's failure, without the state machine.
            return Err(no_scheme_failure(offset));
        }
        // Lax mode: a special URL's host or port may fail here as in the state machine.
        if let Some(answer) = fast::parse_rare_or_fail(input, strict, &mut out) {
            return answer;
        }
        if !strict && (is_padded(input) || check::has_tab_or_newline(input.as_bytes())) {
            // Lax mode, basic URL parser steps 1 and 2 (their validation errors unheard): the
            // fast paths again on the trimmed input without tabs and newlines.
            if let Some(url) = fast_cleaned(input, base, &mut out) {
                return Ok(url);
            }
        }
    }
    state_machine(input, base, encoding, sink, out)
}

/// Where the basic URL parser without a base fails when `input` has no scheme: the scheme
/// start state (step 2) or the scheme state (step 3, at a byte that is not a scheme byte or
/// `:`) leads to the no scheme state, whose step 1 fails at the first byte after the leading
/// C0 controls and spaces (step 1 trims them, step 2 removes tabs and newlines). `None` when
/// a scheme and its `:` start the input.
#[inline(never)]
fn missing_scheme(input: &str) -> Option<usize> {
    let bytes = input.as_bytes();
    // An input that starts with a letter (nothing to trim): its scheme bytes up to the first
    // other byte decide, unless that byte is a tab or newline (which the general scan below
    // skips).
    if bytes.first().is_some_and(u8::is_ascii_alphabetic) {
        match bytes.iter().find(|&&b| !scheme::is_scheme_byte(b)) {
            Some(b':') => return None,
            Some(b'\t' | b'\n' | b'\r') => {}
            _ => return Some(0),
        }
    }
    let (lead, _) = trim_bounds(bytes);
    let mut rest = bytes.get(lead..).unwrap_or_default().iter().filter(|&&b| !is_tab_or_newline(b));
    if !rest.next().is_some_and(u8::is_ascii_alphabetic) {
        return Some(lead);
    }
    match rest.find(|&&b| !scheme::is_scheme_byte(b)) {
        Some(b':') => None,
        _ => Some(lead),
    }
}

/// Whether `input` starts or ends with a C0 control or space (basic URL parser step 1 trims
/// them; the fast paths take no input that has them).
#[inline(always)]
pub(crate) fn is_padded(input: &str) -> bool {
    let bytes = input.as_bytes();
    bytes.first().is_some_and(|&b| is_c0_or_space(b))
        || bytes.last().is_some_and(|&b| is_c0_or_space(b))
}

/// `input` without its leading and trailing C0 controls and spaces (basic URL parser step 1).
pub(crate) fn trim_c0_or_space(input: &str) -> &str {
    let (start, end) = trim_bounds(input.as_bytes());
    // Trimmed bytes are ASCII, so these are char boundaries.
    input.get(start..end).unwrap_or("")
}

/// Basic URL parser step 1: where `bytes` is left once its leading and trailing C0 controls
/// and spaces are trimmed.
fn trim_bounds(bytes: &[u8]) -> (usize, usize) {
    let start = bytes.iter().position(|&b| !is_c0_or_space(b)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&b| !is_c0_or_space(b)).map_or(start, |last| last + 1);
    (start, end)
}

/// The fast paths in lax mode for an input with leading or trailing C0 controls or spaces, or
/// with tabs or newlines: they run on the input cleaned by basic URL parser steps 1 and 2 (the
/// state machine gets the input as it is).
#[inline(never)]
#[cold]
fn fast_cleaned(input: &str, base: Option<&Url>, out: &mut String) -> Option<Url> {
    let (cleaned, ..) = clean(input, true);
    fast::parse(&cleaned, false, out)
        .or_else(|| fast::join(&cleaned, base?, false, out))
        .or_else(|| fast::parse_rare(&cleaned, false, out))
}

/// The basic URL parser without the fast path: parses `input` against `base` into `out`
/// (empty), with `encoding` already an output encoding other than UTF-8.
pub(crate) fn state_machine(
    input: &str,
    base: Option<&Url>,
    encoding: Option<&'static Encoding>,
    sink: Sink<'_>,
    out: String,
) -> Result<Url, ParseError> {
    state_machine_limited(input, base, encoding, sink, out, MAX_LEN)
}

/// [`state_machine`] with the longest output allowed given (tests lower it).
fn state_machine_limited(
    input: &str,
    base: Option<&Url>,
    encoding: Option<&'static Encoding>,
    mut sink: Sink<'_>,
    out: String,
    max_len: usize,
) -> Result<Url, ParseError> {
    let (cleaned, lead, end, removed_tabs) = clean(input, true);
    if let Some(sink) = sink.as_mut() {
        // Step 1.2: leading or trailing C0 control or space.
        if lead > 0 {
            sink(ValidationError::new(ValidationErrorKind::InvalidUrlUnit, 0));
        } else if end < input.len() {
            sink(ValidationError::new(ValidationErrorKind::InvalidUrlUnit, end));
        }
        // Step 2: ASCII tab or newline.
        if removed_tabs {
            let at = input.bytes().skip(lead).position(is_tab_or_newline).unwrap_or(0) + lead;
            sink(ValidationError::new(ValidationErrorKind::InvalidUrlUnit, at));
        }
    }
    let mut parser = Parser::new(&cleaned, input, lead, removed_tabs, base, encoding, sink);
    parser.out = out;
    parser.max_len = max_len;
    parser.run(State::SchemeStart)?;
    parser.finish()
}

/// Hooks for the fuzz targets in `fuzz/` (feature `fuzzing`): not a public API, and not
/// covered by semver.
#[cfg(feature = "fuzzing")]
pub mod fuzzing {
    use alloc::format;
    use alloc::string::String;
    use alloc::vec::Vec;

    use crate::error::ValidationError;
    use crate::url::Url;

    /// The URL record's private invariant check (`Err` names the first broken rule).
    pub fn check_invariants(url: &Url) -> Result<(), &'static str> {
        url.check_invariants()
    }

    /// Every field of the record, for comparing two parses.
    fn fields(url: &Url) -> String {
        format!(
            "{:?} {} {} {} {} {} {:?} {:?} {:?} {:?} {:?}",
            url.serialization,
            url.scheme_end,
            url.username_end,
            url.host_start,
            url.host_end,
            url.path_start,
            url.query_start,
            url.fragment_start,
            url.port,
            url.host_kind,
            url.scheme_type
        )
    }

    /// Runs the fast path on `input` in both modes and, where it takes the input, the state
    /// machine against `base`: both must build the identical record, and in strict mode the
    /// state machine must report no validation error; where the rare walk answers with a
    /// failure (lax mode), the state machine must fail the same way. `Ok(true)` when the lax
    /// mode took it.
    pub fn fast_path_agrees(input: &str, base: Option<&Url>) -> Result<bool, String> {
        if let Some(Err(failure)) =
            super::fast::parse_rare_or_fail(input, false, &mut String::new())
        {
            let slow = super::state_machine(input, base, None, None, String::new());
            if slow.as_ref().err() != Some(&failure) {
                return Err(format!("rare walk failed with {failure:?}, state machine: {slow:?}"));
            }
        }
        let mut taken = false;
        for strict in [false, true] {
            let fast = super::fast::parse(input, strict, &mut String::new())
                .or_else(|| super::fast::parse_rare(input, strict, &mut String::new()));
            let Some(fast) = fast else {
                continue;
            };
            taken |= !strict;
            let mut errors: Vec<ValidationError> = Vec::new();
            let mut push = |e: ValidationError| errors.push(e);
            let sink: super::Sink<'_> = if strict { Some(&mut push) } else { None };
            let slow = super::state_machine(input, base, None, sink, String::new())
                .map_err(|e| format!("fast path (strict {strict}) took it, state machine: {e}"))?;
            if fields(&fast) != fields(&slow) {
                return Err(format!(
                    "strict {strict}: fast {} != state machine {}",
                    fields(&fast),
                    fields(&slow)
                ));
            }
            if !errors.is_empty() {
                return Err(format!("strict fast path took it, but {errors:?}"));
            }
        }
        Ok(taken)
    }
}
