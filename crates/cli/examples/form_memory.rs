//! Peak-memory probe for form parsing (docs/reliability.md, "Bad input"): builds `"a=b&"`
//! repeated to MB megabytes and parses it one way; run it under `/usr/bin/time -v` and compare
//! the maximum resident set size with the `none` run (the input alone).
//!
//! ```text
//! cargo run --release -p weburl-cli --example form_memory -- parse 100
//! ```
//! Modes: `none`, `parse` (`form::parse`), `search-params` (`SearchParams::parse`),
//! `search-params-mut` (`Url::search_params_mut` on `http://h/?` + the input, then one append).

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_default();
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
            eprintln!("usage: form_memory none|parse|search-params|search-params-mut [MB]");
            return ExitCode::FAILURE;
        }
    };
    println!("{mode}: {} MiB input, {pairs} pairs", megabytes);
    drop(input);
    ExitCode::SUCCESS
}
