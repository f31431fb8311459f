//! The fast path of the basic URL parser (section 4.4) for the common case: an input with a
//! special scheme followed by `//`, a plain domain host, an optional port, and a path, query
//! and fragment (a file URL's path may start with a drive letter). Dot segments of a special non-file path are
//! removed on the way (path state steps 1.2-1.3 on the output written so far); `relative`
//! is the entry for a relative reference against a base (`Url::join`).
//!
//! It walks the input once and writes the same record as the state machine would. Each
//! component is scanned eight bytes at a time: byte `i` of a word is looked up in the `i`-th
//! of eight per-position tables whose entries OR into one bit per byte that needs a look, so
//! the lowest set bit is the exact stop (no byte loop after the word loop, whose exit would
//! mispredict). Runs that need no edit are copied in bulk. In lax mode, a run of non-ASCII
//! bytes in the path, query or fragment is percent-encoded a byte at a time (the UTF-8 of code
//! points that each of those sets encodes), a file URL's drive letter `C|` becomes `C:`, and
//! the parser's entry trims leading and trailing C0 controls and spaces before a second try.
//! Whenever the input leaves that common shape (tabs or newlines, credentials, IPv6
//! addresses and IPv4 addresses not written in their serialized form, percent-encoded or
//! non-ASCII hosts, backslashes, dot segments of a file URL, ...) it gives up and the state
//! machine parses the input from the start. In `strict` mode (someone listens for validation
//! errors) it also gives up on every input that has a validation error, so that it never has
//! one to report, and on every non-ASCII byte (a noncharacter is one).
//!
//! The unit tests run it against the state machine on the WPT data, the benchmark data and
//! generated inputs (a differential test: both must build the identical record).

mod rare;
mod relative;
mod scan;

use alloc::string::String;
use core::num::NonZeroU32;

use weburl_percent::{AsciiSet, C0_CONTROL, FRAGMENT, PATH, QUERY, SPECIAL_QUERY};

use super::URL_CODE_POINT;
use super::authority::{ends_authority, push_port, scan_port};
use crate::error::{ParseError, ValidationError, ValidationErrorKind};
use crate::host::HostKind;
use crate::url::{SchemeType, Url, to_u32};

pub(crate) use rare::{parse_rare, parse_rare_or_fail};
pub(crate) use relative::join;
pub(crate) use scan::plain_path_bytes;
pub(super) use scan::scan_plain;
use scan::{StrictHost, scan, scan_path, scan_text};

/// Byte class: copied as it is, no validation error.
const COPY: u8 = 0;
/// Byte class: percent-encoded; not a URL code point, so a validation error too.
const ENCODE: u8 = 1;
/// Byte class: percent-encoded, and a URL code point (`'` in a special query): no error.
const ENCODE_OK: u8 = 2;
/// Byte class: copied, but not a URL code point (a validation error).
const LOOSE: u8 = 3;
/// Byte class: needs a look (`%`, a delimiter) or makes the fast path give up.
const STOP: u8 = 4;

/// The class table of one component: bytes of `stops` (and C0 controls, DEL and non-ASCII
/// bytes) are [`STOP`]; the others are classed by `set` and the URL code points.
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
const fn classes(set: &AsciiSet, stops: &[u8]) -> [u8; 256] {
    let mut table = [STOP; 256];
    let mut b = 0x20;
    while b < 0x7F {
        let url = URL_CODE_POINT.contains(b as u8);
        let encoded = set.contains(b as u8);
        table[b] = match (url, encoded) {
            (true, false) => COPY,
            (true, true) => ENCODE_OK,
            (false, true) => ENCODE,
            (false, false) => LOOSE,
        };
        b += 1;
    }
    let mut i = 0;
    while i < stops.len() {
        table[stops[i] as usize] = STOP;
        i += 1;
    }
    table
}

/// Path state of a special URL: `\` (a validation error and a delimiter) and `?`/`#` stop
/// the run; `%` needs a look (it may start a dot segment, or lack its hex digits). `/` and `.`
/// are copied: [`scan_path`] stops at a `.` that starts a segment.
static PATH_CLASSES: [u8; 256] = classes(&PATH, b"\\?#%");

/// The per-position stop tables of a word-at-a-time scan over `classes`: entry `b` of table
/// `i` is `1 << i` where the class of `b` is `min` or more (1: not the "copy" class 0 of every
/// table), so OR-ing the entries of eight bytes (byte `i` looked up in table `i`) gives one
/// bit per byte where the scan stops, with no shift and no branch per byte.
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
const fn positional(classes: &[u8; 256], min: u8) -> [[u8; 256]; 8] {
    let mut tables = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut b = 0;
        while b < 256 {
            if classes[b] >= min {
                tables[i][b] = 1 << i;
            }
            b += 1;
        }
        i += 1;
    }
    tables
}

/// [`PATH_STOPS`] entry bit of a byte [`PATH_CLASSES`] does not copy, at byte position 0.
const PATH_STOP: u32 = 1;
/// [`PATH_STOPS`] entry bit of a `.` (copied, unless it starts a segment), at position 0.
const PATH_DOT: u32 = 1 << 8;
/// [`PATH_STOPS`] entry bit of a `/`, at byte position 0: one above the byte's place, so that
/// bit `i` of the slash bits shifted down by 16 says that byte `i - 1` is a `/`.
const PATH_SLASH: u32 = 1 << 17;

/// The path scan's per-position tables (see [`positional`]): [`PATH_STOP`], [`PATH_DOT`]
/// and [`PATH_SLASH`] shifted left by the position (a `.` right after a `/` stops the scan).
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
static PATH_STOPS: [[u32; 256]; 8] = {
    let mut tables = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut b = 0;
        while b < 256 {
            tables[i][b] = if PATH_CLASSES[b] != 0 {
                PATH_STOP << i
            } else if b == b'.' as usize {
                PATH_DOT << i
            } else if b == b'/' as usize {
                PATH_SLASH << i
            } else {
                0
            };
            b += 1;
        }
        i += 1;
    }
    tables
};

/// Query state of a special URL: the query ends at `#`.
static QUERY_CLASSES: [u8; 256] = classes(&SPECIAL_QUERY, b"#%");
/// Query state of a URL that is not special (the query percent-encode set: `'` is copied).
static OTHER_QUERY_CLASSES: [u8; 256] = classes(&QUERY, b"#%");
/// The scan's stop table of [`OTHER_QUERY_CLASSES`].
static OTHER_QUERY_STOPS: [[u8; 256]; 8] = positional(&OTHER_QUERY_CLASSES, 1);
/// Opaque path state: `?` and `#` end the path; a space needs a look at what follows (step
/// 3), which the fast path leaves to the state machine.
static OPAQUE_CLASSES: [u8; 256] = classes(&C0_CONTROL, b"?#% ");
/// The scan's stop table of [`OPAQUE_CLASSES`].
static OPAQUE_STOPS: [[u8; 256]; 8] = positional(&OPAQUE_CLASSES, 1);
/// Fragment state.
static FRAGMENT_CLASSES: [u8; 256] = classes(&FRAGMENT, b"%");
/// The scan's stop table of [`QUERY_CLASSES`].
static QUERY_STOPS: [[u8; 256]; 8] = positional(&QUERY_CLASSES, 1);
/// The scan's stop table of [`FRAGMENT_CLASSES`].
static FRAGMENT_STOPS: [[u8; 256]; 8] = positional(&FRAGMENT_CLASSES, 1);

/// Host byte class: copied (`a`-`z`, digits, `-`, `.`).
pub(super) const H_COPY: u8 = 0;
/// Host byte class: an ASCII upper alpha, lowercased.
pub(super) const H_UPPER: u8 = 1;
/// Host byte class: `_`, fine for the domain parser but not for the strict ToASCII.
pub(super) const H_LOOSE: u8 = 2;
/// Host byte class: ends the host (`:`, `/`, `?`, `#`).
pub(super) const H_END: u8 = 3;
/// Host byte class: anything else; the state machine handles it.
const H_OTHER: u8 = 4;

/// The classes of host bytes ([`H_COPY`] and the others).
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
pub(super) static HOST_CLASSES: [u8; 256] = {
    let mut table = [H_OTHER; 256];
    let mut b = 0;
    while b < 0x80 {
        let byte = b as u8;
        table[b] = if byte.is_ascii_lowercase() || byte.is_ascii_digit() {
            H_COPY
        } else if byte.is_ascii_uppercase() {
            H_UPPER
        } else {
            match byte {
                b'-' | b'.' => H_COPY,
                b'_' => H_LOOSE,
                b':' | b'/' | b'?' | b'#' => H_END,
                _ => H_OTHER,
            }
        };
        b += 1;
    }
    table
};

/// The scan's stop table of [`HOST_CLASSES`].
static HOST_STOPS: [[u8; 256]; 8] = positional(&HOST_CLASSES, 1);
/// The scan's stop tables of the bytes that end a host or make it unusual ([`HOST_CLASSES`]
/// above [`H_LOOSE`]), for `URL.canParse`.
pub(super) static HOST_END_STOPS: [[u8; 256]; 8] = positional(&HOST_CLASSES, H_LOOSE + 1);

/// 1 for the bytes [`Fast::general_host`] looks at (tabs and newlines, `@`, brackets, `:` and
/// the bytes that may end the authority), 0 for the bytes it passes over.
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
static GENERAL_HOST_CLASSES: [u8; 256] = {
    let mut classes = [0u8; 256];
    let stops = b"\t\n\r@[]:/?#\\";
    let mut i = 0;
    while i < stops.len() {
        classes[stops[i] as usize] = 1;
        i += 1;
    }
    classes
};

/// 1 for the label separator `.` and for `-`, which the strict ToASCII rejects side by side
/// (an empty label, a label starting or ending with `-`) except as `--` inside a label.
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
static SEPARATORS: [u8; 256] = {
    let mut table = [0; 256];
    table[b'.' as usize] = 1;
    table[b'-' as usize] = 1;
    table
};
/// The strict host scan's per-position tables: bit `i` where [`HOST_STOPS`] stops at byte
/// `i`, and bit `8 + i` where byte `i` is one of [`SEPARATORS`].
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
static STRICT_HOST_STOPS: [[u16; 256]; 8] = {
    let mut tables = [[0u16; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut b = 0;
        while b < 256 {
            tables[i][b] = (HOST_STOPS[i][b] as u16) | ((SEPARATORS[b] as u16) << (8 + i));
            b += 1;
        }
        i += 1;
    }
    tables
};

/// The class of `byte` in `table` (a 256-entry table: always in bounds).
#[inline(always)]
#[allow(clippy::indexing_slicing, reason = "a `u8` index into a 256-entry table")]
pub(super) fn class(table: &[u8; 256], byte: u8) -> u8 {
    table[usize::from(byte)]
}

/// The special scheme named by `scheme` (any ASCII case), `None` for the others.
#[inline]
pub(super) fn special_scheme(scheme: &[u8]) -> Option<SchemeType> {
    // Bytes packed little-endian and ORed with 0x20: `b | 0x20` equals a lowercase letter only
    // when `b` is that letter in either case, so the comparisons are exact.
    let word = |bytes: &[u8]| bytes.iter().rev().fold(0u32, |w, &b| (w << 8) | u32::from(b | 0x20));
    let lower = |name: &[u8; 4]| u32::from_le_bytes(*name);
    match scheme {
        [a, b, c, d] => {
            let w = word(&[*a, *b, *c, *d]);
            if w == lower(b"http") {
                Some(SchemeType::Http)
            } else if w == lower(b"file") {
                Some(SchemeType::File)
            } else {
                None
            }
        }
        [a, b, c, d, e] => (word(&[*a, *b, *c, *d]) == lower(b"http") && (e | 0x20) == b's')
            .then_some(SchemeType::Https),
        [a, b] => (word(&[*a, *b]) == word(b"ws")).then_some(SchemeType::Ws),
        [a, b, c] => {
            let w = word(&[*a, *b, *c]);
            if w == word(b"wss") {
                Some(SchemeType::Wss)
            } else if w == word(b"ftp") {
                Some(SchemeType::Ftp)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The two commonest starts, `http://` and `https://` (scheme in any ASCII case), told apart
/// without a branch in the input's first eight bytes `word` (see [`head_word`]): returns the
/// scheme's length and type.
#[inline]
pub(super) fn http_scheme(word: u64) -> Option<(usize, SchemeType)> {
    // `| 0x20` lowercases the scheme's letters (and makes no other byte one of them); the
    // `://` bytes are compared exactly.
    let http = (word | 0x2020_2020) & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"http://\0");
    let https = word | 0x20_2020_2020 == u64::from_le_bytes(*b"https://");
    if !(http | https) {
        return None;
    }
    let kind = if https { SchemeType::Https } else { SchemeType::Http };
    Some((4 + usize::from(https), kind))
}

/// Whether the input's first eight bytes `word` (see [`head_word`]) start with `file://`
/// (scheme in any ASCII case).
#[inline]
fn file_scheme(word: u64) -> bool {
    (word | 0x2020_2020) & 0x00FF_FFFF_FFFF_FFFF == u64::from_le_bytes(*b"file://\0")
}

/// The first eight bytes of `bytes` as a little-endian word, 0 bytes past its end.
#[inline]
pub(super) fn head_word(bytes: &[u8]) -> u64 {
    match bytes.get(..8).and_then(|head| <[u8; 8]>::try_from(head).ok()) {
        Some(head) => u64::from_le_bytes(head),
        None => short_head_word(bytes),
    }
}

/// [`head_word`] of an input shorter than eight bytes.
#[cold]
fn short_head_word(bytes: &[u8]) -> u64 {
    bytes.iter().rev().fold(0, |word, &b| (word << 8) | u64::from(b))
}

/// Whether `segment` is a single- or double-dot URL path segment (section 4.1), cheaply ruling
/// out the usual segments first.
#[inline]
fn is_dot_segment(segment: &[u8]) -> bool {
    matches!(segment.first(), Some(b'.' | b'%'))
        && segment.len() <= 6
        && (super::path::is_single_dot(segment) || super::path::is_double_dot(segment))
}

/// Whether the ASCII domain `host` surely does not end in a number (host parser step 8, the
/// ends-in-a-number checker): its last label (ignoring one trailing `.`) ends with a byte that
/// no IPv4 number has (not a hex digit nor `x`), or does not start with a digit. `false` means
/// "maybe": the state machine decides.
#[inline(always)]
pub(super) fn surely_not_a_number(host: &[u8]) -> bool {
    let trimmed = match host {
        [rest @ .., b'.'] => rest,
        _ => host,
    };
    let Some(&last) = trimmed.last() else { return false };
    // `| 0x20` makes `x` of `X` and of no other byte.
    if !last.is_ascii_hexdigit() && last | 0x20 != b'x' {
        return true;
    }
    let label_start = trimmed.iter().rposition(|&b| b == b'.').map_or(0, |dot| dot + 1);
    trimmed.get(label_start).is_some_and(|b| !b.is_ascii_digit())
}

/// Whether `host` is an IPv4 address written as the IPv4 serializer writes it: four decimal
/// numbers from 0 to 255 without leading zeros, separated by `.` (so the IPv4 parser reads
/// it without a validation error and the serialization is `host` itself).
#[inline]
pub(super) fn is_serialized_ipv4(host: &[u8]) -> bool {
    let mut parts = 0;
    for part in host.split(|&b| b == b'.') {
        parts += 1;
        let number = match *part {
            [a] if a.is_ascii_digit() => true,
            [a, b] => a != b'0' && a.is_ascii_digit() && b.is_ascii_digit(),
            [a, b, c] => {
                a != b'0'
                    && [a, b, c].iter().all(u8::is_ascii_digit)
                    && (u16::from(a - b'0') * 100 + u16::from(b - b'0') * 10 + u16::from(c - b'0'))
                        <= 255
            }
            _ => false,
        };
        if !number || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// Whether the strict ToASCII (beStrict true) surely accepts the ASCII domain `host` of
/// letters, digits, `-` and `.` with no two of `.` and `-` side by side (the strict host scan,
/// [`StrictHost`], gives up on those). Such a host of at most 63 bytes that neither starts
/// nor ends with either has labels of 1 to 63 bytes, none starting or ending with `-` nor
/// holding `--`; a longer one (at most 253 bytes, no trailing `.`: VerifyDnsLength rejects
/// the empty root label) has each label checked.
#[inline]
fn surely_strict_ok(host: &[u8]) -> bool {
    let inner = |b: Option<&u8>| b.is_some_and(|b| !matches!(b, b'.' | b'-'));
    if host.len() <= 63 {
        return inner(host.first()) && inner(host.last());
    }
    host.len() <= 253
        && host.last() != Some(&b'.')
        && host.split(|&b| b == b'.').all(label_surely_strict_ok)
}

/// Whether the strict ToASCII (beStrict true) surely accepts `label` of an ASCII domain of
/// letters, digits, `-` and `.`: 1 to 63 bytes long, not starting or ending with `-`, without
/// `--` in its third and fourth places (which also rules out `xn--` labels). `false` means
/// "not sure": the state machine decides.
#[inline]
fn label_surely_strict_ok(label: &[u8]) -> bool {
    (1..=63).contains(&label.len())
        && label.first() != Some(&b'-')
        && label.last() != Some(&b'-')
        && label.get(2..4) != Some(b"--")
}

/// Whether a special URL's authority holds an `@` in `rest` (the input from a point in the
/// authority on, up to its end): the state machine's credentials end at the last `@`.
pub(super) fn at_sign_after(rest: &[u8]) -> bool {
    rest.iter().take_while(|&&b| !ends_authority(b, true)).any(|&b| b == b'@')
}

/// The fast path's walk over one input. The output is the input with a few edits (scheme and
/// host lowercased, the port made canonical, a `/` inserted, bytes percent-encoded), so the
/// walk keeps the input from `run` on "pending" and copies it in one piece at the next edit.
/// `STRICT`: someone listens for validation errors (give up on each).
struct Fast<'i, 'o, const STRICT: bool, N: Notes = ()> {
    input: &'i str,
    bytes: &'i [u8],
    out: &'o mut String,
    /// Input bytes from `run` to the current position are still to be copied to `out`.
    run: usize,
    /// Lax mode, the rare shapes: where the walk gave up on a special URL's host or port that
    /// the state machine fails on, its failure (see [`parse_rare_or_fail`]).
    notes: N,
}

/// Where a walk notes the failure it gave up on (see [`parse_rare_or_fail`] and
/// [`parse_or_fail`]): the rare walk and the entry's lax walk keep it, the others (`()`: no
/// room, no writes) do not.
trait Notes {
    /// Whether the walk keeps what it notes (so that it works the failure out at all).
    const KEEPS: bool;
    fn note(&mut self, failure: ParseError);
}

impl Notes for () {
    const KEEPS: bool = false;
    #[inline(always)]
    fn note(&mut self, _: ParseError) {}
}

impl Notes for Option<ParseError> {
    const KEEPS: bool = true;
    #[inline(always)]
    fn note(&mut self, failure: ParseError) {
        *self = Some(failure);
    }
}

/// The entry's walk notes into its caller's slot (no failure moved on the way back). The rare
/// walk keeps its own `Option` (above): giving both walks this one type makes them one
/// instance of the walk, which measured +3% to +7% instructions on the parse lists.
impl Notes for &mut Option<ParseError> {
    const KEEPS: bool = true;
    #[inline(always)]
    fn note(&mut self, failure: ParseError) {
        **self = Some(failure);
    }
}

impl<const STRICT: bool, N: Notes> Fast<'_, '_, STRICT, N> {
    /// Copies the pending input up to `end` (an index next to ASCII bytes, so on a char
    /// boundary) to the output; the pending run then starts at `next`.
    #[inline]
    fn flush(&mut self, end: usize, next: usize) {
        self.out.push_str(self.input.get(self.run..end).unwrap_or(""));
        self.run = next;
    }

    /// The output length once the pending input up to `pos` (never before `run`) is copied.
    #[inline]
    fn out_len(&self, pos: usize) -> usize {
        self.out.len() + pos.saturating_sub(self.run)
    }

    /// Handles the byte `b` at `pos` that the scan stopped at in a path, query or fragment: a
    /// percent-encoded byte, a byte copied with a validation error, a `%`, or (lax mode) a run
    /// of non-ASCII bytes. Returns where the walk goes on; `None` when the fast path must give
    /// up (and for the component's delimiters).
    #[inline]
    fn take(&mut self, pos: usize, b: u8, table: &[u8; 256]) -> Option<usize> {
        match class(table, b) {
            ENCODE_OK => {}
            ENCODE if !STRICT => {}
            LOOSE => return (!STRICT).then_some(pos + 1),
            STOP if b == b'%' => {
                // A `%` not followed by two hex digits is copied with a validation error.
                let hex = self
                    .bytes
                    .get(pos + 1..pos + 3)
                    .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
                return (hex || !STRICT).then_some(pos + 1);
            }
            STOP if !STRICT && !b.is_ascii() => return Some(self.encode_non_ascii(pos)),
            _ => return None,
        }
        self.flush(pos, pos + 1);
        self.out.push_str(weburl_percent::percent_encode_byte(b));
        Some(pos + 1)
    }

    /// Whether the walk reads a `\\` of a URL of `scheme_type` as a `/`: in lax mode (its
    /// validation error unheard), for a special URL other than file (whose drive letters are
    /// for the state machine).
    #[inline(always)]
    fn backslash_is_slash(scheme_type: SchemeType) -> bool {
        !STRICT && scheme_type.is_special() && scheme_type != SchemeType::File
    }

    /// Lax mode: the run of non-ASCII bytes at `pos` percent-encoded, a byte at a time (the
    /// UTF-8 of code points that every component's set encodes: the path, query, fragment and
    /// opaque path states' "UTF-8 percent-encode c"; a noncharacter's validation error is not
    /// reported in lax mode). Returns where the run ends.
    #[inline(never)]
    fn encode_non_ascii(&mut self, pos: usize) -> usize {
        let rest = self.bytes.get(pos..).unwrap_or_default();
        let len = rest.iter().position(u8::is_ascii).unwrap_or(rest.len());
        self.flush(pos, pos + len);
        self.out.reserve(3 * len);
        for &b in rest.get(..len).unwrap_or_default() {
            self.out.push_str(weburl_percent::percent_encode_byte(b));
        }
        pos + len
    }

    /// Host state (file host state for file) from `host_start`: a plain domain (lowercased),
    /// a serialized IPv4 address, or a file URL's empty host. Returns where the host ends, the
    /// byte there and the host's kind; `None` to give up.
    #[inline(always)]
    fn plain_host(
        &mut self,
        host_start: usize,
        file: bool,
    ) -> Option<(usize, Option<u8>, HostKind)> {
        let bytes = self.bytes;
        let mut pos = host_start;
        let mut loose = false;
        let mut upper = false;
        // `file:///`: the empty host, no scan.
        let empty_file_host = file && bytes.get(host_start) == Some(&b'/');
        let end_byte = if empty_file_host {
            Some(b'/')
        } else {
            loop {
                pos = if STRICT {
                    scan(bytes, pos, StrictHost)
                } else {
                    scan_plain(bytes, pos, &HOST_STOPS)
                };
                let Some(&b) = bytes.get(pos) else { break None };
                match class(&HOST_CLASSES, b) {
                    H_UPPER => upper = true,
                    H_LOOSE => loose = true,
                    H_END => break Some(b),
                    // Host state step 3: a special URL's `\` ends the host too (lax mode:
                    // the path state's validation error unheard; file is not taken).
                    _ if b == b'\\' && !STRICT && !file => break Some(b),
                    _ => return None,
                }
                pos += 1;
            }
        };
        let host = bytes.get(host_start..pos)?;
        let mut host_kind = HostKind::Domain;
        if host.is_empty() {
            // An empty host fails for special URLs, except file (file host state step 1.2);
            // `file:///` also leaves `/` as the first byte of the path.
            if !file {
                return None;
            }
            host_kind = HostKind::Empty;
        } else {
            // Ends in a number (host parser step 8): the IPv4 parser. The last label, or the
            // one before when the host ends with `.`. Four decimal numbers as the IPv4
            // serializer writes them are kept as they are (no validation error); any other
            // form is for the state machine.
            let ipv4 = !surely_not_a_number(host);
            if ipv4 {
                if !is_serialized_ipv4(host) {
                    return None;
                }
                host_kind = HostKind::Ipv4;
            } else if STRICT && (loose || !surely_strict_ok(host)) {
                // Domain parser steps 1-2: the strict ToASCII's validation error.
                return None;
            }
            // File host state step 1.3.4: "localhost" becomes the empty host. (An IPv4
            // address has no letter to lowercase.)
            if ipv4 {
                debug_assert!(!upper);
            } else if file && host.eq_ignore_ascii_case(b"localhost") {
                self.flush(host_start, pos);
                host_kind = HostKind::Empty;
            } else if upper {
                self.flush(host_start, pos);
                let lower_start = self.out.len();
                self.out.push_str(self.input.get(host_start..pos).unwrap_or(""));
                if let Some(appended) = self.out.get_mut(lower_start..) {
                    appended.make_ascii_lowercase();
                }
            }
        }
        Some((pos, end_byte, host_kind))
    }

    /// Host state (not file) from `host_start` through the host parser (section 3.5): any host
    /// of a special URL (an IPv6 address, an IPv4 address in another form, a domain to map
    /// or encode), serialized into the output (lax mode: no validation errors are reported).
    /// Returns what [`plain_host`](Self::plain_host) does.
    #[inline(never)]
    fn general_host(
        &mut self,
        host_start: usize,
        opaque: bool,
        credentials: bool,
    ) -> Option<(usize, Option<u8>, HostKind)> {
        let rest = self.bytes.get(host_start..)?;
        // The host ends at a `:` outside brackets or at the end of the authority (host state
        // steps 2 and 3: a `\` too, when special); a tab or a newline (removed before
        // parsing) is for the state machine. The bytes it does not act on are passed over
        // by table.
        let mut inside_brackets = false;
        let mut len = rest.len();
        for (i, &b) in rest.iter().enumerate() {
            if class(&GENERAL_HOST_CLASSES, b) == 0 {
                continue;
            }
            match b {
                // An `@` ends the credentials (the state machine takes the last one): this
                // is not the host.
                b'\t' | b'\n' | b'\r' | b'@' => return None,
                b'[' => inside_brackets = true,
                b']' => inside_brackets = false,
                b':' if !inside_brackets => {
                    len = i;
                    break;
                }
                _ if ends_authority(b, !opaque) => {
                    len = i;
                    break;
                }
                _ => {}
            }
        }
        let pos = host_start + len;
        let host = self.input.get(host_start..pos)?;
        if host.is_empty() {
            // Host state steps 2.1 and 3.1 (authority state step 2.1 after credentials): a
            // special URL's empty host fails, unless slashes follow and no credentials come
            // before (special authority ignore slashes state skipped them: the host is after).
            let slash = matches!(rest.first(), Some(b'/' | b'\\'));
            if N::KEEPS && !opaque && (credentials || !slash) && !at_sign_after(rest) {
                let missing = ValidationError::new(ValidationErrorKind::HostMissing, host_start);
                self.notes.note(ParseError::Invalid(missing));
            }
            return None;
        }
        self.flush(host_start, pos);
        let kind = match weburl_host::parse_host_into(host, opaque, self.out, None) {
            Ok(kind) => kind,
            Err(error) => {
                // Host state steps 2.3 and 3.3 of a special URL: the state machine fails the
                // same way, unless an `@` follows in the authority (the walk took the first
                // `@` for the end of the credentials, the state machine takes the last).
                if N::KEEPS && !opaque && !at_sign_after(rest) {
                    let failure = crate::host::failure(error);
                    let at = failure.at(host_start + failure.offset());
                    self.notes.note(ParseError::InvalidHost(at));
                }
                return None;
            }
        };
        // A special URL's host is never empty or opaque; an empty host (of a URL that is not
        // special) fails with credentials or a port, which is for the state machine.
        if kind == HostKind::Empty || (kind == HostKind::Opaque && !opaque) {
            return None;
        }
        Some((pos, self.bytes.get(pos).copied(), kind))
    }

    /// Lax mode, the rare shapes: notes the port state's failure (steps 2.1 and 3) of a special
    /// URL other than file whose port starts after the `:` at `colon`, as the state machine
    /// reports it (unless an `@` follows: the port was part of the credentials).
    #[cold]
    #[inline(never)]
    fn port_failure(&mut self, colon: usize, scheme_type: SchemeType) {
        if !N::KEEPS || !scheme_type.is_special() || scheme_type == SchemeType::File {
            return;
        }
        let port = self.bytes.get(colon + 1..).unwrap_or_default();
        if at_sign_after(port) {
            return;
        }
        if let Err((kind, at)) = scan_port(port, true) {
            let error = ValidationError::new(kind, colon + 1 + at);
            self.notes.note(ParseError::Invalid(error));
        }
    }

    /// Query or fragment state from `pos` (after its delimiter) to the first `stop` byte or
    /// the end; returns where it stopped, `None` to give up. `stops` is the scan's table of
    /// `table`.
    #[inline(always)]
    fn component(
        &mut self,
        mut pos: usize,
        table: &[u8; 256],
        stops: &[[u8; 256]; 8],
        stop: u8,
    ) -> Option<usize> {
        loop {
            pos = scan_text(self.bytes, pos, stops);
            match self.bytes.get(pos) {
                None => return Some(pos),
                Some(&b) if b == stop => return Some(pos),
                Some(&b) => pos = self.take(pos, b, table)?,
            }
        }
    }

    #[inline(always)]
    fn walk(&mut self) -> Option<Url> {
        let bytes = self.bytes;
        // Basic URL parser step 1: no leading or trailing C0 control or space to trim (the
        // scheme's first byte is an alpha, so only the end needs a look).
        if *bytes.last()? <= b' ' || u32::try_from(bytes.len()).is_err() {
            return None;
        }
        // Scheme start and scheme states: a special scheme and `:`; then the special authority
        // slashes state (or the file and file slash states): exactly `//`.
        let head = head_word(bytes);
        let quick =
            http_scheme(head).or_else(|| file_scheme(head).then_some((4, SchemeType::File)));
        let (scheme_len, scheme_type) = match quick {
            Some(found) => found,
            None => {
                let scheme_len = bytes.iter().take(6).position(|&b| b == b':')?;
                // Not a special scheme: `parse_rare` may take it.
                let scheme_type = special_scheme(bytes.get(..scheme_len)?)?;
                // Backslashes for slashes: `parse_rare` may take them.
                if bytes.get(scheme_len + 1..scheme_len + 3)? != b"//" {
                    return None;
                }
                (scheme_len, scheme_type)
            }
        };
        let scheme = bytes.get(..scheme_len)?;
        let host_start = scheme_len + 3;
        // The scheme is ASCII letters (matched in any case above, at most 5 of them, so in
        // `head`): an upper one lacks the 0x20 bit.
        let case_bits =
            0x2020_2020_2020_2020 & !u64::MAX.checked_shl(8 * to_u32(scheme_len)).unwrap_or(0);
        if head & case_bits != case_bits {
            for &b in scheme {
                self.out.push(char::from(b.to_ascii_lowercase()));
            }
            self.run = scheme_len;
        }
        self.authority(scheme_len, host_start, scheme_type)
    }

    /// From the host at `host_start` of the input (right after `//`) to the end, for a URL of
    /// `scheme_type` whose scheme ends at `scheme_end` of the output (written or pending).
    #[inline(always)]
    fn authority(
        &mut self,
        scheme_end: usize,
        host_start: usize,
        scheme_type: SchemeType,
    ) -> Option<Url> {
        // A walk that keeps its failure (lax mode) takes every host but a file host (the file
        // host state has its own steps) to the host parser.
        let general = N::KEEPS && scheme_type != SchemeType::File;
        self.host_and_rest(scheme_end, host_start, None, scheme_type, general)
    }

    /// [`authority`](Self::authority) from the host at `host_start` of the input, after the
    /// credentials that end at `username_end` of the output when there are some.
    #[inline(always)]
    fn host_and_rest(
        &mut self,
        scheme_end: usize,
        host_start: usize,
        username_end: Option<usize>,
        scheme_type: SchemeType,
        general: bool,
    ) -> Option<Url> {
        let bytes = self.bytes;
        let out_host_start = self.out_len(host_start);
        let file = scheme_type == SchemeType::File;
        // Host state (file host state for file).
        let (mut pos, end_byte, host_kind) = if general && scheme_type == SchemeType::NotSpecial {
            // An opaque host (or an IPv6 address): the host parser only.
            self.general_host(host_start, true, username_end.is_some())?
        } else if general {
            // The plain scan first (most hosts), then the host parser.
            let before = (self.out.len(), self.run);
            match self.plain_host(host_start, file) {
                Some(host) => host,
                None => {
                    self.out.truncate(before.0);
                    self.run = before.1;
                    self.general_host(host_start, false, username_end.is_some())?
                }
            }
        } else {
            self.plain_host(host_start, file)?
        };
        let host_end = self.out_len(pos);
        // Port state.
        let mut port = None;
        if end_byte == Some(b':') {
            if file {
                return None;
            }
            let colon = pos;
            pos += 1;
            let mut value: u32 = 0;
            while let Some(&b) = bytes.get(pos) {
                if !b.is_ascii_digit() {
                    // Port state step 2.1 (lax mode: a special URL's `\` too).
                    let special_end = b == b'\\' && Self::backslash_is_slash(scheme_type);
                    if !(matches!(b, b'/' | b'?' | b'#') || special_end) {
                        if general {
                            self.port_failure(colon, scheme_type);
                        }
                        return None;
                    }
                    break;
                }
                value = value * 10 + u32::from(b - b'0');
                if value > 0xFFFF {
                    if general {
                        self.port_failure(colon, scheme_type);
                    }
                    return None;
                }
                pos += 1;
            }
            let digits = bytes.get(colon + 1..pos)?;
            let value = u16::try_from(value).ok()?;
            let default = Some(value) == scheme_type.default_port();
            if !digits.is_empty() && !default {
                port = Some(value);
            }
            // The serializer writes the port's shortest digits, or nothing.
            let canonical = port.is_some() && (digits.len() == 1 || digits.first() != Some(&b'0'));
            if !canonical {
                self.flush(colon, pos);
                if let Some(value) = port {
                    self.out.push(':');
                    push_port(self.out, value);
                }
            }
        }
        // Path start state: the path's first `/`, read from the input or not.
        let path_start = self.out_len(pos);
        let mut at_segment = false;
        if bytes.get(pos) == Some(&b'/') {
            pos += 1;
        } else if bytes.get(pos) == Some(&b'\\') && Self::backslash_is_slash(scheme_type) {
            // Lax mode: a special URL's `\` is its path's first `/` (path start state).
            self.flush(pos, pos + 1);
            self.out.push('/');
            pos += 1;
            at_segment = true;
        } else if scheme_type == SchemeType::NotSpecial {
            // An empty path (a URL that is not special gets no `/`): the state machine.
            return None;
        } else {
            self.flush(pos, pos);
            self.out.push('/');
        }
        // Path state, step 1.4: a file URL whose first segment is a Windows drive letter.
        if file
            && matches!(bytes.get(pos..pos + 2), Some([a, b':' | b'|']) if a.is_ascii_alphabetic())
            && matches!(bytes.get(pos + 2), None | Some(b'/' | b'\\' | b'?' | b'#'))
        {
            // Its `|` becomes `:` (not a URL code point: a validation error in strict mode).
            if bytes.get(pos + 1) == Some(&b'|') {
                if STRICT {
                    return None;
                }
                self.flush(pos + 1, pos + 2);
                self.out.push(':');
            }
        }
        let head = Head {
            scheme_end,
            username_end: username_end.unwrap_or(out_host_start),
            host_start: out_host_start,
            host_end,
            port,
            host_kind: Some(host_kind),
            scheme_type,
            path_start,
        };
        self.rest(pos, Component::Path { at_segment }, head, None)
    }

    /// From `pos` to the end: the path (a segment starts at `pos` when `at_segment`), query
    /// and fragment states as `from` says, then the record. `query_start` is the query
    /// already written (a fragment-only relative reference keeps its base's).
    #[inline(always)]
    fn rest(
        &mut self,
        mut pos: usize,
        from: Component,
        head: Head,
        mut query_start: Option<NonZeroU32>,
    ) -> Option<Url> {
        let bytes = self.bytes;
        // The byte that ended the path (the query and fragment starts look at none).
        let mut stop = None;
        if let Component::Path { at_segment } = from {
            (pos, stop) = self.path(pos, head.path_start, head.scheme_type, at_segment)?;
        } else if from == Component::OpaquePath {
            (pos, stop) = self.opaque_path(pos)?;
        }
        // Query state.
        if from == Component::Query || stop == Some(b'?') {
            if from != Component::Query {
                pos += 1;
            }
            query_start = NonZeroU32::new(to_u32(self.out_len(pos - 1)));
            // The query set for a URL that is not special (an opaque path's, or one with an
            // opaque host), the special-query set for the others.
            pos = if head.scheme_type == SchemeType::NotSpecial {
                self.component(pos, &OTHER_QUERY_CLASSES, &OTHER_QUERY_STOPS, b'#')?
            } else {
                self.component(pos, &QUERY_CLASSES, &QUERY_STOPS, b'#')?
            };
            stop = bytes.get(pos).copied();
        }
        // Fragment state.
        let mut fragment_start = None;
        if from == Component::Fragment || stop == Some(b'#') {
            if from != Component::Fragment {
                pos += 1;
            }
            fragment_start = NonZeroU32::new(to_u32(self.out_len(pos - 1)));
            pos = self.component(pos, &FRAGMENT_CLASSES, &FRAGMENT_STOPS, 0)?;
        }
        if pos != bytes.len() {
            return None;
        }
        // The last pending run (often the whole input), copied here rather than by a call.
        self.out.push_str(self.input.get(self.run..).unwrap_or(""));
        if u32::try_from(self.out.len()).is_err() {
            return None;
        }
        let url = Url {
            serialization: core::mem::take(self.out),
            scheme_end: to_u32(head.scheme_end),
            username_end: to_u32(head.username_end),
            host_start: to_u32(head.host_start),
            host_end: to_u32(head.host_end),
            path_start: to_u32(head.path_start),
            query_start,
            fragment_start,
            port: head.port,
            host_kind: head.host_kind,
            scheme_type: head.scheme_type,
        };
        url.debug_check();
        Some(url)
    }

    /// Path state from `pos` of the input to the end of the path (a `?`, a `#` or the end),
    /// for a path of a URL of `scheme_type` written from `path_start` of the output; a segment
    /// starts at `pos` when `at_segment` (after a `\`, or the first segment of a path-relative
    /// reference). Returns where the path ends and the byte there, `None` to give up.
    #[inline(always)]
    fn path(
        &mut self,
        mut pos: usize,
        path_start: usize,
        scheme_type: SchemeType,
        at_segment: bool,
    ) -> Option<(usize, Option<u8>)> {
        let bytes = self.bytes;
        let file = scheme_type == SchemeType::File;
        // Lax mode: a special URL's `\` is a `/` (step 1, with a validation error); not for
        // file, whose drive letters are for the state machine.
        let backslash = Self::backslash_is_slash(scheme_type);
        if at_segment && matches!(bytes.get(pos), Some(b'.' | b'%')) {
            pos = self.dot_segments(pos, path_start, file, backslash)?;
        }
        loop {
            pos = scan_path(bytes, pos);
            let b = bytes.get(pos).copied();
            match b {
                None | Some(b'?' | b'#') => return Some((pos, b)),
                Some(b'.' | b'%') => {
                    // Path state steps 1.2-1.3: a segment starting here may be a dot segment.
                    if bytes.get(pos.wrapping_sub(1)) == Some(&b'/') {
                        let next = self.dot_segments(pos, path_start, file, backslash)?;
                        if next != pos {
                            pos = next;
                            continue;
                        }
                    }
                    if b == Some(b'%') {
                        pos = self.take(pos, b'%', &PATH_CLASSES)?;
                    } else {
                        pos += 1;
                    }
                }
                Some(b'\\') if backslash => {
                    self.flush(pos, pos + 1);
                    self.out.push('/');
                    // The scan sees no `/` before the next segment: its dot segments here.
                    pos = self.dot_segments(pos + 1, path_start, file, backslash)?;
                }
                Some(b) => pos = self.take(pos, b, &PATH_CLASSES)?,
            }
        }
    }

    /// [`dot_segment`](Self::dot_segment) for the segments from `pos` on, as long as each is a
    /// dot segment (after one that a `\` ends, the scan would not see the next one's start);
    /// returns where the walk goes on, `None` to give up.
    #[inline(never)]
    fn dot_segments(
        &mut self,
        mut pos: usize,
        path_start: usize,
        file: bool,
        backslash: bool,
    ) -> Option<usize> {
        while matches!(self.bytes.get(pos), Some(b'.' | b'%')) {
            match self.dot_segment(pos, path_start, file, backslash)? {
                Some(next) => pos = next,
                None => break,
            }
        }
        Some(pos)
    }

    /// Path state steps 1.2 and 1.3 for the segment starting at `pos` (after a `/`, which
    /// the output ends with once the pending run is copied): `Some(None)` when it is not a
    /// dot segment; `Some(Some(next))` when it was one, removed (a double-dot segment also
    /// shortens the path written from `path_start`) with its `/`, and the walk goes on at
    /// `next`; `None` to give up (a file URL's path, whose shortening keeps a drive letter,
    /// or a backslash after the segment unless `backslash` makes it a `/`).
    #[cold]
    fn dot_segment(
        &mut self,
        pos: usize,
        path_start: usize,
        file: bool,
        backslash: bool,
    ) -> Option<Option<usize>> {
        // A dot segment is at most 6 bytes long: look no further than 7.
        let rest = self.bytes.get(pos..)?;
        let head = rest.get(..7).unwrap_or(rest);
        let len = head
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#' | b'\\'))
            .unwrap_or(head.len());
        let segment = head.get(..len)?;
        if !is_dot_segment(segment) {
            return Some(None);
        }
        let end = pos + len;
        let slash = match self.bytes.get(end) {
            Some(b'/') => true,
            Some(b'\\') if backslash => true,
            Some(b'\\') => return None,
            _ => false,
        };
        if file {
            return None;
        }
        self.flush(pos, pos);
        if super::path::is_double_dot(segment) {
            // Shorten the path: drop the last segment before this one (the output ends with
            // that segment's `/`, which stays as the start of what follows).
            let written = self.out.as_bytes().get(path_start..self.out.len().checked_sub(1)?)?;
            if let Some(i) = written.iter().rposition(|&b| b == b'/') {
                self.out.truncate(path_start + i + 1);
            }
        }
        // A dot segment before `?`, `#` or the end leaves the empty last segment (the `/`).
        let next = end + usize::from(slash);
        self.run = next;
        Some(Some(next))
    }
}

/// Where [`Fast::rest`] starts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Component {
    /// In the path; a segment starts there when `at_segment`.
    Path { at_segment: bool },
    /// At the query's first byte (after its `?`).
    Query,
    /// At the fragment's first byte (after its `#`).
    Fragment,
    /// At an opaque path's first byte (after the scheme's `:`).
    OpaquePath,
}

/// The record up to the path: offsets in the output.
#[derive(Clone, Copy)]
struct Head {
    scheme_end: usize,
    username_end: usize,
    host_start: usize,
    host_end: usize,
    port: Option<u16>,
    /// `None` for a URL with an opaque path (no host).
    host_kind: Option<HostKind>,
    scheme_type: SchemeType,
    path_start: usize,
}

/// Parses `input` (not cleaned) on the fast path into `out` (empty), without base URL or
/// encoding override. On giving up, returns `None` with `out` emptied for the state machine
/// to reuse. With `strict`, gives up on every input with a validation error.
///
/// The lax walk is inlined into the caller (the parser's entry, where the record is built in
/// place); the strict one, for a listener of validation errors, is not.
#[inline(always)]
pub(crate) fn parse(input: &str, strict: bool, out: &mut String) -> Option<Url> {
    let url = if strict {
        parse_strict(input, out)
    } else {
        Fast::<false> { input, bytes: input.as_bytes(), out: &mut *out, run: 0, notes: () }.walk()
    };
    if url.is_none() {
        out.clear();
    }
    url
}

/// [`parse`] in lax mode for the parser's entry: when it gives up (`None`) on a special URL
/// whose host or port fails as in the state machine, it notes that failure in `failure`, as
/// [`parse_rare_or_fail`] does (with the state machine's offset).
pub(crate) fn parse_or_fail(
    input: &str,
    out: &mut String,
    failure: &mut Option<ParseError>,
) -> Option<Url> {
    let bytes = input.as_bytes();
    let url =
        Fast::<false, _> { input, bytes, out: &mut *out, run: 0, notes: &mut *failure }.walk();
    if url.is_none() {
        out.clear();
        // The state machine removes tabs and newlines first, which can change the port and
        // moves the offsets.
        if failure.is_some() && super::check::has_tab_or_newline(bytes) {
            *failure = None;
        }
    }
    url
}

/// [`parse`] in strict mode.
#[inline(never)]
fn parse_strict(input: &str, out: &mut String) -> Option<Url> {
    Fast::<true> { input, bytes: input.as_bytes(), out, run: 0, notes: () }.walk()
}

#[cfg(test)]
mod tests;
