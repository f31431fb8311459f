//! A successful parse of an ASCII URL without a base allocates once (the serialization),
//! `Url` stays within 64 bytes, and a clone has room for a setter to grow into. One test only:
//! the allocation counter is process-wide.

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use weburl_parser::Url;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

const INPUTS: &[&str] = &[
    "https://example.com/",
    "http://user:pass@example.org:8080/a/b/c?query=1&x=y#frag",
    "HTTPS://WWW.EXAMPLE.COM/Path/To/Resource.html",
    "http://example.com",
    "https:example.org",
    "http://127.0.0.1:3000/api/v1/items?page=2",
    "http://0x7f.1/",
    "http://[2001:db8::1]/",
    "file:///C:/Windows/System32/drivers/etc/hosts",
    "file://localhost/etc/fstab",
    "ws://socket.example.net/chat",
    "mailto:someone@example.org",
    "data:text/plain,hello",
    "web+demo:/.//not-a-host/",
    "sc://opaque.host/a/./b/../c",
    "https://example.com/a/%2e%2E/b/./c/?q#f",
    "  https://example.com/trimmed  ",
    "https://example.com:443/default-port",
    "ftp://ftp.example.org:21/pub/file.txt",
    "blob:https://example.com/550e8400-e29b-41d4-a716-446655440000",
];

#[test]
fn one_allocation_per_ascii_parse_and_size() {
    assert!(size_of::<Url>() <= 64, "size_of::<Url>() = {}", size_of::<Url>());
    for input in INPUTS {
        // Warm up anything lazily initialised, then count.
        let _ = Url::parse(input).unwrap();
        let region = Region::new(GLOBAL);
        let url = Url::parse(input).unwrap();
        let stats = region.change();
        assert_eq!(
            (stats.allocations, stats.reallocations),
            (1, 0),
            "{input:?} -> {:?}: {stats:?}",
            url.href()
        );
        drop(url);
    }
    // A clone is made to be changed: credentials, a port and a fragment then fit the room it
    // was given, so the clone is the only allocation.
    for input in INPUTS {
        let url = Url::parse(input).unwrap();
        let region = Region::new(GLOBAL);
        let mut next = url.clone();
        let _ = next.set_username("user");
        let _ = next.set_password("secret");
        let _ = next.set_port("8080");
        let _ = next.set_hash("#section-2");
        let stats = region.change();
        assert_eq!(
            (stats.allocations, stats.reallocations),
            (1, 0),
            "{input:?} -> {:?}: {stats:?}",
            next.href()
        );
        assert!(next.href().ends_with("#section-2"), "{:?}", next.href());
    }
    // The counter sees the extra work of the slow paths: a tab forces a cleaned copy.
    let region = Region::new(GLOBAL);
    let url = Url::parse("https://exa\tmple.com/").unwrap();
    assert!(region.change().allocations >= 2, "{url:?}");
}
