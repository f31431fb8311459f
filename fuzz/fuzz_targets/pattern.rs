//! URLPattern: the input (at most 256 bytes; `pattern 0xFF url 0xFF base`) builds a
//! `UrlPattern` from a constructor string (with and without `ignoreCase` and a base URL) and
//! from an init dictionary whose fields are the same strings; `test`/`exec` on the URL
//! and on the parsed URL never panic and agree with each other. Regular-expression groups
//! backtrack, and their time is not bounded: run with a small `-timeout`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl::pattern::{UrlPattern, UrlPatternInit, UrlPatternOptions};
use weburl_fuzz::fields;

fuzz_target!(|data: &[u8]| {
    if data.len() > 256 {
        return;
    }
    let fields = fields(data);
    let pattern = fields.first().map_or("", |f| f.as_ref());
    let input = fields.get(1).map_or("", |f| f.as_ref());
    let base = fields.get(2).map(|f| f.as_ref());
    let mut patterns = Vec::new();
    for ignore_case in [false, true] {
        let options = UrlPatternOptions::default().ignore_case(ignore_case);
        patterns.extend(UrlPattern::parse(pattern, base, options).ok());
    }
    // An init dictionary: the fields of the pattern split at '|' in component order.
    let mut parts = pattern.split('|').map(str::to_owned);
    let mut init = UrlPatternInit::default();
    init.protocol = parts.next();
    init.hostname = parts.next();
    init.pathname = parts.next();
    init.search = parts.next();
    init.hash = parts.next();
    init.base_url = base.map(str::to_owned);
    patterns.extend(UrlPattern::from_init(&init, UrlPatternOptions::default()).ok());

    let url = match base {
        Some(base) => Url::parse(base).and_then(|b| b.join(input)),
        None => Url::parse(input),
    };
    for p in &patterns {
        let tested = p.test(input, base);
        let executed = p.exec(input, base);
        match (&tested, &executed) {
            (Ok(t), Ok(e)) => {
                assert_eq!(*t, e.is_some(), "test and exec disagree: {pattern:?} {input:?}")
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            _ => panic!("test {tested:?} vs exec {executed:?}: {pattern:?} {input:?}"),
        }
        if let Ok(url) = &url {
            let t = p.test_url(url);
            assert_eq!(t, p.exec_url(url).is_some(), "test_url and exec_url disagree: {pattern:?}");
            assert_eq!(Ok(t), tested, "test_url and test disagree: {pattern:?} {input:?}");
        }
        let _ = p.has_regexp_groups();
    }
});
