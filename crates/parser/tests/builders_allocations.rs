//! The builders allocate no memory of their own: `query_pairs_mut` and `path_segments_mut`
//! encode each pair or segment straight onto the end of the URL's buffer when nothing follows,
//! and through a stack buffer spliced in before the fragment (or query) otherwise. Growing the
//! URL's buffer (a reallocation, or a fresh buffer that the old one is copied to) happens a
//! logarithmic number of times, so a temporary buffer per call (hundreds here) would show. One
//! test only: the allocation counter is process-wide (and the test harness's own thread may
//! allocate meanwhile, so the least of three runs counts).

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, Stats, StatsAlloc};
use weburl_parser::Url;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The fewest growths (allocations and reallocations) of three runs of `edit` on a fresh
/// parse of `href`.
fn least(href: &str, edit: impl Fn(&mut Url)) -> usize {
    (0..3)
        .map(|_| {
            let mut url = Url::parse(href).unwrap();
            let region = Region::new(GLOBAL);
            edit(&mut url);
            let Stats { allocations, reallocations, .. } = region.change();
            allocations + reallocations
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
        let growths = least(href, |url| {
            let mut pairs = url.query_pairs_mut();
            for _ in 0..200 {
                pairs.append_pair("state", "x y \u{E9}").append_key_only("flag");
                pairs.append_pair(&long, "");
            }
        });
        assert!(growths <= 16, "{href}: {growths}");
    }
    for href in ["https://example.com/", "https://example.com/a?q#f"] {
        let growths = least(href, |url| {
            let mut segments = url.path_segments_mut().unwrap();
            for _ in 0..200 {
                segments.push("a b").push("c/d").pop().push("\u{E9}");
                segments.push(&long).pop();
            }
        });
        assert!(growths <= 16, "{href}: {growths}");
    }
}
