//! Normalization and comparison (section 6.2): syntax-based normalization (case, percent-
//! encoding, dot segments; section 6.2.2) and scheme-based normalization (section 6.2.3) for
//! `http`, `https`, `ws`, `wss`, `ftp` and `file`.

use alloc::string::String;

use crate::builder::Builder;
use crate::chars::{find_byte, find_either, is_unreserved, pct_encoded_at};
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
    fn from_scheme(scheme: &str) -> Option<Known> {
        let known = [
            ("http", Known::Http),
            ("https", Known::Https),
            ("ws", Known::Ws),
            ("wss", Known::Wss),
            ("ftp", Known::Ftp),
            ("file", Known::File),
        ];
        known.iter().find(|(name, _)| name.eq_ignore_ascii_case(scheme)).map(|&(_, k)| k)
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

/// Appends `text` to `out` in ASCII lower case, in one copy.
#[inline]
fn push_lowercase(out: &mut String, text: &str) {
    let start = out.len();
    out.push_str(text);
    if let Some(appended) = out.get_mut(start..) {
        appended.make_ascii_lowercase();
    }
}

/// The upper-case hex digit of the low four bits of `n`.
fn hex_upper(n: u8) -> char {
    let n = n & 0xF;
    char::from(if n < 10 { b'0' + n } else { b'A' + n - 10 })
}

/// Appends the triplet or lone `%` at `bytes[pct]` normalized (sections 6.2.2.1 and 6.2.2.2):
/// a triplet of an unreserved character decoded (lowercased with `lowercase`), another
/// triplet with upper-case hex digits, and a `%` that starts no triplet (not in a valid
/// reference) kept as it is. Returns the index after what it consumed.
#[inline]
fn push_pct_normalized(bytes: &[u8], pct: usize, out: &mut String, lowercase: bool) -> usize {
    match pct_encoded_at(bytes, pct) {
        Some(decoded) if is_unreserved(decoded) => {
            out.push(char::from(if lowercase { decoded.to_ascii_lowercase() } else { decoded }));
            pct + 3
        }
        Some(decoded) => {
            out.push('%');
            out.push(hex_upper(decoded >> 4));
            out.push(hex_upper(decoded));
            pct + 3
        }
        None => {
            out.push('%');
            pct + 1
        }
    }
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
/// Dot segments go as in [`DotFree`]. Decoding makes no `"/"` (it is reserved), so each
/// segment is normalized into `out` first and then tested, which sees `"%2E"` as `"."`.
fn normalize_absolute_path_into(path: &str, out: &mut String) {
    let bytes = path.as_bytes();
    let mut dot_free = DotFree::start(out);
    // Where the `"/"` of the segment being written is in `out`.
    let mut slash = out.len();
    out.push('/');
    let mut i = 1;
    loop {
        let stop = find_either(bytes, i, b'/', b'%');
        out.push_str(path.get(i..stop).unwrap_or_default());
        if bytes.get(stop) == Some(&b'%') {
            i = push_pct_normalized(bytes, stop, out, false);
            // A row of triplets, without a search between them.
            while bytes.get(i) == Some(&b'%') {
                i = push_pct_normalized(bytes, i, out, false);
            }
            continue;
        }
        dot_free.end_segment(out, slash);
        if stop == bytes.len() {
            dot_free.finish(out);
            return;
        }
        slash = out.len();
        out.push('/');
        i = stop + 1;
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
        let known = self.scheme().and_then(Known::from_scheme);
        // Normalizing never lengthens a component; it may add one `"/"` (an empty path after
        // an authority) or, without an authority, `end_path`'s `"/."`, not both.
        let mut b = Builder::new(self.as_str().len() + 2);
        if let Some(scheme) = self.scheme() {
            push_lowercase(b.out(), scheme);
            b.end_scheme();
        }
        if self.has_authority() {
            self.normalize_authority(&mut b, known);
        }
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

    /// Writes the normalized authority (which this reference has).
    fn normalize_authority(&self, b: &mut Builder, known: Option<Known>) {
        b.start_authority();
        if let Some(userinfo) = self.userinfo() {
            pct_normalize_into(userinfo, b.out(), false);
            b.end_userinfo();
        }
        let host_start = b.out().len();
        let host = self.host().unwrap_or_default();
        match self.host_kind() {
            Some(HostKind::Ipv6 | HostKind::IpvFuture) => {
                push_lowercase(b.out(), host);
            }
            _ => pct_normalize_into(host, b.out(), true),
        }
        // The port, if it stays: for known schemes an empty or default port goes.
        let port = match (self.port(), known) {
            (Some(port), Some(known)) => {
                let digits = port.trim_start_matches('0');
                if port.is_empty() || Some(digits) == known.default_port() {
                    None
                } else if digits.is_empty() {
                    Some("0")
                } else {
                    Some(digits)
                }
            }
            (port, None) => port,
            (None, Some(_)) => None,
        };
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
    use crate::pieced::pieced;

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
