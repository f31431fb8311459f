//! Public suffix and registrable domain: the spec's examples (section 3.2), wildcard, exception
//! and private rules, and every rule of the pinned list checked against the generated table
//! (through the crate's own IDNA, so the generator's Punycode is checked too).

use psl_types::List as _;
use weburl_host::psl::{List, Type};
use weburl_host::{Host, public_suffix, registrable_domain};
use weburl_test_support::{Tally, load_text};

fn domain(input: &str) -> Host {
    Host::parse(input, false).unwrap_or_else(|e| panic!("{input}: {e}"))
}

#[test]
fn spec_examples() {
    // URL Standard section 3.2: host input, public suffix, registrable domain.
    let table: [(&str, Option<&str>, Option<&str>); 12] = [
        ("com", Some("com"), None),
        ("example.com", Some("com"), Some("example.com")),
        ("www.example.com", Some("com"), Some("example.com")),
        ("sub.www.example.com", Some("com"), Some("example.com")),
        ("EXAMPLE.COM", Some("com"), Some("example.com")),
        ("example.com.", Some("com."), Some("example.com.")),
        ("github.io", Some("github.io"), None),
        ("whatwg.github.io", Some("github.io"), Some("whatwg.github.io")),
        ("إختبار", Some("xn--kgbechtv"), None),
        ("example.إختبار", Some("xn--kgbechtv"), Some("example.xn--kgbechtv")),
        ("sub.example.إختبار", Some("xn--kgbechtv"), Some("example.xn--kgbechtv")),
        ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
    ];
    for (input, suffix, registrable) in table {
        let host = domain(input);
        assert_eq!(public_suffix(&host), suffix, "public suffix of {input}");
        assert_eq!(registrable_domain(&host), registrable, "registrable domain of {input}");
    }
}

#[test]
fn wildcard_exception_and_private_rules() {
    // `*.ck` and `!www.ck` (ICANN).
    assert_eq!(public_suffix(&domain("a.b.ck")), Some("b.ck"));
    assert_eq!(registrable_domain(&domain("a.b.ck")), Some("a.b.ck"));
    assert_eq!(registrable_domain(&domain("b.ck")), None);
    assert_eq!(public_suffix(&domain("www.ck")), Some("ck"));
    assert_eq!(registrable_domain(&domain("www.ck")), Some("www.ck"));
    assert_eq!(registrable_domain(&domain("a.www.ck")), Some("www.ck"));
    assert_eq!(registrable_domain(&domain("a.www.ck.")), Some("www.ck."));
    // `*.kawasaki.jp` with `!city.kawasaki.jp`.
    assert_eq!(public_suffix(&domain("x.y.kawasaki.jp")), Some("y.kawasaki.jp"));
    assert_eq!(public_suffix(&domain("city.kawasaki.jp")), Some("kawasaki.jp"));
    assert_eq!(registrable_domain(&domain("www.city.kawasaki.jp")), Some("city.kawasaki.jp"));
    // Private rules count, and say so.
    assert_eq!(public_suffix(&domain("a.b.blogspot.com")), Some("blogspot.com"));
    assert_eq!(List.suffix(b"a.github.io").map(|s| s.typ()), Some(Some(Type::Private)));
    assert_eq!(List.suffix(b"a.co.uk").map(|s| s.typ()), Some(Some(Type::Icann)));
    // Unknown TLDs fall back to the implicit `*` rule.
    assert_eq!(public_suffix(&domain("a.b.example")), Some("example"));
    assert_eq!(List.suffix(b"a.b.example").map(|s| s.typ()), Some(None));
    // Internationalized rules match in their A-label form.
    assert_eq!(public_suffix(&domain("example.公司.cn")), Some("xn--55qx5d.cn"));
    // Not domains.
    assert_eq!(public_suffix(&Host::parse("1.2.3.4", false).unwrap()), None);
    assert_eq!(public_suffix(&Host::parse("example.com", true).unwrap()), None);
}

#[test]
fn every_rule_of_the_list() {
    let text = load_text("psl/public_suffix_list.dat");
    let mut tally = Tally::new("public_suffix_list.dat rules");
    let mut section = None;
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("// ===BEGIN ICANN DOMAINS===") {
            section = Some(Type::Icann);
        } else if line.starts_with("// ===BEGIN PRIVATE DOMAINS===") {
            section = Some(Type::Private);
        }
        let Some(rule) = line.split_whitespace().next() else { continue };
        if rule.starts_with("//") {
            continue;
        }
        let (host, expected) = if let Some(exception) = rule.strip_prefix('!') {
            // The exception itself is registrable; its parent is the suffix.
            let host = domain(exception);
            let ascii = host.as_domain().unwrap().to_owned();
            let parent = ascii.split_once('.').unwrap().1.to_owned();
            (host, parent)
        } else if let Some(base) = rule.strip_prefix("*.") {
            let host = domain(&format!("zz-test-label.{base}"));
            let ascii = host.as_domain().unwrap().to_owned();
            (host, ascii)
        } else {
            let host = domain(rule);
            let ascii = host.as_domain().unwrap().to_owned();
            (host, ascii)
        };
        let name = host.as_domain().unwrap().as_bytes();
        let found = List.suffix(name);
        let got = public_suffix(&host);
        // No rule is listed in both sections, so the prevailing rule's section is the line's.
        let type_ok = found.is_some_and(|s| s.typ() == section);
        tally.check(got == Some(expected.as_str()) && type_ok, || {
            format!(
                "{rule}: public suffix {got:?}, expected {expected:?}; type {:?}",
                found.map(|s| s.typ())
            )
        });
    }
    assert!(tally.passed() > 10_000);
    tally.finish();
}
