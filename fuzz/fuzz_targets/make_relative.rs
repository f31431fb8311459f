//! Two URLs (`base 0xFF url`): whenever `base.make_relative(url)` gives `Some(rel)`,
//! `base.join(rel)` is `url`; and there is an answer whenever the documented rules promise
//! one (both hierarchical, same scheme, credentials, host and port).
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::split2;

fuzz_target!(|data: &[u8]| {
    let (base, url) = split2(data);
    let (Ok(base), Ok(url)) = (Url::parse(&base), Url::parse(&url)) else {
        return;
    };
    match base.make_relative(&url) {
        Some(rel) => match base.join(&rel) {
            Ok(joined) => assert_eq!(
                joined.href(),
                url.href(),
                "{:?} joined with {rel:?} is not {:?}",
                base.href(),
                url.href()
            ),
            Err(e) => {
                panic!("{:?} joined with {rel:?} fails ({e}), wanted {:?}", base.href(), url.href())
            }
        },
        None => {
            let promised = !base.has_opaque_path()
                && !url.has_opaque_path()
                && base.scheme() == url.scheme()
                && base.username() == url.username()
                && base.password() == url.password()
                && base.host_kind() == url.host_kind()
                && base.hostname() == url.hostname()
                && base.port() == url.port();
            assert!(!promised, "no relative URL from {:?} to {:?}", base.href(), url.href());
        }
    }
});
