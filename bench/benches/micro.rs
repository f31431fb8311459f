//! Criterion micro-benchmarks: single representative inputs through weburl, ada and rust-url.
//! Run with `cargo bench -p weburl-bench`; `weburl-bench compare` is the dataset-wide harness.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

const INPUTS: &[(&str, &str)] = &[
    ("canonical", "https://www.example.com/path/to/page.html?q=1#top"),
    ("normalizing", "HTTPS://User:Pa ss@EXAMPLE.com:443/a/./b/../c?x=1 2#f"),
    ("file", "file:///C:/Users/me/Documents/report.pdf"),
    ("idna", "https://bücher.example/straße?ß"),
    ("ipv6", "http://[2001:db8::1]:8080/"),
];

fn parse(c: &mut Criterion) {
    for (name, input) in INPUTS {
        let mut group = c.benchmark_group(format!("parse/{name}"));
        group.bench_function("weburl", |b| {
            b.iter(|| weburl::Url::parse(black_box(input)).map(|u| u.href().len()))
        });
        group.bench_function("ada", |b| {
            b.iter(|| ada_url::Url::parse(black_box(*input), None).map(|u| u.href().len()))
        });
        group.bench_function("url", |b| {
            b.iter(|| url::Url::parse(black_box(input)).map(|u| u.as_str().len()))
        });
        group.finish();
    }
}

criterion_group!(benches, parse);
criterion_main!(benches);
