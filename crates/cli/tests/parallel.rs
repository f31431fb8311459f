//! Bulk mode on several threads (`weburl parse --threads N`): the output is byte for byte that
//! of one thread for every thread count and batch size, in input order, with bounded memory on
//! endless input, and files given with `--input` are read in order.

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use weburl_test_support::{BENCH_LISTS, load_bench_list, load_wpt_json};

/// Runs `weburl args...` with `stdin` as standard input.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer thread finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "the binary panicked: {stderr}");
    output
}

/// Runs `weburl parse` over `input` with one thread, then with each `(threads, batch bytes)`
/// pair: every run must give the same status and the same bytes.
fn same_as_one_thread(name: &str, extra: &[&str], input: &[u8], configs: &[(usize, usize)]) {
    let mut args = vec!["parse", "--threads", "1"];
    args.extend_from_slice(extra);
    let reference = run(&args, input);
    let lines = input.split(|&b| b == b'\n').count() - usize::from(input.ends_with(b"\n"));
    assert_eq!(reference.stdout.iter().filter(|&&b| b == b'\n').count(), lines, "{name}");
    for &(threads, batch) in configs {
        let (threads, batch) = (threads.to_string(), batch.to_string());
        let mut args = vec!["parse", "--threads", &threads, "--batch-bytes", &batch];
        args.extend_from_slice(extra);
        let output = run(&args, input);
        assert_eq!(output.status.code(), reference.status.code(), "{name}: {args:?}");
        assert!(
            output.stdout == reference.stdout,
            "{name}: {args:?} differs from --threads 1 ({} bytes, {} expected)",
            output.stdout.len(),
            reference.stdout.len()
        );
    }
}

/// Every input of urltestdata.json, as JSON lines (some hold newlines), with and without a
/// base, in tiny and ordinary batches.
#[test]
fn wpt_inputs_same_as_one_thread() {
    let data = load_wpt_json("urltestdata.json");
    let mut input = Vec::new();
    let mut count = 0;
    for case in data.as_array().expect("an array") {
        if let Some(text) = case.get("input").and_then(|v| v.as_str()) {
            serde_json::to_writer(&mut input, text).expect("a string serializes");
            input.push(b'\n');
            count += 1;
        }
    }
    assert!(count > 500, "{count} inputs");
    let configs = [(2, 1), (3, 7), (4, 100), (2, 4096), (8, 1 << 16)];
    same_as_one_thread("urltestdata", &["--json-input"], &input, &configs);
    same_as_one_thread(
        "urltestdata with a base",
        &["--json-input", "--base", "https://user@example.org/dir/page?q#f"],
        &input,
        &configs[..3],
    );
}

/// The four benchmark lists, concatenated (about 109,000 URLs).
#[test]
fn bench_lists_same_as_one_thread() {
    let mut input = Vec::new();
    for name in BENCH_LISTS {
        let list = load_bench_list(name);
        input.extend_from_slice(list.as_bytes());
        if !list.ends_with('\n') {
            input.push(b'\n');
        }
    }
    assert!(input.len() > 5_000_000, "{} bytes", input.len());
    same_as_one_thread("bench lists", &[], &input, &[(2, 1 << 16), (3, 4096), (4, 333)]);
}

/// Many tiny batches (one byte: each batch is one line) on many threads: every line in its
/// place, error lines with their own numbers.
#[test]
fn order_kept_with_tiny_batches() {
    const LINES: usize = 20_000;
    let mut input = String::new();
    for i in 0..LINES {
        if i % 7 == 3 {
            input.push_str(&format!("bad {i}\r\n"));
        } else {
            input.push_str(&format!("https://h{}.example/{i}\n", i % 13));
        }
    }
    for threads in ["2", "5"] {
        let output = run(&["parse", "--threads", threads, "--batch-bytes", "1"], input.as_bytes());
        assert_eq!(output.status.code(), Some(1));
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        let mut count = 0;
        for (i, line) in text.lines().enumerate() {
            let value: serde_json::Value = serde_json::from_str(line).expect("JSON");
            if i % 7 == 3 {
                assert_eq!(value["line"], i + 1, "{line}");
                assert_eq!(value["input"], format!("bad {i}"), "{line}");
            } else {
                assert_eq!(value["href"], format!("https://h{}.example/{i}", i % 13), "{line}");
            }
            count += 1;
        }
        assert_eq!(count, LINES, "--threads {threads}");
    }
}

/// Endless input with nobody reading the output: reading stops once the pipeline is full, so
/// memory stays bounded; the lines written so far then all come out, in order.
#[test]
fn endless_input_is_read_only_as_fast_as_it_is_written() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
        .args(["parse", "--threads", "2", "--batch-bytes", "4096"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let written = Arc::new(AtomicU64::new(0));
    let lines = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let generator = {
        let (written, lines, stop) = (Arc::clone(&written), Arc::clone(&lines), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut i = 0u64;
            while !stop.load(Ordering::SeqCst) {
                let line = format!("https://example.org/{i}?q={i}\n");
                if stdin.write_all(line.as_bytes()).is_err() {
                    break;
                }
                written.fetch_add(line.len() as u64, Ordering::SeqCst);
                lines.fetch_add(1, Ordering::SeqCst);
                i += 1;
            }
        })
    };
    // Wait until the generator has been blocked for a second.
    let start = Instant::now();
    let mut last = u64::MAX;
    let mut still_since = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let now = written.load(Ordering::SeqCst);
        if now != last {
            last = now;
            still_since = Instant::now();
        } else if still_since.elapsed() > Duration::from_secs(1) {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "reading never stopped: {now} bytes");
    }
    // The stdin and stdout pipes (64 KiB each on Linux), stdin's buffer, 6 batches of about
    // 4 KiB and their output, and the 64 KiB output buffer: well under 1 MiB of input.
    assert!(last < 1 << 20, "{last} bytes read with nobody reading the output");
    #[cfg(target_os = "linux")]
    {
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()));
        let peak_kb = status.ok().and_then(|status| {
            let line = status.lines().find(|line| line.starts_with("VmHWM:"))?.to_owned();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        if let Some(peak_kb) = peak_kb {
            assert!(peak_kb < 64 * 1024, "peak resident memory {peak_kb} kB");
        }
    }
    // Now read: the generator runs on until stopped, and every line it wrote comes out.
    let stdout = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut count = 0u64;
        for line in BufReader::new(stdout).lines() {
            let line = line.expect("UTF-8 lines");
            let expected = format!("\"href\":\"https://example.org/{count}?q={count}\"");
            assert!(line.contains(&expected), "line {count}: {line}");
            count += 1;
        }
        count
    });
    std::thread::sleep(Duration::from_millis(300));
    stop.store(true, Ordering::SeqCst);
    generator.join().expect("the generator stops");
    let count = reader.join().expect("the reader finishes");
    let status = child.wait().expect("the binary exits");
    assert_eq!(status.code(), Some(0));
    assert_eq!(count, lines.load(Ordering::SeqCst));
    assert!(count > 1000, "{count} lines");
}

/// A reader that goes away mid-stream is exit status 3 on any thread count.
#[test]
fn broken_pipe_on_many_threads() {
    for threads in ["1", "3"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
            .args(["parse", "--threads", threads, "--batch-bytes", "512"])
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
        assert_eq!(status.code(), Some(3), "--threads {threads}");
    }
}

#[test]
fn zero_threads_is_a_usage_error() {
    let output = run(&["parse", "--threads", "0"], b"http://a/\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "weburl: invalid value '0' for '--threads <N>': the thread count must be at least 1 \
         (leave out --threads to use every available core); see `weburl parse --help`\n"
    );
    let output = run(&["parse", "--threads", "many"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a thread count"));
}

/// `--input` files are read in order, each with its own line numbers (and its own last line
/// without `\n`); error lines name the file; `-` is standard input.
#[test]
fn input_files_in_order() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let a = dir.join("parallel-a.txt");
    let b = dir.join("parallel-b.txt");
    std::fs::write(&a, "https://a.example/1\nnope\nhttps://a.example/3").expect("written");
    std::fs::write(&b, "bad b\r\nhttps://b.example/2\n").expect("written");
    let (a, b) = (a.to_str().expect("UTF-8 path"), b.to_str().expect("UTF-8 path"));
    for threads in ["1", "2"] {
        let args = ["parse", "--threads", threads, "--batch-bytes", "3", "-i", a, "-i", "-"];
        let output = run(&[&args[..], &["--input", b]].concat(), b"stdin:x\n\n");
        assert_eq!(output.status.code(), Some(1));
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        let values: Vec<serde_json::Value> =
            text.lines().map(|line| serde_json::from_str(line).expect("JSON")).collect();
        assert_eq!(values.len(), 7, "{text}");
        assert_eq!(values[0]["href"], "https://a.example/1");
        assert_eq!((&values[1]["file"], &values[1]["line"]), (&a.into(), &2.into()));
        assert_eq!(values[2]["href"], "https://a.example/3");
        assert_eq!(values[3]["href"], "stdin:x");
        assert_eq!(values[4]["line"], 2);
        assert!(values[4].get("file").is_none(), "{}", values[4]);
        assert_eq!((&values[5]["file"], &values[5]["line"]), (&b.into(), &1.into()));
        assert_eq!(values[5]["input"], "bad b");
        assert_eq!(values[6]["href"], "https://b.example/2");
    }
    let missing = dir.join("parallel-missing.txt");
    let output = run(&["parse", "-i", missing.to_str().expect("UTF-8")], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("weburl: cannot read ") && stderr.contains("No such file"));
    let output = run(&["parse", "-i", a, "http://x/"], b"");
    assert_eq!(output.status.code(), Some(2));
}

/// Slow input (`tail -f log | weburl parse`): each line is answered while standard input stays
/// open, on one thread and on several, instead of once a batch is full.
#[test]
fn slow_input_is_answered_line_by_line() {
    for threads in ["1", "2"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_weburl"))
            .args(["parse", "--threads", threads])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut stdin = child.stdin.take().expect("stdin");
        let (tx, rx) = std::sync::mpsc::channel();
        let stdout = child.stdout.take().expect("stdout");
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.expect("UTF-8")).is_err() {
                    return;
                }
            }
        });
        for i in 0..3 {
            writeln!(stdin, "https://example.org/{i}").expect("the binary reads");
            stdin.flush().expect("flushed");
            let line = rx.recv_timeout(Duration::from_secs(30)).expect("an answer while open");
            assert!(line.contains(&format!("\"href\":\"https://example.org/{i}\"")), "{line}");
        }
        drop(stdin);
        assert!(child.wait().expect("the binary exits").success());
        reader.join().expect("the reader finishes");
        assert!(rx.recv().is_err(), "no more output");
    }
}
