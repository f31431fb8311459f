//! The encoding callbacks (URLPattern Standard, "Canonicalization", section 3.1): each runs a
//! piece of a pattern (or a whole input component) through weburl-parser's basic URL parser or
//! URL API setters on a dummy URL, as the standard defines them.
//!
//! The setters never fail, they leave the URL unchanged; where the standard throws on a parser
//! failure the callbacks detect it (see [`canonicalize_hostname`]).

use alloc::string::String;

use weburl_parser::Url;

use crate::error::PatternError;

const DUMMY: &str = "https://dummy.invalid/";

fn invalid() -> PatternError {
    PatternError::InvalidComponent { component: None }
}

/// "create a dummy URL", or a URL with the given dummy host (for failure detection).
fn dummy_url(input: &str) -> Result<Url, PatternError> {
    Url::parse(input).map_err(|_| invalid())
}

/// The URL parser's first step with a URL given: remove ASCII tabs and newlines.
fn without_tab_newline(value: &str) -> alloc::borrow::Cow<'_, str> {
    if value.bytes().any(|b| matches!(b, b'\t' | b'\n' | b'\r')) {
        value.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect::<String>().into()
    } else {
        value.into()
    }
}

/// "canonicalize a protocol": parse `value` followed by `://dummy.invalid/` and take the
/// scheme.
pub(crate) fn canonicalize_protocol(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut input = String::with_capacity(value.len() + 17);
    input.push_str(value);
    input.push_str("://dummy.invalid/");
    let url = Url::parse(&input).map_err(|_| invalid())?;
    Ok(String::from(url.scheme()))
}

/// "canonicalize a username": the username setter on a dummy URL.
pub(crate) fn canonicalize_username(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy_url(DUMMY)?;
    url.set_username(value);
    Ok(String::from(url.username()))
}

/// "canonicalize a password": the password setter on a dummy URL.
pub(crate) fn canonicalize_password(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = dummy_url(DUMMY)?;
    url.set_password(value);
    Ok(String::from(url.password()))
}

/// "canonicalize a hostname": the basic URL parser with the hostname state as state override
/// on a dummy URL, which is what the hostname setter runs. The setter leaves the URL unchanged
/// on failure, so it runs on two dummy URLs with different hosts: a success gives both the
/// same host, a failure leaves them different.
pub(crate) fn canonicalize_hostname(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut a = dummy_url(DUMMY)?;
    a.set_hostname(value);
    if a.hostname() != "dummy.invalid" {
        return Ok(String::from(a.hostname()));
    }
    let mut b = dummy_url("https://dummy2.invalid/")?;
    b.set_hostname(value);
    if b.hostname() == "dummy.invalid" { Ok(String::from(a.hostname())) } else { Err(invalid()) }
}

/// "canonicalize an IPv6 hostname": ASCII hex digits, `[`, `]` and `:` only, lowercased.
pub(crate) fn canonicalize_ipv6_hostname(value: &str) -> Result<String, PatternError> {
    let mut result = String::with_capacity(value.len());
    for c in value.chars() {
        if !(c.is_ascii_hexdigit() || matches!(c, '[' | ']' | ':')) {
            return Err(invalid());
        }
        result.push(c.to_ascii_lowercase());
    }
    Ok(result)
}

/// "canonicalize a port" without a protocol, the port component's encoding callback. The
/// standard's dummy URL has the scheme `https`, which would turn `443` into the empty string;
/// WPT expects `{protocol: "https", port: "443*"}` to keep `443*` (as browsers do), so the
/// dummy URL here has a scheme without a default port (docs/spec-notes.md).
pub(crate) fn canonicalize_port_default(value: &str) -> Result<String, PatternError> {
    canonicalize_port(value, Some(""))
}

/// "canonicalize a port": the port state with state override on a dummy URL whose scheme is
/// `protocol` when given, so that a default port becomes the empty string.
pub(crate) fn canonicalize_port(
    value: &str,
    protocol: Option<&str>,
) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    // Port state with state override: the leading digits are the port; none, or a number
    // above 65535, is failure (the setter would ignore the value).
    let cleaned = without_tab_newline(value);
    let digits = cleaned.bytes().take_while(u8::is_ascii_digit).try_fold(0u32, |n, b| {
        let n = n * 10 + u32::from(b - b'0');
        (n <= 65535).then_some(n)
    });
    if cleaned.bytes().next().is_none_or(|b| !b.is_ascii_digit()) || digits.is_none() {
        return Err(invalid());
    }
    let mut url = match protocol {
        None => dummy_url(DUMMY)?,
        Some(scheme) => {
            let mut input = String::with_capacity(scheme.len() + 17);
            input.push_str(scheme);
            input.push_str("://dummy.invalid/");
            // A scheme that does not parse has no default port, like any non-special one.
            match Url::parse(&input) {
                Ok(url) if url.scheme() == scheme => url,
                _ => dummy_url("x-dummy://dummy.invalid/")?,
            }
        }
    };
    url.set_port(value);
    Ok(String::from(url.port()))
}

/// "canonicalize a pathname": the pathname setter (path start state with state override) on
/// a dummy URL, with `/-` put in front of a value that does not start with `/` and taken off
/// again.
pub(crate) fn canonicalize_pathname(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    let mut modified = String::with_capacity(value.len() + 2);
    if !leading_slash {
        modified.push_str("/-");
    }
    modified.push_str(value);
    let mut url = dummy_url(DUMMY)?;
    url.set_pathname(&modified);
    let path = url.pathname();
    let result = if leading_slash { path } else { path.get(2..).unwrap_or("") };
    Ok(String::from(result))
}

/// "canonicalize an opaque pathname": the opaque path state on a dummy URL with an empty
/// opaque path. No setter runs that state, so its steps are taken here: tabs and newlines are
/// removed, the path ends at `?` or `#`, a space right before either becomes `%20`, and the
/// rest is percent-encoded with the C0 control percent-encode set.
pub(crate) fn canonicalize_opaque_pathname(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let cleaned = without_tab_newline(value);
    let end = cleaned.find(['?', '#']).unwrap_or(cleaned.len());
    let text = cleaned.get(..end).unwrap_or("");
    let (body, space) = match text.strip_suffix(' ') {
        Some(body) if end < cleaned.len() => (body, true),
        _ => (text, false),
    };
    let mut result = String::with_capacity(body.len() + 3);
    weburl_percent::encode_into(body, &weburl_percent::C0_CONTROL, &mut result);
    if space {
        result.push_str("%20");
    }
    Ok(result)
}

/// "canonicalize a search": the query state with state override on a dummy URL (the search
/// setter, given a `?` to strip so that one in `value` is kept).
pub(crate) fn canonicalize_search(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut input = String::with_capacity(value.len() + 1);
    input.push('?');
    input.push_str(value);
    let mut url = dummy_url(DUMMY)?;
    url.set_search(&input);
    Ok(String::from(url.query().unwrap_or("")))
}

/// "canonicalize a hash": the fragment state with state override on a dummy URL (the hash
/// setter, given a `#` to strip so that one in `value` is kept).
pub(crate) fn canonicalize_hash(value: &str) -> Result<String, PatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut input = String::with_capacity(value.len() + 1);
    input.push('#');
    input.push_str(value);
    let mut url = dummy_url(DUMMY)?;
    url.set_hash(&input);
    Ok(String::from(url.fragment().unwrap_or("")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callbacks() {
        assert_eq!(canonicalize_protocol("HTTP").unwrap(), "http");
        assert!(canonicalize_protocol("ht tp").is_err());
        assert_eq!(canonicalize_username("a b").unwrap(), "a%20b");
        assert_eq!(canonicalize_hostname("EXAMPLE.com/x").unwrap(), "example.com");
        assert_eq!(canonicalize_hostname("dummy.invalid").unwrap(), "dummy.invalid");
        assert_eq!(canonicalize_hostname("dummy2.invalid").unwrap(), "dummy2.invalid");
        assert!(canonicalize_hostname("a b").is_err());
        assert!(canonicalize_hostname("a:b").is_err());
        assert_eq!(canonicalize_ipv6_hostname("[::AB]").unwrap(), "[::ab]");
        assert!(canonicalize_ipv6_hostname("[::x]").is_err());
        assert_eq!(canonicalize_port("80", Some("http")).unwrap(), "");
        assert_eq!(canonicalize_port("8\t0x", Some("foo")).unwrap(), "80");
        assert_eq!(canonicalize_port_default("443").unwrap(), "443");
        assert!(canonicalize_port_default("x80").is_err());
        assert!(canonicalize_port_default("65536").is_err());
        assert_eq!(canonicalize_pathname("a b/c").unwrap(), "a%20b/c");
        // The `/-` put in front is a segment like any other: `..` removes it.
        assert_eq!(canonicalize_pathname("a/../../c").unwrap(), "");
        assert_eq!(canonicalize_pathname("/a/./b").unwrap(), "/a/b");
        assert_eq!(canonicalize_pathname(".").unwrap(), ".");
        assert_eq!(canonicalize_opaque_pathname("a b\u{1}?x").unwrap(), "a b%01");
        assert_eq!(canonicalize_opaque_pathname("a ?x").unwrap(), "a%20");
        assert_eq!(canonicalize_search("?a b").unwrap(), "?a%20b");
        assert_eq!(canonicalize_hash("#a b").unwrap(), "#a%20b");
    }
}
