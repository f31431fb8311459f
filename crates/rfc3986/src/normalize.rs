//! Normalization and comparison (section 6.2): syntax-based normalization (case, percent-
//! encoding, dot segments; section 6.2.2) and scheme-based normalization (section 6.2.3) for
//! `http`, `https`, `ws`, `wss`, `ftp` and `file`.

use alloc::string::String;

use crate::builder::Builder;
use crate::chars::{HEXDIG, find_byte, find_either, is, is_unreserved};
use crate::host::HostKind;
use crate::resolve::{DotFree, remove_dot_segments_at};
use crate::uri_ref::{UriRef, UriRefBuf};

/// The schemes with scheme-based normalization rules (section 6.2.3).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Known {
    Http,
    Https,
    Ws,
    Wss,
    Ftp,
    File,
}

impl Known {
    /// The scheme `lowercase` names (already in lower case, as written to the output).
    fn from_scheme(lowercase: &[u8]) -> Option<Known> {
        match lowercase {
            b"http" => Some(Known::Http),
            b"https" => Some(Known::Https),
            b"ws" => Some(Known::Ws),
            b"wss" => Some(Known::Wss),
            b"ftp" => Some(Known::Ftp),
            b"file" => Some(Known::File),
            _ => None,
        }
    }

    /// The default port, without leading zeros.
    fn default_port(self) -> Option<&'static str> {
        match self {
            Known::Http | Known::Ws => Some("80"),
            Known::Https | Known::Wss => Some("443"),
            Known::Ftp => Some("21"),
            Known::File => None,
        }
    }
}

/// The port a normalized reference keeps (section 6.2.3): for a known scheme, none when it is
/// empty or the scheme's default, else its digits without leading zeros ("0" for all zeros);
/// for any other scheme, the port as written.
fn kept_port(port: Option<&str>, known: Option<Known>) -> Option<&str> {
    let (port, known) = match (port, known) {
        (Some(port), Some(known)) => (port, known),
        (port, None) => return port,
        (None, Some(_)) => return None,
    };
    let digits = port.trim_start_matches('0');
    if port.is_empty() || Some(digits) == known.default_port() {
        None
    } else if digits.is_empty() {
        Some("0")
    } else {
        Some(digits)
    }
}

/// The known scheme of `out`, which starts with the lowercased scheme (`scheme_len` bytes).
fn known_scheme(out: &str, scheme_len: Option<usize>) -> Option<Known> {
    Known::from_scheme(out.as_bytes().get(..scheme_len?)?)
}

/// Lowercases `out[from..]` (ASCII) in whole eight-byte groups, the last one overlapping
/// the one before it, so that no loop over single bytes ends it (when eight or more).
#[inline]
fn lowercase_from(out: &mut str, from: usize) {
    let len = out.len();
    let whole = from + (len.saturating_sub(from) & !7);
    if whole == from || whole == len {
        if let Some(text) = out.get_mut(from..) {
            text.make_ascii_lowercase();
        }
        return;
    }
    if let Some(text) = out.get_mut(from..whole) {
        text.make_ascii_lowercase();
    }
    if let Some(text) = out.get_mut(len - 8..) {
        text.make_ascii_lowercase();
    }
}

/// Appends the triplet or lone `%` at `bytes[pct]` normalized (sections 6.2.2.1 and 6.2.2.2):
/// a triplet of an unreserved character decoded (lowercased with `lowercase`), another
/// triplet with upper-case hex digits, and a `%` that starts no triplet (not in a valid
/// reference) kept as it is. Returns the index after what it consumed.
#[inline(always)]
fn push_pct_normalized(bytes: &[u8], pct: usize, out: &mut String, lowercase: bool) -> usize {
    let triplet = bytes.get(pct..).and_then(<[u8]>::first_chunk::<3>);
    let Some(&[b'%', hi, lo]) = triplet.filter(|t| is(t[1], HEXDIG) && is(t[2], HEXDIG)) else {
        out.push('%');
        return pct + 1;
    };
    // A hex digit's value: its low four bits, plus 9 for a letter (0x41.. and 0x61..).
    let value = |digit: u8| (digit & 0xF) + (digit >> 6) * 9;
    let decoded = value(hi) << 4 | value(lo);
    if is_unreserved(decoded) {
        let decoded = if lowercase { decoded.to_ascii_lowercase() } else { decoded };
        // Unreserved characters are ASCII: `& 0x7F` tells the compiler (one byte to push).
        out.push(char::from(decoded & 0x7F));
    } else {
        // Hex digits are ASCII too.
        out.push('%');
        out.push(char::from(hi.to_ascii_uppercase() & 0x7F));
        out.push(char::from(lo.to_ascii_uppercase() & 0x7F));
    }
    pct + 3
}

/// Appends `component` to `out` with percent-encoding normalization (section 6.2.2.2: the
/// triplets of unreserved characters are decoded) and the hex digits of the other triplets in
/// upper case (section 6.2.2.1). With `lowercase`, the other characters are lowercased too
/// (for the host). `component` is part of a valid reference, so it is ASCII.
fn pct_normalize_into(component: &str, out: &mut String, lowercase: bool) {
    let bytes = component.as_bytes();
    let mut i = 0;
    loop {
        // The run before the next `%`, copied in one piece.
        let pct = find_byte(bytes, i, b'%');
        let start = out.len();
        out.push_str(component.get(i..pct).unwrap_or_default());
        if lowercase && let Some(appended) = out.get_mut(start..) {
            appended.make_ascii_lowercase();
        }
        if pct == bytes.len() {
            return;
        }
        i = push_pct_normalized(bytes, pct, out, lowercase);
        // A row of triplets, without a search between them.
        while bytes.get(i) == Some(&b'%') {
            i = push_pct_normalized(bytes, i, out, lowercase);
        }
    }
}

/// Appends `path`, which starts with `"/"`, to `out` with percent-encoding normalization and
/// then its dot segments removed (section 6.2.2.2, then 6.2.2.3), in one pass.
///
/// Dot segments go as in [`DotFree`]. The path is copied in runs up to the next `%` or the
/// next `.` that starts a segment: only there can a segment be (or, decoded, become) a dot
/// segment. Decoding makes no `"/"` (it is reserved), so after a row of triplets the
/// segment written so far is tested, which sees `"%2E"` as `"."`.
fn normalize_absolute_path_into(path: &str, out: &mut String) {
    let bytes = path.as_bytes();
    let mut dot_free = DotFree::start(out);
    // The run not yet copied starts at `run`; the next `%` or `.` is looked for from `i`.
    let (mut run, mut i) = (0, 0);
    loop {
        let stop = find_either(bytes, i, b'%', b'.');
        match bytes.get(stop) {
            None => {
                if run < stop {
                    out.push_str(path.get(run..).unwrap_or_default());
                    dot_free.wrote_text();
                }
                dot_free.finish(out);
                return;
            }
            Some(b'.') if bytes.get(stop.wrapping_sub(1)) == Some(&b'/') => {
                // A segment that starts with ".": a dot segment unless more follows.
                let double = bytes.get(stop + 1) == Some(&b'.');
                let end = stop + 1 + usize::from(double);
                if matches!(bytes.get(end), None | Some(b'/')) {
                    // The run up to the segment's "/", which then goes with the segment.
                    out.push_str(path.get(run..stop).unwrap_or_default());
                    dot_free.drop_dot_segment(out, out.len().saturating_sub(1), double);
                    (run, i) = (end, end);
                } else {
                    // Text ("..." or ".a", or ".%2E", which the triplet's test catches).
                    i = stop + 1;
                }
            }
            Some(b'.') => i = stop + 1,
            Some(_) => {
                out.push_str(path.get(run..stop).unwrap_or_default());
                i = push_pct_normalized(bytes, stop, out, false);
                // A row of triplets, without a search between them.
                while bytes.get(i) == Some(&b'%') {
                    i = push_pct_normalized(bytes, i, out, false);
                }
                dot_free.wrote_text();
                if out.ends_with("/.") || out.ends_with("/..") {
                    // The segment so far decodes to "." or "..": the rest of it step by step,
                    // then the test of the whole.
                    i = finish_segment(path, i, out);
                    dot_free.end_last_segment(out);
                }
                run = i;
            }
        }
    }
}

/// Appends the rest of the segment of `path` from `i` with percent-encoding normalization,
/// and returns the index of its end (a `"/"`, or the end of `path`).
fn finish_segment(path: &str, mut i: usize, out: &mut String) -> usize {
    let bytes = path.as_bytes();
    loop {
        let stop = find_either(bytes, i, b'/', b'%');
        out.push_str(path.get(i..stop).unwrap_or_default());
        if bytes.get(stop) != Some(&b'%') {
            return stop;
        }
        i = push_pct_normalized(bytes, stop, out, false);
    }
}

impl UriRef<'_> {
    /// The normal form of this reference (section 6.2.2 and 6.2.3):
    ///
    /// - the scheme and host in lower case, and the hex digits of percent-encoded triplets in
    ///   upper case (6.2.2.1);
    /// - triplets of unreserved characters decoded (6.2.2.2);
    /// - dot segments removed (6.2.2.3) when the reference has a scheme or its path starts
    ///   with `"/"` (the dot segments of a relative path are meaningful until it is
    ///   resolved);
    /// - for `http`, `https`, `ws`, `wss`, `ftp` and `file`: an empty port or the default port
    ///   (80, 443, 80, 443, 21) removed with its `":"`, other ports without leading zeros, an
    ///   empty path after an authority made `"/"`, and for `file` a host of `localhost`
    ///   (without userinfo or port) made empty (RFC 8089, section 2).
    ///
    /// Empty components keep their delimiters (section 6.2.3): `"http://h/?"` keeps its `"?"`.
    ///
    /// ```
    /// use weburl_rfc3986::UriRef;
    ///
    /// let uri = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
    /// assert_eq!(uri.normalized().as_str(), "example://a/b/c/%7Bfoo%7D");
    /// # Ok::<(), weburl_rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn normalized(&self) -> UriRefBuf {
        // Normalizing never lengthens a component; it may add one `"/"` (an empty path after
        // an authority) or, without an authority, `end_path`'s `"/."`, not both.
        let mut b = Builder::new(self.as_str().len() + 2);
        // The scheme is written as it is, and lowercased with the host when there is one (the
        // scheme, `"://"` and the host in one pass).
        let scheme_len = self.scheme().map(|scheme| {
            b.out().push_str(scheme);
            b.end_scheme();
            scheme.len()
        });
        let known = if self.has_authority() {
            self.normalize_authority(&mut b, scheme_len)
        } else {
            lowercase_from(b.out(), 0);
            known_scheme(b.out(), scheme_len)
        };
        // Path: percent-encoding normalization, then dot segments (section 6.2.2 order).
        b.start_path();
        let path = self.path();
        if path.starts_with('/') {
            normalize_absolute_path_into(path, b.out());
        } else {
            let path_start = b.out().len();
            pct_normalize_into(path, b.out(), false);
            if self.is_uri() {
                remove_dot_segments_at(b.out(), path_start);
            }
        }
        if path.is_empty() && self.has_authority() && known.is_some() {
            b.out().push('/');
        }
        b.end_path();
        if let Some(query) = self.query() {
            b.start_query();
            pct_normalize_into(query, b.out(), false);
        }
        if let Some(fragment) = self.fragment() {
            b.start_fragment();
            pct_normalize_into(fragment, b.out(), false);
        }
        b.finish()
    }

    /// Writes the normalized authority (which this reference has) after the scheme as it is
    /// (`scheme_len` bytes, if any), which it lowercases; returns the known scheme.
    fn normalize_authority(&self, b: &mut Builder, scheme_len: Option<usize>) -> Option<Known> {
        b.start_authority();
        // The output from `lower` on is still to be lowercased.
        let mut lower = 0;
        if let Some(userinfo) = self.userinfo() {
            lowercase_from(b.out(), lower);
            pct_normalize_into(userinfo, b.out(), false);
            b.end_userinfo();
            lower = b.out().len();
        }
        let host_start = b.out().len();
        let host = self.host().unwrap_or_default();
        let plain = match self.host_kind() {
            Some(HostKind::Ipv6 | HostKind::IpvFuture) => true,
            _ => find_byte(host.as_bytes(), 0, b'%') == host.len(),
        };
        if plain {
            b.out().push_str(host);
            lowercase_from(b.out(), lower);
        } else {
            lowercase_from(b.out(), lower);
            pct_normalize_into(host, b.out(), true);
        }
        let known = known_scheme(b.out(), scheme_len);
        // The port, if it stays: for known schemes an empty or default port goes.
        let port = kept_port(self.port(), known);
        if known == Some(Known::File)
            && self.userinfo().is_none()
            && port.is_none()
            && b.out().get(host_start..) == Some("localhost")
        {
            b.out().truncate(host_start);
        }
        b.end_host();
        if let Some(port) = port {
            b.start_port();
            b.out().push_str(port);
        }
        known
    }

    /// True when this reference and `other` have the same normal form
    /// ([`UriRef::normalized`]): the syntax-based and scheme-based comparison of section 6.2.
    ///
    /// ```
    /// use weburl_rfc3986::UriRef;
    ///
    /// let a = UriRef::parse("http://example.com")?;
    /// let b = UriRef::parse("HTTP://EXAMPLE.com:80/")?;
    /// assert!(a.equivalent(&b));
    /// assert!(!a.equivalent(&UriRef::parse("http://example.com/?")?));
    /// # Ok::<(), weburl_rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn equivalent(&self, other: &UriRef<'_>) -> bool {
        self.normalized().as_str() == other.normalized().as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chars::pct_encoded_at;
    use crate::pieced::pieced;

    /// The upper-case hex digit of the low four bits of `n`.
    fn hex_upper(n: u8) -> char {
        let n = n & 0xF;
        char::from(if n < 10 { b'0' + n } else { b'A' + n - 10 })
    }

    /// The byte-at-a-time form that `pct_normalize_into` (which copies runs) must match.
    fn naive_pct_normalize_into(component: &str, out: &mut String, lowercase: bool) {
        let bytes = component.as_bytes();
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            match pct_encoded_at(bytes, i) {
                Some(decoded) if is_unreserved(decoded) => {
                    out.push(char::from(if lowercase {
                        decoded.to_ascii_lowercase()
                    } else {
                        decoded
                    }));
                    i += 3;
                }
                Some(decoded) => {
                    out.push('%');
                    out.push(hex_upper(decoded >> 4));
                    out.push(hex_upper(decoded));
                    i += 3;
                }
                None => {
                    out.push(char::from(if lowercase { b.to_ascii_lowercase() } else { b }));
                    i += 1;
                }
            }
        }
    }

    #[test]
    fn run_copying_matches_the_byte_loop() {
        let pieces =
            ["a", "B", "%41", "%7e", "%7E", "%2f", "%2F", "%", "%4", "%G0", "/", ".", "~", "Z9"];
        for text in pieced(&pieces, 0x9E37_79B9_7F4A_7C15, 5000, 8) {
            for lowercase in [false, true] {
                let (mut fast, mut naive) = (String::from("x"), String::from("x"));
                pct_normalize_into(&text, &mut fast, lowercase);
                naive_pct_normalize_into(&text, &mut naive, lowercase);
                assert_eq!(fast, naive, "{text:?} {lowercase}");
            }
        }
    }

    /// The one-pass path normalization against percent-normalizing then removing dot
    /// segments, on `count` absolute paths of up to `most` of `pieces` drawn from `seed`.
    fn check_paths_against_two_passes(pieces: &[&str], seed: u64, count: usize, most: u64) {
        for tail in pieced(pieces, seed, count, most) {
            let path = alloc::format!("/{tail}");
            let (mut fast, mut slow) = (String::from("x:"), String::from("x:"));
            normalize_absolute_path_into(&path, &mut fast);
            pct_normalize_into(&path, &mut slow, false);
            remove_dot_segments_at(&mut slow, 2);
            assert_eq!(fast, slow, "{path:?}");
        }
    }

    #[test]
    fn one_pass_absolute_paths_match_the_two_passes() {
        let pieces =
            ["/", "/", ".", "..", "%2e", "%2E", "a", "%41", "%2f", "%", "b.", ".c", "%7e", "%5"];
        check_paths_against_two_passes(&pieces, 0x2545_F491_4F6C_DD1D, 20_000, 10);
    }

    #[test]
    fn long_absolute_paths_match_the_two_passes() {
        // Longer paths than above, so that stops fall in every place of several words.
        let pieces =
            ["/", "/", "/.", "/..", "%2e", "%2E", "abc", "defgh", "%41", "%2f", "%7e", ".", "%"];
        check_paths_against_two_passes(&pieces, 0x0123_4567_89AB_CDEF, 20_000, 14);
    }

    /// Section 6.2.2 and 6.2.3 written out one component at a time, each byte by byte: the
    /// oracle of `normalized` (which lowercases the scheme with the host, copies runs of the
    /// path and decodes triplets in line).
    fn normalized_by_steps(r: &UriRef<'_>) -> String {
        let scheme = r.scheme().map(str::to_ascii_lowercase);
        let known = scheme.as_deref().and_then(|s| Known::from_scheme(s.as_bytes()));
        let mut out = String::new();
        if let Some(scheme) = &scheme {
            out.push_str(scheme);
            out.push(':');
        }
        if r.has_authority() {
            out.push_str("//");
            if let Some(userinfo) = r.userinfo() {
                naive_pct_normalize_into(userinfo, &mut out, false);
                out.push('@');
            }
            let host_start = out.len();
            let host = r.host().unwrap();
            match r.host_kind() {
                Some(HostKind::Ipv6 | HostKind::IpvFuture) => {
                    out.push_str(&host.to_ascii_lowercase());
                }
                _ => naive_pct_normalize_into(host, &mut out, true),
            }
            let port = kept_port(r.port(), known);
            if known == Some(Known::File)
                && r.userinfo().is_none()
                && port.is_none()
                && &out[host_start..] == "localhost"
            {
                out.truncate(host_start);
            }
            if let Some(port) = port {
                out.push(':');
                out.push_str(port);
            }
        }
        let path_start = out.len();
        naive_pct_normalize_into(r.path(), &mut out, false);
        if r.is_uri() || r.path().starts_with('/') {
            remove_dot_segments_at(&mut out, path_start);
        }
        if r.path().is_empty() && r.has_authority() && known.is_some() {
            out.push('/');
        }
        if !r.has_authority() && out[path_start..].starts_with("//") {
            out.insert_str(path_start, "/.");
        }
        if let Some(query) = r.query() {
            out.push('?');
            naive_pct_normalize_into(query, &mut out, false);
        }
        if let Some(fragment) = r.fragment() {
            out.push('#');
            naive_pct_normalize_into(fragment, &mut out, false);
        }
        out
    }

    #[test]
    fn normalized_matches_the_steps() {
        // Schemes (known, in any case, and not), authorities with and without userinfo,
        // hosts of every kind and length around eight, ports, paths with dot segments
        // written out and encoded, queries and fragments.
        const HEAD: [&str; 12] =
            ["HTTP:", "hTtPs:", "X-Y:", "file:", "FTP:", "ws:", "A:", "", "", "WSS:", "Ab+C:", ""];
        const AUTHORITY: [&str; 14] = [
            "//",
            "//U%41s@",
            "//user:P@",
            "//",
            "//",
            "//",
            "//",
            "",
            "",
            "",
            "",
            "//%7e@",
            "//",
            "//",
        ];
        const HOST: [&str; 12] = [
            "EXAMPLE.COM",
            "H",
            "LocalHost",
            "WWW.EX%41MPLE.C%6fM",
            "[2001:DB8::A]",
            "[V7.AB]",
            "192.0.2.1",
            "Abcdefgh",
            "ABCDEFGHIJKLMNOP",
            "%C3%A9X",
            "",
            "a.b.c.d.e.f.g",
        ];
        const PORT: [&str; 8] = ["", "", ":", ":80", ":0443", ":21", ":000", ":8080"];
        const TAIL: [&str; 16] = [
            "/",
            "/",
            "/.",
            "/..",
            "%2e",
            "%2E",
            "a",
            "%41",
            "%2f",
            ".",
            "..",
            "?Q%7e",
            "#F%7E",
            "/%7e%2f%41",
            "bcdefghij",
            ".%2e",
        ];
        let pick = |pieces: &[&'static str], k: u64| pieces[(k % pieces.len() as u64) as usize];
        let mut checked = 0;
        for (k, tail) in pieced(&TAIL, 0x5851_F42D_4C95_7F2D, 30_000, 8).enumerate() {
            let k = (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7;
            let authority = pick(&AUTHORITY, k);
            let (host, port) = if authority.is_empty() {
                ("", "")
            } else {
                (pick(&HOST, k >> 8), pick(&PORT, k >> 16))
            };
            let input = alloc::format!("{}{authority}{host}{port}{tail}", pick(&HEAD, k >> 24));
            let Ok(r) = UriRef::parse(&input) else { continue };
            assert_eq!(r.normalized().as_str(), normalized_by_steps(&r), "{input:?}");
            checked += 1;
        }
        assert!(checked > 15_000, "{checked}");
    }

    #[test]
    fn every_triplet_matches_the_byte_loop() {
        // Every pair of ASCII bytes after a "%" (components are ASCII), in the host
        // (lowercased) and elsewhere.
        for hi in 0..128u8 {
            for lo in 0..128u8 {
                let bytes = [b'x', b'%', hi, lo, b'Y'];
                let text = core::str::from_utf8(&bytes).unwrap();
                for lowercase in [false, true] {
                    let (mut fast, mut naive) = (String::new(), String::new());
                    pct_normalize_into(text, &mut fast, lowercase);
                    naive_pct_normalize_into(text, &mut naive, lowercase);
                    assert_eq!(fast, naive, "{text:?} {lowercase}");
                }
            }
        }
    }

    #[test]
    fn lowercasing_by_groups_matches_the_whole() {
        let text = "AbCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/@ABCDEFGHIJ";
        for len in 0..=text.len() {
            for from in 0..=len {
                let mut out = String::from(&text[..len]);
                lowercase_from(&mut out, from);
                let want =
                    alloc::format!("{}{}", &text[..from], text[from..len].to_ascii_lowercase());
                assert_eq!(out, want, "{len} {from}");
            }
        }
    }

    #[test]
    fn dot_led_segments_match_the_two_passes() {
        // The stops of the run copies: a "." after a "/" that is or is not a dot segment
        // (".x", "...", ".%2E"), triplets that make one ("%2e", "%2E.") or not, long runs.
        let pieces = [
            "/",
            "/.",
            "/..",
            "/...",
            "/.x",
            ".",
            "%2e",
            "%2E",
            ".%2e",
            "%2e.",
            "x",
            "abcdefghi",
            "%41",
            "%7e%2f",
            "/%2e%2E",
        ];
        check_paths_against_two_passes(&pieces, 0x6A09_E667_F3BC_C908, 30_000, 10);
    }

    fn norm(input: &str) -> String {
        UriRef::parse(input).unwrap().normalized().into_string()
    }

    #[test]
    fn percent_encoding_normalization() {
        let mut out = String::new();
        pct_normalize_into("%41%7e%2f%2F%c3%A9a%5A", &mut out, false);
        assert_eq!(out, "A~%2F%2F%C3%A9aZ");
        out.clear();
        pct_normalize_into("Ex%41MPLE%2e%C3", &mut out, true);
        assert_eq!(out, "example.%C3");
    }

    #[test]
    fn case_normalization() {
        assert_eq!(norm("HTTP://www.EXAMPLE.com/"), "http://www.example.com/");
        assert_eq!(norm("x://[2001:DB8::A]/P"), "x://[2001:db8::a]/P");
        assert_eq!(norm("x://[V7.AB]/"), "x://[v7.ab]/");
        assert_eq!(norm("x://User@H%c3%a9/%3a?%3b#%3c"), "x://User@h%C3%A9/%3A?%3B#%3C");
    }

    #[test]
    fn scheme_based_normalization() {
        assert_eq!(norm("https://h:443"), "https://h/");
        assert_eq!(norm("https://h:0443/"), "https://h/");
        assert_eq!(norm("https://h:80/"), "https://h:80/");
        assert_eq!(norm("ws://h:80/"), "ws://h/");
        assert_eq!(norm("wss://h:443"), "wss://h/");
        assert_eq!(norm("ftp://h:21"), "ftp://h/");
        assert_eq!(norm("ftp://h:08080/"), "ftp://h:8080/");
        assert_eq!(norm("http://h:000/"), "http://h:0/");
        assert_eq!(norm("file://localhost/etc"), "file:///etc");
        assert_eq!(norm("FILE://LocalHost"), "file:///");
        assert_eq!(norm("file://u@localhost/"), "file://u@localhost/");
        assert_eq!(norm("file://localhost:/x"), "file:///x");
        // Other schemes keep empty and any ports and empty paths.
        assert_eq!(norm("foo://h:/"), "foo://h:/");
        assert_eq!(norm("foo://h:80"), "foo://h:80");
        // Delimiters of empty components stay.
        assert_eq!(norm("http://h?"), "http://h/?");
        assert_eq!(norm("http://@h#"), "http://@h/#");
    }

    #[test]
    fn relative_references() {
        assert_eq!(norm("./a/../%62"), "./a/../b");
        assert_eq!(norm("/a/./%2e%2E/b"), "/b");
        assert_eq!(norm("//H/a/.."), "//h/");
        assert_eq!(norm("/.//a"), "/.//a");
        assert_eq!(norm("/x/..//a"), "/.//a");
    }
}
