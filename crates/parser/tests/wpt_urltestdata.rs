//! web-platform-tests `urltestdata.json` and `urltestdata-javascript-only.json`: every case,
//! every field the data gives, the failure cases used as a base (WPT's failure.html), and the
//! `relativeTo` cases.

use serde_json::Value;
use weburl_parser::Url;
use weburl_test_support::{Tally, load_wpt_json};

/// The fields WPT compares, with our getter for each.
fn field(url: &Url, name: &str) -> Option<String> {
    Some(match name {
        "href" => url.href().to_owned(),
        "origin" => url.origin().to_string(),
        "protocol" => url.protocol().to_owned(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().to_owned(),
        "hash" => url.hash().to_owned(),
        "searchParams" => url.search_params().to_string(),
        _ => return None,
    })
}

const FIELDS: [&str; 12] = [
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
    "searchParams",
];

/// `new URL(input, base)`: the base is parsed first and its failure is a failure.
fn construct(input: &str, base: Option<&str>) -> Option<Url> {
    match base {
        None => Url::parse(input).ok(),
        Some(base) => Url::parse(base).ok()?.join(input).ok(),
    }
}

fn check_case(case: &Value) -> Option<String> {
    let Some(input) = case["input"].as_str() else {
        return Some(format!("case without a string input: {case}"));
    };
    let base = case["base"].as_str();
    if !case["base"].is_null() && base.is_none() {
        return Some(format!("{input:?}: base is neither null nor a string"));
    }
    let result = construct(input, base);
    let label = format!("{input:?} against {base:?}");
    // URL.canParse (section 6.1) must agree with the constructor; without a base it takes its
    // own path that builds no URL.
    if Url::can_parse(input, base) != result.is_some() {
        return Some(format!("{label}: can_parse disagrees with parse"));
    }
    if case["failure"].as_bool() == Some(true) {
        return result.map(|url| format!("{label}: expected failure, got {:?}", url.href()));
    }
    if case.get("href").and_then(Value::as_str).is_none() {
        return Some(format!("{label}: neither failure nor href in the data"));
    }
    let Some(url) = result else {
        return Some(format!("{label}: unexpected failure"));
    };
    let mut problems = Vec::new();
    for name in FIELDS {
        if let Some(expected) = case.get(name).and_then(Value::as_str) {
            let actual = field(&url, name).unwrap_or_default();
            if actual != expected {
                problems.push(format!("{name}: got {actual:?}, want {expected:?}"));
            }
        }
    }
    // The href must parse back to itself (URL serializer note, section 4.5).
    if let Ok(again) = Url::parse(url.href()) {
        if again.href() != url.href() {
            problems.push(format!("reparse of href gave {:?}", again.href()));
        }
    } else {
        problems.push("href does not reparse".to_owned());
    }
    (!problems.is_empty()).then(|| format!("{label}: {}", problems.join("; ")))
}

fn cases(name: &str) -> Vec<Value> {
    let data = load_wpt_json(name);
    data.as_array().unwrap().iter().filter(|v| v.is_object()).cloned().collect()
}

fn run_file(name: &str) {
    let cases = cases(name);
    let mut tally = Tally::new(name);
    for case in &cases {
        tally.record(check_case(case));
    }
    tally.finish();
}

#[test]
fn urltestdata() {
    run_file("urltestdata.json");
}

#[test]
fn urltestdata_javascript_only() {
    run_file("urltestdata-javascript-only.json");
}

/// failure.html: a failure with a null base must also fail as the base of "about:blank".
#[test]
fn urltestdata_failure_as_base() {
    let cases = cases("urltestdata.json");
    let mut tally = Tally::new("urltestdata.json (failure as base)");
    for case in &cases {
        if case["failure"].as_bool() == Some(true) && case["base"].is_null() {
            let input = case["input"].as_str().unwrap();
            let fails = construct("about:blank", Some(input)).is_none()
                && !Url::can_parse("about:blank", Some(input))
                && !Url::can_parse(input, None);
            tally.check(fails, || format!("{input:?} parsed as a base"));
        }
    }
    tally.finish();
}

/// relativeTo: inputs that fail alone but parse against such a base.
#[test]
fn urltestdata_relative_to() {
    let cases = cases("urltestdata.json");
    let mut tally = Tally::new("urltestdata.json (relativeTo)");
    for case in &cases {
        let Some(relative_to) = case.get("relativeTo").and_then(Value::as_str) else { continue };
        let input = case["input"].as_str().unwrap();
        // The case is a failure without a base (that is what relativeTo qualifies).
        tally.check(construct(input, None).is_none(), || {
            format!("{input:?} ({relative_to}) parsed without a base")
        });
        // A hierarchical base of the input's own scheme (as a page's base URL would be).
        let mut bases = vec![if input.starts_with("https:") {
            "https://example.org/dir/file?q#f"
        } else {
            "http://example.org/dir/file?q#f"
        }];
        if relative_to == "any-base" {
            bases.push("sc:opaque?q#f");
        }
        for base in bases {
            tally.check(construct(input, Some(base)).is_some(), || {
                format!("{input:?} ({relative_to}) failed against {base:?}")
            });
        }
    }
    tally.finish();
}

/// `Url::parse_with_buffer` answers as `Url::parse` on every input without a base, whatever
/// the buffer held before: one buffer is handed from URL to URL through the whole file, and
/// a failure starts again from a buffer with text in it; likewise `join_with_buffer`
/// against each case's base.
#[test]
fn urltestdata_parse_with_a_reused_buffer() {
    let cases = cases("urltestdata.json");
    let mut tally = Tally::new("urltestdata.json (parse_with_buffer)");
    let mut buffer = String::from("left over: http://stale.example/");
    for case in &cases {
        let input = case["input"].as_str().unwrap();
        let fresh = Url::parse(input);
        let reused = Url::parse_with_buffer(input, std::mem::take(&mut buffer));
        let (fresh_href, reused_href) =
            (fresh.as_ref().map(Url::href), reused.as_ref().map(Url::href));
        tally.check(fresh_href == reused_href, || {
            format!("{input:?}: parse gave {fresh_href:?}, parse_with_buffer {reused_href:?}")
        });
        if let (Ok(fresh), Ok(reused)) = (&fresh, &reused) {
            tally.check(field_set(fresh) == field_set(reused), || format!("{input:?}: getters"));
        }
        buffer = match reused {
            Ok(url) => url.into_string(),
            Err(_) => String::from("after a failure: https://stale.example/?q#f"),
        };
        // Against the case's base, `join_with_buffer` as `join`.
        let Some(base) = case["base"].as_str().and_then(|b| Url::parse(b).ok()) else { continue };
        let fresh = base.join(input);
        let reused = base.join_with_buffer(input, std::mem::take(&mut buffer));
        let (fresh_href, reused_href) =
            (fresh.as_ref().map(Url::href), reused.as_ref().map(Url::href));
        tally.check(fresh_href == reused_href, || {
            format!("{input:?} against {base}: join gave {fresh_href:?}, join_with_buffer {reused_href:?}")
        });
        buffer = reused.map_or_else(|_| String::from("stale"), Url::into_string);
    }
    tally.finish();
}

/// Every getter of `url`, for comparing two parses.
fn field_set(url: &Url) -> Vec<Option<String>> {
    FIELDS.iter().map(|name| field(url, name)).collect()
}
