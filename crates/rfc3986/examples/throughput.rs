//! Measures how fast `validate` checks the benchmark URL lists of `testdata/bench`.
//!
//! Run: `cargo run --release -p weburl-rfc3986 --example throughput [ROUNDS]`. Prints, per
//! file, the lines, the valid lines, and the best round's MB/s and ns per URL.

use std::hint::black_box;
use std::time::{Duration, Instant};

use weburl_rfc3986::validate;

fn main() {
    let rounds: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    for name in weburl_test_support::BENCH_LISTS {
        let text = weburl_test_support::load_bench_list(name);
        let lines: Vec<&str> = text.lines().collect();
        let bytes: usize = lines.iter().map(|l| l.len()).sum();
        let mut best = Duration::MAX;
        let mut valid = 0;
        for _ in 0..rounds {
            let start = Instant::now();
            valid = lines.iter().filter(|line| validate(black_box(line)).is_ok()).count();
            best = best.min(start.elapsed());
        }
        let secs = best.as_secs_f64();
        println!(
            "{name}: {} lines, {valid} valid, {:.0} MB/s, {:.1} ns/URL",
            lines.len(),
            bytes as f64 / secs / 1e6,
            secs * 1e9 / lines.len() as f64
        );
    }
}
