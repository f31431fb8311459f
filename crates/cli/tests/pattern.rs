//! `weburl pattern test` and `weburl pattern exec` run as a person would run them.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8(output.stderr).expect("stderr is UTF-8");
    assert!(!stderr.contains("panicked"), "the binary panicked: {stderr}");
    let stdout = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    (output.status.code().expect("an exit code"), stdout, stderr)
}

fn json_lines(stdout: &str) -> Vec<serde_json::Value> {
    stdout.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect()
}

#[test]
fn test_prints_one_verdict_per_url() {
    let (status, stdout, _) = run(&[
        "pattern",
        "test",
        "https://*.example.com/books/:id",
        "https://shop.example.com/books/7",
        "https://example.org/books/7",
    ]);
    assert_eq!(status, 1, "one URL did not match");
    let lines = json_lines(&stdout);
    assert_eq!(lines[0]["match"], true);
    assert_eq!(lines[0]["input"], "https://shop.example.com/books/7");
    assert_eq!(lines[1]["match"], false);
    let (status, _, _) =
        run(&["pattern", "test", "/a/*", "--base", "https://h", "/a/b", "https://h/a/c"]);
    assert_eq!(status, 0);
}

#[test]
fn exec_prints_the_groups() {
    let (status, stdout, _) = run(&[
        "pattern",
        "exec",
        "/books/:id(\\d+)/:rest*",
        "--base",
        "https://example.com",
        "/books/42/a/b",
        "/books/x",
    ]);
    assert_eq!(status, 1);
    let lines = json_lines(&stdout);
    let pathname = &lines[0]["match"]["pathname"];
    assert_eq!(pathname["input"], "/books/42/a/b");
    assert_eq!(pathname["groups"]["id"], "42");
    assert_eq!(pathname["groups"]["rest"], "a/b");
    assert_eq!(lines[0]["match"]["hostname"]["input"], "example.com");
    assert_eq!(lines[1]["match"], serde_json::Value::Null);
    // An optional group that did not take part is null, as in JavaScript's undefined.
    let (_, stdout, _) =
        run(&["pattern", "exec", "--ignore-case", "https://h/A/:x?", "https://h/a"]);
    assert_eq!(json_lines(&stdout)[0]["match"]["pathname"]["groups"]["x"], serde_json::Value::Null);
}

#[test]
fn bad_patterns_are_usage_errors() {
    let (status, stdout, stderr) = run(&["pattern", "exec", "https://h/:a/(", "https://h/"]);
    assert_eq!(status, 2);
    assert!(stdout.is_empty());
    assert_eq!(
        stderr,
        "weburl: invalid pattern \"https://h/:a/(\": pathname pattern, at byte 4: unterminated regexp group\n"
    );
    let (status, _, stderr) = run(&["pattern", "test", "/relative", "https://h/"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("needs a base URL"), "{stderr}");
    let (status, _, _) = run(&["pattern", "test", "https://h/*"]);
    assert_eq!(status, 2, "URLs are required");
}
