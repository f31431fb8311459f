//! A URL (`href 0xFF ops`, a fixed URL when the href does not parse) and a sequence of the
//! Rust-side setters read from the bytes after the separator: set_scheme, set_path,
//! set_query, set_fragment, set_port_u16, set_ip_host, remove_host. After each call the URL
//! passes `check_url`, and a call that returns an error leaves the URL unchanged.
#![no_main]

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use libfuzzer_sys::arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::{FALLBACK_URLS, check_url, same_getters, text};

fuzz_target!(|data: &[u8]| {
    let (href, ops) = match data.iter().position(|&b| b == weburl_fuzz::SEP) {
        Some(i) => (text(&data[..i]), &data[i + 1..]),
        None => (text(data), &[][..]),
    };
    let mut url = Url::parse(&href)
        .unwrap_or_else(|_| Url::parse(FALLBACK_URLS[href.len() % FALLBACK_URLS.len()]).unwrap());
    let mut u = Unstructured::new(ops);
    for _ in 0..16 {
        let Ok(op) = u.int_in_range(0u8..=7) else { break };
        let value: String = u.arbitrary().unwrap_or_default();
        let some: bool = u.arbitrary().unwrap_or(true);
        let before = url.clone();
        let (what, result) = match op {
            0 => ("set_scheme", url.set_scheme(&value).err()),
            1 => {
                url.set_path(&value);
                ("set_path", None)
            }
            2 => {
                url.set_query(some.then_some(value.as_str()));
                ("set_query", None)
            }
            3 => {
                url.set_fragment(some.then_some(value.as_str()));
                ("set_fragment", None)
            }
            4 => {
                let port: u16 = u.arbitrary().unwrap_or(0);
                ("set_port_u16", url.set_port_u16(some.then_some(port)).err())
            }
            5 => {
                let bits: u32 = u.arbitrary().unwrap_or(0);
                ("set_ip_host v4", url.set_ip_host(IpAddr::V4(Ipv4Addr::from(bits))).err())
            }
            6 => {
                let bits: u128 = u.arbitrary().unwrap_or(0);
                ("set_ip_host v6", url.set_ip_host(IpAddr::V6(Ipv6Addr::from(bits))).err())
            }
            _ => ("remove_host", url.remove_host().err()),
        };
        check_url(&url);
        if let Some(error) = result {
            assert!(
                same_getters(&before, &url),
                "{what}({value:?}) failed ({error}) but changed {:?} to {:?}",
                before.href(),
                url.href()
            );
        }
    }
});
