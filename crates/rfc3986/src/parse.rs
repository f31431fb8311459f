//! The parser: one forward scan that matches `URI-reference`, `URI`, `absolute-URI` or
//! `relative-ref` (Appendix A) and records where each component starts and ends.
//!
//! Section 4.1's disambiguation: a `URI-reference` is a `URI` when it starts with a valid
//! scheme followed by `":"`, and otherwise a `relative-ref`, whose first path segment must
//! then not contain a colon (`path-noscheme`). Nothing is allocated.

use crate::chars::{self, PATH, QUERY, REG_NAME, SCHEME, SEGMENT_NC, pct_encoded_at, scan};
use crate::error::{Error, Rule};
use crate::host::{HostKind, ip_literal_end, is_ipv4};

/// Which rule of Appendix A a parser matches the whole input against.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grammar {
    /// `URI-reference = URI / relative-ref` (section 4.1).
    UriReference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (section 3).
    Uri,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]` (section 4.3).
    AbsoluteUri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` (section 4.2).
    RelativeRef,
}

/// Which alternative of the `path` rule (section 3.3) a path matched.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathKind {
    /// `path-abempty`: the path after an authority, empty or starting with `"/"`.
    Abempty,
    /// `path-absolute`: starts with `"/"` but not `"//"`, and there is no authority.
    Absolute,
    /// `path-noscheme`: a relative path whose first segment has no colon.
    Noscheme,
    /// `path-rootless`: a path of a URI that starts with a segment.
    Rootless,
    /// `path-empty`: no characters, and there is no authority.
    Empty,
}

/// The offset of a component that may be absent, in one word: the offsets kept this way
/// (a delimiter or the byte after one) are never 0, so 0 stands for none. (As an
/// `Option<usize>` each took two words; a `UriRef` is moved whole after each parse, and with
/// three of them it no longer fits the compiler's inline copy and went through `memcpy`.)
///
/// The authority's optional offsets stay `Option<usize>`: as `Offset`s, the validators (which
/// drop every offset) compiled to 10% more instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Offset(usize);

impl Offset {
    /// No offset: the component is absent.
    pub(crate) const NONE: Offset = Offset(0);

    /// The offset `i` (which is not 0).
    #[inline]
    pub(crate) fn at(i: usize) -> Offset {
        debug_assert!(i != 0, "a kept offset is never 0");
        Offset(i)
    }

    /// The offset, if any.
    #[inline]
    pub(crate) fn get(self) -> Option<usize> {
        (self.0 != 0).then_some(self.0)
    }

    /// Whether there is an offset.
    #[inline]
    pub(crate) fn is_some(self) -> bool {
        self.0 != 0
    }

    /// Whether there is no offset.
    #[inline]
    pub(crate) fn is_none(self) -> bool {
        self.0 == 0
    }

    /// `f` of the offset, if any.
    #[inline]
    pub(crate) fn map<T>(self, f: impl FnOnce(usize) -> T) -> Option<T> {
        self.get().map(f)
    }

    /// `f` of the offset, or `default`.
    #[inline]
    pub(crate) fn map_or<T>(self, default: T, f: impl FnOnce(usize) -> T) -> T {
        self.get().map_or(default, f)
    }
}

impl From<Option<usize>> for Offset {
    #[inline]
    fn from(offset: Option<usize>) -> Offset {
        Offset(offset.unwrap_or(0))
    }
}

/// Where the authority's parts are, as byte offsets into the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Authority {
    /// The first byte after `"//"`.
    pub(crate) start: usize,
    /// The index of the `"@"` that ends the userinfo, when there is one.
    pub(crate) userinfo_end: Option<usize>,
    /// The host's first byte.
    pub(crate) host_start: usize,
    /// The index after the host's last byte.
    pub(crate) host_end: usize,
    /// The first byte after the `":"` that starts the port, when there is one. The port ends
    /// where the path starts.
    pub(crate) port_start: Option<usize>,
    /// Which form the host has.
    pub(crate) kind: HostKind,
}

/// Where the components of a URI reference are, as byte offsets into it.
///
/// ```text
/// foo://user@example.com:8042/over/there?name=ferret#nose
///    ^  ^   ^^          ^^   ^          ^^           ^
///    3  6   10          22   27         38           51
///            11          23              39
/// ```
///
/// scheme_end 3 (the `":"`), authority.start 6, userinfo_end 10 (the `"@"`), host_start 11,
/// host_end 22, port_start 23, path_start 27, path_end 38 (the `"?"`), query_start 39,
/// fragment_start 51 (after the `"#"`).
///
/// **Invariant:** the offsets are increasing in the order drawn and all lie on ASCII bytes
/// or at the end of the input; the query ends at `fragment_start - 1` or at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Parts {
    /// The index of the `":"` after the scheme, when there is a scheme.
    pub(crate) scheme_end: Offset,
    /// The authority, when the reference has `"//"` after the scheme (or at the start).
    pub(crate) authority: Option<Authority>,
    /// The path's first byte (the authority ends here).
    pub(crate) path_start: usize,
    /// The index after the path's last byte.
    pub(crate) path_end: usize,
    /// The first byte after `"?"`, when there is a query.
    pub(crate) query_start: Offset,
    /// The first byte after `"#"`, when there is a fragment.
    pub(crate) fragment_start: Offset,
}

impl Parts {
    /// The offsets of an empty relative reference.
    pub(crate) const EMPTY: Parts = Parts {
        scheme_end: Offset::NONE,
        authority: None,
        path_start: 0,
        path_end: 0,
        query_start: Offset::NONE,
        fragment_start: Offset::NONE,
    };

    /// Which alternative of `path` the path matched.
    pub(crate) fn path_kind(&self, path: &[u8]) -> PathKind {
        if self.authority.is_some() {
            PathKind::Abempty
        } else if path.first() == Some(&b'/') {
            PathKind::Absolute
        } else if path.is_empty() {
            PathKind::Empty
        } else if self.scheme_end.is_some() {
            PathKind::Rootless
        } else {
            PathKind::Noscheme
        }
    }
}

/// A `pct-encoded` error at `offset`.
fn pct(offset: usize) -> Error {
    Error::at(Rule::PctEncoded, offset)
}

/// The index where the scheme characters starting at 0 stop: 0 when the first byte is not an
/// `ALPHA`. There is a scheme when a `":"` is at that index and it is not 0.
#[inline]
pub(crate) fn scheme_stop(bytes: &[u8]) -> usize {
    if !bytes.first().is_some_and(u8::is_ascii_alphabetic) {
        return 0;
    }
    let mut i = 1;
    while bytes.get(i).is_some_and(|&b| chars::is(b, SCHEME)) {
        i += 1;
    }
    i
}

/// True when `byte` may follow an authority: the start of the path, query or fragment.
#[inline]
fn ends_authority(byte: Option<&u8>) -> bool {
    matches!(byte, None | Some(b'/' | b'?' | b'#'))
}

/// Parses all of `input` as `grammar`.
pub(crate) fn parse(input: &str, grammar: Grammar) -> Result<Parts, Error> {
    parse_inline::<true>(input, grammar)
}

/// [`parse`], inlined: where the offsets are not wanted (the validators, `OFFSETS` false)
/// the compiler drops what only records them, and [`UriRef::parse`](crate::UriRef::parse)
/// writes them straight into its result.
#[inline(always)]
pub(crate) fn parse_inline<const OFFSETS: bool>(
    input: &str,
    grammar: Grammar,
) -> Result<Parts, Error> {
    let bytes = input.as_bytes();
    // Section 4.1: a URI when a scheme and ":" come first (section 3.1).
    let stop = scheme_stop(bytes);
    let has_scheme = stop > 0 && bytes.get(stop) == Some(&b':');
    let scheme_end = match grammar {
        Grammar::RelativeRef => None,
        Grammar::UriReference => has_scheme.then_some(stop),
        Grammar::Uri | Grammar::AbsoluteUri if has_scheme => Some(stop),
        Grammar::Uri | Grammar::AbsoluteUri => return Err(Error::at(Rule::Scheme, stop)),
    };
    let mut i = scheme_end.map_or(0, |end| end + 1);

    // hier-part / relative-part: "//" authority path-abempty (section 3.2).
    let authority = if bytes.get(i..i + 2) == Some(b"//") {
        let (authority, end) = parse_authority_as::<OFFSETS>(bytes, i + 2)?;
        i = end;
        Some(authority)
    } else {
        None
    };

    // The path (section 3.3).
    let path_start = i;
    let path_rule = if authority.is_some() {
        Rule::PathAbempty
    } else if bytes.get(i) == Some(&b'/') {
        Rule::PathAbsolute
    } else if scheme_end.is_some() {
        Rule::PathRootless
    } else {
        Rule::PathNoscheme
    };
    if path_rule == Rule::PathNoscheme {
        // path-noscheme: the first segment is a `segment-nz-nc` (no colon).
        i = scan(bytes, i, SEGMENT_NC).map_err(pct)?;
        if bytes.get(i) == Some(&b':') {
            return Err(if grammar == Grammar::UriReference {
                // The colon would make a URI but what precedes it is not a scheme.
                Error::at(Rule::Scheme, stop)
            } else {
                Error::at(Rule::SegmentNzNc, i)
            });
        }
    }
    i = scan(bytes, i, PATH).map_err(pct)?;
    let path_end = i;

    // The query (section 3.4).
    let mut query_start = None;
    if bytes.get(i) == Some(&b'?') {
        query_start = Some(i + 1);
        i = scan(bytes, i + 1, QUERY).map_err(pct)?;
    }

    // The fragment (section 3.5).
    let mut fragment_start = None;
    match bytes.get(i) {
        None => {}
        Some(b'#') if grammar == Grammar::AbsoluteUri => {
            return Err(Error::at(Rule::AbsoluteUri, i));
        }
        Some(b'#') => {
            fragment_start = Some(i + 1);
            i = scan(bytes, i + 1, QUERY).map_err(pct)?;
            if i < bytes.len() {
                return Err(Error::at(Rule::Fragment, i));
            }
        }
        Some(_) if query_start.is_some() => return Err(Error::at(Rule::Query, i)),
        Some(_) => return Err(Error::at(path_rule, i)),
    }

    if !OFFSETS {
        // The validators drop the offsets: none are built (so that the compiler need not see
        // that they are dead).
        return Ok(Parts::EMPTY);
    }
    Ok(Parts {
        scheme_end: scheme_end.into(),
        authority,
        path_start,
        path_end,
        query_start: query_start.into(),
        fragment_start: fragment_start.into(),
    })
}

/// `authority = [ userinfo "@" ] host [ ":" port ]` (section 3.2), from `start` (after
/// `"//"`). Returns the parts and the index where the authority ends.
///
/// Single scan: the bytes are read once as a possible `userinfo`, noting the first colon. An
/// `"@"` makes them the userinfo; the end of the authority makes them `reg-name [":" port]`.
/// Always inlined: as a call it returned its offsets through memory, and the validators,
/// which drop them, could not drop the work of recording them.
#[inline(always)]
pub(crate) fn parse_authority(bytes: &[u8], start: usize) -> Result<(Authority, usize), Error> {
    parse_authority_as::<true>(bytes, start)
}

/// [`parse_authority`]; with `OFFSETS` (the callers that keep the offsets), `host_and_port`
/// is inlined too, so that all the paths build the offsets in registers (a copy of them
/// merged on the stack, written eight bytes at a time and read sixteen, stalled).
#[inline(always)]
fn parse_authority_as<const OFFSETS: bool>(
    bytes: &[u8],
    start: usize,
) -> Result<(Authority, usize), Error> {
    let host_and_port = |bytes, start, userinfo_end, host_start| {
        if OFFSETS {
            host_and_port_inline(bytes, start, userinfo_end, host_start)
        } else {
            host_and_port(bytes, start, userinfo_end, host_start)
        }
    };
    if bytes.get(start) == Some(&b'[') {
        return host_and_port(bytes, start, None, start);
    }
    let mut i = start;
    let mut colon = None;
    loop {
        i = chars::next_outsider(bytes, i, REG_NAME);
        match bytes.get(i) {
            Some(b':') => {
                colon = colon.or(Some(i));
                i += 1;
            }
            Some(b'%') => {
                if pct_encoded_at(bytes, i).is_none() {
                    return Err(pct(i));
                }
                i += 3;
            }
            _ => break,
        }
    }
    match bytes.get(i) {
        // userinfo "@" (section 3.2.1).
        Some(b'@') => host_and_port(bytes, start, Some(i), i + 1),
        next if ends_authority(next) => {
            // No userinfo: a reg-name or IPv4address, then ":" port when there was a colon.
            let host_end = colon.unwrap_or(i);
            let port_start = colon.map(|c| c + 1);
            if let Some(p) = port_start
                && let Some(bad) = (p..i).find(|&j| !bytes.get(j).is_some_and(u8::is_ascii_digit))
            {
                return Err(Error::at(Rule::Port, bad));
            }
            let host = bytes.get(start..host_end).unwrap_or_default();
            let kind = if is_ipv4(host) { HostKind::Ipv4 } else { HostKind::RegName };
            let authority = Authority {
                start,
                userinfo_end: None,
                host_start: start,
                host_end,
                port_start,
                kind,
            };
            Ok((authority, i))
        }
        _ => Err(authority_error(bytes, i, colon)),
    }
}

/// Validates all of `input` as a `URI-reference` (section 4.1) in one forward scan without
/// allocating; the error names the rule that failed and the first offending byte.
///
/// ```
/// use weburl_rfc3986::{validate, Error, Rule};
///
/// assert!(validate("../a?b#c").is_ok());
/// assert_eq!(validate("http://a/{x}"), Err(Error::Syntax { rule: Rule::PathAbempty, offset: 9 }));
/// ```
pub fn validate(input: &str) -> Result<(), Error> {
    parse_inline::<false>(input, Grammar::UriReference).map(drop)
}

/// Validates all of `input` as a `URI` (section 3): like [`validate`], and a scheme is
/// required.
pub fn validate_uri(input: &str) -> Result<(), Error> {
    parse(input, Grammar::Uri).map(drop)
}

/// Validates all of `input` as an `absolute-URI` (section 4.3): a `URI` without a fragment.
pub fn validate_absolute_uri(input: &str) -> Result<(), Error> {
    parse(input, Grammar::AbsoluteUri).map(drop)
}

/// Validates all of `input` as a `relative-ref` (section 4.2): a reference without a scheme.
pub fn validate_relative_ref(input: &str) -> Result<(), Error> {
    parse(input, Grammar::RelativeRef).map(drop)
}

/// The error for a byte at `i` that neither `userinfo` nor `reg-name` allows: a userinfo
/// error when an `"@"` follows in the authority, else a port error when a colon came before
/// (at its first non-digit), else a reg-name error.
#[cold]
fn authority_error(bytes: &[u8], i: usize, colon: Option<usize>) -> Error {
    let rest = bytes.get(i..).unwrap_or_default();
    let end = rest.iter().position(|b| matches!(b, b'/' | b'?' | b'#')).unwrap_or(rest.len());
    if rest.get(..end).is_some_and(|r| r.contains(&b'@')) {
        return Error::at(Rule::Userinfo, i);
    }
    match colon {
        Some(c) => {
            let bad = (c + 1..i).find(|&j| !bytes.get(j).is_some_and(u8::is_ascii_digit));
            Error::at(Rule::Port, bad.unwrap_or(i))
        }
        None => Error::at(Rule::RegName, i),
    }
}

/// `host [ ":" port ]` from `host_start` to the end of the authority.
fn host_and_port(
    bytes: &[u8],
    start: usize,
    userinfo_end: Option<usize>,
    host_start: usize,
) -> Result<(Authority, usize), Error> {
    host_and_port_inline(bytes, start, userinfo_end, host_start)
}

/// [`host_and_port`], inlined.
#[inline(always)]
fn host_and_port_inline(
    bytes: &[u8],
    start: usize,
    userinfo_end: Option<usize>,
    host_start: usize,
) -> Result<(Authority, usize), Error> {
    // host = IP-literal / IPv4address / reg-name (section 3.2.2).
    let (host_end, kind) = if bytes.get(host_start) == Some(&b'[') {
        ip_literal_end(bytes, host_start)?
    } else {
        let end = scan(bytes, host_start, REG_NAME).map_err(pct)?;
        let host = bytes.get(host_start..end).unwrap_or_default();
        (end, if is_ipv4(host) { HostKind::Ipv4 } else { HostKind::RegName })
    };
    // port = *DIGIT (section 3.2.3).
    let mut i = host_end;
    let mut port_start = None;
    if bytes.get(i) == Some(&b':') {
        i += 1;
        port_start = Some(i);
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
    }
    if !ends_authority(bytes.get(i)) {
        let rule = match (port_start, kind) {
            (Some(_), _) => Rule::Port,
            (None, HostKind::Ipv6 | HostKind::IpvFuture) => Rule::IpLiteral,
            (None, _) => Rule::RegName,
        };
        return Err(Error::at(rule, i));
    }
    Ok((Authority { start, userinfo_end, host_start, host_end, port_start, kind }, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validators_match_the_parser_that_keeps_offsets() {
        // The validators build no offsets (`Parts::EMPTY`): the same answer and the same
        // error (rule and offset) as the parse that keeps them, for every grammar.
        let pieces = [
            "a:", "x+1:", "//", "u@", "h", "[::1]", "[v7.x]", ":8", ":x", "/", "./", "..", "%41",
            "%4", "?", "q", "#", "f", "[", " ", "%", "@", ":",
        ];
        for input in crate::pieced::pieced(&pieces, 0x3C6E_F372_FE94_F82B, 40_000, 7) {
            let want = |grammar| parse(&input, grammar).map(drop);
            assert_eq!(validate(&input), want(Grammar::UriReference), "{input:?}");
            assert_eq!(validate_uri(&input), want(Grammar::Uri), "{input:?}");
            assert_eq!(validate_relative_ref(&input), want(Grammar::RelativeRef), "{input:?}");
            let inline = parse_inline::<false>(&input, Grammar::AbsoluteUri).map(drop);
            assert_eq!(inline, want(Grammar::AbsoluteUri), "{input:?}");
        }
    }

    #[test]
    fn offsets_keep_what_they_are_given() {
        for i in [1, 2, 7, usize::MAX] {
            let offset = Offset::at(i);
            assert_eq!((offset.get(), offset.is_some(), offset.is_none()), (Some(i), true, false));
            assert_eq!(Offset::from(Some(i)), offset);
            assert_eq!(offset.map(|j| j - 1), Some(i - 1));
            assert_eq!(offset.map_or(0, |j| j / 2), i / 2);
        }
        let none = Offset::from(None);
        assert_eq!(
            (none, none.get(), none.is_some(), none.is_none()),
            (Offset::NONE, None, false, true)
        );
        assert_eq!(none.map_or(5, |j| j), 5);
    }

    fn err(input: &str, grammar: Grammar) -> (Rule, usize) {
        match parse(input, grammar) {
            Err(Error::Syntax { rule, offset }) => (rule, offset),
            other => panic!("{input}: {other:?}"),
        }
    }

    #[test]
    fn offsets_of_the_section_3_example() {
        let input = "foo://user@example.com:8042/over/there?name=ferret#nose";
        let parts = parse(input, Grammar::Uri).unwrap();
        let auth = parts.authority.unwrap();
        assert_eq!(parts.scheme_end.get(), Some(3));
        assert_eq!((auth.start, auth.userinfo_end), (6, Some(10)));
        assert_eq!((auth.host_start, auth.host_end, auth.port_start), (11, 22, Some(23)));
        assert_eq!((parts.path_start, parts.path_end), (27, 38));
        assert_eq!((parts.query_start.get(), parts.fragment_start.get()), (Some(39), Some(51)));
    }

    #[test]
    fn error_rules_and_offsets() {
        use Grammar::*;
        assert_eq!(err("1a:b", UriReference), (Rule::Scheme, 0));
        assert_eq!(err("a_b:c", UriReference), (Rule::Scheme, 1));
        assert_eq!(err("a_b:c", RelativeRef), (Rule::SegmentNzNc, 3));
        assert_eq!(err("a:b", RelativeRef), (Rule::SegmentNzNc, 1));
        assert_eq!(err("ab", Uri), (Rule::Scheme, 2));
        assert_eq!(err("a:b#c", AbsoluteUri), (Rule::AbsoluteUri, 3));
        assert_eq!(err("http://a b/", Uri), (Rule::RegName, 8));
        assert_eq!(err("http://u s@h/", Uri), (Rule::Userinfo, 8));
        assert_eq!(err("http://h:8x/", Uri), (Rule::Port, 10));
        assert_eq!(err("http://h:8 /", Uri), (Rule::Port, 10));
        assert_eq!(err("http://u@h:8x/", Uri), (Rule::Port, 12));
        assert_eq!(err("http://u@h@/", Uri), (Rule::RegName, 10));
        assert_eq!(err("http://[::1]x/", Uri), (Rule::IpLiteral, 12));
        assert_eq!(err("http://h/%zz", Uri), (Rule::PctEncoded, 9));
        assert_eq!(err("http://h%2/", Uri), (Rule::PctEncoded, 8));
        assert_eq!(err("a:/b c", Uri), (Rule::PathAbsolute, 4));
        assert_eq!(err("a:b c", Uri), (Rule::PathRootless, 3));
        assert_eq!(err("b c", UriReference), (Rule::PathNoscheme, 1));
        assert_eq!(err("a:?b c", Uri), (Rule::Query, 4));
        assert_eq!(err("a:#b#", Uri), (Rule::Fragment, 4));
        assert_eq!(err("a:b[", Uri), (Rule::PathRootless, 3));
        assert_eq!(err("\u{feff}http://a/", UriReference), (Rule::PathNoscheme, 0));
    }
}
