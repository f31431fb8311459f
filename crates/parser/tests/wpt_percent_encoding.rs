//! web-platform-tests `percent-encoding.json`: the query of a special URL is percent-encoded
//! after encoding with the document's encoding; the fragment always uses UTF-8.

use weburl_parser::Url;
use weburl_test_support::{Tally, load_wpt_json};

#[test]
fn percent_encoding() {
    let data = load_wpt_json("percent-encoding.json");
    let mut tally = Tally::new("percent-encoding.json");
    for case in data.as_array().unwrap().iter().filter(|v| v.is_object()) {
        let input = case["input"].as_str().unwrap();
        let href = format!("https://doesnotmatter.invalid/?{input}#{input}");
        let outputs = case["output"].as_object().unwrap();
        let utf8 = outputs["utf-8"].as_str().unwrap();
        for (label, expected) in outputs {
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
            let url = Url::options().encoding(encoding).parse(&href).unwrap();
            let want_search = format!("?{}", expected.as_str().unwrap());
            let want_hash = format!("#{utf8}");
            tally.check(url.search() == want_search && url.hash() == want_hash, || {
                format!(
                    "{input:?} in {label}: got {} {}, want {want_search} {want_hash}",
                    url.search(),
                    url.hash()
                )
            });
        }
        // Non-special URLs and ws/wss always use UTF-8 for the query.
        for scheme in ["sc://h/", "wss://h/"] {
            let url = Url::options()
                .encoding(encoding_rs::SHIFT_JIS)
                .parse(&format!("{scheme}?{input}"))
                .unwrap();
            let special = scheme.starts_with("wss");
            let want = if special { utf8.to_owned() } else { utf8.replace("%27", "'") };
            tally.check(url.query() == Some(want.as_str()), || {
                format!("{input:?} in {scheme}: got {:?}, want {want:?}", url.query())
            });
        }
    }
    tally.finish();
}
