//! The kernels allocate per column, not per row: each URL is parsed into one buffer handed
//! from row to row, and the output builders grow geometrically. One test only: the
//! allocation counter is process-wide.

use std::alloc::System;

use arrow_array::StringArray;
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use weburl_arrow::{Arg, Component, Options, component, join, parse};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// `rows` URLs of varied shapes, fast path and state machine, all parsing (a failing row
/// drops the buffer it was given).
fn urls(rows: usize) -> StringArray {
    let shapes = [
        "https://user:pass@www.example.org:8443/a/b/c/./../d?q=1&r=two#fragment-part",
        "http://example.com/",
        "HTTP://EXAMPLE.NET/Path?x=%41",
        "http://[2001:db8::1]/",
        "file:///C:/dir/file.txt",
        "https://example.org/a path/\\b?q=%zz",
        "sc://opaque/x?q=1",
    ];
    (0..rows).map(|i| Some(shapes[i % shapes.len()])).collect()
}

/// A kernel run over a column, its result dropped.
type Kernel<'a> = &'a dyn Fn(&StringArray);

/// Allocations (`alloc` + `realloc`) of one call of `kernel` over `rows` rows.
fn allocations(rows: usize, kernel: Kernel<'_>) -> usize {
    let input = urls(rows);
    let region = Region::new(GLOBAL);
    kernel(&input);
    let stats = region.change();
    stats.allocations + stats.reallocations
}

#[test]
fn kernels_allocate_per_column_not_per_row() {
    let options = Options::new();
    let kernels: [(&str, Kernel<'_>); 4] = [
        ("component(host)", &|a| drop(component(a, Component::Host, &options).unwrap())),
        ("parse", &|a| drop(parse(a, &options).unwrap())),
        ("join (scalar base)", &|a| {
            let base = Arg::Scalar(Some("https://base.example/dir/page?q"));
            drop(join(base, Arg::Array(a), &options).unwrap());
        }),
        ("join (base per row)", &|a| {
            drop(join(Arg::Array(a), Arg::Scalar(Some("../x")), &options).unwrap())
        }),
    ];
    for (name, kernel) in kernels {
        let (small, large) = (allocations(1_000, kernel), allocations(64_000, kernel));
        // 64 times the rows: the builders' geometric growth adds a few dozen at most, the
        // rows nothing (one allocation per row would add 63,000).
        assert!(
            large <= small + 64,
            "{name}: {small} allocations for 1,000 rows, {large} for 64,000"
        );
    }
}
