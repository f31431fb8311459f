//! The builders allocate no memory of their own: `query_pairs_mut` and `path_segments_mut`
//! encode each pair or segment straight onto the end of the URL's buffer when nothing follows,
//! and through a stack buffer spliced in before the fragment (or query) otherwise. Growing the URL's buffer reallocates, a
//! logarithmic number of times. One test only: the allocation counter is process-wide (and
//! the test harness's own thread may allocate meanwhile, so the least of three runs counts).

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, Stats, StatsAlloc};
use weburl_parser::Url;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The fewest (allocations, reallocations) of three runs of `edit` on a fresh parse of `href`.
fn least(href: &str, edit: impl Fn(&mut Url)) -> (usize, usize) {
    (0..3)
        .map(|_| {
            let mut url = Url::parse(href).unwrap();
            let region = Region::new(GLOBAL);
            edit(&mut url);
            let Stats { allocations, reallocations, .. } = region.change();
            (allocations, reallocations)
        })
        .min()
        .unwrap()
}

#[test]
fn builders_allocate_nothing_of_their_own() {
    // Longer than the stack buffer, so that it is spliced in several pieces.
    let long = "long value \u{E9}".repeat(30);
    for href in [
        "https://example.com/cb?redirect_uri=https://app/cb&scope=a,b",
        "https://example.com/#frag",
    ] {
        let (allocations, reallocations) = least(href, |url| {
            let mut pairs = url.query_pairs_mut();
            for _ in 0..200 {
                pairs.append_pair("state", "x y \u{E9}").append_key_only("flag");
                pairs.append_pair(&long, "");
            }
        });
        assert_eq!(allocations, 0, "{href}");
        assert!(reallocations <= 16, "{href}: {reallocations}");
    }
    for href in ["https://example.com/", "https://example.com/a?q#f"] {
        let (allocations, reallocations) = least(href, |url| {
            let mut segments = url.path_segments_mut().unwrap();
            for _ in 0..200 {
                segments.push("a b").push("c/d").pop().push("\u{E9}");
                segments.push(&long).pop();
            }
        });
        assert_eq!(allocations, 0, "{href}");
        assert!(reallocations <= 16, "{href}: {reallocations}");
    }
}
