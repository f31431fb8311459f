//! URL rendering (URL Standard, section 4.8): the string to show a person who makes a trust
//! decision from it.

use alloc::string::String;

use weburl_parser::{HostKind, Url};

/// The URL as it should be shown to a person (URL Standard, section 4.8).
///
/// What it does, by subsection:
/// - 4.8.1: the username and password are left out (they can pass for the host:
///   `https://examplecorp.com@attacker.example/`).
/// - 4.8.3: a domain host is converted by domain to Unicode, unless the result holds a code
///   point that would be invisible (bidi controls, zero-width characters, other controls) or
///   the conversion reports an error; then the ASCII form is kept.
/// - 4.8.3: in the path, query and fragment, runs of percent-encoded bytes that decode (UTF-8,
///   without BOM) to visible non-ASCII code points are shown decoded. Encoded ASCII stays
///   encoded, because `%2F` or `%3F` shown as `/` or `?` would change how a person reads the
///   URL's structure; so do invisible code points and the lock emoji (U+1F512, U+1F513), which
///   can pass for a browser's security indicator.
///
/// The result is for display only: it is not a valid URL string, and parsing it may give a
/// different URL. Eliding (4.8.2) and bidi embedding are left to the caller, which knows the
/// space and the display surface; when the result holds right-to-left text, show it inside a
/// left-to-right embedding, or show only the host.
///
/// ```
/// use weburl::{Url, render};
///
/// let url = Url::parse("https://user:secret@xn--bcher-kva.example/%C3%BC%2Fx?q=%E2%82%AC")?;
/// assert_eq!(render(&url), "https://bücher.example/ü%2Fx?q=€");
///
/// // A host whose Unicode form holds an invisible code point (here a zero width non-joiner,
/// // which IDNA allows after a virama) stays in ASCII.
/// let url = Url::parse("https://\u{915}\u{94d}\u{200c}\u{937}.example/")?;
/// assert!(url.hostname().starts_with("xn--"));
/// assert_eq!(render(&url), format!("https://{}/", url.hostname()));
/// # Ok::<(), weburl::ParseError>(())
/// ```
#[must_use]
pub fn render(url: &Url) -> String {
    let href = url.href();
    let protocol = url.protocol();
    let after_scheme = href.get(protocol.len()..).unwrap_or_default();
    let mut out = String::with_capacity(href.len());
    out.push_str(protocol);
    let rest = if after_scheme.starts_with("//") {
        // A non-null host: skip `//`, the credentials and the host (with its port).
        let credentials = credentials_len(url);
        let authority = 2 + credentials + url.host().len();
        out.push_str("//");
        push_host(&mut out, url);
        if !url.port().is_empty() {
            out.push(':');
            out.push_str(url.port());
        }
        after_scheme.get(authority..).unwrap_or_default()
    } else {
        after_scheme
    };
    push_decoded(&mut out, rest);
    out
}

/// The length of `username[:password]@` in the href (0 without credentials).
fn credentials_len(url: &Url) -> usize {
    let (username, password) = (url.username(), url.password());
    match (username.is_empty(), password.is_empty()) {
        (true, true) => 0,
        (_, true) => username.len() + 1,
        (_, false) => username.len() + 1 + password.len() + 1,
    }
}

/// Section 4.8.3: the host, converted by domain to Unicode when it is a domain and the result
/// is safe to show.
fn push_host(out: &mut String, url: &Url) {
    let hostname = url.hostname();
    if url.host_kind() == Some(HostKind::Domain)
        && hostname.contains("xn--")
        && let Some(unicode) = safe_unicode_domain(hostname)
    {
        out.push_str(&unicode);
        return;
    }
    out.push_str(hostname);
}

/// The domain to Unicode of `domain` when every code point of it is visible (domain to
/// Unicode itself returns the ASCII form when ToUnicode records an error).
fn safe_unicode_domain(domain: &str) -> Option<String> {
    let unicode = weburl_host::domain_to_unicode(domain);
    (!unicode.chars().any(is_invisible)).then_some(unicode)
}

/// Section 4.8.3: copies `text`, showing percent-encoded runs that decode to visible non-ASCII
/// code points decoded.
fn push_decoded(out: &mut String, text: &str) {
    let bytes = text.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes.get(i) != Some(&b'%') || hex_pair(bytes, i).is_none() {
            i += 1;
            continue;
        }
        // A maximal run of `%XX` triplets.
        let start = i;
        let mut decoded = alloc::vec::Vec::new();
        while let Some(byte) = hex_pair(bytes, i) {
            decoded.push(byte);
            i += 3;
        }
        out.push_str(text.get(copied..start).unwrap_or_default());
        push_run(out, text.get(start..i).unwrap_or_default(), &decoded);
        copied = i;
    }
    out.push_str(text.get(copied..).unwrap_or_default());
}

/// One run: `encoded` is the `%XX` text of the bytes `decoded`.
fn push_run(out: &mut String, encoded: &str, decoded: &[u8]) {
    let mut at = 0; // index into `decoded`; the text of byte `k` is `encoded[3k..3k + 3]`.
    for chunk in decoded.utf8_chunks() {
        for c in chunk.valid().chars() {
            let len = c.len_utf8();
            if c.is_ascii() || is_invisible(c) || is_spoofy(c) {
                out.push_str(encoded.get(3 * at..3 * (at + len)).unwrap_or_default());
            } else {
                out.push(c);
            }
            at += len;
        }
        let invalid = chunk.invalid().len();
        out.push_str(encoded.get(3 * at..3 * (at + invalid)).unwrap_or_default());
        at += invalid;
    }
}

/// The byte of the `%XX` at `bytes[i]`.
fn hex_pair(bytes: &[u8], i: usize) -> Option<u8> {
    weburl_percent::decode_escape(bytes.get(i..)?)
}

/// Code points that take no visible space or change the display order: controls, separators
/// and spaces other than U+0020, bidi controls, zero-width and other default-ignorable code
/// points.
///
/// [`render`] keeps a host in its ASCII form when its Unicode form holds one of these.
///
/// ```
/// use weburl::is_invisible;
///
/// assert!(is_invisible('\u{200B}') && is_invisible('\u{202E}') && is_invisible('\t'));
/// assert!(!is_invisible(' ') && !is_invisible('ü'));
/// ```
#[must_use]
pub fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{a0}'
                | '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'..='\u{1160}'
                | '\u{1680}'
                | '\u{17b4}'..='\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{2000}'..='\u{200f}'
                | '\u{2028}'..='\u{202f}'
                | '\u{205f}'..='\u{206f}'
                | '\u{3000}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fffb}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

/// Code points a browser may choose to keep encoded because they can pass for its own user
/// interface (section 4.8.3 names U+1F512).
fn is_spoofy(c: char) -> bool {
    matches!(c, '\u{1f510}'..='\u{1f513}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(text: &str) -> String {
        let mut out = String::new();
        push_decoded(&mut out, text);
        out
    }

    #[test]
    fn decodes_visible_non_ascii_only() {
        assert_eq!(decoded("/%C3%BC"), "/ü");
        assert_eq!(decoded("/%c3%bc"), "/ü");
        assert_eq!(decoded("/%2F%3F%20"), "/%2F%3F%20");
        assert_eq!(decoded("/%41%C3%BC%42"), "/%41ü%42");
        // Invalid UTF-8 stays encoded; a valid tail still decodes.
        assert_eq!(decoded("/%FF%C3%BC"), "/%FFü");
        assert_eq!(decoded("/%C3"), "/%C3");
        // Invisible and spoofy code points stay encoded.
        assert_eq!(decoded("/%E2%80%AE"), "/%E2%80%AE");
        assert_eq!(decoded("/%F0%9F%94%92"), "/%F0%9F%94%92");
        // Stray percent signs.
        assert_eq!(decoded("/%%C3%BC%"), "/%ü%");
        assert_eq!(decoded("%zz"), "%zz");
    }
}
