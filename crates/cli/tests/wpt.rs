//! `weburl parse --json` over every input of urltestdata.json: the components it prints must
//! be the expected ones, and the inputs expected to fail must fail.
//!
//! Inputs are streamed through `--json-input` (some hold newlines and NUL, which neither
//! arguments nor plain lines can carry), one process per distinct base.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::process::{Command, Stdio};

use serde_json::Value;
use weburl_test_support::{Tally, load_wpt_json};

const FIELDS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// Runs `weburl parse --json-input [--base base]` over `inputs`: the exit status and the output
/// lines.
fn parse_all(base: Option<&str>, inputs: &[&str]) -> (i32, Vec<String>) {
    let mut args = vec!["parse", "--json", "--json-input"];
    if let Some(base) = base {
        args.extend(["--base", base]);
    }
    let mut stdin = Vec::new();
    for input in inputs {
        serde_json::to_writer(&mut stdin, input).expect("a string serializes");
        stdin.push(b'\n');
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("writer");
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    (output.status.code().unwrap_or(-1), stdout.lines().map(str::to_owned).collect())
}

#[test]
fn urltestdata_through_the_cli() {
    let data = load_wpt_json("urltestdata.json");
    let cases: Vec<&Value> =
        data.as_array().expect("an array").iter().filter(|c| c.is_object()).collect();
    let mut groups: BTreeMap<Option<&str>, Vec<&Value>> = BTreeMap::new();
    for case in &cases {
        groups.entry(case["base"].as_str()).or_default().push(case);
    }
    let mut tally = Tally::new("urltestdata.json via weburl parse --json");
    let mut wrong_status = Vec::new();
    for (base, group) in groups {
        let inputs: Vec<&str> = group.iter().map(|c| c["input"].as_str().expect("input")).collect();
        let (status, lines) = parse_all(base, &inputs);
        if status == 2 {
            // The base itself fails to parse: every case of the group must expect failure.
            for case in group {
                tally.check(case["failure"] == true, || {
                    format!("base {base:?} rejected, but {:?} expects success", case["input"])
                });
            }
            continue;
        }
        // Exit status 1 exactly when some input of the group fails.
        let any_failure = group.iter().any(|c| c["failure"] == true);
        if status != i32::from(any_failure) {
            wrong_status.push(format!("base {base:?}: exit status {status}"));
        }
        for (i, case) in group.iter().enumerate() {
            let Some(line) = lines.get(i) else {
                tally.record(Some(format!("no output line for {:?}", case["input"])));
                continue;
            };
            let got: Value = serde_json::from_str(line).expect("each line is JSON");
            tally.record(compare(case, &got));
        }
    }
    tally.finish();
    assert!(wrong_status.is_empty(), "{wrong_status:?}");
}

/// `None` when `got` matches the case, otherwise what differs.
fn compare(case: &Value, got: &Value) -> Option<String> {
    let input = &case["input"];
    if case["failure"] == true {
        return got.get("error").is_none().then(|| format!("{input}: expected failure, got {got}"));
    }
    if let Some(error) = got.get("error") {
        return Some(format!("{input} (base {}): unexpected failure {error}", case["base"]));
    }
    let mut wrong = Vec::new();
    for field in FIELDS {
        if let Some(expected) = case.get(field)
            && &got[field] != expected
        {
            wrong.push(format!("{field}: got {} expected {expected}", got[field]));
        }
    }
    (!wrong.is_empty()).then(|| format!("{input} (base {}): {}", case["base"], wrong.join("; ")))
}

#[test]
fn compare_detects_differences() {
    let case = serde_json::json!({"input": "x", "base": null, "href": "http://a/", "hash": ""});
    assert_eq!(compare(&case, &serde_json::json!({"href": "http://a/", "hash": ""})), None);
    assert!(compare(&case, &serde_json::json!({"href": "http://b/", "hash": ""})).is_some());
    assert!(compare(&case, &serde_json::json!({"input": "x", "error": "e"})).is_some());
    let failing = serde_json::json!({"input": "x", "failure": true});
    assert_eq!(compare(&failing, &serde_json::json!({"input": "x", "error": "e"})), None);
    assert!(compare(&failing, &serde_json::json!({"href": "http://a/"})).is_some());
}
