//! Peak-memory probe for form parsing (docs/reliability.md, "Bad input"): builds `"a=b&"`
//! repeated to MB megabytes and parses it one way; run it under `/usr/bin/time -v` and compare
//! the maximum resident set size with the `none` run (the input alone).
//!
//! ```text
//! cargo run --release -p weburl-cli --example form_memory -- parse 100
//! ```
//! Modes: `none`, `parse` (`form::parse`), `search-params` (`SearchParams::parse`),
//! `search-params-mut` (`Url::search_params_mut` on `http://h/?` + the input, then one append),
//! `sort` (`SearchParams::parse` of the input with its first half renamed `b`, then `sort`),
//! `count-parse`, `count-parse-vec`, `count-serialize`, `count-serialize-vec` (one of those
//! loops, `REPS` times (default 100,000), for an instruction count under
//! `valgrind --tool=callgrind`), and `speed`: nanoseconds per parse of a 20-pair query, into the compact list and into a
//! `Vec<(String, String)>` (what `form::parse` returned before), and per serialization (`serialize_utf8` over the list's iterator and over the `Vec`).

use std::process::ExitCode;

/// A 20-pair query like the bench suite's: plain, `+`, percent-encoded UTF-8 and empty values.
fn query() -> String {
    let pairs: Vec<String> = (0..20)
        .map(|i| match i % 4 {
            0 => format!("key{i}=value+{i}"),
            1 => format!("name%20{i}=caf%C3%A9+%26+cr%C3%A8me"),
            2 => format!("k{i}=plain-value-{i}"),
            _ => format!("q{i}=%E6%97%A5%E6%9C%AC%E8%AA%9E&empty{i}="),
        })
        .collect();
    pairs.join("&")
}

/// Nanoseconds per call of `f`, the best of five rounds of `reps` calls.
fn time(reps: u32, mut f: impl FnMut() -> usize) -> f64 {
    let mut best = f64::MAX;
    let mut sink = 0;
    for _ in 0..5 {
        let start = std::time::Instant::now();
        for _ in 0..reps {
            sink += f();
        }
        best = best.min(start.elapsed().as_nanos() as f64 / f64::from(reps));
    }
    std::hint::black_box(sink);
    best
}

fn speed() {
    let query = query();
    let bytes = std::hint::black_box(query.as_bytes());
    let compact = time(100_000, || weburl::form::parse(bytes).len());
    let vec = time(100_000, || {
        let list: Vec<(String, String)> = weburl::form::parse_iter(bytes)
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
        list.len()
    });
    let params = weburl::form::parse(bytes);
    let serialize = time(100_000, || weburl::form::serialize_utf8(params.iter()).len());
    let owned: Vec<(String, String)> = params.clone().into();
    let serialize_vec = time(100_000, || {
        weburl::form::serialize_utf8(owned.iter().map(|(n, v)| (n.as_str(), v.as_str()))).len()
    });
    println!(
        "{} bytes: parse {compact:.0} ns (into a Vec<(String, String)>: {vec:.0} ns), \
         serialize {serialize:.0} ns (from a Vec: {serialize_vec:.0} ns)",
        query.len()
    );
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_default();
    if mode == "speed" {
        speed();
        return ExitCode::SUCCESS;
    }
    if let Some(which) = mode.strip_prefix("count-") {
        // One loop only, for an instruction count (noise-free on a shared machine).
        let query = query();
        let bytes = std::hint::black_box(query.as_bytes());
        let params = weburl::form::parse(bytes);
        let owned: Vec<(String, String)> = params.clone().into();
        let reps: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100_000);
        let mut sink = 0;
        for _ in 0..reps {
            sink += match which {
                "parse" => weburl::form::parse(bytes).len(),
                "parse-vec" => weburl::form::parse_iter(bytes)
                    .map(|(n, v)| (n.into_owned(), v.into_owned()))
                    .collect::<Vec<(String, String)>>()
                    .len(),
                "serialize" => weburl::form::serialize_utf8(params.iter()).len(),
                "serialize-vec" => weburl::form::serialize_utf8(
                    owned.iter().map(|(n, v)| (n.as_str(), v.as_str())),
                )
                .len(),
                _ => 0,
            };
        }
        println!("{which}: {}", std::hint::black_box(sink));
        return ExitCode::SUCCESS;
    }
    let megabytes: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let mut input = String::from(if mode == "search-params-mut" { "http://h/?" } else { "" });
    input.reserve_exact(megabytes << 20);
    while input.len() + 4 <= megabytes << 20 {
        input.push_str("a=b&");
    }
    let pairs = match mode.as_str() {
        "none" => 0,
        "parse" => weburl::form::parse(input.as_bytes()).len(),
        "search-params" => weburl::form::SearchParams::parse(&input).len(),
        "sort" => {
            // Every other name out of order, so that the sort has work to do.
            let text = input.replacen("a=b&", "b=a&", input.len() / 8);
            drop(input);
            input = String::new();
            let mut params = weburl::form::SearchParams::parse(&text);
            drop(text);
            params.sort();
            params.len()
        }
        "search-params-mut" => {
            let Ok(mut url) = weburl::Url::parse(&input) else {
                eprintln!("the URL does not parse");
                return ExitCode::FAILURE;
            };
            drop(input);
            input = String::new();
            let mut params = url.search_params_mut();
            params.append("x", "y");
            params.len()
        }
        _ => {
            eprintln!("usage: form_memory none|parse|search-params|search-params-mut|sort [MB]");
            return ExitCode::FAILURE;
        }
    };
    println!("{mode}: {} MiB input, {pairs} pairs", megabytes);
    drop(input);
    ExitCode::SUCCESS
}
