//! The adversarial inputs of the scaling suite: one [`Case`] per shape, each with a generator
//! (described in words for the table in `docs/reliability.md`) and the operation measured.

use std::hint::black_box;

use weburl::Url;
use weburl::rfc3986::{UriRef, remove_dot_segments, validate};

/// What a case's size counts.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// Bytes of the generated input (or of the URL's serialization, for the setters).
    Bytes,
    /// Name-value pairs.
    Pairs,
}

/// Everything an operation needs, built before measuring starts.
#[derive(Default)]
pub struct Subject {
    /// The main input.
    pub text: String,
    /// A second input (a relative reference, a setter's value).
    pub other: String,
    /// A URL parsed beforehand (a base, or the URL a setter changes).
    pub url: Option<Url>,
    /// Pairs for the serializer.
    pub pairs: Vec<(String, String)>,
}

/// One adversarial shape.
pub struct Case {
    /// Short name, used on the command line.
    pub name: &'static str,
    /// The generator in words.
    pub generator: &'static str,
    /// What `n` counts.
    pub unit: Unit,
    /// Builds the subject of size about `n`.
    pub generate: fn(usize) -> Subject,
    /// The measured operation; returns a checksum.
    pub op: fn(&mut Subject) -> usize,
}

/// `prefix`, then `pattern` repeated until about `n` bytes, then `suffix`.
fn rep(prefix: &str, pattern: &str, n: usize, suffix: &str) -> String {
    let count = n / pattern.len().max(1);
    let mut s = String::with_capacity(prefix.len() + pattern.len() * count + suffix.len());
    s.push_str(prefix);
    for _ in 0..count {
        s.push_str(pattern);
    }
    s.push_str(suffix);
    s
}

fn text(s: String) -> Subject {
    Subject { text: s, ..Subject::default() }
}

fn parse_len(input: &str) -> usize {
    Url::parse(input).map_or(1, |u| u.href().len())
}

fn op_parse(s: &mut Subject) -> usize {
    parse_len(&s.text)
}

fn op_parse_callback(s: &mut Subject) -> usize {
    let mut errors = 0usize;
    let len = Url::options()
        .on_validation_error(|e| errors += e.offset() & 1 | 1)
        .parse(&s.text)
        .map_or(1, |u| u.href().len());
    len + errors
}

fn op_parse_sjis(s: &mut Subject) -> usize {
    Url::options()
        .encoding(weburl::encoding_rs::SHIFT_JIS)
        .parse(&s.text)
        .map_or(1, |u| u.href().len())
}

fn op_join(s: &mut Subject) -> usize {
    let Some(base) = s.url.as_ref() else { return 0 };
    Url::options().base(Some(base)).parse(&s.text).map_or(1, |u| u.href().len())
}

/// The URL the setters change: about `n` bytes spread over userinfo, path, query and fragment.
fn large_url(n: usize) -> Subject {
    let quarter = n / 4;
    let input = format!(
        "http://{}:{}@host.example:8080{}?{}#{}",
        "u".repeat(quarter / 2),
        "p".repeat(quarter / 2),
        rep("", "/seg", quarter, ""),
        rep("", "k=v&", quarter, ""),
        "f".repeat(quarter),
    );
    let url = Url::parse(&input).ok();
    Subject { url, ..Subject::default() }
}

/// A small URL and a large setter value.
fn small_url(value: String) -> Subject {
    Subject {
        url: Url::parse("http://user:pass@host.example:8080/p?q#f").ok(),
        other: value,
        ..Subject::default()
    }
}

fn href_len(s: &Subject) -> usize {
    s.url.as_ref().map_or(0, |u| u.href().len())
}

macro_rules! setter_op {
    ($setter:ident, $value:expr) => {
        |s: &mut Subject| {
            if let Some(url) = s.url.as_mut() {
                let _ = url.$setter(black_box($value));
            }
            href_len(s)
        }
    };
}

macro_rules! setter_value_op {
    ($setter:ident) => {
        |s: &mut Subject| {
            let value = std::mem::take(&mut s.other);
            if let Some(url) = s.url.as_mut() {
                let _ = url.$setter(&value);
            }
            href_len(s)
        }
    };
}

/// A query of `k` pairs `a=b`.
fn pairs_url(k: usize) -> Subject {
    Subject { url: Url::parse(&rep("http://h/?", "a=b&", 4 * k, "")).ok(), ..Subject::default() }
}

/// `href` parsed, and `k` pairs (`n123`, `v 123é`) for an appender.
fn appender_subject(k: usize, href: &str) -> Subject {
    Subject {
        url: Url::parse(href).ok(),
        pairs: (0..k).map(|i| (format!("n{i}"), format!("v {i}é"))).collect(),
        ..Subject::default()
    }
}

/// Appends the subject's pairs to its URL's query one call at a time.
fn op_append_pairs(s: &mut Subject) -> usize {
    if let Some(url) = s.url.as_mut() {
        let mut appender = url.query_pairs_mut();
        for (name, value) in &s.pairs {
            appender.append_pair(name, value);
        }
        appender.finish();
    }
    href_len(s)
}

/// A query of `k` pairs with distinct names in a scrambled order.
fn scrambled_pairs(k: usize) -> Vec<(String, String)> {
    (0..k as u64)
        .map(|i| {
            let name = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
            (format!("n{name}"), format!("v{i}"))
        })
        .collect()
}

fn uri_len(r: Result<weburl::rfc3986::UriRefBuf, weburl::rfc3986::Error>) -> usize {
    r.map_or(1, |u| u.as_str().len())
}

/// Every case, in table order.
pub const CASES: &[Case] = &[
    // Paths.
    Case {
        name: "path-long",
        generator: "`http://h/` + `a`×n",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "a", n, "")),
        op: op_parse,
    },
    Case {
        name: "path-segments",
        generator: "`http://h/` + `a/`×n/2",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "a/", n, "")),
        op: op_parse,
    },
    Case {
        name: "path-single-dots",
        generator: "`http://h/` + `./`×n/2",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "./", n, "x")),
        op: op_parse,
    },
    Case {
        name: "path-double-dots",
        generator: "`http://h/` + `../`×n/3",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "../", n, "x")),
        op: op_parse,
    },
    Case {
        name: "path-up-down",
        generator: "`http://h/` + `a/b/../`×n/7",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "a/b/../", n, "")),
        op: op_parse,
    },
    Case {
        name: "path-deep-then-up",
        generator: "`http://h/` + `a/`×n/4 + `../`×n/6",
        unit: Unit::Bytes,
        generate: |n| text(rep(&rep("http://h/", "a/", n / 2, ""), "../", n / 2, "")),
        op: op_parse,
    },
    Case {
        name: "path-%2e",
        generator: "`http://h/` + `%2e/%2E%2e/x/`×n/14",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "%2e/%2E%2e/x/", n, "")),
        op: op_parse,
    },
    Case {
        name: "path-slashes",
        generator: "`http://h` + `/`×n",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h", "/", n, "")),
        op: op_parse,
    },
    Case {
        name: "path-backslashes",
        generator: "`http://h` + `\\`×n",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h", "\\", n, "")),
        op: op_parse,
    },
    Case {
        name: "scheme-slashes",
        generator: "`http:` + `/\\`×n/2 + `h/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http:", "/\\", n, "h/")),
        op: op_parse,
    },
    Case {
        name: "non-special-slashes",
        generator: "`foo:` + `/`×n",
        unit: Unit::Bytes,
        generate: |n| text(rep("foo:", "/", n, "")),
        op: op_parse,
    },
    Case {
        name: "non-special-dot-prefix",
        generator: "`foo:/.//` + `a/../`×n/5 (null host, `/.` prefix)",
        unit: Unit::Bytes,
        generate: |n| text(rep("foo:/.//", "a/../", n, "")),
        op: op_parse,
    },
    Case {
        name: "percent-bare",
        generator: "`http://h/` + `%`×n",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "%", n, "")),
        op: op_parse,
    },
    Case {
        name: "percent-bad-escapes",
        generator: "`http://h/` + `%zz%4`×n/5",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "%zz%4", n, "")),
        op: op_parse,
    },
    Case {
        name: "path-encode",
        generator: "`http://h/` + ` \"<>`×n/4 (each byte percent-encoded)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", " \"<>", n, "")),
        op: op_parse,
    },
    Case {
        name: "path-non-ascii",
        generator: "`http://h/` + `é`×n/2",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "é", n, "")),
        op: op_parse,
    },
    Case {
        name: "tabs",
        generator: "`http://h/` + `a\\t\\n`×n/3 (removed before parsing)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "a\t\n", n, "")),
        op: op_parse,
    },
    Case {
        name: "callback-invalid-units",
        generator: "`http://h/` + `\\|`×n, with a validation-error callback",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "|", n, "")),
        op: op_parse_callback,
    },
    Case {
        name: "callback-tabs",
        generator: "`http://h/` + `\\|\\t`×n/2, with a validation-error callback",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/", "|\t", n, "")),
        op: op_parse_callback,
    },
    Case {
        name: "opaque-path",
        generator: "`data:` + `x `×n/2",
        unit: Unit::Bytes,
        generate: |n| text(rep("data:", "x ", n, "")),
        op: op_parse,
    },
    // Query, fragment, userinfo.
    Case {
        name: "query-pairs",
        generator: "`http://h/?` + `a=b&`×n/4",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/?", "a=b&", n, "")),
        op: op_parse,
    },
    Case {
        name: "query-encode",
        generator: "`http://h/?` + ` \"<>'`×n/5",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/?", " \"<>'", n, "")),
        op: op_parse,
    },
    Case {
        name: "query-emoji",
        generator: "`http://h/?` + `😀`×n/4",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/?", "😀", n, "")),
        op: op_parse,
    },
    Case {
        name: "query-shift-jis",
        generator: "`http://h/?` + `é日`×n/5, query encoding Shift_JIS",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/?", "é日", n, "")),
        op: op_parse_sjis,
    },
    Case {
        name: "fragment",
        generator: "`http://h/#` + `x `×n/2",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://h/#", "x ", n, "")),
        op: op_parse,
    },
    Case {
        name: "userinfo-long",
        generator: "`http://` + `u`×n/2 + `:` + `p`×n/2 + `@h/`",
        unit: Unit::Bytes,
        generate: |n| text(format!("http://{}:{}@h/", "u".repeat(n / 2), "p".repeat(n / 2))),
        op: op_parse,
    },
    Case {
        name: "userinfo-ats",
        generator: "`http://` + `@`×n + `h/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "@", n, "h/")),
        op: op_parse,
    },
    Case {
        name: "userinfo-colons",
        generator: "`http://` + `:`×n + `@h/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", ":", n, "@h/")),
        op: op_parse,
    },
    // Hosts.
    Case {
        name: "host-ascii-labels",
        generator: "`http://` + `a.`×n/2 + `com/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "a.", n, "com/")),
        op: op_parse,
    },
    Case {
        name: "host-ascii-upper",
        generator: "`http://` + `AB-.`×n/4 + `com/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "AB-.", n, "com/")),
        op: op_parse,
    },
    Case {
        name: "host-ascii-one-label",
        generator: "`http://` + `a`×n + `/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "a", n, "/")),
        op: op_parse,
    },
    Case {
        name: "host-non-ascii-dots",
        generator: "`http://` + `é.`×n/3 + `com/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "é.", n, "com/")),
        op: op_parse,
    },
    Case {
        name: "host-ideographic-dots",
        generator: "`http://` + `é。`×n/5 + `com/` (U+3002 separators)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "é\u{3002}", n, "com/")),
        op: op_parse,
    },
    Case {
        name: "host-non-ascii-labels",
        generator: "`http://` + (`bücher`×100 + `.`)×n/701 + `com/` (100-char labels)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", &format!("{}.", "bücher".repeat(100)), n, "com/")),
        op: op_parse,
    },
    Case {
        name: "host-non-ascii-one-label",
        generator: "`http://` + `é`×n/2 + `/` (fails: past the Punycode label cap)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "é", n, "/")),
        op: op_parse,
    },
    Case {
        name: "host-xn-labels",
        generator: "`http://` + `xn--bcher-kva.`×n/14 + `com/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "xn--bcher-kva.", n, "com/")),
        op: op_parse,
    },
    Case {
        name: "host-xn-long-labels",
        generator: "`http://` + (`xn--` + 600-byte Punycode label + `.`)×n/605 + `com/`",
        unit: Unit::Bytes,
        generate: |n| {
            let label = weburl::idna::punycode::encode(&"ü".repeat(590)).unwrap_or_default();
            text(rep("http://", &format!("xn--{label}."), n, "com/"))
        },
        op: op_parse,
    },
    Case {
        name: "host-xn-one-label",
        generator: "`http://xn--` + `a`×n + `/` (fails)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://xn--", "a", n, "/")),
        op: op_parse,
    },
    Case {
        name: "host-percent",
        generator: "`http://` + `%41`×n/3 + `/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "%41", n, "/")),
        op: op_parse,
    },
    Case {
        name: "host-opaque",
        generator: "`foo://` + `é%`×n/3 + `/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("foo://", "é%", n, "/")),
        op: op_parse,
    },
    Case {
        name: "ipv4-leading-zeros",
        generator: "`http://` + `0`×n + `1/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "0", n, "1/")),
        op: op_parse,
    },
    Case {
        name: "ipv4-hex-zeros",
        generator: "`http://0x` + `0`×n + `7f.1/`",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://0x", "0", n, "7f.1/")),
        op: op_parse,
    },
    Case {
        name: "ipv4-many-parts",
        generator: "`http://` + `1.`×n/2 + `1/` (fails: too many parts)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "1.", n, "1/")),
        op: op_parse,
    },
    Case {
        name: "ipv4-numeric-end",
        generator: "`http://` + `a.`×n/2 + `0x1/` (fails: ends in a number)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "a.", n, "0x1/")),
        op: op_parse,
    },
    Case {
        name: "ipv6-long-piece",
        generator: "`http://[` + `0`×n + `]/` (fails)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://[", "0", n, "]/")),
        op: op_parse,
    },
    Case {
        name: "ipv6-many-pieces",
        generator: "`http://[` + `1:`×n/2 + `1]/` (fails)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://[", "1:", n, "1]/")),
        op: op_parse,
    },
    Case {
        name: "ipv6-unclosed",
        generator: "`http://[::` + `f`×n (fails)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://[::", "f", n, "")),
        op: op_parse,
    },
    Case {
        name: "ipv6-brackets",
        generator: "`http://` + `[]`×n/2 + `/` (fails)",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "[]", n, "/")),
        op: op_parse,
    },
    // File URLs.
    Case {
        name: "file-drive-letters",
        generator: "`file:///` + `C:/`×n/3",
        unit: Unit::Bytes,
        generate: |n| text(rep("file:///", "C:/", n, "")),
        op: op_parse,
    },
    Case {
        name: "file-drive-pipes-up",
        generator: "`file:` + `C\\|/../`×n/6",
        unit: Unit::Bytes,
        generate: |n| text(rep("file:", "C|/../", n, "")),
        op: op_parse,
    },
    Case {
        name: "file-drive-then-up",
        generator: "`file:///C:/` + `../`×n/3",
        unit: Unit::Bytes,
        generate: |n| text(rep("file:///C:/", "../", n, "")),
        op: op_parse,
    },
    Case {
        name: "file-backslashes",
        generator: "`file:` + `\\`×n + `C\\|`",
        unit: Unit::Bytes,
        generate: |n| text(rep("file:", "\\", n, "C|")),
        op: op_parse,
    },
    // Relative references.
    Case {
        name: "join-double-dots",
        generator: "base `http://h/` + `a/`×n/4; input `../`×n/6",
        unit: Unit::Bytes,
        generate: |n| Subject {
            text: rep("", "../", n / 2, "x"),
            url: Url::parse(&rep("http://h/", "a/", n / 2, "")).ok(),
            ..Subject::default()
        },
        op: op_join,
    },
    Case {
        name: "join-query",
        generator: "base `http://h/` + `a/`×n/2; input `?q`",
        unit: Unit::Bytes,
        generate: |n| Subject {
            text: "?q".into(),
            url: Url::parse(&rep("http://h/", "a/", n, "")).ok(),
            ..Subject::default()
        },
        op: op_join,
    },
    Case {
        name: "join-file-drive",
        generator: "base `file:///C:/` + `a/`×n/4; input `D\\|` + `/..`×n/6",
        unit: Unit::Bytes,
        generate: |n| Subject {
            text: rep("D|", "/..", n / 2, ""),
            url: Url::parse(&rep("file:///C:/", "a/", n / 2, "")).ok(),
            ..Subject::default()
        },
        op: op_join,
    },
    // Setters on a URL of about n bytes (userinfo, path, query and fragment a quarter each).
    Case {
        name: "set_href",
        generator: "large URL; `set_href` to its own href",
        unit: Unit::Bytes,
        generate: |n| {
            let mut s = large_url(n);
            s.other = s.url.as_ref().map(|u| u.href().to_owned()).unwrap_or_default();
            s
        },
        op: setter_value_op!(set_href),
    },
    Case {
        name: "set_protocol",
        generator: "large URL; `set_protocol(\"https\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_protocol, "https"),
    },
    Case {
        name: "set_username",
        generator: "large URL; `set_username(\"x y\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_username, "x y"),
    },
    Case {
        name: "set_password",
        generator: "large URL; `set_password(\"x y\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_password, "x y"),
    },
    Case {
        name: "set_host",
        generator: "large URL; `set_host(\"bücher.example:81\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_host, "bücher.example:81"),
    },
    Case {
        name: "set_hostname",
        generator: "large URL; `set_hostname(\"other.example\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_hostname, "other.example"),
    },
    Case {
        name: "set_port",
        generator: "large URL; `set_port(\"81\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_port, "81"),
    },
    Case {
        name: "set_pathname",
        generator: "large URL; `set_pathname(\"/a/../b\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_pathname, "/a/../b"),
    },
    Case {
        name: "set_search",
        generator: "large URL; `set_search(\"x=1\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_search, "x=1"),
    },
    Case {
        name: "set_hash",
        generator: "large URL; `set_hash(\"top\")`",
        unit: Unit::Bytes,
        generate: large_url,
        op: setter_op!(set_hash, "top"),
    },
    // Setters given a large value on a small URL.
    Case {
        name: "set_username-large",
        generator: "small URL; `set_username(` `u `×n/2 `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "u ", n, "")),
        op: setter_value_op!(set_username),
    },
    Case {
        name: "set_password-large",
        generator: "small URL; `set_password(` `p@`×n/2 `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "p@", n, "")),
        op: setter_value_op!(set_password),
    },
    Case {
        name: "set_host-large",
        generator: "small URL; `set_host(` `é.`×n/3 `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "é.", n, "com")),
        op: setter_value_op!(set_host),
    },
    Case {
        name: "set_hostname-large",
        generator: "small URL; `set_hostname(` `a.`×n/2 `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "a.", n, "com")),
        op: setter_value_op!(set_hostname),
    },
    Case {
        name: "set_port-large",
        generator: "small URL; `set_port(` `0`×n `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "0", n, "8")),
        op: setter_value_op!(set_port),
    },
    Case {
        name: "set_pathname-large",
        generator: "small URL; `set_pathname(` `a/../b/./`×n/9 `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "a/../b/./", n, "")),
        op: setter_value_op!(set_pathname),
    },
    Case {
        name: "set_search-large",
        generator: "small URL; `set_search(` `a=b &`×n/5 `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "a=b &", n, "")),
        op: setter_value_op!(set_search),
    },
    Case {
        name: "set_hash-large",
        generator: "small URL; `set_hash(` `x `×n/2 `)`",
        unit: Unit::Bytes,
        generate: |n| small_url(rep("", "x ", n, "")),
        op: setter_value_op!(set_hash),
    },
    // searchParams on a query of n pairs.
    Case {
        name: "search_params",
        generator: "`http://h/?` + `a=b&`×n; `search_params()`",
        unit: Unit::Pairs,
        generate: pairs_url,
        op: |s| s.url.as_ref().map_or(0, |u| u.search_params().len()),
    },
    Case {
        name: "search_params_mut-append",
        generator: "`http://h/?` + `a=b&`×n; `search_params_mut().append(\"x\", \"y\")`",
        unit: Unit::Pairs,
        generate: pairs_url,
        op: |s| {
            if let Some(url) = s.url.as_mut() {
                url.search_params_mut().append("x", "y");
            }
            href_len(s)
        },
    },
    Case {
        name: "search_params_mut-set",
        generator: "`http://h/?` + `a=b&`×n; `search_params_mut().set(\"a\", \"c\")`",
        unit: Unit::Pairs,
        generate: pairs_url,
        op: |s| {
            if let Some(url) = s.url.as_mut() {
                url.search_params_mut().set("a", "c");
            }
            href_len(s)
        },
    },
    Case {
        name: "search_params_mut-delete",
        generator: "`http://h/?` + `a=b&`×n; `search_params_mut().delete(\"a\", Some(\"b\"))`",
        unit: Unit::Pairs,
        generate: pairs_url,
        op: |s| {
            if let Some(url) = s.url.as_mut() {
                url.search_params_mut().delete("a", Some("b"));
            }
            href_len(s)
        },
    },
    Case {
        name: "search_params_mut-sort",
        generator: "n pairs with distinct scrambled names; `search_params_mut().sort()`",
        unit: Unit::Pairs,
        generate: |k| {
            let query = weburl::form::serialize_utf8(scrambled_pairs(k));
            Subject { url: Url::parse(&format!("http://h/?{query}")).ok(), ..Subject::default() }
        },
        op: |s| {
            if let Some(url) = s.url.as_mut() {
                url.search_params_mut().sort();
            }
            href_len(s)
        },
    },
    // query_pairs_mut: n pairs appended one by one (onto the end of the URL, or before a
    // fragment), and one pair appended to a query of n pairs followed by a fragment.
    Case {
        name: "query_pairs_mut-append",
        generator: "`http://h/`; `append_pair` of n pairs (`n123`, `v 123é`) one by one, `finish`",
        unit: Unit::Pairs,
        generate: |k| appender_subject(k, "http://h/"),
        op: op_append_pairs,
    },
    Case {
        name: "query_pairs_mut-append-fragment",
        generator: "`http://h/#frag`; `append_pair` of n pairs one by one (before the fragment)",
        unit: Unit::Pairs,
        generate: |k| appender_subject(k, "http://h/#frag"),
        op: op_append_pairs,
    },
    Case {
        name: "query_pairs_mut-long-query",
        generator: "`http://h/?` + `a=b&`×n + `#frag`; `append_pair(\"x\", \"y z\")`, `finish`",
        unit: Unit::Pairs,
        generate: |k| Subject {
            url: Url::parse(&rep("http://h/?", "a=b&", 4 * k, "#frag")).ok(),
            ..Subject::default()
        },
        op: |s| {
            if let Some(url) = s.url.as_mut() {
                url.query_pairs_mut().append_pair(black_box("x"), black_box("y z")).finish();
            }
            href_len(s)
        },
    },
    // application/x-www-form-urlencoded.
    Case {
        name: "form-parse",
        generator: "`a=b&`×n/4",
        unit: Unit::Bytes,
        generate: |n| text(rep("", "a=b&", n, "")),
        op: |s| weburl::form::parse(s.text.as_bytes()).len(),
    },
    Case {
        name: "form-parse-escapes",
        generator: "`%41+%zz=%`×n/10",
        unit: Unit::Bytes,
        generate: |n| text(rep("", "%41+%zz=%", n, "")),
        op: |s| weburl::form::parse(s.text.as_bytes()).len(),
    },
    Case {
        name: "form-serialize",
        generator: "n pairs (`n123`, `v 123é`)",
        unit: Unit::Pairs,
        generate: |k| Subject {
            pairs: (0..k).map(|i| (format!("n{i}"), format!("v {i}é"))).collect(),
            ..Subject::default()
        },
        op: |s| weburl::form::serialize_utf8(s.pairs.iter().map(|(a, b)| (a, b))).len(),
    },
    // RFC 3986.
    Case {
        name: "rfc3986-validate",
        generator: "`http://h/` + `a/%41`×n/6 + `?` + `q`×n/4",
        unit: Unit::Bytes,
        generate: |n| text(rep(&rep("http://h/", "a/%41", n * 3 / 4, "?"), "q", n / 4, "")),
        op: |s| usize::from(validate(&s.text).is_ok()),
    },
    Case {
        name: "rfc3986-validate-host",
        generator: "`http://` + `a.`×n/2 + `/` ",
        unit: Unit::Bytes,
        generate: |n| text(rep("http://", "a.", n, "/")),
        op: |s| usize::from(validate(&s.text).is_ok()),
    },
    Case {
        name: "rfc3986-resolve",
        generator: "base `http://h/` + `a/`×n/4; reference `../`×n/6 + `g`",
        unit: Unit::Bytes,
        generate: |n| Subject {
            text: rep("http://h/", "a/", n / 2, ""),
            other: rep("", "../", n / 2, "g"),
            ..Subject::default()
        },
        op: |s| match (UriRef::parse(&s.text), UriRef::parse(&s.other)) {
            (Ok(base), Ok(r)) => uri_len(base.resolve(&r)),
            _ => 0,
        },
    },
    Case {
        name: "rfc3986-resolve-dots",
        generator: "base `http://h/b`; reference `a/./b/../`×n/9",
        unit: Unit::Bytes,
        generate: |n| Subject {
            text: "http://h/b".into(),
            other: rep("", "a/./b/../", n, ""),
            ..Subject::default()
        },
        op: |s| match (UriRef::parse(&s.text), UriRef::parse(&s.other)) {
            (Ok(base), Ok(r)) => uri_len(base.resolve(&r)),
            _ => 0,
        },
    },
    Case {
        name: "rfc3986-remove-dot-segments",
        generator: "`/a` + `/..`×n/3",
        unit: Unit::Bytes,
        generate: |n| text(rep("/a", "/..", n, "")),
        op: |s| remove_dot_segments(&s.text).len(),
    },
    Case {
        name: "rfc3986-normalize",
        generator: "`HTTP://H/` + `%7e/./../%7A`×n/12",
        unit: Unit::Bytes,
        generate: |n| text(rep("HTTP://H/", "%7e/./../%7A", n, "")),
        op: |s| UriRef::parse(&s.text).map_or(0, |u| u.normalized().as_str().len()),
    },
    // The host crate directly.
    Case {
        name: "domain_to_ascii",
        generator: "`bücher.`×n/8 + `com`",
        unit: Unit::Bytes,
        generate: |n| text(rep("", "bücher.", n, "com")),
        op: |s| weburl::host::domain_to_ascii(&s.text, false).map_or(1, |d| d.len()),
    },
    Case {
        name: "domain_to_unicode",
        generator: "`xn--bcher-kva.`×n/14 + `com`",
        unit: Unit::Bytes,
        generate: |n| text(rep("", "xn--bcher-kva.", n, "com")),
        op: |s| weburl::host::domain_to_unicode(&s.text).len(),
    },
];

/// The case named `name`.
pub fn find(name: &str) -> Option<&'static Case> {
    CASES.iter().find(|c| c.name == name)
}
