//! Fast paths of the host, hostname and pathname setters: a value the general path would
//! write unchanged (but for ASCII lowercasing) is spliced in directly, skipping the host parser
//! or the state machine and their buffers. Each returns `None` when the value needs the
//! general path; `tests` checks both paths agree.

use weburl_percent::PATH;

use crate::Url;
use crate::host::HostKind;
use crate::parser::authority::parse_port;
use crate::parser::path::{is_double_dot, is_single_dot};
use crate::parser::{State, plain_path_bytes};
use crate::setter_outcome::SetterError;

use super::Shift;
use super::compose::{Block, PATH_ENCODER};

/// Whether `value` is a domain that domain to ASCII maps to itself lowercased and that is not
/// an IPv4 address (see [`plain_domain_prefix`]).
#[cfg(test)]
fn is_plain_domain(value: &[u8]) -> bool {
    matches!(plain_domain_prefix(value), Some((len, _)) if len == value.len())
}

/// The length of the host at the start of `value` (up to the first `:`, `/`, `\\`, `?`, `#` or
/// the end) when it is a domain that domain to ASCII maps to itself lowercased and that is not
/// an IPv4 address, and whether it has uppercase letters: ASCII letters, digits, `-` and `.`
/// only, no `--` (so no `xn--` label to decode), and a last label (after at most one trailing
/// `.`) that starts with a letter, so the IPv4 parser's "ends in a number" check (section 3.5)
/// is false. One pass.
fn plain_domain_prefix(value: &[u8]) -> Option<(usize, bool)> {
    let mut previous = b'.';
    let (mut label_start, mut last_start, mut upper) = (0, 0, false);
    let mut end = value.len();
    for (i, &b) in value.iter().enumerate() {
        match b {
            b'a'..=b'z' | b'0'..=b'9' => {}
            b'A'..=b'Z' => upper = true,
            b'-' if previous != b'-' => {}
            b'.' => {
                last_start = label_start;
                label_start = i + 1;
            }
            b':' | b'/' | b'\\' | b'?' | b'#' => {
                end = i;
                break;
            }
            _ => return None,
        }
        previous = b;
    }
    if label_start < end {
        last_start = label_start;
    }
    let starts_with_letter =
        last_start < end && value.get(last_start).is_some_and(u8::is_ascii_alphabetic);
    starts_with_letter.then_some((end, upper))
}

/// Whether a segment is `.` or `..` in any of their spellings (section 4.1); only segments of
/// 1 to 6 bytes starting with `.` or `%` are looked at closely.
#[inline]
fn is_dot_segment(segment: &[u8]) -> bool {
    segment.len() <= 6
        && matches!(segment.first(), Some(b'.' | b'%'))
        && (is_single_dot(segment) || is_double_dot(segment))
}

/// Whether the path start and path states (section 4.4) with state override take `value` for
/// this URL as one run of segments, each percent-encoded with the path set and joined by `/`:
/// it is not empty, has no `\` (a separator in special URLs) and no tab or newline, no `.` or
/// `..` segment, no leading Windows drive letter segment in a `file` URL, and does not start
/// with `//` when the host is null (which would need the `/.` prefix). A value not starting
/// with `/` gets one (path start state, steps 1.2 and 4: the first code point is not
/// consumed). Checked in one pass over the bytes; `plain_bytes` is [`plain_path_bytes`] of
/// `value`. `None` too for non-ASCII text in a special URL that is not `file`, which
/// [`compose_special_path`] takes.
fn is_plain_path(url: &Url, value: &[u8], plain_bytes: Option<bool>) -> Option<PlainPath> {
    let (rest, slash) = match value {
        [] => return None,
        [b'/', rest @ ..] => (rest, true),
        _ => (value, false),
    };
    if slash && url.host_kind.is_none() && rest.first() == Some(&b'/') {
        return None;
    }
    let file = url.scheme_type.is_file();
    let composable = takes_composed_path(url);
    // The usual value, a path of letters, digits and `-./_` with no segment starting with `.`:
    // tested 16 bytes at a time. (A `file` URL's first segment still needs its look below.)
    if slash && !file && plain_bytes == Some(true) {
        return Some(PlainPath { slash, encode: false });
    }
    let mut encode = false;
    let mut segment_start = 0;
    let mut first = true;
    for (i, &b) in rest.iter().enumerate() {
        if b == b'/' {
            let segment = rest.get(segment_start..i).unwrap_or(&[]);
            if is_dot_segment(segment) || first && file && segment.len() == 2 {
                return None;
            }
            first = false;
            segment_start = i + 1;
        } else if PATH.contains(b) || b == b'\\' {
            if matches!(b, b'\\' | b'\t' | b'\n' | b'\r') || (!b.is_ascii() && composable) {
                // A separator in special URLs, or code points the parser removes first; or
                // non-ASCII text, which the composed path encodes in the same pass.
                return None;
            }
            encode = true;
        }
    }
    let last = rest.get(segment_start..).unwrap_or(&[]);
    if is_dot_segment(last) || first && file && last.len() == 2 {
        return None;
    }
    Some(PlainPath { slash, encode })
}

/// Whether the pathname setter of `url` may use [`compose_special_path`]: a special URL that
/// is not `file` (whose first segment may be a drive letter).
fn takes_composed_path(url: &Url) -> bool {
    url.scheme_type.is_special() && !url.scheme_type.is_file()
}

/// The stack block [`compose_special_path`] writes in (a multiple of 16: the UTF-8 check
/// reads whole 16-byte blocks); an encoded byte's 4-byte store needs 3 bytes past it.
const COMPOSED_PATH: usize = 256;

/// The path start and path states (section 4.4) with state override, for a special URL that
/// is not `file`, and a value without tab or newline: writes the serialized path (section 4.5,
/// step 3) into `out` and returns its length, or `None` when it does not fit or the value has
/// a tab or newline (which the general path removes first). Unlike [`is_plain_path`] this
/// takes `\` separators, `.` and `..` segments and non-ASCII text; one pass over the value.
fn compose_special_path(value: &[u8], out: &mut [u8]) -> Option<usize> {
    // Path start state, step 1: a special URL's first `/` or `\` is consumed, any other code
    // point starts the first segment.
    let rest = match value {
        [b'/' | b'\\', rest @ ..] => rest,
        _ => value,
    };
    // Each segment is written after its `/`, encoded (path state, step 2.3); `segment` is
    // where that `/` is.
    *out.first_mut()? = b'/';
    let (mut n, mut segment) = (1, 0);
    let mut bytes = rest.iter();
    loop {
        let b = bytes.next().copied();
        if let Some(b) = b.filter(|&b| b != b'/' && b != b'\\') {
            let next = PATH_ENCODER.put(out, n, b)?;
            // (Tab and newlines are members: tested only for encoded bytes.)
            if next - n == 3 && matches!(b, b'\t' | b'\n' | b'\r') {
                return None;
            }
            n = next;
            continue;
        }
        // Path state, step 1: the end of a segment (EOF, `/` or `\`).
        let written = out.get(segment + 1..n).unwrap_or(&[]);
        let end = b.is_none();
        if is_double_dot(written) {
            // Step 1.2: shorten the path (drop the segment before this one), then at the end
            // an empty segment.
            n = out.get(..segment).and_then(|s| s.iter().rposition(|&c| c == b'/')).unwrap_or(0);
            if end {
                *out.get_mut(n)? = b'/';
                n += 1;
            }
        } else if is_single_dot(written) {
            // Step 1.3: only at the end, an empty segment (the `/` is already there). Any
            // other segment stays (step 1.4; no drive letter quirk, as the URL is not `file`).
            n = if end { segment + 1 } else { segment };
        }
        if end {
            return Some(n);
        }
        segment = n;
        *out.get_mut(n)? = b'/';
        n += 1;
    }
}

/// What [`is_plain_path`] found: whether the value starts with `/` and whether it has bytes to
/// percent-encode.
struct PlainPath {
    slash: bool,
    encode: bool,
}

/// Whether `value` is four decimal numbers from 0 to 255 without leading zeros, joined by `.`:
/// an IPv4 address the IPv4 parser (section 3.5) reads and the serializer writes back as it is.
fn is_dotted_decimal_ipv4(value: &[u8]) -> bool {
    let (mut dots, mut digits, mut n) = (0, 0, 0u32);
    for &b in value {
        if b.is_ascii_digit() {
            if digits == 1 && n == 0 {
                return false;
            }
            n = n * 10 + u32::from(b - b'0');
            digits += 1;
            if n > 255 {
                return false;
            }
        } else if b == b'.' && digits > 0 {
            dots += 1;
            (digits, n) = (0, 0);
        } else {
            return false;
        }
    }
    dots == 3 && digits > 0
}

impl Url {
    /// Host state with state override (host and hostname setters) on a special, non-`file` URL
    /// for a plain domain or a dotted-decimal IPv4 address the IPv4 serializer writes back
    /// unchanged, ended by the end of the value, `/`, `\\`, `?` or `#` (the rest is ignored),
    /// or, for the host setter only, by `:` and a port in range (port state with state
    /// override: the leading digits, if any). The host, lowercased, replaces the host.
    pub(super) fn fast_host(
        &mut self,
        value: &str,
        state: State,
    ) -> Option<Result<(), SetterError>> {
        if !self.scheme_type.is_special() || self.scheme_type.is_file() {
            return None;
        }
        let bytes = value.as_bytes();
        let (end, kind, upper) = if let Some((end, upper)) = plain_domain_prefix(bytes) {
            (end, HostKind::Domain, upper)
        } else {
            let end = bytes
                .iter()
                .position(|&b| matches!(b, b':' | b'/' | b'\\' | b'?' | b'#'))
                .unwrap_or(bytes.len());
            if !is_dotted_decimal_ipv4(bytes.get(..end).unwrap_or(&[])) {
                return None;
            }
            (end, HostKind::Ipv4, false)
        };
        let rest = bytes.get(end..).unwrap_or(&[]);
        let port = match rest.split_first() {
            Some((b':', after)) => {
                if state == State::Hostname
                    || after.iter().any(|b| matches!(b, b'\t' | b'\n' | b'\r'))
                {
                    return None;
                }
                let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
                if digits == 0 {
                    None
                } else {
                    // Out of range: the general path sets the host and reports it.
                    Some(parse_port(after.get(..digits).unwrap_or(&[]))?)
                }
            }
            _ => None,
        };
        let host = value.get(..end).unwrap_or("");
        if !self.set_host_text(host, kind) {
            return Some(Err(SetterError::TooLong));
        }
        if upper {
            let range = self.host_start as usize..self.host_end as usize;
            if let Some(text) = self.serialization.get_mut(range) {
                text.make_ascii_lowercase();
            }
        }
        if port.is_some() && !self.set_port_value(port) {
            return Some(Err(SetterError::TooLong));
        }
        self.debug_check();
        Some(Ok(()))
    }

    /// The pathname setter after its opaque-path check, for a plain path: `value`,
    /// percent-encoded with the path set and with a `/` in front when it has none, replaces the
    /// path.
    pub(super) fn fast_path(&mut self, value: &str) -> Option<Result<(), SetterError>> {
        let bytes = value.as_bytes();
        let Some(plain) = is_plain_path(self, bytes, plain_path_bytes(bytes)) else {
            // Dot segments, `\`, or non-ASCII text (whose every byte is encoded): composed in
            // one pass on the stack when the URL is special and not `file`, and the path fits.
            return if takes_composed_path(self) { self.fast_composed_path(value) } else { None };
        };
        let start = self.authority_end();
        let (range, prefix) = ((start, self.path_end()), if plain.slash { "" } else { "/" });
        let applied = if plain.slash && !plain.encode {
            self.splice(start, range.1, value, Shift::Query)
        } else {
            self.splice_encoded(range, prefix, value, &PATH_ENCODER, "", Shift::Query).is_some()
        };
        if !applied {
            return Some(Err(SetterError::TooLong));
        }
        self.path_start = start;
        self.debug_check();
        Some(Ok(()))
    }

    /// The pathname setter after its opaque-path check, for a special URL that is not `file`
    /// and a value with non-ASCII text, dot segments or `\`: the path composed on the stack
    /// by [`compose_special_path`] replaces the path.
    fn fast_composed_path(&mut self, value: &str) -> Option<Result<(), SetterError>> {
        let mut block = Block::<COMPOSED_PATH>::new();
        let n = compose_special_path(value.as_bytes(), &mut block.0)?;
        let text = block.text(n)?;
        let start = self.authority_end();
        if !self.splice(start, self.path_end(), text, Shift::Query) {
            return Some(Err(SetterError::TooLong));
        }
        self.path_start = start;
        self.debug_check();
        Some(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;
    use crate::parser::State;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    fn bases() -> [&'static str; 7] {
        [
            "https://u:p@example.org:8080/a/b?q#f",
            "http://h/",
            "ws://h",
            "file:///C:/x",
            "file://host/p",
            "sc://h/p?q",
            "sc:/p",
        ]
    }

    fn hosts() -> Vec<String> {
        let mut values: Vec<String> = [
            "example.com",
            "EXAMPLE.COM",
            "a.b.",
            "a.b..",
            "a..b",
            ".",
            "..",
            "a.1",
            "a.0x1",
            "1.2.3.4",
            "0x1.a",
            "a.b1",
            "xn--nxasmq6b.com",
            "XN--a.com",
            "ab--cd.com",
            "-a-.com",
            "a-.-b",
            "1a.com",
            "a.1a",
            "localhost",
            "LOCALHOST",
            "a",
            "é.com",
            "a b",
            "a:1",
            "",
            "[::1]",
            "a.b.c.d.e.f.g.h",
            "x.0",
            "x.09",
            "x.0x",
            "x.0xg",
            "0.0.0.0",
            "255.255.255.255",
            "256.1.1.1",
            "01.2.3.4",
            "1.2.3",
            "1.2.3.4.",
            "1.2.3.4.5",
            "1..2.3",
            "1.2.3.04",
            "10.0.0.1:8080",
            "example.com:8080",
            "example.com:",
            "example.com:0x",
            "example.com:65535",
            "example.com:65536",
            "example.com:443",
            "example.com:80",
            "example.com:021",
            "EXAMPLE.com:80/x",
            "a.b/c",
            "a.b?c",
            "a.b#c",
            "a.b\\c",
            "a.b:8\t0",
            "a.b:1\n",
            "a\tb.c",
            "[::1]:80",
            ":80",
            "a.b:80:90",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        for name in weburl_test_support::BENCH_LISTS {
            let list = weburl_test_support::load_bench_list(name);
            for line in list.lines().step_by(37) {
                if let Ok(url) = Url::parse(line) {
                    values.push(String::from(url.hostname()));
                    values.push(url.hostname().to_ascii_uppercase());
                }
            }
        }
        values
    }

    fn paths() -> Vec<String> {
        let mut values: Vec<String> = [
            "/",
            "//",
            "///a",
            "/a/./b",
            "/a/../b",
            "/.",
            "/..",
            "/%2e",
            "/%2E%2e/x",
            "/a/.%2e",
            "/a b",
            "/a\\b",
            "/a?b",
            "/a#b",
            "/é",
            "/C:",
            "/C|/x",
            "/ab",
            "/abc",
            "/a/",
            "/a//b",
            "/%zz",
            "/a\tb",
            "a",
            "",
            "/.a",
            "/a.",
            "/...",
            "/{}^`|",
            "/a;b=c,d!$&'()*+@~",
            "a/b",
            "é/x",
            "a?b#c",
            "/a?b#c",
            "C:/x",
            "C|",
            "./a",
            "%2e/a",
            "a/%2E%2E",
            "/a/b/",
            "/x/.%2e",
            "/x/%2e.",
            "/x/%2e%2E",
            "/x/%2f",
            "/ü/💩/\u{0}",
            "\\a",
            "a\nb",
            "/\r",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        for name in weburl_test_support::BENCH_LISTS {
            let list = weburl_test_support::load_bench_list(name);
            for line in list.lines().step_by(29) {
                if let Ok(url) = Url::parse(line) {
                    values.push(String::from(url.pathname()));
                }
            }
        }
        values
    }

    proptest::proptest! {
        /// Random values from pieces that steer into every branch, on every base: whenever
        /// the fast paths take a value, they agree with the general setters.
        #[test]
        fn fast_paths_agree_on_random_values(
            base in proptest::sample::select(bases().to_vec()),
            pieces in proptest::collection::vec(proptest::sample::select(vec![
                "/", "a", "B", ".", "..", "%2e", "%2E", "-", "x1", "C:", "c|", "\\", "?", "#",
                " ", "é", "\t", ":", "8080", "99999", "1", "0x", "xn--", "[", "]", "@", "%",
                "{", "`", "\u{0}",
            ]), 0..10),
        ) {
            let value: String = pieces.concat();
            let mut fast = Url::parse(base).unwrap();
            if let Some(got) = fast.fast_path(&value) {
                let mut general = Url::parse(base).unwrap();
                let want = general.write_path_general(&value);
                proptest::prop_assert_eq!(got, want);
                proptest::prop_assert_eq!(fast.href(), general.href());
                proptest::prop_assert_eq!(fast.check_invariants(), Ok(()));
            }
            for state in [State::Host, State::Hostname] {
                let mut fast = Url::parse(base).unwrap();
                if let Some(got) = fast.fast_host(&value, state) {
                    let mut general = Url::parse(base).unwrap();
                    let want = general.host_setter_general(&value, state);
                    proptest::prop_assert_eq!(got, want);
                    proptest::prop_assert_eq!(fast.href(), general.href());
                    proptest::prop_assert_eq!(
                        alloc::format!("{fast:?}"),
                        alloc::format!("{general:?}")
                    );
                }
            }
        }
    }

    /// The one-pass classifier agrees with a naive three-pass one.
    #[test]
    fn plain_domain_against_a_naive_oracle() {
        let naive = |v: &[u8]| {
            let body = v.strip_suffix(b".").unwrap_or(v);
            let last = body.rsplit(|&b| b == b'.').next().unwrap_or(&[]);
            v.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
                && !v.windows(2).any(|w| w == b"--")
                && last.first().is_some_and(u8::is_ascii_alphabetic)
        };
        for value in hosts() {
            let v = value.as_bytes();
            assert_eq!(super::is_plain_domain(v), naive(v), "{value:?}");
        }
    }

    /// The host fast path agrees with the general host state, for both setters, on crafted
    /// values and hosts from the benchmark lists.
    #[test]
    fn fast_host_agrees_with_the_general_path() {
        let mut taken = 0;
        for base in bases() {
            for value in hosts() {
                for state in [State::Host, State::Hostname] {
                    let mut fast = Url::parse(base).unwrap();
                    let Some(got) = fast.fast_host(&value, state) else { continue };
                    taken += 1;
                    let mut general = Url::parse(base).unwrap();
                    let want = general.host_setter_general(&value, state);
                    assert_same_outcome(got, want, &fast, &general, &(base, &value));
                }
            }
        }
        assert!(taken > 1000, "the fast path ran {taken} times");
    }

    /// A fast path and the general setter gave the same outcome and the same record, and the
    /// fast path's record is valid.
    fn assert_same_outcome<T: PartialEq + core::fmt::Debug>(
        got: T,
        want: T,
        fast: &Url,
        general: &Url,
        context: &dyn core::fmt::Debug,
    ) {
        assert_eq!(got, want, "{context:?}");
        assert_eq!(fast.href(), general.href(), "{context:?}");
        assert_eq!(alloc::format!("{fast:?}"), alloc::format!("{general:?}"), "{context:?}");
        assert_eq!(fast.check_invariants(), Ok(()), "{context:?}");
    }

    /// Dotted, `\`-separated and non-ASCII values on special URLs take the composed path,
    /// and values whose path ends just before, at and just past the end of its stack block
    /// take it or the general path and agree either way.
    #[test]
    fn composed_path_agrees_with_the_general_path() {
        let mut values: Vec<String> = [
            "/a/./b/../c/%2e%2E/d/",
            "\\a\\b\\..\\c",
            "a/b/../../../x",
            "/..",
            "..",
            ".",
            "/a/.",
            "/a/..",
            "/a/%2E./b/.%2e",
            "/ä/../ö b/./",
            "/a/..\\b",
            "/x/%2e%2e%2e",
            "/x/...",
            "/x/.a/a.",
            "/a/b/\t../c",
            "/café/menü",
            "/東京/地図.html",
            "Ölfarbe/auf Leinwand",
            "/a/b%2Fc/ü?#",
        ]
        .into_iter()
        .map(String::from)
        .collect();
        let end = super::COMPOSED_PATH;
        for (filler, encoded) in [("a", 1), (" ", 3), ("é", 6)] {
            // `/x/../` first so that the plain path does not take it; the composed path is
            // `/` and the encoded fillers.
            for len in end - 8..end + 8 {
                values.push(String::from("/x/../") + &filler.repeat((len - 1) / encoded));
            }
        }
        let (mut composed, mut general_only) = (0, 0);
        for base in ["https://u:p@example.org:8080/a/b?q#f", "http://h", "wss://h/p#f"] {
            for value in &values {
                let mut fast = Url::parse(base).unwrap();
                let mut general = Url::parse(base).unwrap();
                let want = general.write_path_general(value);
                match fast.fast_path(value) {
                    Some(got) => {
                        composed += 1;
                        assert_same_outcome(got, want, &fast, &general, &(base, value));
                    }
                    None => general_only += 1,
                }
            }
        }
        // Only the tab and the values past the block's end are left to the general path.
        assert!(composed > 100 && general_only > 10, "{composed} composed, {general_only} not");
    }

    /// The path fast path agrees with the path start state, on crafted values and paths from
    /// the benchmark lists.
    #[test]
    fn fast_path_agrees_with_the_general_path() {
        let mut taken = 0;
        for base in bases() {
            for value in paths() {
                let mut fast = Url::parse(base).unwrap();
                let Some(got) = fast.fast_path(&value) else { continue };
                taken += 1;
                let mut general = Url::parse(base).unwrap();
                let want = general.write_path_general(&value);
                assert_same_outcome(got, want, &fast, &general, &(base, &value));
            }
        }
        assert!(taken > 1000, "the fast path ran {taken} times");
    }
}
