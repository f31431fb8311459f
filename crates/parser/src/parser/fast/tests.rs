//! Unit tests of the fast path: differential tests against the state machine (WPT data,
//! benchmark data, generated inputs) and checks of each scan against a byte-by-byte reference.

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
        let fast = parse(input, strict, &mut String::new());
        // With a base, the relative fast path, where the absolute one gives up (as in
        // `parser::parse`).
        let fast = fast.or_else(|| join(input, base?, strict, &mut String::new()));
        let fast = fast.or_else(|| parse_rare(input, strict, &mut String::new()));
        let Some(fast) = fast else { continue };
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
    let data = weburl_test_support::load_wpt_json("urltestdata.json");
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
    for name in weburl_test_support::BENCH_LISTS {
        let text = weburl_test_support::load_bench_list(name);
        for line in text.lines() {
            total += 1;
            taken += usize::from(differential(line, None));
        }
    }
    // The fast path exists for inputs like these: nearly all of them must take it.
    assert!(taken * 100 >= total * 97, "{taken} of {total} took the fast path");
}

/// Links of every kind the relative fast path takes, made from each benchmark URL's
/// neighbour (as `bench/src/families/inputs.rs` makes them), against that URL.
#[test]
fn relative_references_agree_with_the_state_machine_on_the_benchmark_data() {
    let mut total = 0;
    let mut taken = 0;
    for name in weburl_test_support::BENCH_LISTS {
        let text = weburl_test_support::load_bench_list(name);
        let urls: Vec<Url> = text.lines().filter_map(|l| Url::parse(l).ok()).collect();
        for pair in urls.windows(2).step_by(7) {
            let (base, next) = (&pair[0], &pair[1]);
            let path = next.pathname();
            let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
            let tail = |n: usize| segments[segments.len().saturating_sub(n)..].join("/");
            let query = next.search();
            for link in [
                format!("{}{query}", tail(2)),
                format!("{path}{query}"),
                format!("../{}", tail(1)),
                format!("./../../{}{}", tail(3), next.hash()),
                format!("?{}", query.trim_start_matches('?')),
                format!("#{}", tail(1)),
                format!("//{}{path}{query}", next.host()),
                String::new(),
            ] {
                total += 1;
                taken += usize::from(differential(&link, Some(base)));
            }
        }
    }
    // Most bases are http(s); the file URLs' links go to the state machine.
    assert!(taken * 100 >= total * 40, "{taken} of {total} took the fast path");
}

#[test]
fn takes_the_plain_relative_references_and_leaves_the_rest() {
    let base = Url::parse("https://u:p@base.example:8443/dir/sub/file.html?q=1#f").unwrap();
    let took = |input: &str, base: &Url| {
        let url = join(input, base, false, &mut String::new());
        assert!(differential(input, Some(base)) == url.is_some(), "{input}");
        url.map(|u| u.serialization)
    };
    for (input, expected) in [
        ("x", "https://u:p@base.example:8443/dir/sub/x"),
        ("x/y?a#b", "https://u:p@base.example:8443/dir/sub/x/y?a#b"),
        ("../x", "https://u:p@base.example:8443/dir/x"),
        ("../../../../x", "https://u:p@base.example:8443/x"),
        ("..", "https://u:p@base.example:8443/dir/"),
        (".", "https://u:p@base.example:8443/dir/sub/"),
        ("./", "https://u:p@base.example:8443/dir/sub/"),
        ("%2e%2E/x", "https://u:p@base.example:8443/dir/x"),
        (".x/..y", "https://u:p@base.example:8443/dir/sub/.x/..y"),
        ("/", "https://u:p@base.example:8443/"),
        ("/a/./b/../c", "https://u:p@base.example:8443/a/c"),
        ("?", "https://u:p@base.example:8443/dir/sub/file.html?"),
        ("?x y", "https://u:p@base.example:8443/dir/sub/file.html?x%20y"),
        ("#", "https://u:p@base.example:8443/dir/sub/file.html?q=1#"),
        ("#g", "https://u:p@base.example:8443/dir/sub/file.html?q=1#g"),
        ("#?x#y", "https://u:p@base.example:8443/dir/sub/file.html?q=1#?x#y"),
        ("?#", "https://u:p@base.example:8443/dir/sub/file.html?#"),
        ("//Other.Example/p", "https://other.example/p"),
        ("//other.example:443", "https://other.example/"),
        ("1:x", "https://u:p@base.example:8443/dir/sub/1:x"),
        ("//127.0.0.1/", "https://127.0.0.1/"),
        ("\u{E9}", "https://u:p@base.example:8443/dir/sub/%C3%A9"),
        (
            "\u{6771}/?\u{E9}#\u{E9}",
            "https://u:p@base.example:8443/dir/sub/%E6%9D%B1/?%C3%A9#%C3%A9",
        ),
        ("../\u{E9}x\u{E9}", "https://u:p@base.example:8443/dir/%C3%A9x%C3%A9"),
        // Lax mode: `\` is a `/` of a special URL.
        ("a\\b", "https://u:p@base.example:8443/dir/sub/a/b"),
        ("..\\x", "https://u:p@base.example:8443/dir/x"),
        ("a\\..\\..\\x\\.\\%2e\\.%2E\\y", "https://u:p@base.example:8443/dir/y"),
    ] {
        assert_eq!(took(input, &base).as_deref(), Some(expected), "{input}");
    }
    for input in [
        "", " x", "x ", "\\x", "/\\x", "x\ty", "https:x", "sc:/x", "//", "///x", "//u@h/",
        "//127.1/",
    ] {
        assert_eq!(took(input, &base), None, "{input}");
    }
    // Bases that are not special, or file: always the state machine.
    for base in ["file:///a/b", "sc://h/a/b", "data:text/plain,x"] {
        let base = Url::parse(base).unwrap();
        for input in ["x", "/x", "?x", "#x", "//h/x"] {
            assert_eq!(took(input, &base), None, "{input} against {base}");
        }
    }
}

/// The scans against byte-at-a-time references, from every start, on inputs of every
/// length up to 83 (the blocks, the word loop, the overlapping last word and the padded
/// short input).
#[test]
fn scans_stop_where_the_byte_loop_stops() {
    let samples: [&[u8]; 20] = [
        b"abcdefghijklmnopqrst",
        // A `/` ending a word and a `.` starting the next (the path scan's carried bit).
        b"abcdefg/.ijklmno/.qrstuvw/.yz0123",
        b"abcdefghijklmno/.qrstuvwxyz012345",
        b"abcdefg/hijklmno.qrstuvw.yz012345",
        b"a/b/.c/d.e/./f..g/%h",
        b"ex.AMPLE-c_m:80/?#xy",
        b"q?r#s t'u%v\\w\x7F\xC3\xA9z0",
        b"/././././././././././",
        b"aaaaaaaaaaaaaaaaaa.b",
        // Longer than a block (16 bytes) and a block and its two words: blocks skipped
        // whole, a block that ends in `/` before a `.`, stops in either word after a block.
        b"abcdefghijklmnopqrstuvwxyz0123456789-_./ABCDEFGHIJ",
        b"abcdefghijklmno/.qrstuvwxyzabcde/.ghijklmnopqrstuv/",
        b"abcdefghijklmnopqrstuvwxyz=a&b:c~d?e#f%g'h i\\j.k",
        b"Users/isaacs/dev/tapjs/node_modules/x.js?tapmock=a1614fc8fa65ebf7.0eb9488452f28d55",
        b"abcdefghijklmnopabcdefghijklmnop\\bcdefghijklmnopabcdefgh|jk",
        b"www.shouldiremoveit.example-host.com.ph:8080/network-packet",
        b"abcdefgh.abcdefghijklmnop.Qrstuvwxyz.0123456789.abcdefghi_j",
        // `@` in blocks (scoped packages), and a `/.` just after a run of blocks ends.
        b"node_modules/@scope/package-name/dist/esm/@x/./y.js?q=1@2#@",
        b"abcdefghijklmnopabcdefghijklmn@/./cdefghijklmno/.@",
        // The marks the blocks skip (`(` to `;`, a path's `&` and `'`) beside the bytes
        // just outside them (`%`, `'` in a query, `<`, `=` in a path) and stops.
        b"wiki/Special:Search;a=1,b(2)*c+d/e&f'g:h;i,j(k)l*m+n%20o<p>q'r=s?t#u",
        b"a:b;c,d(e)f*g+h:i;j,k(l)m*n+o:p;q,r(s)t*u+v/./w&x'y&z'0:1;2,3(4)5*6+7'",
    ];
    for sample in samples {
        for len in 0..=sample.len() {
            let bytes = &sample[..len];
            for pos in 0..=len {
                let reference =
                    |stop: &dyn Fn(usize) -> bool| (pos..len).find(|&i| stop(i)).unwrap_or(len);
                let host = reference(&|i| class(&HOST_CLASSES, bytes[i]) != 0);
                let got = scan_plain(bytes, pos, &HOST_STOPS);
                assert_eq!(got, host, "host {bytes:?} from {pos}");
                let query = reference(&|i| class(&QUERY_CLASSES, bytes[i]) != 0);
                let got = scan_text(bytes, pos, &QUERY_STOPS);
                assert_eq!(got, query, "query {bytes:?} from {pos}");
                let fragment = reference(&|i| class(&FRAGMENT_CLASSES, bytes[i]) != 0);
                let got = scan_text(bytes, pos, &FRAGMENT_STOPS);
                assert_eq!(got, fragment, "fragment {bytes:?} from {pos}");
                let host_end = reference(&|i| class(&HOST_CLASSES, bytes[i]) > H_LOOSE);
                let got = scan_plain(bytes, pos, &HOST_END_STOPS);
                assert_eq!(got, host_end, "host end {bytes:?} from {pos}");
                let path = reference(&|i| {
                    class(&PATH_CLASSES, bytes[i]) != 0
                        || (bytes[i] == b'.' && i > 0 && bytes[i - 1] == b'/')
                });
                let got = scan_path(bytes, pos);
                assert_eq!(got, path, "path {bytes:?} from {pos}");
            }
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

/// IPv4 hosts: the serialized form takes the fast path (as an IPv4 host, the same record as
/// the state machine's); every other form of a number is left to the state machine.
#[test]
fn ipv4_hosts_in_serialized_form_only() {
    for host in ["1.2.3.4", "0.0.0.0", "255.255.255.255", "98.126.214.77", "10.0.10.100"] {
        for input in [
            format!("http://{host}/a?b#c"),
            format!("https://{host}:8080"),
            format!("file://{host}/x"),
            format!("ws://{host}"),
        ] {
            assert!(differential(&input, None), "{input}");
            let url = parse(&input, false, &mut String::new()).unwrap();
            assert_eq!(url.host_kind, Some(HostKind::Ipv4), "{input}");
        }
    }
    for host in [
        "1.2.3.4.",
        "1.2.3",
        "1.2.3.4.5",
        "01.2.3.4",
        "1.2.3.04",
        "256.1.1.1",
        "1.2.3.256",
        "0x1.2.3.4",
        "1.2.3.0x4",
        "1..2.3",
        "1.2.3.999",
        "4294967295",
        "1.2.3.4.a1",
        "a.1.2.3",
        ".1.2.3.4",
        "1.2.3.4a",
    ] {
        let input = format!("http://{host}/");
        assert!(!is_serialized_ipv4(host.as_bytes()), "{host}");
        // Left to the state machine (or a domain the fast path takes as the state machine).
        differential(&input, None);
        if let Some(url) = parse(&input, false, &mut String::new()) {
            assert_eq!(url.host_kind, Some(HostKind::Domain), "{input}");
        }
    }
}

#[test]
fn http_prefixes() {
    let http_prefix = |bytes: &[u8]| http_scheme(head_word(bytes));
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
fn strict_host_scan_stops_at_adjacent_separators() {
    let pieces: [&[u8]; 7] = [b"a", b".", b"-", b"bc", b"defgh", b"x-y.z", b"Q"];
    // Every sequence of up to five pieces: separators meet inside a word and across words.
    let mut hosts: Vec<Vec<u8>> = alloc::vec![Vec::new()];
    for _ in 0..5 {
        let longer: Vec<Vec<u8>> = hosts
            .iter()
            .flat_map(|h| pieces.iter().map(move |p| [h.as_slice(), p].concat()))
            .collect();
        hosts.extend(longer);
    }
    assert!(hosts.len() > 10_000);
    let separator = |b: u8| matches!(b, b'.' | b'-');
    for host in &hosts {
        let input = [host.as_slice(), b"/p"].concat();
        for pos in 0..=host.len() {
            let expected = (pos..input.len())
                .find(|&i| {
                    class(&HOST_CLASSES, input[i]) != 0
                        || (separator(input[i]) && i > 0 && separator(input[i - 1]))
                })
                .unwrap_or(input.len());
            let got = scan(&input, pos, StrictHost);
            assert_eq!(got, expected, "{:?} from {pos}", String::from_utf8_lossy(&input));
        }
    }
}

#[test]
fn strict_host_verdicts() {
    // Hosts the strict scan lets through (no two of `.` and `-` side by side).
    for host in ["a.com", "a-b.c-d", "x", "ab-c.d1", "a.b.c.d.e"] {
        assert!(surely_strict_ok(host.as_bytes()), "{host}");
    }
    for host in [".a", "a.", "-a", "a-", ""] {
        assert!(!surely_strict_ok(host.as_bytes()), "{host}");
    }
    // Longer than 63 bytes: every label is checked.
    let long = alloc::format!("{}.com", "a".repeat(64));
    assert!(!surely_strict_ok(long.as_bytes()));
    let ok = alloc::format!("{}.com", "a".repeat(63));
    assert!(surely_strict_ok(ok.as_bytes()));
    let labels = alloc::format!("{}.b-.com", "a".repeat(63));
    assert!(!surely_strict_ok(labels.as_bytes()));
    let dot = alloc::format!("{}.com.", "a".repeat(63));
    assert!(!surely_strict_ok(dot.as_bytes()));
    // The others never reach the check: the strict scan stops inside them.
    for host in ["a..b", "a.-b", "a-.b", "ab--c", "xn--a", "b.ab--c.d"] {
        let input = [host.as_bytes(), b"/"].concat();
        assert!(scan(&input, 0, StrictHost) < host.len(), "{host}");
    }
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
        "httpS://a/",
        "hTTPs://a.b",
        "Ws://a/",
        "wsS://a/",
        "fTp://a/",
        "FILE:///usr/lib",
        "ws://a",
        "file:///usr/lib",
        "file://localhost/etc",
        "https://a.b/%41?'x'#y",
        "http://a:80",
        "https://a/./b",
        "https://a/b/..",
        "https://a/b/%2E%2e/c/./%2e",
        "https://a/b/c/../../../../d?x#y",
        "https://a/b/.?x",
        "https://a/b/..#x",
        "file:///C:/x",
        "file:///c|/x?y#z",
        "file://localhost/C|",
        "file://h/C:/x",
        "file:///C:x",
        "file:///C:",
        "file:///C|#f",
        "https://a/\u{E9}",
        "https://a/\u{6771}\u{4EAC}/x?q=caf\u{E9}#r\u{E9}sum\u{E9}",
        "https://a/%\u{E9}/\u{E9}.\u{E9}/..?\u{1F600}'#\u{FEFF}",
        "https://a/b?\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
        "https://a\\b",
        "https://a/..\\b",
        "http:\\\\Example.com\\a\\b?c\\d#e\\f",
        "https:/\\a:8080\\x",
        "wss:\\/a\\.\\..\\%2E\\b",
        "https://a/b\\..\\..\\c\\..",
        "https://a/b/.\\./..\\c",
    ] {
        assert!(differential(input, None), "{input}");
    }
    // Strict mode leaves non-ASCII text (a noncharacter is a validation error), a drive
    // letter's `|` (not a URL code point) and backslashes.
    for input in [
        "https://a/\u{E9}",
        "https://a/?\u{E9}",
        "https://a/#\u{E9}",
        "file:///C|/x",
        "https://a\\b",
        "https:\\\\a/",
        "https://a/b\\c",
    ] {
        assert!(parse(input, true, &mut String::new()).is_none(), "{input}");
    }
    for input in [
        " https://example.com/",
        "https://exa\tmple.com/",
        "https://127.1/",
        "https://127.0.0.1./",
        "https://[::1]/",
        "file:///a/../C|/x",
        "file:///C:/../x",
        "file:///C:\\x",
        "file:\\\\/x",
        "file://h\\x",
        "https:/\\\\a",
        "file://C|/x",
        "https:/a",
        "https:///a",
        "https://a:99999/",
        "https://é.com/",
        "sc://a/",
    ] {
        assert!(parse(input, false, &mut String::new()).is_none(), "{input}");
    }
    // Lax mode encodes what strict mode leaves to the state machine.
    let url = parse("https://a/b c|d?e f#g h", false, &mut String::new()).unwrap();
    assert_eq!(url.serialization, "https://a/b%20c|d?e%20f#g%20h");
    assert!(parse("https://a/b c", true, &mut String::new()).is_none());
    assert!(parse("https://a_b/", true, &mut String::new()).is_none());
    assert!(parse("https://a-.b/", true, &mut String::new()).is_none());
    assert_eq!(
        parse("https://a_b/", false, &mut String::new()).unwrap().to_string(),
        "https://a_b/"
    );
}

/// Credentials: lax mode takes those that need no encoding and that the serializer writes as
/// they are; strict mode leaves all of them (they are a validation error).
#[test]
fn takes_plain_credentials_in_lax_mode() {
    for input in [
        "https://user@example.com/",
        "https://user:pass@example.com:8080/p?q#f",
        "HTTP://User:Pa$$w0rd@Example.COM/",
        "https://:secret@h/",
        "https://a.b-c_d~!$&'()*+,%41@h/",
        "https://user:pass@127.0.0.1:8080/",
        "ftp://anonymous:guest@ftp.example.org/pub",
        "wss://u:p@h",
        "https://u:p@h?q",
        "https://u:p@h#f",
        "https://u:p@H\u{E9}/",
        "https://u@[::1]:8080/",
        "https://u@h\\x",
        "https:\\\\u:p@h\\x",
    ] {
        assert!(differential(input, None), "{input}");
        assert!(parse_rare(input, true, &mut String::new()).is_none(), "{input}");
    }
    for input in [
        "https://user:@h/",
        "https://@h/",
        "https://:@h/",
        "https://a@b@h/",
        "https://us er@h/",
        "https://user:pa:ss@h/",
        "https://us\u{E9}r@h/",
        "https://user@/x",
        "https://user@",
        "file://u@h/",
        "https://u@h:99999/",
        "https://u[x]@h/",
        "https://u;x@h/",
    ] {
        assert!(parse_rare(input, false, &mut String::new()).is_none(), "{input}");
        differential(input, None);
    }
}

/// Hosts the plain host scan leaves (IPv6 and IPv4 addresses in other forms, domains to map
/// or encode): lax mode takes them through the host parser; strict mode leaves them, and so
/// does either mode where the host parser fails or a byte needs the state machine.
#[test]
fn takes_other_hosts_in_lax_mode() {
    for input in [
        "http://[2001:db8::1]:8080/path",
        "https://[::1]/",
        "https://[0:0:0:0:0:0:0:1]",
        "https://[::ffff:192.168.0.1]/a?b#c",
        "https://m\u{FC}nchen.de/strasse",
        "https://B\u{FC}CHER.example/",
        "http://0x7f.1/",
        "http://127.1:80/",
        "https://%65xample.com/",
        "wss://\u{FF25}\u{FF38}.com:443/",
        "sc://h/p",
        "git+ssh://git@github.com/org/repo.git",
        "SC://H%41x/p?q'#f",
        "sc://[::1]:8080/x",
        "sc://h:0080/",
        "sc://h:/x",
        "sc://u:p@h/x?y",
        "sc://h/a/./b/../c",
        "sc://h\u{E9}/x",
        "https://a\\b/",
        "https:\\\\[::1]:8080\\x",
        "http:/\\m\u{FC}nchen.de\\..\\x",
        "https://m\u{FC}nchen.de/stra\u{DF}e?q=\u{FC}#\u{FC}",
        "https://[::1]/\u{6771}",
        "sc://h/\u{E9}?\u{E9}#\u{E9}",
    ] {
        assert!(differential(input, None), "{input}");
        assert!(parse_rare(input, true, &mut String::new()).is_none(), "{input}");
    }
    for input in [
        "https://[::1/",
        "https://[:::1]/",
        "https://[::1]x/",
        "https://ex ample.com/",
        "https://a\tb/",
        "file://[::1]/",
        "https://a%00b/",
        "https:///x",
        "sc://h",
        "sc://h?q",
        "sc:///x",
        "sc://:80/",
        "sc://h\\x/",
        "sc://a b/",
        "sc://h:99999/",
        "sc://h/a\\b",
        "sc:/\\%23/",
        "sc:/\\h/",
    ] {
        assert!(parse_rare(input, false, &mut String::new()).is_none(), "{input}");
        differential(input, None);
    }
}

/// URLs with an opaque path: the ones the fast path takes, and those it leaves to the state
/// machine (a space, a `/` after the scheme, a special scheme without `//`, a scheme that is
/// not one).
#[test]
fn takes_opaque_paths_and_leaves_the_rest() {
    for input in [
        "mailto:user@example.com?subject=Hello%20there",
        "MAILTO:User@Example.COM",
        "data:text/plain;base64,SGVsbG8=",
        "javascript:void(0);alert('x')",
        "urn:isbn:0451450523",
        "tel:+1-555-0100",
        "blob:https://example.com/550e8400-e29b-41d4-a716-446655440000",
        "a+b-c.d:x",
        "sc:",
        "sc:?",
        "sc:#",
        "sc:?'q'#f",
        "sc:a%2Fb%zz?%41#%",
        "sc:<a>{b}|c^`\\d\"e",
        "sc:x?a b#c d",
        "sc:x#?#",
        "C:foo",
        "sc:\u{E9}",
        "sc:\u{E9}?\u{E9}#\u{E9}",
        "mailto:J\u{FC}rgen@example.de?subject=Gr\u{FC}\u{DF}e",
    ] {
        assert!(differential(input, None), "{input}");
    }
    // Lax mode copies what strict mode leaves to the state machine (validation errors).
    assert!(parse_rare("sc:a%zz", true, &mut String::new()).is_none());
    assert!(parse_rare("sc:a{b}", true, &mut String::new()).is_none());
    let url = parse_rare("sc:a<b>?c d", false, &mut String::new()).unwrap();
    assert_eq!(url.serialization, "sc:a<b>?c%20d");
    for input in [
        "sc:a b",
        "sc: a",
        "sc:a\tb",
        "sc:/a",
        "http:a",
        "HTTPS:a",
        "ws:a",
        "file:a",
        "9a:x",
        "-a:x",
        "a_b:x",
        "a",
        "sc:a\u{7F}",
    ] {
        assert!(parse_rare(input, false, &mut String::new()).is_none(), "{input}");
        differential(input, None);
    }
}

/// Lax mode trims leading and trailing C0 controls and spaces and removes tabs and newlines
/// before the fast paths' second try (basic URL parser steps 1 and 2): the cleaned input builds
/// the state machine's record of the input as it was, and the parser's entry takes it on a
/// fast path.
#[test]
fn lax_mode_cleans_before_the_fast_paths() {
    use super::super::{fast_cleaned, trim_c0_or_space};
    let base = Url::parse("https://base.example/dir/file").unwrap();
    for input in [
        " https://example.com/",
        "https://example.com/ ",
        "\u{0}\t\n https://Example.COM/a?b#c \r\u{1F}",
        "  mailto:someone@example.com\n",
        " https://u:p@[::1]/x ",
        "\u{C}file:///C:/x\u{B}",
        " ../x ",
        " ?q",
        "#f\u{20}",
        "https://exam\tple.com/a\nb?c\rd#e\tf",
        "ht\ttps://example.com/",
        "https://example.com:80\n80/",
        "mail\nto:x@y",
        " ../\tx ",
    ] {
        let fast = fast_cleaned(input, Some(&base), &mut String::new());
        let fast = fast.unwrap_or_else(|| panic!("{input:?}: not taken"));
        let slow = super::super::state_machine(input, Some(&base), None, None, String::new());
        assert_eq!(fields(&fast), fields(&slow.unwrap()), "{input:?}");
        let via_entry = Url::join(&base, input).unwrap();
        assert_eq!(fields(&via_entry), fields(&fast), "{input:?}");
        // Strict mode trims nothing: the input has a validation error.
        assert!(parse(input, true, &mut String::new()).is_none(), "{input:?}");
    }
    // Only C0 controls and spaces go: no other white space, and nothing inside.
    for input in ["\u{A0}https://a/", "https://a/\u{3000}", "\u{85}https://a/\u{85}", "https://a/"]
    {
        assert_eq!(trim_c0_or_space(input), input, "{input:?}");
    }
    assert_eq!(trim_c0_or_space(" \u{0}a b\u{1F}\u{20}"), "a b");
    assert_eq!(trim_c0_or_space(" "), "");
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
    "http:\\/",
    "WSS:/\\",
    " http://",
    "mailto:",
    "MailTo:",
    "data:",
    "sc:",
    "a+b-c.d:",
    "blob:",
    "9a:",
];
const PIECES: &[&str] = &[
    "[::1]",
    "[",
    "]",
    "\u{FC}",
    "u@",
    "u:p@",
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
    "1.2.3.4",
    "255.",
    "256",
    "01",
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
    "\u{6771}",
    "\u{1F600}",
    "\u{FDD0}",
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

    /// Relative references (pieces after a relative start) against bases of every kind the
    /// relative fast path looks at, and some it leaves.
    #[test]
    fn relative_references_agree_with_the_state_machine_on_generated_inputs(
        start in prop::sample::select(RELATIVE_START),
        pieces in prop::collection::vec(prop::sample::select(PIECES), 0..10),
        base in prop::sample::select(BASES),
    ) {
        let input = format!("{start}{}", pieces.concat());
        let base = Url::parse(base).unwrap();
        differential(&input, Some(&base));
    }
}

/// Starts of generated relative references.
const RELATIVE_START: &[&str] =
    &["", "/", "//", "?", "#", "../", "./", "..", ".", "a/", "%2e/", "\\", "/\\", "a:"];

/// Bases of the generated relative references.
const BASES: &[&str] = &[
    "https://base.example/dir/file?q#f",
    "http://u:p@h:8080/",
    "ws://h/a/b/",
    "ftp://h",
    "https://[::1]/a/b",
    "https://1.2.3.4/a/b?c",
    "file:///C:/a/b",
    "sc://h/a/b",
    "data:,x",
];
