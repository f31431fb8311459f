//! Bad input, loudly (docs/reliability.md, "Bad input"): arguments that are not UTF-8, a closed
//! or unwritable standard output, and the line discipline of bulk mode (each input line yields
//! exactly one output line, in order).

mod common;

use std::ffi::OsString;
use std::process::{Command, Output};

/// Runs `weburl args...` with `stdin` as standard input.
fn run_os(args: &[OsString], stdin: &[u8]) -> Output {
    common::run_binary(args, stdin)
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    run_os(&args.iter().map(OsString::from).collect::<Vec<_>>(), stdin)
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

#[cfg(unix)]
fn bytes(arg: &[u8]) -> OsString {
    use std::os::unix::ffi::OsStringExt as _;
    OsString::from_vec(arg.to_vec())
}

/// Regression: a non-UTF-8 argument after the subcommand panicked (exit 101) in the code that
/// names the command's `--help`, after clap had refused the argument.
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_usage_errors() {
    let cases: [(&[&[u8]], &str); 8] = [
        (
            &[b"parse", b"http://a/\xFF"],
            "argument 2 (\"http://a/\u{FFFD}\") is not valid UTF-8; see `weburl parse --help`",
        ),
        (
            &[b"check", b"\xFF"],
            "argument 2 (\"\u{FFFD}\") is not valid UTF-8; see `weburl check --help`",
        ),
        (
            &[b"form", b"parse", b"a=\xFF"],
            "argument 3 (\"a=\u{FFFD}\") is not valid UTF-8; see `weburl form parse --help`",
        ),
        (
            &[b"idna", b"to-ascii", b"\xFF"],
            "argument 3 (\"\u{FFFD}\") is not valid UTF-8; see `weburl idna --help`",
        ),
        (
            &[b"set", b"http://a/", b"hash", b"\xFF"],
            "argument 4 (\"\u{FFFD}\") is not valid UTF-8; see `weburl set --help`",
        ),
        (
            &[b"parse", b"--base", b"\xFEx", b"y"],
            "argument 3 (\"\u{FFFD}x\") is not valid UTF-8; see `weburl parse --help`",
        ),
        (&[b"\xFF"], "unrecognized subcommand '\u{FFFD}'; see `weburl --help`"),
        (
            &[b"form", b"serialize", b"a=\xC3"],
            "argument 3 (\"a=\u{FFFD}\") is not valid UTF-8; see `weburl form serialize --help`",
        ),
    ];
    for (args, message) in cases {
        let args: Vec<OsString> = args.iter().map(|a| bytes(a)).collect();
        let output = run_os(&args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output), format!("weburl: {message}\n"), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// Odd but valid argument vectors never panic: each ends with a status of 0 to 3 and at most
/// a one-line message.
#[test]
fn odd_arguments_never_panic() {
    let long = "x".repeat(100_000);
    let cases: [&[&str]; 12] = [
        &[""],
        &["-"],
        &["--"],
        &["parse", ""],
        &["parse", "--", "-x"],
        &["check", "", "\u{FEFF}"],
        &["idna", "to-ascii", "", "."],
        &["set", "", "", ""],
        &["form", "parse", "%"],
        &["form", "serialize", "=", "=="],
        &["parse", "--base", "", "x"],
        &["check", &long],
    ];
    for args in cases {
        let output = run(args, b"");
        let code = output.status.code().expect("an exit code");
        let text = stderr(&output);
        assert!((0..=3).contains(&code), "{args:?}: {code} {text}");
        assert!(!text.contains("panicked"), "{args:?}: {text}");
    }
}

/// Regression: with standard output closed (`>&-`) every command exited 0 and the output was
/// lost (the Rust runtime reopens a closed descriptor on /dev/null, and `std` treats EBADF on
/// stdout as success).
#[cfg(target_os = "linux")]
#[test]
fn closed_stdout_is_exit_status_3() {
    for command in [
        "parse http://a/",
        "parse",
        "check http://a/",
        "idna to-ascii a",
        "set http://a/ hash x",
        "form parse a=b",
        "--help",
        "--version",
    ] {
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" {command} >&- </dev/null"))
            .arg(env!("CARGO_BIN_EXE_weburl"))
            .output()
            .expect("sh runs");
        assert_eq!(output.status.code(), Some(3), "{command}");
        assert_eq!(
            stderr(&output),
            "weburl: cannot write standard output: Bad file descriptor (os error 9)\n",
            "{command}"
        );
    }
}

/// A standard output that cannot be written (opened read-only: EBADF on write) is exit status 3;
/// `/dev/null` opened for writing is a normal place to send output.
#[cfg(unix)]
#[test]
fn unwritable_stdout_is_exit_status_3() {
    let read_only = std::fs::File::open("/dev/null").expect("/dev/null opens");
    let output = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(["parse", "http://a/"])
        .stdout(read_only)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(
        stderr(&output),
        "weburl: cannot write standard output: Bad file descriptor (os error 9)\n"
    );
    let write_only = std::fs::OpenOptions::new().write(true).open("/dev/null").expect("opens");
    let output = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(["parse", "http://a/"])
        .stdout(write_only)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stderr.is_empty());
}

/// A full disk: /dev/full fails every write with ENOSPC.
#[cfg(target_os = "linux")]
#[test]
fn full_disk_is_exit_status_3() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let output = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(["parse", "http://a/"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(3));
    assert!(stderr(&output).starts_with("weburl: cannot write standard output: No space left"));
}

/// Standard output of a bulk run as lines of JSON.
fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    let text = std::str::from_utf8(&output.stdout).expect("stdout is UTF-8");
    text.lines().map(|line| serde_json::from_str(line).expect("each line is JSON")).collect()
}

#[test]
fn bulk_empty_input_is_no_output_and_success() {
    for args in [&["parse"][..], &["parse", "--json-input"], &["parse", "--progress"]] {
        let output = run(args, b"");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// The error of an input that is empty (or only spaces) without a base.
const NO_BASE: &str = "relative URL without a base (missing-scheme-non-relative-URL)";

/// Each kind of awkward line yields exactly its one line of output, in order.
#[test]
fn bulk_awkward_lines() {
    let lines: [(&[u8], Result<&str, &str>); 12] = [
        (b"http://a/1", Ok("http://a/1")),
        (b"", Err(NO_BASE)),
        (b"http://a/3\r", Ok("http://a/3")),
        (b"\r", Err(NO_BASE)),
        (b"http://a/5\r\r", Ok("http://a/5")),
        (b"http://a/\x006", Ok("http://a/%006")),
        (b"\x00http://a/7\x00", Ok("http://a/7")),
        (b"http://a/\xFF8", Err("invalid UTF-8 at byte 9")),
        (b"\xC3", Err("invalid UTF-8 at byte 0")),
        (b"http://a/b\rc", Ok("http://a/bc")),
        (b"   ", Err(NO_BASE)),
        (b"http://a/12", Ok("http://a/12")),
    ];
    let mut input = Vec::new();
    for (line, _) in &lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    // The last line without its newline still counts.
    input.pop();
    let output = run(&["parse"], &input);
    assert_eq!(output.status.code(), Some(1));
    let out = json_lines(&output);
    assert_eq!(out.len(), lines.len());
    for (i, ((line, expected), value)) in lines.iter().zip(&out).enumerate() {
        match expected {
            Ok(href) => assert_eq!(value["href"], *href, "line {}: {line:?}", i + 1),
            Err(error) => {
                assert_eq!(value["line"], i + 1, "{line:?}");
                assert_eq!(value["error"], *error, "line {}: {line:?}", i + 1);
                let lossy = String::from_utf8_lossy(line);
                let shown = lossy.strip_suffix('\r').unwrap_or(&lossy);
                assert_eq!(value["input"], shown, "line {}", i + 1);
            }
        }
    }
}

#[test]
fn bulk_json_input_bad_lines() {
    let input = b"\"http://a/\"\n\n\"http://a/\\u0000x\"\n[1]\n\xFF\n\"http://a/\xFF\"\n\"ok:\"";
    let output = run(&["parse", "--json-input"], input);
    assert_eq!(output.status.code(), Some(1));
    let out = json_lines(&output);
    assert_eq!(out.len(), 7);
    assert_eq!(out[0]["href"], "http://a/");
    assert_eq!(out[2]["href"], "http://a/%00x");
    assert_eq!(out[6]["href"], "ok:");
    for i in [1, 3, 4, 5] {
        assert_eq!(out[i]["line"], i + 1);
        let error = out[i]["error"].as_str().expect("an error");
        assert!(error.starts_with("not a JSON string"), "{error}");
    }
}

/// Many lines of random bytes (weighted towards line endings, NUL, bytes that are not UTF-8
/// and URL syntax): as many output lines as input lines, and every error line names its own
/// line number, so none was dropped or moved.
#[test]
fn bulk_random_lines_one_output_each() {
    let alphabet: &[u8] = b"\n\n\r\x00\xFF\xC3\xA9 :/?#%[]@.ahtp\\";
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut input = Vec::with_capacity(200_000);
    while input.len() < 200_000 {
        // xorshift64
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let pick = (state >> 32) as usize;
        if pick.is_multiple_of(3) {
            input.extend_from_slice(b"http://");
        }
        input.push(alphabet[pick % alphabet.len()]);
    }
    let expected_lines = input.split(|&b| b == b'\n').count() - usize::from(input.ends_with(b"\n"));
    let output = run(&["parse"], &input);
    assert!(matches!(output.status.code(), Some(0 | 1)));
    let out = json_lines(&output);
    assert_eq!(out.len(), expected_lines);
    let mut errors = 0;
    for (i, value) in out.iter().enumerate() {
        if value.get("error").is_some() {
            assert_eq!(value["line"], i + 1);
            errors += 1;
        } else {
            assert!(value["href"].is_string(), "{value}");
        }
    }
    assert!(errors > 0 && errors < out.len(), "{errors} of {}", out.len());
}

/// The Punycode label limit (1,000 code points to encode; docs/spec-notes.md, "Limits the
/// standard does not set"): a limit of ours, not of the URL Standard, pinned here so that a
/// change to it meets the note.
#[test]
fn punycode_label_cap() {
    let parse = |host: &str| run(&["parse", "--json", &format!("http://{host}/")], b"");
    let ok = parse(&"é".repeat(1000));
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    for host in ["é".repeat(1001), format!("{}é", "a".repeat(1000))] {
        let failed = parse(&host);
        assert_eq!(failed.status.code(), Some(1));
        let value: serde_json::Value = serde_json::from_slice(&failed.stdout).expect("JSON");
        assert_eq!(
            value["error"],
            "invalid host: domain-to-ASCII at byte 7 (UTS #46 ToASCII errors: A3)"
        );
    }
    // ASCII domains never reach Punycode (beStrict false): any length parses.
    let ascii = parse(&format!("xn--{}", "ab".repeat(1000)));
    assert_eq!(ascii.status.code(), Some(0), "{}", stderr(&ascii));
}

/// Standard input that cannot be read (a directory: EISDIR) is a usage error, said in one line.
#[cfg(target_os = "linux")]
#[test]
fn unreadable_stdin_is_exit_status_2() {
    for args in [&["parse"][..], &["form", "parse"], &["form", "serialize", "--json"]] {
        let output = Command::new(env!("CARGO_BIN_EXE_weburl"))
            .args(args)
            .stdin(std::fs::File::open("/").expect("/ opens"))
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            "weburl: cannot read standard input: Is a directory (os error 21)\n",
            "{args:?}"
        );
    }
}

/// `form serialize --json` checks the whole text before writing: bad input writes nothing.
#[test]
fn form_serialize_bad_json_writes_nothing() {
    for text in ["[[\"a\",\"b\"],[\"c\"]]", "[[\"a\",\"b\"]] x", "[[\"a\",\"b\"],", "[[1,\"b\"]]"] {
        let output = run(&["form", "serialize", "--json", text], b"");
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert!(output.stdout.is_empty(), "{text}");
        assert!(
            stderr(&output).starts_with("weburl: expected a JSON array of [name, value] pairs: ")
        );
    }
    let output = run(&["form", "serialize", "--json"], b"[[\"a b\",\"&\"],[\"\",\"\"]]");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, b"a+b=%26&=\n");
}
