//! Helpers shared by the integration tests.

/// The five components of RFC 3986 Appendix B's regular-expression split: scheme, authority,
/// path, query, fragment.
pub type Split<'a> = (Option<&'a str>, Option<&'a str>, &'a str, Option<&'a str>, Option<&'a str>);

/// Appendix B's split of `input`, written with string searches (no validation): the regular
/// expression `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?` by hand.
pub fn appendix_b(input: &str) -> Split<'_> {
    let (scheme, rest) = match input.find([':', '/', '?', '#']) {
        Some(i) if i > 0 && input[i..].starts_with(':') => (Some(&input[..i]), &input[i + 1..]),
        _ => (None, input),
    };
    let (authority, rest) = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find(['/', '?', '#']).unwrap_or(r.len());
            (Some(&r[..end]), &r[end..])
        }
        None => (None, rest),
    };
    let (rest, fragment) = match rest.split_once('#') {
        Some((a, b)) => (a, Some(b)),
        None => (rest, None),
    };
    let (path, query) = match rest.split_once('?') {
        Some((a, b)) => (a, Some(b)),
        None => (rest, None),
    };
    (scheme, authority, path, query, fragment)
}
