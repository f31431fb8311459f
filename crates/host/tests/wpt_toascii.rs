//! WPT `toascii.json` and `IdnaTestV2.json`, each through `domain_to_ascii(input, false)` and
//! through the host parser the way the URL parser calls it (`https://{input}/x`), with and
//! without a validation-error sink.

use weburl_host::{HostKind, ValidationErrorKind, domain_to_ascii, parse_host_into};
use weburl_test_support::{Tally, load_wpt_json};

/// One case: the input and the expected host (`None`: failure).
struct Case {
    input: String,
    output: Option<String>,
}

fn cases(name: &str) -> Vec<Case> {
    let data = load_wpt_json(name);
    let items = data.as_array().expect("a JSON array");
    items
        .iter()
        .filter_map(|item| item.as_object())
        .map(|case| Case {
            input: case["input"].as_str().expect("input").to_owned(),
            output: case["output"].as_str().map(str::to_owned),
        })
        .collect()
}

/// Percent-encodes what WPT's IdnaTestV2 runner encodes before building the URL: `:` `/` `?`
/// `#` `\` (and `%` is left alone, as there).
fn wpt_encode(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        match c {
            ':' => out.push_str("%3A"),
            '/' => out.push_str("%2F"),
            '?' => out.push_str("%3F"),
            '#' => out.push_str("%23"),
            '\\' => out.push_str("%5C"),
            _ => out.push(c),
        }
    }
    out
}

fn show(result: &Result<String, String>) -> String {
    match result {
        Ok(s) => format!("{s:?}"),
        Err(e) => format!("failure ({e})"),
    }
}

/// The host parser as the URL parser calls it for `https:` (not opaque), with no sink and with
/// a sink; both must agree.
fn host_parser(input: &str) -> Result<String, String> {
    let mut out = String::from("https://");
    let plain = parse_host_into(input, false, &mut out, None).map(|kind| (kind, out.clone()));
    let mut errors: Vec<(ValidationErrorKind, usize)> = Vec::new();
    let mut out2 = String::from("https://");
    let mut sink = |kind: ValidationErrorKind, at: usize| errors.push((kind, at));
    let with_sink =
        parse_host_into(input, false, &mut out2, Some(&mut sink)).map(|kind| (kind, out2.clone()));
    match (plain, with_sink) {
        (Ok((kind, a)), Ok((kind2, b))) if a == b && kind == kind2 => {
            assert_ne!(kind, HostKind::Opaque);
            Ok(a.trim_start_matches("https://").to_owned())
        }
        (Err(e), Err(e2)) if e == e2 => {
            assert_eq!(out, "https://", "output changed on failure");
            assert_eq!(out2, "https://", "output changed on failure");
            // A failure always comes with the validation error that names it.
            assert!(
                errors.iter().any(|(kind, _)| *kind == e.kind()),
                "{input:?}: {e} not reported in {errors:?}"
            );
            Err(e.to_string())
        }
        (a, b) => panic!("{input:?}: without sink {a:?}, with sink {b:?}"),
    }
}

/// Which way a case goes in.
#[derive(Clone, Copy, PartialEq)]
enum Via {
    DomainToAscii,
    HostParser,
}

fn run(name: &str, via: Via, encode: bool) {
    let cases = cases(name);
    let label = match via {
        Via::DomainToAscii => "domain_to_ascii",
        Via::HostParser => "host parser",
    };
    let mut tally = Tally::new(&format!("{name} ({label})"));
    let mut skipped = 0;
    for case in &cases {
        // WPT skips the one empty input (`https:///x` has no host to test).
        if case.input.is_empty() {
            skipped += 1;
            continue;
        }
        let expected = case.output.as_deref();
        let (input, got) = match via {
            Via::DomainToAscii => {
                let got = domain_to_ascii(&case.input, false)
                    .map(|s| s.into_owned())
                    .map_err(|e| e.to_string());
                (case.input.clone(), got)
            }
            Via::HostParser => {
                let input = if encode { wpt_encode(&case.input) } else { case.input.clone() };
                let got = host_parser(&input);
                (input, got)
            }
        };
        tally.check(got.as_deref().ok() == expected, || {
            format!("{label}({input:?}): got {}, expected {expected:?}", show(&got))
        });
    }
    assert!(skipped <= 1, "{name}: {skipped} empty inputs");
    tally.finish();
}

#[test]
fn toascii_json_domain_to_ascii() {
    run("toascii.json", Via::DomainToAscii, false);
}

#[test]
fn toascii_json_host_parser() {
    run("toascii.json", Via::HostParser, false);
}

#[test]
fn idna_test_v2_json_domain_to_ascii() {
    run("IdnaTestV2.json", Via::DomainToAscii, true);
}

#[test]
fn idna_test_v2_json_host_parser() {
    run("IdnaTestV2.json", Via::HostParser, true);
}
