//! The fast path of the basic URL parser (section 4.4) for the common case: an ASCII input with
//! a special scheme followed by `//`, a plain domain host, an optional port, and a path, query
//! and fragment that need no dot-segment or drive-letter work.
//!
//! It walks the input once, classifying each byte with one 256-entry table per component and
//! copying runs in bulk, and writes the same record as the state machine would. Whenever the
//! input leaves that common shape (tabs or newlines, surrounding C0 controls or spaces,
//! credentials, IP addresses, percent-encoded or non-ASCII hosts, backslashes, dot segments,
//! Windows drive letters, non-ASCII code points, ...) it gives up and the state machine parses
//! the input from the start. In `strict` mode (someone listens for validation errors) it also
//! gives up on every input that has a validation error, so that it never has one to report.
//!
//! The unit tests run it against the state machine on the WPT data, the benchmark data and
//! generated inputs (a differential test: both must build the identical record).

use alloc::string::String;
use core::num::NonZeroU32;

use weburl_percent::{AsciiSet, FRAGMENT, PATH, SPECIAL_QUERY};

use super::URL_CODE_POINT;
use super::authority::push_port;
use crate::host::HostKind;
use crate::url::{SchemeType, Url, to_u32};

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
/// are copied: `skip_path` stops at a `.` that starts a segment.
static PATH_CLASSES: [u8; 256] = classes(&PATH, b"\\?#%");
/// [`PATH_SKIP`] flag: a byte [`PATH_CLASSES`] does not copy.
const SKIP_STOP: u8 = 1;
/// [`PATH_SKIP`] flag: a `.` (copied, unless it starts a segment).
const SKIP_DOT: u8 = 2;

/// The word-at-a-time path scan's table: [`SKIP_STOP`] where [`PATH_CLASSES`] is not "copy",
/// [`SKIP_DOT`] for `.`.
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
static PATH_SKIP: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        if PATH_CLASSES[b] != COPY {
            table[b] = SKIP_STOP;
        }
        b += 1;
    }
    table[b'.' as usize] = SKIP_DOT;
    table
};

/// Query state of a special URL: the query ends at `#`.
static QUERY_CLASSES: [u8; 256] = classes(&SPECIAL_QUERY, b"#%");
/// Fragment state.
static FRAGMENT_CLASSES: [u8; 256] = classes(&FRAGMENT, b"%");

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

/// 1 for the label separator `.` and for `-`, which the strict ToASCII rejects next to a `.`
/// or in the third and fourth places of a label (`--`); 0 for the other bytes.
#[allow(clippy::indexing_slicing, reason = "const evaluation: a bad index fails the build")]
static SEPARATORS: [u8; 256] = {
    let mut table = [0; 256];
    table[b'.' as usize] = 1;
    table[b'-' as usize] = 1;
    table
};

/// The class of `byte` in `table` (a 256-entry table: always in bounds).
#[inline(always)]
#[allow(clippy::indexing_slicing, reason = "a `u8` index into a 256-entry table")]
pub(super) fn class(table: &[u8; 256], byte: u8) -> u8 {
    table[usize::from(byte)]
}

/// 0x80 in each byte of `word` that equals `byte`, 0 in the others (exact: no false
/// positives from borrows, unlike the shorter "has zero byte" test).
#[inline(always)]
fn bytes_equal(word: u64, byte: u8) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = word ^ (u64::from(byte) * 0x0101_0101_0101_0101);
    !(((x & LOW7) + LOW7) | x | LOW7)
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
/// without a branch: returns the scheme's length and type.
#[inline]
fn http_prefix(bytes: &[u8]) -> Option<(usize, SchemeType)> {
    let mut head = [0u8; 8];
    let take = bytes.len().min(8);
    if let (Some(dst), Some(src)) = (head.get_mut(..take), bytes.get(..take)) {
        dst.copy_from_slice(src);
    }
    let word = u64::from_le_bytes(head);
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
#[inline]
pub(super) fn surely_not_a_number(host: &[u8]) -> bool {
    let trimmed = host.strip_suffix(b".").unwrap_or(host);
    match trimmed.last() {
        None => false,
        Some(b) if !b.is_ascii_hexdigit() && !matches!(b, b'x' | b'X') => true,
        Some(_) => {
            let last = trimmed.rsplit(|&b| b == b'.').next().unwrap_or(trimmed);
            last.first().is_some_and(|b| !b.is_ascii_digit())
        }
    }
}

/// Whether the path segment starting at the beginning of `rest` (and ending at `/`, `?`, `#`,
/// `\\` or the end) is a dot segment.
#[inline]
fn starts_dot_segment(rest: &[u8]) -> bool {
    // A dot segment is at most 6 bytes long: look no further than 7.
    let head = rest.get(..7).unwrap_or(rest);
    let len =
        head.iter().position(|&b| matches!(b, b'/' | b'?' | b'#' | b'\\')).unwrap_or(head.len());
    is_dot_segment(head.get(..len).unwrap_or_default())
}

/// Whether the strict ToASCII (beStrict true) surely accepts the ASCII domain `host` of
/// letters, digits, `-` and `.`; `adjacent` says whether two of `.` and `-` stand side by
/// side in it. Without that, a host of at most 63 bytes that neither starts nor ends with
/// either has labels of 1 to 63 bytes, none starting or ending with `-` nor holding `--`;
/// otherwise each label is checked.
#[inline]
fn surely_strict_ok(host: &[u8], adjacent: bool) -> bool {
    let inner = |b: Option<&u8>| b.is_some_and(|b| !matches!(b, b'.' | b'-'));
    if !adjacent && host.len() <= 63 {
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

/// The fast path's walk over one input. The output is the input with a few edits (scheme and
/// host lowercased, the port made canonical, a `/` inserted, bytes percent-encoded), so the
/// walk keeps the input from `run` on "pending" and copies it in one piece at the next edit.
struct Fast<'i> {
    input: &'i str,
    bytes: &'i [u8],
    out: String,
    /// Input bytes from `run` to the current position are still to be copied to `out`.
    run: usize,
    strict: bool,
}

impl Fast<'_> {
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

    /// The index of the first byte at or after `pos` whose class in `table` is not 0 (the
    /// "copy" class of every table), or the end.
    ///
    /// Eight bytes at a time first, OR-ing their classes (no branch per byte).
    #[inline(always)]
    fn skip(&self, mut pos: usize, table: &[u8; 256]) -> usize {
        while let Some(&[b0, b1, b2, b3, b4, b5, b6, b7]) = self.bytes.get(pos..pos + 8) {
            let classes = class(table, b0)
                | class(table, b1)
                | class(table, b2)
                | class(table, b3)
                | class(table, b4)
                | class(table, b5)
                | class(table, b6)
                | class(table, b7);
            if classes != 0 {
                break;
            }
            pos += 8;
        }
        let rest = self.bytes.get(pos..).unwrap_or_default();
        pos + rest.iter().position(|&b| class(table, b) != 0).unwrap_or(rest.len())
    }

    /// [`Self::skip`] in a path: also stops at a `.` right after a `/` (a segment that may be a
    /// dot segment), which [`PATH_CLASSES`] copies. Testing the pair in the same pass keeps
    /// the scan from stopping at the `.` of every file name.
    ///
    /// Eight bytes at a time first: their classes are OR-ed (no branch per byte) and the
    /// `/.` pairs found with word arithmetic; the first word holding either is left to the
    /// byte loop.
    #[inline(always)]
    fn skip_path(&self, mut pos: usize) -> usize {
        let mut previous = self.bytes.get(pos.wrapping_sub(1)).copied().unwrap_or(0);
        while let Some(chunk) = self.bytes.get(pos..pos + 8) {
            let Ok(&bytes) = <&[u8; 8]>::try_from(chunk) else { break };
            let classes = class(&PATH_SKIP, bytes[0])
                | class(&PATH_SKIP, bytes[1])
                | class(&PATH_SKIP, bytes[2])
                | class(&PATH_SKIP, bytes[3])
                | class(&PATH_SKIP, bytes[4])
                | class(&PATH_SKIP, bytes[5])
                | class(&PATH_SKIP, bytes[6])
                | class(&PATH_SKIP, bytes[7]);
            if classes & SKIP_STOP != 0 {
                break;
            }
            if classes & SKIP_DOT != 0 {
                // Byte i of `slashes << 8` flags byte i - 1; the word's first byte follows
                // `previous`.
                let word = u64::from_le_bytes(bytes);
                let slashes = (bytes_equal(word, b'/') << 8) | u64::from(previous == b'/') << 7;
                if slashes & bytes_equal(word, b'.') != 0 {
                    break;
                }
            }
            previous = bytes[7];
            pos += 8;
        }
        let rest = self.bytes.get(pos..).unwrap_or_default();
        let stop = rest.iter().position(|&b| {
            let stop = (class(&PATH_CLASSES, b) != 0) | ((previous == b'/') & (b == b'.'));
            previous = b;
            stop
        });
        pos + stop.unwrap_or(rest.len())
    }

    /// [`Self::skip`] over [`HOST_CLASSES`], also noting in `adjacent` whether two of `.` and
    /// `-` went by side by side (for the strict ToASCII check), without stopping there.
    #[inline(always)]
    fn skip_host_noting(&self, pos: usize, adjacent: &mut bool) -> usize {
        let rest = self.bytes.get(pos..).unwrap_or_default();
        let mut previous =
            self.bytes.get(pos.wrapping_sub(1)).map_or(0, |&b| class(&SEPARATORS, b));
        let mut seen = 0;
        let stop = rest.iter().position(|&b| {
            let separator = class(&SEPARATORS, b);
            seen |= previous & separator;
            previous = separator;
            class(&HOST_CLASSES, b) != 0
        });
        *adjacent |= seen != 0;
        pos + stop.unwrap_or(rest.len())
    }

    /// Handles the byte `b` at `pos` that `skip` stopped at in a path, query or fragment: a
    /// percent-encoded byte, a byte copied with a validation error, or a `%`. Returns false
    /// when the fast path must give up (and for the component's delimiters).
    #[inline]
    fn take(&mut self, pos: usize, b: u8, table: &[u8; 256]) -> bool {
        match class(table, b) {
            ENCODE_OK => {}
            ENCODE if !self.strict => {}
            LOOSE => return !self.strict,
            STOP if b == b'%' => {
                // A `%` not followed by two hex digits is copied with a validation error.
                let hex = self
                    .bytes
                    .get(pos + 1..pos + 3)
                    .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit));
                return hex || !self.strict;
            }
            _ => return false,
        }
        self.flush(pos, pos + 1);
        self.out.push_str(weburl_percent::percent_encode_byte(b));
        true
    }

    /// Query or fragment state from `pos` (after its delimiter) to the first `stop` byte or
    /// the end; returns where it stopped, `None` to give up.
    #[inline]
    fn component(&mut self, mut pos: usize, table: &[u8; 256], stop: u8) -> Option<usize> {
        loop {
            pos = self.skip(pos, table);
            match self.bytes.get(pos) {
                None => return Some(pos),
                Some(&b) if b == stop => return Some(pos),
                Some(&b) => {
                    if !self.take(pos, b, table) {
                        return None;
                    }
                    pos += 1;
                }
            }
        }
    }

    fn run(mut self) -> Result<Url, String> {
        match self.walk() {
            Some(url) => Ok(url),
            None => {
                self.out.clear();
                Err(self.out)
            }
        }
    }

    fn walk(&mut self) -> Option<Url> {
        let bytes = self.bytes;
        // Basic URL parser step 1: no leading or trailing C0 control or space to trim (the
        // scheme's first byte is an alpha, so only the end needs a look).
        if *bytes.last()? <= b' ' || u32::try_from(bytes.len()).is_err() {
            return None;
        }
        // Scheme start and scheme states: a special scheme and `:`; then the special authority
        // slashes state (or the file and file slash states): exactly `//`.
        let (scheme_len, scheme_type) = match http_prefix(bytes) {
            Some(found) => found,
            None => {
                let scheme_len = bytes.iter().take(6).position(|&b| b == b':')?;
                let scheme_type = special_scheme(bytes.get(..scheme_len)?)?;
                if bytes.get(scheme_len + 1..scheme_len + 3)? != b"//" {
                    return None;
                }
                (scheme_len, scheme_type)
            }
        };
        let scheme = bytes.get(..scheme_len)?;
        let host_start = scheme_len + 3;
        if scheme.iter().any(u8::is_ascii_uppercase) {
            for &b in scheme {
                self.out.push(char::from(b.to_ascii_lowercase()));
            }
            self.run = scheme_len;
        }
        let out_host_start = self.out_len(host_start);
        // Host state (file host state for file): a plain domain, lowercased.
        let mut pos = host_start;
        let mut loose = false;
        let mut upper = false;
        // For the strict ToASCII (strict mode only): whether the host has two of `.` and `-`
        // side by side, noted during the scan without stopping there.
        let mut adjacent = false;
        let end_byte = loop {
            pos = if self.strict {
                self.skip_host_noting(pos, &mut adjacent)
            } else {
                self.skip(pos, &HOST_CLASSES)
            };
            let Some(&b) = bytes.get(pos) else { break None };
            match class(&HOST_CLASSES, b) {
                H_UPPER => upper = true,
                H_LOOSE => loose = true,
                H_END => break Some(b),
                _ => return None,
            }
            pos += 1;
        };
        let host = bytes.get(host_start..pos)?;
        let file = scheme_type == SchemeType::File;
        let mut host_kind = HostKind::Domain;
        if host.is_empty() {
            // An empty host fails for special URLs, except file (file host state step 1.2);
            // `file:///` also leaves `/` as the first byte of the path.
            if !file {
                return None;
            }
            host_kind = HostKind::Empty;
        } else {
            // Ends in a number (host parser step 8): IPv4, for the state machine. The last
            // label, or the one before when the host ends with `.`.
            if !surely_not_a_number(host) {
                return None;
            }
            // Domain parser steps 1-2: the strict ToASCII's validation error.
            if self.strict && (loose || !surely_strict_ok(host, adjacent)) {
                return None;
            }
            // File host state step 1.3.4: "localhost" becomes the empty host.
            if file && host.eq_ignore_ascii_case(b"localhost") {
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
                    if !matches!(b, b'/' | b'?' | b'#') {
                        return None;
                    }
                    break;
                }
                value = value * 10 + u32::from(b - b'0');
                if value > 0xFFFF {
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
                    push_port(&mut self.out, value);
                }
            }
        }
        // Path start state: the path's first `/`, read from the input or not.
        let path_start = self.out_len(pos);
        if bytes.get(pos) == Some(&b'/') {
            pos += 1;
        } else {
            self.flush(pos, pos);
            self.out.push('/');
        }
        // Path state. A file URL's first segment may be a Windows drive letter (steps 1.4 and
        // 1.5): left to the state machine.
        if file
            && matches!(bytes.get(pos..pos + 2), Some([a, b':' | b'|']) if a.is_ascii_alphabetic())
        {
            return None;
        }
        let stop = loop {
            pos = self.skip_path(pos);
            let b = bytes.get(pos).copied();
            match b {
                None | Some(b'?' | b'#') => break b,
                Some(b'.' | b'%') => {
                    // Path state steps 1.2-1.3: a segment starting here may be a dot segment.
                    let after_slash = bytes.get(pos.wrapping_sub(1)) == Some(&b'/');
                    if after_slash && starts_dot_segment(bytes.get(pos..)?) {
                        return None;
                    }
                    if b == Some(b'%') && !self.take(pos, b'%', &PATH_CLASSES) {
                        return None;
                    }
                }
                Some(b) => {
                    if !self.take(pos, b, &PATH_CLASSES) {
                        return None;
                    }
                }
            }
            pos += 1;
        };
        // Query state.
        let mut query_start = None;
        let mut stop = stop;
        if stop == Some(b'?') {
            query_start = NonZeroU32::new(to_u32(self.out_len(pos)));
            pos = self.component(pos + 1, &QUERY_CLASSES, b'#')?;
            stop = bytes.get(pos).copied();
        }
        // Fragment state.
        let mut fragment_start = None;
        if stop == Some(b'#') {
            fragment_start = NonZeroU32::new(to_u32(self.out_len(pos)));
            pos = self.component(pos + 1, &FRAGMENT_CLASSES, 0)?;
        }
        if pos != bytes.len() {
            return None;
        }
        self.flush(pos, pos);
        if u32::try_from(self.out.len()).is_err() {
            return None;
        }
        let url = Url {
            serialization: core::mem::take(&mut self.out),
            scheme_end: to_u32(scheme_len),
            username_end: to_u32(out_host_start),
            host_start: to_u32(out_host_start),
            host_end: to_u32(host_end),
            path_start: to_u32(path_start),
            query_start,
            fragment_start,
            port,
            host_kind: Some(host_kind),
            scheme_type,
        };
        url.debug_check();
        Some(url)
    }
}

/// Parses `input` (not cleaned) on the fast path into `out` (empty), without base URL or
/// encoding override. On giving up, returns `out` emptied for the state machine to reuse.
/// With `strict`, gives up on every input with a validation error.
pub(crate) fn parse(input: &str, strict: bool, out: String) -> Result<Url, String> {
    Fast { input, bytes: input.as_bytes(), out, run: 0, strict }.run()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ValidationError;
    use alloc::format;
    use alloc::string::ToString;
    use alloc::vec::Vec;
    use proptest::prelude::*;

    /// Every field of the record, for comparing two parses.
    fn fields(url: &Url) -> String {
        format!(
            "{} {} {} {} {} {} {:?} {:?} {:?} {:?} {:?}",
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

    /// Runs the fast path (both modes) and the state machine on `input` against `base`; when
    /// the fast path takes the input, both must build the same record, and in strict mode the
    /// state machine must report no validation error. Returns whether the lax mode took it.
    fn differential(input: &str, base: Option<&Url>) -> bool {
        let mut taken = false;
        for strict in [false, true] {
            let Ok(fast) = parse(input, strict, String::new()) else { continue };
            taken |= !strict;
            let mut errors: Vec<ValidationError> = Vec::new();
            let mut push = |e: ValidationError| errors.push(e);
            let sink: super::super::Sink<'_> = if strict { Some(&mut push) } else { None };
            let slow = super::super::state_machine(input, base, None, sink, String::new());
            let slow = slow.unwrap_or_else(|e| panic!("{input:?}: fast path took it, {e:?}"));
            assert_eq!(fields(&fast), fields(&slow), "{input:?} (strict {strict})");
            assert!(errors.is_empty(), "{input:?}: strict fast path took it, but {errors:?}");
        }
        taken
    }

    #[test]
    fn agrees_with_the_state_machine_on_wpt() {
        let data = weburl_test_support::load_wpt_json("urltestdata.json").expect("WPT data");
        let mut taken = 0;
        for case in data.as_array().expect("array").iter().filter(|c| c.is_object()) {
            let input = case["input"].as_str().expect("input");
            let base = case["base"].as_str().and_then(|b| Url::parse(b).ok());
            taken += usize::from(differential(input, base.as_ref()));
        }
        // The data is mostly about unusual inputs, but plenty take the fast path.
        assert!(taken > 50, "only {taken} WPT inputs took the fast path");
    }

    #[test]
    fn agrees_with_the_state_machine_on_the_benchmark_data() {
        let mut total = 0;
        let mut taken = 0;
        for name in ["isaacs_files.txt", "kasztp.txt", "node_files.txt", "userbait.txt"] {
            let text = weburl_test_support::load_shared_text(&format!("bench/{name}"))
                .expect("benchmark data");
            for line in text.lines() {
                total += 1;
                taken += usize::from(differential(line, None));
            }
        }
        // The fast path exists for inputs like these: nearly all of them must take it.
        assert!(taken * 100 >= total * 97, "{taken} of {total} took the fast path");
    }

    #[test]
    fn bytes_equal_is_exact() {
        for byte in [0u8, b'.', b'/', 0x7F, 0x80, 0xFF] {
            for other in 0u8..=255 {
                let mut word = [other; 8];
                word[3] = byte;
                let expected: u64 = word
                    .iter()
                    .enumerate()
                    .map(|(i, &b)| if b == byte { 0x80 << (8 * i) } else { 0 })
                    .sum();
                assert_eq!(bytes_equal(u64::from_le_bytes(word), byte), expected, "{byte} {other}");
            }
        }
    }

    #[test]
    fn not_a_number() {
        for host in ["a.com", "1com", "a.1com.", "a.b-c", "a0.b", "x.b2b", "a.."] {
            assert!(surely_not_a_number(host.as_bytes()), "{host}");
        }
        for host in ["", ".", "a.1", "a.0x", "a.0X.", "1.2.3.4", "a.0xfe", "a.1e"] {
            assert!(!surely_not_a_number(host.as_bytes()), "{host}");
        }
    }

    #[test]
    fn http_prefixes() {
        assert_eq!(http_prefix(b"http://a"), Some((4, SchemeType::Http)));
        assert_eq!(http_prefix(b"HtTp://"), Some((4, SchemeType::Http)));
        assert_eq!(http_prefix(b"https://a"), Some((5, SchemeType::Https)));
        assert_eq!(http_prefix(b"HTTPS://"), Some((5, SchemeType::Https)));
        for input in ["http:/a", "https:/", "http", "", "httpx://", "http:\\\\", "h\u{10}tp://"] {
            assert_eq!(http_prefix(input.as_bytes()), None, "{input:?}");
        }
        // No byte but an upper or lower letter passes `| 0x20` for a letter of the names.
        for b in 0u8..=255 {
            let mut input = *b"http://x";
            input[3] = b;
            let expected = matches!(b, b'p' | b'P').then_some((4, SchemeType::Http));
            assert_eq!(http_prefix(&input), expected, "{b:#x}");
            input[4] = b;
            input[3] = b'p';
            assert_eq!(http_prefix(&input).is_some(), b == b':', "{b:#x}");
            let mut input = *b"https://";
            input[4] = b;
            let expected = matches!(b, b's' | b'S').then_some((5, SchemeType::Https));
            assert_eq!(http_prefix(&input), expected, "{b:#x}");
        }
    }

    #[test]
    fn strict_host_verdicts() {
        let adjacent = |h: &[u8]| h.windows(2).any(|w| w.iter().all(|b| matches!(b, b'.' | b'-')));
        for host in ["a.com", "a-b.c-d", "x", "ab-c.d1", "a.b.c.d.e"] {
            assert!(surely_strict_ok(host.as_bytes(), adjacent(host.as_bytes())), "{host}");
        }
        for host in [".a", "a.", "-a", "a-", "a..b", "a.-b", "a-.b", "ab--c", "xn--a", ""] {
            assert!(!surely_strict_ok(host.as_bytes(), adjacent(host.as_bytes())), "{host}");
        }
        let long = alloc::format!("{}.com", "a".repeat(64));
        assert!(!surely_strict_ok(long.as_bytes(), false));
        let ok = alloc::format!("{}.com", "a".repeat(63));
        assert!(surely_strict_ok(ok.as_bytes(), false));
    }

    #[test]
    fn special_schemes() {
        for (name, kind) in [
            ("http", SchemeType::Http),
            ("HTTPS", SchemeType::Https),
            ("Ws", SchemeType::Ws),
            ("wsS", SchemeType::Wss),
            ("fTp", SchemeType::Ftp),
            ("FILE", SchemeType::File),
        ] {
            assert_eq!(special_scheme(name.as_bytes()), Some(kind), "{name}");
        }
        for name in ["", "h", "htt", "httpss", "hTtq", "ws\\0", "file:", "wss1", "ftq", "w\u{17}"] {
            assert_eq!(special_scheme(name.as_bytes()), None, "{name:?}");
        }
        // `b | 0x20` never turns a non-letter into a letter of these names.
        for b in 0u8..=255 {
            let name = [b'h', b't', b't', b];
            let expected = (b == b'p' || b == b'P').then_some(SchemeType::Http);
            assert_eq!(special_scheme(&name), expected, "{b:#x}");
        }
    }

    #[test]
    fn takes_the_plain_cases_and_leaves_the_rest() {
        for input in [
            "https://example.com/",
            "HTTP://WWW.Example.COM:8080/a/b?c=d&e#f",
            "file:///usr/lib",
            "file://localhost/etc",
            "https://a.b/%41?'x'#y",
            "http://a:80",
        ] {
            assert!(differential(input, None), "{input}");
        }
        for input in [
            " https://example.com/",
            "https://exa\tmple.com/",
            "https://user@example.com/",
            "https://127.0.0.1/",
            "https://[::1]/",
            "https://a/./b",
            "https://a/b/..",
            "https://a\\b",
            "file:///C:/x",
            "file://C|/x",
            "https:/a",
            "https:///a",
            "https://a:99999/",
            "https://é.com/",
            "sc://a/",
            "https://a/é",
        ] {
            assert!(parse(input, false, String::new()).is_err(), "{input}");
        }
        // Lax mode encodes what strict mode leaves to the state machine.
        let url = parse("https://a/b c|d?e f#g h", false, String::new()).unwrap();
        assert_eq!(url.serialization, "https://a/b%20c|d?e%20f#g%20h");
        assert!(parse("https://a/b c", true, String::new()).is_err());
        assert!(parse("https://a_b/", true, String::new()).is_err());
        assert!(parse("https://a-.b/", true, String::new()).is_err());
        assert_eq!(
            parse("https://a_b/", false, String::new()).unwrap().to_string(),
            "https://a_b/"
        );
    }

    /// Pieces that steer generated inputs near the fast path's edges.
    const START: &[&str] = &[
        "http://",
        "HTTPS://",
        "https://",
        "file://",
        "file:///",
        "ws://",
        "wss://",
        "ftp://",
        "http:/",
        "http:",
        "file:",
        "sc://",
        "https:\\\\",
        " http://",
    ];
    const PIECES: &[&str] = &[
        "a",
        "B",
        "example",
        ".",
        "-",
        "_",
        "xn--",
        "1",
        "0x",
        "09",
        "localhost",
        "LocalHost",
        "C:",
        "c|",
        ":",
        ":80",
        ":443",
        ":21",
        ":65535",
        ":65536",
        ":0080",
        "/",
        "\\",
        "..",
        "%2e",
        "%2E",
        "%",
        "%4",
        "%41",
        "%zz",
        " ",
        "|",
        "{",
        "^",
        "'",
        "\"",
        "`",
        "<",
        "?",
        "#",
        "@",
        "[",
        "]",
        "é",
        "\t",
        "\n",
        "\u{0}",
        "\u{7f}",
        "\u{1}",
        "~",
        "&",
        "=",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn agrees_with_the_state_machine_on_generated_inputs(
            start in prop::sample::select(START),
            pieces in prop::collection::vec(prop::sample::select(PIECES), 0..12),
            with_base in any::<bool>(),
        ) {
            let input = format!("{start}{}", pieces.concat());
            let base = Url::parse("https://base.example/dir/file?q#f").unwrap();
            differential(&input, with_base.then_some(&base));
        }
    }
}
