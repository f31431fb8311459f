//! Positions and UTF-16 input. The input as URL text: indexing the URL by every range of
//! two `Position`s (and the open ranges) never panics, positions never decrease in their
//! declared order, and the slices between consecutive positions tile the href. The input's
//! bytes as native-endian `u16`s: `parse_utf16` equals `parse` of the lossy string.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{same_getters, text};
use weburl_parser::Position;

const ALL: [Position; 16] = Position::ALL;

fuzz_target!(|data: &[u8]| {
    if let Ok(url) = Url::parse(&text(data)) {
        let href = url.href();
        let at: Vec<usize> = ALL.iter().map(|&p| url.position(p)).collect();
        assert!(at.windows(2).all(|w| w[0] <= w[1]), "positions decrease: {at:?} in {href:?}");
        assert_eq!((at[0], at[15]), (0, href.len()), "{href:?}");
        let mut tiled = String::new();
        for w in ALL.windows(2) {
            tiled.push_str(&url[w[0]..w[1]]);
        }
        assert_eq!(tiled, href);
        for &a in &ALL {
            for &b in &ALL {
                // A reversed range is empty rather than a panic.
                let slice = &url[a..b];
                if url.position(a) > url.position(b) {
                    assert_eq!(slice, "", "{a:?}..{b:?} of {href:?}");
                }
            }
            assert_eq!(format!("{}{}", &url[..a], &url[a..]), href);
        }
        assert_eq!(&url[..], href);
    }

    let units: Vec<u16> = data.chunks_exact(2).map(|c| u16::from_ne_bytes([c[0], c[1]])).collect();
    let lossy = String::from_utf16_lossy(&units);
    match (Url::parse_utf16(&units), Url::parse(&lossy)) {
        (Ok(a), Ok(b)) => assert!(same_getters(&a, &b), "{lossy:?}: {a:?} vs {b:?}"),
        (Err(a), Err(b)) => assert_eq!(a, b, "{lossy:?}"),
        (a, b) => panic!("parse_utf16 {a:?} vs parse {b:?} of {lossy:?}"),
    }
});
