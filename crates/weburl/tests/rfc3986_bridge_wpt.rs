//! The bridges over every case of urltestdata.json: the WHATWG side of `disagreement` must
//! match the expected results, `to_rfc3986` must accept exactly the hrefs that RFC 3986's
//! `URI` rule accepts, and the distribution of disagreements is printed.

use std::collections::BTreeMap;

use weburl::Url;
use weburl::rfc3986::UriRef;
use weburl::rfc3986_bridge::{Disagreement, disagreement, to_rfc3986};
use weburl_test_support::{Tally, load_wpt_json};

#[test]
fn urltestdata_bridges() {
    let data = load_wpt_json("urltestdata.json");
    let mut tally = Tally::new("urltestdata.json through rfc3986_bridge");
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for case in data.as_array().expect("an array").iter().filter(|c| c.is_object()) {
        let input = case["input"].as_str().expect("input");
        let base = case["base"].as_str();
        let expected_href = case["href"].as_str();
        let expect_failure = case["failure"] == true;
        let found = disagreement(input, base);
        let kind = match &found {
            None => "agree",
            Some(Disagreement::WhatwgOnly { .. }) => "URL Standard only",
            Some(Disagreement::Rfc3986Only { .. }) => "RFC 3986 only",
            Some(Disagreement::HrefNotUri { .. }) => "href not a URI",
            Some(Disagreement::Components { .. }) => "components differ",
            Some(_) => "other",
        };
        *kinds.entry(kind).or_default() += 1;
        // The WHATWG side agrees with the data: a failing input never carries an href, a
        // succeeding one never loses to RFC 3986 alone, and the hrefs reported are expected.
        let whatwg_href = match &found {
            Some(
                Disagreement::WhatwgOnly { href, .. }
                | Disagreement::HrefNotUri { href, .. }
                | Disagreement::Components { href, .. },
            ) => Some(href.as_str()),
            _ => None,
        };
        let consistent = match (&found, expect_failure) {
            (Some(Disagreement::Rfc3986Only { .. }), failure) => failure,
            (_, true) => whatwg_href.is_none(),
            (_, false) => whatwg_href.is_none() || whatwg_href == expected_href,
        };
        tally.check(consistent, || format!("{input:?} against {base:?}: {found:?}"));

        // to_rfc3986 is RFC 3986's verdict on the href, and its error points into it.
        if let (Some(href), false) = (expected_href, expect_failure) {
            let Ok(url) = Url::parse(href) else { continue };
            let ours = to_rfc3986(&url);
            let oracle = UriRef::parse_uri(url.href());
            let ok = match (&ours, &oracle) {
                (Ok(uri), Ok(expected)) => uri == expected,
                (Err(err), Err(expected)) => {
                    err.error() == *expected
                        && url.href().as_bytes().get(err.offset()).copied() == err.byte()
                }
                _ => false,
            };
            tally
                .check(ok, || format!("to_rfc3986({href:?}) = {ours:?}, RFC 3986 says {oracle:?}"));
        }
    }
    for (kind, count) in &kinds {
        println!("  {kind}: {count}");
    }
    tally.finish();
}
