//! Runs the real `weburl` binary and snapshots what a person sees: stdout, stderr and the exit
//! status of every command, including bad input.

mod common;

use std::io::{Read as _, Write as _};
use std::process::{Command, Stdio};

/// The result of one run.
struct Run {
    status: i32,
    stdout: Vec<u8>,
    stderr: String,
}

impl Run {
    fn stdout(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("stdout is UTF-8")
    }
}

/// Runs `weburl args...` with `stdin` as standard input.
fn run_with(args: &[&str], stdin: &[u8]) -> Run {
    let output = common::run_binary(args, stdin);
    let stderr = String::from_utf8(output.stderr).expect("stderr is UTF-8");
    assert!(!stderr.contains("panicked"), "the binary panicked: {stderr}");
    Run { status: output.status.code().expect("an exit code"), stdout: output.stdout, stderr }
}

fn run(args: &[&str]) -> Run {
    run_with(args, b"")
}

/// A transcript for a snapshot: the command, the exit status, stdout and stderr.
fn transcript(args: &[&str], stdin: &[u8]) -> String {
    let result = run_with(args, stdin);
    let shown: Vec<String> = args
        .iter()
        .map(|a| {
            if a.contains([' ', '"', '\'', '|', '&', '?', '#', '\\', '<', '>']) || a.is_empty() {
                format!("'{a}'")
            } else {
                (*a).to_owned()
            }
        })
        .collect();
    let mut text = format!("$ weburl {}\n", shown.join(" "));
    if !stdin.is_empty() {
        text.push_str(&format!("stdin: {:?}\n", String::from_utf8_lossy(stdin)));
    }
    text.push_str(&format!("exit status: {}\n--- stdout\n{}", result.status, result.stdout()));
    if !result.stderr.is_empty() {
        text.push_str("--- stderr\n");
        text.push_str(&result.stderr);
    }
    text
}

macro_rules! snapshot {
    ($name:expr, [$($arg:expr),* $(,)?]) => {
        insta::assert_snapshot!($name, transcript(&[$($arg),*], b""))
    };
    ($name:expr, [$($arg:expr),* $(,)?], stdin = $stdin:expr) => {
        insta::assert_snapshot!($name, transcript(&[$($arg),*], $stdin))
    };
}

// parse

#[test]
fn parse_table() {
    snapshot!("parse_table", ["parse", "https://user@EXAMPLE.com:443/a/./b/../c?x=1 2#f"]);
}

#[test]
fn parse_several_with_base() {
    snapshot!(
        "parse_several_with_base",
        ["parse", "--base", "https://example.org/dir/page", "../x", "?q=1", "//other.example"]
    );
}

#[test]
fn parse_json_shape() {
    let result = run(&["parse", "--json", "https://user:pw@example.org:8080/p?q#h"]);
    assert_eq!(result.status, 0);
    let value: serde_json::Value = serde_json::from_slice(&result.stdout).expect("one JSON object");
    let keys: Vec<&str> =
        value.as_object().expect("an object").keys().map(String::as_str).collect();
    let mut expected = [
        "href", "origin", "protocol", "username", "password", "host", "hostname", "port",
        "pathname", "search", "hash",
    ];
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    expected.sort_unstable();
    assert_eq!(sorted, expected);
    // Field order follows the URL Standard's IDL.
    let text = result.stdout();
    assert!(text.starts_with("{\"href\":") && text.ends_with("\"hash\":\"#h\"}\n"), "{text}");
    snapshot!(
        "parse_json",
        [
            "parse",
            "--json",
            "https://user:pw@example.org:8080/p?q#h",
            "nope",
            "blob:https://a.example/x"
        ]
    );
}

#[test]
fn parse_failure_exit_status() {
    snapshot!("parse_failure", ["parse", "https://example.org/", "http://[::1", "relative/path"]);
}

#[test]
fn parse_encoding() {
    snapshot!(
        "parse_encoding",
        [
            "parse",
            "--json",
            "--encoding",
            "windows-1252",
            "http://example.org/é?é#é",
            "ws://example.org/?é"
        ]
    );
    snapshot!(
        "parse_encoding_utf16",
        ["parse", "--json", "--encoding", "utf-16le", "http://example.org/?é"]
    );
}

#[test]
fn parse_usage_errors() {
    snapshot!("parse_unknown_encoding", ["parse", "--encoding", "klingon", "http://example.org/"]);
    snapshot!("parse_bad_base", ["parse", "--base", "not a base", "x"]);
    snapshot!("parse_unknown_option", ["parse", "--nope"]);
    snapshot!("parse_json_input_with_arguments", ["parse", "--json-input", "http://a/"]);
}

#[test]
fn parse_stdin_bad_lines() {
    let mut input = Vec::new();
    input.extend_from_slice(b"https://example.org/\n");
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"https://bad\xFF.example/\n");
    input.extend_from_slice(b"https://crlf.example/\r\n");
    input.extend_from_slice(b"   https://spaces.example/  \n");
    input.extend_from_slice(b"http://[::1\n");
    input.extend_from_slice(b"https://no-final-newline.example/");
    snapshot!("parse_stdin_bad_lines", ["parse"], stdin = &input);
    snapshot!(
        "parse_stdin_empty_line_with_base",
        ["parse", "--base", "https://example.org/a?b"],
        stdin = b"\n#frag\n"
    );
}

#[test]
fn parse_stdin_json_input() {
    snapshot!(
        "parse_json_input",
        ["parse", "--json-input"],
        stdin = b"\"http://ex\\nample.org/\"\n\"about:blank#\\u0000x\"\nnot json\n"
    );
}

#[test]
fn parse_stdin_100k_lines() {
    const LINES: usize = 100_000;
    let mut input = String::with_capacity(LINES * 48);
    for i in 0..LINES {
        if i % 1000 == 999 {
            input.push_str(&format!("http://bad host {i}/\n"));
        } else {
            input.push_str(&format!("HTTPS://Host{}.Example:443/a/../p/{i}?q={i} #f\n", i % 100));
        }
    }
    let result = run_with(&["parse", "--progress"], input.as_bytes());
    assert_eq!(result.status, 1, "some lines fail");
    let text = result.stdout();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
        if i % 1000 == 999 {
            assert_eq!(value["line"], i + 1, "{line}");
            assert!(value["error"].as_str().is_some_and(|e| !e.is_empty()), "{line}");
        } else {
            let expected = format!("https://host{}.example/p/{i}?q={i}%20#f", i % 100);
            assert_eq!(value["href"], expected.as_str(), "{line}");
        }
        count += 1;
    }
    assert_eq!(count, LINES);
    // The progress bar's last state reports every line.
    assert!(result.stderr.contains("100000 lines (100 failed)"), "{}", result.stderr);
}

#[test]
fn parse_progress_knows_the_size_of_a_file() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("progress-urls.txt");
    let text: String = (0..2000).map(|i| format!("https://example.org/{i}\n")).collect();
    std::fs::write(&path, &text).expect("the temporary file is written");
    let output = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(["parse", "--progress"])
        .stdin(std::fs::File::open(&path).expect("the file opens"))
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2000);
    let stderr = String::from_utf8_lossy(&output.stderr);
    // Not a terminal: one final line, without cursor movement.
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(!stderr.contains('\r') && !stderr.contains('\x1b'), "{stderr:?}");
    let size =
        format!("{:.1} KiB/{:.1} KiB", text.len() as f64 / 1024.0, text.len() as f64 / 1024.0);
    assert!(stderr.starts_with("[##############################] 100% "), "{stderr}");
    assert!(stderr.contains(&size) && stderr.contains("2000 lines (0 failed)"), "{stderr}");
}

/// A reader that goes away mid-stream: the output is incomplete, so the status is 3 and
/// stderr says why in one line.
#[test]
fn parse_broken_pipe_is_reported() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .arg("parse")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        for i in 0..200_000 {
            if writeln!(stdin, "https://example.org/{i}").is_err() {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 100];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let mut stderr = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr");
    let status = child.wait().expect("the binary exits");
    writer.join().expect("writer");
    assert_eq!(stderr, "weburl: cannot write standard output: Broken pipe (os error 32)\n");
    assert_eq!(status.code(), Some(3));
}

// check

#[test]
fn check_valid() {
    snapshot!("check_valid", ["check", "https://example.org/path?q=1#f"]);
}

#[test]
fn check_validation_errors() {
    snapshot!("check_validation_errors", ["check", "https://user:pass@example.org/a b\\c|d"]);
    snapshot!(
        "check_host_errors",
        ["check", "https://127.0.0x0.1/", "http://[::01]/", "https://exam%70le.org:/"]
    );
    snapshot!("check_escaped_input", ["check", "\thttps://exa\nmple.org/é界 "]);
}

#[test]
fn check_failure() {
    snapshot!("check_failure", ["check", "https://example.org:70000/", "https://ok.example/"]);
    snapshot!("check_missing_scheme", ["check", "//no-scheme"]);
}

#[test]
fn check_with_base() {
    snapshot!("check_with_base", ["check", "--base", "file:///c:/dir/", "/c:/path"]);
}

#[test]
fn check_rfc3986() {
    snapshot!("check_rfc3986_valid", ["check", "--rfc3986", "https://example.org/a/b?q=1"]);
    snapshot!("check_rfc3986_pipe", ["check", "--rfc3986", "https://example.org/a|b"]);
    snapshot!("check_rfc3986_backslash", ["check", "--rfc3986", "https:\\\\example.org\\a"]);
    snapshot!("check_rfc3986_ipvfuture", ["check", "--rfc3986", "http://[v1.fe]/"]);
    snapshot!(
        "check_rfc3986_relative",
        ["check", "--rfc3986", "--base", "http://a/b/c/d;p?q", "../g"]
    );
}

/// An input wider than 100 columns: each caret sits under a window of the input, with its byte
/// offset.
#[test]
fn check_wide_input() {
    let input = format!("https://user@example.org/{}a b/{}\\x|", "p".repeat(60), "q".repeat(50));
    snapshot!("check_wide_input", ["check", "--rfc3986", &input]);
}

/// Regression: one caret line per error with up to input-length spaces before it made the
/// report quadratic (51 MB for `http://h/` and 10,000 `|`, built in memory). Now at most 100
/// caret lines are shown, each at most about 100 columns wide, and the report is linear.
#[test]
fn check_report_is_linear() {
    let report = |k: usize| {
        let input = format!("http://h/{}", "|".repeat(k));
        let result = run(&["check", &input]);
        assert_eq!(result.status, 1);
        result.stdout()
    };
    let (small, large) = (report(20_000), report(40_000));
    assert!(large.len() < 200_000, "{} bytes for 40,000 errors", large.len());
    let ratio = large.len() as f64 / small.len() as f64;
    assert!(ratio < 2.2, "{ratio}: {} then {} bytes", small.len(), large.len());
    let lines: Vec<&str> = large.lines().collect();
    // The input, 100 windows with their carets, the count of the rest, the verdict.
    assert_eq!(lines.len(), 1 + 2 * 100 + 2, "{}", &large[..2000]);
    assert!(lines.iter().skip(1).take(200).all(|line| line.chars().count() < 220));
    assert_eq!(lines[201], "... and 39900 more validation errors (invalid-URL-unit: 39900)");
    assert!(lines[202].starts_with("parses with 40000 validation errors: http://h/||"));
}

#[test]
fn check_requires_url() {
    snapshot!("check_requires_url", ["check"]);
}

// idna

#[test]
fn idna_to_ascii() {
    snapshot!(
        "idna_to_ascii",
        ["idna", "to-ascii", "Bücher.example", "☕.example", "EXAMPLE.com", "a..b", "exa mple"]
    );
    snapshot!(
        "idna_to_ascii_strict",
        ["idna", "to-ascii", "--strict", "-x.example", "xn--nxasmq6b.example", "a_b.example"]
    );
}

#[test]
fn idna_to_unicode() {
    snapshot!(
        "idna_to_unicode",
        [
            "idna",
            "to-unicode",
            "xn--bcher-kva.example",
            "xn--53h.example",
            "BÜCHER.example",
            "xn--8i7caa"
        ]
    );
}

#[test]
fn idna_bad_direction() {
    snapshot!("idna_bad_direction", ["idna", "sideways", "example.com"]);
}

// set

#[test]
fn set_every_property() {
    let cases: [(&str, &str); 10] = [
        ("href", "http://other.example/x"),
        ("protocol", "ftp"),
        ("username", "ü ser"),
        ("password", "p@ss"),
        ("host", "example.net:8080"),
        ("hostname", "EXAMPLE.net"),
        ("port", "8443"),
        ("pathname", "/a b/../c"),
        ("search", "?q=a b"),
        ("hash", "top"),
    ];
    let mut text = String::new();
    for (property, value) in cases {
        text.push_str(&transcript(&["set", "https://example.org/p?q#h", property, value], b""));
    }
    insta::assert_snapshot!("set_every_property", text);
}

#[test]
fn set_ignored_and_failing() {
    snapshot!("set_port_ignored", ["set", "file:///tmp/x", "port", "8080"]);
    snapshot!("set_href_fails", ["set", "https://example.org/", "href", "not a url"]);
    snapshot!("set_bad_url", ["set", "nope", "port", "1"]);
    snapshot!("set_unknown_property", ["set", "https://example.org/", "fragment", "x"]);
    snapshot!("set_hyphen_value", ["set", "https://example.org/", "search", "-x"]);
}

// form

#[test]
fn form_parse() {
    snapshot!("form_parse", ["form", "parse", "a=1&b=%C3%BC&c+d=e&&=x&f"]);
    snapshot!("form_parse_stdin", ["form", "parse"], stdin = b"q=rust+url&bad=%FF");
}

#[test]
fn form_serialize() {
    snapshot!("form_serialize", ["form", "serialize", "q=rust url", "lang=ü", "flag", "eq=a=b"]);
    snapshot!(
        "form_serialize_json",
        ["form", "serialize", "--json", "[[\"a\",\"1\"],[\"b\",\"&\"]]"]
    );
    snapshot!(
        "form_serialize_json_stdin",
        ["form", "serialize", "--json"],
        stdin = b"[[\"*-._\",\" \"]]"
    );
    snapshot!("form_serialize_bad_json", ["form", "serialize", "--json", "{\"a\":1}"]);
}

// help and version

#[test]
fn help_for_every_command() {
    for args in [
        &["--help"][..],
        &["parse", "--help"],
        &["check", "--help"],
        &["idna", "--help"],
        &["set", "--help"],
        &["form", "--help"],
        &["form", "parse", "--help"],
        &["form", "serialize", "--help"],
    ] {
        let result = run(args);
        assert_eq!(result.status, 0, "{args:?}");
        assert!(result.stdout().contains("Examples:"), "{args:?} has no examples");
        let name = format!("help_{}", args[..args.len() - 1].join("_"));
        insta::assert_snapshot!(
            if name == "help_" { "help".to_owned() } else { name },
            result.stdout()
        );
    }
}

#[test]
fn version_and_no_command() {
    let result = run(&["--version"]);
    assert_eq!(result.status, 0);
    assert_eq!(result.stdout(), format!("weburl {}\n", env!("CARGO_PKG_VERSION")));
    snapshot!("no_command", []);
}
