//! `URL.canParse` without a base URL (section 6.1) without building the URL: only the scheme,
//! the authority, the host and the port can make the basic URL parser fail when there is no
//! base, so this walks those and never looks at the path, query or fragment.
//!
//! Inputs it cannot decide cheaply (tabs or newlines, C0 controls or spaces to trim, hosts
//! that are not plain ASCII domains) go to the full parser. A unit test checks it against the
//! full parser on the WPT data, the benchmark data and generated inputs.

use weburl_host::{is_forbidden_domain_code_point, is_forbidden_host_code_point};
use weburl_percent::decode_escape;

use super::authority::{ends_authority, parse_port};
use super::fast::{
    HOST_END_STOPS, at_sign_after, head_word, http_scheme, is_serialized_ipv4, scan_plain,
    special_scheme, surely_not_a_number,
};
use super::scheme::scheme_prefix_len;
use super::{is_padded, is_windows_drive_letter, trim_c0_or_space};
use crate::url::SchemeType;

/// Whether some byte of `bytes` is an ASCII tab or newline, eight bytes at a time.
pub(crate) fn has_tab_or_newline(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        // Some byte is below 0x0E (exact as a yes/no answer); only then look closer.
        if x.wrapping_sub(ONES * 0x0E) & !x & HIGHS != 0
            && chunk.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
        {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r'))
}

/// Whether the host parser accepts `host` (section 3.5), cheaply for plain ASCII domains and
/// opaque hosts, else by running it.
fn host_ok(host: &str, special: bool) -> bool {
    let bytes = host.as_bytes();
    if special {
        // A domain of ASCII bytes that are not forbidden domain code points, not ending in a
        // number (host parser step 8, which needs the IPv4 parser), is valid.
        let trimmed = bytes.strip_suffix(b".").unwrap_or(bytes);
        let last = trimmed.rsplit(|&b| b == b'.').next().unwrap_or(trimmed);
        let plain = !bytes.is_empty()
            && bytes
                .iter()
                .all(|&b| b.is_ascii() && !is_forbidden_domain_code_point(char::from(b)))
            && last.first().is_some_and(|b| !b.is_ascii_digit());
        if plain {
            return true;
        }
    } else if bytes.first() != Some(&b'[') {
        // Opaque-host parser step 1: only forbidden host code points fail (all ASCII).
        return !bytes.iter().any(|&b| b.is_ascii() && is_forbidden_host_code_point(char::from(b)));
    }
    // The host parser without its serializer (an address is not written out).
    weburl_host::Host::parse(host, !special).is_ok()
}

/// Host and port states from `start` to the end of the authority at `end` (authority state
/// step 2 onwards): whether they succeed.
fn host_and_port_ok(input: &str, start: usize, end: usize, special: bool) -> bool {
    let bytes = input.as_bytes().get(start..end).unwrap_or_default();
    // Host state step 2: a `:` outside brackets ends the host.
    let mut inside_brackets = false;
    let colon = bytes.iter().position(|&b| match b {
        b'[' => {
            inside_brackets = true;
            false
        }
        b']' => {
            inside_brackets = false;
            false
        }
        b':' => !inside_brackets,
        _ => false,
    });
    let host_end = colon.map_or(end, |c| start + c);
    let host = input.get(start..host_end).unwrap_or("");
    match colon {
        // Step 2.1: an empty host before the port fails.
        Some(_) if host.is_empty() => false,
        // Port state: digits only, at most 65535.
        Some(_) => {
            let port = input.as_bytes().get(host_end + 1..end).unwrap_or_default();
            host_ok(host, special)
                && port.iter().all(u8::is_ascii_digit)
                && parse_port(port).is_some()
        }
        // Step 3.1: a special URL needs a host.
        None if special && host.is_empty() => false,
        None => host.is_empty() || host_ok(host, special),
    }
}

/// Authority state from `start`: credentials up to the last `@`, then the host and the port.
fn authority_ok(input: &str, start: usize, special: bool) -> bool {
    let rest = input.as_bytes().get(start..).unwrap_or_default();
    let end = start + rest.iter().position(|&b| ends_authority(b, special)).unwrap_or(rest.len());
    let authority = input.as_bytes().get(start..end).unwrap_or_default();
    let host_start = match authority.iter().rposition(|&b| b == b'@') {
        // Step 2.1: credentials without a host fail.
        Some(at) if start + at + 1 == end => return false,
        Some(at) => start + at + 1,
        None => start,
    };
    host_and_port_ok(input, host_start, end, special)
}

/// [`authority_ok`] in one pass for the usual authority of a special URL: no credentials, a
/// host of letters, digits, `-`, `.` and `_`, and an optional port; and for the failures it
/// can see on the way (no host, a port that is not a number, a forbidden domain code point
/// in the host). `None`: use [`authority_ok`].
#[inline(always)]
fn plain_authority_ok(bytes: &[u8], start: usize) -> Option<bool> {
    let rest = bytes.get(start..)?;
    let len = scan_plain(bytes, start, &HOST_END_STOPS) - start;
    let host = rest.get(..len)?;
    // Host state step 3.1 or 2.1: a special URL needs a host. An authority that starts with
    // a `:` or ends at once has none, unless an `@` comes later (credentials, authority
    // state step 2.1 takes the last one).
    if host.is_empty() {
        let empty = matches!(rest.first(), None | Some(b':' | b'?' | b'#'));
        return (empty && !at_sign_after(rest)).then_some(false);
    }
    let verdict = match rest.get(len) {
        None | Some(b'/' | b'?' | b'#' | b'\\') => Some(true),
        Some(b':') => {
            // Port state: digits up to the end of the authority, at most 65535.
            let port = rest.get(len + 1..)?;
            let digits = port.iter().position(|b| !b.is_ascii_digit()).unwrap_or(port.len());
            match port.get(digits) {
                None | Some(b'/' | b'?' | b'#' | b'\\') => {
                    Some(parse_port(port.get(..digits)?).is_some())
                }
                // Port state step 3: another byte fails, unless it is a tab, a newline or a
                // trailing C0 control or space (removed first) or an `@` follows (the port
                // was part of the credentials).
                Some(&b) if b > b' ' && !at_sign_after(port) => Some(false),
                _ => None,
            }
        }
        // Domain to ASCII step 8 (through the host parser's steps 5-7, which keep every ASCII
        // byte but a percent-encoded one): a forbidden domain code point fails, unless it is a
        // `%`, a tab or newline (removed first), trailing (trimmed first), or an `@` follows
        // (credentials).
        Some(&b)
            if is_forbidden_domain_code_point(char::from(b))
                && !matches!(b, b'\t' | b'\n' | b'\r')
                && (b != b'%' || percent_stays(rest.get(len..)?))
                && bytes.last().is_some_and(|&last| last > b' ')
                && !at_sign_after(rest.get(len..)?) =>
        {
            Some(false)
        }
        _ => None,
    }?;
    // Where the authority's host is the plain one (it may succeed), host parser step 8: a
    // domain ending in a number is an IPv4 address. Four decimal numbers as the IPv4
    // serializer writes them are one; the host parser decides the other forms.
    Some(
        verdict
            && (surely_not_a_number(host)
                || is_serialized_ipv4(host)
                || core::str::from_utf8(host).is_ok_and(|host| host_ok(host, true))),
    )
}

/// Whether the `%` that starts `at_percent` stays in the host (host parser step 5
/// percent-decodes only a `%` and two ASCII hex digits), whatever tab and newline removal
/// does first to the two bytes after it.
fn percent_stays(at_percent: &[u8]) -> bool {
    let after = at_percent.get(1..).unwrap_or_default();
    decode_escape(at_percent).is_none()
        && !after.iter().take(2).any(|b| matches!(b, b'\t' | b'\n' | b'\r'))
}

/// Whether the basic URL parser succeeds on `input` without a base URL; `None` when this walk
/// cannot tell cheaply.
fn walk(input: &str) -> Option<bool> {
    let bytes = input.as_bytes();
    let &first = bytes.first()?;
    // The usual case first: a special scheme other than file, and `//`. Its scheme and
    // authority hold no C0 control, space, tab or newline (their bytes are checked), so
    // neither trimming nor tab removal (steps 1-3) could change the answer.
    // `http://` and `https://` in one word first (when the first byte is `h` or `H`).
    let http = first | 0x20 == b'h';
    // Scheme start state step 2: an input that starts with a byte that is neither an ASCII
    // alpha nor one that trimming removes has no scheme, and the no scheme state fails
    // without a base (step 1).
    if !http && first > b' ' && !first.is_ascii_alphabetic() {
        return Some(false);
    }
    let quick = http.then(|| http_scheme(head_word(bytes))).flatten();
    let quick = quick.map(|(len, kind)| (len, Some(kind))).or_else(|| {
        let scheme_len = bytes.iter().take(6).position(|&b| b == b':')?;
        Some((scheme_len, special_scheme(bytes.get(..scheme_len)?)))
    });
    if let Some((scheme_len, scheme_type)) = quick
        && scheme_type.is_some_and(|t| t != SchemeType::File)
        && bytes.get(scheme_len + 1..scheme_len + 3) == Some(b"//")
        && !matches!(bytes.get(scheme_len + 3), Some(b'/' | b'\\'))
        && let Some(answer) = plain_authority_ok(bytes, scheme_len + 3)
    {
        return Some(answer);
    }
    // Steps 1-3: leave trimming and tab removal to the full parser.
    if bytes.first().is_none_or(|&b| b <= b' ')
        || bytes.last().is_none_or(|&b| b <= b' ')
        || has_tab_or_newline(bytes)
    {
        return None;
    }
    // Scheme start and scheme states; without a scheme (no scheme state) there is no base.
    let Some(scheme_len) = scheme_prefix_len(bytes) else { return Some(false) };
    let scheme = input.get(..scheme_len).unwrap_or("");
    let scheme_type = if scheme.len() <= 5 {
        let mut lower = [0u8; 5];
        for (d, s) in lower.iter_mut().zip(scheme.bytes()) {
            *d = s.to_ascii_lowercase();
        }
        SchemeType::of(core::str::from_utf8(lower.get(..scheme_len)?).ok()?)
    } else {
        SchemeType::NotSpecial
    };
    let at = |i: usize| bytes.get(scheme_len + 1 + i).copied();
    let slash = |b: Option<u8>| matches!(b, Some(b'/' | b'\\'));
    Some(match scheme_type {
        SchemeType::File => {
            // File state step 3 and file slash state step 1: two slashes lead to the file
            // host state; otherwise the path states, which never fail.
            if !(slash(at(0)) && slash(at(1))) {
                return Some(true);
            }
            let start = scheme_len + 3;
            let rest = bytes.get(start..).unwrap_or_default();
            let len = rest.iter().position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'));
            let host = input.get(start..start + len.unwrap_or(rest.len())).unwrap_or("");
            // File host state step 1.1 (a drive letter) and 1.2 (the empty host).
            is_windows_drive_letter(host.as_bytes()) || host.is_empty() || host_ok(host, true)
        }
        SchemeType::NotSpecial => {
            // Scheme state steps 2.8-2.9 and path or authority state.
            at(0) != Some(b'/') || at(1) != Some(b'/') || authority_ok(input, scheme_len + 3, false)
        }
        _ => {
            // Special authority slashes and ignore slashes states: skip every slash.
            let mut start = scheme_len + 1;
            while slash(bytes.get(start).copied()) {
                start += 1;
            }
            authority_ok(input, start, true)
        }
    })
}

/// `URL.canParse(input)` without a base URL: whether the basic URL parser succeeds.
pub(crate) fn can_parse(input: &str) -> bool {
    // Basic URL parser step 1: trimming leading and trailing C0 controls and spaces changes
    // no answer (its validation error fails nothing).
    let input = if is_padded(input) { trim_c0_or_space(input) } else { input };
    match walk(input) {
        Some(answer) => answer,
        // `parse_into` fails the inputs `parse` fails early, and inlining `parse`'s early
        // failure here cost this function 1% more instructions on the usual inputs.
        None => super::parse_into(input, None, None, None, alloc::string::String::new()).is_ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Url;
    use alloc::format;
    use proptest::prelude::*;

    fn agrees(input: &str) {
        let full = Url::parse(input).is_ok();
        assert_eq!(can_parse(input), full, "{input:?}");
        if let Some(answer) = walk(input) {
            assert_eq!(answer, full, "{input:?} (walk)");
        }
    }

    #[test]
    fn tab_scan() {
        assert!(!has_tab_or_newline(b"https://example.com/a/b/c/d/e"));
        for i in 0..20 {
            for c in [b'\t', b'\n', b'\r'] {
                let mut s = *b"https://example.com/";
                if let Some(b) = s.get_mut(i) {
                    *b = c;
                }
                assert!(has_tab_or_newline(&s));
            }
        }
        assert!(!has_tab_or_newline(b"\x0b\x0c\x0e\x01\x00\x1f\x08\x07\x0b"));
    }

    #[test]
    fn agrees_with_the_parser_on_wpt() {
        let data = weburl_test_support::load_wpt_json("urltestdata.json");
        for case in data.as_array().expect("array").iter().filter(|c| c.is_object()) {
            agrees(case["input"].as_str().expect("input"));
        }
    }

    /// The walk answers serialized IPv4 addresses itself, and inputs with leading or trailing
    /// C0 controls or spaces after trimming them.
    #[test]
    fn answers_ipv4_hosts_and_padded_inputs() {
        for input in ["http://192.168.0.1:8080/x", "https://0.0.0.0/", "ws://255.255.255.255"] {
            assert_eq!(
                plain_authority_ok(input.as_bytes(), input.find("//").unwrap() + 2),
                Some(true)
            );
            agrees(input);
        }
        // Other forms are decided by the host parser, in the walk.
        for input in ["http://256.0.0.1/", "http://1.2.3.4.5/", "http://01.2.3.4/", "http://1.2.3/"]
        {
            let full = Url::parse(input).is_ok();
            assert_eq!(plain_authority_ok(input.as_bytes(), 7), Some(full), "{input}");
            agrees(input);
        }
        for input in [" https://a/ ", "\u{0}http://1.2.3.4\n", "  https://a:99999/ ", " \u{1F}"] {
            agrees(input);
        }
        assert!(can_parse(" https://a/ \t"));
        assert!(!can_parse(" https://a:99999/ "));
    }

    /// The walk's early failures (a port with a byte that is not a digit, an empty host, no
    /// scheme) on every three-piece tail of a few heads, and that it takes them itself.
    #[test]
    fn agrees_on_ports_empty_hosts_and_missing_schemes() {
        let heads = [
            "https://",
            "https://h",
            "http://h.org:",
            "ws://h:7",
            "",
            "/",
            "1",
            "%",
            "https://1.2",
        ];
        let pieces = [
            ":", "7", "x", "-", "@", "/", "?", "#", "\\", "\t", "\n", " ", "é", "h", "\u{1}", "[",
            "]", "%", "<", "^", "\u{7f}", "A",
        ];
        for head in heads {
            for a in pieces {
                for b in pieces {
                    for c in pieces {
                        agrees(&format!("{head}{a}{b}{c}"));
                    }
                }
            }
        }
        for input in [
            "http://h.org:7z/",
            "https://h:-1",
            "https://:5/",
            "https://?q",
            "/a",
            "1:",
            "https://a b/",
            "https://a<b",
            "https://a[b:c]/",
            "https://a%zz/",
            "https://a%4",
            "https://1.2.3.999/",
            "https://0x1.2.3.4.5:8/",
        ] {
            assert_eq!(walk(input), Some(false), "{input}");
        }
        // Not where credentials or removed bytes may follow (the general walk decides).
        for input in [
            "https://h:7@x/",
            "https://:p@h/",
            "https://h:7\t8/",
            "https://h:7 ",
            "https://a b@c/",
            "https://a\tb/",
            "https://a%41b/",
            "https://a%4\t1b/",
            "https://ab ",
        ] {
            assert_eq!(plain_authority_ok(input.as_bytes(), 8), None, "{input}");
        }
    }

    #[test]
    fn agrees_with_the_parser_on_the_benchmark_data() {
        for name in weburl_test_support::BENCH_LISTS {
            let text = weburl_test_support::load_bench_list(name);
            for line in text.lines() {
                agrees(line);
            }
        }
    }

    const START: &[&str] = &[
        "http:", "HTTPS:", "file:", "FILE:", "ws:", "wss:", "ftp:", "sc:", "web+x:", "a", "1:",
        " http:", "",
    ];
    const PIECES: &[&str] = &[
        "//",
        "/",
        "\\",
        "a",
        "B",
        ".",
        "1",
        "0x1",
        "255",
        "256",
        "0",
        "1.2.3.4",
        "\n",
        "localhost",
        "C:",
        "c|",
        ":",
        ":80",
        ":65536",
        ":x",
        "@",
        "u:p@",
        "[",
        "]",
        "[::1]",
        "?",
        "#",
        "%",
        "%41",
        "%zz",
        " ",
        "\t",
        "é",
        "xn--",
        "\u{0}",
        "^",
        "|",
        "<",
        "\u{ad}",
        "%2e",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn agrees_with_the_parser_on_generated_inputs(
            start in prop::sample::select(START),
            pieces in prop::collection::vec(prop::sample::select(PIECES), 0..10),
        ) {
            agrees(&format!("{start}{}", pieces.concat()));
        }
    }
}
