//! A URL (`href 0xFF ops`, a fixed URL when the href does not parse) and a sequence of
//! `path_segments_mut` calls read from the bytes after the separator: push, pop,
//! pop_if_empty, extend, clear. After each call the URL passes `check_url`; a pushed segment
//! (not `.` or `..`) reads back as the last segment, percent-decoded; only the path changes.
#![no_main]

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{FALLBACK_URLS, check_url, text};

fuzz_target!(|data: &[u8]| {
    let (href, ops) = match data.iter().position(|&b| b == weburl_fuzz::SEP) {
        Some(i) => (text(&data[..i]), &data[i + 1..]),
        None => (text(data), &[][..]),
    };
    let mut url = Url::parse(&href)
        .unwrap_or_else(|_| Url::parse(FALLBACK_URLS[href.len() % FALLBACK_URLS.len()]).unwrap());
    let Ok(_) = url.path_segments_mut() else {
        assert!(url.has_opaque_path(), "path_segments_mut refused {:?}", url.href());
        return;
    };
    let (query, fragment) = (url.query().map(str::to_owned), url.fragment().map(str::to_owned));
    let host = url.host().to_owned();
    let mut u = Unstructured::new(ops);
    for _ in 0..16 {
        let Ok(op) = u.int_in_range(0u8..=4) else { break };
        let segment: String = u.arbitrary().unwrap_or_default();
        let Ok(mut segments) = url.path_segments_mut() else {
            panic!("path_segments_mut refused {:?}", url.href());
        };
        let mut pushed = None;
        match op {
            0 => {
                segments.push(&segment);
                pushed = Some(segment);
            }
            1 => {
                segments.pop();
            }
            2 => {
                segments.pop_if_empty();
            }
            3 => {
                segments.extend([segment.as_str(), "x"]);
            }
            _ => {
                segments.clear();
            }
        }
        check_url(&url);
        assert_eq!(url.query(), query.as_deref(), "the query changed: {:?}", url.href());
        assert_eq!(url.fragment(), fragment.as_deref(), "the fragment changed: {:?}", url.href());
        assert_eq!(url.host(), host, "the host changed: {:?}", url.href());
        if let Some(segment) = pushed {
            let drive = url.scheme() == "file"
                && matches!(segment.as_bytes(), [l, b'|'] if l.is_ascii_alphabetic());
            if segment != "." && segment != ".." && !drive {
                let last = url.path_segments().and_then(|mut s| s.next_back()).unwrap_or("");
                assert_eq!(
                    String::from_utf8_lossy(&decode(last.as_bytes())),
                    segment,
                    "pushed segment reads back differently: {:?}",
                    url.href()
                );
            }
        }
    }
});

/// Percent-decodes `bytes` (a naive oracle).
fn decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        if let (b'%', Some(&h), Some(&l)) = (bytes[i], bytes.get(i + 1), bytes.get(i + 2))
            && let (Some(h), Some(l)) = (hex(h), hex(l))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}
